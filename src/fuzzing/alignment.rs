//! The alignment projection (`proj`) and the highlights the Translate tab
//! derives from it.
//!
//! Input: fields cut at 0xFF: `source`, then up to four targets of three
//! fields each: `text`, `proj`, `sentLen` (`"7 3;8 2"`: srcSentLen, then
//! transSentLen). A missing `proj` field means no alignment.
//!
//! Checks: `proj` parses as the lenient reading of its entries says (the
//! harness keeps reversed and huge entries the strict parser refuses, so the
//! model sees them too), prints and parses back the same, and survives JSON;
//! [`Alignment`] never panics, keeps or counts every entry, and every range it
//! returns (links, words, sentences, highlights) is a slice of its text;
//! highlights are sorted, disjoint and not touching; what the interval index
//! finds for a source range is what a linear scan of the links finds.

use std::ops::Range;

use super::{assert_slice, cursors, fields};
use crate::api::alignment::{AlignmentEntry, Projection};
use crate::api::model::{self, SentLen, TranslateResult, Translation};
use crate::tui::tabs::translate::align::{Alignment, PaneHighlight};

/// Runs one input; see the module docs.
pub fn alignment(data: &[u8]) {
    let f = fields(data);
    let Some((source, rest)) = f.split_first() else {
        return;
    };
    let translations: Vec<Translation> = rest.chunks(3).take(4).map(translation).collect();
    let result = TranslateResult {
        detected_language: None,
        translations,
        source_text: None,
    };
    // Reversed entries cannot be printed as a valid `proj`; the others go over the wire.
    let ordered = result.translations.iter().flat_map(|t| &t.alignment).all(|a| {
        a.proj
            .entries()
            .iter()
            .all(|e| e.src_start <= e.src_end && e.tgt_start <= e.tgt_end)
    });
    if ordered && let Ok(json) = serde_json::to_string(&result) {
        let back: Result<TranslateResult, _> = serde_json::from_str(&json);
        assert!(back.is_ok_and(|b| b == result), "JSON round trip: {json}");
    }
    let a = Alignment::new(source, &result);
    check(&a, source, &result);
}

fn translation(chunk: &[String]) -> Translation {
    let text = chunk.first().cloned().unwrap_or_default();
    let alignment = chunk.get(1).map(|p| model::Alignment { proj: projection(p) });
    let sent_len = chunk.get(2).and_then(|s| sent_len(s));
    Translation {
        text,
        to: "xx".into(),
        transliteration: None,
        alignment,
        sent_len,
    }
}

/// The entries of `proj` that read as numbers, reversed ones included; checks
/// the strict parser against this reading.
fn projection(proj: &str) -> Projection {
    let lenient: Vec<Option<AlignmentEntry>> = proj.split_whitespace().map(lenient_entry).collect();
    let strict = proj.parse::<Projection>();
    let ordered = |e: &AlignmentEntry| e.src_start <= e.src_end && e.tgt_start <= e.tgt_end;
    match &strict {
        Ok(p) => {
            let expected: Option<Vec<AlignmentEntry>> = lenient.iter().copied().collect();
            assert_eq!(
                Some(p.entries()),
                expected.as_deref(),
                "strict vs lenient: {proj:?}"
            );
            assert_eq!(
                p.to_string().parse::<Projection>().as_ref(),
                Ok(p),
                "print/parse: {proj:?}"
            );
        }
        Err(_) => assert!(
            lenient.iter().any(|e| !e.as_ref().is_some_and(ordered)),
            "refused although every entry reads: {proj:?}"
        ),
    }
    Projection(lenient.into_iter().flatten().collect())
}

/// `a:b-c:d` with the strict parser's splitting but no order check.
fn lenient_entry(s: &str) -> Option<AlignmentEntry> {
    let span = |x: &str| {
        let (a, b) = x.split_once(':')?;
        Some((a.parse::<u32>().ok()?, b.parse::<u32>().ok()?))
    };
    let (src, tgt) = s.split_once('-')?;
    let ((src_start, src_end), (tgt_start, tgt_end)) = (span(src)?, span(tgt)?);
    Some(AlignmentEntry {
        src_start,
        src_end,
        tgt_start,
        tgt_end,
    })
}

