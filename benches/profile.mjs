// Where a keystroke's time goes at 1,024 x 128 (a working tool, not part of scripts/bench): the built site in
// headless Chromium, the 1,024 x 128 session set up as benches/browser.mjs does, then N keystrokes of each
// field under the DevTools protocol's CPU profiler (self time by function, wasm names when the core still has
// them, e.g. a dist whose core wasm is target/split/release/core-named.wasm) and a trace (main-thread time by
// event: script, style, layout, pre-paint, paint).
// Usage: node benches/profile.mjs <dist> [keystrokes per field]
import { launchChromium } from "../tests/e2e/chromium.mjs";
import { resolve } from "node:path";
import { serve } from "../tests/e2e/server.mjs";

const dist = resolve(process.argv[2] ?? "dist");
const N = Number(process.argv[3] ?? 20);
const QUEUES = Number(process.env.PROFILE_QUEUES ?? 1024);
const INSTANCES = Number(process.env.PROFILE_INSTANCES ?? 128);
const FIELDS = (process.env.PROFILE_FIELDS ?? "broker-count-0,clients").split(",");

async function typeAll([id, values]) {
  const el = document.getElementById(id);
  const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const out = [];
  for (const v of values) {
    out.push(await new Promise((done) => requestAnimationFrame(() => {
      const t0 = performance.now();
      Object.getOwnPropertyDescriptor(proto, "value").set.call(el, v);
      el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
      const ch = new MessageChannel();
      ch.port1.onmessage = () => done(performance.now() - t0);
      ch.port2.postMessage(0);
    })));
    await frame();
  }
  return out;
}

