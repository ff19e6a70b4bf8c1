//! Hand-computed cases: every expected byte range below was counted by hand
//! from the UTF-16 indexes in `proj` and `sentLen`.

// Lists of byte ranges are the data here, not a mistaken `vec![0..n]`.
#![allow(clippy::single_range_in_vec_init)]

use std::ops::Range;

use super::*;
use crate::api::alignment::Projection;
use crate::api::model::{self, SentLen, Translation};

/// A result with one translation per `(text, proj)`; `None` = no alignment.
pub(super) fn result(targets: &[(&str, Option<&str>)]) -> TranslateResult {
    let translations = targets
        .iter()
        .map(|&(text, proj)| Translation {
            text: text.to_owned(),
            to: "xx".to_owned(),
            transliteration: None,
            alignment: proj.map(|p| model::Alignment {
                proj: p.parse::<Projection>().expect("test proj"),
            }),
            sent_len: None,
        })
        .collect();
    TranslateResult {
        detected_language: None,
        translations,
        source_text: None,
    }
}

fn spans(v: &[Range<usize>]) -> PaneHighlight {
    PaneHighlight::Spans(v.to_vec())
}

fn texts<'a>(s: &'a str, h: &PaneHighlight) -> Vec<&'a str> {
    h.spans().iter().map(|r| &s[r.clone()]).collect()
}

const EN: &str = "The answer lies in machine translation.";
const FR: &str = "La réponse se trouve dans la traduction automatique.";
const FR_PROJ: &str = "0:2-0:1 4:9-3:9 11:14-11:19 16:17-21:24 19:25-40:50 27:37-29:38 38:38-51:51";

#[test]
fn spec_example_source_to_target() {
    let a = Alignment::new(EN, &result(&[(FR, Some(FR_PROJ))]));
    assert_eq!(a.source_word_at(5), Some(4..10));
    // "réponse": UTF-16 3..=9, but é is two bytes, so bytes 3..11.
    let h = a.at_source(5);
    assert_eq!(h.targets, vec![spans(&[3..11])]);
    assert_eq!(h.source, spans(&[4..10]));
    assert_eq!(texts(FR, &h.targets[0]), ["réponse"]);
    // One word, two target words: "lies" -> "se trouve" (11:19 -> bytes 12..21).
    assert_eq!(texts(FR, &a.at_source(12).targets[0]), ["se trouve"]);
    // Past the é every target index is one byte later.
    assert_eq!(a.at_source(20).targets, vec![spans(&[41..52])]);
    assert_eq!(texts(FR, &a.at_source(30).targets[0]), ["traduction"]);
    assert_eq!(a.ignored_entries(), 0);
    assert_eq!(a.links(0).map(<[Link]>::len), Some(7));
}

#[test]
fn spec_example_target_to_source() {
    let a = Alignment::new(EN, &result(&[(FR, Some(FR_PROJ))]));
    let h = a.for_target(0, 45); // in "automatique"
    assert_eq!(h.source, spans(&[19..26]));
    assert_eq!(texts(EN, &h.source), ["machine"]);
    assert_eq!(h.targets, vec![spans(&[41..52])]);
    // "la" (bytes 27..29) has no entry.
    assert_eq!(a.target_word_at(0, 28), Some(27..29));
    let h = a.for_target(0, 28);
    assert_eq!(h.source, PaneHighlight::NoCounterpart);
    assert_eq!(h.targets, vec![PaneHighlight::NoCounterpart]);
}

const CS_SRC: &str = "It is a beautiful morning.";
const CS: &str = "Je krásné ráno";
const CS_PROJ: &str = "0:1-0:1 0:1-3:8 18:24-10:13";

#[test]
fn one_to_many_non_contiguous_target() {
    let a = Alignment::new(CS_SRC, &result(&[(CS, Some(CS_PROJ))]));
    // "It" -> "Je" and "krásné": two spans with a space between.
    let h = a.at_source(1);
    assert_eq!(h.targets, vec![spans(&[0..2, 3..11])]);
    assert_eq!(texts(CS, &h.targets[0]), ["Je", "krásné"]);
    assert_eq!(h.source, spans(&[0..2]));
    // "ráno" is UTF-16 10..=13 and bytes 12..17 (two é/á before it).
    assert_eq!(texts(CS, &a.at_source(20).targets[0]), ["ráno"]);
    assert_eq!(a.at_source(20).targets, vec![spans(&[12..17])]);
    // Back from "krásné": the source "It", and only krásné in its own pane.
    let h = a.for_target(0, 5);
    assert_eq!(h.source, spans(&[0..2]));
    assert_eq!(h.targets, vec![spans(&[3..11])]);
}

