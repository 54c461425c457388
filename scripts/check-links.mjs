// Checks the links of the project's documents (README.md, CONTRIBUTING.md, ARCHITECTURE.md, BENCHMARKS.md,
// locales/README.md and every Markdown file under docs/): every relative link and picture names a file that
// exists, and every #anchor a heading of the file it points into (headings made ids as GitHub and mdBook make
// them). A guide chapter (docs/src) may not link outside docs/src, where the built book has nothing, but for
// the site's own files beside it (below). The spec
// copies in docs/spec are compared with their sources when ../shared is at hand. Prints each broken link with
// its file and line and exits 1 if there is one. Usage: node scripts/check-links.mjs [FILE.md ...]
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const guide = join(root, "docs", "src");

function markdownUnder(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markdownUnder(path, out);
    else if (name.endsWith(".md")) out.push(path);
  }
  return out;
}

// The site the built guide is shipped beside (scripts/guide-hook.mjs: dist/guide/), which a chapter may frame or
// load from `../`: the page (index.html, Trunk's target), embed.js (copied by index.html) and embed.html
// (scripts/prerender-hook.mjs).
const site = new Set(["../", "../index.html", "../embed.html", "../embed.js"]);

const tops = ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "BENCHMARKS.md", "locales/README.md"];
const files = process.argv.length > 2
  ? process.argv.slice(2).map((f) => resolve(f))
  : [...tops.map((f) => join(root, f)).filter(existsSync), ...markdownUnder(join(root, "docs"))];

/** The text outside fenced code blocks, line by line (a fenced line becomes empty, keeping line numbers). */
function prose(text) {
  let fence = null;
  return text.split("\n").map((line) => {
    const m = line.match(/^\s*(`{3,}|~{3,})/);
    if (m) {
      if (fence === null) fence = m[1];
      else if (m[1].startsWith(fence)) fence = null;
      return "";
    }
    return fence === null ? line : "";
  });
}

/** A heading's id, as GitHub and mdBook make it: lowercase, letters, digits, `-` and `_` kept, spaces to `-`. */
function slug(heading) {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1") // a link or picture: its text
    .replace(/<[^>]+>/g, "")
    .replace(/[`*]/g, "")
    .trim()
    .toLowerCase();
  return [...text].map((c) => (/\s/.test(c) ? "-" : /[\p{L}\p{N}_-]/u.test(c) ? c : "")).join("");
}

const anchorCache = new Map();
/** The ids a Markdown file's headings get (a repeated one numbered -1, -2, ...), and explicit ids. */
function anchors(file) {
  if (anchorCache.has(file)) return anchorCache.get(file);
  const ids = new Set();
  const seen = new Map();
  let text = readFileSync(file, "utf8");
  // A guide chapter that includes a file has that file's headings.
  text = text.replace(/\{\{#include ([^}\s]+)\}\}/g, (_, path) => {
    const included = resolve(dirname(file), path);
    return existsSync(included) ? readFileSync(included, "utf8") : "";
  });
  for (const line of prose(text)) {
    const h = line.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (h) {
      const base = slug(h[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      ids.add(n === 0 ? base : `${base}-${n}`);
    }
    for (const m of line.matchAll(/\b(?:id|name)="([^"]+)"/g)) ids.add(m[1]);
  }
  anchorCache.set(file, ids);
  return ids;
}

const broken = [];
let checked = 0;
for (const file of files) {
  const lines = prose(readFileSync(file, "utf8"));
  lines.forEach((raw, n) => {
    const line = raw.replace(/``[^`]*``|`[^`]*`/g, ""); // inline code is not a link
    const targets = [
      ...[...line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
      ...[...line.matchAll(/^\s*\[[^\]]+\]:\s+(\S+)/g)].map((m) => m[1]),
      ...[...line.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
    ];
    for (const target of targets) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      checked++;
      const where = `${relative(root, file)}:${n + 1}`;
      const [path, anchor] = target.split("#", 2);
      if (file.startsWith(guide + "/") && dirname(file) === guide && site.has(path.split("?")[0])) continue;
      const dest = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
      if (!existsSync(dest)) {
        broken.push(`${where}: ${target}: no such file`);
        continue;
      }
      if (file.startsWith(guide + "/") && !dest.startsWith(guide)) {
        broken.push(`${where}: ${target}: a chapter links outside docs/src, which the built guide does not hold`);
        continue;
      }
      if (anchor !== undefined && dest.endsWith(".md") && !anchors(dest).has(anchor)) {
        broken.push(`${where}: ${target}: no heading with the id "${anchor}" in ${relative(root, dest)}`);
      }
    }
  });
}

// The spec copies against their sources, when the shared folder is at hand.
const shared = resolve(root, "..", "shared");
let compared = 0;
if (existsSync(shared)) {
  for (const copy of markdownUnder(join(root, "docs", "spec"))) {
    const rel = relative(join(root, "docs", "spec"), copy);
    const source = join(shared, rel);
    if (!existsSync(source)) continue;
    compared++;
    if (readFileSync(source, "utf8") !== readFileSync(copy, "utf8")) {
      broken.push(`docs/spec/${rel}: differs from ${source} (copy it again; never edit the copy)`);
    }
  }
}

for (const b of broken) console.log(b);
console.log(
  `links: ${checked} relative links in ${files.length} files checked, ${broken.length} broken` +
    (compared ? `; ${compared} spec copies compared with ../shared` : ""),
);
process.exit(broken.length ? 1 : 0);
