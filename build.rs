//! Two jobs, both at build time so that nothing is parsed or looked up at run time:
//!
//! - The words: `locales/` (Fluent files, one folder per language) become `$OUT_DIR/words.rs`, one typed
//!   function per message (`crate::words`; the generator is `build/words.rs`). A message missing in one
//!   language, a variable one language lacks or a Fluent feature the generator does not compile fails here.
//! - The site's split build (feature `split`, see `src/web/app/lazy.rs` and `scripts/split-hook.mjs`): the
//!   playground binary is linked with its relocations kept, which `wasm-split` needs to cut the module into
//!   the page's core and the chunks loaded on demand. Other builds are untouched.
#[path = "build/words.rs"]
mod words;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build/words.rs");
    println!("cargo:rerun-if-changed=locales");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if split && wasm {
        println!("cargo:rustc-link-arg-bin=playground=--emit-relocs");
    }

    let root = std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let pseudo = std::env::var_os("CARGO_FEATURE_PSEUDO_LOCALE").is_some();
    match words::generate(&root.join("locales"), pseudo) {
        Ok(out) => {
            for input in &out.inputs {
                println!("cargo:rerun-if-changed={}", input.display());
            }
            let path = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it")).join("words.rs");
            std::fs::write(&path, out.code).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        }
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            eprintln!("the words in locales/ do not compile ({} problems; see locales/README.md)", errors.len());
            std::process::exit(1);
        }
    }
}
