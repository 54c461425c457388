//! The playground driven like a user in a real browser, one binary for every engine (scripts/test runs it
//! in headless Chromium, Firefox and WebKit): each module mounts fresh apps into the one page and holds
//! it alone while it runs; `browser` has what they share.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod browser;
mod group_config;
mod hostile;
mod import;
mod keyboard;
mod lessons;
mod mixed;
mod playground;
mod pseudo;
mod record;
mod theme;
mod timeline;
mod tour;
mod tour_inputs;
mod views;
