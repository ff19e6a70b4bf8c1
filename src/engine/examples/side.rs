//! One language's side of a sentence-pair corpus, read in place: every sentence and
//! an index from each word (lowercased) to where it occurs.
//!
//! The index is made at build time ([`super::build`], run by `scripts/build_gld.sh`)
//! and embedded, so the first look-up of a pair opens it without inflating or
//! indexing anything, and touches only the pages of the words and sentences it
//! reads. A side is one little-endian blob, every section aligned to 4 bytes:
//!
//! ```text
//! header   8 × u32: magic "GXS1", sentences n, text bytes, spans stored (0/1),
//!          spans, keys, postings, 0
//! text     the sentences one after another (padded to 4)
//! starts   n + 1 × u32: where each sentence starts in the text; then its end
//! [first   n + 1 × u32: where each sentence's spans start     ] when spans are
//! [spans   2 × u32 per word: its byte range in its sentence    ] stored
//! keys     u32 each, ascending: the high half of each word's hash_lowercase
//! offsets  keys + 1 × u32: where each key's postings start
//! sentence postings × u32, in key order, each key's in sentence order
//! word     postings × u16 (padded to 4): the word's place in its sentence
//! ```
//!
//! Words of English and German are found again from the sentence ([`words`](super::words));
//! Chinese sentences store their spans (the segmentation is the corpus's). A hash
//! shared by two words only adds candidates: every match is checked against the
//! words themselves. Damaged data gives no match, never a panic: every read is
//! bounds-checked and each sentence is checked to be UTF-8 when read. The bytes
//! read are counted for `engine::resident`, which gives the pages back now and then.

use std::borrow::Cow;

use super::words::{eq_lowercase, hash_lowercase, scan, words};

/// A byte range in one sentence.
pub(super) type Span = (u32, u32);

/// The spans of the words of `text` ([`words`]).
pub(super) fn spans_of(text: &str) -> Vec<Span> {
    words(text)
        .into_iter()
        .map(|r| (r.start as u32, r.end as u32))
        .collect()
}

/// Where a word occurs: sentence number and word number within that sentence.
pub(super) type Posting = (u32, u16);

/// A sentence and the byte range of a term in it.
pub(super) type SentenceMatch = (u32, (usize, usize));

pub(super) const MAGIC: u32 = u32::from_le_bytes(*b"GXS1");
pub(super) const HEADER: usize = 8;

pub(super) struct Side {
    blob: Cow<'static, [u8]>,
    n: usize,
    text: usize,
    text_len: usize,
    starts: usize,
    /// The `first` and `spans` sections, when spans are stored.
    spans: Option<(usize, usize)>,
    keys: usize,
    n_keys: usize,
    offsets: usize,
    sentences: usize,
    words: usize,
    n_postings: usize,
}

impl Default for Side {
    /// No sentences: every read finds nothing.
    fn default() -> Self {
        Side {
            blob: Cow::Borrowed(&[]),
            n: 0,
            text: 0,
            text_len: 0,
            starts: 0,
            spans: None,
            keys: 0,
            n_keys: 0,
            offsets: 0,
            sentences: 0,
            words: 0,
            n_postings: 0,
        }
    }
}

pub(super) fn u32_at(blob: &[u8], at: usize) -> Option<u32> {
    let bytes = blob.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(bytes.try_into().ok()?))
}

pub(super) fn pad4(n: usize) -> usize {
    n.next_multiple_of(4)
}

impl Side {
    /// Reads the header of a side; `None` unless the sections fill the blob exactly.
    pub fn open(blob: Cow<'static, [u8]>) -> Option<Side> {
        let h = |i: usize| u32_at(&blob, 4 * i).map(|v| v as usize);
        let (magic, n, text_len, stored, n_spans, n_keys, n_postings) =
            (h(0)?, h(1)?, h(2)?, h(3)?, h(4)?, h(5)?, h(6)?);
        if magic != MAGIC as usize || stored > 1 {
            return None;
        }
        let words4 = |k: usize| k.checked_mul(4);
        let text = 4 * HEADER;
        let starts = text.checked_add(pad4(text_len))?;
        let mut at = starts.checked_add(words4(n.checked_add(1)?)?)?;
        let spans = if stored == 1 {
            let first = at;
            let spans = first.checked_add(words4(n + 1)?)?;
            at = spans.checked_add(words4(n_spans.checked_mul(2)?)?)?;
            Some((first, spans))
        } else {
            None
        };
        let keys = at;
        let offsets = keys.checked_add(words4(n_keys)?)?;
        let sentences = offsets.checked_add(words4(n_keys.checked_add(1)?)?)?;
        let words = sentences.checked_add(words4(n_postings)?)?;
        let end = words.checked_add(pad4(n_postings.checked_mul(2)?))?;
        (end == blob.len()).then_some(Side {
            blob,
            n,
            text,
            text_len,
            starts,
            spans,
            keys,
            n_keys,
            offsets,
            sentences,
            words,
            n_postings,
        })
    }

