//! What the network can throw at the model: entries that do not fit the
//! texts, overlapping entries, empty texts, bad indexes, and big inputs that
//! would expose a quadratic build or query.

// Lists of byte ranges are the data here, not a mistaken `vec![0..n]`.
#![allow(clippy::single_range_in_vec_init)]

use std::time::Instant;

use super::tests::result;
use super::*;
use crate::api::alignment::{AlignmentEntry, Projection};
use crate::api::model::SentLen;

fn entry(s0: u32, s1: u32, t0: u32, t1: u32) -> AlignmentEntry {
    AlignmentEntry {
        src_start: s0,
        src_end: s1,
        tgt_start: t0,
        tgt_end: t1,
    }
}

fn with_entries(src: &str, tgt: &str, entries: Vec<AlignmentEntry>) -> Alignment {
    let mut r = result(&[(tgt, Some("0:0-0:0"))]);
    if let Some(a) = r.translations[0].alignment.as_mut() {
        a.proj = Projection(entries);
    }
    Alignment::new(src, &r)
}

#[test]
fn malformed_entries_are_dropped_or_clamped_and_counted() {
    // Target: 😀 is units 0..=1 / bytes 0..4; "ab" units 2..=3 / bytes 4..6.
    let a = with_entries(
        "abc def",
        "😀ab",
        vec![
            entry(5, 3, 0, 1),               // reversed source
            entry(0, 2, 3, 2),               // reversed target
            entry(100, 101, 0, 1),           // source past the end
            entry(0, 2, 4, 4),               // target starts at its end
            entry(4, u32::MAX, 2, 3),        // source clamped to "def"
            entry(0, 2, 1, 1),               // low surrogate: widened to 😀
            entry(u32::MAX, u32::MAX, 0, 0), // far out
        ],
    );
    let issues = a.issues(0).cloned().unwrap_or_default();
    assert_eq!(
        issues,
        AlignIssues {
            out_of_range: 3,
            reversed: 2,
            clamped: 1,
            split_char: 1,
            sentence_mismatch: false,
        }
    );
    assert_eq!(issues.ignored(), 5);
    assert_eq!(a.ignored_entries(), 5);
    let kept = [
        Link {
            source: 4..7,
            target: 4..6,
        },
        Link {
            source: 0..3,
            target: 0..4,
        },
    ];
    assert_eq!(a.links(0), Some(&kept[..]));
    assert_eq!(a.at_source(5).targets, vec![PaneHighlight::Spans(vec![4..6])]);
    assert_eq!(a.at_source(1).targets, vec![PaneHighlight::Spans(vec![0..4])]);
}

#[test]
fn all_entries_dropped_still_means_alignment_present() {
    let a = with_entries("abc", "xyz", vec![entry(9, 9, 9, 9)]);
    assert!(a.has_alignment(0));
    assert_eq!(a.at_source(0).targets, vec![PaneHighlight::NoCounterpart]);
    assert_eq!(a.ignored_entries(), 1);
}

#[test]
fn overlapping_and_duplicate_entries_merge() {
    // "abcdef gh": entries 0..=3, 2..=5 (twice), 7..=8 all aligned into "uvwxyz".
    let a = with_entries(
        "abcdef gh",
        "uvwxyz",
        vec![
            entry(0, 3, 0, 1),
            entry(2, 5, 1, 2),
            entry(2, 5, 1, 2),
            entry(7, 8, 4, 5),
        ],
    );
    let h = a.at_source(1);
    assert_eq!(h.targets, vec![PaneHighlight::Spans(vec![0..3])]);
    assert_eq!(h.source, PaneHighlight::Spans(vec![0..6]));
    // A narrow range picks only the entries it overlaps.
    assert_eq!(a.for_source(4..5).targets, vec![PaneHighlight::Spans(vec![1..3])]);
    assert_eq!(a.for_source(4..5).source, PaneHighlight::Spans(vec![2..6]));
}

