// Before/after pictures of the layout's rough edges, from a built dist/ of the old and the new code:
//   node docs/layout/shots.mjs <dist> <before|after> docs/layout
import { launchChromium } from "../../tests/e2e/chromium.mjs";
import { serve } from "../../tests/e2e/server.mjs";
const [dist, tag, outDir] = process.argv.slice(2);
const { server, url: base } = await serve(dist, "/p/");
const browser = await launchChromium();
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
// Whole-page views at a smaller scale, so their files stay small.
const small = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 0.6 });
const LONG_ID = ("10.0.0.11@" + "orders-consumer-instance-".repeat(12)).slice(0, 289) + "#1234567890";
const q = (ids) => "?clients=" + encodeURIComponent(ids.join(","));
const open = async (path, vp = { width: 1280, height: 800 }, c = ctx) => { const p = await c.newPage(); await p.setViewportSize(vp); await p.goto(base + path); await p.waitForSelector("[data-queue]"); return p; };
const el = async (p, sel, name) => { await p.locator(sel).first().screenshot({ path: `${outDir}/${name}-${tag}.png` }); };
const view = async (p, name) => { await p.screenshot({ path: `${outDir}/${name}-${tag}.png` }); };

for (const [w, suffix] of [[1280, ""]]) {
  const p = await open("", { width: w, height: 800 });
  await p.click("#tab-compare"); await p.waitForSelector("#compare .mini");
  await el(p, "#tour", `compare${suffix}`);
  await p.close();
}
{
  const p = await open("");
  await p.click("#tab-diff"); await p.waitForSelector("#diff-kind");
  await p.selectOption("#diff-kind", "leave"); await p.waitForSelector("#diff-instance");
  await el(p, "#tour", "tour-diff-controls");
  await p.click("#tab-export"); await p.waitForSelector("#import-file");
  await el(p, "#tour", "tour-export-controls");
  await p.close();
}
{
  const p = await open(q([LONG_ID, "10.0.0.12@31822", "10.0.0.13@31822"]));
  await el(p, ".panel--picture", "long-id-grid");
  await p.focus(`#grid tr[data-client-id="${LONG_ID}"]`);
  await el(p, ".grid-panel", "long-id-grid-focus");
  await p.keyboard.press("Enter"); await p.waitForSelector("#explain");
  await p.mouse.move(0, 0);
  await el(p, "#explain", "long-id-explain");
  await p.click("#views-editor > summary"); await p.waitForSelector("#view-row-0");
  await p.mouse.move(0, 0);
  await el(p, "#view-row-0", "long-id-views-editor");
  await p.close();
}
{
  const p = await open(q(["10.0.0.11@31822", "10.0.0.12@31822#1234567890", LONG_ID]), { width: 375, height: 800 });
  await el(p, ".grid-panel", "grid-ids-375");
  await p.close();
}
{
  const unbroken = "x".repeat(150) + "@" + "7".repeat(149);
  const p = await open(q([unbroken, unbroken, "10.0.0.13@31822"]), undefined, small);
  await p.waitForSelector('#diagnosis li[data-kind="sharedClientId"]');
  const d = await p.$eval("#diagnosis", (e) => { const r = e.getBoundingClientRect(); return { y: r.top + scrollY, h: r.height }; });
  await p.screenshot({ path: `${outDir}/diagnosis-long-id-${tag}.png`, clip: { x: 0, y: d.y - 8, width: 1280, height: d.h + 16 } });
  await p.close();
}
{
  const p = await open("", undefined, small);
  await p.click("#lessons-open"); await p.waitForSelector("#lessons");
  const top = await p.$eval("main", (e) => e.getBoundingClientRect().top + scrollY);
  await p.screenshot({ path: `${outDir}/lessons-open-${tag}.png`, clip: { x: 0, y: top - 8, width: 1280, height: 560 } });
  await p.close();
  const b = await open("");
  await b.click("#lessons-open"); await b.waitForSelector("#lessons");
  await el(b, "fieldset:has(#add-broker)", "broker-row");
  await b.close();
}
await browser.close(); server.close();
