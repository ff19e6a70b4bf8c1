//! Translation between two different languages by the engine's gloss
//! translator, shaped as the contract's `Translation`: alignment as a
//! projection (plain text only, as the spec says), sentence lengths per
//! source sentence.

use crate::api::model::{Alignment, SentLen, Translation};
use crate::api::params::{TextType, TranslateParams};
use crate::api::{AlignmentEntry, Projection};
use crate::engine::dict::Library;
use crate::engine::gloss::{self, Link, Output, Run};

/// The runs of a source text: all of it to translate.
pub fn runs(text: &str, _params: &TranslateParams) -> Vec<Run> {
    vec![Run::Text(0..text.len())]
}

/// Glosses `text` from→to; `None` when the engine has no way between them.
pub fn translate(params: &TranslateParams, text: &str, from: &str, to: &str) -> Option<Translation> {
    let runs = runs(text, params);
    let out = gloss::translate(Library::global(), text, &runs, from, to)?;
    Some(shape(params, to, out))
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