    fn u32(&self, section: usize, i: usize) -> Option<u32> {
        u32_at(&self.blob, section.checked_add(i.checked_mul(4)?)?)
    }

    /// Number of sentences.
    pub fn len(&self) -> usize {
        self.n
    }

    /// The text of sentence `s`.
    pub fn sentence(&self, s: u32) -> Option<&str> {
        let s = s as usize;
        if s >= self.n {
            return None;
        }
        let (a, b) = (
            self.u32(self.starts, s)? as usize,
            self.u32(self.starts, s + 1)? as usize,
        );
        if a > b || b > self.text_len {
            return None;
        }
        crate::engine::resident::note_read(b - a);
        std::str::from_utf8(self.blob.get(self.text + a..self.text + b)?).ok()
    }

    /// The words of sentence `s`, as spans of its text.
    pub fn words(&self, s: u32) -> Option<Vec<Span>> {
        let text = self.sentence(s)?;
        let Some((first, spans)) = self.spans else {
            return Some(spans_of(text));
        };
        let s = s as usize;
        let (a, b) = (self.u32(first, s)? as usize, self.u32(first, s + 1)? as usize);
        (a..b)
            .map(|w| Some((self.u32(spans, 2 * w)?, self.u32(spans, 2 * w + 1)?)))
            .collect()
    }

    /// The spans of `n` words of sentence `s` from its word `w` (none when it has
    /// fewer): only those are read when the side keeps its word spans.
    pub fn word_spans(&self, s: u32, w: usize, n: usize) -> Option<Vec<Span>> {
        let Some((first, spans)) = self.spans else {
            // Scanned up to the last word asked for.
            let text = self.sentence(s)?;
            let mut out = Vec::with_capacity(n);
            let mut k = 0;
            scan(text, |a, b, _| {
                if k >= w {
                    out.push((a as u32, b as u32));
                }
                k += 1;
                k < w + n
            });
            return (out.len() == n).then_some(out);
        };
        let at = s as usize;
        let (a, b) = (self.u32(first, at)? as usize, self.u32(first, at + 1)? as usize);
        let from = a.checked_add(w)?;
        let to = from.checked_add(n)?;
        if to > b {
            return None;
        }
        (from..to)
            .map(|w| Some((self.u32(spans, 2 * w)?, self.u32(spans, 2 * w + 1)?)))
            .collect()
    }

    /// Where words that are `word` in lowercase may occur (a superset: see the module docs).
    pub fn postings(&self, word: &str) -> Vec<Posting> {
        let key = short(hash_lowercase(word));
        let (mut lo, mut hi) = (0, self.n_keys);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.u32(self.keys, mid) {
                Some(k) if k < key => lo = mid + 1,
                Some(_) => hi = mid,
                None => return Vec::new(),
            }
        }
        if self.u32(self.keys, lo) != Some(key) {
            return Vec::new();
        }
        let (Some(a), Some(b)) = (self.u32(self.offsets, lo), self.u32(self.offsets, lo + 1)) else {
            return Vec::new();
        };
        let (a, b) = (a as usize, (b as usize).min(self.n_postings));
        crate::engine::resident::note_read(6 * b.saturating_sub(a));
        (a..b)
            .filter_map(|p| {
                let s = self.u32(self.sentences, p)?;
                let at = self.words.checked_add(2 * p)?;
                let w = u16::from_le_bytes(self.blob.get(at..at + 2)?.try_into().ok()?);
                Some((s, w))
            })
            .collect()
    }
}

/// The high half of a hash (FxHash's best-mixed bits): the index's key.
pub(super) fn short(hash: u64) -> u32 {
    (hash >> 32) as u32
}

/// Sentences holding the words of `term`, each in one of the forms `forms` gives for
/// it (lowercase in, lowercase out), one after another and separated only by spaces or
/// hyphens. Words are compared case-insensitively. One match per sentence, the first;
/// sorted by sentence.
pub(super) fn matches(side: &Side, term: &str, forms: fn(&str) -> Vec<String>) -> Vec<SentenceMatch> {
    matches_within(side, term, forms, None)
}

/// [`matches`], only in the sentences of `within` (sorted by sentence) when given:
/// the other side's matches, so that a common word (`be`, `have`) is checked in the
/// few sentences that can pair, not in every sentence that has it.
pub(super) fn matches_within(
    side: &Side,
    term: &str,
    forms: fn(&str) -> Vec<String>,
    within: Option<&[SentenceMatch]>,
) -> Vec<SentenceMatch> {
    let pairs = |s: u32| within.is_none_or(|w| w.binary_search_by_key(&s, |m| m.0).is_ok());
    let lowered = term.to_lowercase();
    let words: Vec<Vec<String>> = words(&lowered).into_iter().map(|r| forms(&lowered[r])).collect();
    let Some(first) = words.first() else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for form in first {
        for posting in side.postings(form).into_iter().filter(|p| pairs(p.0)) {
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
    let spans = side.word_spans(s, usize::from(w), words.len())?;
    let spans = spans.as_slice();
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
