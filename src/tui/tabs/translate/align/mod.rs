//! The alignment model of the Translate tab: which words of the source and of
//! each target light up together as the cursor moves.
//!
//! Data flow. When a translate result arrives, `update` builds an [`Alignment`]
//! from the text that was sent and the [`TranslateResult`]; that is the only
//! heavy step (STYLE pattern 3: derive highlight spans when results arrive,
//! never in the view). It converts every `proj` entry and every `sentLen` from
//! UTF-16 units to **byte ranges** of the source and target strings (the view
//! slices by bytes), finds the words of each text, and indexes the entries by
//! source and by target span. It is O(n log n) in the entries plus linear in
//! the texts. On a cursor move `update` asks [`Alignment::for_source`] /
//! [`Alignment::for_target`] (O(log n + hits)) and keeps the [`Highlight`] for
//! the view to paint. Pure: no ratatui, no IO, never panics on what the
//! network sends.
//!
//! The ranges are always into the strings given to [`Alignment::new`]: when the
//! editor text has changed since the request was sent, the caller must not
//! paint them over the new text.

mod entries;
mod highlight;
mod intervals;
mod pane;
mod units;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_hostile;

use std::ops::Range;

pub use entries::{AlignIssues, Link};
pub use highlight::{Highlight, PaneHighlight};

use crate::api::model::TranslateResult;
use highlight::merge;
use intervals::Intervals;
use pane::Pane;
use units::Units;

/// The word under `byte` in `text`, or the last one before it on its line
/// (the pane cursor's rule; the Dictionary tab's look-up of the word under
/// the cursor).
pub fn word_at(text: &str, byte: usize) -> Option<Range<usize>> {
    Pane::new(text).word_at(byte)
}

/// Byte ranges of `text` for consecutive UTF-16 lengths (a `sentLen`), and
/// whether the lengths disagreed with the text (see `Units::pieces`).
pub fn pieces(text: &str, lengths: &[u32]) -> (Vec<Range<usize>>, bool) {
    Units::new(text).pieces(lengths)
}

/// The kept entries of one target, indexed both ways.
#[derive(Debug)]
struct Links {
    links: Vec<Link>,
    by_source: Intervals,
    by_target: Intervals,
}

impl Links {
    fn hits(index: &Intervals, range: Range<usize>) -> Vec<usize> {
        let mut out = Vec::new();
        index.overlapping(range, &mut out);
        out
    }
}

#[derive(Debug)]
struct Target {
    pane: Pane,
    /// `None`: no alignment for this target (absent or empty `proj`).
    links: Option<Links>,
    issues: AlignIssues,
}

/// Everything the Translate tab needs to highlight alignments and sentences
/// of one translate result. See the module docs.
#[derive(Debug)]
pub struct Alignment {
    source: Pane,
    targets: Vec<Target>,
}

impl Alignment {
    /// Builds the model for `result`, the answer to translating `source`.
    pub fn new(source: &str, result: &TranslateResult) -> Self {
        let src_units = Units::new(source);
        let mut source_pane = Pane::new(source);
        let targets = result
            .translations
            .iter()
            .map(|tr| {
                let tgt_units = Units::new(&tr.text);
                let mut pane = Pane::new(&tr.text);
                let mut issues = AlignIssues::default();
                let links = tr.alignment.as_ref().filter(|a| !a.proj.is_empty()).map(|a| {
                    let links = entries::links(a.proj.entries(), &src_units, &tgt_units, &mut issues);
                    Links {
                        by_source: Intervals::new(links.iter().map(|l| l.source.clone())),
                        by_target: Intervals::new(links.iter().map(|l| l.target.clone())),
                        links,
                    }
                });
                if let Some(sl) = &tr.sent_len {
                    let (src, src_bad) = src_units.pieces(&sl.src_sent_len);
                    let (tgt, tgt_bad) = tgt_units.pieces(&sl.trans_sent_len);
                    issues.sentence_mismatch = src_bad || tgt_bad;
                    // Every target repeats the source's sentences; the first wins.
                    source_pane.sentences.get_or_insert(src);
                    pane.sentences = Some(tgt);
                }
                Target { pane, links, issues }
            })
            .collect();
        Self {
            source: source_pane,
            targets,
        }
    }

    /// Number of target panes (the result's translations, in order).
    pub fn target_count(&self) -> usize {
        self.targets.len()
    }

    /// Whether target `t` has alignment entries to show (even if all were
    /// dropped as malformed: then every word says `NoCounterpart`).
    pub fn has_alignment(&self, t: usize) -> bool {
        self.targets.get(t).is_some_and(|t| t.links.is_some())
    }

    /// The kept entries of target `t` in `proj` order, e.g. to copy the
    /// alignment pairs as text. `None` without alignment.
    pub fn links(&self, t: usize) -> Option<&[Link]> {
        Some(&self.targets.get(t)?.links.as_ref()?.links)
    }

    /// What was wrong with target `t`'s alignment and sentence lengths.
    pub fn issues(&self, t: usize) -> Option<&AlignIssues> {
        self.targets.get(t).map(|t| &t.issues)
    }

