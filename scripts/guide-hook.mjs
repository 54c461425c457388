// Trunk post_build (scripts/post-build.mjs): the user guide (book.toml, docs/src) built by mdBook into the
// site's guide/ folder, so the page's header links to it (`guide/`) wherever the site is hosted, in
// `scripts/serve` as in a release build. It is the guide alone: the offline worker leaves it out
// (sw-hook.mjs) and csp-hook.mjs gives its pages a policy of their own (mdBook's inline scripts).
import { execFileSync } from "node:child_process";
import { join, resolve } from "node:path";

const staging = resolve(process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist");
const root = resolve(process.env.TRUNK_SOURCE_DIR ?? ".");
try {
  execFileSync("mdbook", ["build", "--dest-dir", join(staging, "guide"), root], { stdio: ["ignore", "ignore", "inherit"] });
} catch (e) {
  console.error(`guide-hook: mdbook build failed (${e.code === "ENOENT" ? "no mdbook on PATH: source scripts/setup.sh" : e.message})`);
  process.exit(1);
}
console.log("guide-hook: the guide built into guide/");
