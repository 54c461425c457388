// Trunk post_build, first step (scripts/post-build.mjs): cuts the page's wasm into the core the page needs
// first and the chunks it fetches when a part is first opened (src/web/app/lazy.rs).
//
// Trunk builds the `playground` bin with the `split` feature (index.html), so the binary is linked with its
// relocations (build.rs) and calls its parts through `#[wasm_split]` imports. Trunk's own wasm-bindgen pass
// cannot resolve those, so this step redoes the last part of Trunk's pipeline on the cargo output:
//   wasm-split-cli   -> the core module, one chunk per part (plus chunks shared by parts), __wasm_split.js
//   wasm-bindgen     -> the core's JS glue, which imports __wasm_split.js
//   wasm-opt -Oz     -> the core and every chunk (release only)
//   terser           -> the core's glue and the loader (release only)
// and writes the results over Trunk's files of the same (content-hashed) name, with content-hashed names for
// the chunks and the loader, and the `integrity` attributes of index.html recomputed.
//
// A named copy of the core (before wasm-opt) goes to target/split/<profile>/core-named.wasm for the size
// breakdown of scripts/bench.
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { withIntegrity } from "./integrity.mjs";
import { optimise as wasmOpt } from "./wasm-opt.mjs";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const profile = process.env.TRUNK_PROFILE ?? "release";
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");
const targetDir = resolve(root, process.env.CARGO_TARGET_DIR ?? "target");

const fail = (why) => {
  console.error(`split-hook: ${why}`);
  process.exit(1);
};
const run = (cmd, args) => execFileSync(cmd, args, { stdio: ["ignore", "inherit", "inherit"] });
const digest = (bytes, algo, enc) => createHash(algo).update(bytes).digest(enc);

const htmlFile = join(staging, "index.html");
let html = readFileSync(htmlFile, "utf8");
const stem = html.match(/from '\.\/(playground-[0-9a-f]+)\.js'/)?.[1];
if (!stem) fail(`no playground-<hash>.js loader in ${htmlFile}`);
const glue = readFileSync(join(staging, `${stem}.js`), "utf8");
if (!glue.includes("__wasm_split_placeholder__")) {
  // Built without the `split` feature: one module, nothing to cut.
  console.log("split-hook: not a split build, left as Trunk wrote it");
  process.exit(0);
}

const input = join(targetDir, "wasm32-unknown-unknown", profile, "playground.wasm");
if (!existsSync(input)) fail(`no cargo output at ${input}`);
const work = join(targetDir, "split", profile);
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, "bindgen"), { recursive: true });

run("wasm-split-cli", [input, work, "--target", "web", "--out-name", stem]);
run("wasm-bindgen", ["--target", "web", "--no-typescript", "--keep-lld-exports", "--out-dir", join(work, "bindgen"), "--out-name", stem,
  join(work, `${stem}.wasm`)]);
copyFileSync(join(work, "bindgen", `${stem}_bg.wasm`), join(work, "core-named.wasm"));

const optimise = (file) => {
  if (profile === "release") wasmOpt(file);
};
// The JS glue and the loader are ES modules; terser keeps their exports and the wasm's import names.
const minified = (text, name) => {
  if (profile !== "release") return text;
  const file = join(work, name);
  writeFileSync(file, text);
  run("terser", [file, "--module", "--compress", "--mangle", "-o", file]);
  return readFileSync(file, "utf8");
};

// Chunks: optimised, then named by content so a cached old chunk can never meet a new core.
let loader = readFileSync(join(work, "__wasm_split.js"), "utf8");
const chunks = readdirSync(work).filter((f) => f.endsWith(".wasm") && f !== `${stem}.wasm` && f !== "core-named.wasm");
for (const chunk of chunks) {
  const file = join(work, chunk);
  optimise(file);
  const bytes = readFileSync(file);
  const named = `${chunk.replace(/\.wasm$/, "")}-${digest(bytes, "sha256", "hex").slice(0, 16)}.wasm`;
  writeFileSync(join(staging, named), bytes);
  if (!loader.includes(`"./${chunk}"`)) fail(`__wasm_split.js does not name ${chunk}`);
  loader = loader.replaceAll(`"./${chunk}"`, `"./${named}"`);
}
loader = minified(loader, "loader.js");
const loaderName = `__wasm_split-${digest(loader, "sha256", "hex").slice(0, 16)}.js`;
writeFileSync(join(staging, loaderName), loader);

// The core and its glue, under Trunk's names.
const coreWasm = join(work, "bindgen", `${stem}_bg.wasm`);
optimise(coreWasm);
let coreJs = readFileSync(join(work, "bindgen", `${stem}.js`), "utf8");
// Only the ES import statements move to the hashed name: the keys of the imports object stay the module
// name the wasm itself imports from.
if (!coreJs.includes(`from "./__wasm_split.js"`)) fail("the core's glue does not import __wasm_split.js");
coreJs = minified(coreJs.replaceAll(`from "./__wasm_split.js"`, `from "./${loaderName}"`), "core.js");
const files = { [`${stem}.js`]: Buffer.from(coreJs), [`${stem}_bg.wasm`]: readFileSync(coreWasm) };
for (const [name, bytes] of Object.entries(files)) {
  writeFileSync(join(staging, name), bytes);
  // Trunk's preload links carry subresource integrity: recompute it for the new content.
  html = withIntegrity(html, name, bytes) ?? html;
}
// No preload of the core's wasm: WebKit does not hand a `<link rel="preload" as="fetch">` to the glue's
// fetch() and downloads the core twice (the e2e run counts the requests); the module script asks for it
// as soon as it runs.
const preload = new RegExp(`<link rel="preload" href="\\./${stem}_bg\\.wasm"[^>]*>\\s*`);
if (!preload.test(html)) fail("no preload link of the core's wasm to remove");
html = html.replace(preload, "");
writeFileSync(htmlFile, html);

const size = (f) => readFileSync(join(staging, f)).length;
console.log(`split-hook: core ${size(`${stem}_bg.wasm`)} bytes, ${chunks.length} chunks (${chunks.join(", ")}), loader ${loaderName}`);
