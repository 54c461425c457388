// A tiny static server for dist/ under a sub-path, to prove the built site works from any folder.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";
import { readFile, readdir, stat } from "node:fs/promises";
import { extname, join, normalize, relative, sep } from "node:path";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/** `default-src 'self'; script-src 'self' 'wasm-unsafe-eval' <hashes>; style-src 'self'` for this page. */
export function exactPolicy(html) {
  const hashes = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    hashes.push(` 'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return `default-src 'self'; script-src 'self' 'wasm-unsafe-eval'${hashes.join("")}; style-src 'self'`;
}

/** The guide's policy (its pages under guide/, mdBook's): `default-src 'self'; script-src 'self' <hashes of
 * every inline script>; style-src 'self' 'unsafe-hashes' <hashes of every style attribute>; img-src 'self'
 * data:` (the copy button's icon), built here from
 * the pages, as the e2e run's own check of what scripts/csp-hook.mjs writes. */
export function guidePolicy(pages) {
  const sha = (text) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
  const scripts = new Set();
  const styles = new Set();
  for (const html of pages) {
    for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) if (!/\bsrc\s*=/i.test(m[1])) scripts.add(sha(m[2]));
    for (const m of html.matchAll(/\sstyle="([^"]*)"/gi)) styles.add(sha(m[1]));
  }
  const style = styles.size ? ` 'unsafe-hashes' ${[...styles].join(" ")}` : "";
  return `default-src 'self'; script-src 'self' ${[...scripts].join(" ")}; style-src 'self'${style}; img-src 'self' data:`;
}

// What the e2e run adds to every page it serves: one script of its own, same origin, so the strict
// policy above holds unchanged. It records, the same way in every engine, what WebDriver cannot observe:
// CSP violations, errors (console.error, uncaught errors, rejections, failed loads), dialogs, the files
// the page offers as downloads (the blob behind each `<a download>` click), and the text each clipboard write
// the browser accepted put there (reading the clipboard back needs a permission only Chromium grants here).
const PROBE = `window.__cspViolations = [];
window.__e2e = { errors: [], dialogs: 0, downloads: [], blobs: new Map(), clipboard: [] };
if (navigator.clipboard && navigator.clipboard.writeText) {
  const writeText = navigator.clipboard.writeText.bind(navigator.clipboard);
  navigator.clipboard.writeText = (text) => writeText(text).then((v) => { __e2e.clipboard.push(String(text)); return v; });
}
if (navigator.clipboard && navigator.clipboard.write) {
  const write = navigator.clipboard.write.bind(navigator.clipboard);
  navigator.clipboard.write = (items) => write(items).then(async (v) => {
    for (const item of items) if (item.types.includes("text/plain")) __e2e.clipboard.push(await (await item.getType("text/plain")).text());
    return v;
  });
}
document.addEventListener("securitypolicyviolation", (e) =>
  __cspViolations.push(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));
const consoleError = console.error;
console.error = (...args) => { __e2e.errors.push("console error: " + args.map(String).join(" ")); consoleError.apply(console, args); };
addEventListener("error", (e) => __e2e.errors.push(e.target === window ? "page error: " + e.message
  : "failed to load: " + (e.target.src || e.target.href || e.target.tagName)), true);
addEventListener("unhandledrejection", (e) => __e2e.errors.push("page error: " + (e.reason?.message ?? e.reason)));
for (const name of ["alert", "confirm", "prompt"]) window[name] = () => { __e2e.dialogs++; };
const createObjectURL = URL.createObjectURL;
URL.createObjectURL = (blob) => { const url = createObjectURL(blob); __e2e.blobs.set(url, blob); return url; };
document.addEventListener("click", (e) => {
  const a = e.target.closest && e.target.closest("a[download]");
  if (a) __e2e.downloads.push({ name: a.download, url: a.href });
}, true);
`;
export const PROBE_PATH = "__e2e/probe.js";

/** Serves `root` at `prefix` (e.g. "/docs/playground/") on 127.0.0.1 and a random port. Every request is
 * logged (`log`: `{ path, status, headers, failed, at }`); `fail(re)` makes requests whose path matches
 * fail as a lost connection does until the returned function is called (`delay(re, ms)` answers them late,
 * as a slow network does, until the same); with `probe`, each page gets the
 * probe above (the e2e run; the benchmarks measure the page alone); with `gzip`, answers are gzipped for a
 * browser that accepts it, as a host serves them. `control` (tests/e2e/offline.mjs):
 * `offline` refuses every request (the connection closes unanswered, as with no network); `replace` answers
 * a file (path under `prefix`) with other bytes, e.g. a new build's sw.js; `refuse` answers the files it
 * holds with 404 (e.g. sw.js: a site without the worker); `log` lists every path asked for. */
export async function serve(root, prefix, { probe = false, gzip = false } = {}) {
  const log = [];
  const failing = new Set();
  // Paths answered late, as over a slow network: [pattern, milliseconds].
  const slow = new Map();
  const control = { offline: false, replace: new Map(), refuse: new Set(), log: [] };
  // Exactly the policy the issue asks for, plus the sha256 of each inline script of the built
  // index.html (Trunk's loader), computed here rather than read from the build, so the e2e run checks that
  // the site works under it and that scripts/csp-hook.mjs wrote the same.
  const csp = await readFile(join(root, "index.html"), "utf8")
    .then((html) => exactPolicy(html))
    .catch(() => null);
  // The guide's pages (guide/, when the build has it) are sent with the guide's own policy.
  const guide = join(root, "guide");
  const guideCsp = await readdir(guide, { recursive: true })
    .then((names) => Promise.all(names.filter((n) => n.endsWith(".html")).map((n) => readFile(join(guide, n), "utf8"))))
    .then((pages) => guidePolicy(pages.map((html) => html.replace(/\s*<meta http-equiv="Content-Security-Policy"[^>]*>/i, ""))))
    .catch(() => null);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    const entry = { path: url.pathname, status: 0, headers: {}, failed: false, at: Date.now() };
    log.push(entry);
    control.log.push(url.pathname);
    if (control.offline) {
      entry.failed = true;
      req.socket.destroy();
      return;
    }
    const send = (status, headers, body) => {
      Object.assign(entry, { status, headers });
      res.writeHead(status, headers).end(body);
    };
    for (const [re, ms] of slow) if (re.test(url.pathname)) await new Promise((ok) => setTimeout(ok, ms));
    if ([...failing].some((re) => re.test(url.pathname))) {
      entry.failed = true;
      req.socket.destroy();
      return;
    }
    if (!url.pathname.startsWith(prefix)) {
      send(404, {}, "not under " + prefix);
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(prefix.length)) || "index.html";
    if (probe && rel === PROBE_PATH) {
      send(200, { "content-type": TYPES[".js"] }, PROBE);
      return;
    }
    const file = normalize(join(root, rel));
    if (!file.startsWith(normalize(root) + sep) && file !== normalize(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const s = await stat(file);
      const path = s.isDirectory() ? join(file, "index.html") : file;
      const name = relative(root, path).split(sep).join("/");
      if (control.refuse.has(name)) throw new Error("refused");
      let body = control.replace.get(name) ?? (await readFile(path));
      if (probe && extname(path) === ".html") {
        body = body.toString("utf8").replace(/<head>/i, `$&<script src="${prefix}${PROBE_PATH}"></script>`);
      }
      const headers = { "content-type": TYPES[extname(path)] ?? "application/octet-stream", "cache-control": "no-cache", etag: `"${createHash("sha1").update(body).digest("hex")}"` };
      const policy = name.startsWith("guide/") ? guideCsp : csp;
      if (policy) headers["content-security-policy"] = policy;
      entry.document = path === join(root, "index.html");
      // As a real host serves it (scripts/bench's first grid): compressed when the browser accepts gzip.
      if (gzip && /\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
        body = gzipSync(body, { level: 9 });
        Object.assign(headers, { "content-encoding": "gzip", vary: "accept-encoding" });
      }
      send(200, headers, body);
    } catch {
      send(404, {}, "not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  const fail = (re) => {
    failing.add(re);
    return () => failing.delete(re);
  };
  const delay = (re, ms) => {
    slow.set(re, ms);
    return () => slow.delete(re);
  };
  return { server, url: `http://127.0.0.1:${port}${prefix}`, csp, guideCsp, log, fail, delay, control };
}
