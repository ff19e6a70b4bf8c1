//! One language's side of a sentence-pair corpus, for languages written with spaces
//! between words (English, German): every sentence, its words, and an index from each
//! lowercased word to where it occurs.
//!
//! Sentences are pushed in rank order and stored flat (one text, one word list), so
//! indexing 20,000 sentences costs a few large allocations rather than several per
//! sentence; that keeps the first look-up of a language pair cheap. [`matches`]
//! finds a term — one word or a run of words, each in one of the forms the caller
//! gives — as whole words of the sentences.

use std::borrow::Cow;
use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

/// A byte range in one sentence (u32 keeps the index small).
pub(super) type Span = (u32, u32);

/// Where a word occurs: sentence number and word number within that sentence.
pub(super) type Posting = (u32, u16);

/// A sentence and the byte range of a term in it.
pub(super) type SentenceMatch = (u32, (usize, usize));

pub(super) struct Side {
    /// Every sentence, one after another.
    text: String,
    /// Where each sentence starts in `text`; one more entry, the end of the last.
    starts: Vec<u32>,
    /// Every word, as a span of its own sentence.
    words: Vec<Span>,
    /// Where each sentence's words start in `words`; one more entry, as `starts`.
    first_words: Vec<u32>,
    /// Lowercased word → postings, in sentence order.
    index: HashMap<Box<str>, Vec<Posting>>,
}

impl Default for Side {
    fn default() -> Self {
        Side {
            text: String::new(),
            starts: vec![0],
            words: Vec::new(),
            first_words: vec![0],
            index: HashMap::default(),
        }
    }
}

impl Side {
    /// Number of sentences.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether `sentence` can be pushed (the offsets stay within u32).
    pub fn fits(&self, sentence: &str) -> bool {
        let room = |len: usize, more: usize| len.checked_add(more).is_some_and(|n| u32::try_from(n).is_ok());
        room(self.text.len(), sentence.len())
            && room(self.words.len(), sentence.len())
            && self.len() < u32::MAX as usize
    }

    /// Appends a sentence and indexes its words; a sentence that does not [`fit`](Self::fits)
    /// is not added.
    pub fn push(&mut self, sentence: &str) {
        let (Ok(number), true) = (u32::try_from(self.len()), self.fits(sentence)) else {
            return;
        };
        for (n, range) in words(sentence).into_iter().enumerate() {
            let word = &sentence[range.clone()];
            // Both fit in u32: `fits` checked the text's length.
            self.words.push((range.start as u32, range.end as u32));
            let Ok(n) = u16::try_from(n) else {
                continue;
            };
            let key = lowercase(word);
            match self.index.get_mut(key.as_ref()) {
                Some(postings) => postings.push((number, n)),
                None => {
                    self.index
                        .insert(key.into_owned().into_boxed_str(), vec![(number, n)]);
                }
            }
        }
        self.text.push_str(sentence);
        self.starts.push(self.text.len() as u32);
        self.first_words.push(self.words.len() as u32);
    }

    /// The text of sentence `s`.
    pub fn sentence(&self, s: u32) -> Option<&str> {
        let s = s as usize;
        let (a, b) = (*self.starts.get(s)?, *self.starts.get(s + 1)?);
        self.text.get(a as usize..b as usize)
    }

    /// The words of sentence `s`, as spans of its text.
    pub fn words(&self, s: u32) -> Option<&[Span]> {
        let s = s as usize;
        let (a, b) = (*self.first_words.get(s)?, *self.first_words.get(s + 1)?);
        self.words.get(a as usize..b as usize)
    }

    fn postings(&self, word: &str) -> &[Posting] {
        self.index.get(word).map_or(&[], Vec::as_slice)
    }
}

/// The word in lowercase, copied only when it has something to lower.
pub(super) fn lowercase(word: &str) -> Cow<'_, str> {
    if word.bytes().any(|b| b.is_ascii_uppercase() || !b.is_ascii()) {
        Cow::Owned(word.to_lowercase())
    } else {
        Cow::Borrowed(word)
    }
}

/// Sentences holding the words of `term`, each in one of the forms `forms` gives for
/// it (lowercase in, lowercase out), one after another and separated only by spaces or
/// hyphens. Words are compared case-insensitively. One match per sentence, the first;
/// sorted by sentence.
pub(super) fn matches(side: &Side, term: &str, forms: fn(&str) -> Vec<String>) -> Vec<SentenceMatch> {
    let lowered = term.to_lowercase();
    let words: Vec<Vec<String>> = words(&lowered).into_iter().map(|r| forms(&lowered[r])).collect();
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for form in first {
        for &posting in side.postings(form) {
            if let Some(range) = run_at(side, posting, &words) {
                found.push((posting.0, range));
            }
        }
    }
    first_per_sentence(found)
}

/// Keeps, for each sentence, its first match; sorted by sentence.
pub(super) fn first_per_sentence(mut found: Vec<SentenceMatch>) -> Vec<SentenceMatch> {
    found.sort_unstable();
    found.dedup_by_key(|m| m.0);
    found
}

/// The byte range of the term `words` in the sentence, starting at word `posting.1`
/// (which the index says is one of the first word's forms).
fn run_at(side: &Side, (s, w): Posting, words: &[Vec<String>]) -> Option<(usize, usize)> {
    let text = side.sentence(s)?;
    let spans = side.words(s)?.get(usize::from(w)..usize::from(w) + words.len())?;
    for (k, (&(a, b), forms)) in spans.iter().zip(words).enumerate().skip(1) {
        let gap = text.get(spans[k - 1].1 as usize..a as usize)?;
        if gap.is_empty() || !gap.chars().all(|c| c == ' ' || c == '-') {
            return None;
        }
        let word = lowercase(text.get(a as usize..b as usize)?);
        if !forms.iter().any(|f| *f == word) {
            return None;
        }
    }
    let (start, end) = (spans.first()?.0, spans.last()?.1);
    Some((start as usize, end as usize))
}

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// Byte ranges of the words of a text: runs of letters and digits, with inner
/// apostrophes (`don't`, `o'clock`), except a final `'s` (`teacher's`, `it's`, German
/// `geht's`), which is left out so the word itself can match.
pub(super) fn words(text: &str) -> Vec<Range<usize>> {
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
