# shellcheck shell=bash
# Sourced by scripts/serve and scripts/test: installs what is missing, idempotently, and puts the tools on
# PATH. Quick when everything is there (each check is one `--version`). See ../shared/TOOLCHAIN.md for why
# each step is the way it is. Usage: `source scripts/setup.sh [serve|test]`.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PURPOSE="${1:-serve}"
export PATH="$ROOT/.tools/node_modules/.bin:$HOME/.cargo/bin:$PATH"

say() { printf '\033[1;34m[setup]\033[0m %s\n' "$*" >&2; }

# The wasm-bindgen CLI must be exactly the version of the crate in Cargo.lock (Cargo.toml pins it with =).
WASM_BINDGEN_VERSION="$(grep -A1 '^name = "wasm-bindgen"$' "$ROOT/Cargo.lock" | sed -n 's/^version = "\(.*\)"$/\1/p')"
TRUNK_SERIES="0.21"          # trunk 0.22 needs rustc 1.96.1; this machine kind has 1.95
BINARYEN_VERSION="132"      # Debian's binaryen 108 cannot read current rustc output
# Cuts the site's wasm into the core and the chunks loaded on demand (scripts/split-hook.mjs). Its format
# must match the wasm_split_helpers crate in Cargo.lock (0.2.x).
WASM_SPLIT_VERSION="0.2.4"
TERSER_VERSION="5.51.4"     # minifies the site's JS glue (scripts/split-hook.mjs)
CSSO_VERSION="5.0.5"        # minifies the site's stylesheet (scripts/css-hook.mjs)
GECKODRIVER_VERSION="0.37.1" # drives Firefox in the wasm and e2e suites (scripts/test)
MDBOOK_VERSION="0.5.4"       # builds the user guide (book.toml, docs/src) beside the site, and in scripts/test

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $WASM_BINDGEN_VERSION" ]; then
  say "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION (about 3 minutes)"
  # No --locked: the crate mirror lacks one locked transitive dependency of the CLI.
  cargo install --force wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION"
fi

if ! trunk --version 2>/dev/null | grep -q "^trunk $TRUNK_SERIES\."; then
  say "installing trunk $TRUNK_SERIES (about 8 minutes)"
  cargo install --locked --force trunk --version "~$TRUNK_SERIES"
fi

if ! cargo install --list 2>/dev/null | grep -q "^wasm_split_cli_support v$WASM_SPLIT_VERSION:"; then
  say "installing wasm-split-cli $WASM_SPLIT_VERSION (about 3 minutes)"
  cargo install --locked --force wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --features build-binary
fi

if ! wasm-opt --version 2>/dev/null | grep -q "version $BINARYEN_VERSION"; then
  say "installing binaryen $BINARYEN_VERSION (wasm-opt) into .tools/"
  mkdir -p "$ROOT/.tools"
  npm install --prefix "$ROOT/.tools" --no-audit --no-fund --loglevel=error "binaryen@$BINARYEN_VERSION"
fi

if [ "$(terser --version 2>/dev/null)" != "terser $TERSER_VERSION" ]; then
  say "installing terser $TERSER_VERSION into .tools/"
  mkdir -p "$ROOT/.tools"
  npm install --prefix "$ROOT/.tools" --no-audit --no-fund --loglevel=error "terser@$TERSER_VERSION"
fi

if [ "$(node -p "require('$ROOT/.tools/node_modules/csso/package.json').version" 2>/dev/null)" != "$CSSO_VERSION" ]; then
  say "installing csso $CSSO_VERSION into .tools/"
  mkdir -p "$ROOT/.tools"
  npm install --prefix "$ROOT/.tools" --no-audit --no-fund --loglevel=error "csso@$CSSO_VERSION"
fi

# The user guide's builder: every site build puts the guide beside the page (scripts/guide-hook.mjs), and
# scripts/test checks its links. Without the default features `serve` and `watch` (a web server and a file
# watcher neither uses): fewer crates to build.
if [ "$(mdbook --version 2>/dev/null)" != "mdbook v$MDBOOK_VERSION" ]; then
  say "installing mdbook $MDBOOK_VERSION (about 3 minutes)"
  cargo install --locked --force mdbook --version "$MDBOOK_VERSION" --no-default-features --features search
