// The user guide shipped beside the site (scripts/guide-hook.mjs builds it into dist/guide/): the page's link
// opens it, its pages run mdBook's scripts under their own policy (scripts/csp-hook.mjs) with no violation,
// and its embedding chapter holds the playground of the same site in a frame, as a docs site would. Called
// once from run.mjs (`guideChecks`) with its server (the guide's policy: `srv.guideCsp`) and the run's pages.
import { readFile } from "node:fs/promises";
import { join } from "node:path";

export async function guideChecks({ check, assert, open, newPage, watch, srv, base, dist, out, cspViolations }) {
  // After a click that navigates: the browser is at `url` (asked of the driver, not of a script in the page,
  // which a navigation can leave unanswered in Firefox), 15 s at most. `page.url()` is a promise in the
  // WebDriver engines.
  const arrive = async (page, url) => {
    for (let i = 0; i < 150; i++) {
      if ((await page.url()) === url) return;
      await page.waitForTimeout(100);
    }
    throw new Error(`the link opened ${await page.url()}, not ${url}`);
  };
  await check("the guide: the header's link opens it, under its own policy, with mdBook's scripts running", async () => {
    assert(srv.guideCsp && /^default-src 'self'; script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+; style-src 'self'/.test(srv.guideCsp),
      `the guide's policy ${srv.guideCsp}`);
    const written = (await readFile(join(dist, "guide", "csp-header.txt"), "utf8")).trim();
    assert(written === `Content-Security-Policy: ${srv.guideCsp}`, `guide/csp-header.txt: ${written}`);
    const page = await open("?lang=en", "guide-link");
    assert((await page.textContent("#guide")) === "Guide", `the link says ${await page.textContent("#guide")}`);
    await page.click("#guide");
    await arrive(page, `${base}guide/`);
    await page.waitForSelector("#mdbook-content main h1");
    const meta = await page.getAttribute('meta[http-equiv="Content-Security-Policy"]', "content");
    assert(meta === srv.guideCsp, `meta ${meta}`);
    // Loaded to its last script before moving on (leaving earlier aborts the page's own loads).
    await page.waitForFunction(() => document.readyState === "complete");
    // mdBook's inline scripts ran (the theme set before drawing, the sidebar's state) and its files did (the
    // code blocks' copy buttons, from book.js).
    await page.click('#mdbook-sidebar a[href="embedding.html"]');
    await arrive(page, `${base}guide/embedding.html`);
    await page.waitForSelector("h1#embedding-the-playground");
    await page.waitForSelector("pre button.clip-button", { state: "attached" });
    const ran = await page.evaluate(() => [
      document.documentElement.classList.contains("js"),
      document.getElementById("mdbook-sidebar-toggle")?.getAttribute("aria-expanded"),
    ]);
    assert(ran[0] && ran[1] === "true", `mdBook's inline scripts: ${JSON.stringify(ran)}`);
    const answer = srv.log.filter((r) => r.path === `${new URL(base).pathname}guide/embedding.html`).at(-1);
    assert(answer?.headers["content-security-policy"] === srv.guideCsp, "the server sends the guide's policy");
    const v = await cspViolations(page);
    assert(v.length === 0, `violations: ${v.join("; ")}`);
    await page.close();
  });

  await check("the guide: its embedding chapter frames the playground of the same site, grid drawn and sized", async () => {
    const page = await newPage();
    watch(page, "guide-embed");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${base}guide/embedding.html`);
    const frame = "#example iframe[data-rebalance-playground]";
    await page.waitForSelector(frame);
    // The frame is lazy: in view, it loads.
    await page.evaluate((s) => document.querySelector(s).scrollIntoView(), frame);
    let rows = 0;
    for (let i = 0; i < 300 && rows === 0; i++) {
      rows = await page.frameEvaluate(frame, () => document.querySelectorAll(".app:not(.app--waiting) #grid tr[data-client-id]").length).catch(() => 0);
      if (rows === 0) await page.waitForTimeout(100);
    }
    assert(rows > 0, "no grid rows in the frame");
    // embed.js sized it to its content: no scrolling inside.
    let fits = false;
    for (let i = 0; i < 100 && !fits; i++) {
      const [outer, inner] = await Promise.all([
        page.evaluate((s) => document.querySelector(s).getBoundingClientRect().height, frame),
        page.frameEvaluate(frame, () => document.documentElement.scrollHeight),
      ]);
      fits = Math.abs(outer - inner) <= 2;
      if (!fits) await page.waitForTimeout(100);
    }
    assert(fits, "the frame was not sized to its content");
    const inside = await page.frameEvaluate(frame, () => window.__cspViolations ?? []);
    const v = [...(await cspViolations(page)), ...inside];
    assert(v.length === 0, `violations: ${v.join("; ")}`);
    await page.evaluate(() => document.getElementById("an-example-embedded-here").scrollIntoView());
    await page.screenshot({ path: join(out, "guide-embed.png") });
    console.log(`# screenshot ${join(out, "guide-embed.png")}`);
    await page.close();
  });
}
