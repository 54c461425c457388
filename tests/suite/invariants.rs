//! Architecture invariants, enforced: the pure core never touches the browser.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::Path;

const BROWSER_CRATES: [&str; 6] = ["yew", "web_sys", "gloo", "wasm_bindgen", "js_sys", "serde_wasm_bindgen"];

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    files_where(dir, &|_| true, &|path| path.extension().is_some_and(|e| e == "rs"), out);
}

/// The files under `dir` that `keep` accepts, in the folders `enter` accepts.
fn files_where(
    dir: &Path,
    enter: &dyn Fn(&Path) -> bool,
    keep: &dyn Fn(&Path) -> bool,
    out: &mut Vec<std::path::PathBuf>,
) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            if enter(&path) {
                files_where(&path, enter, keep, out);
            }
        } else if keep(&path) {
            out.push(path);
        }
    }
}

/// `src/rocketmq`, `src/rocketmq_go`, `src/group`, `src/kafka`, `src/import`, `src/timeline`, `src/replay.rs` and `src/words.rs`
/// (with the code build.rs generates into it) are the core: no browser crate, no I/O.
#[test]
fn core_imports_no_browser_crate_and_does_no_io() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let generated = std::path::PathBuf::from(env!("OUT_DIR")).join("words.rs");
    let mut files = vec![root.join("replay.rs"), root.join("words.rs"), generated];
    // The page's logic too: it is tested natively, so it cannot reach the browser either.
    for dir in ["rocketmq", "rocketmq_go", "group", "kafka", "import", "page", "timeline"] {
        rust_files(&root.join(dir), &mut files);
    }
    assert!(files.len() > 10, "found only {} core files", files.len());
    let mut offences = vec![];
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let browser =
                BROWSER_CRATES.iter().any(|c| code.contains(&format!("{c}::")) || code.contains(&format!("use {c}")));
            let io = ["std::fs", "std::io", "std::net::Tcp", "std::env", "std::time::SystemTime", "std::process"]
                .iter()
                .any(|p| code.contains(p));
            if browser || io {
                offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "the pure core reaches outside itself:\n{}", offences.join("\n"));
}

/// Nothing below the page knows the site is cut into parts: no core module (nor the page's logic) speaks of
/// chunks, lazy parts or loading; only `web::app::lazy` names the four parts.
#[test]
fn nothing_below_the_page_knows_the_split() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![root.join("replay.rs"), root.join("words.rs")];
    for dir in ["rocketmq", "rocketmq_go", "group", "kafka", "import", "page", "timeline"] {
        rust_files(&root.join(dir), &mut files);
    }
    let mut offences = vec![];
    for file in &files {
        let text = fs::read_to_string(file).unwrap();
        for (n, line) in text.lines().enumerate() {
            let l = line.to_lowercase();
            let says = [
                "a chunk",
                "the chunk",
                "its chunk",
                "chunk of its own",
                "wasm_split",
                "lazy::",
                "split build",
                "loaded on demand",
                "waiting for the code",
            ];
            if says.iter().any(|w| l.contains(w)) {
                offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "the core speaks of the site's parts:\n{}", offences.join("\n"));
}

/// History belongs in git: no source file, script or document of the project names a tracker's issue by its
/// number (a section of code named "issue 17" says nothing to the next reader).
#[test]
fn no_issue_numbers_in_code_or_docs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    let enter = |dir: &Path| {
        let name = dir.file_name().unwrap().to_string_lossy();
        // Verbatim copies of what others wrote (docs/spec cites upstream trackers, e.g. a Go client issue).
        !["fixtures", "node_modules", "out", "target", "spec"].contains(&&*name)
    };
    let keep = |path: &Path| {
        let name = path.file_name().unwrap().to_string_lossy();
        ["rs", "mjs", "js", "sh", "md", "toml", "ftl", "html", "css"]
            .iter()
            .any(|e| path.extension().is_some_and(|x| x == *e))
            || ["run", "test", "bench"].contains(&&*name)
    };
    for dir in ["src", "tests", "scripts", "www", "locales", "build", "docs", "benches", "monitoring", ".ci"] {
        if root.join(dir).is_dir() {
            files_where(&root.join(dir), &enter, &keep, &mut files);
        }
    }
    for top in ["README.md", "ARCHITECTURE.md", "BENCHMARKS.md", "Cargo.toml", "Trunk.toml", "index.html", "build.rs"] {
        files.push(root.join(top));
    }
    files.extend(["CONTRIBUTING.md", "book.toml"].map(|top| root.join(top)));
    assert!(files.len() > 50, "found only {} files", files.len());
    let mut offences = vec![];
    for file in files.iter().filter(|f| f.is_file()) {
        let text = fs::read_to_string(file).unwrap_or_default();
        for (n, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
            let names_one = words.windows(2).any(|w| {
                w[0].eq_ignore_ascii_case("issue") && w[1].chars().all(|c| c.is_ascii_digit())
                    // A dependency's own tracker ("cargo issue #6313") is a reference, not this project's history.
                    && !line.to_lowercase().contains("cargo issue")
            });
            if names_one && !file.ends_with("tests/suite/invariants.rs") {
                offences.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
            }
        }
    }
    assert!(offences.is_empty(), "issue numbers in the project's files:\n{}", offences.join("\n"));
}

