//! The bundled Chinese–English sentence pairs, read in place.
//!
//! `assets/examples/zh-en.tsv.gz` (made by `scripts/build_examples.py` from the PyPI
//! package `hsk-sentences-audio`, CC-BY-SA-4.0) is indexed at build time ([`index`],
//! run by `examples/build_gld.rs`) into `assets/examples/zh-en.gex`, which is
//! embedded: three sides ([`Side`]), simplified Chinese, traditional Chinese and
//! English, sentence `n` of each the same pair. The Chinese sides store the corpus's
//! segmentation and index every Chinese word exactly as written (the key is the
//! lowercase hash, so a Latin word in a Chinese sentence also matches in another
//! case, and the match is then checked against the spelling). Malformed lines are
//! skipped, never a panic.

use std::sync::LazyLock;

use super::build::{Builder, file, open};
use super::side::{SentenceMatch, Side, Span, first_per_sentence};

/// A static, not a const: one copy in the binary, the one `engine::resident` trims.
pub(super) static DATA: &[u8] = include_bytes!("../../../assets/examples/zh-en.gex");

/// The Chinese script of one side of a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Script {
    Hans,
    Hant,
}

/// The three sides, in the same order: HSK level, then English length (the order
/// of the file).
#[derive(Default)]
pub(super) struct Corpus {
    pub hans: Side,
    pub hant: Side,
    pub en: Side,
}

impl Corpus {
    pub fn chinese(&self, script: Script) -> &Side {
        match script {
            Script::Hans => &self.hans,
            Script::Hant => &self.hant,
        }
    }
}

/// The corpus, opened on first use.
pub(super) fn corpus() -> &'static Corpus {
    static CORPUS: LazyLock<Corpus> = LazyLock::new(load);
    &CORPUS
}

/// Opens the embedded file (an empty corpus if it is damaged).
pub(super) fn load() -> Corpus {
    let Some(mut sides) = open(DATA, 3) else {
        return Corpus::default();
    };
    let (en, hant, hans) = (
        sides.pop().unwrap_or_default(),
        sides.pop().unwrap_or_default(),
        sides.pop().unwrap_or_default(),
    );
    if hans.len() != en.len() || hant.len() != en.len() {
        return Corpus::default();
    }
    Corpus { hans, hant, en }
}

/// Indexes the TSV (see the module docs) into the file that is embedded.
pub(super) fn index(tsv: &str) -> Vec<u8> {
    let (mut hans, mut hant, mut en) = (Builder::with_spans(), Builder::with_spans(), Builder::default());
    for line in tsv.lines() {
        let Some(((hans_text, hans_words), (hant_text, hant_words), english)) = parse_line(line) else {
            continue;
        };
        if !(hans.fits(hans_text) && hant.fits(hant_text) && en.fits(english)) {
            break;
        }
        hans.push_spans(hans_text, &hans_words);
        hant.push_spans(hant_text, &hant_words);
        en.push(english);
    }
    file(&[hans.finish(), hant.finish(), en.finish()])
}

/// A Chinese text and its words' byte spans.
type Chinese<'a> = (&'a str, Vec<Span>);

/// The two Chinese sides of a line and its English sentence.
fn parse_line(line: &str) -> Option<(Chinese<'_>, Chinese<'_>, &str)> {
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
    Some((chinese(hans, &char_spans)?, chinese(hant, &char_spans)?, en))
}

/// Converts character-offset word spans into byte spans of `text`.
fn chinese<'a>(text: &'a str, char_spans: &[(usize, usize)]) -> Option<Chinese<'a>> {
    let mut bytes: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
    bytes.push(text.len());
    let words = char_spans
        .iter()
        .map(|&(a, b)| {
            let (a, b) = (*bytes.get(a)?, *bytes.get(b)?);
            (a < b).then_some((u32::try_from(a).ok()?, u32::try_from(b).ok()?))
        })
        .collect::<Option<_>>()?;
    Some((text, words))
}

/// Sentences whose words, from some word on, spell `term` exactly and end on a word
/// end, in `script`. One match per sentence, the first; sorted by sentence.
pub(super) fn chinese_matches(corpus: &Corpus, script: Script, term: &str) -> Vec<SentenceMatch> {
    if term.is_empty() {
        return Vec::new();
    }
    let side = corpus.chinese(script);
    let mut found = Vec::new();
    // The match starts with a word that is a prefix of the term.
    for (end, _) in term.char_indices().skip(1).chain([(term.len(), ' ')]) {
        for (s, w) in side.postings(&term[..end]) {
            let (Some(text), Some(words)) = (side.sentence(s), side.words(s)) else {
                continue;
            };
            let Some(words) = words.get(usize::from(w)..) else {
                continue;
            };
            let Some(&(start, _)) = words.first() else {
                continue;
            };
            let (start, stop) = (start as usize, start as usize + term.len());
            let spelled = text.get(start..stop) == Some(term);
            if spelled && words.iter().any(|&(_, b)| b as usize == stop) {
                found.push((s, (start, stop)));
            }
        }
    }
    first_per_sentence(found)
}
