// The dark and light themes in the built site. Called once from run.mjs with its helpers
// (page API only); `openIn(scheme, path, label)` opens a page in a browser whose system prefers `scheme`
// (engines.mjs' launch option), the one thing a page cannot be asked to change.
import { join } from "node:path";

const DARK_BG = "rgb(16, 20, 28)"; // --bg of :root[data-theme=dark] in www/style.css
const LIGHT_BG = "rgb(246, 247, 249)"; // --bg of :root

export async function themeChecks({ check, assert, open, openIn, out }) {
  const attr = (page) => page.evaluate(() => document.documentElement.getAttribute("data-theme"));
  const bodyBg = (page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const shot = async (page, name, fullPage = false) => {
    const path = join(out, name);
    await page.screenshot({ path, fullPage });
    console.log(`# screenshot ${path}`);
  };

  await check("theme: ?theme=dark paints the page, the tour and a lesson dark (screenshots)", async () => {
    const page = await open("?theme=dark&clients=a,b,b,c&queues=broker-a:6,broker-b:4", "theme-dark");
    assert((await attr(page)) === "dark", `data-theme ${await attr(page)}`);
    assert((await bodyBg(page)) === DARK_BG, `body ${await bodyBg(page)}`);
    // A strip cell's words are the dark palette's ink on its instance colour.
    const cell = await page.evaluate(() => {
      const c = document.querySelector(".strip-cell--single");
      return c && [getComputedStyle(c).color, getComputedStyle(c).backgroundColor];
    });
    assert(cell && cell[0] === "rgb(11, 15, 23)", `single cell ${cell}`);
    await shot(page, "theme-dark.png", true);
    await page.close();
    const tour = await open("?theme=dark&tab=backlog", "theme-dark-tour");
    await tour.waitForSelector(".chart");
    await tour.evaluate(() => document.querySelector(".tour")?.scrollIntoView());
    await shot(tour, "theme-dark-tour.png");
    await tour.close();
    const lesson = await open("?theme=dark&lesson=docker&step=1", "theme-dark-lesson");
    await lesson.waitForSelector("#lesson-step-title");
    assert((await attr(lesson)) === "dark", "the lesson page is not dark");
    await shot(lesson, "theme-dark-lesson.png");
    await lesson.close();
  });

  await check("theme: the switch changes the theme and the next visit keeps it", async () => {
    const page = await open("?lang=en", "theme-switch");
    assert((await attr(page)) === "auto", `before any choice: ${await attr(page)}`);
    await page.click("#theme-dark");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    assert((await bodyBg(page)) === DARK_BG, `body ${await bodyBg(page)}`);
    // A new visit without ?theme= (the address bar carries it too): the remembered choice.
    await page.goto((await page.url()).split(/[?#]/)[0] + "?lang=en");
    await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
    assert((await attr(page)) === "dark", "the new visit forgot the theme");
    assert((await page.getAttribute("#theme-dark", "aria-pressed")) === "true", "the switch does not say dark");
    await page.click("#theme-auto");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "auto");
    await page.close();
  });

  await check("theme: auto follows prefers-color-scheme, an explicit choice does not", async () => {
    for (const [scheme, bg] of [["dark", DARK_BG], ["light", LIGHT_BG]]) {
      const page = await openIn(scheme, "", `theme-auto-${scheme}`);
      assert((await attr(page)) === "auto", `a first visit is ${await attr(page)}`);
      assert((await bodyBg(page)) === bg, `auto on a ${scheme} system: ${await bodyBg(page)}`);
      for (const [theme, want] of [["light", LIGHT_BG], ["dark", DARK_BG]]) {
        await page.goto((await page.url()).split(/[?#]/)[0] + `?theme=${theme}`);
        await page.waitForSelector(".app:not(.app--waiting) [data-queue]");
        assert((await bodyBg(page)) === want, `${theme} on a ${scheme} system: ${await bodyBg(page)}`);
      }
      await page.close();
    }
  });
}
