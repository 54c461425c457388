// Trunk post_build, after the split (scripts/post-build.mjs): the page's core wasm is fetched from the top of
// <head> by a one-line classic script, so its download starts while the HTML still streams in, not after the
// whole page has parsed and the deferred loader module has run; the loader hands that same response to
// wasm-bindgen's `init` (it takes a `Response` promise as well as a URL). One request in every engine (a
// `<link rel="preload" as="fetch">` was fetched twice by WebKit). On the slow profile this brings the first
// keystroke that repaints the grid forward by about 400 ms (BENCHMARKS.md). csp-hook.mjs hashes the new inline
// script with the others; embed.html is made from index.html afterwards (prerender-hook.mjs).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const file = join(staging, "index.html");
let html = readFileSync(file, "utf8");
const fail = (why) => {
  console.error(`preload-hook: ${why}`);
  process.exit(1);
};
const loader = html.match(/module_or_path: '(\.\/[^']+_bg\.wasm)'/);
if (!loader) fail("index.html's loader names no core wasm (module_or_path)");
const wasm = loader[1];
const at = html.indexOf("<head>");
if (at < 0) fail("index.html has no <head>");
html = `${html.slice(0, at + 6)}\n    <script>window.__coreWasm = fetch("${wasm}");</script>${html.slice(at + 6)}`;
html = html.replace(loader[0], "module_or_path: window.__coreWasm");
writeFileSync(file, html);
