// Self-sizing embeds, end to end. A doc page on another origin (served here, under
// a strict CSP of its own) holds the snippets the Embed button makes for a 3- and a 40-instance group, and
// three frames that post size messages they have no right to. Called once from run.mjs (`embedChecks`).
//
// Pages are engines.mjs' page API; what happens inside an iframe goes through its frameEvaluate.
import { createServer } from "node:http";

/** Polls `probe` (async, returning [ok, detail]) until ok or `ms` pass; fails with the last detail. */
async function until(probe, ms, what) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      const [ok, detail] = await probe();
      if (ok) return detail;
      last = detail;
    } catch (e) {
      last = String(e?.message ?? e);
    }
    if (Date.now() > end) throw new Error(`${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SIZE = "rebalance-playground:size";

/** The doc site: `/host.html` (set by `setHost`) and the frames that must be ignored, on two origins. */
async function docSite() {
  const hostHtml = {};
  const servers = [];
  const origins = [];
  const handler = (csp) => (req, res) => {
    const url = new URL(req.url, "http://x");
    const send = (type, body, policy = csp) =>
      res.writeHead(200, { "content-type": type, "content-security-policy": policy() }).end(body);
    const js = "text/javascript; charset=utf-8";
    const html = "text/html; charset=utf-8";
    switch (url.pathname) {
      case "/host.html":
      case "/late.html":
        return send(html, hostHtml[url.pathname]);
      // Records every size message the host window sees, whatever embed.js does with it.
      case "/seen.js":
        return send(js, `window.__seen = []; addEventListener("message", (e) => { if (e.data && e.data.type === "${SIZE}") window.__seen.push([e.origin, e.data.height]); });`);
      // A frame that claims a height (its ?h=) again and again.
      case "/claim.html":
        return send(html, `<!doctype html><title>claim</title><script src="claim.js"></script>`);
      case "/claim.js":
        return send(js, `const h = Number(new URLSearchParams(location.search).get("h")); setInterval(() => parent.postMessage({ type: "${SIZE}", version: 1, height: h, id: null }, "*"), 100);`);
      // A frame whose src is on this origin and which moves to the other one.
      case "/hop.html":
        return send(html, `<!doctype html><title>hop</title><script src="hop.js"></script>`);
      case "/hop.js":
        return send(js, `location.replace(${JSON.stringify(origins[1])} + "/claim.html?h=4321");`);
      case "/favicon.ico":
        return res.writeHead(204).end();
      default:
        return res.writeHead(404).end("not found");
    }
  };
  let hostPolicy = () => "default-src 'none'";
  for (const i of [0, 1]) {
    const server = createServer(handler(i === 0 ? () => hostPolicy() : () => "default-src 'none'; script-src 'self'"));
    await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
    servers.push(server);
    origins.push(`http://127.0.0.1:${server.address().port}`);
  }
  return {
    origins,
    setHost(path, html, policy) {
      hostHtml[path] = html;
      hostPolicy = () => policy;
    },
    close: () => servers.forEach((s) => s.close()),
  };
}

