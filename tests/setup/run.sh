#!/usr/bin/env bash
# Runs scripts/setup.sh's install branches, each with its tool missing, in a world of fakes: a copy of the
# script in a folder of its own, a PATH holding only the few real tools it reads with and fakes of the
# installers (apt-get, cargo, npm, rustup, dpkg) that log each call and "install" by writing a fake of what
# they were asked for, and, in a mount namespace of the run's own, an empty /usr/sbin with or without a
# policy-rc.d. Each case sources the script as scripts/test does (`source setup.sh test`, then a command
# after it) and asserts that it returns 0, that the missing tool is installed or found after, and that
# nothing else is installed; with nothing missing, that nothing is installed at all. The real installs are
# what a fresh machine's first `scripts/test` runs.
# `tests/setup/run.sh [SETUP_SH]` (default: scripts/setup.sh). Prints `ok - ...` / `not ok - ...` and a
# last line `setup: N passed, M failed`; exits non-zero on any failure. Needs root (unshare, mount).
set -uo pipefail
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
SETUP="${1:-$REPO/scripts/setup.sh}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
passed=0 failed=0

# The fakes. Each logs "NAME ARGS" to $W/calls; an installed program is a script answering --version.
write_fakes() {
  local W=$1 bin=$1/bin
  mkdir -p "$bin" "$W/inst" "$W/dpkg"
  for t in bash sh env cat grep sed cut mkdir cp mv chmod rm mktemp sha256sum dirname tr head node ls tee touch nice; do
    ln -s "$(command -v "$t")" "$bin/$t"
  done
  # prog PATH VERSION-LINE: a fake program that prints its version line.
  cat >"$bin/.prog" <<'EOF'
#!/bin/bash
mkdir -p "$(dirname "$1")"
printf '#!/bin/bash\necho "%s"\n' "$2" >"$1" && chmod +x "$1"
EOF
  chmod +x "$bin/.prog"
  cat >"$bin/rustup" <<'EOF'
#!/bin/bash
echo "rustup $*" >>"$W/calls"
case "$1 $2" in
  "target list") cat "$W/targets" 2>/dev/null ;;
  "target add") echo "$3" >>"$W/targets" ;;
esac
EOF
  cat >"$bin/cargo" <<'EOF'
#!/bin/bash
echo "cargo $*" >>"$W/calls"
if [ "$1 $2" = "install --list" ]; then cat "$W/cargo-list" 2>/dev/null; exit 0; fi
if [ "$1" = build ]; then
  for b in rocketmq-namesrv-rust rocketmq-broker-rust rmq-cluster; do "$W/bin/.prog" "$CARGO_TARGET_DIR/release/$b" "$b 1.0.0"; done
  exit 0
fi
[ "$1" = install ] || exit 1
version="" crate=""
shift
while [ $# -gt 0 ]; do
  case "$1" in
    --version) version="${2#\~}"; shift ;;
    --features) shift ;;
    -*) ;;
    *) crate="$1" ;;
  esac
  shift
done
case "$crate" in
  wasm-bindgen-cli) "$W/bin/.prog" "$HOME/.cargo/bin/wasm-bindgen" "wasm-bindgen $version" ;;
  trunk) "$W/bin/.prog" "$HOME/.cargo/bin/trunk" "trunk $version.9" ;;
  wasm_split_cli_support) echo "wasm_split_cli_support v$version:" >>"$W/cargo-list" ;;
  wasm-pack) "$W/bin/.prog" "$HOME/.cargo/bin/wasm-pack" "wasm-pack 0.13.1" ;;
  geckodriver) "$W/bin/.prog" "$HOME/.cargo/bin/geckodriver" "geckodriver $version" ;;
  mdbook) "$W/bin/.prog" "$HOME/.cargo/bin/mdbook" "mdbook v$version" ;;
  *) exit 1 ;;
esac
EOF
  cat >"$bin/npm" <<'EOF'
#!/bin/bash
echo "npm $*" >>"$W/calls"
if [ "$1" = ci ]; then mkdir -p node_modules/playwright-core node_modules/selenium-webdriver node_modules/axe-core; exit 0; fi
prefix=""
for a in "$@"; do
  case "$a" in
    --prefix) next=prefix ;;
    -*) next="" ;;
    *)
      if [ "${next:-}" = prefix ]; then prefix="$a"
      elif [ "$a" != install ]; then
        name="${a%@*}" version="${a##*@}"
        mkdir -p "$prefix/node_modules/$name"
        printf '{"version": "%s"}\n' "$version" >"$prefix/node_modules/$name/package.json"
        case "$name" in
          binaryen) "$W/bin/.prog" "$prefix/node_modules/.bin/wasm-opt" "wasm-opt version $version (version_$version)" ;;
          terser) "$W/bin/.prog" "$prefix/node_modules/.bin/terser" "terser $version" ;;
        esac
      fi
      next="" ;;
  esac
