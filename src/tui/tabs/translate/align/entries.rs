//! Alignment entries turned into byte ranges, with whatever was wrong with them
//! counted rather than trusted.
//!
//! `proj` indexes are inclusive UTF-16 offsets and nothing guarantees they fit
//! the texts: a service, a proxy or a stitched batch can hand back entries past
//! the end, reversed, or splitting a surrogate pair. Each entry is either kept
//! (possibly widened to whole characters or clamped to the text) or dropped,
//! and [`AlignIssues`] says how many of each, so the UI can say "n alignment
//! entries ignored" instead of silently lighting the wrong words.

use std::ops::Range;

use super::units::Units;
use crate::api::alignment::AlignmentEntry;

/// One kept entry: source and target byte ranges (half-open, never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub source: Range<usize>,
    pub target: Range<usize>,
}

/// What was wrong with one target's alignment and sentence lengths.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlignIssues {
    /// Dropped: a side starts at or past the end of its text.
    pub out_of_range: usize,
    /// Dropped: a side ends before it starts.
    pub reversed: usize,
    /// Kept, shortened: a side ran past the end of its text.
    pub clamped: usize,
    /// Kept, widened: an index fell inside a surrogate pair.
    pub split_char: usize,
    /// `sentLen` did not fit the texts (sum, mid-character boundary).
    pub sentence_mismatch: bool,
}

impl AlignIssues {
    /// Entries left out of the highlighting.
    pub fn ignored(&self) -> usize {
        self.out_of_range + self.reversed
    }
}

enum Dropped {
    OutOfRange,
    Reversed,
}

#[derive(Default)]
struct Adjusted {
    clamped: bool,
    split: bool,
}

/// Byte range of the inclusive UTF-16 span `start..=end`.
fn side(start: u32, end: u32, units: &Units, adj: &mut Adjusted) -> Result<Range<usize>, Dropped> {
    if end < start {
        return Err(Dropped::Reversed);
    }
    let (start, mut end) = (start as usize, (end as usize).saturating_add(1));
    if start >= units.len() {
        return Err(Dropped::OutOfRange);
    }
    if end > units.len() {
        end = units.len();
        adj.clamped = true;
    }
    let (Some(a), Some(b)) = (units.floor(start), units.ceil(end)) else {
        return Err(Dropped::OutOfRange); // unreachable after the checks above
    };
    adj.split |= a.moved || b.moved;
    Ok(a.byte..b.byte)
}

/// Converts every entry, in order, keeping the good ones.
pub(super) fn links(
    entries: &[AlignmentEntry],
    src: &Units,
    tgt: &Units,
    issues: &mut AlignIssues,
) -> Vec<Link> {
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let mut adj = Adjusted::default();
        let pair = side(e.src_start, e.src_end, src, &mut adj)
            .and_then(|s| Ok((s, side(e.tgt_start, e.tgt_end, tgt, &mut adj)?)));
        match pair {
            Ok((source, target)) => {
                issues.clamped += usize::from(adj.clamped);
                issues.split_char += usize::from(adj.split);
                out.push(Link { source, target });
            }
            Err(Dropped::OutOfRange) => issues.out_of_range += 1,
            Err(Dropped::Reversed) => issues.reversed += 1,
        }
    }
    out
}