fn sent_len(s: &str) -> Option<SentLen> {
    let (src, tgt) = s.split_once(';')?;
    let nums = |x: &str| {
        x.split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<u32>, _>>()
            .ok()
    };
    Some(SentLen {
        src_sent_len: nums(src)?,
        trans_sent_len: nums(tgt)?,
    })
}

fn check(a: &Alignment, source: &str, result: &TranslateResult) {
    let texts: Vec<&str> = result.translations.iter().map(|t| t.text.as_str()).collect();
    assert_eq!(a.target_count(), texts.len());
    for (t, (text, tr)) in texts.iter().zip(&result.translations).enumerate() {
        let entries = tr.alignment.as_ref().map_or(0, |x| x.proj.entries().len());
        assert_eq!(a.has_alignment(t), entries > 0, "target {t}");
        if let Some(links) = a.links(t) {
            let ignored = a.issues(t).map_or(0, |i| i.ignored());
            assert_eq!(links.len() + ignored, entries, "kept + ignored, target {t}");
            for l in links {
                assert_slice(source, &l.source, "link source");
                assert_slice(text, &l.target, "link target");
                assert!(!l.source.is_empty() && !l.target.is_empty(), "empty link {l:?}");
            }
        }
        pieces(a.target_sentences(t), text, "target sentences");
        for b in cursors(text.len()) {
            opt(a.target_word_at(t, b), text, "target word");
            opt(a.target_step(t, Some(b), true), text, "next word");
            opt(a.target_step(t, Some(b), false), text, "previous word");
            let _ = a.target_sentence_at(t, b);
            let h = a.for_target(t, b);
            highlight(&h.targets, source, &h.source, &texts);
        }
        opt(a.target_step(t, None, true), text, "first word");
    }
    pieces(a.source_sentences(), source, "source sentences");
    for b in cursors(source.len()) {
        opt(a.source_word_at(b), source, "source word");
        let _ = a.source_sentence_at(b);
        let h = a.at_source(b);
        highlight(&h.targets, source, &h.source, &texts);
        let range = b.min(source.len())..(b.saturating_add(3)).min(source.len());
        let h = a.for_source(range.clone());
        highlight(&h.targets, source, &h.source, &texts);
        for (t, pane) in h.targets.iter().enumerate() {
            if let Some(links) = a.links(t) {
                let point = range.end.max(range.start + 1);
                let want = merge(
                    links
                        .iter()
                        .filter(|l| l.source.start < point && l.source.end > range.start)
                        .map(|l| l.target.clone())
                        .collect(),
                );
                assert_eq!(pane.spans(), &want[..], "index vs scan, target {t}, {range:?}");
            }
        }
    }
}

fn opt(r: Option<Range<usize>>, text: &str, what: &str) {
    if let Some(r) = r {
        assert_slice(text, &r, what);
    }
}

fn pieces(p: Option<&[Range<usize>]>, text: &str, what: &str) {
    let mut end = 0;
    for r in p.unwrap_or_default() {
        assert_slice(text, r, what);
        assert!(r.start == end && !r.is_empty(), "{what}: {r:?} after {end}");
        end = r.end;
    }
}

fn highlight(targets: &[PaneHighlight], source: &str, src: &PaneHighlight, texts: &[&str]) {
    assert_eq!(targets.len(), texts.len());
    spans(src.spans(), source);
    for (pane, text) in targets.iter().zip(texts) {
        spans(pane.spans(), text);
    }
}

/// Sorted, disjoint, not touching, each a slice of `text`.
fn spans(s: &[Range<usize>], text: &str) {
    for w in s.windows(2) {
        assert!(w[0].end < w[1].start, "spans {:?} and {:?}", w[0], w[1]);
    }
    for r in s {
        assert_slice(text, r, "highlight");
    }
}

/// Sorts and joins overlapping or touching spans (the model's rule, again).
fn merge(mut v: Vec<Range<usize>>) -> Vec<Range<usize>> {
    v.sort_unstable_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::new();
    for r in v {
        match out.last_mut() {
            Some(last) if r.start <= last.end => last.end = last.end.max(r.end),
            _ => out.push(r),
        }
    }
    out
}
