//! One language's side of a sentence-pair corpus, for languages written with spaces
//! between words (English, German): every sentence, its words, and an index from each
//! lowercased word to where it occurs.
//!
//! Built once, on the first look-up of a language pair, so building is kept cheap: the
//! sentences and words are stored flat (one text, one word list), and the index maps a
//! hash of each lowercased word to a run of one postings array (filled in a second
//! pass), so 20,000 sentences cost a handful of allocations and no string per word. A
//! hash shared by two words only adds candidates: every match is checked against the
//! words themselves. [`matches`] finds a term — one word or a run of words, each in one
//! of the forms the caller gives — as whole words of the sentences.

use rustc_hash::FxHashMap as HashMap;

use super::words::{eq_lowercase, for_each_word, hash_lowercase, words};

/// A byte range in one sentence (u32 keeps the index small).
pub(super) type Span = (u32, u32);

/// Where a word occurs: sentence number and word number within that sentence.
pub(super) type Posting = (u32, u16);

/// A sentence and the byte range of a term in it.
pub(super) type SentenceMatch = (u32, (usize, usize));

/// The id of a word past the 65,536th of its sentence, which is not indexed.
const UNINDEXED: u32 = u32::MAX;

pub(super) struct Side {
    /// Every sentence, one after another.
    text: String,
    /// Where each sentence starts in `text`; one more entry, the end of the last.
    starts: Vec<u32>,
    /// Every word, as a span of its own sentence.
    words: Vec<Span>,
    /// Where each sentence's words start in `words`; one more entry, as `starts`.
    first_words: Vec<u32>,
    /// Hash of a lowercased word (32 bits: a smaller table, and a shared hash only
    /// adds candidates) → its id, a number for each distinct word.
    ids: HashMap<u32, u32>,
    /// Where each id's postings start in `postings`; one more entry.
    offsets: Vec<u32>,
    /// The postings of every id in turn, each in sentence order.
    postings: Vec<Posting>,
}

impl Default for Side {
    fn default() -> Self {
        Builder::default().finish()
    }
}

impl Side {
    /// Number of sentences.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
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

    /// Where words that are `word` in lowercase may occur (a superset: see the module docs).
    fn postings(&self, word: &str) -> &[Posting] {
        let Some(&n) = self.ids.get(&short(hash_lowercase(word))) else {
            return &[];
        };
        let n = n as usize;
        match (self.offsets.get(n), self.offsets.get(n + 1)) {
            (Some(&a), Some(&b)) => self.postings.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// The high half of a hash (FxHash's best-mixed bits).
fn short(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// Collects the sentences of a [`Side`] in rank order.
pub(super) struct Builder {
    side: Side,
    /// The id of each word of `side.words`.
    word_ids: Vec<u32>,
    /// How often each id occurs.
    counts: Vec<u32>,
}

impl Default for Builder {
    fn default() -> Self {
        let side = Side {
            text: String::new(),
            starts: vec![0],
            words: Vec::new(),
            first_words: vec![0],
            ids: HashMap::default(),
            offsets: Vec::new(),
            postings: Vec::new(),
        };
        Builder {
            side,
            word_ids: Vec::new(),
            counts: Vec::new(),
        }
    }
}

impl Builder {
    /// A builder with room for sentences of `bytes` bytes in all, so that building
    /// does not keep moving what it has.
    pub fn with_capacity(bytes: usize) -> Builder {
        let mut builder = Builder::default();
        // About one word in six bytes, one sentence in a hundred, one new word in ten.
        let (words, sentences) = (bytes / 6, bytes / 100);
        builder.side.text.reserve(bytes);
        builder.side.words.reserve(words);
        builder.side.starts.reserve(sentences);
        builder.side.first_words.reserve(sentences);
        builder.word_ids.reserve(words);
        builder.counts.reserve(words / 10);
        builder
    }

    /// Whether `sentence` can be pushed (the offsets and counts stay within u32).
    pub fn fits(&self, sentence: &str) -> bool {
        let room = |len: usize, more: usize| len.checked_add(more).is_some_and(|n| u32::try_from(n).is_ok());
        room(self.side.text.len(), sentence.len())
            && room(self.side.words.len(), sentence.len())
            && self.side.len() < u32::MAX as usize
    }

    /// Appends a sentence; one that does not [`fit`](Self::fits) is not added.
    pub fn push(&mut self, sentence: &str) {
        if !self.fits(sentence) {
            return;
        }
        let Builder {
            side,
            word_ids,
            counts,
        } = self;
        let mut n = 0;
        for_each_word(sentence, |a, b, hash| {
            // Both fit in u32: `fits` checked the text's length.
            side.words.push((a as u32, b as u32));
            let id = if n <= usize::from(u16::MAX) {
                let next = counts.len() as u32;
                let id = *side.ids.entry(short(hash)).or_insert(next);
                if id == next {
                    counts.push(0);
                }
                counts[id as usize] += 1;
                id
            } else {
                UNINDEXED
            };
            word_ids.push(id);
            n += 1;
        });
        side.text.push_str(sentence);
        side.starts.push(side.text.len() as u32);
        side.first_words.push(side.words.len() as u32);
    }

    /// The side with its index.
    pub fn finish(self) -> Side {
        let Builder {
            mut side,
            word_ids,
            counts,
        } = self;
        let mut offsets = Vec::with_capacity(counts.len() + 1);
        let mut total = 0u32;
        offsets.push(0);
        for count in counts {
            total += count;
            offsets.push(total);
        }
        let mut next = offsets.clone();
        let mut postings = vec![(0, 0); total as usize];
        for s in 0..side.len() {
            let (a, b) = (side.first_words[s] as usize, side.first_words[s + 1] as usize);
            for (w, &id) in word_ids[a..b].iter().enumerate() {
                if id == UNINDEXED {
                    continue;
                }
                let slot = &mut next[id as usize];
                postings[*slot as usize] = (s as u32, w as u16);
                *slot += 1;
            }
        }
        side.offsets = offsets;
        side.postings = postings;
        side
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

/// The byte range of the term `words` in the sentence, starting at word `posting.1`.
fn run_at(side: &Side, (s, w): Posting, words: &[Vec<String>]) -> Option<(usize, usize)> {
    let text = side.sentence(s)?;
    let spans = side.words(s)?.get(usize::from(w)..usize::from(w) + words.len())?;
    for (k, (&(a, b), forms)) in spans.iter().zip(words).enumerate() {
        if k > 0 {
            let gap = text.get(spans[k - 1].1 as usize..a as usize)?;
            if gap.is_empty() || !gap.chars().all(|c| c == ' ' || c == '-') {
                return None;
            }
        }
        let word = text.get(a as usize..b as usize)?;
        if !forms.iter().any(|f| eq_lowercase(word, f)) {
            return None;
        }
    }
    let (start, end) = (spans.first()?.0, spans.last()?.1);
    Some((start as usize, end as usize))
}
