// The first screens the build puts into index.html and embed.html (scripts/prerender-hook.mjs) and the wasm
// hydrates (web::app::mount). Called once from run.mjs with its helpers (page API only). The wasm is refused with the
// server's `fail` (the connection closes, as on a network that never delivers it), the same in every engine.
import { join } from "node:path";

const READY = ".app:not(.app--waiting) [data-queue]";
const WAITING = "This is the default group, drawn before the page's code arrived";
const LOADED = "The playground has loaded: the editors can be used.";
const EMBED_LOADED = "The playground has loaded: its controls can be used.";
const DARK_BG = "rgb(16, 20, 28)"; // --bg of :root[data-theme=dark] in www/style.css

// In the page: `#app`'s markup as a fresh render would leave it. A prerendered field keeps its first value as
// an attribute (the HTML's `value=`, a textarea's text, `selected`, `checked`), which a render by script sets
// as a property instead: both become the field's current value. Yew's hydration markers (comments) go, and so
// does the first-screen status line, which only a prerendered page has (checked on its own).
function drawnMarkup() {
  const copy = document.getElementById("app").cloneNode(true);
  const live = document.getElementById("app").querySelectorAll("input, textarea, select");
  copy.querySelectorAll("input, textarea, select").forEach((field, i) => {
    const now = live[i];
    field.removeAttribute("value");
    field.removeAttribute("checked");
    if (field.tagName === "TEXTAREA") field.textContent = "";
    field.querySelectorAll("option").forEach((o) => o.removeAttribute("selected"));
    field.setAttribute("data-now", now.type === "checkbox" || now.type === "radio" ? String(now.checked) : now.value);
  });
  copy.querySelector("#first-screen")?.remove();
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const comments = [];
  while (walker.nextNode()) comments.push(walker.currentNode);
  comments.forEach((c) => c.remove());
  return copy.innerHTML;
}

/** Where two strings first differ, with some context. */
function firstDifference(a, b) {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `at ${i}: hydrated "${a.slice(Math.max(0, i - 80), i + 80)}" / fresh "${b.slice(Math.max(0, i - 80), i + 80)}"`;
}

