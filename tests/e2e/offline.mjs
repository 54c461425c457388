// The offline worker (www/sw.js, written into dist/ by scripts/sw-hook.mjs), end to end.
// Its own server (own origin: own worker, caches and localStorage) and browser (`launch(server)`, engines.mjs'
// page API), so the other checks never see it offline. The network is cut by the server (`control.offline`
// refuses every request), not by the browser, and only page and Web APIs are used, so every engine runs them.
import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export async function offlineChecks({ launch, serve, dist, prefix, check, assert }) {
  const srv = await serve(dist, prefix);
  const { server, url: base, control } = srv;
  const browser = await launch(srv);
  const sw = await readFile(join(dist, "sw.js"), "utf8");
  const [, buildA, listed] = sw.match(/^const BUILD = "([0-9a-f]+)", FILES = (\[.*\]);$/m) ?? [];
  const files = JSON.parse(listed ?? "[]");
  /** Polls `fn` in `page` (20 s at most: a busy machine fills a cache slowly) until it returns a truthy value. */
  const until = async (page, fn, what, arg) => {
    for (let i = 0; i < 200; i++) {
      // A page that navigates meanwhile answers nothing: ask again.
      if (await page.evaluate(fn, arg).catch(() => false)) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  const cacheNames = (page) => page.evaluate(() => caches.keys());
  let page;
  try {
    await check("offline: the page fetches only the core; its worker caches every file of the build afterwards", async () => {
      assert(buildA && files.length > 0, "dist/sw.js has no build id and file list");
      // The guide's folder is not the playground's (scripts/sw-hook.mjs): checked below.
      const all = (await readdir(dist)).filter((f) => f !== "sw.js" && f !== "csp-header.txt" && f !== "guide");
      assert(JSON.stringify(all.sort()) === JSON.stringify([...files].sort()), `sw.js lists ${files.length} of ${all.length} files`);
      page = await browser.newPage();
      await page.goto(base);
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
      await until(page, async () => (await navigator.serviceWorker.getRegistrations())[0]?.active?.state === "activated", "the worker");
      // The page's resource timing lists its own fetches, never its worker's.
      const wasm = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((e) => e.name).filter((n) => n.endsWith(".wasm")).map((n) => n.split("/").pop()));
      // The page's own requests (what the first screen pays): the core's wasm only.
      assert(wasm.length === 1 && /^playground-[0-9a-f]+_bg\.wasm$/.test(wasm[0]), `the page fetched ${wasm.join(", ")}`);
      // The server saw every file: the chunks the page did not ask for came from the worker's fill.
      const asked = new Set(control.log.map((p) => p.slice(prefix.length) || "index.html"));
      const missing = files.filter((f) => !asked.has(f));
      assert(missing.length === 0, `the worker did not fetch ${missing.join(", ")}`);
      const chunks = files.filter((f) => f.endsWith(".wasm") && !wasm.includes(f));
      console.log(`# offline: the page fetched 1 wasm file; the worker fetched ${files.length} files (${chunks.length} chunks) after it`);
      assert((await cacheNames(page)).join() === `rebalance-playground-${buildA}`, `caches ${await cacheNames(page)}`);
    });

    await check("offline: the guide beside the site comes from the network under the worker, which keeps none of it", async () => {
      assert(!files.some((f) => f.startsWith("guide/")), `sw.js lists the guide: ${files.filter((f) => f.startsWith("guide/")).join(", ")}`);
      const asked = control.log.length;
      await page.goto(base + "guide/");
      await page.waitForSelector("#mdbook-content main h1");
      // A page of the worker's scope: the worker saw its requests and left them to the network.
      assert(await page.evaluate(() => !!navigator.serviceWorker.controller), "the guide page is not under the worker");
      const fetched = control.log.slice(asked).filter((p) => p.startsWith(prefix + "guide/"));
      assert(fetched.some((p) => /\/book-[0-9a-f]+\.js$/.test(p)), `the server did not serve the guide's files: ${fetched.join(", ")}`);
      const kept = await page.evaluate(async () => {
        const out = [];
        for (const key of await caches.keys()) for (const r of await (await caches.open(key)).keys()) if (r.url.includes("/guide/")) out.push(r.url);
        return out;
      });
      assert(kept.length === 0, `the worker cached ${kept.join(", ")}`);
      assert(!(await page.evaluate(() => [...document.scripts].some((s) => s.textContent.includes("serviceWorker")))), "the guide registers a worker");
      await page.goto(base);
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    });

    await check("offline: with the network cut, a reload shows the grid, the tour and the lessons", async () => {
      control.offline = true;
      await page.reload();
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
      assert((await page.$$("#grid tr[data-client-id]")).length > 0, "no grid rows");
      const cut = await page.evaluate(() => fetch("csp-header.txt").then(() => "answered", () => "refused"));
      assert(cut === "refused", `the network was not cut: a file outside the build was ${cut}`);
      await page.click("#tab-compare");
      await page.waitForSelector("#tour-body table");
      await page.click("#lessons-open");
      await page.click("#lesson-open-docker");
      await page.waitForSelector("#lesson[data-step='1']");
      await page.click("#lesson-next");
      await page.waitForSelector("#lesson[data-step='2']");
      assert((await page.$("#notice-updated")) === null, "an update notice without a new build");
    });

    await check("offline: a file the worker has not cached gives the part's alert, and Try again loads it", async () => {
      await page.evaluate(async () => {
        for (const key of await caches.keys()) {
          const cache = await caches.open(key);
          for (const r of await cache.keys()) if (/\/split_editors-[0-9a-f]+\.wasm$/.test(r.url)) await cache.delete(r);
        }
      });
      await page.click("#views-editor > summary");
      const alert = await page.waitForSelector(".lazy-failed[role=alert]");
      assert((await alert.textContent()).includes("Could not load"), `alert: ${await alert.textContent()}`);
      control.offline = false;
      await page.click(".lazy-retry");
      await page.waitForSelector("#view-row-0");
    });

    await check("offline: a new build waits while a lesson is open in any tab, and the next visit uses it with a notice", async () => {
      // Build B: the same files under another build id (so another worker and cache), as a deploy would be.
      const buildB = buildA.replace(/^./, (c) => (c === "0" ? "1" : "0"));
      const html = await readFile(join(dist, "index.html"), "utf8");
      assert(html.includes(`<meta name="build" content="${buildA}"`), "index.html has no build meta");
      control.replace.set("sw.js", Buffer.from(sw.replace(`"${buildA}"`, `"${buildB}"`)));
      control.replace.set("index.html", Buffer.from(html.replace(`content="${buildA}"`, `content="${buildB}"`)));
      // A second tab while the lesson is open in the first: the browser finds and installs build B.
      const other = await browser.newPage();
      await other.goto(base);
      await other.waitForSelector(".app:not(.app--waiting) [data-queue]");
      await until(other, async () => (await navigator.serviceWorker.getRegistrations())[0]?.waiting?.state === "installed", "build B installed");
      const shown = (p) => p.getAttribute("meta[name=build]", "content");
      assert((await shown(other)) === buildA && (await shown(page)) === buildA, "an open build was replaced");
      assert((await other.$("#notice-updated")) === null, "the tab of build A says it was updated");
      // Build A's cache stays while its pages are open: the lesson goes on, offline too.
      assert((await cacheNames(page)).sort().join() === [`rebalance-playground-${buildA}`, `rebalance-playground-${buildB}`].sort().join(),
        `caches ${await cacheNames(page)}`);
      // Another visit while the lesson's tab is open: it asks whether it is alone, hears no, and build B
      // still waits.
      await other.reload();
      await other.waitForSelector(".app:not(.app--waiting) [data-queue]");
      await until(other, () => document.documentElement.dataset.swAlone === "false", "the worker's answer: not alone");
      assert((await shown(other)) === buildA && (await shown(page)) === buildA, "build B took over an open page");
      // Read in the other tab: Firefox sometimes lists no registration in the lesson's tab (a page its worker
      // controls) while the other tab of the same build lists it, waiting worker and all; the lesson's tab
      // shows below that it still runs build A from build A's cache.
      const waiting = () => other.evaluate(async () => (await navigator.serviceWorker.getRegistrations())[0]?.waiting?.state ?? "none");
      const states = (p) => p.evaluate(async () => {
        const r = (await navigator.serviceWorker.getRegistrations())[0];
        return JSON.stringify({ active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state, controller: navigator.serviceWorker.controller?.state, build: document.querySelector("meta[name=build]")?.content, step: document.querySelector("#lesson")?.dataset.step });
      });
      assert((await waiting()) === "installed", `build B is ${await waiting()}: page ${await states(page)}, other ${await states(other)}`);
      control.offline = true;
      await page.click("#lesson-next");
      await page.waitForSelector("#lesson[data-step='3']");
      // The rest of the page goes on offline: a preset.
      await page.click("#preset-more-consumers");
      await page.waitForSelector("#preset-more-consumers[aria-pressed=true]");
      control.offline = false;
      await other.close();
      // The lesson's tab is the only one: its next visit (here in Chinese) is build B's, with the notice.
      await page.goto(base + "?lang=zh");
      await page.waitForSelector("#notice-updated").catch(async (e) => {
        const alone = await page.evaluate(() => document.documentElement.dataset.swAlone ?? "(no answer)").catch(() => "?");
        throw new Error(`${e.message.split("\n")[0]}; the page asked "alone?" and heard ${alone}: ${await states(page).catch(() => "?")}`);
      });
      assert((await shown(page)) === buildB, `the next visit shows build ${await shown(page)}`);
      assert((await page.getAttribute("#notice-updated", "role")) === "status", "not a status");
      const says = await page.textContent("#notice-updated");
      assert(says.includes("更新"), `notice: ${says}`);
      assert((await cacheNames(page)).join() === `rebalance-playground-${buildB}`, `old caches kept: ${await cacheNames(page)}`);
      // Once: the visit after shows no notice, and works offline from build B's cache.
      control.offline = true;
      await page.goto(base + "?lang=en");
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
      assert((await page.$("#notice-updated")) === null, "the notice came again");
      await page.click("#lessons-open");
      await page.waitForSelector("#lessons");
    });

    await check("offline: a development build's sw.js removes the worker and its caches (scripts/serve)", async () => {
      control.offline = false;
      const dir = await mkdtemp(join(tmpdir(), "sw-dev-"));
      const hook = join(dirname(fileURLToPath(import.meta.url)), "../../scripts/sw-hook.mjs");
      execFileSync(process.execPath, [hook, dir], { env: { ...process.env, TRUNK_PROFILE: "debug" } });
      const devSw = await readFile(join(dir, "sw.js"));
      await rm(dir, { recursive: true });
      // A development page: no registration (sw-hook adds it to release builds only).
      const html = (await readFile(join(dist, "index.html"), "utf8")).replace(/<script>[^<]*serviceWorker[^<]*<\/script>/, "");
      assert(!html.includes("serviceWorker"), "the registration is still in the page");
      control.replace.set("sw.js", devSw);
      control.replace.set("index.html", Buffer.from(html));
      // The release worker answers this visit from its cache, finds the development sw.js and is replaced
      // by it; that one deletes the caches, unregisters and reloads the page, which the network serves.
      await page.goto(base);
      await until(page, async () => !navigator.serviceWorker.controller && !(await navigator.serviceWorker.getRegistrations())[0]
        && ![...document.scripts].some((s) => s.textContent.includes("serviceWorker")), "the worker gone");
      assert((await cacheNames(page)).length === 0, `caches left: ${await cacheNames(page)}`);
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    });
  } finally {
    control.offline = false;
    await browser.close().catch(() => {});
    server.close();
  }
}
