//! Replays every committed input of `fuzz/corpus/<target>/` and
//! `fuzz/regressions/<target>/` through the harness of that target, so the
//! corpora and the crash reproducers are checked on stable by `cargo test`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

fn fuzz_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.flatten().map(|e| e.path()).filter(|p| p.is_file()).collect())
        .unwrap_or_default();
    out.sort();
    out
}

/// Runs `harness` on every file of the target's corpus and regressions; the
/// corpus must not be empty, and the cargo-fuzz target must call this harness.
fn replay(target: &str, harness: fn(&[u8])) {
    let wrapper = fuzz_dir().join("fuzz_targets").join(format!("{target}.rs"));
    let source = std::fs::read_to_string(&wrapper).unwrap_or_default();
    assert!(
        source.contains(&format!("glossa::fuzzing::{target}(")),
        "{} does not call glossa::fuzzing::{target}",
        wrapper.display()
    );
    let corpus = files(&fuzz_dir().join("corpus").join(target));
    assert!(!corpus.is_empty(), "no corpus for {target}");
    let regressions = files(&fuzz_dir().join("regressions").join(target));
    for path in corpus.iter().chain(&regressions) {
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if catch_unwind(AssertUnwindSafe(|| harness(&bytes))).is_err() {
            panic!("{} fails (message above)", path.display());
        }
    }
}

#[test]
fn corpus_alignment() {
    replay("alignment", super::alignment);
}

#[test]
fn corpus_odata() {
    replay("odata", super::odata);
}

#[test]
fn corpus_request() {
    replay("request", super::request);
}

#[test]
fn corpus_markup() {
    replay("markup", super::markup);
}

#[test]
fn corpus_glossary() {
    replay("glossary", super::glossary);
}

#[test]
fn corpus_dictd() {
    replay("dictd", super::dictd);
}