fi

if [ "$PURPOSE" = test ]; then
  # A CJK font, so that the Chinese screenshots show characters rather than boxes.
  if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null || ! dpkg -s fonts-wqy-microhei >/dev/null 2>&1; then
    say "installing Debian's chromium, chromium-driver and a CJK font"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver fonts-wqy-microhei >/dev/null
  fi
  if ! wasm-pack --version >/dev/null 2>&1; then
    say "installing wasm-pack (about 4 minutes)"
    cargo install --locked wasm-pack
  fi
  if [ ! -d "$ROOT/tests/e2e/node_modules/playwright-core" ] || [ ! -d "$ROOT/tests/e2e/node_modules/selenium-webdriver" ] \
    || [ ! -d "$ROOT/tests/e2e/node_modules/axe-core" ]; then
    say "installing the end-to-end test drivers (playwright-core for chromium, selenium-webdriver for the others) and axe-core"
    (cd "$ROOT/tests/e2e" && npm ci --no-audit --no-fund --loglevel=error)
  fi
  export CHROMEDRIVER="${CHROMEDRIVER:-$(command -v chromedriver)}"
  # The other engines: Firefox ESR with geckodriver, and WebKitGTK's WebKitWebDriver with its
  # MiniBrowser under a virtual display. scripts/test runs the wasm and e2e suites in each.
  MINIBROWSER="${MINIBROWSER:-/usr/lib/$(gcc -dumpmachine 2>/dev/null || echo x86_64-linux-gnu)/webkit2gtk-4.1/MiniBrowser}"
  if ! command -v firefox-esr >/dev/null || ! command -v WebKitWebDriver >/dev/null || ! command -v xvfb-run >/dev/null \
    || [ ! -x "$MINIBROWSER" ]; then
    say "installing Debian's firefox-esr, webkit2gtk-driver and xvfb (about 2 minutes)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr webkit2gtk-driver xvfb >/dev/null
  fi
  if [ "$(geckodriver --version 2>/dev/null | sed -n 1p)" != "geckodriver $GECKODRIVER_VERSION" ]; then
    say "installing geckodriver $GECKODRIVER_VERSION (about 3 minutes)"
    cargo install --locked --force geckodriver --version "$GECKODRIVER_VERSION"
  fi
  export MINIBROWSER

  # The lints' shell checker (scripts/test runs it over scripts/ and the tests' shell files).
  if ! command -v shellcheck >/dev/null; then
    say "installing Debian's shellcheck"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq shellcheck >/dev/null
  fi

  # The live tests' cluster: built once per machine (scripts/cluster-programs.sh).
  source "$ROOT/scripts/cluster-programs.sh"

  # Debian's Prometheus for the exporter's test (a scrape, the rules, an alert) and promtool. The package
  # would start a server on all addresses where systemd runs: policy-rc.d forbids that while it installs.
  if ! command -v prometheus >/dev/null || ! command -v promtool >/dev/null || ! command -v curl >/dev/null; then
    say "installing Debian's prometheus (the test starts its own, on loopback in a network namespace)"
    # Our own policy for the install, whatever the image ships (Debian's container images have one that
    # exits 101; another might allow starts), and the image's own put back after, whether or not it failed.
    policy=/usr/sbin/policy-rc.d saved_policy="" rc=0
    if [ -e "$policy" ]; then saved_policy="$(mktemp)" && cp -p "$policy" "$saved_policy"; fi
    printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy"
    apt-get update -qq || rc=$?
    [ "$rc" -ne 0 ] || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends prometheus curl >/dev/null || rc=$?
    if [ -n "$saved_policy" ]; then mv "$saved_policy" "$policy"; else rm -f "$policy"; fi
    if [ "$rc" -ne 0 ]; then say "installing prometheus failed (apt-get exit $rc)"; return "$rc"; fi
  fi
fi
