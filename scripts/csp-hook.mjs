// Trunk post_build hook (see Trunk.toml): writes a strict Content-Security-Policy into the built
// pages (index.html, embed.html) as a <meta http-equiv> and the same policy, ready for an HTTP header, into csp-header.txt.
//
// Trunk 0.21 loads the app with an inline <script type="module">; under `script-src 'self'` it would be
// blocked, and 'unsafe-inline' would allow any injected script too. So the policy allows exactly the inline
// scripts of this build by their sha256 (they name the content-hashed .js/.wasm files, so the hash changes
// with every build). The build fails if the page has inline styles or event-handler attributes, which the
// policy would block.
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
if (process.env.TRUNK_PROFILE && process.env.TRUNK_PROFILE !== "release") {
  // `trunk serve` injects its own live-reload script after this hook: no policy in development builds.
  process.exit(0);
}
// Every page of the build (index.html, and embed.html from prerender-hook.mjs) shares one policy: the header's.
const files = (await readdir(dir)).filter((f) => f.endsWith(".html")).map((page) => join(dir, page));
const pages = new Map();
const hashes = [];
for (const file of files) {
  const html = (await readFile(file, "utf8")).replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, "");
  pages.set(file, html);
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    const hash = `'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`;
    if (!hashes.includes(hash)) hashes.push(hash);
  }
  const problems = [];
  if (/<style\b/i.test(html)) problems.push("a <style> element");
  if (/\sstyle\s*=/i.test(html)) problems.push("a style= attribute");
  if (/\son[a-z]+\s*=/i.test(html)) problems.push("an on*= event handler attribute");
  if (problems.length) {
    console.error(`csp-hook: ${file} has ${problems.join(", ")}; the strict policy would block it`);
    process.exit(1);
  }
}
const policy = [
  "default-src 'self'",
  `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(" ")}`.trim(),
  "style-src 'self'",
  // Nothing else: the PNG export draws with Canvas 2D calls and loads no image.
].join("; ");
const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
for (const [file, page] of pages) {
  const html = page.replace(/(<meta charset="utf-8"\s*\/?>)/i, (m) => `${m}\n    ${meta}`);
  if (!html.includes(meta)) {
    console.error(`csp-hook: no <meta charset> in ${file} to put the policy after`);
    process.exit(1);
  }
  await writeFile(file, html);
}
await writeFile(join(dir, "csp-header.txt"), `Content-Security-Policy: ${policy}\n`);
console.log(`csp-hook: ${hashes.length} inline script(s) hashed; policy written to the pages and csp-header.txt`);
