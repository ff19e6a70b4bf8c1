//! Test helpers: the invariants every plan must keep, and results made by hand.

use crate::api::body::check_limits;
use crate::api::limits::{Limits, char_count};

use crate::api::model::{Alignment, DetectedLanguage, SentLen, TranslateResult, Translation};

use crate::client::batch::{Oversize, Plan, plan};

pub fn limits(max_elements: usize, max_element_chars: usize, max_request_chars: usize) -> Limits {
    Limits {
        max_elements,
        max_element_chars,
        max_request_chars,
    }
}

/// Checks what every plan must be: batches within the limits, pieces in input order,
/// offsets right, and the pieces of each element as `oversize` says.
pub fn check_plan(plan: &Plan, texts: &[&str], limits: Limits, multiplier: usize, oversize: Oversize) {
    let ceiling = limits
        .max_element_chars
        .min(limits.max_request_chars / multiplier.max(1));
    for (b, batch) in plan.batches.iter().enumerate() {
        assert!(!batch.pieces.is_empty(), "batch {b} is empty");
        let sent = batch.texts(texts);
        assert_eq!(
            check_limits(limits, sent.iter().copied(), multiplier),
            Ok(()),
            "batch {b}: {sent:?}"
        );
    }
    assert_eq!(plan.pieces_per_element.len(), texts.len());
    let pieces: Vec<_> = plan.pieces().collect();
    assert_eq!(pieces.len(), plan.pieces_per_element.iter().sum::<usize>());
    let mut at = 0;
    for (element, (&n, text)) in plan.pieces_per_element.iter().zip(texts).enumerate() {
        assert!(n >= 1, "element {element} has no piece");
        let mine = &pieces[at..at + n];
        at += n;
        let mut byte = 0;
        for piece in mine {
            assert_eq!(piece.element, element);
            assert_eq!(piece.bytes.start, byte, "element {element}: pieces must tile it");
            assert!(text.is_char_boundary(piece.bytes.end));
            assert_eq!(piece.utf16_start as usize, char_count(&text[..byte]));
            assert_eq!(piece.utf16_len as usize, char_count(piece.text(text)));
            assert!(
                n == 1 || !piece.bytes.is_empty(),
                "element {element}: empty piece"
            );
            byte = piece.bytes.end;
        }
        match oversize {
            Oversize::Split | Oversize::Refuse => {
                assert_eq!(byte, text.len(), "element {element} not covered")
            }
            Oversize::FirstChunk => {
                assert_eq!(n, 1);
                if char_count(text) <= ceiling {
                    assert_eq!(byte, text.len());
                } else {
                    assert!(byte > 0, "element {element}: the first chunk is empty");
                }
            }
        }
        if oversize != Oversize::Split {
            assert_eq!(n, 1);
        }
    }
}

pub fn tr(to: &str, text: &str, proj: &str, src: &[u32], trans: &[u32]) -> Translation {
    Translation {
        text: text.to_owned(),
        to: to.to_owned(),
        transliteration: None,
        alignment: Some(Alignment {
            proj: proj.parse().unwrap(),
        }),
        sent_len: Some(SentLen {
            src_sent_len: src.to_vec(),
            trans_sent_len: trans.to_vec(),
        }),
    }
}

pub fn lang(language: &str, score: f32) -> Option<DetectedLanguage> {
    Some(DetectedLanguage {
        language: language.to_owned(),
        score,
    })
}

pub fn result(detected: Option<DetectedLanguage>, translations: Vec<Translation>) -> TranslateResult {
    TranslateResult {
        detected_language: detected,
        translations,
        source_text: None,
    }
}

/// "Hello world. How are you?" in two pieces of 13 and 12 characters.
pub const HELLO: &str = "Hello world. How are you?";

pub fn hello_plan() -> Plan {
    let p = plan(&[HELLO], limits(3, 13, 13), 1, Oversize::Split).unwrap();
    let texts: Vec<_> = p.batches.iter().map(|b| b.texts(&[HELLO])).collect();
    assert_eq!(texts, [vec!["Hello world. "], vec!["How are you?"]]);
    p
}