export async function firstScreenChecks({ check, assert, open, newPage, srv, base, out }) {
  const shot = async (page, name) => {
    const path = join(out, name);
    await page.screenshot({ path });
    console.log(`# screenshot ${path}`);
  };
  const remember = (page, entries) =>
    page.evaluate((e) => Object.entries(e).forEach(([k, v]) => (v === null ? localStorage.removeItem(k) : localStorage.setItem(k, v))), entries);
  // A page at `path` whose wasm never arrives (not watched: the refused fetch is what the check provokes).
  const withoutWasm = async (path, before) => {
    const page = await newPage();
    if (before) {
      await page.goto(base + "?lang=en");
      await page.waitForSelector(READY);
      await remember(page, before);
    }
    const unblock = srv.fail(/\.wasm$/);
    try {
      await page.goto(base + path);
      // The page has asked for its wasm, and been refused: the first screen stays what the HTML drew.
      // (The server's log: WebKit lists no failed fetch in resource timing.)
      for (let waited = 0; !page.requests().some((p) => p.endsWith(".wasm")); waited += 100) {
        if (waited > 15_000) throw new Error(`${path}: no request for the wasm in 15 s`);
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(300);
    } finally {
      unblock();
    }
    return page;
  };

  await check("first screen: the default group's grid is in the HTML itself, before any script", async () => {
    const html = await (await fetch(base)).text();
    const app = html.slice(html.indexOf('<div id="app">'));
    assert(/class="app app--waiting"/.test(app), "no prerendered .app--waiting in #app");
    const cells = [...app.matchAll(/data-queue="(broker-a:\d+)"/g)].map((m) => m[1]);
    assert(cells.join() === [0, 1, 2, 3, 4, 5, 6, 7].map((q) => `broker-a:${q}`).join(), `queue cells ${cells}`);
    assert(/<aside[^>]*\binert\b[^>]*class="editors"/.test(app), "the prerendered editors are not inert");
    assert(app.includes(WAITING.replace("'", "&#39;")) || app.includes(WAITING), "no waiting status line");
  });

  await check("first screen: with its wasm refused the page shows the default group, its editors inert, light and dark (screenshots)", async () => {
    for (const theme of ["light", "dark"]) {
      const page = await withoutWasm("", { "rebalance-playground.theme": theme });
      try {
        assert((await page.$$eval(".app--waiting [data-queue]", (c) => c.length)) === 8, "not 8 queue cells");
        const starved = await page.$$eval("#queue-strip [data-queue].strip-cell--starved", (c) => c.map((x) => x.dataset.queue).join());
        assert(starved === "broker-a:2,broker-a:5", `starved ${starved}`);
        assert(await page.evaluate(() => document.querySelector(".editors").inert === true), "the editors take input");
        const status = await page.evaluate(() => {
          const s = document.getElementById("first-screen");
          return s && [s.getAttribute("role"), s.textContent, s.getBoundingClientRect().height > 0];
        });
        assert(status && status[0] === "status" && status[1].startsWith(WAITING) && status[2], `status ${status}`);
        assert((await page.evaluate(() => document.documentElement.dataset.theme)) === theme, `data-theme for ${theme}`);
        if (theme === "dark") {
          const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          assert(bg === DARK_BG, `dark body ${bg}`);
        }
        // The switch shows the remembered theme chosen, as the chosen language (English) is.
        const looks = await page.evaluate((t) => [`#theme-${t}`, "#theme-auto", "#lang-en"].map((s) => getComputedStyle(document.querySelector(s)).backgroundColor), theme);
        assert(looks[0] === looks[2] && looks[1] !== looks[2], `theme switch before the wasm: ${looks}`);
        await shot(page, `first-screen-no-wasm-${theme}.png`);
        await remember(page, { "rebalance-playground.theme": null });
      } finally {
        await page.close();
      }
    }
  });

  await check("first screen: a link, readable parameters, a lesson or a remembered language never show the default group first", async () => {
    const cases = [
      ["?queues=broker-a:4,broker-b:2&clients=a,b,c", null, 6],
      ["?lesson=docker&step=1", null, null],
      ["#s=garbage", null, null],
      ["", { "rebalance-playground.lang": "zh" }, 8],
    ];
    for (const [path, before, cells] of cases) {
      const page = await withoutWasm(path, before);
      try {
        const shown = await page.evaluate(() => {
          const app = document.querySelector(".app--waiting");
          return app ? app.getBoundingClientRect().height : -1;
        });
        assert(shown === 0, `${path || JSON.stringify(before)}: the default first screen shows (height ${shown})`);
      } finally {
        await page.close();
      }
      // With its wasm, the page draws what was asked in place of the hidden default.
      const drawn = await open(path, `linked ${path || JSON.stringify(before)}`);
      try {
        if (cells) assert((await drawn.$$eval("[data-queue]", (c) => c.length)) === cells, `${path}: cells`);
        assert((await drawn.$(".app--waiting")) === null, `${path}: the prerendered screen stayed`);
        if (before) await remember(drawn, Object.fromEntries(Object.keys(before).map((k) => [k, null])));
      } finally {
        await drawn.close();
      }
    }
  });

  await check("first screen: hydration leaves the DOM a fresh render draws, tells screen readers, and the page works", async () => {
    // Nothing remembered; a remembered theme and lessons done (the header's switch and the lessons bar differ
    // from the HTML's, which hydration must bring up to date); the address's theme, which leaves the view the
    // default.
    const remembered = [
      ["", {}],
      ["", { "rebalance-playground.theme": "dark", "rebalance-playground.lessons": '["docker","idle"]' }],
      ["?theme=dark", {}],
    ];
    for (const [path, entries] of remembered) {
      const label = `${path} ${JSON.stringify(entries)}`;
      const setup = await newPage();
      await setup.goto(base + "?lang=en");
      await setup.waitForSelector(READY);
      await remember(setup, entries);
      await setup.close();
      const hydrated = await open(path, `hydrated ${label}`);
      assert((await hydrated.evaluate(() => document.documentElement.dataset.firstScreen)) === "prerendered", `${label}: drawn fresh`);
      const fresh = await open(path ? `${path}&lang=en` : "?lang=en", `fresh ${label}`);
      try {
        const [a, b] = [await hydrated.evaluate(drawnMarkup), await fresh.evaluate(drawnMarkup)];
        assert(a === b, `${label}: ${firstDifference(a, b)}`);
        if (entries["rebalance-playground.lessons"]) {
          const progress = await hydrated.textContent(".lessons-bar__progress");
          assert(progress.startsWith("2 of"), `lessons bar after hydration: ${progress}`);
        }
        const status = await hydrated.evaluate(() => {
          const s = document.getElementById("first-screen");
          return s && [s.getAttribute("role"), s.textContent, s.classList.contains("visually-hidden")];
        });
        assert(status && status[0] === "status" && status[1] === LOADED && status[2], `status ${status}`);
        assert((await hydrated.evaluate(() => document.querySelector(".editors").inert)) === false, "the editors stayed inert");
        // The hydrated page answers: a client list of four distinct ids starves nothing.
        await hydrated.fill("#clients", "a\nb\nc\nd");
        await hydrated.waitForFunction(() => document.querySelectorAll("#queue-strip [data-queue].strip-cell--starved").length === 0);
        assert((await hydrated.textContent("#stat-instances")).startsWith("4"), "the summary did not follow");
      } finally {
        await hydrated.close();
        await fresh.close();
        const clean = await newPage();
        await clean.goto(base + "?lang=en");
        await remember(clean, Object.fromEntries(Object.keys(entries).map((k) => [k, null])));
        await clean.close();
      }
    }
  });

  // The embed the Embed button gives for the default scenario: its address after embed.html.
  const embedAddress = async () => {
    const page = await open("?lang=en", "embed snippet");
    try {
      await page.click("#embed");
      await page.waitForSelector("#embed-snippet");
      const snippet = await page.evaluate(() => document.querySelector("#embed-snippet").value);
      const src = snippet.match(/src="([^"]*)"/)[1].replace(/&amp;/g, "&");
      const framed = new URL("embed.html", base).href;
      assert(src.startsWith(framed + "?embed=1&lang=en&"), `the snippet frames ${src}`);
      return src.slice(framed.length);
    } finally {
      await page.close();
    }
  };
  // Asked inside each check, so a check run again in a new browser asks again.
  let known = null;
  const addressOnce = async () => (known ??= await embedAddress());

  await check("first screen: the default embed's grid is in embed.html, at the address the Embed button writes", async () => {
    const address = await addressOnce();
    const html = await (await fetch(new URL("embed.html", base))).text();
    const rendered = html.match(/<html[^>]*\bdata-prerendered="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    assert(rendered === address, `embed.html was rendered for ${rendered}, the snippet opens ${address}`);
    const app = html.slice(html.indexOf('<div id="app">'));
    assert(/class="app app--embed app--waiting"/.test(app), "no prerendered embed in #app");
    const cells = [...app.matchAll(/data-queue="(broker-a:\d+)"/g)].map((m) => m[1]);
    assert(cells.length >= 8 && cells.slice(0, 8).join() === [0, 1, 2, 3, 4, 5, 6, 7].map((q) => `broker-a:${q}`).join(), `queue cells ${cells}`);
    assert(!/class="editors"/.test(app), "the embed has editors");
  });

  await check("first screen: the embed with its wasm refused shows the default group with the host's theme (screenshots); another embed hides it", async () => {
    const address = await addressOnce();
    const [query, hash] = [address.slice(0, address.indexOf("#")), address.slice(address.indexOf("#"))];
    for (const theme of ["light", "dark"]) {
      // The host's theme, and the frame's id and origin, leave the view as it was rendered.
      const page = await withoutWasm(`embed.html${query}&theme=${theme}&id=doc-1&origin=https%3A%2F%2Fdocs.example${hash}`);
      try {
        const shown = await page.evaluate(() => {
          const app = document.querySelector(".app--embed.app--waiting");
          return app && [app.getBoundingClientRect().height > 0, app.querySelectorAll("[data-queue]").length];
        });
        assert(shown && shown[0] && shown[1] >= 8, `the prerendered embed shows ${shown}`);
        const status = await page.evaluate(() => document.getElementById("first-screen")?.getAttribute("role"));
        assert(status === "status", `status ${status}`);
        assert((await page.evaluate(() => document.documentElement.dataset.theme)) === theme, `data-theme for ${theme}`);
        if (theme === "dark") {
          const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
          assert(bg === DARK_BG, `dark body ${bg}`);
        }
        await page.setViewportSize({ width: 700, height: 900 });
        await shot(page, `first-screen-embed-no-wasm-${theme}.png`);
      } finally {
        await page.close();
      }
    }
    // Another scenario, another language or parts: the default embed never shows first.
    const others = [`embed.html${query}#s=garbage`, `embed.html${query.replace("lang=en", "lang=zh")}${hash}`, `embed.html?embed=1&lang=en&parts=grid${hash}`];
    for (const path of others) {
      const page = await withoutWasm(path);
      try {
        const height = await page.evaluate(() => document.querySelector(".app--waiting")?.getBoundingClientRect().height ?? -1);
        assert(height === 0, `${path}: the default embed shows (height ${height})`);
      } finally {
        await page.close();
      }
    }
  });

  await check("first screen: the embed's hydration leaves the DOM a fresh render draws, and it works", async () => {
    const address = await addressOnce();
    const hydrated = await open(`embed.html${address}`, "hydrated embed");
    // index.html at the same address: the same view, drawn fresh (its prerendered view is the full page's).
    const fresh = await open(address, "fresh embed");
    try {
      const [a, b] = [await hydrated.evaluate(drawnMarkup), await fresh.evaluate(drawnMarkup)];
      assert(a === b, `embed: ${firstDifference(a, b)}`);
      const status = await hydrated.evaluate(() => document.getElementById("first-screen")?.textContent);
      assert(status === EMBED_LOADED, `status ${status}`);
      const full = new URL(await hydrated.getAttribute("#open-full", "href"), await hydrated.url());
      assert(full.pathname.endsWith("/index.html") && !full.search.includes("embed") && full.hash === address.slice(address.indexOf("#")), `open-full ${full}`);
      await hydrated.click("#lang-zh");
      await hydrated.waitForFunction(() => document.documentElement.lang.startsWith("zh"));
    } finally {
      await hydrated.close();
      await fresh.close();
    }
  });
}
