//! Stitching on hand-made results: the offsets, lengths and separators below are
//! worked out by hand from the strings next to them.

use crate::api::model::{SourceText, TranslateResult, Transliterated};
use crate::client::batch::{Oversize, plan, stitch};

use super::kit::{HELLO, hello_plan, lang, limits, result, tr};

#[test]
fn translate_shifts_alignments_and_fits_sentence_lengths() {
    let p = hello_plan();
    let results = vec![
        vec![result(
            lang("en", 0.9),
            vec![
                // The trailing space is lost in German: it is put back.
                tr("de", "Hallo Welt.", "0:4-0:4 6:10-6:9", &[13], &[11]),
                tr("ja", "こんにちは世界。", "0:4-0:4 6:10-5:6", &[13], &[8]),
            ],
        )],
        vec![result(
            lang("de", 0.99),
            vec![
                tr(
                    "de",
                    "Wie geht es dir?",
                    "0:2-0:2 4:6-4:7 8:10-12:14",
                    &[12],
                    &[16],
                ),
                tr("ja", "お元気ですか？", "0:2-3:4 8:10-0:0", &[12], &[7]),
            ],
        )],
    ];
    let out = stitch::translate(&p, &[HELLO], results).unwrap();
    assert_eq!(out.len(), 1);
    // The longest piece (13 > 12) decides, not the highest score.
    assert_eq!(out[0].detected_language, lang("en", 0.9));
    let de = &out[0].translations[0];
    assert_eq!(
        (de.to.as_str(), de.text.as_str()),
        ("de", "Hallo Welt. Wie geht es dir?")
    );
    // Source shifted by 13; target by 11 + 1 (the space put back).
    assert_eq!(
        de.alignment.as_ref().unwrap().proj.to_string(),
        "0:4-0:4 6:10-6:9 13:15-12:14 17:19-16:19 21:23-24:26"
    );
    let sl = de.sent_len.as_ref().unwrap();
    assert_eq!(
        (sl.src_sent_len.as_slice(), sl.trans_sent_len.as_slice()),
        (&[13, 12][..], &[12, 16][..])
    );
    // Japanese: no space between sentences; the target shift is 8.
    let ja = &out[0].translations[1];
    assert_eq!(ja.text, "こんにちは世界。お元気ですか？");
    assert_eq!(
        ja.alignment.as_ref().unwrap().proj.to_string(),
        "0:4-0:4 6:10-5:6 13:15-11:12 21:23-8:8"
    );
    let sl = ja.sent_len.as_ref().unwrap();
    assert_eq!(
        (sl.src_sent_len.as_slice(), sl.trans_sent_len.as_slice()),
        (&[13, 12][..], &[8, 7][..])
    );
}

#[test]
fn whitespace_kept_by_the_service_is_not_doubled() {
    let p = hello_plan();
    let results = vec![
        vec![result(None, vec![tr("de", "Hallo Welt. ", "", &[13], &[12])])],
        vec![result(None, vec![tr("de", "Wie geht es dir?", "", &[12], &[16])])],
    ];
    let out = stitch::translate(&p, &[HELLO], results).unwrap();
    assert_eq!(out[0].translations[0].text, "Hallo Welt. Wie geht es dir?");
    assert_eq!(out[0].detected_language, None);
    assert_eq!(
        out[0].translations[0]
            .alignment
            .as_ref()
            .unwrap()
            .proj
            .to_string(),
        ""
    );
}

