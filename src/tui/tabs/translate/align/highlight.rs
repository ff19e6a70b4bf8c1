//! What a cursor position lights up, pane by pane.
//!
//! A query ([`Alignment::for_source`](super::Alignment::for_source),
//! [`Alignment::for_target`](super::Alignment::for_target)) runs in `update` when
//! the cursor moves and its [`Highlight`] is kept in the tab state; the view only
//! reads it. Every pane says one of three things, so the view can tell "this
//! word has no counterpart" from "this target has no alignment at all" instead
//! of showing nothing in both cases.

use std::ops::Range;

/// What one pane (the source or a target) shows for the current cursor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaneHighlight {
    /// Byte ranges into the pane's text to light up: sorted, disjoint, never
    /// touching (touching spans are merged). Empty only when there is nothing
    /// to ask about (no word under the cursor).
    Spans(Vec<Range<usize>>),
    /// Alignment is present for this pane but the word has no entry.
    NoCounterpart,
    /// No alignment for this pane: not requested, an empty `proj` (html text,
    /// an unsupported language pair, a canned translation) or none returned.
    Unavailable,
}

impl PaneHighlight {
    /// The spans to light up; none for the two other cases.
    pub fn spans(&self) -> &[Range<usize>] {
        match self {
            Self::Spans(spans) => spans,
            _ => &[],
        }
    }

    /// `Spans` when any, else `NoCounterpart` (for a pane that has alignment).
    pub(super) fn found(spans: Vec<Range<usize>>) -> Self {
        if spans.is_empty() {
            Self::NoCounterpart
        } else {
            Self::Spans(merge(spans))
        }
    }
}

/// The answer to one query: the source pane and every target pane, in the
/// order of the result's translations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    pub source: PaneHighlight,
    pub targets: Vec<PaneHighlight>,
}

impl Highlight {
    /// Nothing lit anywhere: the cursor is not on a word. Panes without
    /// alignment still say so.
    pub(super) fn nothing(available: impl Iterator<Item = bool>) -> Self {
        let pane = |ok| {
            if ok {
                PaneHighlight::Spans(Vec::new())
            } else {
                PaneHighlight::Unavailable
            }
        };
        let targets: Vec<PaneHighlight> = available.map(pane).collect();
        let any = targets.iter().any(|t| *t != PaneHighlight::Unavailable);
        Self {
            source: pane(any),
            targets,
        }
    }
}

/// Sorts spans and merges those that overlap or touch.
pub(super) fn merge(mut spans: Vec<Range<usize>>) -> Vec<Range<usize>> {
    spans.sort_unstable_by_key(|r| (r.start, r.end));
    let mut out: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    for span in spans {
        match out.last_mut() {
            Some(last) if span.start <= last.end => last.end = last.end.max(span.end),
            _ => out.push(span),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_sorts_dedups_and_joins_touching() {
        assert_eq!(
            merge(vec![5..7, 0..2, 0..2, 1..3, 3..4, 9..10]),
            vec![0..4, 5..7, 9..10]
        );
        assert_eq!(merge(vec![]), Vec::<Range<usize>>::new());
        assert_eq!(PaneHighlight::found(vec![]), PaneHighlight::NoCounterpart);
        assert_eq!(PaneHighlight::found(vec![4..6, 0..1]).spans(), &[0..1, 4..6]);
        assert_eq!(PaneHighlight::Unavailable.spans(), &[] as &[Range<usize>]);
    }
}
