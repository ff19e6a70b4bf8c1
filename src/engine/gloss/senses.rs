//! Which sense of a word software text uses: for each word the gloss looks
//! up, the dictionary candidates that human translators of the system's
//! gettext catalogues used for it, scored by how much more often they occur
//! in the translation of a message with the word than in any message
//! (scripts/build_senses.py, examples/build_senses/; learned on the `dev`
//! split of scripts/bench_chrf.py, which reports `test`). `field` → tr `alan`,
//! not `tarla`; `directory` → el `κατάλογος`; `shell` → ru `оболочка`.
//!
//! Where no candidate a dictionary offers is what translators used, the
//! table may propose the word they did use ([`Senses::learned`]: the word of the
//! translations most associated with the key, when each is the other's best;
//! `invalid` → zh-Hans `无效`, which no bundled dictionary gives).
//!
//! A key of two or three words is a phrase the messages translate as a whole
//! (`not found` → de `nicht gefunden`, `file name` → zh-Hans `文件名`): its one
//! cell is the proposed translation (examples/build_senses/phrases.rs), which
//! the gloss takes for the run of words before looking them up one by one.
//!
//! A table is a text of `key TAB score:candidate TAB …` lines sorted by key
//! (both normalized), embedded and searched in place; a proposed word's cell
//! is `dice:+word`.

use crate::engine::dict::normalize;
use crate::engine::lemma::table::find;

macro_rules! tables {
    ($($dir:literal),* $(,)?) => {
        &[$(($dir, include_str!(concat!("../../../assets/senses/", $dir, ".tsv")))),*]
    };
}

static TABLES: &[(&str, &str)] = tables!(
    "en-ar",
    "ar-en",
    "en-bg",
    "bg-en",
    "en-cs",
    "cs-en",
    "en-de",
    "de-en",
    "en-el",
    "el-en",
    "en-es",
    "es-en",
    "en-fi",
    "fi-en",
    "en-fr",
    "fr-en",
    "en-hi",
    "hi-en",
    "en-id",
    "id-en",
    "en-it",
    "it-en",
    "en-ja",
    "ja-en",
    "en-nb",
    "nb-en",
    "en-nl",
    "nl-en",
    "en-pl",
    "pl-en",
    "en-pt",
    "pt-en",
    "en-ru",
    "ru-en",
    "en-sv",
    "sv-en",
    "en-tr",
    "tr-en",
    "en-zh-Hans",
    "zh-Hans-en",
);

/// What the table says of one key: its cells, looked up once for all of the
/// key's candidates.
#[derive(Clone, Copy)]
pub struct Senses(Option<&'static str>);

/// The cells of `key` (any case) from `from` to `to`; none when the table
/// has no line for it.
pub fn of(from: &str, to: &str, key: &str) -> Senses {
    Senses(table(from, to).and_then(|text| find(text, &normalize(key))))
}

impl Senses {
    /// Whether the table has a line for the key.
    pub fn known(self) -> bool {
        self.0.is_some()
    }

    /// The score (0 to 1) of `candidate` as the key's translation in
    /// software text; 0 when the table has no word on it.
    pub fn score(self, candidate: &str) -> f64 {
        let Some(cells) = self.0 else {
            return 0.0;
        };
        let candidate = normalize(candidate);
        cells
            .split('\t')
            .filter_map(|cell| cell.split_once(':'))
            .find(|(_, c)| !c.starts_with('+') && *c == candidate)
            .and_then(|(s, _)| s.parse().ok())
            .unwrap_or(0.0)
    }

    /// The translation the messages propose where the dictionaries have none
    /// they use (a `+` cell), with its Dice score.
    pub fn learned(self) -> Option<(f64, &'static str)> {
        self.0?
            .split('\t')
            .filter_map(|cell| cell.split_once(":+"))
            .find_map(|(s, w)| Some((s.parse().ok()?, w)))
    }
}

/// The table of the direction `from`-`to`.
fn table(from: &str, to: &str) -> Option<&'static str> {
    TABLES
        .iter()
        .find(|(d, _)| d.strip_prefix(from).and_then(|r| r.strip_prefix('-')) == Some(to))
        .map(|(_, t)| *t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_proposed_word_keeps_the_negation_its_key_carries() {
        // The messages write `tidak valid`; the word alone said the opposite.
        for (key, proposed) in [("invalid", "tidak valid"), ("incomplete", "tidak lengkap")] {
            assert_eq!(of("en", "id", key).learned().map(|(_, w)| w), Some(proposed));
        }
    }

    #[test]
    fn software_senses_are_known() {
        let field = of("en", "tr", "field");
        assert!(field.score("alan") > field.score("tarla"));
        assert!(of("en", "ru", "Table").score("таблица") > 0.5);
        assert_eq!(of("en", "ru", "zzzqx").score("таблица"), 0.0);
        assert_eq!(of("en", "xx", "table").score("таблица"), 0.0);
        // `en-zh-Hans` is no table of `en`-`zh`.
        assert_eq!(of("en", "zh", "invalid").learned(), None);
    }

    #[test]
    fn the_messages_propose_what_the_dictionaries_lack() {
        assert_eq!(
            of("en", "zh-Hans", "Invalid").learned().map(|(_, w)| w),
            Some("无效")
        );
        assert!(of("en", "zh-Hans", "zzzqx").learned().is_none());
        // A learned cell is no dictionary candidate's score.
        assert_eq!(of("en", "zh-Hans", "invalid").score("+无效"), 0.0);
    }

    #[test]
    fn every_table_is_sorted_and_well_formed() {
        for (dir, text) in TABLES {
            let mut prev = "";
            for line in text.lines() {
                let (key, cells) = line.split_once('\t').unwrap_or_else(|| panic!("{dir}: {line}"));
                assert!(key > prev, "{dir}: {key} after {prev}");
                for cell in cells.split('\t') {
                    let (s, c) = cell.split_once(':').unwrap_or_else(|| panic!("{dir}: {cell}"));
                    let s: f64 = s.parse().unwrap_or_else(|_| panic!("{dir}: {cell}"));
                    assert!((0.0..=1.0).contains(&s) && !c.is_empty(), "{dir}: {cell}");
                }
                prev = key;
            }
        }
    }
}
