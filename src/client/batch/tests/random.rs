//! Property-style tests over generated texts and limits (a fixed set of seeds, so a
//! failure names its seed and reproduces): every plan keeps the limits and tiles the
//! input, a copying service round-trips through stitching, and a batch is closed only
//! when less than one sentence of room is left in it.

use icu_segmenter::SentenceSegmenter;
use icu_segmenter::options::SentenceBreakInvariantOptions;

use crate::api::limits::{Limits, char_count};
use crate::client::batch::{Oversize, Piece, PlanError, plan, stitch};
use crate::engine::text::utf16_slice;

use super::generate::{Rng, copy_service, texts};
use super::kit::{check_plan, limits};

const CASES: u64 = 1_500;

fn input(rng: &mut Rng) -> Vec<String> {
    texts(rng)
}

fn ceiling(l: Limits, multiplier: usize) -> usize {
    l.max_element_chars.min(l.max_request_chars / multiplier.max(1))
}

#[test]
fn random_plans_keep_the_limits_and_tile_the_input() {
    let (mut planned, mut refused, mut no_room) = (0, 0, 0);
    for seed in 0..CASES {
        let mut rng = Rng(seed);
        let owned = input(&mut rng);
        let texts: Vec<&str> = owned.iter().map(String::as_str).collect();
        let l = limits(rng.range(1, 5), rng.range(1, 60), rng.range(1, 120));
        let m = rng.range(0, 3);
        let max = ceiling(l, m);
        for oversize in [Oversize::Split, Oversize::Refuse, Oversize::FirstChunk] {
            match plan(&texts, l, m, oversize) {
                Ok(p) => {
                    check_plan(&p, &texts, l, m, oversize);
                    planned += 1;
                }
                Err(PlanError::ElementTooLong { index, chars, limit }) => {
                    assert_eq!(oversize, Oversize::Refuse, "seed {seed}");
                    assert_eq!((chars, limit), (char_count(texts[index]), max), "seed {seed}");
                    assert!(chars > limit, "seed {seed}");
                    assert!(texts[..index].iter().all(|t| char_count(t) <= max), "seed {seed}");
                    refused += 1;
                }
                Err(PlanError::NoRoom { index, limit }) => {
                    assert_eq!(limit, max, "seed {seed}");
                    let wide = texts[index].chars().any(|c| c.len_utf16() > limit);
                    assert!(wide, "seed {seed}: element {index} could be cut");
                    no_room += 1;
                }
            }
        }
    }
    // The cases are not vacuous: two thirds plan (Refuse often refuses), some fail.
    assert!(planned > 2 * (refused + no_room), "{planned} {refused} {no_room}");
    assert!(refused > 0 && no_room > 0, "{refused} {no_room}");
}

/// What stitching gives for one element when the service copies each piece but drops
/// its trailing whitespace: the whitespace between pieces comes back (only line breaks
/// for `spaceless` targets); the element's own trailing whitespace is lost, as it is
/// when the element is sent whole.
fn expected_trimmed(text: &str, pieces: &[&Piece], spaceless: bool) -> String {
    let mut out = String::new();
    for (k, piece) in pieces.iter().enumerate() {
        let src = piece.text(text);
        let kept = src.trim_end();
        out.push_str(kept);
        if k + 1 < pieces.len() {
            let line_break = |c: &char| {
                matches!(
                    c,
                    '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
                )
            };
            out.extend(src[kept.len()..].chars().filter(|c| !spaceless || line_break(c)));
        }
    }
    out
}