#[test]
fn words_without_counterpart() {
    let a = Alignment::new(CS_SRC, &result(&[(CS, Some(CS_PROJ))]));
    for byte in [3, 6, 10] {
        // "is", "a", "beautiful"
        let h = a.at_source(byte);
        assert_eq!(h.targets, vec![PaneHighlight::NoCounterpart], "{byte}");
        assert_eq!(h.source, PaneHighlight::NoCounterpart);
    }
}

#[test]
fn many_to_one_and_through_the_source() {
    let src = "the bank account";
    let de = "das Bankkonto";
    let fr = "le compte bancaire";
    let a = Alignment::new(
        src,
        &result(&[
            (de, Some("0:2-0:2 4:7-4:12 9:15-4:12")),
            (fr, Some("0:2-0:1 4:7-10:17 9:15-3:8")),
        ]),
    );
    // Many-to-one: "bank" lights "Bankkonto", and only "bank" in the source.
    let h = a.at_source(5);
    assert_eq!(h.targets, vec![spans(&[4..13]), spans(&[10..18])]);
    assert_eq!(h.source, spans(&[4..8]));
    // From "Bankkonto": both source words (non-contiguous), and French through them.
    let h = a.for_target(0, 7);
    assert_eq!(texts(src, &h.source), ["bank", "account"]);
    assert_eq!(h.targets[0], spans(&[4..13]));
    assert_eq!(texts(fr, &h.targets[1]), ["compte", "bancaire"]);
    // From "compte": "account", and "Bankkonto" through it.
    let h = a.for_target(1, 4);
    assert_eq!(h.source, spans(&[9..16]));
    assert_eq!(h.targets, vec![spans(&[4..13]), spans(&[3..9])]);
}

#[test]
fn emoji_and_cjk_utf16_vs_bytes() {
    // 😀 is 2 units / 4 bytes; each kana and kanji 1 unit / 3 bytes.
    let src = "😀 I love sushi";
    let ja = "😀 私は寿司が大好き";
    let a = Alignment::new(src, &result(&[(ja, Some("0:1-0:1 3:3-3:3 5:8-8:10 10:14-5:6"))]));
    assert_eq!(a.source_word_at(13), Some(12..17));
    assert_eq!(a.at_source(13).targets, vec![spans(&[11..17])]);
    assert_eq!(texts(ja, &a.at_source(13).targets[0]), ["寿司"]);
    assert_eq!(texts(ja, &a.at_source(8).targets[0]), ["大好き"]);
    assert_eq!(a.at_source(5).targets, vec![spans(&[5..8])]);
    // The emoji is not a word, but a range over it still finds its entry.
    assert_eq!(a.for_source(0..4).targets, vec![spans(&[0..4])]);
    // Whatever ICU makes of 大好き, a cursor in it finds "love".
    let h = a.for_target(0, 21);
    assert_eq!(h.source, spans(&[7..11]));
    assert_eq!(texts(ja, &h.targets[0]), ["大好き"]);
    assert_eq!(a.for_target(0, 12).source, spans(&[12..17]));
}

#[test]
fn rtl_targets_keep_logical_byte_order() {
    let src = "I love books";
    let he = "אני אוהב ספרים"; // 2 bytes a letter
    let ar = "أنا أحب الكتب";
    let a = Alignment::new(
        src,
        &result(&[
            (he, Some("0:0-0:2 2:5-4:7 7:11-9:13")),
            (ar, Some("0:0-0:2 2:5-4:6 7:11-8:12")),
        ]),
    );
    let h = a.at_source(3);
    assert_eq!(h.targets, vec![spans(&[7..15]), spans(&[7..13])]);
    assert_eq!(texts(he, &h.targets[0]), ["אוהב"]);
    assert_eq!(texts(ar, &h.targets[1]), ["أحب"]);
    let h = a.for_target(1, 15); // in الكتب
    assert_eq!(h.source, spans(&[7..12]));
    assert_eq!(h.targets, vec![spans(&[16..26]), spans(&[14..24])]);
    assert_eq!(texts(he, &h.targets[0]), ["ספרים"]);
}

