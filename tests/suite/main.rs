//! Everything but the browser: the cores against their golden vectors, properties, the readers, the
//! page model, the words, the CLI as a process, and the invariants, in one binary. The suites that hold
//! core code also run inside wasm (`cargo test --target wasm32-unknown-unknown --test suite`, under
//! Node: they touch no page), so a difference between native and wasm arithmetic fails there.

mod json;
// build.rs's CLDR plural rules, at the crate root where its word generator (`words::generator`) looks.
#[cfg(not(target_arch = "wasm32"))]
#[path = "../../build/plurals.rs"]
mod plurals;

mod cli;
mod findings_words;
mod go_golden;
mod go_properties;
mod golden;
mod group_config;
mod held;
mod hostile;
mod import;
mod import_config;
mod import_words;
mod invariants;
mod kafka_golden;
mod layers;
mod lesson_words;
mod live_wire;
mod live_words;
mod mixed_properties;
mod page;
mod page_record;
mod page_timeline;
mod page_words;
mod properties;
mod stall;
mod theme_contrast;
mod timeline;
mod words;