const { server, url } = await serve(dist, "/bench/");
const browser = await launchChromium();
try {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: !!process.env.PROFILE_CSS })).newPage();
  await page.addInitScript(`window.__typeAll = ${typeAll.toString()}`);
  await page.goto(url);
  await page.waitForSelector("[data-queue]");
  const clients = Array.from({ length: INSTANCES }, (_, i) => (i % 10 === 1 ? "172.17.0.1@9" : `10.0.${i >> 8}.${i & 255}@${1000 + i}`)).join("\n");
  await page.evaluate(typeAll, ["broker-count-0", [String(QUEUES)]]);
  await page.evaluate(typeAll, ["clients", [clients]]);
  const keys = (id, n) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(id === "clients" ? (i % 2 === 0 ? clients + "\nx" : clients) : i % 2 === 0 ? String(QUEUES).slice(0, -1) : String(QUEUES));
    return out;
  };
  // Warm up (TurboFan), untimed.
  for (const f of FIELDS) await page.evaluate(typeAll, [f, keys(f, 20)]);
  // DOM writes per keystroke, by kind (a MutationObserver over the whole page, for one pass of each field).
  for (const f of FIELDS) {
    const m = await page.evaluate(async ([id, values]) => {
      const counts = { attributes: 0, characterData: 0, added: 0, removed: 0 };
      const obs = new MutationObserver((rs) => {
        for (const r of rs) {
          if (r.type === "childList") (counts.added += r.addedNodes.length), (counts.removed += r.removedNodes.length);
          else counts[r.type]++;
        }
      });
      obs.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      await window.__typeAll([id, values]);
      await new Promise((r) => setTimeout(r, 0));
      obs.disconnect();
      for (const k in counts) counts[k] = Math.round(counts[k] / values.length);
      return counts;
    }, [f, keys(f, 4)]);
    console.log(`DOM writes per keystroke, ${f}: ${JSON.stringify(m)}`);
  }
  // PROFILE_CSS: a style sheet added before the timed keystrokes (e.g. `.picture{display:none}`), to see what
  // a part costs to style, lay out and paint.
  if (process.env.PROFILE_CSS) await page.addStyleTag({ content: process.env.PROFILE_CSS });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
  const events = [];
  cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
  const traced = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.start", { categories: "devtools.timeline,toplevel,blink.user_timing", transferMode: "ReportEvents" });
  const cpu = process.env.PROFILE_CPU !== "0";
  if (cpu) await cdp.send("Profiler.start");
  const times = {};
  for (const f of FIELDS) times[f] = await page.evaluate(typeAll, [f, keys(f, N)]);
  const { profile } = cpu ? await cdp.send("Profiler.stop") : { profile: { nodes: [], samples: [], timeDeltas: [] } };
  await cdp.send("Tracing.end");
  await traced;
  const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [f, t] of Object.entries(times)) console.log(`${f}: median ${med(t).toFixed(1)} ms, max ${Math.max(...t).toFixed(1)} over ${t.length}`);

  // Self time by function.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  profile.samples.forEach((id, i) => {
    const n = byId.get(id);
    const name = `${n.callFrame.functionName || "(anon)"} ${n.callFrame.url.split("/").pop()}`;
    self.set(name, (self.get(name) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  });
  const keysTotal = N * FIELDS.length;
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`\nCPU profile, self ms per keystroke (of ${(total / keysTotal).toFixed(1)} sampled incl. idle):`);
  for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.PROFILE_TOP ?? 45)))
    console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${k}`);

  // Inclusive time of our own functions and Yew's entry points (a function counted once per sample even when
  // it recurses).
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  const kind = new Map();
  const short = (n) => (n.callFrame.functionName || "(anon)").replace(/::h[0-9a-f]{16}$/, "").replace(/\[[0-9a-f]{16}\]/g, "");
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    const leaf = byId.get(id);
    const k = leaf.callFrame.url.endsWith(".wasm") ? "wasm" : leaf.callFrame.url ? "js" : short(leaf).startsWith("(") ? short(leaf) : "builtins/DOM";
    kind.set(k, (kind.get(k) ?? 0) + ms);
    const seen = new Set();
    for (let n = id; n != null; n = parent.get(n)) {
      const name = short(byId.get(n));
      if (!/rebalance_playground|yew::scheduler|FunctionProvider|Reconcilable.*reconcile$/.test(name) || seen.has(name)) continue;
      seen.add(name);
      incl.set(name, (incl.get(name) ?? 0) + ms);
    }
  });
  // Yew renders one component at a time (its view, then reconciling its own tree), so in time order a sample
  // of reconciling belongs to the component whose view ran last.
  const byComp = new Map();
  const viewNames = {};
  const leafBy = new Map();
  const viewChild = {};
  let current = "(none)";
  profile.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000;
    let view = null;
    let reconcile = false;
    let below = null;
    let child = null;
    for (let n = id; n != null; n = parent.get(n)) {
      const full = byId.get(n).callFrame.functionName;
      const name = short(byId.get(n));
      // One `Stateful::view` per component type, told apart by its hash and named by what it calls.
      const v = full.match(/Stateful>::view::h([0-9a-f]{6})/);
      if (v) {
        view = v[1];
        if (child) (viewChild[view] ??= new Set()).add(child.slice(-70));
        const m = below?.match(/components::(\w+)::|app::(App)\b|lazy::(Part)\b/);
        const c = m && (m[1] ?? m[2] ?? m[3]); if (c) (viewNames[view] ??= new Map()).set(c, (viewNames[view].get(c) ?? 0) + 1);
      }
      if (/Reconcilable|ReconcileTarget/.test(name)) reconcile = true;
      child = name;
      if (/rebalance_playground::web/.test(name) && !below) below = name;
    }
    if (view) current = view;
    const key = view ? `${view} view` : reconcile ? `${current} reconcile` : null;
    if (key) byComp.set(key, (byComp.get(key) ?? 0) + ms);
    if (key) {
      const leaf = `${key} :: ${short(byId.get(id)).slice(-80)}`;
      leafBy.set(leaf, (leafBy.get(leaf) ?? 0) + ms);
    }
  });
  // Who calls the functions named in PROFILE_CALLERS (a regex), with their inclusive ms per keystroke.
  if (process.env.PROFILE_CALLERS) {
    const re = new RegExp(process.env.PROFILE_CALLERS);
    const callers = new Map();
    profile.samples.forEach((id, i) => {
      const ms = (dt[i + 1] ?? 0) / 1000;
      for (let n = id; n != null; n = parent.get(n)) {
        if (re.test(byId.get(n).callFrame.functionName)) {
          const chain = [];
          for (let p = parent.get(n); p != null && chain.length < 4; p = parent.get(p)) chain.push(short(byId.get(p)).slice(-90));
          const k = chain.join("  <-  ");
          callers.set(k, (callers.get(k) ?? 0) + ms);
          break;
        }
      }
    });
    console.log(`\ncallers of ${re}:`);
    for (const [k, v] of [...callers.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8)) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${k}`);
  }
  console.log(`\nby component, ms per keystroke:`);
  const label = (k) => k.replace(/^[0-9a-f]{6}/, (h) => `${h} (${[...(viewNames[h] ?? new Map()).entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "?"})`);
  for (const [k, v] of [...byComp.entries()].sort((a, b) => b[1] - a[1])) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${label(k)}`);
  for (const [h, c] of Object.entries(viewChild)) console.log(`view ${h} calls: ${[...c].slice(0, 4).join(" | ")}`);
  console.log(`\nself time within each component's part, ms per keystroke:`);
  for (const [k, v] of [...leafBy.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${label(k)}`);
  console.log(`\nsamples by kind, ms per keystroke:`);
  for (const [k, v] of [...kind.entries()].sort((a, b) => b[1] - a[1])) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${k}`);
  console.log(`\ninclusive ms per keystroke:`);
  for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${k}`);

  // Trace: main-thread complete events by name (top level only: not nested in another counted one).
  const main = events.filter((e) => e.ph === "X" && e.dur);
  const tid = (() => {
    const c = new Map();
    for (const e of main) if (e.name === "Layout") c.set(e.tid, (c.get(e.tid) ?? 0) + 1);
    return [...c.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  })();
  const sum = new Map();
  for (const e of main.filter((e) => e.tid === tid)) sum.set(e.name, (sum.get(e.name) ?? 0) + e.dur / 1000);
  // Thread time (tdur: the main thread's own CPU time, not wall time) of its tasks: the work a keystroke costs,
  // much less moved than wall time by other processes on the same cores.
  const tasks = main.filter((e) => e.tid === tid && /RunTask$/.test(e.name) && e.tdur != null);
  if (process.env.PROFILE_DEBUG) console.log([...new Set(main.filter((e) => e.tid === tid && e.tdur != null).map((e) => e.name))].slice(0, 30));
  console.log(`\nmain-thread CPU per keystroke: ${(tasks.reduce((a, e) => a + e.tdur, 0) / 1000 / keysTotal).toFixed(2)} ms (wall ${(tasks.reduce((a, e) => a + e.dur, 0) / 1000 / keysTotal).toFixed(2)})`);
  console.log(`\ntrace, main thread, ms per keystroke (nested events counted in their parents too):`);
  for (const [k, v] of [...sum.entries()].sort((a, b) => b[1] - a[1]).slice(0, 22)) console.log(`${(v / keysTotal).toFixed(2).padStart(7)}  ${k}`);
  const lay = main.filter((e) => e.tid === tid && e.name === "Layout" && e.args?.beginData);
  if (lay.length) console.log(`layout objects dirty / total (median): ${med(lay.map((e) => e.args.beginData.dirtyObjects))} / ${med(lay.map((e) => e.args.beginData.totalObjects))}`);
} finally {
  await browser.close();
  server.close();
}
