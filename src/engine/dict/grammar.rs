//! The grammatical words, a small dictionary of our own: the closed-class words
//! that the bundled dictionaries list poorly or not at all (Swedish `inte`,
//! `jag`; Italian `della`; Spanish `es`, `del`), with their usual English.
//!
//! `assets/morph/function-words.tsv` gives per language each grammatical word
//! and its English rendering (empty: none of its own, like the French `ne` of
//! `ne … pas` or a reflexive `se`). The gloss reads it through
//! [`to_english`] and [`from_english`]; dictionary lookup falls back to its
//! [`entries`] for a word no bundled dictionary has (`jag` → `I`, `I` → `jag`).

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use super::dictd::normalize;
use super::entry::{Entry, Sense, Target};
use super::pos::Pos;

pub(crate) const TABLE: &str = include_str!("../../../assets/morph/function-words.tsv");

/// The languages the table has rows for; each gets its maps on first use.
const LANGUAGES: [&str; 19] = [
    "ar", "bg", "cs", "de", "el", "es", "fi", "fr", "hi", "id", "it", "nb", "nl", "pl", "pt", "ru", "sv",
    "tr", "zh",
];

/// One language's rows.
#[derive(Default)]
struct Maps {
    /// word → English ("" when none).
    to_en: FxHashMap<&'static str, &'static str>,
    /// normalized English → the English as the table spells it (`I`) and the
    /// language's words, table order.
    from_en: FxHashMap<String, (&'static str, Vec<&'static str>)>,
}

/// The maps of `lang` (a base code), built from its rows on first use: a
/// one-shot look-up builds one language's, not the whole table's.
fn maps(lang: &str) -> Option<&'static Maps> {
    static MAPS: [OnceLock<Maps>; LANGUAGES.len()] = [const { OnceLock::new() }; LANGUAGES.len()];
    let i = LANGUAGES.iter().position(|l| *l == lang)?;
    Some(MAPS[i].get_or_init(|| {
        let mut maps = Maps::default();
        for row in TABLE
            .lines()
            .filter_map(|l| l.strip_prefix(lang)?.strip_prefix('\t'))
        {
            let mut cols = row.split('\t');
            let (Some(word), Some(en)) = (cols.next(), cols.next()) else {
                continue;
            };
            maps.to_en.insert(word, en);
            if !en.is_empty() {
                maps.from_en
                    .entry(normalize(en))
                    .or_insert((en, Vec::new()))
                    .1
                    .push(word);
            }
        }
        maps
    }))
}

/// The language of a code without its script or region (`zh-Hans` → `zh`).
pub fn base(lang: &str) -> &str {
    lang.split('-').next().unwrap_or(lang)
}

/// The English of a grammatical word of `lang` (normalized), `""` when it has none.
pub fn to_english(lang: &str, word: &str) -> Option<&'static str> {
    maps(base(lang))?.to_en.get(word).copied()
}

/// The usual word of `lang` for a one-word English grammatical word (normalized).
pub fn from_english(lang: &str, english: &str) -> Option<&'static str> {
    if english.contains(' ') {
        return None;
    }
    let (_, words) = maps(base(lang))?.from_en.get(&normalize(english))?;
    words.first().copied()
}

/// The table's entries for `key` (normalized) from→to, one of which is English:
/// an English word gives every word of `to` rendered by it, in table order
/// (`the` → de `der`, `die`, `das`, …); a word of `from` gives its English.
pub fn entries(from: &str, to: &str, key: &str) -> Vec<Entry> {
    let (headword, targets): (&str, Vec<&str>) = if base(from) == "en" {
        match maps(base(to)).and_then(|m| m.from_en.get(key)) {
            Some((spelled, words)) => (*spelled, words.clone()),
            None => return Vec::new(),
        }
    } else if base(to) == "en" {
        match to_english(from, key).filter(|en| !en.is_empty()) {
            Some(en) => (key, vec![en]),
            None => return Vec::new(),
        }
    } else {
        return Vec::new();
    };
    let english = if base(from) == "en" { headword } else { targets[0] };
    vec![Entry {
        headword: headword.to_owned(),
        pos: english_pos(english),
        gender: None,
        senses: vec![Sense {
            targets: targets
                .into_iter()
                .map(|t| Target {
                    text: t.to_owned(),
                    gender: None,
                    rank: None,
                })
                .collect(),
            note: String::new(),
        }],
    }]
}

