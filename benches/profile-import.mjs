// Where a pasted import's *Read* goes (a working tool, not part of scripts/bench): benches/browser.mjs's
// `import` session (200 connections and a 5,000-row consumerProgress pasted into a fresh page's panel), with the
// main thread's own CPU time of the Read (trace thread time, much less moved by other processes than wall
// time) and, unless PROFILE_CPU=0, the DevTools protocol's CPU profile of it: self time by function, and the
// inclusive time of our own functions (named when the build kept them: WASM_OPT_NAMES=1 trunk build).
// Usage: node benches/profile-import.mjs <dist> [reads]
import { launchChromium } from "../tests/e2e/chromium.mjs";
import { resolve } from "node:path";
import { serve } from "../tests/e2e/server.mjs";
import { clusterOutput } from "./cluster-output.mjs";

const dist = resolve(process.argv[2] ?? "dist");
const READS = Number(process.argv[3] ?? 5);
const cpu = process.env.PROFILE_CPU !== "0";
const { server, url } = await serve(dist, "/bench/");
const browser = await launchChromium();
const { text, topicQueues } = clusterOutput(200, 10, 499);
const self = new Map();
const incl = new Map();
const wall = [];
const thread = [];
const short = (n) => (n.callFrame.functionName || "(anon)").replace(/::h[0-9a-f]{16}$/, "").replace(/\[[0-9a-f]{16}\]/g, "");
try {
  for (let i = 0; i < READS; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(url);
    await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    await page.evaluate(async (text) => {
      document.querySelector("#cluster-import > summary").click();
      while (!document.getElementById("cluster-paste")) await new Promise((r) => requestAnimationFrame(r));
      // The panel's own warm-up (a small Read a moment after it opens) done, as a person pastes later.
      await new Promise((r) => setTimeout(r, 300));
      const el = document.getElementById("cluster-paste");
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(el, text);
      el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
      for (let f = 0; f < 3; f++) await new Promise((r) => requestAnimationFrame(r));
    }, text);
    const cdp = await ctx.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
    const traced = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,toplevel", transferMode: "ReportEvents" });
    if (cpu) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
      await cdp.send("Profiler.start");
    }
    const [t0, t1] = await page.evaluate(async (queues) => {
      const done = () => document.getElementById("stat-queues")?.textContent === String(queues) &&
        document.getElementById("cluster-report") && !document.getElementById("strip-drawing");
      const t0 = await new Promise((r) => requestAnimationFrame(() => {
        const t = performance.now();
        document.getElementById("cluster-read").click();
        r(t);
      }));
      for (;;) {
        await new Promise((r) => requestAnimationFrame(r));
        if (done()) break;
      }
      await new Promise((r) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = r;
        ch.port2.postMessage(0);
      });
      return [t0, performance.now()];
    }, topicQueues);
    wall.push(t1 - t0);
    const profile = cpu ? (await cdp.send("Profiler.stop")).profile : null;
    await cdp.send("Tracing.end");
    await traced;
    // The renderer's main thread: the one that laid out.
    const main = events.filter((e) => e.ph === "X" && e.dur);
    const counts = new Map();
    for (const e of main) if (e.name === "Layout") counts.set(e.tid, (counts.get(e.tid) ?? 0) + 1);
    const tid = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
    thread.push(main.filter((e) => e.tid === tid && /RunTask$/.test(e.name) && e.tdur != null).reduce((a, e) => a + e.tdur, 0) / 1000);
    if (profile) {
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      const parent = new Map();
      for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
      profile.samples.forEach((id, k) => {
        const ms = (profile.timeDeltas[k + 1] ?? 0) / 1000;
        const leaf = short(byId.get(id));
        self.set(leaf, (self.get(leaf) ?? 0) + ms);
        const seen = new Set();
        for (let n = id; n != null; n = parent.get(n)) {
          const name = short(byId.get(n));
          if (!/rebalance_playground/.test(name) || seen.has(name)) continue;
          seen.add(name);
          incl.set(name, (incl.get(name) ?? 0) + ms);
        }
      });
    }
    await ctx.close();
  }
} finally {
  await browser.close();
  server.close();
}
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`Read until painted, wall ms: median ${med(wall).toFixed(1)} (${wall.map((t) => t.toFixed(0)).join(", ")})`);
console.log(`main-thread CPU of the trace, ms: median ${med(thread).toFixed(1)} (${thread.map((t) => t.toFixed(0)).join(", ")})`);
if (cpu) {
  console.log("\nself ms per Read:");
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((v / READS).toFixed(2).padStart(8), k.slice(0, 140));
  console.log("\ninclusive ms per Read, our functions:");
  for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log((v / READS).toFixed(2).padStart(8), k.slice(0, 140));
}
