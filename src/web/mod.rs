//! Everything that needs a browser or JavaScript: the JS API ([`api`]) and the Yew playground ([`app`]).
//! Compiled for wasm32, and natively with the feature `prerender` (the first screen rendered at build time,
//! `app::prerender`); the pure core it calls knows nothing of it.

#[cfg(feature = "js-api")]
pub mod api;
pub mod app;

/// Mounts the playground into `<main id="app">` (or the body), with panics shown on the page.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    app::mount();
}