#[test]
fn line_breaks_survive_in_languages_without_spaces() {
    let text = "Line one. \nLine two."; // "Line one. \n" is 11
    let p = plan(&[text], limits(3, 11, 11), 1, Oversize::Split).unwrap();
    assert_eq!(p.pieces_per_element, [2]);
    let piece = |de: &str, ja: &str, zh: &str, n: u32| {
        vec![result(
            None,
            vec![
                tr("de", de, "", &[n], &[de.chars().count() as u32]),
                tr("ja", ja, "", &[n], &[ja.chars().count() as u32]),
                tr("zh-Hans", zh, "", &[n], &[zh.chars().count() as u32]),
            ],
        )]
    };
    let results = vec![
        piece("Zeile eins.", "一行目。", "第一行。", 11),
        piece("Zeile zwei.", "二行目。", "第二行。", 9),
    ];
    let out = stitch::translate(&p, &[text], results).unwrap();
    let t = &out[0].translations;
    assert_eq!(t[0].text, "Zeile eins. \nZeile zwei.");
    assert_eq!(t[1].text, "一行目。\n二行目。");
    assert_eq!(t[2].text, "第一行。\n第二行。");
    // The separator counts in the previous sentence: 11 + 2, 4 + 1.
    assert_eq!(t[0].sent_len.as_ref().unwrap().trans_sent_len, [13, 11]);
    assert_eq!(t[1].sent_len.as_ref().unwrap().trans_sent_len, [5, 4]);
    assert_eq!(t[1].sent_len.as_ref().unwrap().src_sent_len, [11, 9]);
}

#[test]
fn sentence_lengths_that_do_not_add_up_are_fitted_to_the_pieces() {
    let p = hello_plan();
    // Piece 1 leaves out its trailing space (12 of 13); piece 2 claims 15 of 12.
    let results = vec![
        vec![result(None, vec![tr("de", "Hallo Welt.", "", &[12], &[11])])],
        vec![result(
            None,
            vec![tr("de", "Wie geht es dir?", "", &[10, 5], &[10, 9])],
        )],
    ];
    let out = stitch::translate(&p, &[HELLO], results).unwrap();
    let sl = out[0].translations[0].sent_len.clone().unwrap();
    assert_eq!(sl.src_sent_len, [13, 10, 2]);
    assert_eq!(sl.trans_sent_len, [12, 10, 6]);
    assert_eq!(sl.src_sent_len.iter().sum::<u32>(), 25);
    assert_eq!(sl.trans_sent_len.iter().sum::<u32>(), 28);
}

#[test]
fn transliteration_and_source_text_are_concatenated() {
    let p = hello_plan();
    let with = |r: TranslateResult, tl: &str, source: Option<&str>| {
        let mut r = r;
        r.translations[0].transliteration = Some(Transliterated {
            text: tl.to_owned(),
            script: "Latn".to_owned(),
        });
        r.source_text = source.map(|s| SourceText { text: s.to_owned() });
        vec![r]
    };
    let results = vec![
        with(
            result(None, vec![tr("ja", "こんにちは世界。", "", &[13], &[8])]),
            "konnichiwa sekai.",
            Some("HELLO WORLD."),
        ),
        with(
            result(None, vec![tr("ja", "お元気ですか？", "", &[12], &[7])]),
            "ogenki desu ka?",
            None,
        ),
    ];
    let out = stitch::translate(&p, &[HELLO], results).unwrap();
    let tl = out[0].translations[0].transliteration.as_ref().unwrap();
    // Latin script gets the space back although Japanese does not.
    assert_eq!(
        (tl.text.as_str(), tl.script.as_str()),
        ("konnichiwa sekai. ogenki desu ka?", "Latn")
    );
    // A piece without sourceText stands for itself.
    assert_eq!(
        out[0].source_text.as_ref().unwrap().text,
        "HELLO WORLD. How are you?"
    );
}

#[test]
fn an_element_sent_whole_keeps_its_result_untouched() {
    let texts = ["Short.", HELLO];
    let p = plan(&texts, limits(3, 13, 30), 1, Oversize::Split).unwrap();
    assert_eq!(p.pieces_per_element, [1, 2]);
    let odd = result(lang("fr", 0.1), vec![tr("de", "Kurz", "0:4-0:3", &[1, 1], &[])]);
    let results = vec![
        vec![
            odd.clone(),
            result(None, vec![tr("de", "Hallo Welt.", "", &[13], &[11])]),
        ],
        vec![result(None, vec![tr("de", "Wie geht es dir?", "", &[12], &[16])])],
    ];
    let out = stitch::translate(&p, &texts, results).unwrap();
    assert_eq!(out[0], odd);
    assert_eq!(out[1].translations[0].text, "Hallo Welt. Wie geht es dir?");
}
