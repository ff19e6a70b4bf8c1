//! Stitching translate results: texts, alignments, sentence lengths, transliterations
//! and source texts of an element's pieces, as the parent module describes.

use crate::api::model::{Alignment, SentLen, SourceText, TranslateResult, Translation, Transliterated};
use crate::api::{AlignmentEntry, Projection};

use super::{Joined, StitchError, fit, language_without_spaces, longest, script_without_spaces};
use crate::client::batch::Piece;

/// One translate result from those of an element's pieces.
pub(super) fn translate_element(
    element: usize,
    text: &str,
    parts: Vec<(&Piece, TranslateResult)>,
) -> Result<TranslateResult, StitchError> {
    if parts.len() == 1 {
        return Ok(parts.into_iter().next().expect("one part").1);
    }
    let targets = parts.first().map_or(0, |(_, r)| r.translations.len());
    if let Some((_, r)) = parts.iter().find(|(_, r)| r.translations.len() != targets) {
        return Err(StitchError::Targets {
            element,
            expected: targets,
            got: r.translations.len(),
        });
    }
    let source_text = parts.iter().any(|(_, r)| r.source_text.is_some()).then(|| {
        let mut joined = Joined::default();
        for (k, (piece, r)) in parts.iter().enumerate() {
            let src = piece.text(text);
            let converted = r.source_text.as_ref().map_or(src, |s| &s.text);
            joined.push(src, converted, false, k + 1 == parts.len());
        }
        SourceText { text: joined.text }
    });
    Ok(TranslateResult {
        detected_language: longest(&parts, |r| r.detected_language.as_ref()),
        translations: (0..targets).map(|t| translation(text, &parts, t)).collect(),
        source_text,
    })
}

/// Target `t` of the stitched translate result.
fn translation(text: &str, parts: &[(&Piece, TranslateResult)], t: usize) -> Translation {
    let first = &parts[0].1.translations[t];
    let spaceless = language_without_spaces(&first.to);
    let with_alignment = parts.iter().any(|(_, r)| r.translations[t].alignment.is_some());
    let with_sent_len = parts.iter().any(|(_, r)| r.translations[t].sent_len.is_some());
    let translit = parts
        .iter()
        .find_map(|(_, r)| r.translations[t].transliteration.as_ref());
    let translit_spaceless = translit.is_some_and(|tl| script_without_spaces(&tl.script));
    let (mut joined, mut translit_joined) = (Joined::default(), Joined::default());
    let (mut proj, mut src_lens, mut trans_lens) = (Vec::new(), Vec::new(), Vec::new());
    for (k, (piece, r)) in parts.iter().enumerate() {
        let tr = &r.translations[t];
        let (src, last) = (piece.text(text), k + 1 == parts.len());
        if let Some(a) = &tr.alignment {
            let shift = |e: &AlignmentEntry| e.shifted(piece.utf16_start, joined.units);
            proj.extend(a.proj.entries().iter().map(shift));
        }
        let before = joined.units;
        joined.push(src, &tr.text, spaceless, last);
        let sent = tr.sent_len.as_ref();
        fit(
            &mut src_lens,
            sent.map_or(&[][..], |s| &s.src_sent_len),
            piece.utf16_len,
        );
        fit(
            &mut trans_lens,
            sent.map_or(&[][..], |s| &s.trans_sent_len),
            joined.units - before,
        );
        if let Some(tl) = &tr.transliteration {
            translit_joined.push(src, &tl.text, translit_spaceless, last);
        }
    }
    Translation {
        text: joined.text,
        to: first.to.clone(),
        transliteration: translit.map(|tl| Transliterated {
            text: translit_joined.text,
            script: tl.script.clone(),
        }),
        alignment: with_alignment.then_some(Alignment {
            proj: Projection(proj),
        }),
        sent_len: with_sent_len.then_some(SentLen {
            src_sent_len: src_lens,
            trans_sent_len: trans_lens,
        }),
    }
}
