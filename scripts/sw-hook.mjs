// Trunk post_build (scripts/post-build.mjs), after the split and the stylesheets, so every file has its final
// name, and before csp-hook.mjs, which hashes the inline script added here (offline).
//
// Release: writes dist/sw.js, the offline worker (www/sw.js) headed by this build's id and file list; adds
// `<meta name="build">` (the page's notice of a new build, src/web/app/mod.rs) and a one-line inline script
// that registers the worker once the page has loaded. The build id hashes every file (index.html before the
// meta), so any change makes a new worker.
// Development (`scripts/serve`): no registration and no offline copy; sw.js is a worker that removes itself
// and its caches, so one left at this address by a release build cannot serve stale files.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const profile = process.env.TRUNK_PROFILE ?? "release";
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");

if (profile !== "release") {
  writeFileSync(
    join(staging, "sw.js"),
    `// Development build: no offline copy. Replaces a release build's worker, deletes its caches, unregisters.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const key of await caches.keys()) if (key.startsWith("rebalance-playground-")) await caches.delete(key);
  await self.registration.unregister();
  await self.clients.claim();
  for (const client of await self.clients.matchAll()) client.navigate(client.url);
})()));
`,
  );
  console.log("sw-hook: development build, sw.js only unregisters");
} else {
  const files = [];
  (function walk(dir) {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name.startsWith(".")) continue;
      // The user guide (guide-hook.mjs) is not the playground's: the worker neither keeps it (6 MB, mostly its
      // pictures and search index, fetched again by every new build) nor answers for it, so the guide always
      // comes from the network, as on a site without a worker, and its pages register no worker.
      if (dir === staging && name === "guide") continue;
      if (statSync(path).isDirectory()) walk(path);
      else files.push(relative(staging, path).split(sep).join("/"));
    }
  })(staging);
  const cached = files.filter((f) => f !== "sw.js" && f !== "csp-header.txt").sort();

  const build = createHash("sha256");
  for (const f of cached) build.update(`${f}\0${createHash("sha256").update(readFileSync(join(staging, f))).digest("hex")}\n`);
  const id = build.digest("hex").slice(0, 16);

  // On `load`: the first screen has its files; the worker's cache fill never competes with them. A page
  // its worker controls while a newer build waits asks that worker whether it is the only page open (see
  // www/sw.js); if so it tells the waiting build to take over. The answer lands in `<html data-sw-alone>`,
  // which says the question was settled.
  const register =
    `addEventListener("load",()=>{const w=navigator.serviceWorker;if(!w)return;w.register("sw.js").then(r=>{` +
    `w.addEventListener("message",e=>{const a=e.data&&e.data.alone;if(a===undefined)return;` +
    `document.documentElement.dataset.swAlone=a;if(a&&r.waiting)r.waiting.postMessage("take-over")});` +
    `if(r.waiting&&w.controller)w.controller.postMessage("alone?")},()=>{})})`;
  // The build's id first in the head, where the first-screen script (later in the head) reads it.
  const charset = /<meta charset="utf-8"\s*\/?>/i;
  // Every page of the build: the full one and the embed (prerender-hook.mjs).
  for (const page of files.filter((f) => f.endsWith(".html"))) {
    const file = join(staging, page);
    let html = readFileSync(file, "utf8");
    if (!html.includes("</head>") || !charset.test(html)) {
      console.error(`sw-hook: no </head> or <meta charset> in ${page}`);
      process.exit(1);
    }
    html = html.replace(charset, (m) => `${m}\n    <meta name="build" content="${id}" />`);
    html = html.replace("</head>", () => `<script>${register}</script>\n  </head>`);
    writeFileSync(file, html);
  }

  const source = readFileSync(join(root, "www", "sw.js"), "utf8");
  writeFileSync(join(staging, "sw.js"), `const BUILD = ${JSON.stringify(id)}, FILES = ${JSON.stringify(cached)};\n${source}`);
  console.log(`sw-hook: build ${id}, ${cached.length} files for the offline worker`);
}
