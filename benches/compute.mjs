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

// One `rebalance bench` process: all strategies natively, `reps` group runs and `perInstanceReps` per-instance
// runs of each, one JSON line per strategy and way.
const runNative = (reps, perInstanceReps) =>
  execFileSync(bin, [
    "bench", "--queues", queues, "--instances", instances, "--reps", String(reps),
    "--per-instance-reps", String(perInstanceReps),
  ], { encoding: "utf8", maxBuffer: 1 << 24 })
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
const wasm = (index, perInstance, reps) => {
  const w = Array.from(api.benchSimulate(Number(queues), Number(instances), index, perInstance, reps));
  return { check: w.pop(), ms: w };
};

// Group timings in ROUNDS alternating rounds (native, then wasm, then native again, ...), REPS runs in all
// per side and strategy, so that both halves of a wasm/native ratio see the same load on this shared
// machine. Before, all native runs came first and each wasm half minutes later; native AVG then read 1.74 ms
// in one run and 1.02 ms in the next while wasm stayed at 3.66.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const perRound = Math.ceil(REPS / ROUNDS);
const group = new Map();
for (let r = 0; r < ROUNDS; r++) {
  for (const n of runNative(perRound, 0)) {
    if (!group.has(n.strategy)) group.set(n.strategy, { check: n.check, native: [], wasm: [] });
    group.get(n.strategy).native.push(...n.ms);
  }
  [...group.keys()].forEach((strategy, index) => {
    const g = group.get(strategy);
    const w = wasm(index, false, perRound);
    if (w.check !== g.check) throw new Error(`${strategy} group: wasm checksum ${w.check} != native ${g.check}`);
    g.wasm.push(...w.ms);
  });
}
// Per-instance (minutes per run for the ring): one run each way after the group rounds.
const perInstance = PER_INSTANCE_REPS ? runNative(0, PER_INSTANCE_REPS) : [];

const rows = [];
[...group.keys()].forEach((strategy, index) => {
  const g = group.get(strategy);
  const row = { strategy, group: { native: median(g.native), wasm: median(g.wasm) } };
  const n = perInstance.find((r) => r.strategy === strategy);
  if (n) {
    const w = wasm(index, true, PER_INSTANCE_REPS);
    if (w.check !== n.check) throw new Error(`${strategy} perInstance: wasm checksum ${w.check} != native ${n.check}`);
    row.perInstance = { native: median(n.ms), wasm: median(w.ms) };
  } else {
    row.perInstance = { native: null, wasm: null };
  }
  rows.push(row);
});
// The rebalance timeline (src/bench.rs `timeline_setup`): 1,024 queues x 128 instances over five simulated
// minutes with a join, a kill and a lost host, in wasm, concurrent and orderly consumption.
const TIMELINE = { queues: 1024, instances: 128, reps: Number(process.env.BENCH_TIMELINE_REPS ?? 21) };
const timeline = Object.fromEntries(
  [["concurrent", false], ["orderly", true]].map(([consumption, orderly]) => {
    const w = Array.from(api.benchTimeline(TIMELINE.queues, TIMELINE.instances, orderly, TIMELINE.reps));
    const check = w.pop();
    return [consumption, { median: median(w), max: Math.max(...w), check }];
  }),
);
console.log(JSON.stringify({ queues: Number(queues), instances: Number(instances), reps: perRound * ROUNDS, rounds: ROUNDS, rows, timeline: { ...TIMELINE, ...timeline } }));
