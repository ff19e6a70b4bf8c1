//! Where an element may be cut: its atoms.
//!
//! An atom is a run of text the planner never cuts. Atoms are sentences (ICU4X UAX #29
//! rules, each with the whitespace that follows it); a sentence longer than `max`
//! becomes its words, a word longer than `max` its grapheme clusters, a cluster longer
//! than `max` its characters. So every atom fits in one piece and the pieces the
//! planner makes from whole atoms are cut at the best boundary the size allows.
//!
//! Word cuts keep a word's trailing spaces and punctuation with it ("Hello, " |
//! "world") and an opening bracket or quote with the word it opens, so a piece of a
//! space-separated language ends with its space as a sentence piece does. Languages
//! written without spaces (Chinese, Japanese, Thai, ...) are cut between the words of
//! ICU4X's dictionaries.
//!
//! The cost is linear: the sentence rules run once over the element, the word rules
//! only over sentences that are too long, and so on down.

use std::ops::Range;
use std::sync::OnceLock;

use icu_segmenter::options::{SentenceBreakInvariantOptions, WordBreakInvariantOptions};
use icu_segmenter::{GraphemeClusterSegmenter, SentenceSegmenter, WordSegmenter, WordSegmenterBorrowed};

use crate::api::limits::char_count;

/// An atom: it starts where the previous one ends (the first at 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Atom {
    /// End byte in the element.
    pub end: usize,
    /// Length in UTF-16 units.
    pub units: usize,
}

/// The kinds of runs, coarsest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    Sentence,
    Word,
    Grapheme,
    Char,
}

impl Level {
    fn finer(self) -> Option<Level> {
        match self {
            Level::Sentence => Some(Level::Word),
            Level::Word => Some(Level::Grapheme),
            Level::Grapheme => Some(Level::Char),
            Level::Char => None,
        }
    }
}

/// The atoms of `text`, each at most `max` UTF-16 units, tiling it; `None` when a
/// single character is longer than `max` (an emoji when `max` is 1, anything when 0).
pub(super) fn atoms(text: &str, max: usize) -> Option<Vec<Atom>> {
    let mut out = Vec::new();
    let mut start = 0;
    for end in ends(text, Level::Sentence) {
        refine(text, start..end, Level::Sentence, max, &mut out)?;
        start = end;
    }
    Some(out)
}

/// Pushes the run `range` (one `level` unit) as an atom if it fits, else the atoms of
/// its units at the next finer level.
fn refine(text: &str, range: Range<usize>, level: Level, max: usize, out: &mut Vec<Atom>) -> Option<()> {
    let units = char_count(&text[range.clone()]);
    if units <= max {
        out.push(Atom {
            end: range.end,
            units,
        });
        return Some(());
    }
    let finer = level.finer()?;
    let mut start = range.start;
    for end in ends(&text[range.clone()], finer) {
        refine(text, start..range.start + end, finer, max, out)?;
        start = range.start + end;
    }
    Some(())
}

/// End offsets (bytes, increasing, the last `text.len()`; none for "") of the `level`
/// units of `text`.
fn ends(text: &str, level: Level) -> Vec<usize> {
    let all: Vec<usize> = match level {
        Level::Sentence => SentenceSegmenter::new(SentenceBreakInvariantOptions::default())
            .segment_str(text)
            .collect(),
        Level::Word => word_cuts(text),
        Level::Grapheme => GraphemeClusterSegmenter::new().segment_str(text).collect(),
        Level::Char => text.char_indices().map(|(i, _)| i).chain([text.len()]).collect(),
    };
    all.into_iter().filter(|&b| b > 0).collect()
}

fn words() -> &'static WordSegmenterBorrowed<'static> {
    static SEG: OnceLock<WordSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()))
}

/// Word boundaries of `text` where a cut reads well (see the module docs).
fn word_cuts(text: &str) -> Vec<usize> {
    words()
        .segment_str(text)
        .filter(|&b| {
            let (Some(before), Some(after)) = (text[..b].chars().next_back(), text[b..].chars().next())
            else {
                return true;
            };
            let punctuation = |c: char| !c.is_alphanumeric() && !c.is_whitespace();
            // Whitespace stays with the word before it, and so does punctuation right
            // after a word; an opening bracket or quote stays with the word after it.
            let glued = after.is_whitespace()
                || (punctuation(after) && !before.is_whitespace())
                || OPENING.contains(&before);
            !glued
        })
        .collect()
}

/// Characters that open what follows them: no cut right after one.
const OPENING: &[char] = &[
    '(', '[', '{', '"', '\'', '«', '‹', '“', '‘', '„', '‚', '¿', '¡', '「', '『', '（', '【', '《', '〈',
];
