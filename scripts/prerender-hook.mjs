// Trunk post_build (scripts/post-build.mjs): puts the page's first screen into dist/index.html. The native
// `prerender` binary renders the default view with the page's own components (Yew's `ssr`, feature
// `prerender`, web::app::prerender); its HTML goes into `<div id="app">`, which the wasm then hydrates when the
// visit opens that view (index.html's first-screen script decides, web::app::mount follows).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");
const file = join(staging, "index.html");
const fail = (why) => {
  console.error(`prerender-hook: ${why}`);
  process.exit(1);
};

// A debug build: the binary renders one page once, and its build shares the native test builds' cache.
const markup = execFileSync(
  "cargo",
  ["run", "--quiet", "--locked", "--no-default-features", "--features", "prerender", "--bin", "prerender"],
  { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 64 << 20 },
);
if (!markup.includes("data-queue")) fail("the rendered first screen has no queue cell");
const html = readFileSync(file, "utf8");
const empty = '<div id="app"></div>';
if (!html.includes(empty)) fail(`no empty ${empty} in ${file}`);
writeFileSync(file, html.replace(empty, `<div id="app">${markup}</div>`));
console.log(`prerender-hook: ${markup.length} bytes of first screen written into ${file}`);