#[test]
fn missing_alignment_is_unavailable_not_hidden() {
    let targets = [(CS, Some(CS_PROJ)), ("Es ist", None), ("<b>x</b>", Some(""))];
    let a = Alignment::new(CS_SRC, &result(&targets));
    assert_eq!(
        (a.has_alignment(0), a.has_alignment(1), a.has_alignment(2)),
        (true, false, false)
    );
    let h = a.at_source(20);
    assert_eq!(h.source, spans(&[18..25]));
    let unavailable = PaneHighlight::Unavailable;
    assert_eq!(
        h.targets,
        vec![spans(&[12..17]), unavailable.clone(), unavailable.clone()]
    );
    // From a pane without alignment nothing can be reached.
    let h = a.for_target(1, 1);
    assert_eq!(h.source, unavailable);
    assert!(h.targets.iter().all(|t| *t == PaneHighlight::Unavailable));
    // No target has any: the source says so too.
    let a = Alignment::new(CS_SRC, &result(&[("Je", None), ("Je", Some(""))]));
    let h = a.at_source(1);
    assert_eq!(h.source, PaneHighlight::Unavailable);
    assert_eq!(h.targets, vec![PaneHighlight::Unavailable; 2]);
    assert_eq!(a.links(0), None);
    assert_eq!(a.at_source(999).source, PaneHighlight::Unavailable);
}

#[test]
fn cursor_at_end_and_in_whitespace() {
    let a = Alignment::new(CS_SRC, &result(&[(CS, Some(CS_PROJ))]));
    // After the final full stop: still "morning".
    assert_eq!(a.source_word_at(CS_SRC.len()), Some(18..25));
    assert_eq!(a.at_source(CS_SRC.len()).targets, vec![spans(&[12..17])]);
    assert_eq!(a.for_target(0, CS.len()).source, spans(&[18..25]));
    // In the space after "It": still "It".
    assert_eq!(a.source_word_at(2), Some(0..2));
    // Start of a line of only spaces: nothing to ask about, nothing lit.
    let src = "It\n   morning";
    let a = Alignment::new(src, &result(&[(CS, Some("0:1-0:1 6:12-10:13"))]));
    assert_eq!(a.source_word_at(4), None);
    let h = a.at_source(4);
    assert_eq!(h.source, spans(&[]));
    assert_eq!(h.targets, vec![spans(&[])]);
    assert_eq!(a.at_source(7).targets, vec![spans(&[12..17])]);
    // Leading spaces of the target.
    let a = Alignment::new("x", &result(&[("  y", Some("0:0-2:2"))]));
    assert_eq!(a.for_target(0, 1).targets, vec![spans(&[])]);
    assert_eq!(a.for_target(0, 2).source, spans(&[0..1]));
}

#[test]
fn sentences_from_sent_len_with_emoji() {
    // "Hi 😀. " is 7 units / 9 bytes; "Hallo 😀. " 10 units / 12 bytes;
    // "Tschüss." 8 units / 9 bytes.
    let src = "Hi 😀. Bye.";
    let de = "Hallo 😀. Tschüss.";
    let mut r = result(&[(de, None)]);
    r.translations[0].sent_len = Some(SentLen {
        src_sent_len: vec![7, 4],
        trans_sent_len: vec![10, 8],
    });
    let a = Alignment::new(src, &r);
    assert_eq!(a.source_sentences(), Some(&[0..9, 9..13][..]));
    assert_eq!(a.target_sentences(0), Some(&[0..12, 12..21][..]));
    assert_eq!(&de[12..21], "Tschüss.");
    assert_eq!(a.source_sentence_at(0), Some(0));
    assert_eq!(a.source_sentence_at(8), Some(0));
    assert_eq!(a.source_sentence_at(9), Some(1));
    assert_eq!(a.source_sentence_at(src.len()), Some(1));
    assert_eq!(a.target_sentence_at(0, 11), Some(0));
    assert_eq!(a.target_sentence_at(0, 12), Some(1));
    assert_eq!(a.target_sentence_at(0, 99), None);
    assert_eq!(a.issues(0).map(|i| i.sentence_mismatch), Some(false));
    // Without sentLen there are no sentences.
    let a = Alignment::new(src, &result(&[(de, None)]));
    assert_eq!((a.source_sentences(), a.target_sentences(0)), (None, None));
    assert_eq!(a.source_sentence_at(0), None);
}
