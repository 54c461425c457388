// Trunk's post_build hook (Trunk.toml). Trunk runs the hooks of one stage concurrently, and every step
// rewrites index.html, so they run here one after the other: first the split into core and on-demand chunks
// (split-hook.mjs, issue 5), then the minified stylesheet (css-hook.mjs, issue 5), then the
// Content-Security-Policy over the final page (csp-hook.mjs, issue 6).
await import("./split-hook.mjs");
await import("./css-hook.mjs");
await import("./csp-hook.mjs");
