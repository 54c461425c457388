// Trunk post_build (scripts/post-build.mjs): puts the first screens into the pages. The native `prerender`
// binary renders each page's view with the page's own components (Yew's `ssr`, feature `prerender`,
// web::app::prerender) and names the address it rendered: dist/index.html holds the default view (no address),
// dist/embed.html, a copy of it, the default scenario's embed as the Embed button writes it. Each HTML goes
// into its file's `<div id="app">` and its address into `<html data-prerendered>`; the page's first-screen
// script (index.html) compares it with the visit's address, and the wasm hydrates it or draws fresh
// (web::app::mount).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");
const fail = (why) => {
  console.error(`prerender-hook: ${why}`);
  process.exit(1);
};

// A debug build: the binary renders two pages once, and its build shares the native test builds' cache.
const pages = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--locked", "--no-default-features", "--features", "prerender", "--bin", "prerender"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 64 << 20,
  }),
);
const template = readFileSync(join(staging, "index.html"), "utf8");
const empty = '<div id="app"></div>';
const html = /<html\b/i;
if (!template.includes(empty)) fail(`no empty ${empty} in index.html`);
if (!html.test(template)) fail("no <html> in index.html");
const attr = (text) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
for (const { file, address, html: markup } of pages) {
  if (!markup.includes("data-queue")) fail(`the first screen of ${file} has no queue cell`);
  const page = template
    .replace(html, (m) => `${m} data-prerendered="${attr(address)}"`)
    .replace(empty, () => `<div id="app">${markup}</div>`);
  writeFileSync(join(staging, file), page);
  console.log(`prerender-hook: ${markup.length} bytes of first screen written into ${file} (${address || "no address"})`);
}
