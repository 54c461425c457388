// Trunk post_build (scripts/post-build.mjs): names and announces the parts' stylesheet (below), and minifies
// the stylesheets with csso in release builds (about 1.2 KB less per visit, gzipped). Trunk's own `minify` would also rewrite index.html,
// whose exact markup the split and CSP steps read, so only the CSS is minified, here. `restructure: false`:
// comments and whitespace go, rules are never merged or reordered, so the cascade stays as written.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { withIntegrity } from "./integrity.mjs";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const profile = process.env.TRUNK_PROFILE ?? "release";
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");

const htmlFile = join(staging, "index.html");
let html = readFileSync(htmlFile, "utf8");
const { minify } = createRequire(join(root, ".tools", "node_modules", "/"))("csso");

// The parts' stylesheet (www/parts.css, copied by Trunk as it is): minified in release builds, renamed with
// its content's hash (a new build is never styled by an old copy), and announced to the page, which links it
// with this integrity when it first fetches a part (src/web/app/lazy.rs). It is never linked by index.html,
// so a first visit does not transfer it.
const partsFile = join(staging, "parts.css");
if (existsSync(partsFile)) {
  let css = readFileSync(partsFile, "utf8");
  if (profile === "release") css = minify(css, { restructure: false }).css;
  const name = `parts-${createHash("sha256").update(css).digest("hex").slice(0, 16)}.css`;
  rmSync(partsFile);
  writeFileSync(join(staging, name), css);
  const sri = `sha384-${createHash("sha384").update(css).digest("base64")}`;
  const meta = `<meta name="parts-css" content="./${name}" data-integrity="${sri}" />`;
  html = html.replace(/<meta name="parts-css"[^>]*>\s*/, "").replace("</head>", `  ${meta}\n  </head>`);
  console.log(`css-hook: parts.css -> ${name} (${css.length} bytes)`);
}

if (profile === "release") {
  for (const name of readdirSync(staging).filter((f) => f.endsWith(".css") && !f.startsWith("parts-"))) {
    const file = join(staging, name);
    const before = readFileSync(file, "utf8");
    const css = minify(before, { restructure: false }).css;
    if (!css) {
      console.error(`css-hook: csso returned nothing for ${name}`);
      process.exit(1);
    }
    writeFileSync(file, css);
    // Trunk's link carries subresource integrity: recompute it for the new content.
    const updated = withIntegrity(html, name, css);
    if (updated === null) {
      console.error(`css-hook: no integrity attribute for ${name} in index.html`);
      process.exit(1);
    }
    html = updated;
    console.log(`css-hook: ${name} ${before.length} -> ${css.length} bytes`);
  }
}
writeFileSync(htmlFile, html);
