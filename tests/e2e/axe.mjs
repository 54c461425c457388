// Axe-core's WCAG 2.2 A and AA rules over every view a reader meets, in both themes, at 1280
// and 360 px wide. axe-core is the engine @axe-core/playwright wraps; its source is handed to the page with
// `page.evaluate` (which the page's CSP does not govern), so the same audit runs in every engine the e2e run
// drives. Called once from run.mjs with its helpers; prints one `# axe` line per view and fails on any violation.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const TABS = ["compare", "diff", "views", "backlog", "contrast", "export"];

/** The views to audit: what to open, and what to do there before the audit. */
function views() {
  const clients = "clients=10.0.0.11@31822,172.17.0.1@9,172.17.0.1@9,10.0.0.12@5";
  return [
    ["main page", `?${clients}`, async () => {}],
    ["embed mode", `?embed=1&${clients}`, async () => {}],
    ...TABS.map((tab) => [`tour tab ${tab}`, `?${clients}&tab=${tab}`, async (page) => page.waitForSelector("#tour-body > *")]),
    ["lesson list", `?${clients}`, async (page) => {
      await page.click("#lessons-open");
      await page.waitForSelector("#lessons");
    }],
    ["lesson step", "?lesson=docker&step=3", async (page) => page.waitForSelector("#lesson-conditions")],
    ["explain panel", `?${clients}`, async (page) => {
      await page.click("#grid tbody tr:nth-child(2)");
      await page.waitForSelector("#explain .explain__steps");
    }],
    ["share panel", `?${clients}`, async (page) => {
      await page.click("#share");
      await page.waitForSelector("#share-link");
      await page.click("#embed");
      await page.waitForSelector("#embed-snippet");
    }],
  ];
}

/** One line per violated rule: its id, impact, and the first nodes it names. */
const describe = (violations) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);

export async function axeChecks({ check, assert, open, themes = ["light", "dark"] }) {
  const source = await readFile(require.resolve("axe-core/axe.min.js"), "utf8");
  const audit = async (page) => {
    await page.evaluate(source);
    return page.evaluate(async (tags) => {
      // Colour animations and focus transitions settle first, or contrast is measured mid-way.
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return { violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) })), passes: r.passes.length };
    }, TAGS);
  };
  for (const theme of themes) {
    for (const width of [1280, 360]) {
      await check(`axe: WCAG 2.2 A/AA, ${theme} theme at ${width} px, every view`, async () => {
        const found = [];
        for (const [name, query, prepare] of views()) {
          const page = await open(`${query}${query.includes("?") ? "&" : "?"}theme=${theme}`, `axe-${name}`, { width, height: 900 });
          await prepare(page);
          const { violations } = await audit(page);
          console.log(`# axe ${theme} ${width}px ${name}: ${violations.length} violations`);
          found.push(...describe(violations).map((v) => `${name}: ${v}`));
          await page.close();
        }
        assert(found.length === 0, found.join("; "));
        // Every theme and width in the first engine; the light theme at 1280 px in the others (axe reads the
        // same DOM and styles in each; the engines' differences show in any one view).
      }, { once: !(theme === "light" && width === 1280) });
    }
  }
}
