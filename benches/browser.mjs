// scripts/bench, browser part: the built site (dist/) in Debian's headless Chromium. Measures
//  - first grid: ms from navigation to the first `[data-queue]` cell in the DOM (MutationObserver), median
//    of fresh page loads (cold cache, the site served gzipped), unthrottled and under a slow mobile profile
//    (the DevTools protocol's emulation: 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4x slower);
//  - input to paint: a keystroke (an `input` event on the queue-count field or the client list) until the
//    frame showing its result is painted, at 8 (the default scenario), 1,024 x 128 and 10,000 x 1,000;
//  - long tasks (PerformanceObserver 'longtask') during the 10,000 x 1,000 session;
//  - import: a pasted `mqadmin consumerConnection` (200 connections) and `consumerProgress` (5,000 queue rows),
//    from *Read* until the frame showing the rebuilt picture is painted (session `import`);
//  - scrubbing: the rebalance tab's timeline of 1,024 queues x 128 instances (a 129th joining, 200 lanes
//    drawn), the cursor moved to `SCRUBS` moments across the picture, each until its frame is painted (`scrub`).
// Prints one JSON object on stdout. Usage: node benches/browser.mjs <dist>
import { launchChromium } from "../tests/e2e/chromium.mjs";
import { resolve } from "node:path";
import { serve } from "../tests/e2e/server.mjs";
import { clusterOutput } from "./cluster-output.mjs";

const dist = resolve(process.argv[2] ?? "dist");
const LOADS = Number(process.env.BENCH_LOADS ?? 9);
// 100 keystrokes per field: a p95 over 20 samples was decided by one or two of them.
const KEYS = Number(process.env.BENCH_KEYS ?? 100);
// Keystrokes typed into each field of the freshly loaded page before the default session's timed ones, and
// reported on their own (`warmup`): V8 runs the wasm's first calls in its baseline tier and compiles the hot
// functions with TurboFan on a worker thread (~85 ms of compiling, traced), which on two cores competes with
// the page, so the first ~10 keystrokes after a load take 20-45 ms. Mixed into 50 samples per field, those
// decided the p95 (the third-worst) and made it swing from run to run with the compile's timing.
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
// BENCH_SESSIONS=default,q1024x128 measures only those sessions (of firstGrid, default, q1024x128,
// q10000x1000, import, scrub; the rest of the JSON is then missing).
const SESSIONS = process.env.BENCH_SESSIONS?.split(",");
// The slow mobile profile (Chrome DevTools' "Slow 4G"-like numbers the budget names): bytes per second.
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const SLOW_CPU = 4;

