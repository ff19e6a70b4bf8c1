//! Closed-class words: the grammatical words that dictionaries list poorly or
//! not at all (Swedish `inte`, Polish `jest`, Italian `della`, German `ist`),
//! English contractions, and French and Italian elision (`l'objet`).
//!
//! The grammatical words are `engine::dict::grammar`'s table (the usual
//! English of each, empty when it has none). Into English the table decides;
//! from English its first word for an English word is favoured when the
//! dictionary offers it among its translations (`for` → fr `pour`, not
//! `durant`), and used when the dictionary lacks the word.

pub use crate::engine::dict::grammar::{base, english_pos, from_english, to_english};

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

/// Grammatical words of Chinese and Japanese with no English word of their
/// own (particles, aspect markers: left out) or with a fixed one.
const FUNCTION_WORDS: &[(&str, &str, Option<&str>)] = &[
    ("ja", "は", None),
    ("ja", "が", None),
    ("ja", "を", None),
    ("ja", "に", Some("to")),
    ("ja", "で", Some("at")),
    ("ja", "の", Some("of")),
    ("ja", "へ", Some("to")),
    ("ja", "と", Some("and")),
    ("ja", "も", Some("also")),
    ("ja", "か", None),
    ("ja", "ね", None),
    ("ja", "よ", None),
    ("ja", "です", Some("is")),
    ("ja", "ます", None),
    ("ja", "た", None),
    ("zh", "的", Some("of")),
    ("zh", "在", Some("at")),
    ("zh", "了", None),
    ("zh", "吗", None),
    ("zh", "呢", None),
    ("zh", "吧", None),
    ("zh", "着", None),
    ("zh", "过", None),
    ("zh", "地", None),
    ("zh", "得", None),
];

/// The English of a grammatical word of Chinese or Japanese (`None` inside:
/// none of its own), or `None` when `word` is none of [`FUNCTION_WORDS`].
pub fn unspaced_to_english(from: &str, word: &str) -> Option<Option<&'static str>> {
    FUNCTION_WORDS
        .iter()
        .find(|(l, w, _)| *l == base(from) && *w == word)
        .map(|(_, _, en)| *en)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contractions_and_elision() {
        assert_eq!(expand("en", "can’t").unwrap(), ["can", "not"]);
        assert_eq!(expand("fr", "l'objet").unwrap(), ["l'", "objet"]);
        assert_eq!(expand("it", "dell'archivio").unwrap(), ["dell'", "archivio"]);
        assert!(expand("fr", "aujourd'hui").is_none());
        assert!(expand("de", "geht's").is_none());
    }
}
