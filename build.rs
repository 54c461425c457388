//! Two jobs, both at build time so that nothing is parsed or looked up at run time:
//!
//! - The words: `locales/` (Fluent files, one folder per language) become `$OUT_DIR/words.rs`, one typed
//!   function per message (`crate::words`; the generator is `build/words.rs`, the plural rules
//!   `build/plurals.rs`). A variable one language lacks or a Fluent feature the generator does not compile
//!   fails here, with the file and line; a message a language does not have yet is a warning, and the first
//!   language's words stand in for it.
//! - The site's split build (feature `split`, see `src/web/app/lazy.rs` and `scripts/split-hook.mjs`): the
//!   playground binary is linked with its relocations kept, which `wasm-split` needs to cut the module into
//!   the page's core and the chunks loaded on demand. Other builds are untouched.
use std::path::{Path, PathBuf};

#[path = "build/plurals.rs"]
mod plurals;
#[path = "build/words.rs"]
mod words;

fn main() {
    for path in ["build.rs", "build/words.rs", "build/plurals.rs"] {
        println!("cargo:rerun-if-changed={path}");
    }
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|a| a == "wasm32");
    if split && wasm {
        println!("cargo:rustc-link-arg-bin=playground=--emit-relocs");
    }

    let root = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    // The pseudo-locale's words: with the feature (tests, the CLI, the JS API) and in debug builds, so the page
    // `scripts/serve` builds answers `?lang=pseudo` too; never in the site's release build.
    let pseudo = std::env::var_os("CARGO_FEATURE_PSEUDO_LOCALE").is_some()
        || std::env::var("PROFILE").is_ok_and(|p| p == "debug");
    compile(&root, &root.join("locales"), pseudo, &out.join("words.rs"));
    // The generator's own fixture, for crate::words' unit tests: a few milliseconds, and a build script cannot
    // tell a test build from another.
    compile(&root, &root.join("tests/fixtures/words"), true, &out.join("words_fixture.rs"));
}

fn compile(root: &Path, locales: &Path, pseudo: bool, to: &Path) {
    match words::generate(locales, &root.join("locales/cldr/plurals.json"), pseudo) {
        Ok(generated) => {
            for input in &generated.inputs {
                println!("cargo:rerun-if-changed={}", input.display());
            }
            // A translation under way: the first language's words stand in, said once per message.
            for missing in &generated.fallbacks {
                println!("cargo:warning={missing}");
            }
            if !generated.fallbacks.is_empty() {
                println!("cargo:warning={} messages not translated yet", generated.fallbacks.len());
            }
            std::fs::write(to, generated.code).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
        }
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            eprintln!("{} do not compile ({} problems; see locales/README.md)", locales.display(), errors.len());
            std::process::exit(1);
        }
    }
}
