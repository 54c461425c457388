// Screenshots of a built dist at a few views (a one-off comparison; not part of the test run).
import { chromium } from "playwright-core";
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
const [dist, out] = process.argv.slice(2);
const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml" };
const server = http.createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
  if (p.endsWith("/")) p += "index.html";
  const f = path.join(dist, p);
  if (!fs.existsSync(f)) { res.writeHead(404); return res.end(); }
  res.writeHead(200, { "content-type": types[path.extname(f)] || "application/octet-stream" });
  fs.createReadStream(f).pipe(res);
});
await new Promise((r) => server.listen(0, "127.0.0.1", r));
const base = `http://127.0.0.1:${server.address().port}/`;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const views = [["default-en", "", 1280], ["default-zh", "?lang=zh", 1280], ["narrow-en", "", 375], ["tour-compare", "?tab=compare", 1280], ["lesson", "?lesson=how-it-works&step=1", 1280]];
for (const [name, q, w] of views) {
  const page = await browser.newPage({ viewport: { width: w, height: 900 } });
  await page.goto(base + q);
  await page.waitForSelector("#grid", { timeout: 30000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await page.close();
}
await browser.close();
server.close();
