// A tiny static server for dist/ under a sub-path, to prove the built site works from any folder.
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

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

/** Serves `root` at `prefix` (e.g. "/docs/playground/") on 127.0.0.1 and a random port. */
export async function serve(root, prefix) {
  // issue 6: exactly the policy the issue asks for, plus the sha256 of each inline script of the built
  // index.html (Trunk's loader), computed here rather than read from the build, so the e2e run checks that
  // the site works under it and that scripts/csp-hook.mjs wrote the same.
  const csp = await readFile(join(root, "index.html"), "utf8")
    .then((html) => exactPolicy(html))
    .catch(() => null);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://x");
    if (!url.pathname.startsWith(prefix)) {
      res.writeHead(404).end("not under " + prefix);
      return;
    }
    let rel = decodeURIComponent(url.pathname.slice(prefix.length)) || "index.html";
    const file = normalize(join(root, rel));
    if (!file.startsWith(normalize(root) + sep) && file !== normalize(root)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const s = await stat(file);
      const path = s.isDirectory() ? join(file, "index.html") : file;
      const body = await readFile(path);
      const headers = { "content-type": TYPES[extname(path)] ?? "application/octet-stream" };
      if (csp) headers["content-security-policy"] = csp;
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404).end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { port } = server.address();
  return { server, url: `http://127.0.0.1:${port}${prefix}`, csp };
}