done
EOF
  cat >"$bin/apt-get" <<'EOF'
#!/bin/bash
echo "apt-get $*" >>"$W/calls"
[ "$1" = update ] && exit 0
[ -e "$W/apt-fails" ] && exit 100
# What forbade services to start while this install ran.
cat /usr/sbin/policy-rc.d >"$W/policy-at-install" 2>/dev/null || echo "(none)" >"$W/policy-at-install"
for p in "$@"; do
  case "$p" in
    chromium) "$W/bin/.prog" "$W/inst/chromium" "Chromium 1.0" ;;
    chromium-driver) "$W/bin/.prog" "$W/inst/chromedriver" "ChromeDriver 1.0" ;;
    fonts-wqy-microhei|firefox-esr|webkit2gtk-driver|xvfb|prometheus|curl|shellcheck) touch "$W/dpkg/$p" ;;&
    firefox-esr) "$W/bin/.prog" "$W/inst/firefox-esr" "Mozilla Firefox 1.0esr" ;;
    webkit2gtk-driver) "$W/bin/.prog" "$W/inst/WebKitWebDriver" "WebKitWebDriver 1.0"; "$W/bin/.prog" "$MINIBROWSER" "MiniBrowser" ;;
    xvfb) "$W/bin/.prog" "$W/inst/xvfb-run" "xvfb-run" ;;
    prometheus) "$W/bin/.prog" "$W/inst/prometheus" "prometheus 2"; "$W/bin/.prog" "$W/inst/promtool" "promtool 2" ;;
    curl) "$W/bin/.prog" "$W/inst/curl" "curl 8" ;;
    shellcheck) "$W/bin/.prog" "$W/inst/shellcheck" "ShellCheck 0.9" ;;
  esac
done
EOF
  cat >"$bin/dpkg" <<'EOF'