// Installed before the page's own scripts: first-grid time and long tasks.
function instrument() {
  window.__bench = { firstGrid: null, longtasks: [] };
  new MutationObserver((_, obs) => {
    if (document.querySelector("[data-queue]")) {
      window.__bench.firstGrid = performance.now();
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__bench.longtasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {}
}

// Installed before the page's scripts on the first-grid loads: "interactive", the first moment a keystroke in
// the client list repaints the grid. Every frame it looks for a client list a person could type into (there,
// not inert, the page no longer waiting for its wasm); it then adds a line to it as typing would, and the time
// is taken after the paint of the first frame whose summary counts the new instance.
function interactiveProbe() {
  const tick = () => {
    const ta = document.getElementById("clients");
    const stat = document.getElementById("stat-instances");
    if (!ta || !stat || ta.closest("[inert], .app--waiting")) return requestAnimationFrame(tick);
    const before = stat.textContent;
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(ta, ta.value + "\n10.9.9.9@1");
    ta.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
    const painted = () => {
      if (document.getElementById("stat-instances").textContent === before) return requestAnimationFrame(painted);
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (window.__bench.interactive = performance.now());
      ch.port2.postMessage(0);
    };
    requestAnimationFrame(painted);
  };
  addEventListener("DOMContentLoaded", () => requestAnimationFrame(tick));
}

// In the page: sets `value` on `#id` as typing would and fires `input`. Keystrokes come in pairs (an edit and
// its undo: a digit deleted and retyped, a line added and removed), and the pairs alternate between two
// timings, so each timing sees both directions of the edit (before, every even keystroke was timed one way:
// the queue count's cheaper direction, 8 -> 1 queues, and the client list's costlier one, a row added):
//  - paint: the event is dispatched at the start of a frame (in a rAF callback); Yew renders in a
//    microtask, the browser then styles, lays out and paints that same frame, and a message posted from the
//    callback runs right after the paint. This is the work a keystroke costs, without waiting for vsync.
//  - raf2: the brief's two-rAF measure, dispatched from a task; includes one to two vsync waits (~8-33 ms).
async function typeAll([id, values]) {
  const el = document.getElementById(id);
  const set = (v) => {
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value").set.call(el, v);
    el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertText" }));
  };
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const paint = [];
  const raf2 = [];
  for (let i = 0; i < values.length; i++) {
    if (Math.floor(i / 2) % 2 === 0) {
      const t = await new Promise((done) => {
        requestAnimationFrame(() => {
          const t0 = performance.now();
          set(values[i]);
          const ch = new MessageChannel();
          ch.port1.onmessage = () => done(performance.now() - t0);
          ch.port2.postMessage(0);
        });
      });
      paint.push(t);
    } else {
      await new Promise((r) => setTimeout(r, 0));
      const t0 = performance.now();
      set(values[i]);
      await frame();
      await frame();
      raf2.push(performance.now() - t0);
    }
    await frame();
  }
  return { paint, raf2 };
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};
const median = (xs) => pct(xs, 50);

const summary = (xs) => ({ n: xs.length, p50: median(xs), p95: pct(xs, 95), max: Math.max(...xs) });

// The import panel: `IMPORT_READS` fresh pages, each opening the panel (its body is the lazily
// loaded `editors` chunk: fetched and drawn before the timing, its own time reported as `open`), pasting the two
// outputs into `#cluster-paste` as typeAll does, then clicking `#cluster-read` at the start of a frame. `read` runs
// until a message posted after the paint of the first frame whose DOM shows the rebuilt picture: the summary
// says the imported queue count, the panel's report is there and the strip has finished drawing.
const IMPORT_READS = Number(process.env.BENCH_IMPORT_READS ?? 7);
async function importSession(browser, base) {
  const { text, rows, topicQueues } = clusterOutput(200, 10, 499);
  const open = [];
  const read = [];
  let shown;
  for (let i = 0; i < IMPORT_READS; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(base);
    await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    open.push(await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector("#cluster-import > summary").click();
      while (!document.getElementById("cluster-paste")) await new Promise((r) => requestAnimationFrame(r));
      return performance.now() - t0;
    }));
    read.push(await page.evaluate(async ([text, queues]) => {
      const el = document.getElementById("cluster-paste");
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set.call(el, text);
      el.dispatchEvent(new InputEvent("input", { bubbles: true, inputType: "insertFromPaste" }));
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      await frame();
      await frame();
      const afterPaint = () => new Promise((r) => {
        const ch = new MessageChannel();
        ch.port1.onmessage = r;
        ch.port2.postMessage(0);
      });
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
      // The DOM is final before this frame's style, layout and paint; the message comes after the paint.
      await afterPaint();
      return performance.now() - t0;
    }, [text, topicQueues]));
    shown = await page.evaluate(() => ({
      instances: document.getElementById("stat-instances").textContent,
      queues: document.getElementById("stat-queues").textContent,
      marked: document.querySelectorAll("#queue-strip [data-queue].strip-cell--agrees, #queue-strip [data-queue].strip-cell--differs, #queue-strip [data-queue].strip-cell--seen").length,
    }));
    await ctx.close();
  }
  return { rows, connections: 200, bytes: text.length, open: summary(open), read: summary(read), reads: read, shown };
}

// The rebalance tab of a 1,024 x 128 group opened from its address; the cursor's range input moved as a
// person drags it: `SCRUBS` values across the whole picture, each an `input` event timed from the start of
// its frame until after that frame's paint (typeAll's `paint`; its `raf2` half is reported too).
const SCRUBS = Number(process.env.BENCH_SCRUBS ?? 120);
async function scrubSession(browser, base) {
  const clients = Array.from({ length: 128 }, (_, i) => `10.0.${i >> 8}.${i & 255}@${1000 + i}`).join(",");
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}?queues=broker-a:1024&clients=${clients}&tab=diff`);
  await page.waitForSelector("#tl-lanes .tl__lane");
  const max = Number(await page.$eval("#tl-cursor", (e) => e.max));
  const step = Number(await page.$eval("#tl-cursor", (e) => e.step)) || 1;
  // Back and forth over the span, on the input's own steps, so every move changes the value.
  const values = Array.from({ length: SCRUBS }, (_, i) => {
    const f = (i % 40) / 39;
    const v = Math.round((Math.floor(i / 40) % 2 ? 1 - f : f) * max / step) * step;
    return String(v + (i % 2) * step);
  });
  const lanes = await page.$$eval("#tl-lanes .tl__lane", (x) => x.length);
  const { paint, raf2 } = await page.evaluate(typeAll, ["tl-cursor", values]);
  const at = await page.$eval("#tl-now", (e) => e.dataset.at);
  await ctx.close();
  return { lanes, paint: summary(paint), raf2: summary(raf2), spanMs: max, lastAtUs: Number(at) };
}

async function main() {
  const { server, url: base } = await serve(dist, "/bench/", { gzip: true });
  const browser = await launchChromium();
  const out = {};
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(120_000);
    await context.addInitScript(instrument);

    // First grid on fresh loads (the HTTP cache is per context: a new context per load, cold every time).
    const firstGrids = async (slow) => {
      const firsts = [];
      const interactive = [];
      for (let i = 0; i < LOADS; i++) {
        const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        await ctx.addInitScript(instrument);
        await ctx.addInitScript(interactiveProbe);
        const page = await ctx.newPage();
        if (slow) {
          const cdp = await ctx.newCDPSession(page);
          await cdp.send("Network.enable");
          await cdp.send("Network.emulateNetworkConditions", SLOW_NETWORK);
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOW_CPU });
        }
        await page.goto(base);
        await page.waitForSelector("[data-queue]");
        firsts.push(await page.evaluate(() => window.__bench.firstGrid));
        await page.waitForFunction(() => window.__bench.interactive != null);
        interactive.push(await page.evaluate(() => window.__bench.interactive));
        await ctx.close();
      }
      return [summary(firsts), summary(interactive)];
    };
    if (!SESSIONS || SESSIONS.includes("firstGrid")) {
      [out.firstGrid, out.interactive] = await firstGrids(false);
      [out.firstGridSlow, out.interactiveSlow] = await firstGrids(true);
    }

    const page = await context.newPage();
    await page.goto(base);
    await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    const clients = (n) =>
      Array.from({ length: n }, (_, i) => (i % 10 === 1 ? "172.17.0.1@9" : `10.0.${i >> 8}.${i & 255}@${1000 + i}`)).join("\n");
    const session = async (label, queues, instances) => {
      if (queues) {
        await page.evaluate(typeAll, ["broker-count-0", [String(queues)]]);
        await page.evaluate(typeAll, ["clients", [clients(instances)]]);
      }
      const q = await page.$eval("#broker-count-0", (e) => e.value);
      const c = await page.$eval("#clients", (e) => e.value);
      // Keystrokes: the last digit of the queue count deleted and retyped; a character added to and
      // removed from the client list.
      const keys = (n) => {
        const qs = [];
        const cs = [];
        for (let i = 0; i < n; i++) {
          qs.push(i % 2 === 0 ? q.slice(0, -1) || "1" : q);
          cs.push(i % 2 === 0 ? c + "\nx" : c);
        }
        return [qs, cs];
      };
      if (label === "default" && WARMUP > 0) {
        const [wq, wc] = keys(WARMUP);
        const a = await page.evaluate(typeAll, ["broker-count-0", wq]);
        const b = await page.evaluate(typeAll, ["clients", wc]);
        // Timed with both measures like the rest (pairs alternating), so `paint` holds half of them.
        out.warmup = { queueCount: summary(a.paint), clientList: summary(b.paint), firstQueueCount: a.paint.slice(0, 6) };
      }
      const [qs, cs] = keys(KEYS);
      const a = await page.evaluate(typeAll, ["broker-count-0", qs]);
      const b = await page.evaluate(typeAll, ["clients", cs]);
      const cells = await page.$$eval("[data-queue]", (x) => x.length);
      out[label] = {
        paint: summary([...a.paint, ...b.paint]),
        raf2: summary([...a.raf2, ...b.raf2]),
        // The same keystrokes split by field: the queue count (last digit deleted and retyped) and the list.
        byField: { queueCount: summary(a.paint), clientList: summary(b.paint) },
        cells,
      };
    };
    const wanted = (label) => !SESSIONS || SESSIONS.includes(label);
    if (wanted("default")) await session("default", 0, 0);
    if (wanted("q1024x128")) await session("q1024x128", 1024, 128);
    if (wanted("q10000x1000")) {
      const before = await page.evaluate(() => window.__bench.longtasks.length);
      await session("q10000x1000", 10_000, 1000);
      const tasks = await page.evaluate((n) => window.__bench.longtasks.slice(n), before);
      out.q10000x1000.longtasks = { count: tasks.length, max: tasks.length ? Math.max(...tasks.map((t) => t.ms)) : 0 };
      // Starved and overlapped queues must stay visible at that size: strip cells (not the legend swatches),
      // once the strip has finished drawing its slices, against the counts the summary states.
      await page.waitForFunction(() => !document.getElementById("strip-drawing"));
      out.q10000x1000.visible = await page.evaluate(() => ({
        starvedCells: document.querySelectorAll("#queue-strip .strip-cell--starved").length,
        overlappedCells: document.querySelectorAll("#queue-strip .strip-cell--overlapped").length,
        starved: parseInt(document.getElementById("stat-starved").firstChild.textContent, 10),
        overlapped: parseInt(document.getElementById("stat-overlapped").firstChild.textContent, 10),
        runBlocks: document.querySelectorAll("#queue-strip .strip-cell--run").length,
        domCells: document.querySelectorAll("#queue-strip .strip-cell").length,
      }));
    }
    if (wanted("import")) out.import = await importSession(browser, base);
    if (wanted("scrub")) out.scrub = await scrubSession(browser, base);
    await context.close();
  } finally {
    await browser.close();
    server.close();
  }
  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