    /// Alignment entries ignored over all targets ("n alignment entries ignored").
    pub fn ignored_entries(&self) -> usize {
        self.targets.iter().map(|t| t.issues.ignored()).sum()
    }

    /// The source word under `byte`, or just before it on the same line.
    pub fn source_word_at(&self, byte: usize) -> Option<Range<usize>> {
        self.source.word_at(byte)
    }

    /// The word under `byte` in target `t`, or just before it on the same line.
    pub fn target_word_at(&self, t: usize, byte: usize) -> Option<Range<usize>> {
        self.targets.get(t)?.pane.word_at(byte)
    }

    /// The next (or previous) word of target `t` from `byte`; `None` at the
    /// ends. Without `byte` (the cursor just entered), the first word.
    pub fn target_step(&self, t: usize, byte: Option<usize>, forward: bool) -> Option<Range<usize>> {
        let pane = &self.targets.get(t)?.pane;
        match byte {
            Some(b) => pane.step(b, forward),
            None => pane.first_word(),
        }
    }

    fn available(&self) -> impl Iterator<Item = bool> + '_ {
        self.targets.iter().map(|t| t.links.is_some())
    }

    /// For every target, the spans aligned with any entry whose source span
    /// overlaps `range` (an empty range stands for the point: entries holding
    /// it); for the source, the exact spans of those entries, which can be
    /// wider or narrower than `range`.
    pub fn for_source(&self, range: Range<usize>) -> Highlight {
        let mut source = Vec::new();
        let targets = self
            .targets
            .iter()
            .map(|t| {
                let Some(l) = &t.links else {
                    return PaneHighlight::Unavailable;
                };
                let hits = Links::hits(&l.by_source, range.clone());
                source.extend(hits.iter().map(|&i| l.links[i].source.clone()));
                PaneHighlight::found(hits.iter().map(|&i| l.links[i].target.clone()).collect())
            })
            .collect();
        let source = if self.available().any(|a| a) {
            PaneHighlight::found(source)
        } else {
            PaneHighlight::Unavailable
        };
        Highlight { source, targets }
    }

    /// [`for_source`](Self::for_source) of the word at the source cursor;
    /// nothing lit when the cursor is not on or after a word.
    pub fn at_source(&self, byte: usize) -> Highlight {
        match self.source_word_at(byte) {
            Some(word) => self.for_source(word),
            None => Highlight::nothing(self.available()),
        }
    }

    /// From the word at `byte` in target pane `t`: the exact spans of the
    /// entries it takes part in (in `t`), their source spans, and in every
    /// other target what those source spans align with. Going through the
    /// source is what the user means ("this Japanese word, which English word,
    /// and so which Chinese word"); it never goes back into `t` itself, so a
    /// cursor does not spread over the whole sentence. If `t` has no
    /// alignment, nothing can be reached: every pane says `Unavailable`.
    pub fn for_target(&self, t: usize, byte: usize) -> Highlight {
        let unavailable = || Highlight {
            source: PaneHighlight::Unavailable,
            targets: vec![PaneHighlight::Unavailable; self.targets.len()],
        };
        let Some(target) = self.targets.get(t) else {
            return unavailable();
        };
        let Some(l) = &target.links else {
            return unavailable();
        };
        let Some(word) = target.pane.word_at(byte) else {
            return Highlight::nothing(self.available());
        };
        let hits = Links::hits(&l.by_target, word);
        let source = merge(hits.iter().map(|&i| l.links[i].source.clone()).collect());
        let targets = self
            .targets
            .iter()
            .enumerate()
            .map(|(u, other)| match &other.links {
                _ if u == t => {
                    PaneHighlight::found(hits.iter().map(|&i| l.links[i].target.clone()).collect())
                }
                None => PaneHighlight::Unavailable,
                Some(ol) => {
                    let via = source.iter().flat_map(|s| Links::hits(&ol.by_source, s.clone()));
                    PaneHighlight::found(via.map(|i| ol.links[i].target.clone()).collect())
                }
            })
            .collect();
        Highlight {
            source: PaneHighlight::found(source),
            targets,
        }
    }

    /// Source sentences from `sentLen` (the first target that has it), as
    /// byte ranges; `None` when sentence lengths were not requested.
    pub fn source_sentences(&self) -> Option<&[Range<usize>]> {
        self.source.sentences.as_deref()
    }

    /// Sentences of target `t` from its `sentLen`, as byte ranges.
    pub fn target_sentences(&self, t: usize) -> Option<&[Range<usize>]> {
        self.targets.get(t)?.pane.sentences.as_deref()
    }

    /// Index of the source sentence holding `byte` (the end of the text
    /// belongs to the last sentence).
    pub fn source_sentence_at(&self, byte: usize) -> Option<usize> {
        self.source.sentence_at(byte)
    }

    /// Index of the sentence of target `t` holding `byte`.
    pub fn target_sentence_at(&self, t: usize, byte: usize) -> Option<usize> {
        self.targets.get(t)?.pane.sentence_at(byte)
    }
}
