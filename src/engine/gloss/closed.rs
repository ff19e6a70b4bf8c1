//! Closed-class words: the grammatical words that dictionaries list poorly or
//! not at all (Swedish `inte`, Polish `jest`, Italian `della`, German `ist`),
//! English contractions, and French and Italian elision (`l'objet`).
//!
//! `assets/morph/function-words.tsv` gives per language each grammatical word
//! and its usual English rendering (empty: none of its own, like the French
//! `ne` of `ne … pas` or a reflexive `se`). Into English the table decides;
//! from English its first word for an English word is favoured when the
//! dictionary offers it among its translations (`for` → fr `pour`, not
//! `durant`), and used when the dictionary lacks the word.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

const TABLE: &str = include_str!("../../../assets/morph/function-words.tsv");

type Map = FxHashMap<(&'static str, &'static str), &'static str>;

fn maps() -> &'static (Map, Map) {
    static MAPS: OnceLock<(Map, Map)> = OnceLock::new();
    MAPS.get_or_init(|| {
        let (mut to_en, mut from_en) = (Map::default(), Map::default());
        for line in TABLE.lines().filter(|l| !l.starts_with('#')) {
            let mut cols = line.split('\t');
            let (Some(lang), Some(word), Some(en)) = (cols.next(), cols.next(), cols.next()) else {
                continue;
            };
            to_en.insert((lang, word), en);
            if !en.is_empty() && !en.contains(' ') {
                from_en.entry((lang, en)).or_insert(word);
            }
        }
        (to_en, from_en)
    })
}

fn base(lang: &str) -> &str {
    lang.split('-').next().unwrap_or(lang)
}

/// The English of a grammatical word of `lang` (normalized), `""` when it has none.
pub fn to_english(lang: &str, word: &str) -> Option<&'static str> {
    maps().0.get(&(base(lang), word)).copied()
}

/// The usual word of `lang` for an English grammatical word (normalized).
pub fn from_english(lang: &str, english: &str) -> Option<&'static str> {
    let key = if english == "i" { "I" } else { english };
    maps().1.get(&(base(lang), key)).copied()
}

/// The words a contracted or elided word stands for (`can't` → `can not`,
/// `l'objet` → `l'` `objet`), or `None`. `word` is normalized.
pub fn expand(from: &str, word: &str) -> Option<Vec<String>> {
    let w = word.replace('’', "'");
    match base(from) {
        "en" => CONTRACTIONS
            .iter()
            .find(|(c, _)| *c == w)
            .map(|(_, parts)| parts.iter().map(|p| (*p).to_owned()).collect()),
        lang @ ("fr" | "it") => {
            let cut = w.find('\'')? + 1;
            let (head, rest) = w.split_at(cut);
            (!rest.is_empty() && to_english(lang, head).is_some())
                .then(|| vec![head.to_owned(), rest.to_owned()])
        }
        _ => None,
    }
}

/// English contractions; the auxiliary `do` of a negation has no word of its
/// own in a gloss (`don't know` → `not know`).
const CONTRACTIONS: &[(&str, &[&str])] = &[
    ("can't", &["can", "not"]),
    ("cannot", &["can", "not"]),
    ("won't", &["will", "not"]),
    ("don't", &["not"]),
    ("doesn't", &["not"]),
    ("didn't", &["not"]),
    ("isn't", &["is", "not"]),
    ("aren't", &["are", "not"]),
    ("wasn't", &["was", "not"]),
    ("weren't", &["were", "not"]),
    ("couldn't", &["could", "not"]),
    ("wouldn't", &["would", "not"]),
    ("shouldn't", &["should", "not"]),
    ("mustn't", &["must", "not"]),
    ("haven't", &["have", "not"]),
    ("hasn't", &["has", "not"]),
    ("hadn't", &["had", "not"]),
    ("i'm", &["i", "am"]),
    ("you're", &["you", "are"]),
    ("we're", &["we", "are"]),
    ("they're", &["they", "are"]),
    ("it's", &["it", "is"]),
    ("that's", &["that", "is"]),
    ("there's", &["there", "is"]),
    ("i've", &["i", "have"]),
    ("you've", &["you", "have"]),
    ("we've", &["we", "have"]),
    ("they've", &["they", "have"]),
    ("i'll", &["i", "will"]),
    ("you'll", &["you", "will"]),
    ("it'll", &["it", "will"]),
    ("i'd", &["i", "would"]),
    ("let's", &["let", "us"]),
];

#[cfg(test)]
mod tests {
    use super::*;

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
    fn contractions_and_elision() {
        assert_eq!(expand("en", "can’t").unwrap(), ["can", "not"]);
        assert_eq!(expand("fr", "l'objet").unwrap(), ["l'", "objet"]);
        assert_eq!(expand("it", "dell'archivio").unwrap(), ["dell'", "archivio"]);
        assert!(expand("fr", "aujourd'hui").is_none());
        assert!(expand("de", "geht's").is_none());
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
