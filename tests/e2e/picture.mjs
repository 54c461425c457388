// The picture where no iframe is allowed. The CLI's `--svg` file is compared with what the
// page's Export really downloads for the same scenario (in English and Chinese), and the Export tab's
// "Embed with a picture" snippet is parsed: its iframe opens the same scenario, its <noscript> image is the
// same SVG. Run from run.mjs with its helpers; the CLI is target/debug/rebalance (what `cargo test` builds)
// or $REBALANCE_CLI.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cli = process.env.REBALANCE_CLI ?? resolve(here, "../../target/debug/rebalance");

/** The scenario as readable link parameters and as the CLI's flags. */
const PARAMS = { strategy: "AVG_BY_CIRCLE", queues: "broker-a:8", clients: "0,2,2" };
const query = (extra) => `?${new URLSearchParams({ ...PARAMS, ...extra })}`;

/** What `rebalance allocate --<name> <value>... --svg -` prints for the scenario changed by `extra`. */
function cliSvg(extra) {
  if (!existsSync(cli)) throw new Error(`no ${cli}: build it with \`cargo build --bin rebalance\` (or set REBALANCE_CLI)`);
  const flags = Object.entries({ ...PARAMS, ...extra }).flatMap(([k, v]) => [`--${k}`, v]);
  return execFileSync(cli, ["allocate", ...flags, "--svg", "-"], { encoding: "utf8" });
}

/** Clicks the Export tab's SVG button and reads the file the page downloads. */
async function pageSvg(page) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click("#export-svg")]);
  return readFile(await file.path(), "utf8");
}

export async function pictureChecks({ check, assert, open, newPage, strip, base }) {
  // Snippets are parsed on a blank page: the playground's strict CSP would report the iframe's style="" as
  // a violation of its own (a host page has its own policy).
  let blank;
  await check("cli: allocate --svg equals the page's Export SVG of the same scenario, in English and Chinese", async () => {
    for (const lang of ["en", "zh"]) {
      const page = await open(query({ lang }), `picture-${lang}`);
      await page.click("#tab-export");
      const downloaded = await pageSvg(page);
      const written = cliSvg({ lang });
      assert(written === downloaded, `${lang}: the CLI's SVG (${written.length} chars) differs from the page's (${downloaded.length})`);
      const footer = lang === "zh" ? "无人消费：2 · 重复消费：3" : "starved: 2 · overlapped: 3";
      assert(downloaded.includes(`>${footer}</text>`), `${lang}: no footer ${footer}`);
      await page.close();
    }
    // Text that needs escaping, several brokers and shared clientIds go through both the same way.
    // (The language is named: the page remembers the last one, Chinese here.)
    const hard = { topic: "T<&>", clients: "a\"b,中文@1,2,2", queues: "broker-a:3,broker-b:2", lang: "en" };
    const page = await open(query(hard), "picture-hard");
    await page.click("#tab-export");
    const downloaded = await pageSvg(page);
    const written = cliSvg(hard);
    assert(written === downloaded, "the escaped scenario's SVGs differ");
    assert(downloaded.includes("T&lt;&amp;&gt;") && downloaded.includes("a&quot;b"), "not escaped");
    console.log(`# cli svg = page svg (en, zh, escaped: ${downloaded.length} chars)`);
    await page.close();
  }, { once: true });

  await check("export: Embed with a picture copies the iframe and a <noscript> image of the export's SVG", async () => {
    for (const lang of ["en", "zh"]) {
      const page = await open(query({ lang }), `snippet-${lang}`);
      const cells = await strip(page);
      await page.click("#tab-export");
      const svg = await pageSvg(page);
      await page.click("#export-snippet");
      const copied = lang === "zh" ? "已复制到剪贴板。" : "Copied to the clipboard.";
      await page.waitForFunction((t) => document.querySelector("#export-snippet-hint")?.textContent === t, copied);
      const snippet = await page.inputValue("#export-snippet-text");
      const clip = await page.evaluate(() => window.__e2e.clipboard.at(-1));
      assert(clip === snippet, "the clipboard does not hold the snippet shown");
      // Parsed as a host page would with scripting off (DOMParser runs no script, so <noscript> holds elements).
      blank ??= await newPage();
      const parsed = await blank.evaluate((html) => {
        const doc = new DOMParser().parseFromString(html, "text/html");
        const frame = doc.querySelector("body > iframe");
        const img = doc.querySelector("body > noscript > img");
        return {
          children: [...doc.body.children].map((e) => e.tagName).join(),
          src: frame?.getAttribute("src"),
          title: frame?.getAttribute("title"),
          img: img?.getAttribute("src"),
          alt: img?.getAttribute("alt"),
          size: [img?.getAttribute("width"), img?.getAttribute("height")].map(Number),
        };
      }, snippet);
      assert(parsed.children === "IFRAME,SCRIPT,NOSCRIPT", `snippet holds ${parsed.children}`);
      const prefix = "data:image/svg+xml;base64,";
      assert(parsed.img?.startsWith(prefix), `img src ${parsed.img?.slice(0, 40)}`);
      const picture = Buffer.from(parsed.img.slice(prefix.length), "base64").toString("utf8");
      assert(picture === svg, `${lang}: the <noscript> image is not the export's SVG`);
      const [w, h] = svg.match(/<svg [^>]*width="(\d+)" height="(\d+)"/).slice(1).map(Number);
      assert(parsed.size[0] === w && parsed.size[1] === h, `img ${parsed.size}, svg ${w}x${h}`);
      const title = "TopicTest · GID_orders · AVG_BY_CIRCLE";
      assert(parsed.alt.includes(title) && parsed.alt.includes(lang === "zh" ? "8 个队列，3 个实例" : "8 queues, 3 instances"), `alt ${parsed.alt}`);
      // The iframe opens the same scenario, embedded, in the same language.
      const src = new URL(parsed.src);
      assert(src.href.startsWith(base) && src.searchParams.get("embed") === "1" && src.hash.startsWith("#s="), `iframe src ${parsed.src}`);
      const embedded = await open(src.href.slice(base.length), `snippet-frame-${lang}`);
      const again = await strip(embedded);
      assert(again.join() === cells.join(), `the iframe shows ${again}, the page ${cells}`);
      assert((await embedded.getAttribute("html", "lang"))?.startsWith(lang), `iframe page lang ${await embedded.getAttribute("html", "lang")}`);
      if (lang === "en") console.log(`# snippet ${snippet.length} chars, alt "${parsed.alt}"`);
      await embedded.close();
      // An edit takes the snippet away: it showed the scenario it was made of.
      await page.fill("#clients", "0\n1");
      await page.waitForSelector("#export-snippet-text", { state: "detached" });
      await page.close();
    }
    await blank?.close();
  });
}
