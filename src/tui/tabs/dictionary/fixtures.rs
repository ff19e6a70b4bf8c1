//! Answers shaped as the local engine gives them (its FreeDict eng-fin and
//! CC-CEDICT data, the HSK sentence pairs), for the tab's tests, its
//! snapshots and benches/tui.

use crate::api::model::{
    BackTranslation, DictionaryTranslation, Example, ExamplesResult, LookupResult, PosTag,
};

fn back(text: &str, examples: u32, frequency: u32) -> BackTranslation {
    BackTranslation {
        normalized_text: text.to_lowercase(),
        display_text: text.to_owned(),
        num_examples: examples,
        frequency_count: frequency,
    }
}

fn translation(
    target: &str,
    pos: PosTag,
    confidence: f64,
    backs: Vec<BackTranslation>,
) -> DictionaryTranslation {
    DictionaryTranslation {
        normalized_target: target.to_lowercase(),
        display_target: target.to_owned(),
        pos_tag: pos,
        confidence,
        prefix_word: String::new(),
        back_translations: backs,
    }
}

/// `bank` in English → Finnish, nouns and a verb (the word alternatives
/// popup's tests and snapshot).
pub fn bank_fi() -> LookupResult {
    use PosTag::*;
    LookupResult {
        normalized_source: "bank".into(),
        display_source: "bank".into(),
        translations: vec![
            translation("pankki", Noun, 0.62, vec![back("bank", 3, 40)]),
            translation("ranta", Noun, 0.21, vec![back("shore", 1, 12)]),
            translation("kallistaa", Verb, 0.17, vec![back("tilt", 0, 5)]),
        ],
    }
}

/// `fly` in English → Finnish: nouns, verbs and adjectives, mixed order.
pub fn fly_fi() -> LookupResult {
    use PosTag::*;
    LookupResult {
        normalized_source: "fly".into(),
        display_source: "fly".into(),
        translations: vec![
            translation("kärpänen", Noun, 0.24, vec![back("fly", 3, 12)]),
            translation("lentää", Verb, 0.16, vec![back("fly", 5, 40), back("soar", 0, 2)]),
            translation(
                "fiksu",
                Adj,
                0.10,
                vec![back("smart", 2, 30), back("fly", 0, 1), back("clever", 1, 9)],
            ),
            translation(
                "perho",
                Noun,
                0.10,
                vec![back("fly lure", 0, 1), back("fly", 1, 4)],
            ),
            translation("lähteä lentoon", Verb, 0.10, vec![back("fly", 0, 2)]),
            translation(
                "tyylikäs",
                Adj,
                0.05,
                vec![
                    back("stylish", 4, 50),
                    back("dressy", 0, 3),
                    back("smart", 1, 20),
                    back("fly", 0, 1),
                ],
            ),
        ],
    }
}

/// A term the dictionary does not have.
pub fn not_found(term: &str) -> LookupResult {
    LookupResult {
        normalized_source: term.to_lowercase(),
        display_source: term.to_owned(),
        translations: Vec::new(),
    }
}

/// `fly` in English → Chinese (Simplified), with a prefix word on one.
pub fn fly_zh() -> LookupResult {
    let mut fly = translation("飞", PosTag::Verb, 0.35, vec![back("fly", 5, 120)]);
    fly.prefix_word = "会".into();
    LookupResult {
        normalized_source: "fly".into(),
        display_source: "fly".into(),
        translations: vec![
            fly,
            translation(
                "飞行",
                PosTag::Verb,
                0.21,
                vec![back("flight", 2, 40), back("fly", 3, 60)],
            ),
            translation(
                "蝇",
                PosTag::Noun,
                0.12,
                vec![back("fly", 0, 8), back("musca", 0, 1)],
            ),
        ],
    }
}

fn example(source: [&str; 3], target: [&str; 3]) -> Example {
    Example {
        source_prefix: source[0].into(),
        source_term: source[1].into(),
        source_suffix: source[2].into(),
        target_prefix: target[0].into(),
        target_term: target[1].into(),
        target_suffix: target[2].into(),
    }
}

/// The examples of (fly, 飞): the spaces are in the prefixes and suffixes.
pub fn fly_examples() -> ExamplesResult {
    ExamplesResult {
        normalized_source: "fly".into(),
        normalized_target: "飞".into(),
        examples: vec![
            example(
                ["The plane ", "flies", " in the sky."],
                ["飞机在天上", "飞", "。"],
            ),
            example(
                ["A plane ", "flew", " across the sky."],
                ["一架飞机从天空", "飞", "过。"],
            ),
            example(
                [
                    "A flock of birds ",
                    "flew",
                    " across the sky, so high and so far that we lost sight of them behind the hills.",
                ],
                ["空中", "飞", "过一群鸟，飞得又高又远，我们看着它们消失在山后。"],
            ),
            example(["", "Fly", "ing is fun."], ["", "飞", "行很有趣。"]),
        ],
    }
}

/// `飞` in Chinese (Simplified) → English (a pivot from the examples).
pub fn fei_en() -> LookupResult {
    LookupResult {
        normalized_source: "飞".into(),
        display_source: "飞".into(),
        translations: vec![
            translation(
                "fly",
                PosTag::Verb,
                0.62,
                vec![back("飞", 5, 120), back("飞行", 3, 60)],
            ),
            translation("flit", PosTag::Verb, 0.20, vec![back("飞", 0, 4)]),
        ],
    }
}