/// The part of speech of an English grammatical word; OTHER for a phrase
/// (`of the`) or a word that has several (`that`: DET, PRON, CONJ).
pub fn english_pos(english: &str) -> Pos {
    let w = english.to_lowercase();
    ENGLISH_POS
        .iter()
        .find(|(_, words)| words.contains(&w.as_str()))
        .map_or(Pos::Other, |(pos, _)| *pos)
}

/// The English grammatical words of the table by part of speech.
const ENGLISH_POS: &[(Pos, &[&str])] = &[
    (
        Pos::Det,
        &[
            "the", "a", "an", "this", "these", "those", "all", "no", "every", "each", "its", "their", "some",
            "any",
        ],
    ),
    (
        Pos::Pron,
        &[
            "i",
            "you",
            "he",
            "she",
            "it",
            "we",
            "they",
            "me",
            "him",
            "her",
            "us",
            "them",
            "who",
            "nothing",
            "none",
            "someone",
            "something",
            "everything",
        ],
    ),
    (
        Pos::Modal,
        &[
            "can", "could", "may", "might", "must", "shall", "should", "will", "would", "cannot",
        ],
    ),
    (
        Pos::Verb,
        &[
            "is", "are", "was", "were", "be", "been", "has", "have", "had", "exist", "exists", "existed",
            "becomes", "became",
        ],
    ),
    (
        Pos::Conj,
        &[
            "and", "or", "but", "if", "when", "than", "because", "although", "while", "whether",
        ],
    ),
    (
        Pos::Prep,
        &[
            "to", "in", "with", "from", "for", "between", "without", "on", "of", "after", "before", "under",
            "at", "by", "about", "over", "above", "through", "during", "into", "until", "like", "against",
            "among",
        ],
    ),
    (
        Pos::Adv,
        &[
            "not", "only", "also", "very", "more", "already", "here", "there", "now", "still", "so",
        ],
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_of_the_table_has_its_maps() {
        for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
            let lang = line.split('\t').next().unwrap();
            assert!(LANGUAGES.contains(&lang), "{lang} is not in LANGUAGES");
        }
        assert!(maps("ja").is_none());
    }

    #[test]
    fn grammatical_words_both_ways() {
        assert_eq!(to_english("sv", "inte"), Some("not"));
        assert_eq!(to_english("it", "della"), Some("of the"));
        assert_eq!(to_english("fr", "ne"), Some(""));
        assert_eq!(to_english("de", "Haus"), None);
        assert_eq!(from_english("fr", "for"), Some("pour"));
        assert_eq!(from_english("de", "i"), Some("ich"));
        assert_eq!(from_english("de", "of the"), None);
    }

    #[test]
    fn entries_go_both_ways_with_a_part_of_speech() {
        let sv = entries("sv", "en", "jag");
        assert_eq!(sv.len(), 1);
        assert_eq!(sv[0].pos, Pos::Pron);
        assert_eq!(sv[0].senses[0].targets[0].text, "I");
        let de: Vec<String> = entries("en", "de", "the")[0].senses[0]
            .targets
            .iter()
            .map(|t| t.text.clone())
            .collect();
        assert!(
            de.starts_with(&["der".to_owned()]) && de.contains(&"das".to_owned()),
            "{de:?}"
        );
        assert_eq!(entries("en", "de", "the")[0].pos, Pos::Det);
        // The English headword as the table spells it.
        assert_eq!(entries("en", "sv", "i")[0].headword, "I");
        // No English of its own, no entry; no pair without English.
        assert!(entries("fr", "en", "ne").is_empty());
        assert!(entries("fr", "de", "le").is_empty());
    }

    #[test]
    fn every_line_has_three_columns_and_no_duplicate() {
        let mut seen = std::collections::HashSet::new();
        for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
            let cols: Vec<&str> = line.split('\t').collect();
            assert_eq!(cols.len(), 3, "{line}");
            assert!(seen.insert((cols[0], cols[1])), "twice: {line}");
        }
    }
}