/// The golden vectors in the fixtures are a verbatim copy of the shared ones, when those are at hand.
#[test]
fn fixtures_are_verbatim_copies_of_shared_vectors() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (fixture, shared) in [
        ("rocketmq-golden-public.jsonl", "../shared/rocketmq/golden-public.jsonl"),
        ("kafka-public.jsonl", "../shared/kafka/kafka-public.jsonl"),
        ("rocketmq-go-golden-public.jsonl", "../shared/rocketmq-go/golden-go-public.jsonl"),
    ] {
        let ours = fs::read(here.join("tests/fixtures").join(fixture)).unwrap();
        assert!(!ours.is_empty());
        if let Ok(theirs) = fs::read(here.join(shared)) {
            assert!(ours == theirs, "tests/fixtures/{fixture} differs from {shared}");
        }
    }
}

/// The cluster-output samples and real pastes in the fixtures are verbatim copies of the shared ones.
#[test]
fn cluster_output_fixtures_are_verbatim_copies() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = here.join("../shared/cluster-output");
    let ours = here.join("tests/fixtures/cluster-output");
    let mut count = 0;
    for part in ["samples", "real"] {
        let mut stack = vec![ours.join(part)];
        while let Some(dir) = stack.pop() {
            for entry in fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                    continue;
                }
                count += 1;
                let shared_file = shared.join(path.strip_prefix(&ours).unwrap());
                if let Ok(theirs) = fs::read(&shared_file) {
                    assert!(
                        fs::read(&path).unwrap() == theirs,
                        "{} differs from {}",
                        path.display(),
                        shared_file.display()
                    );
                }
            }
        }
    }
    assert_eq!(count, 14 + 50, "fixture files");
}

/// The live cluster reader (`src/live`: TCP sockets, threads, an HTTP server) is native only: the lib
/// declares it for non-wasm targets only and the page's code never names it.
#[test]
fn the_remoting_client_is_native_only() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let lib = fs::read_to_string(root.join("lib.rs")).unwrap();
    assert!(
        lib.contains("#[cfg(not(target_arch = \"wasm32\"))]\npub mod live;"),
        "src/lib.rs must gate `live` off wasm"
    );
    let mut files = vec![];
    for dir in ["web", "rocketmq", "rocketmq_go", "group", "kafka", "import"] {
        rust_files(&root.join(dir), &mut files);
    }
    let named: Vec<String> = files
        .iter()
        .filter(|f| fs::read_to_string(f).unwrap().contains("live::"))
        .map(|f| f.display().to_string())
        .collect();
    assert!(named.is_empty(), "the page or the core names the live reader: {named:?}");
}
