// Trunk's post_build hook (Trunk.toml). Trunk runs the hooks of one stage concurrently, and every step
// rewrites index.html, so they run here one after the other: first the split into core and on-demand chunks
// (split-hook.mjs), then the minified stylesheet (css-hook.mjs) and embed.js
// (embed-hook.mjs), then the core wasm preloaded from the top of <head> (preload-hook.mjs), then the first screen
// rendered into the page (prerender-hook.mjs), then the user guide into guide/ (guide-hook.mjs), then the offline
// worker over the final file names, the guide left out (sw-hook.mjs), then the Content-Security-Policy over the
// final pages (csp-hook.mjs), which hashes the worker's inline registration too, and the guide's own.
await import("./split-hook.mjs");
await import("./css-hook.mjs");
await import("./embed-hook.mjs");
await import("./preload-hook.mjs");
await import("./prerender-hook.mjs");
await import("./guide-hook.mjs");
await import("./sw-hook.mjs");
await import("./csp-hook.mjs");
