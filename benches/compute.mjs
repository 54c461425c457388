// scripts/bench, compute part: the same whole-group simulation timed in one run three ways, on the same
// scenarios (src/bench.rs): natively (`rebalance bench`, release profile), inside wasm under Node's V8
// (the `bench` feature's `benchSimulate` from `wasm-pack build --release --target nodejs`, the engine
// Chromium uses), and the per-instance way RocketMQ computes it (`simulate_per_instance`) both ways.
// Prints one JSON object. Usage: node benches/compute.mjs <rebalance binary> <pkg dir> [queues instances]
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const [bin, pkg, queues = "10000", instances = "1000"] = process.argv.slice(2);
const REPS = Number(process.env.BENCH_REPS ?? 51);
const PER_INSTANCE_REPS = Number(process.env.BENCH_PER_INSTANCE_REPS ?? 1);
const api = createRequire(import.meta.url)(resolve(pkg, "rebalance_playground.js"));
const median = (xs) => [...xs].sort((a, b) => a - b)[(xs.length - 1) >> 1];

const native = execFileSync(bin, [
  "bench", "--queues", queues, "--instances", instances, "--reps", String(REPS),
  "--per-instance-reps", String(PER_INSTANCE_REPS),
], { encoding: "utf8", maxBuffer: 1 << 24 })
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l));

const names = [...new Set(native.map((r) => r.strategy))];
const rows = [];
names.forEach((strategy, index) => {
  const row = { strategy };
  for (const [way, perInstance, reps] of [["group", false, REPS], ["perInstance", true, PER_INSTANCE_REPS]]) {
    if (reps === 0) {
      row[way] = { native: null, wasm: null };
      continue;
    }
    const n = native.find((r) => r.strategy === strategy && r.way === (perInstance ? "per-instance" : "group"));
    const w = Array.from(api.benchSimulate(Number(queues), Number(instances), index, perInstance, reps));
    const check = w.pop();
    if (n && check !== n.check) throw new Error(`${strategy} ${way}: wasm checksum ${check} != native ${n.check}`);
    row[way] = { native: n ? median(n.ms) : null, wasm: median(w) };
  }
  rows.push(row);
});
console.log(JSON.stringify({ queues: Number(queues), instances: Number(instances), reps: REPS, rows }));