export async function embedChecks({ newPage, base, check, assert, watch }) {
  const playground = new URL(base).origin;
  const site = await docSite();
  const [docOrigin, otherOrigin] = site.origins;
  const snippetOf = async (search) => {
    const page = await newPage();
    watch(page, "embed-maker");
    await page.goto(base + search);
    await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    await page.click("#embed");
    await page.waitForSelector("#embed-snippet");
    const snippet = await page.evaluate(() => document.querySelector("#embed-snippet").value);
    await page.close();
    return snippet;
  };
  let host;
  // The iframe's height on the host and its document's inside, and whether it scrolls inside.
  const fit = async (id) => {
    const outer = await host.evaluate((id) => document.getElementById(id).getBoundingClientRect().height, id);
    const inner = await host.frameEvaluate(`#${id}`, () => {
      const root = document.documentElement;
      return { content: root.getBoundingClientRect().height, scroll: root.scrollHeight, client: root.clientHeight };
    });
    const ok = Math.abs(outer - inner.content) <= 2 && inner.scroll <= inner.client;
    return [ok, { outer, ...inner }];
  };
  try {
    await check("embed: a doc page's two embeds (3 and 40 instances) size themselves at 700 px, no inner scroll", async () => {
      const small = await snippetOf("?strategy=AVG&queues=broker-a:8&clients=a,b,c&lang=en");
      const ids = Array.from({ length: 40 }, (_, i) => `10.0.${i >> 4}.${i}@${100 + i}`).join(",");
      const big = await snippetOf(`?strategy=AVG&queues=broker-a:16,broker-b:16&clients=${ids}&lang=en`);
      for (const s of [small, big]) {
        assert(s.startsWith("<iframe data-rebalance-playground ") && s.includes(`<script src="${base}embed.js" async>`), s.slice(0, 200));
      }
      const withId = (snippet, id) => snippet.replace("<iframe ", `<iframe id="${id}" `);
      site.setHost(
        "/host.html",
        `<!doctype html><html><head><title>doc</title><script src="/seen.js"></script></head><body>
<h1>Doc</h1><p>A 3-instance group:</p>
${withId(small, "small")}
<p>A 40-instance group:</p>
${withId(big, "big")}
<iframe id="other" src="${docOrigin}/claim.html?h=4321" height="300" title="not marked"></iframe>
<iframe id="wrong" data-rebalance-playground src="${docOrigin}/hop.html" height="300" title="moved away"></iframe>
<iframe id="clamp" data-rebalance-playground src="${docOrigin}/claim.html?h=99999" height="300" title="too tall"></iframe>
</body></html>`,
        `default-src 'none'; script-src 'self' ${playground}; frame-src 'self' ${playground} ${otherOrigin}; style-src 'none'`,
      );
      host = await newPage();
      await host.setViewportSize({ width: 700, height: 900 });
      watch(host, "doc page");
      await host.goto(`${docOrigin}/host.html`);
      for (const id of ["small", "big"]) {
        // The snippet's frames load lazily (`loading="lazy"`): each is brought into view, as a reader scrolls
        // to it. WebKit loads a frame only close to the viewport; the big one sits below the small one.
        await host.evaluate((id) => document.getElementById(id).scrollIntoView({ block: "start" }), id);
        const f = await until(() => fit(id), 20_000, `#${id} not sized to its content`);
        assert(f.scroll <= f.client, `#${id} scrolls inside: ${JSON.stringify(f)}`);
      }
      const [s, b] = [(await fit("small"))[1].outer, (await fit("big"))[1].outer];
      // Both ways from the 900 px fallback: the small group's frame shrank, the big one's grew.
      assert(s < 900 && b > 900, `heights ${s} and ${b}`);
      const rows = await host.frameEvaluate("#big", () => document.querySelectorAll("#grid tr[data-client-id]").length);
      assert(rows === 40, `${rows} grid rows in the big embed`);
      const border = await host.evaluate(() => getComputedStyle(document.getElementById("small")).borderTopWidth);
      assert(border === "0px", `border ${border}`);
    });

    await check("embed: a sized embed follows an edit inside (explain panel, language)", async () => {
      assert(host, "no doc page");
      const before = (await fit("small"))[1].outer;
      await host.frameEvaluate("#small", () => document.querySelector('#grid tr[data-client-id="b"]').click());
      const opened = await until(
        async () => {
          const [ok, f] = await fit("small");
          const shown = await host.frameEvaluate("#small", () => !!document.getElementById("explain"));
          return [ok && shown && f.outer > before + 20, f];
        },
        20_000,
        "the frame did not grow with the explain panel",
      );
      await host.frameEvaluate("#small", () => document.getElementById("lang-zh").click());
      await until(
        async () => {
          const [ok, f] = await fit("small");
          const zh = await host.frameEvaluate("#small", () => document.documentElement.lang === "zh-CN");
          return [ok && zh, f];
        },
        10_000,
        "the frame did not follow the language switch",
      );
      await host.frameEvaluate("#small", () => document.querySelector('#grid tr[data-client-id="b"]').click());
      await until(
        async () => {
          const [ok, f] = await fit("small");
          return [ok && f.outer < opened.outer - 20, f];
        },
        10_000,
        "the frame did not shrink when the panel closed",
      );
    });

    await check("embed: an embed scrolled out of view follows the host's resize", async () => {
      assert(host, "no doc page");
      // The small embed above the fold goes out of view, then the host window narrows: the frame, which gets
      // no rendering frames out of view, is asked by the host and answers with its new height.
      await host.evaluate(() => scrollTo(0, document.documentElement.scrollHeight));
      const out = () => host.evaluate(() => document.getElementById("small").getBoundingClientRect().bottom < 0);
      assert(await out(), "the small embed is still in view");
      const before = (await fit("small"))[1].outer;
      await host.setViewportSize({ width: 390, height: 900 });
      const after = await until(
        async () => {
          const [ok, f] = await fit("small");
          return [ok && Math.abs(f.outer - before) > 20, f];
        },
        10_000,
        `the out-of-view frame kept its height (${before}px) after the host narrowed`,
      );
      assert(await out(), `the small embed came into view (${JSON.stringify(after)})`);
      await host.setViewportSize({ width: 700, height: 900 });
      await until(() => fit("small"), 10_000, "the frame did not follow the host back to 700 px");
      await host.evaluate(() => scrollTo(0, 0));
    });

    await check("embed: the doc page ignores size messages from other frames and origins, and clamps", async () => {
      assert(host, "no doc page");
      // Both foreign frames have spoken (the host saw their messages) before their heights are read.
      await host.waitForFunction(
        ([other]) => window.__seen.some(([o]) => o === other) && window.__seen.filter(([, h]) => h === 4321).length >= 4,
        [otherOrigin],
      );
      const heights = await host.evaluate(() =>
        Object.fromEntries(["other", "wrong", "clamp"].map((id) => [id, document.getElementById(id).clientHeight])),
      );
      assert(heights.other === 300 && heights.wrong === 300, `foreign frames resized: ${JSON.stringify(heights)}`);
      assert(heights.clamp === 20000, `a marked frame of its own origin asking 99999 px got ${heights.clamp}`);
      const violations = await host.evaluate(() => window.__cspViolations ?? []);
      const inside = await host.frameEvaluate("#small", () => window.__cspViolations ?? []);
      assert(violations.length === 0 && inside.length === 0, `CSP: ${violations.concat(inside).join("; ")}`);
    });

    await check("embed: a host script that runs after its embed has loaded asks for the height and sizes it", async () => {
      const small = await snippetOf("?strategy=AVG&queues=broker-a:8&clients=a,b,c&lang=en");
      const [frame, script] = small.split("\n");
      assert(script.startsWith("<script "), script);
      site.setHost(
        "/late.html",
        `<!doctype html><html><head><title>late</title></head><body>${frame.replace("<iframe ", '<iframe id="late" ')}</body></html>`,
        `default-src 'none'; script-src 'self' ${playground}; frame-src ${playground}; style-src 'none'`,
      );
      const page = await newPage();
      await page.setViewportSize({ width: 700, height: 900 });
      watch(page, "late doc page");
      await page.goto(`${docOrigin}/late.html`);
      // The embed has drawn and reported to a page that had no listener yet.
      await until(async () => [await page.frameEvaluate("#late", () => !!document.querySelector("#grid tr")), null], 20_000, "no grid");
      await new Promise((r) => setTimeout(r, 500));
      const before = await page.evaluate(() => document.getElementById("late").clientHeight);
      assert(before === 900, `sized before the script ran: ${before}`);
      await page.evaluate((src) => {
        const s = document.createElement("script");
        s.src = src;
        document.head.append(s);
      }, `${base}embed.js`);
      await until(async () => {
        const outer = await page.evaluate(() => document.getElementById("late").getBoundingClientRect().height);
        const inner = await page.frameEvaluate("#late", () => document.documentElement.getBoundingClientRect().height);
        return [Math.abs(outer - inner) <= 2, { outer, inner }];
      }, 10_000, "not sized after the script ran");
      await page.close();
    });

    await check("embed: ?parts= shows only the parts it names; only an embed fetches embed.js", async () => {
      const page = await newPage();
      watch(page, "embed-parts");
      const shown = () =>
        page.evaluate(() =>
          ["headline", "queue-strip", "grid", "diagnosis", "picture"].filter((id) => {
            const e = document.getElementById(id);
            return e && e.getClientRects().length > 0;
          }),
        );
      for (const [parts, expected] of [
        ["strip,summary", "headline,queue-strip,picture"],
        ["grid", "grid,picture"],
        ["findings", "diagnosis"],
        ["grid,nope", "grid,picture"],
        ["", "headline,queue-strip,grid,diagnosis,picture"],
      ]) {
        await page.goto(`${base}?embed=1&parts=${parts}&clients=a,b,b`);
        await page.waitForSelector(".app:not(.app--waiting) [data-queue]", { state: "attached" });
        const got = (await shown()).join();
        assert(got === expected, `parts=${parts} shows ${got}, not ${expected}`);
      }
      // Not framed, the embed loads its reporter (which then does nothing); the full page never fetches it.
      const fetched = () =>
        page.evaluate(() => performance.getEntriesByType("resource").some((e) => new URL(e.name).pathname.endsWith("/embed.js")));
      assert(await fetched(), "the embed did not load embed.js");
      await page.goto(`${base}?clients=a,b,b`);
      await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
      assert(!(await fetched()), "the full page fetched embed.js");
      await page.close();
    });
  } finally {
    await host?.close().catch(() => {});
    site.close();
  }
}
