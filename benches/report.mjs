// scripts/bench, last step: the size breakdown of the built site (gzip -9 of what a browser downloads, and
// twiggy's view of the wasm by crate), then ONE table of every number from target/bench/*.json.
// Usage: node benches/report.mjs <dist> <wasm with names (before wasm-opt)> <bench dir>
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { gzipSync } from "node:zlib";
import { dirname, join } from "node:path";

const [dist, namedWasm, dir] = process.argv.slice(2);
const read = (f) => JSON.parse(readFileSync(join(dir, f), "utf8"));

// What the page transfers, each file gzip -9. The split site (scripts/split-hook.mjs) has the files
// every visit loads (html, the core's js glue and the chunk loader, the core wasm, css) and the chunks a part
// fetches when first opened; __wasm_split-*.js names which chunks each part needs.
const gz = (f) => gzipSync(readFileSync(join(dist, f)), { level: 9 }).length;
const files = readdirSync(dist);
// The parts' stylesheet (parts-<hash>.css) is linked only when a part is first fetched: not a visit's. Nor is
// the offline worker (sw.js): the browser fetches it after `load`, and it fills its cache after that. Nor are
// the embed's page and its size reporter (embed.html, embed.js): only an embedded page loads them, in place
// of index.html (tests/e2e measures that visit too).
const notAVisits = new Set(["sw.js", "embed.html", "embed.js"]);
const initialFiles = files.filter(
  (f) => (/\.(html|js|css)$/.test(f) && !f.startsWith("parts-") && !notAVisits.has(f)) || /^playground-[0-9a-f]+_bg\.wasm$/.test(f),
);
const size = {};
for (const f of initialFiles) {
  const kind = f.endsWith(".wasm") ? "wasm" : f.startsWith("__wasm_split") ? "loader" : f.split(".").pop();
  size[kind] = { raw: (size[kind]?.raw ?? 0) + readFileSync(join(dist, f)).length, gz: (size[kind]?.gz ?? 0) + gz(f) };
}
const total = Object.values(size).reduce((a, s) => a + s.gz, 0);
const chunkFiles = files.filter((f) => f.endsWith(".wasm") && !initialFiles.includes(f));
const chunksTotal = chunkFiles.reduce((a, f) => a + gz(f), 0);
const parts = {};
// The loader as wasm-split wrote it (before terser and the content-hashed names), next to the named core.
const loaderSource = join(dirname(namedWasm), "__wasm_split.js");
if (existsSync(loaderSource)) {
  const loader = readFileSync(loaderSource, "utf8");
  const hashed = (name) => files.find((f) => f.startsWith(name.replace(/\.wasm$/, "-")) && f.endsWith(".wasm"));
  const fileOf = (block) => hashed(block.match(/"\.\/([^"]+\.wasm)"/)?.[1] ?? "");
  const consts = {};
  for (const m of loader.matchAll(/const (__chunk_\d+) = makeLoad\(([\s\S]*?)\n, \[\]\);/g)) consts[m[1]] = fileOf(m[2]);
  for (const m of loader.matchAll(/export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad\(([\s\S]*?)\n, \[([^\]]*)\]\)\);/g)) {
    const deps = m[3].split(",").map((d) => d.trim()).filter(Boolean).map((d) => consts[d]);
    parts[m[1]] = [fileOf(m[2]), ...deps].reduce((a, f) => a + gz(f), 0);
  }
}

// twiggy on the un-optimised wasm (it still has function names): shallow bytes by crate.
const top = JSON.parse(execFileSync("twiggy", ["top", "-n", "100000", "-f", "json", namedWasm], { maxBuffer: 1 << 28 }));
const byCrate = {};
let sum = 0;
for (const item of top) {
  if (/function names|\.debug_/.test(item.name)) continue;
  const m = item.name.match(/rebalance_playground::(web::app|web|rocketmq|group|kafka|replay)|\b(yew|serde_json|serde_core|serde|lz_str|md5|dlmalloc|core|alloc|std|wasm_bindgen|web_sys|js_sys|gloo\w*|hashbrown|indexmap|implicit_clone)\b/);
  const key = m ? (m[1] ? `ours: ${m[1]}` : m[2]) : /^data|rodata/.test(item.name) ? "data (strings, tables)" : "other";
  byCrate[key] = (byCrate[key] ?? 0) + item.shallow_size;
  sum += item.shallow_size;
}
const crates = Object.entries(byCrate).sort((a, b) => b[1] - a[1]).slice(0, 12);
writeFileSync(join(dir, "size.json"), JSON.stringify({ size, total, chunksTotal, parts, crates, namedTotal: sum }));

