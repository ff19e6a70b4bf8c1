use super::*;
use whatlang::dev::{RawLangInfo, raw_detect};

/// Texts in every multi-language script whatlang splits, short and long,
/// with punctuation, digits, mixed case and repeats.
const CORPUS: &[(&str, Script)] = &[
    (
        "Could you tell me where the nearest train station is, please?",
        Script::Latin,
    ),
    ("Hallo", Script::Latin),
    ("a", Script::Latin),
    (
        "Ich würde wirklich gern dein Auto um den Block fahren. Danke!",
        Script::Latin,
    ),
    (
        "Le renard brun rapide saute par-dessus le chien paresseux 123 fois.",
        Script::Latin,
    ),
    (
        "¿Dónde está la biblioteca? No lo sé, pregunta en la recepción.",
        Script::Latin,
    ),
    (
        "Dit is een test van de Nederlandse taal, met een paar woorden.",
        Script::Latin,
    ),
    ("Kiitos paljon, hyvää päivänjatkoa kaikille!", Script::Latin),
    ("aaaa aaaa aaaa bbbb bbbb", Script::Latin),
    ("Привет, как дела? Всё хорошо, спасибо.", Script::Cyrillic),
    ("Добрий день! Як справи у тебе сьогодні?", Script::Cyrillic),
    ("Здравей, как си? Благодаря, добре съм.", Script::Cyrillic),
    ("مرحبا كيف حالك اليوم؟ أنا بخير شكرا", Script::Arabic),
    ("آپ کیسے ہیں؟ میں ٹھیک ہوں", Script::Arabic),
    ("नमस्ते, आप कैसे हैं? मैं ठीक हूँ।", Script::Devanagari),
    ("שלום, מה שלומך היום?", Script::Hebrew),
];

fn long_text() -> String {
    "The quick brown fox jumps over the lazy dog while the cat watches from the window. ".repeat(40)
}

fn whatlang_combined(text: &str) -> (Vec<(Lang, f64)>, usize) {
    match raw_detect(text).lang_info {
        Some(RawLangInfo::MultiScript(raw)) => (raw.scores, raw.trigram_raw_outcome.trigrams_count),
        other => panic!("not a multi-language script: {other:?}"),
    }
}

fn assert_same(text: &str, script: Script) {
    let (ours, our_count) = combined_scores(text, script).expect("script has profiles");
    let (theirs, their_count) = whatlang_combined(text);
    assert_eq!(our_count, their_count, "trigram count of {text:?}");
    assert_eq!(ours.len(), theirs.len(), "{text:?}");
    for (lang, score) in &theirs {
        let mine = ours.iter().find(|(l, _)| l == lang).map(|x| x.1);
        let same = mine.is_some_and(|m| m == *score || (m.is_nan() && score.is_nan()));
        assert!(same, "{text:?}: {lang:?} whatlang {score} ours {mine:?}");
    }
}

#[test]
fn identical_to_whatlang() {
    for &(text, script) in CORPUS {
        assert_same(text, script);
    }
    assert_same(&long_text(), Script::Latin);
}

#[test]
fn other_scripts_are_not_ours() {
    assert!(combined_scores("ประเทศไทย", Script::Thai).is_none());
}
