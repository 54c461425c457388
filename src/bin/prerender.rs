//! Prints the playground's first screen as HTML (the page's own `App`, rendered by Yew's `ssr`), for the
//! site's build to put into `dist/index.html` (scripts/prerender-hook.mjs); the browser's wasm hydrates it.

fn main() {
    print!("{}", rebalance_playground::web::app::prerender());
}
