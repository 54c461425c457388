// wasm-opt as the release site runs it (scripts/split-hook.mjs), also used by scripts/bench on the wasm it
// times, so the compute numbers are those of the code the page ships.
// Usage: node scripts/wasm-opt.mjs <file.wasm>...   (each file is rewritten in place)
// For profiling builds: WASM_OPT_NAMES=1 keeps the functions' names (a profile of the page names them; the
// bytes grow), WASM_OPT_LEVEL=-O3 (say) replaces -Oz (on 2026-12-04: +0.3% gzip, no faster page).
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";

// The features rustc 1.95 emits for wasm32-unknown-unknown; wasm-opt must accept them all.
const features = ["--enable-bulk-memory", "--enable-nontrapping-float-to-int", "--enable-sign-ext",
  "--enable-mutable-globals", "--enable-reference-types", "--enable-multivalue"];

const names = process.env.WASM_OPT_NAMES ? ["-g"] : ["--strip-debug"];
export const optimise = (file) =>
  execFileSync("wasm-opt", [process.env.WASM_OPT_LEVEL || "-Oz", ...names, "--strip-producers", ...features, file, "-o", file],
    { stdio: ["ignore", "inherit", "inherit"] });

if (import.meta.url === pathToFileURL(process.argv[1]).href) process.argv.slice(2).forEach(optimise);
