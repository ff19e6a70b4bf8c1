//! Stitching of transliterate, breaksentence, detect and dictionary results, and
//! results that do not match their plan.

use crate::api::limits::Operation;
use crate::api::model::{BreakSentenceResult, DetectResult, Transliterated};
use crate::client::batch::{Oversize, StitchError, plan, stitch};

use super::kit::{HELLO, hello_plan, lang, limits, result, tr};

#[test]
fn transliterate_puts_back_spaces_except_in_scripts_without_them() {
    let text = "Привет, мир. Как дела?"; // 13 + 9
    let p = plan(&[text], limits(3, 13, 13), 1, Oversize::Split).unwrap();
    let latn = |s: &str| {
        vec![Transliterated {
            text: s.to_owned(),
            script: "Latn".to_owned(),
        }]
    };
    let out = stitch::transliterate(&p, &[text], vec![latn("Privet, mir."), latn("Kak dela?")]).unwrap();
    assert_eq!(out[0].text, "Privet, mir. Kak dela?");
    let text = "sawatdi khrap. phasa thai"; // 15 + 10
    let p = plan(&[text], limits(3, 15, 15), 1, Oversize::Split).unwrap();
    let thai = |s: &str| {
        vec![Transliterated {
            text: s.to_owned(),
            script: "Thai".to_owned(),
        }]
    };
    let out = stitch::transliterate(&p, &[text], vec![thai("สวัสดีครับ"), thai("ภาษาไทย")]).unwrap();
    assert_eq!(
        (out[0].text.as_str(), out[0].script.as_str()),
        ("สวัสดีครับภาษาไทย", "Thai")
    );
}

#[test]
fn break_sentence_concatenates_and_fits_lengths() {
    let p = hello_plan();
    let bs = |lens: &[u32], d| {
        vec![BreakSentenceResult {
            detected_language: d,
            sent_len: lens.to_vec(),
        }]
    };
    let out =
        stitch::break_sentence(&p, vec![bs(&[13], lang("en", 0.8)), bs(&[12], lang("en", 1.0))]).unwrap();
    assert_eq!(out[0].sent_len, [13, 12]);
    assert_eq!(out[0].detected_language, lang("en", 0.8));
    // 5 + 7 = 12 of 13: the missing one goes to the piece's last sentence.
    let out = stitch::break_sentence(&p, vec![bs(&[5, 7], None), bs(&[12], None)]).unwrap();
    assert_eq!(out[0].sent_len, [5, 8, 12]);
}

#[test]
fn detect_and_dictionary_results_come_back_in_input_order() {
    let detect = |language: &str| DetectResult {
        language: language.to_owned(),
        score: 1.0,
        is_translation_supported: true,
        is_transliteration_supported: false,
        alternatives: Vec::new(),
    };
    let texts = ["Bonjour.", "Hello there. General Kenobi.", "Hallo."];
    let l = limits(2, 13, 100);
    let p = plan(&texts, l, 1, Oversize::for_operation(Operation::Detect)).unwrap();
    assert_eq!(p.pieces_per_element, [1, 1, 1]);
    let out = stitch::detect(&p, vec![vec![detect("fr"), detect("en")], vec![detect("de")]]).unwrap();
    let langs: Vec<_> = out.iter().map(|d| d.language.as_str()).collect();
    assert_eq!(langs, ["fr", "en", "de"]);
    let p = plan(&["a", "b", "c"], l, 1, Oversize::Refuse).unwrap();
    assert_eq!(
        stitch::in_order(&p, vec![vec![1, 2], vec![3]]).unwrap(),
        [1, 2, 3]
    );
}

#[test]
fn results_that_do_not_match_the_plan_are_errors() {
    let p = hello_plan();
    let one = || vec![result(None, vec![tr("de", "x", "", &[], &[])])];
    assert_eq!(
        stitch::translate(&p, &[HELLO], vec![one()]),
        Err(StitchError::Batches { expected: 2, got: 1 })
    );
    let two = vec![one(), vec![]];
    assert_eq!(
        stitch::translate(&p, &[HELLO], two),
        Err(StitchError::Results {
            batch: 1,
            expected: 1,
            got: 0
        })
    );
    let no_target = vec![one(), vec![result(None, vec![])]];
    assert_eq!(
        stitch::translate(&p, &[HELLO], no_target),
        Err(StitchError::Targets {
            element: 0,
            expected: 1,
            got: 0
        })
    );
}