#[test]
fn a_copying_service_round_trips_through_stitching() {
    let mut split = 0;
    for seed in 0..CASES {
        let mut rng = Rng(seed);
        let owned = input(&mut rng);
        let texts: Vec<&str> = owned.iter().map(String::as_str).collect();
        let l = limits(rng.range(1, 5), rng.range(2, 60), rng.range(4, 120));
        let Ok(p) = plan(&texts, l, 2, Oversize::Split) else {
            continue;
        };
        split += p.pieces_per_element.iter().filter(|&&n| n > 1).count();
        let pieces: Vec<&Piece> = p.pieces().collect();
        for trim in [false, true] {
            let results = p
                .batches
                .iter()
                .map(|b| copy_service(&b.texts(&texts), &["de", "ja"], trim));
            let out = stitch::translate(&p, &texts, results.collect()).unwrap();
            assert_eq!(out.len(), texts.len());
            for (e, (text, r)) in texts.iter().zip(&out).enumerate() {
                let mine: Vec<&Piece> = pieces.iter().copied().filter(|p| p.element == e).collect();
                for t in &r.translations {
                    let expected = match (trim, t.to.as_str()) {
                        (false, _) => text.to_string(),
                        (true, to) => expected_trimmed(text, &mine, to == "ja"),
                    };
                    assert_eq!(t.text, expected, "seed {seed}, element {e}, {}", t.to);
                    check_alignment(text, &t.text, &t.alignment.as_ref().unwrap().proj.0, seed);
                    let sl = t.sent_len.as_ref().unwrap();
                    let sum = |v: &[u32]| v.iter().map(|&n| n as usize).sum::<usize>();
                    assert_eq!(sum(&sl.src_sent_len), char_count(text), "seed {seed}");
                    assert_eq!(sum(&sl.trans_sent_len), char_count(&t.text), "seed {seed}");
                }
            }
        }
    }
    assert!(split > CASES as usize, "only {split} elements were split");
}

/// Every entry joins equal words of source and target, and all the source's
/// non-whitespace is aligned exactly once.
fn check_alignment(src: &str, tgt: &str, proj: &[crate::api::AlignmentEntry], seed: u64) {
    let mut covered = 0;
    for e in proj {
        let s = utf16_slice(src, e.src_start as usize, e.src_end as usize + 1);
        let t = utf16_slice(tgt, e.tgt_start as usize, e.tgt_end as usize + 1);
        assert!(s.is_some() && s == t, "seed {seed}: {e} joins {s:?} and {t:?}");
        assert!(!s.unwrap().contains(char::is_whitespace), "seed {seed}: {e}");
        covered += (e.src_end - e.src_start + 1) as usize;
    }
    let words: usize = src
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(char::len_utf16)
        .sum();
    assert_eq!(covered, words, "seed {seed}");
}

/// The longest sentence of any of `texts`, by the planner's sentence rules.
fn longest_sentence(texts: &[&str]) -> usize {
    let seg = SentenceSegmenter::new(SentenceBreakInvariantOptions::default());
    let lens = texts.iter().flat_map(|t| {
        let ends: Vec<usize> = seg.segment_str(t).collect();
        ends.windows(2)
            .map(|w| char_count(&t[w[0]..w[1]]))
            .collect::<Vec<_>>()
    });
    lens.max().unwrap_or(0)
}

#[test]
fn a_batch_is_closed_only_when_less_than_a_sentence_of_room_is_left() {
    let mut checked = 0;
    for seed in 0..CASES {
        let mut rng = Rng(seed);
        let owned = input(&mut rng);
        let texts: Vec<&str> = owned.iter().map(String::as_str).collect();
        let l = limits(rng.range(1, 8), rng.range(20, 200), rng.range(40, 200));
        let m = rng.range(1, 2);
        let longest = longest_sentence(&texts);
        if longest > ceiling(l, m) {
            continue; // words would be cut: the bound is a word, checked elsewhere
        }
        let p = plan(&texts, l, m, Oversize::Split).unwrap();
        let room = l.max_request_chars / m;
        for (b, batch) in p.batches.iter().enumerate().rev().skip(1) {
            let full = batch.pieces.len() == l.max_elements || batch.chars() + longest > room;
            assert!(
                full,
                "seed {seed}: batch {b} has {} of {room} with a sentence of {longest}",
                batch.chars()
            );
        }
        checked += 1;
    }
    assert!(checked > CASES / 4, "only {checked} cases");
}
