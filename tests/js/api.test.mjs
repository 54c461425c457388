// The JS API as a doc page or a Node script uses it: the package `wasm-pack build --target nodejs` makes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const api = require("../../target/pkg-node/rebalance_playground.js");
// JSON.parse would reorder integer-like keys ("10" before "2"), so take the expected text verbatim.
const rawField = (line, name, next) => line.slice(line.indexOf(`"${name}":`) + name.length + 3, line.indexOf(`,"${next}":`));
const fixture = (name) =>
  readFileSync(new URL(`../fixtures/${name}`, import.meta.url), "utf8").split("\n").filter(Boolean);

test("replayJson gives the golden results, byte for byte, for all 300 RocketMQ cases", () => {
  const wrong = [];
  for (const line of fixture("rocketmq-golden-public.jsonl")) {
    const c = JSON.parse(line);
    const want = `{"id":${JSON.stringify(c.id)},"strategyName":${JSON.stringify(c.strategyName)},"results":${rawField(line, "results", "derived")}}`;
    const got = api.replayJson(line);
    if (got !== want) wrong.push(`${c.id}: want ${want}\n  got ${got}`);
  }
  assert.deepEqual(wrong, []);
});

test("replay(object) returns the same object as the CLI line", () => {
  const c = JSON.parse(fixture("rocketmq-golden-public.jsonl")[0]);
  assert.deepEqual(api.replay(c), { id: "pub-0000", strategyName: "AVG_BY_CIRCLE", results: c.results });
});

test("simulate: the seed example starves queues 2 and 5 and overlaps 1, 4, 7", () => {
  const sim = api.simulate({
    topic: "TopicTest",
    group: "GID_playground",
    brokers: [{ brokerName: "broker-a", readQueueNums: 8 }],
    strategy: { name: "AVG_BY_CIRCLE" },
    instances: [{ clientId: "0" }, { clientId: "2" }, { clientId: "2" }],
  });
  assert.deepEqual(sim.starved, [2, 5]);
  assert.deepEqual(sim.overlapped, [1, 4, 7]);
  assert.deepEqual(sim.instances.map((i) => i.queues), [[0, 3, 6], [1, 4, 7], [1, 4, 7]]);
  assert.equal(sim.findings[0].kind, "sharedClientId");
});

test("simulate rejects a malformed scenario with a readable error, not a crash", () => {
  assert.throws(() => api.simulate({ topic: 1 }), /invalid type|missing field/);
});

test("defaultScenario is the Docker incident and round-trips through simulate", () => {
  const s = api.defaultScenario();
  assert.equal(s.instances.filter((i) => i.clientId === "172.17.0.1@9").length, 2);
  assert.ok(api.simulate(s).starved.length > 0);
});

test("replayJson answers Kafka cases with {id, result}, for all 173", () => {
  const wrong = [];
  for (const line of fixture("kafka-public.jsonl")) {
    const c = JSON.parse(line);
    const want = `{"id":${JSON.stringify(c.id)},"result":${rawField(line, "result", "meta")}}`;
    const got = api.replayJson(line);
    if (got !== want) wrong.push(`${c.id}: want ${want}\n  got ${got}`);
  }
  assert.deepEqual(wrong, []);
});

test("replayJson answers Go cases with {id, results}, byte for byte, for all 240", () => {
  const wrong = [];
  for (const line of fixture("rocketmq-go-golden-public.jsonl")) {
    const c = JSON.parse(line);
    const want = `{"id":${JSON.stringify(c.id)},"results":${rawField(line, "results", "derived")}}`;
    const got = api.replayJson(line);
    if (got !== want) wrong.push(`${c.id}: want ${want}\n  got ${got}`);
  }
  assert.deepEqual(wrong, []);
});

test("simulate: each instance runs its own client, and a Java + Go ring overlaps 2, 10 and starves 4, 5, 11", () => {
  const sim = api.simulate({
    topic: "TopicTest",
    group: "GID_orders",
    brokers: [{ brokerName: "broker-a", readQueueNums: 12 }],
    strategy: { name: "CONSISTENT_HASH", virtualNodes: 10 },
    instances: [{ clientId: "10.0.0.5@4711", client: "go" }, { clientId: "10.0.0.6@4712" }, { clientId: "10.0.0.7@4713" }],
  });
  assert.deepEqual(sim.overlapped, [2, 10]);
  assert.deepEqual(sim.starved, [4, 5, 11]);
  assert.deepEqual(sim.instances.map((i) => i.client ?? "java"), ["go", "java", "java"]);
  assert.ok(sim.findings.some((f) => f.kind === "mixedClients" && f.cause.kind === "rings"));
  assert.throws(() => api.simulate({ ...api.defaultScenario(), instances: [{ clientId: "a", client: "ruby" }] }), /unknown variant/);
});
