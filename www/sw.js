// The offline worker: keeps one build's files so that, once a page has loaded, a reload
// with no network shows the playground and every part it loads on demand. scripts/sw-hook.mjs writes
// dist/sw.js as `const BUILD = "<id>", FILES = [<every file of this build>];` followed by this file, so
// each build has its own worker, and the browser installs a new one when a new build is deployed.
//
// One build per page: a page is controlled from its next load only (no clients.claim), and a new worker
// waits until no page of the old build is open (a lesson in the middle keeps its build, its chunks come from
// its own cache); only a visit that is alone (it asks, below) lets it take over at once. Every name but index.html is
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

// A page of this build, loaded while a newer build waits, asks this worker whether it is the only page open
// ("alone?", sent from the page's `load`, when the page it replaced is gone). If so, the page tells the newer
// build to take over ("take-over", to the waiting worker, after this answer's event has ended: an active
// worker still busy with an event would hold the activation) and loads again from it; with any other page
// of this build open, nothing changes.
self.addEventListener("message", (event) => {
  if (event.data === "take-over") {
    tookOver = true;
    event.waitUntil(self.skipWaiting());
  } else if (event.data === "alone?") {
    event.waitUntil(
      (async () => {
        const open = await self.clients.matchAll();
        const alone = open.length === 1 && open[0].id === event.source.id && !!self.registration.waiting;
        event.source.postMessage({ alone });
      })(),
    );
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const scope = new URL(self.registration.scope);
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  // The page is index.html whatever its query (`?lesson=`, `?embed=1`, readable links).
  const file = decodeURIComponent(url.pathname.slice(scope.pathname.length)) || "index.html";
  // Anything else is not this build's: the network answers, as without a worker.
  if (!FILES.includes(file)) return;
  // Not cached (a fill that did not finish) and no network: the fetch fails and the page says so (a part's
  // alert with Try again), as without a worker.
  event.respondWith(caches.open(CACHE).then((cache) => cache.match(file)).then((hit) => hit ?? fetch(request)));
});
