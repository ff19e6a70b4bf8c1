//! Translation between two different languages by the engine's gloss
//! translator, shaped as the contract's `Translation`: alignment as a
//! projection (plain text only, as the spec says), sentence lengths per
//! source sentence.

use std::ops::Range;

use crate::api::engine::Engine;
use crate::api::model::{Alignment, SentLen, Translation};
use crate::api::params::{ProfanityAction, ProfanityMarker, TextType, TranslateParams};
use crate::api::{AlignmentEntry, Projection};
use crate::engine::apertium::Apertium;
use crate::engine::dict::Library;
use crate::engine::gloss::{self, Link, Options, Output, Run};
use crate::engine::markup::{self, Segment};
use crate::engine::profanity;

/// The runs of a source text: markup and `notranslate` content kept (html),
/// dynamic-dictionary entries forced when the source language was given
/// (else their phrase is text like any other and their tags are left out),
/// html character references kept.
pub fn runs(text: &str, params: &TranslateParams, from_given: bool) -> Vec<Run> {
    let html = params.text_type == TextType::Html;
    let mut out = Vec::new();
    for piece in markup::parse(text, html) {
        match piece.segment {
            Segment::Keep(_) => out.push(Run::Keep(piece.range)),
            Segment::Forced {
                translation,
                source_range,
                ..
            } if from_given => out.push(Run::Forced {
                phrase: source_range,
                translation,
            }),
            // Without `from` the phrase is translated like any other; the tags go.
            Segment::Forced { source_range, .. } if html => references_kept(text, source_range, &mut out),
            Segment::Forced { source_range, .. } => out.push(Run::Text(source_range)),
            Segment::Text(_) if html => references_kept(text, piece.range, &mut out),
            Segment::Text(_) => out.push(Run::Text(piece.range)),
        }
    }
    out
}

/// Splits html text at character references (`&amp;`), which are kept as written.
fn references_kept(text: &str, range: Range<usize>, out: &mut Vec<Run>) {
    let mut at = range.start;
    let part = &text[range.clone()];
    for (i, _) in part.match_indices('&') {
        let start = range.start + i;
        let Some(len) = text[start..range.end].find(';').filter(|&n| n > 1 && n <= 32) else {
            continue;
        };
        let name = &text[start + 1..start + len];
        if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '#') || start < at {
            continue;
        }
        if start > at {
            out.push(Run::Text(at..start));
        }
        out.push(Run::Keep(start..start + len + 1));
        at = start + len + 1;
    }
    if at < range.end {
        out.push(Run::Text(at..range.end));
    }
}

/// Every language the engine translates: the dictionaries' (gloss) and
/// Apertium's, when it is installed.
pub fn translation_languages() -> Vec<&'static str> {
    let mut out = gloss::languages(Library::global());
    if let Some(ap) = Apertium::global() {
        out.extend(ap.pairs().flat_map(|(a, b)| [a, b]));
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The engine's profanity action and marker for the request's.
pub fn profanity_options(params: &TranslateParams) -> (profanity::Action, profanity::Marker) {
    let action = match params.profanity_action {
        ProfanityAction::NoAction => profanity::Action::NoAction,
        ProfanityAction::Marked => profanity::Action::Marked,
        ProfanityAction::Deleted => profanity::Action::Deleted,
    };
    let marker = match params.profanity_marker {
        ProfanityMarker::Asterisk => profanity::Marker::Asterisk,
        ProfanityMarker::Tag => profanity::Marker::Tag,
    };
    (action, marker)
}

/// Glosses `text` from→to, with the engine that did it (Apertium for plain
/// text of a pair it has, else the gloss); `None` when the engine has no way
/// between them.
pub fn translate(
    params: &TranslateParams,
    text: &str,
    (from, from_given): (&str, bool),
    to: &str,
) -> Option<(Translation, Engine)> {
    let runs = runs(text, params, from_given);
    let (action, marker) = profanity_options(params);
    let list = profanity::words_for(action, to);
    let filter = |word: &str| match list {
        Some(list) => profanity::apply(word, &list.find(word), action, marker),
        None => word.to_owned(),
    };
    let opts = Options {
        html: params.text_type == TextType::Html,
        filter: Some(&filter),
    };
    let plain = runs.iter().all(|r| matches!(r, Run::Text(_)));
    let apertium = Apertium::global().filter(|ap| ap.has_pair(from, to));
    if let Some(ap) = apertium.filter(|_| plain) {
        // Apertium translates better than the gloss; it gives no alignment.
        if let Some(t) = ap.translate_text(from, to, text) {
            let edits = list.map(|l| l.find(&t.text)).unwrap_or_default();
            let (text, sentences) = if edits.is_empty() {
                (t.text, t.sentences)
            } else {
                let text = profanity::apply(&t.text, &edits, action, marker);
                let sentences = resegment(&text, to, &t.sentences);
                (text, sentences)
            };
            let output = Output {
                text,
                links: Vec::new(),
                sentences,
            };
            return Some((shape(params, to, output), Engine::Apertium));
        }
    }
    let out = gloss::translate(Library::global(), text, &runs, from, to, opts)?;
    Some((shape(params, to, out), Engine::Gloss))
}

/// Sentence lengths after profanity edits changed the text: the target side
/// from the target's own sentence breaks when their number matches, else all
/// in the last sentence.
fn resegment(text: &str, to: &str, before: &[(usize, usize)]) -> Vec<(usize, usize)> {
    let tgt = crate::engine::segment::sentence_lengths(text, Some(to));
    if tgt.len() == before.len() {
        return before.iter().zip(tgt).map(|(s, t)| (s.0, t)).collect();
    }
    let total = crate::engine::text::utf16_len(text);
    let mut out: Vec<(usize, usize)> = before.iter().map(|s| (s.0, 0)).collect();
    if let Some(last) = out.last_mut() {
        last.1 = total;
    }
    out
}

fn shape(params: &TranslateParams, to: &str, out: Output) -> Translation {
    let alignment = params.include_alignment.then(|| Alignment {
        proj: match params.text_type {
            TextType::Html => Projection::default(),
            TextType::Plain => projection(&out.links),
        },
    });
    let sent_len = params.include_sentence_length.then(|| SentLen {
        src_sent_len: out.sentences.iter().map(|s| units(s.0)).collect(),
        trans_sent_len: out.sentences.iter().map(|s| units(s.1)).collect(),
    });
    Translation {
        text: out.text,
        to: to.to_owned(),
        transliteration: None,
        alignment,
        sent_len,
    }
}

fn units(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Links (`[start, end)`) as the contract's inclusive projection entries.
pub fn projection(links: &[Link]) -> Projection {
    Projection(
        links
            .iter()
            .filter(|l| l.src.end > l.src.start && l.tgt.end > l.tgt.start)
            .map(|l| AlignmentEntry {
                src_start: units(l.src.start),
                src_end: units(l.src.end - 1),
                tgt_start: units(l.tgt.start),
                tgt_end: units(l.tgt.end - 1),
            })
            .collect(),
    )
}