#!/bin/bash
[ "$1" = -s ] && [ -e "$W/dpkg/$2" ]
EOF
  printf '#!/bin/bash\necho x86_64-linux-gnu\n' >"$bin/gcc"
  chmod +x "$bin"/*
}

# A world with every tool installed: the fakes' own installs, run once with nothing there.
fresh_world() {
  local W=$1
  mkdir -p "$W/root/scripts" "$W/root/tests/cluster/src" "$W/root/tests/e2e" "$W/home"
  cp "$SETUP" "$W/root/scripts/setup.sh"
  cp "$REPO/scripts/cluster-programs.sh" "$W/root/scripts/"
  cp "$REPO/Cargo.lock" "$W/root/"
  cp "$REPO/tests/cluster/Cargo.toml" "$REPO/tests/cluster/Cargo.lock" "$W/root/tests/cluster/"
  cp "$REPO"/tests/cluster/src/*.rs "$W/root/tests/cluster/src/"
  write_fakes "$W"
}

# run_setup W PURPOSE [POLICY]: sources the world's setup.sh in a mount namespace whose /usr/sbin is empty
# (POLICY "absent") or holds a policy-rc.d with a mark of its own (POLICY "present"); prints its output into
# $W/out and returns its status. After the script, `command -v` of every tool goes to $W/found.
run_setup() {
  local W=$1 purpose=$2 policy=${3:-absent}
  : >"$W/calls"
  rm -f "$W/policy-at-install" "$W/policy-after" "$W/found"
  # shellcheck disable=SC2016 # the inner script expands its own arguments
  unshare --mount --propagation private bash -c '
    mount -t tmpfs tmpfs /usr/sbin || exit 90
    if [ "$3" = present ]; then printf "#!/bin/sh\n# the image own\nexit 101\n" >/usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; fi
    env -i W="$1" HOME="$1/home" PATH="$1/inst:$1/bin" MINIBROWSER="$1/inst/webkit/MiniBrowser" \
      bash -c "source \"\$W/root/scripts/setup.sh\" $2; echo setup-returned-0; for t in wasm-bindgen trunk wasm-opt terser chromium chromedriver wasm-pack firefox-esr WebKitWebDriver xvfb-run geckodriver prometheus promtool curl shellcheck mdbook; do command -v \$t >/dev/null && echo \$t; done >\"\$W/found\""
    status=$?
    cat /usr/sbin/policy-rc.d >"$1/policy-after" 2>/dev/null || echo "(none)" >"$1/policy-after"
    exit $status
  ' _ "$W" "$purpose" "$policy" >"$W/out" 2>&1
}

check() {
  local name=$1 why=$2
  if [ -z "$why" ]; then
    passed=$((passed + 1))
    echo "ok - $name"
  else
    failed=$((failed + 1))
    echo "not ok - $name: $why"
    sed 's/^/#   /' "$W/out" | tail -n 8
  fi
}

ALL="wasm-bindgen trunk wasm-opt terser chromium chromedriver wasm-pack firefox-esr WebKitWebDriver xvfb-run geckodriver prometheus promtool curl shellcheck mdbook"
all_found() { [ "$(tr '\n' ' ' <"$1/found" | sed 's/ $//')" = "$ALL" ]; }
installs() { grep -E '^(apt-get install|cargo install [^-]|cargo install --locked|cargo install --force|cargo build|npm install|npm ci|rustup target add)' "$1/calls" || true; }

# The fresh machine: nothing there. Every branch installs, and the script returns 0.
W="$WORK/fresh"
fresh_world "$W"
run_setup "$W" test present
why=""
grep -q '^setup-returned-0$' "$W/out" || why="setup.sh returned non-zero"
[ -z "$why" ] && ! all_found "$W" && why="not every tool found after: $(tr '\n' ' ' <"$W/found")"
[ -z "$why" ] && [ "$(cat "$W/policy-at-install")" != "$(printf '#!/bin/sh\nexit 101')" ] && why="policy-rc.d during the installs: $(cat "$W/policy-at-install")"
[ -z "$why" ] && ! grep -q 'the image own' "$W/policy-after" && why="the image's policy-rc.d was not put back"
check "a fresh machine (a policy-rc.d in the image): every tool installed, setup returns 0" "$why"
cp -a "$W" "$WORK/installed"

# Everything there: nothing installed, nothing but version checks.
W="$WORK/again"
cp -a "$WORK/installed" "$W"
run_setup "$W" test present
why=""
grep -q '^setup-returned-0$' "$W/out" || why="setup.sh returned non-zero"
[ -z "$why" ] && [ -n "$(installs "$W")" ] && why="installed with nothing missing: $(installs "$W" | tr '\n' ';')"
[ -z "$why" ] && grep -q '^apt-get update' "$W/calls" && why="ran apt-get update with nothing missing"
check "nothing missing: nothing installed, setup returns 0" "$why"

# One tool missing at a time: `hide` removes it from the installed world, `expect` is the install call.
one_missing() {
  local name=$1 hide=$2 expect=$3 policy=${4:-present}
  W="$WORK/case-$((passed + failed))"
  cp -a "$WORK/installed" "$W"
  (cd "$W" && eval "$hide")
  run_setup "$W" test "$policy"
  why=""
  grep -q '^setup-returned-0$' "$W/out" || why="setup.sh returned non-zero"
  [ -z "$why" ] && ! installs "$W" | grep -qE "$expect" && why="no install matching /$expect/ (calls: $(installs "$W" | tr '\n' ';'))"
  [ -z "$why" ] && [ "$(installs "$W" | wc -l)" != 1 ] && why="installed more than it lacked: $(installs "$W" | tr '\n' ';')"
  [ -z "$why" ] && ! all_found "$W" && why="not every tool found after: $(tr '\n' ' ' <"$W/found")"
  check "$name missing: installed, setup returns 0" "$why"
}
one_missing "the wasm32 target" 'rm targets' '^rustup target add wasm32-unknown-unknown'
one_missing "wasm-bindgen" 'rm home/.cargo/bin/wasm-bindgen' '^cargo install .*wasm-bindgen-cli'
one_missing "trunk" 'rm home/.cargo/bin/trunk' '^cargo install .*trunk'
one_missing "wasm-split" 'rm cargo-list' '^cargo install .*wasm_split_cli_support'
one_missing "wasm-opt (binaryen)" 'rm root/.tools/node_modules/.bin/wasm-opt' '^npm install .*binaryen@'
one_missing "terser" 'rm root/.tools/node_modules/.bin/terser' '^npm install .*terser@'
one_missing "csso" 'rm -r root/.tools/node_modules/csso' '^npm install .*csso@'
one_missing "chromium" 'rm inst/chromium' '^apt-get install .*chromium '
one_missing "chromedriver" 'rm inst/chromedriver' '^apt-get install .*chromium-driver'
one_missing "the CJK font" 'rm dpkg/fonts-wqy-microhei' '^apt-get install .*fonts-wqy-microhei'
one_missing "wasm-pack" 'rm home/.cargo/bin/wasm-pack' '^cargo install .*wasm-pack'
one_missing "the e2e drivers" 'rm -r root/tests/e2e/node_modules/axe-core' '^npm ci'
one_missing "firefox-esr" 'rm inst/firefox-esr' '^apt-get install .*firefox-esr'
one_missing "WebKitWebDriver" 'rm inst/WebKitWebDriver' '^apt-get install .*webkit2gtk-driver'
one_missing "MiniBrowser" 'rm inst/webkit/MiniBrowser' '^apt-get install .*webkit2gtk-driver'
one_missing "xvfb-run" 'rm inst/xvfb-run' '^apt-get install .*xvfb'
one_missing "geckodriver" 'rm home/.cargo/bin/geckodriver' '^cargo install .*geckodriver'
one_missing "mdbook" 'rm home/.cargo/bin/mdbook' '^cargo install .*mdbook'
one_missing "the live tests' cluster" 'rm -r home/.cache/rebalance-playground/cluster/bin' '^cargo build .*tests/cluster/Cargo.toml'
one_missing "prometheus (a policy-rc.d in the image)" 'rm inst/prometheus' '^apt-get install .*prometheus' present
one_missing "prometheus (no policy-rc.d)" 'rm inst/prometheus' '^apt-get install .*prometheus' absent
one_missing "promtool" 'rm inst/promtool' '^apt-get install .*prometheus'
one_missing "curl" 'rm inst/curl' '^apt-get install .*curl'
one_missing "shellcheck" 'rm inst/shellcheck' '^apt-get install .*shellcheck'

# The policy around prometheus's install: ours while it runs, the image's (or none) after.
for policy in present absent; do
  W="$WORK/policy-$policy"
  cp -a "$WORK/installed" "$W"
  rm "$W/inst/prometheus"
  run_setup "$W" test "$policy"
  why=""
  [ "$(cat "$W/policy-at-install")" = "$(printf '#!/bin/sh\nexit 101')" ] || why="policy-rc.d during the install: $(cat "$W/policy-at-install")"
  if [ "$policy" = present ]; then
    [ -z "$why" ] && ! grep -q 'the image own' "$W/policy-after" && why="the image's policy-rc.d was not put back: $(cat "$W/policy-after")"
  else
    [ -z "$why" ] && [ "$(cat "$W/policy-after")" != "(none)" ] && why="a policy-rc.d was left behind"
  fi
  check "prometheus's install with policy-rc.d $policy: services forbidden while it runs, /usr/sbin as it was after" "$why"
done

# A failed install says so and fails, and still puts the image's policy back.
W="$WORK/apt-fails"
cp -a "$WORK/installed" "$W"
rm "$W/inst/prometheus"
touch "$W/apt-fails"
run_setup "$W" test present
why=""
grep -q '^setup-returned-0$' "$W/out" && why="setup.sh returned 0 although apt-get failed"
[ -z "$why" ] && ! grep -q 'the image own' "$W/policy-after" && why="the image's policy-rc.d was not put back after the failure"
check "a failed prometheus install fails setup and puts the image's policy-rc.d back" "$why"

# `scripts/serve` needs none of the test tools: with them missing, none is installed.
W="$WORK/serve"
cp -a "$WORK/installed" "$W"
rm "$W/inst/chromium" "$W/inst/prometheus" "$W/inst/shellcheck" "$W/home/.cargo/bin/geckodriver"
run_setup "$W" serve present
why=""
grep -q '^setup-returned-0$' "$W/out" || why="setup.sh returned non-zero"
[ -z "$why" ] && [ -n "$(installs "$W")" ] && why="installed for serve: $(installs "$W" | tr '\n' ';')"
check "serve with the test tools missing: nothing installed, setup returns 0" "$why"

# The site's build puts the guide beside the page: `scripts/serve` installs mdbook when it is missing.
W="$WORK/serve-guide"
cp -a "$WORK/installed" "$W"
rm "$W/home/.cargo/bin/mdbook"
run_setup "$W" serve present
why=""
grep -q '^setup-returned-0$' "$W/out" || why="setup.sh returned non-zero"
[ -z "$why" ] && [ "$(installs "$W")" != "$(installs "$W" | grep -E '^cargo install .*mdbook')" ] && why="installed: $(installs "$W" | tr '\n' ';')"
[ -z "$why" ] && ! installs "$W" | grep -qE '^cargo install .*mdbook' && why="mdbook not installed for serve"
check "serve with mdbook missing: mdbook installed (the site's build needs it), setup returns 0" "$why"

echo "setup: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
