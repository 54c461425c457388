// Trunk post_build hook (see Trunk.toml): writes a strict Content-Security-Policy into the built
// pages (index.html, embed.html) as a <meta http-equiv> and the same policy, ready for an HTTP header, into
// csp-header.txt; and the guide's own into its pages and guide/csp-header.txt (below).
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
// Every page of the playground (index.html, and embed.html from prerender-hook.mjs) shares one policy: the
// header's in csp-header.txt. The user guide's pages (guide/, guide-hook.mjs) share another, in
// guide/csp-header.txt: mdBook's pages have inline scripts of their own (the theme and the sidebar set before
// the page is drawn) and one inline style attribute, allowed by their hashes ('unsafe-hashes' lets a
// style="..." of exactly that text through, nothing else); they run no wasm.
const inlineScripts = (html) =>
  [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter((m) => !/\bsrc\s*=/i.test(m[1])).map((m) => m[2]);
const sha256 = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const unique = (list) => [...new Set(list)];

/** Reads `files`, writes `policy(pages)` into each as a <meta http-equiv> and into `header` (for the HTTP
 * header), and says so. */
async function protect(files, header, policy) {
  const pages = new Map();
  for (const file of files) {
    pages.set(file, (await readFile(file, "utf8")).replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, ""));
  }
  const text = policy([...pages.values()]);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${text}" />`;
  for (const [file, page] of pages) {
    const html = page.replace(/(<meta charset="utf-8"\s*\/?>)/i, (m) => `${m}\n    ${meta}`);
    if (!html.includes(meta)) {
      console.error(`csp-hook: no <meta charset> in ${file} to put the policy after`);
      process.exit(1);
    }
    await writeFile(file, html);
  }
  await writeFile(header, `Content-Security-Policy: ${text}\n`);
  console.log(`csp-hook: ${files.length} page(s), policy written to them and ${header}: ${text}`);
}

const site = (await readdir(dir)).filter((f) => f.endsWith(".html")).map((page) => join(dir, page));
await protect(site, join(dir, "csp-header.txt"), (pages) => {
  for (const [i, html] of pages.entries()) {
    const problems = [];
    if (/<style\b/i.test(html)) problems.push("a <style> element");
    if (/\sstyle\s*=/i.test(html)) problems.push("a style= attribute");
    if (/\son[a-z]+\s*=/i.test(html)) problems.push("an on*= event handler attribute");
    if (problems.length) {
      console.error(`csp-hook: ${site[i]} has ${problems.join(", ")}; the strict policy would block it`);
      process.exit(1);
    }
  }
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${unique(pages.flatMap(inlineScripts).map(sha256)).join(" ")}`.trim(),
    "style-src 'self'",
    // Nothing else: the PNG export draws with Canvas 2D calls and loads no image.
  ].join("; ");
});

const guide = join(dir, "guide");
const guidePages = (await readdir(guide, { recursive: true })).filter((f) => f.endsWith(".html")).map((f) => join(guide, f));
await protect(guidePages, join(guide, "csp-header.txt"), (pages) => {
  if (pages.some((html) => /\son[a-z]+\s*=/i.test(html) || /<style\b/i.test(html))) {
    console.error("csp-hook: a guide page has an on*= attribute or a <style> element, which its policy would block");
    process.exit(1);
  }
  const styles = unique(pages.flatMap((html) => [...html.matchAll(/\sstyle="([^"]*)"/gi)].map((m) => m[1])));
  return [
    "default-src 'self'",
    `script-src 'self' ${unique(pages.flatMap(inlineScripts).map(sha256)).join(" ")}`.trim(),
    `style-src 'self'${styles.length ? ` 'unsafe-hashes' ${styles.map(sha256).join(" ")}` : ""}`,
    // The code blocks' copy button draws its icon from a data: SVG in mdBook's stylesheet.
    "img-src 'self' data:",
  ].join("; ");
});
