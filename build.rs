//! The site's split build (feature `split`, see `src/web/app/lazy.rs` and `scripts/split-hook.mjs`): the
//! playground binary is linked with its relocations kept, which `wasm-split` needs to cut the module into
//! the page's core and the chunks loaded on demand. Nothing else changes, and other builds are untouched.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if split && wasm {
        println!("cargo:rustc-link-arg-bin=playground=--emit-relocs");
    }
}
