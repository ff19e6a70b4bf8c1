//! The text of one pane (the source or a target) as the queries need it:
//! its words, its line breaks and its sentences, all as byte ranges.
//!
//! Words are the word-like tokens of ICU4X's segmenter
//! ([`tokenize`](crate::engine::tokens::tokenize)), the same units the service
//! aligns; spaces and punctuation are not words. Sentences come from `sentLen`.

use std::ops::Range;

use crate::engine::tokens::{Kind, tokenize};

#[derive(Debug, Default)]
pub(super) struct Pane {
    len: usize,
    words: Vec<Range<usize>>,
    newlines: Vec<usize>,
    pub sentences: Option<Vec<Range<usize>>>,
}

impl Pane {
    pub fn new(text: &str) -> Self {
        let words = tokenize(text, 0..text.len())
            .into_iter()
            .filter(|t| t.kind == Kind::Word)
            .map(|t| t.range)
            .collect();
        let newlines = text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .map(|(i, _)| i);
        Self {
            len: text.len(),
            words,
            newlines: newlines.collect(),
            sentences: None,
        }
    }

    /// The word under the cursor, else the last word before it on the same
    /// line (so the cursor just after a word, after its full stop or in the
    /// spaces that follow it still means that word). `None` before the first
    /// word of a line. A cursor past the end counts as at the end.
    pub fn word_at(&self, byte: usize) -> Option<Range<usize>> {
        let byte = byte.min(self.len);
        let i = self.words.partition_point(|w| w.start <= byte);
        let word = self.words.get(i.checked_sub(1)?)?;
        if byte < word.end {
            return Some(word.clone());
        }
        let nl = self.newlines.partition_point(|&n| n < word.end);
        match self.newlines.get(nl) {
            Some(&n) if n < byte => None,
            _ => Some(word.clone()),
        }
    }

    /// The word after (or before) the one at `byte`; from a cursor on no
    /// word, the first word after (before) it. `None` at either end.
    pub fn step(&self, byte: usize, forward: bool) -> Option<Range<usize>> {
        let from = self.word_at(byte).map_or(byte, |w| w.start);
        if forward {
            let i = self.words.partition_point(|w| w.start <= from);
            let i = if self.word_at(byte).is_none() {
                self.words.partition_point(|w| w.start < byte)
            } else {
                i
            };
            self.words.get(i).cloned()
        } else {
            let i = self.words.partition_point(|w| w.start < from);
            self.words.get(i.checked_sub(1)?).cloned()
        }
    }

    /// The first word, where a cursor entering the pane lands.
    pub fn first_word(&self) -> Option<Range<usize>> {
        self.words.first().cloned()
    }

    /// Index of the sentence holding `byte`. A sentence owns its start, not
    /// its end, except that the end of the last one (the cursor after the
    /// text) belongs to it. `None` without sentences or outside them.
    pub fn sentence_at(&self, byte: usize) -> Option<usize> {
        let sentences = self.sentences.as_deref()?;
        let i = sentences.partition_point(|s| s.end <= byte);
        match sentences.get(i) {
            Some(s) if s.start <= byte => Some(i),
            Some(_) => None,
            None => (sentences.last()?.end == byte).then(|| i - 1),
        }
    }
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // ranges are the data
mod tests {
    use super::*;

    #[test]
    fn pane_word_at_under_after_and_across_lines() {
        //          0123456789012345 6789012
        let p = Pane::new("It is  morning.\n  Yes");
        assert_eq!(p.word_at(0), Some(0..2));
        assert_eq!(p.word_at(1), Some(0..2));
        assert_eq!(p.word_at(2), Some(0..2), "just after a word");
        assert_eq!(p.word_at(3), Some(3..5));
        assert_eq!(p.word_at(6), Some(3..5), "in the spaces after it");
        assert_eq!(p.word_at(14), Some(7..14), "on the full stop");
        assert_eq!(p.word_at(15), Some(7..14), "before the line break");
        assert_eq!(p.word_at(16), None, "next line, before its first word");
        assert_eq!(p.word_at(17), None);
        assert_eq!(p.word_at(18), Some(18..21));
        assert_eq!(p.word_at(21), Some(18..21), "end of text");
        assert_eq!(p.word_at(999), Some(18..21), "past the end");
        assert_eq!(Pane::new("  , ").word_at(2), None);
        assert_eq!(Pane::new("").word_at(0), None);
    }

    #[test]
    fn pane_step_moves_word_by_word() {
        //                0123456789012345 6789012
        let p = Pane::new("It is  morning.\n  Yes");
        assert_eq!(p.step(0, true), Some(3..5));
        assert_eq!(p.step(3, true), Some(7..14));
        assert_eq!(p.step(7, true), Some(18..21), "across the line break");
        assert_eq!(p.step(17, true), Some(18..21), "from no word");
        assert_eq!(p.step(18, true), None, "at the end");
        assert_eq!(p.step(18, false), Some(7..14));
        assert_eq!(p.step(3, false), Some(0..2));
        assert_eq!(p.step(0, false), None);
        assert_eq!(p.first_word(), Some(0..2));
        assert_eq!(Pane::new("").step(0, true), None);
    }

    #[test]
    fn pane_sentence_at_owns_start_and_last_end() {
        let mut p = Pane::new("Hi. Yo.");
        assert_eq!(p.sentence_at(0), None, "no sentLen");
        p.sentences = Some(vec![0..4, 4..7]);
        assert_eq!(p.sentence_at(0), Some(0));
        assert_eq!(p.sentence_at(3), Some(0));
        assert_eq!(p.sentence_at(4), Some(1));
        assert_eq!(p.sentence_at(7), Some(1), "cursor after the text");
        assert_eq!(p.sentence_at(8), None);
        p.sentences = Some(vec![2..4]);
        assert_eq!(p.sentence_at(1), None, "before the first");
        p.sentences = Some(vec![]);
        assert_eq!(p.sentence_at(0), None);
    }
}
