// Trunk's links in index.html carry subresource integrity (sha384). The post-build steps that rewrite a file
// Trunk linked (split-hook.mjs: the core's glue and wasm; css-hook.mjs: the stylesheet) recompute it here.
import { createHash } from "node:crypto";

// `html` with the `integrity` of the link to `./<name>` set for `bytes`, or null when no such link exists.
export function withIntegrity(html, name, bytes) {
  const sri = `sha384-${createHash("sha384").update(bytes).digest("base64")}`;
  const link = new RegExp(`(href="\\./${name.replace(/[.]/g, "\\.")}"[^>]*integrity=")[^"]*(")`);
  return link.test(html) ? html.replace(link, `$1${sri}$2`) : null;
}
