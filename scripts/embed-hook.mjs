// Trunk post_build (scripts/post-build.mjs): minifies embed.js (www/embed.js, copied by Trunk as it is) in
// release builds. It keeps its name, since doc pages link it by that name (the guide, "Embedding"); its
// documentation is the header of www/embed.js, and the minified file points there in one line.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const staging = process.env.TRUNK_STAGING_DIR ?? process.argv[2] ?? "dist";
const profile = process.env.TRUNK_PROFILE ?? "release";
const file = join(staging, "embed.js");
if (!existsSync(file)) {
  console.error(`embed-hook: no ${file} (index.html copies www/embed.js)`);
  process.exit(1);
}
if (profile === "release") {
  const before = readFileSync(file, "utf8").length;
  execFileSync("terser", [file, "--compress", "--mangle", "-o", file], { stdio: "inherit" });
  const min = readFileSync(file, "utf8");
  writeFileSync(file, `/* rebalance-playground embed.js, see README "Embedding" */\n${min}\n`);
  console.log(`embed-hook: embed.js ${before} -> ${min.length} bytes`);
}
