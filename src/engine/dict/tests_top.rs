//! `candidates_top` keeps the heaviest words of `candidates`, with their weights.

use super::lookup::{MAX_ALTERNATIVES, MAX_BACK, candidates, candidates_top};
use super::{Library, library, normalize};

/// The `n` most frequent words of `lang`'s bundled frequency list.
fn frequent(lang: &str, n: usize) -> Vec<String> {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("assets/dict/freq-{lang}.tsv.gz"));
    let Ok(gz) = std::fs::read(path) else {
        return Vec::new();
    };
    let text = super::dictd::gunzip_text(&gz).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split('\t').next())
        .take(n)
        .map(str::to_owned)
        .collect()
}

/// The first `limit` distinct words (normalized) with their part of speech and weight.
fn top(cands: &[super::Candidate], limit: usize) -> Vec<(String, super::Pos, f64)> {
    let mut seen = std::collections::HashSet::new();
    cands
        .iter()
        .filter(|c| seen.insert(normalize(&c.display)))
        .take(limit)
        .map(|c| (c.display.clone(), c.pos, c.weight))
        .collect()
}

#[test]
fn the_top_words_are_those_of_all_candidates() {
    let lib = Library::bundled();
    let mut checked = 0;
    for b in library::BUNDLED {
        for (from, to) in [(b.from, b.to), (b.to, b.from)] {
            for word in frequent(from, 80) {
                let all = candidates(&lib, from, to, &word).1;
                for limit in [MAX_ALTERNATIVES, MAX_BACK, 1] {
                    let some = candidates_top(&lib, from, to, &word, limit).1;
                    assert_eq!(
                        top(&some, limit),
                        top(&all, limit),
                        "{from}→{to} {word} top {limit}"
                    );
                }
                checked += usize::from(all.len() > MAX_ALTERNATIVES);
            }
        }
    }
    // Enough words with more candidates than are kept for the test to mean something.
    assert!(checked > 300, "{checked}");
}

#[test]
fn english_words_and_their_negative_prefixes() {
    let lib = Library::bundled();
    assert!(lib.is_english_word("valid") && lib.is_english_word("House"));
    assert!(!lib.is_english_word("qzxv"));
    for w in ["invalid", "unknown", "illegal", "disallow"] {
        assert!(lib.has_negative_prefix(w, 4), "{w}");
    }
    // `install` → `stall` is a word, but shorter than asked; `under` → `der` is none.
    assert!(!lib.has_negative_prefix("install", 6));
    assert!(!lib.has_negative_prefix("under", 3));
    assert!(!lib.has_negative_prefix("house", 3));
}
