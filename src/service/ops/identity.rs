//! A text "translated" into its own language: itself, each word aligned with
//! itself — with profanity marked or deleted when asked, the alignment and
//! sentence lengths following the edits.

use std::ops::Range;

use super::gloss::{profanity_options, projection};
use crate::api::model::{Alignment, SentLen, Translation};
use crate::api::params::{TextType, TranslateParams};
use crate::engine::gloss::Link;
use crate::engine::text::{Utf16Cursor, utf16_len};
use crate::engine::{profanity, segment, tokens};

/// Edits of the text: byte range → replacement.
type Edits = Vec<(Range<usize>, String)>;

fn edits(params: &TranslateParams, text: &str, to: &str) -> Edits {
    let (action, marker) = profanity_options(params);
    let Some(list) = profanity::words_for(action, to) else {
        return Vec::new();
    };
    list.find(text)
        .into_iter()
        .map(|r| {
            let word = &text[r.clone()];
            let whole = 0..word.len();
            let replacement = profanity::apply(word, std::slice::from_ref(&whole), action, marker);
            if replacement.is_empty() {
                // A deleted word takes the space before it (or after it, at the start).
                let before = text[..r.start].trim_end_matches([' ', '\t']).len();
                let after =
                    r.end + (text[r.end..].len() - text[r.end..].trim_start_matches([' ', '\t']).len());
                let range = if before < r.start {
                    before..r.end
                } else {
                    r.start..after
                };
                (range, replacement)
            } else {
                (r, replacement)
            }
        })
        .collect()
}

/// Where a source byte offset lands in the edited text.
fn map(edits: &Edits, at: usize) -> usize {
    let mut delta: isize = 0;
    for (r, rep) in edits {
        if at <= r.start {
            break;
        }
        if at < r.end {
            return (r.start as isize + delta) as usize + rep.len();
        }
        delta += rep.len() as isize - r.len() as isize;
    }
    (at as isize + delta) as usize
}

pub fn translate(params: &TranslateParams, to: &str, text: &str, source: Option<&str>) -> Translation {
    let edits = edits(params, text, to);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (r, rep) in &edits {
        out.push_str(&text[at..r.start]);
        out.push_str(rep);
        at = r.end;
    }
    out.push_str(&text[at..]);
    // Words in order, both offsets rising: one pass over each text.
    let (mut src_units, mut out_units) = (Utf16Cursor::new(text), Utf16Cursor::new(&out));
    let links: Vec<Link> = tokens::tokenize(text, 0..text.len())
        .into_iter()
        .filter(|t| t.kind == tokens::Kind::Word)
        .filter_map(|t| {
            let (bs, be) = (t.range.start, t.range.end);
            let inside = edits.iter().find(|(r, _)| r.start <= bs && be <= r.end);
            let (ts, te) = match inside {
                Some((_, rep)) if rep.is_empty() => return None,
                Some((r, rep)) => (map(&edits, r.start), map(&edits, r.start) + rep.len()),
                None => (map(&edits, bs), map(&edits, be)),
            };
            Some(Link {
                src: src_units.to_utf16(bs)?..src_units.to_utf16(be)?,
                tgt: out_units.to_utf16(ts)?..out_units.to_utf16(te)?,
            })
        })
        .collect();
    let alignment = params.include_alignment.then(|| Alignment {
        proj: match params.text_type {
            TextType::Html => Default::default(),
            TextType::Plain => projection(&links),
        },
    });
    let sent_len = params.include_sentence_length.then(|| {
        let ranges = segment::sentence_byte_ranges(text, source);
        let len = |s: &str, r: Range<usize>| s.get(r).map_or(0, |t| utf16_len(t) as u32);
        SentLen {
            src_sent_len: ranges.iter().map(|&(a, b)| len(text, a..b)).collect(),
            trans_sent_len: ranges
                .iter()
                .map(|&(a, b)| len(&out, map(&edits, a)..map(&edits, b)))
                .collect(),
        }
    });
    Translation {
        text: out,
        to: to.to_owned(),
        transliteration: None,
        alignment,
        sent_len,
    }
}
