# shellcheck shell=bash
# Sourced by scripts/setup.sh (test) and scripts/cluster: installs the test cluster's programs when they are
# missing or their sources changed, and exports REBALANCE_CLUSTER_BIN. Needs ROOT and say().
# The live tests' cluster (tests/cluster): rocketmq-rust 1.0.0's name server and broker, and a client
# program on rocketmq-client-rust 1.0.0, built from one lock into one target directory (the common crates
# build once), once per machine and not per clone: a clone whose tests/cluster has the same sources finds
# it by the hash of those sources.
CLUSTER_HOME="$HOME/.cache/rebalance-playground/cluster"
CLUSTER_HASH="$(cat "$ROOT/tests/cluster/Cargo.toml" "$ROOT/tests/cluster/Cargo.lock" "$ROOT"/tests/cluster/src/*.rs | sha256sum | cut -c1-16)"
if [ "$(cat "$CLUSTER_HOME/bin/source-hash" 2>/dev/null)" != "$CLUSTER_HASH" ] || ! "$CLUSTER_HOME/bin/rmq-cluster" --version >/dev/null 2>&1; then
  say "building the live tests' cluster: rocketmq-rust 1.0.0 (about 8 minutes on 2 cores, once per machine)"
  CARGO_TARGET_DIR="$CLUSTER_HOME/target" nice -n 10 cargo build --locked --release --manifest-path "$ROOT/tests/cluster/Cargo.toml" \
    -p rocketmq-namesrv --bin rocketmq-namesrv-rust -p rocketmq-broker --bin rocketmq-broker-rust \
    -p rebalance-test-cluster --bin rmq-cluster
  mkdir -p "$CLUSTER_HOME/bin"
  for b in rocketmq-namesrv-rust rocketmq-broker-rust rmq-cluster; do
    cp "$CLUSTER_HOME/target/release/$b" "$CLUSTER_HOME/bin/$b.new" && mv "$CLUSTER_HOME/bin/$b.new" "$CLUSTER_HOME/bin/$b"
  done
  echo "$CLUSTER_HASH" >"$CLUSTER_HOME/bin/source-hash"
fi
export REBALANCE_CLUSTER_BIN="$CLUSTER_HOME/bin"
