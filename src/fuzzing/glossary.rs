//! The glossary's dynamic-dictionary marking, its offset map, and the mapping
//! of `proj` and `srcSentLen` back to the original text.
//!
//! Input: byte 0: bit 0 `textType=html`, bits 1–7 make rules 0–6
//! case-sensitive; then fields cut at 0xFF: the text, then (term, translation)
//! pairs, up to seven rules (en→de); an odd last field is `proj|srcSentLen`
//! (`"0:3-0:2 5:9-4:8|10 5"`), an answer for the marked text to map back.
//!
//! Checks: the marked text is the original with the documented tags around
//! each term's range (ranges sorted, disjoint, not empty); reading it back with
//! the service's markup parser finds the original's dictionary entries plus
//! exactly one per term, with the rule's translation and the phrase as
//! written; the offset map is monotonic and maps the ends onto each other;
//! mapped-back `proj` entries stay ordered and inside the text when they were
//! inside the marked text, and sentence lengths that summed to the marked text
//! sum to the original; a two-target plan puts translations back in order.

use std::ops::Range;

use super::{assert_slice, cursors, fields};
use crate::api::alignment::{AlignmentEntry, Projection};
use crate::api::model::{self, SentLen, TranslateResult, Translation};
use crate::client::glossary::mark::escape_attribute;
use crate::client::glossary::{Marked, Plan, Rule, group::remap, mark};
use crate::engine::markup::{Segment, decode_entities, parse};
use crate::engine::text::utf16_len;

/// Runs one input; see the module docs.
pub fn glossary(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let html = flags & 1 != 0;
    let f = fields(rest);
    let Some((text, rest)) = f.split_first() else {
        return;
    };
    let rules: Vec<Rule> = rest
        .chunks_exact(2)
        .take(7)
        .enumerate()
        .map(|(i, c)| Rule {
            from: "en".into(),
            to: "de".into(),
            term: c[0].clone(),
            translation: c[1].clone(),
            case_sensitive: flags & (2 << i) != 0,
        })
        .collect();
    let m = mark(text, &rules.iter().collect::<Vec<_>>(), html);
    check_marked(text, &m, html);
    check_read_back(text, &m, html);
    check_map(text, &m);
    if rest.len() % 2 == 1 {
        let answer = rest.last().map_or("", String::as_str);
        check_remap(text, &m, answer);
    }
    let targets = ["de".to_owned(), "fr".to_owned()];
    let plan = Plan::new(&[text], Some("en"), &targets, &rules, html);
    let answers = plan
        .groups
        .iter()
        .map(|g| {
            vec![result(
                g.targets
                    .iter()
                    .map(|&t| translation(&targets[t], None))
                    .collect(),
            )]
        })
        .collect();
    let out = plan.assemble(answers).unwrap_or_else(|e| panic!("assemble: {e}"));
    let to: Vec<&str> = out
        .iter()
        .flat_map(|r| &r.translations)
        .map(|t| t.to.as_str())
        .collect();
    assert_eq!(to, ["de", "fr"]);
}

/// The original with the tags around each term, as documented.
fn check_marked(text: &str, m: &Marked, html: bool) {
    let mut want = String::new();
    let mut at = 0;
    for t in &m.terms {
        assert_slice(text, &t.range, "term");
        assert!(
            t.range.start >= at && !t.range.is_empty(),
            "term {:?} after {at}",
            t.range
        );
        let tr = escape_attribute(&t.translation);
        want.push_str(&text[at..t.range.start]);
        want.push_str(&format!("<mstrans:dictionary translation=\"{tr}\">"));
        want.push_str(&text[t.range.clone()]);
        want.push_str("</mstrans:dictionary>");
        at = t.range.end;
    }
    want.push_str(&text[at..]);
    assert_eq!(m.text, want, "html={html}");
}

