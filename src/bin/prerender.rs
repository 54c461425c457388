//! Prints the playground's prerendered pages for the site's build (scripts/prerender-hook.mjs), as JSON:
//! `[{"file", "address", "html"}]`, where `html` is the first screen of the page opened at `address` (its
//! `location.search` and `location.hash`) with nothing remembered, rendered by the page's own `App` with Yew's
//! `ssr`. The hook writes each into its file's `<div id="app">`, and the address into `<html
//! data-prerendered>`, which the page's first-screen script compares with the visit's; the wasm hydrates it.

use rebalance_playground::group::{link::encode_state, Lang, Scenario};
use rebalance_playground::page::theme::Theme;
use rebalance_playground::page::url;
use rebalance_playground::web::app::prerender;

fn main() {
    // The full page with nothing in its address, and the embed the Embed button gives for the default
    // scenario in English with the theme left to the host.
    let embed = url::embed_address(Theme::default(), &encode_state(&Scenario::default(), Lang::En), Lang::En, "");
    let pages = [("index.html", String::new()), (url::EMBED_PAGE, embed)];
    let out: Vec<serde_json::Value> = pages
        .iter()
        .map(|(file, address)| {
            let (search, hash) = address.split_at(address.find('#').unwrap_or(address.len()));
            serde_json::json!({ "file": file, "address": address, "html": prerender(search, hash) })
        })
        .collect();
    print!("{}", serde_json::Value::Array(out));
}