#[test]
fn empty_texts_and_bad_indexes_never_panic() {
    let mut r = result(&[("", Some("0:0-0:0 0:3-0:3")), ("", None)]);
    r.translations[0].sent_len = Some(SentLen {
        src_sent_len: vec![0],
        trans_sent_len: vec![5, 5],
    });
    let a = Alignment::new("", &r);
    assert_eq!(a.ignored_entries(), 2);
    assert_eq!(a.source_word_at(0), None);
    assert_eq!(a.at_source(0).targets[1], PaneHighlight::Unavailable);
    assert_eq!(a.for_source(0..100).targets[0], PaneHighlight::NoCounterpart);
    assert_eq!(a.for_target(0, 7).targets[0], PaneHighlight::Spans(vec![]));
    assert_eq!(a.source_sentences(), Some(&[][..]));
    assert_eq!(a.target_sentences(0), Some(&[][..]));
    assert_eq!(a.issues(0).map(|i| i.sentence_mismatch), Some(true));
    assert_eq!(a.source_sentence_at(0), None);
    // Unknown target pane, bytes inside a UTF-8 character, reversed ranges.
    let a = Alignment::new("é b", &result(&[("x", Some("0:0-0:0"))]));
    assert_eq!(a.for_target(9, 0).targets, vec![PaneHighlight::Unavailable]);
    assert_eq!(a.target_word_at(9, 0), None);
    assert_eq!(a.target_sentences(9), None);
    assert_eq!(a.issues(9), None);
    assert_eq!(a.source_word_at(1), Some(0..2));
    #[allow(clippy::reversed_empty_ranges)]
    let reversed = 3..1;
    assert_eq!(a.for_source(reversed).targets, vec![PaneHighlight::NoCounterpart]);
    assert_eq!(a.for_source(1..2).targets, vec![PaneHighlight::Spans(vec![0..1])]);
}

/// A ~50,000-character source ("w0000 w0001 ..." with an emoji every tenth
/// word) and a target of the same shape, one entry per word (10,000) plus a
/// few hundred wide overlapping ones.
fn big() -> (String, TranslateResult) {
    let mut src = String::new();
    let mut entries = Vec::new();
    let mut unit = 0u32;
    for i in 0..10_000u32 {
        let word = if i % 10 == 0 {
            format!("😀{i:04} ")
        } else {
            format!("w{i:04} ")
        };
        src.push_str(&word);
        entries.push(entry(unit, unit + 4, unit, unit + 4));
        if i % 50 == 0 {
            entries.push(entry(unit, unit + 300, unit, unit + 2));
        }
        unit += word.encode_utf16().count() as u32;
    }
    let mut r = result(&[(src.as_str(), Some("0:0-0:0"))]);
    if let Some(a) = r.translations[0].alignment.as_mut() {
        a.proj = Projection(entries);
    }
    (src, r)
}

#[test]
fn big_input_builds_and_queries_in_n_log_n() {
    let (src, r) = big();
    assert!(src.chars().count() >= 50_000);
    let a = Alignment::new(&src, &r);
    assert_eq!(a.links(0).map(<[Link]>::len), Some(10_200));
    assert_eq!(a.ignored_entries(), 0);
    // A query per word (10,000): a linear scan per query would be 10^8 steps.
    let mut lit = 0;
    for byte in (0..src.len()).step_by(6) {
        lit += a.at_source(byte).targets[0].spans().len();
        lit += a.for_target(0, byte).source.spans().len();
    }
    assert!(lit > 10_000, "{lit}");
    // Word 1 ("w0001", bytes 9..14, after "😀0000 "): its own entry, and the
    // wide entry from word 0 whose target is units 0..=2 (bytes 0..5).
    assert_eq!(
        a.at_source(10).targets,
        vec![PaneHighlight::Spans(vec![0..5, 9..14])]
    );
}

/// `CARGO_PROFILE_TEST_OPT_LEVEL=3 cargo test --lib tui::align -- --ignored --nocapture`
#[test]
#[ignore = "timing figure, run by hand with optimisations"]
fn big_input_build_time() {
    let (src, r) = big();
    let mut best = f64::MAX;
    for _ in 0..5 {
        let t = Instant::now();
        let a = Alignment::new(&src, &r);
        best = best.min(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(a.target_count(), 1);
    }
    let a = Alignment::new(&src, &r);
    let t = Instant::now();
    for byte in (0..src.len()).step_by(6) {
        std::hint::black_box(a.at_source(byte));
    }
    let per_query = t.elapsed().as_secs_f64() * 1e9 / (src.len() / 6) as f64;
    println!("build {best:.2} ms (best of 5), at_source {per_query:.0} ns a query");
}