/// The service's reading of the marked text: the original's entries plus the terms.
fn check_read_back(text: &str, m: &Marked, html: bool) {
    let forced = |s: &str| -> Vec<(Range<usize>, String, String)> {
        parse(s, html)
            .into_iter()
            .filter_map(|p| match p.segment {
                Segment::Forced {
                    translation, source, ..
                } => Some((p.range, translation, source)),
                _ => None,
            })
            .collect()
    };
    let mut want: Vec<(Range<usize>, String)> = forced(text).into_iter().map(|(r, tr, _)| (r, tr)).collect();
    want.extend(m.terms.iter().map(|t| (t.range.clone(), t.translation.clone())));
    want.sort_by_key(|(r, _)| (r.start, r.end));
    let read = forced(&m.text);
    let back = |r: &Range<usize>| m.map.to_original(r.start)..m.map.to_original(r.end);
    let got: Vec<(Range<usize>, String)> = read.iter().map(|(r, tr, _)| (back(r), tr.clone())).collect();
    assert_eq!(got, want, "dictionary entries read back from {:?}", m.text);
    for (range, _, source) in &read {
        if let Some(t) = m.terms.iter().find(|t| t.range == back(range)) {
            let written = &text[t.range.clone()];
            let written = if html {
                decode_entities(written)
            } else {
                written.into()
            };
            assert_eq!(source, &written, "phrase of {:?}", t.term);
        }
    }
}

fn check_map(text: &str, m: &Marked) {
    let mut last = 0;
    for at in cursors(m.text.len()).filter(|&at| at <= m.text.len()) {
        let o = m.map.to_original(at);
        assert!(
            o >= last && o <= text.len(),
            "to_original({at}) = {o} after {last}"
        );
        last = o;
    }
    assert_eq!(m.map.to_original(m.text.len()), text.len());
    assert_eq!(m.map.to_original_units(utf16_len(&m.text)), utf16_len(text));
}

fn check_remap(text: &str, m: &Marked, answer: &str) {
    let (proj, lens) = answer.split_once('|').unwrap_or((answer, ""));
    let entries: Vec<AlignmentEntry> = proj.split_whitespace().filter_map(|e| e.parse().ok()).collect();
    let lens: Vec<u32> = lens.split_whitespace().filter_map(|n| n.parse().ok()).collect();
    let (marked_units, units) = (utf16_len(&m.text), utf16_len(text));
    let mut tr = translation("de", Some((entries.clone(), lens.clone())));
    remap(&mut tr, &m.map);
    let mapped = tr.alignment.map(|a| a.proj.0).unwrap_or_default();
    for e in &mapped {
        assert!(e.src_start <= e.src_end, "remapped {e}");
    }
    let inside = |e: &AlignmentEntry| (e.src_end as usize) < marked_units;
    if entries.iter().all(inside) {
        assert!(
            mapped.iter().all(|e| (e.src_end as usize) < units),
            "{mapped:?} in {units}"
        );
    }
    let sum = |v: &[u32]| v.iter().map(|&n| u64::from(n)).sum::<u64>();
    let after = tr.sent_len.map(|s| s.src_sent_len).unwrap_or_default();
    if sum(&lens) == marked_units as u64 {
        assert_eq!(sum(&after), units as u64, "srcSentLen {lens:?} → {after:?}");
    }
}

fn translation(to: &str, answer: Option<(Vec<AlignmentEntry>, Vec<u32>)>) -> Translation {
    let (alignment, sent_len) = match answer {
        Some((entries, lens)) => (
            Some(model::Alignment {
                proj: Projection(entries),
            }),
            Some(SentLen {
                trans_sent_len: lens.clone(),
                src_sent_len: lens,
            }),
        ),
        None => (None, None),
    };
    Translation {
        text: String::new(),
        to: to.into(),
        transliteration: None,
        alignment,
        sent_len,
    }
}

fn result(translations: Vec<Translation>) -> TranslateResult {
    TranslateResult {
        detected_language: None,
        translations,
        source_text: None,
    }
}