const ms = (x) => (x == null ? "-" : x < 10 ? x.toFixed(2) : x.toFixed(1));
const kb = (b) => (b / 1000).toFixed(1) + " KB";
const lines = [];
const row = (...c) => lines.push(c.join(" | "));
row("measure", "value", "target", "met");
row("---", "---", "---", "---");
try {
  const c = read("compute.json");
  const at = `${c.queues.toLocaleString("en")}q x ${c.instances.toLocaleString("en")}i`;
  for (const r of c.rows) {
    const g = r.group;
    const p = r.perInstance;
    row(`compute ${at} ${r.strategy}: wasm / native ms`, `${ms(g.wasm)} / ${ms(g.native)} (x${(g.wasm / g.native).toFixed(2)})`,
      "wasm <= 20 ms, <= 2x native", g.wasm <= 20 && g.wasm / g.native <= 2 ? "yes" : "no");
    if (p.wasm == null) continue;
    const hash = r.strategy === "CONSISTENT_HASH";
    row(`  per-instance ms wasm / native, group-wide speed-up`,
      `${ms(p.wasm)} / ${ms(p.native)}, x${Math.round(p.wasm / g.wasm)} wasm, x${Math.round(p.native / g.native)} native`,
      hash ? ">= 100x" : "-", hash ? (p.wasm / g.wasm >= 100 && p.native / g.native >= 100 ? "yes" : "no") : "-");
  }
  const t = c.timeline;
  for (const consumption of ["concurrent", "orderly"]) {
    const x = t?.[consumption];
    if (!x) continue;
    row(`timeline ${t.queues.toLocaleString("en")}q x ${t.instances}i, 5 min simulated, ${consumption}: wasm median / max ms`,
      `${ms(x.median)} / ${ms(x.max)}`, "<= 50 ms", x.median <= 50 ? "yes" : "no");
  }
} catch (e) {
  row("compute", `missing (${e.message})`, "", "");
}
try {
  for (const f of readdirSync(dir).filter((f) => f.startsWith("criterion"))) {
    for (const [name, v] of Object.entries(read(f))) row(`native criterion ${name}`, `${ms(v)} ms`, "-", "-");
  }
} catch {}
try {
  const b = read("browser.json");
  // 1,024 x 128 (pasted groups make it an ordinary size) within one frame too.
  const targets = { default: 16, q1024x128: 16, q10000x1000: null };
  for (const [k, t] of Object.entries(targets)) {
    const s = b[k];
    row(`input to paint ${k} (${s.cells} strip cells): p50 / p95 ms`, `${ms(s.paint.p50)} / ${ms(s.paint.p95)} (two-rAF p95 ${ms(s.raf2.p95)})`,
      t ? `p95 <= ${t} ms` : "responsive", t ? (s.paint.p95 <= t ? "yes" : "no") : "-");
  }
  if (b.warmup) {
    const w = b.warmup;
    row("  default, the first keystrokes after a load (V8 compiling the wasm's hot code): p50 / max ms, by field",
      `queue count ${ms(w.queueCount.p50)} / ${ms(w.queueCount.max)}, client list ${ms(w.clientList.p50)} / ${ms(w.clientList.max)}; ` +
      `first timed: ${w.firstQueueCount.map(ms).join(", ")}`, "-", "-");
  }
  const l = b.q10000x1000.longtasks;
  const v = b.q10000x1000.visible;
  row("10,000 x 1,000: longest main-thread task", `${ms(l.max)} ms (${l.count} tasks > 50 ms)`, "<= 200 ms", l.max <= 200 ? "yes" : "no");
  row("10,000 x 1,000: starved / overlapped cells shown", `${v.starvedCells} of ${v.starved} / ${v.overlappedCells} of ${v.overlapped} (${v.domCells} strip cells, ${v.runBlocks} of them blocks)`,
    "all visible", v.starvedCells === v.starved && v.overlappedCells === v.overlapped ? "yes" : "no");
  for (const k of ["default", "q1024x128", "q10000x1000"]) {
    const f = b[k].byField;
    if (f) row(`  ${k} p95 by field: queue count / client list ms`, `${ms(f.queueCount.p95)} / ${ms(f.clientList.p95)}`, "-", "-");
  }
  const within = (x, limit) => (x && x.p50 <= limit ? "yes" : "no");
  row("first grid after navigation, cold, gzipped: median / max ms", `${ms(b.firstGrid.p50)} / ${ms(b.firstGrid.max)}`, "<= 150 ms", within(b.firstGrid, 150));
  if (b.firstGridSlow) row("first grid, slow mobile profile (1.6 Mbps, 150 ms RTT, CPU x4): median / max ms", `${ms(b.firstGridSlow.p50)} / ${ms(b.firstGridSlow.max)}`, "<= 1,000 ms", within(b.firstGridSlow, 1000));
  if (b.interactive) row("interactive (a keystroke in the client list repaints the grid): median / max ms", `${ms(b.interactive.p50)} / ${ms(b.interactive.max)}`, "printed", "-");
  if (b.interactiveSlow) row("interactive, slow mobile profile: median / max ms", `${ms(b.interactiveSlow.p50)} / ${ms(b.interactiveSlow.max)}`, "<= 3,500 ms", within(b.interactiveSlow, 3500));
} catch (e) {
  row("browser", `missing (${e.message})`, "", "");
}
try {
  const im = read("browser.json").import;
  if (im) {
    row(`import: ${im.rows.toLocaleString("en")}-row consumerProgress + ${im.connections} connections pasted, Read until drawn: median / max ms`,
      `${ms(im.read.p50)} / ${ms(im.read.max)} over ${im.read.n} fresh pages (${im.shown.queues} queues, ${im.shown.instances} instances; opening the panel, its chunk included: median ${ms(im.open.p50)})`,
      "<= 300 ms", im.read.p50 <= 300 ? "yes" : "no");
  }
} catch {}
try {
  const sc = read("browser.json").scrub;
  if (sc) {
    row(`timeline scrubbing: 1,024 x 128, a join, ${sc.lanes} lanes drawn, the cursor moved to ${sc.paint.n + sc.raf2.n} moments: input to paint p50 / p95 / max ms`,
      `${ms(sc.paint.p50)} / ${ms(sc.paint.p95)} / ${ms(sc.paint.max)} (two-rAF p95 ${ms(sc.raf2.p95)})`, "p95 <= 16 ms (a frame)", sc.paint.p95 <= 16 ? "yes" : "no");
  }
} catch {}
try {
  const sc = read("scan.json");
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const s of sc.sizes) {
    const ms_ = median(s.runs.map((r) => r.ms));
    const mib = median(s.runs.map((r) => r.peakKiB)) / 1024;
    row(`scan of ${s.groups} groups (loopback cluster, 2 brokers, 2 clients each): median ms / requests / peak MiB`,
      `${ms(ms_)} / ${s.runs[0].requests} / ${mib.toFixed(1)} (${s.runs[0].rows} rows; per group ${ms(ms_ / s.groups)} ms, ${(s.runs[0].requests / s.groups).toFixed(1)} requests)`,
      "printed", "-");
  }
} catch (e) {
  row("scan", `missing (${e.message})`, "", "");
}
row("transfer of a visit, gzip -9 (html + js + loader + core wasm + css)", `${kb(total)} = ` + Object.entries(size).map(([k, s]) => `${k} ${kb(s.gz)}`).join(" + "), "<= 350 KB", total <= 350_000 ? "yes" : "no");
row("  on demand, gzip -9 (each part with the chunks it needs)", `${kb(chunksTotal)} in ${chunkFiles.length} files; ` + Object.entries(parts).map(([k, v]) => `${k} ${kb(v)}`).join(", "), "-", "-");
row("core wasm by crate (before wasm-opt, bytes)", crates.map(([k, v]) => `${k} ${(100 * v / sum).toFixed(0)}%`).join(", "), "-", "-");
console.log("\n" + lines.join("\n"));
