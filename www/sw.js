// The offline worker (issue 18, item 5): keeps one build's files so that, once a page has loaded, a reload
// with no network shows the playground and every part it loads on demand. scripts/sw-hook.mjs writes
// dist/sw.js as `const BUILD = "<id>", FILES = [<every file of this build>];` followed by this file, so
// each build has its own worker, and the browser installs a new one when a new build is deployed.
//
// One build per page: a page is controlled from its next load only (no clients.claim), and a new worker
// waits until no page of the old build is open (a lesson in the middle keeps its build, its chunks come from
// its own cache); only a visit that is alone (below) lets it take over at once. Every name but index.html is
// content-hashed, so a cached file can never be another build's. The first screen never waits for the
// cache: the page registers the worker on `load`, and the worker fills its cache while installing.
const CACHE = `rebalance-playground-${BUILD}`;
let tookOver = false;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // Revalidated, never a stale copy from the HTTP cache: index.html has no hash in its name.
      await cache.addAll(FILES.map((file) => new Request(file, { cache: "no-cache" })));
      // A deploy between this worker's script and its files would cache another build's page: refuse it;
      // the browser tries again on a later visit, and until then the network serves.
      const page = await (await cache.match("index.html")).text();
      if (!page.includes(`<meta name="build" content="${BUILD}"`)) {
        await caches.delete(CACHE);
        throw new Error(`index.html is not build ${BUILD}`);
      }
    })(),
  );
});

self.addEventListener("activate", (event) => {
  // Now no page of an older build is open (or only the one page that asked, which loads again): their
  // caches go.
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith("rebalance-playground-") && key !== CACHE) await caches.delete(key);
      if (!tookOver) return;
      await self.clients.claim();
      for (const client of await self.clients.matchAll()) client.navigate(client.url);
    })(),
  );
});

// The older build's worker asks this one, waiting, to take over (handOverIfAlone); an active one ignores it.
self.addEventListener("message", (event) => {
  if (event.data !== "take-over") return;
  tookOver = true;
  event.waitUntil(self.skipWaiting());
});

// A visit while a newer build waits: the visit a new build is for, if it is the only page left once the one
// it replaces (a reload) has gone, checked for 5 s from its request. Then the newer build takes over and the
// page, just opened, loads again from it; with any other page of this build open, nothing changes.
async function handOverIfAlone(id) {
  for (let i = 0; i < 50; i++) {
    await new Promise((ok) => setTimeout(ok, 100));
    const open = await self.clients.matchAll();
    if (open.length === 1 && open[0].id === id) return self.registration.waiting?.postMessage("take-over");
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const scope = new URL(self.registration.scope);
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  // The page is index.html whatever its query (`?lesson=`, `?embed=1`, readable links).
  const file = decodeURIComponent(url.pathname.slice(scope.pathname.length)) || "index.html";
  // Anything else is not this build's: the network answers, as without a worker.
  if (!FILES.includes(file)) return;
  if (request.mode === "navigate" && self.registration.waiting && event.resultingClientId) {
    event.waitUntil(handOverIfAlone(event.resultingClientId));
  }
  // Not cached (a fill that did not finish) and no network: the fetch fails and the page says so (a part's
  // alert with Try again), as without a worker.
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(file)).then((hit) => hit ?? fetch(request)));
});
