//! Tests of [`super::detect`] (kept apart to keep the module short).

use super::*;

fn best(text: &str) -> &'static str {
    detect(text).map_or("-", |o| o.best.language)
}

#[test]
fn detects_common_languages() {
    let samples = [
        ("en", "How are you? I am fine. What did you do today?"),
        ("en", "hello world"),
        ("fr", "Bonjour, comment allez-vous aujourd'hui ?"),
        ("de", "Guten Morgen, wie geht es Ihnen heute?"),
        ("es", "Hola, ¿cómo estás? Me llamo Juan."),
        ("ru", "Привет, как дела? Меня зовут Иван."),
        ("uk", "Привіт, як справи? Мене звати Іван."),
        ("ar", "مرحبا، كيف حالك؟ اسمي أحمد."),
        ("fa", "سلام، حال شما چطور است؟ من خوبم."),
        ("hi", "नमस्ते, आप कैसे हैं? मेरा नाम राम है।"),
        ("ja", "こんにちは、お元気ですか？"),
        ("ja", "東京に行きます。"),
        ("ko", "안녕하세요, 잘 지내세요?"),
        ("zh-Hans", "我很好。你呢？这是我们的国家。"),
        ("zh-Hant", "我很好。你呢？這是我們的國家。"),
        ("th", "สวัสดีครับ คุณสบายดีไหม"),
        ("el", "Γεια σας, τι κάνετε;"),
        ("he", "שלום, מה שלומך?"),
        ("fi", "Hei, mitä kuuluu tänään?"),
        ("kk", "Сәлеметсіз бе, қалыңыз қалай?"),
        ("dv", "ދިވެހިރާއްޖެ"),
    ];
    for (expected, text) in samples {
        assert_eq!(best(text), expected, "{text}");
    }
}

#[test]
fn clear_text_scores_high_without_alternatives() {
    let outcome = detect("How are you? I am fine. What did you do today?");
    let outcome = outcome.expect("english");
    assert!(outcome.best.score > 0.9, "{outcome:?}");
    assert!(outcome.alternatives.is_empty(), "{outcome:?}");
}

#[test]
fn ambiguous_short_latin_text_has_alternatives() {
    for text in ["Hallo", "Ja", "die"] {
        let outcome = detect(text).expect("some latin language");
        assert!(!outcome.alternatives.is_empty(), "{text}: {outcome:?}");
        assert!(outcome.alternatives.len() <= MAX_ALTERNATIVES);
        assert!(outcome.best.score < 0.9, "{text}: {outcome:?}");
        for alt in &outcome.alternatives {
            assert_ne!(alt.language, outcome.best.language);
            assert!(alt.score <= outcome.best.score && alt.score >= MIN_ALTERNATIVE_SCORE);
        }
    }
}

#[test]
fn han_without_variant_evidence_is_uncertain() {
    let outcome = detect("东京").expect("chinese");
    assert_eq!(outcome.best.language, "zh-Hans");
    assert!(outcome.best.score < 1.0);
    assert_eq!(outcome.alternatives.first().map(|a| a.language), Some("zh-Hant"));
}

#[test]
fn mixed_scripts_lower_the_score() {
    let outcome = detect("I love 北京天安门").expect("something");
    assert!(outcome.best.score < 0.9);
    let outcome = detect("Das ist gut 😀👍🏽 123").expect("german");
    assert_eq!(outcome.best.language, "de");
}

#[test]
fn nothing_to_say() {
    for text in ["", "   ", "123 456", "!!! ???", "😀🎉", "\u{301}", "\u{0}\u{7}\n"] {
        assert_eq!(detect(text), None, "{text:?}");
    }
}

#[test]
fn never_panics_and_stays_in_range() {
    let long = "The quick brown fox jumps over the lazy dog. ".repeat(1_200);
    let inputs = [
        long.as_str(),
        "a\u{301}\u{302}\u{303}",
        "\u{200B}x\u{FEFF}",
        "ǅ ʼ ꞵ",
        "Привет hello مرحبا 你好 こんにちは 안녕 Γεια",
        "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
        "ᏣᎳᎩ",
        "ܫܠܡܐ",
    ];
    let all = detectable_languages();
    for text in inputs {
        if let Some(outcome) = detect(text) {
            assert!(all.contains(&outcome.best.language), "{text}");
            for d in std::iter::once(&outcome.best).chain(&outcome.alternatives) {
                assert!((0.0..=1.0).contains(&d.score), "{text}: {outcome:?}");
            }
        }
    }
    assert_eq!(best(&long), "en");
}

#[test]
fn detectable_languages_are_translator_codes() {
    let all = detectable_languages();
    for code in [
        "en", "zh-Hans", "zh-Hant", "ja", "ko", "nb", "fil", "sr-Cyrl", "fa", "he",
    ] {
        assert!(all.contains(&code), "{code}");
    }
    for code in ["zh", "no", "tl", "iw", "sr"] {
        assert!(!all.contains(&code), "{code}");
    }
}

#[test]
fn short_english_is_english() {
    // Issue 23: each of these was detected as another language (af, et, la, de, tr, da).
    for text in ["water", "house", "Sunday", "Search", "Save", "I love music."] {
        assert_eq!(best(text), "en", "{text}");
    }
}

#[test]
fn close_languages_by_their_own_marks() {
    let samples = [
        // Han alone: kanji only Japanese writes (検, 択, 続).
        ("ja", "検索条件を選択"),
        ("ja", "接続設定"),
        ("zh-Hans", "搜索设置"),
        // Serbian (ekavian) vs Croatian (ijekavian).
        ("sr-Latn", "Izaberite vreme i mesto"),
        ("hr", "Odaberite vrijeme i mjesto"),
        // ळ is Marathi's, not Hindi's.
        ("mr", "फाइल जतन केली नाही, कृपया पुन्हा प्रयत्न करा आणि वेळ तपासा"),
        ("hi", "फ़ाइल सहेजी नहीं गई है"),
        // Letters of one language of the script.
        ("eo", "ĉu vi parolas"),
        ("vi", "Không thể mở tập tin"),
        ("uk", "Їжак"),
    ];
    for (expected, text) in samples {
        assert_eq!(best(text), expected, "{text}");
    }
}
