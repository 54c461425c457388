// A tiny static server for dist/ under a sub-path, to prove the built site works from any folder.
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

/** Serves `root` at `prefix` (e.g. "/docs/playground/") on 127.0.0.1 and a random port. */
export async function serve(root, prefix) {
  // issue 6: the same strict Content-Security-Policy a host should send (written by scripts/csp-hook.mjs).
  const csp = await readFile(join(root, "csp-header.txt"), "utf8")
    .then((t) => t.replace(/^Content-Security-Policy:\s*/i, "").trim())
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
