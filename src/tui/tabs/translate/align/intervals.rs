//! A static interval index: which spans overlap a query range.
//!
//! Alignment entries may be wide, narrow, overlapping or nested, so "entries
//! overlapping the word under the cursor" is an interval-overlap query. The
//! spans are sorted by start and laid out as an implicit balanced tree (the
//! middle of each slice is its root) where every node knows the largest end in
//! its subtree. A query skips subtrees that end too early or start too late:
//! O(log n + k) for k hits, after an O(n log n) build, with no allocation but
//! the result. Built once per target when a result arrives.

use std::ops::Range;

#[derive(Debug)]
pub(super) struct Intervals {
    /// (span, id) sorted by span start.
    items: Vec<(Range<usize>, usize)>,
    /// `max_end[mid]`: the largest end in the subtree rooted at `mid`.
    max_end: Vec<usize>,
}

impl Intervals {
    /// Indexes `spans`; a span's id is its position in `spans`.
    pub fn new(spans: impl IntoIterator<Item = Range<usize>>) -> Self {
        let mut items: Vec<(Range<usize>, usize)> =
            spans.into_iter().enumerate().map(|(i, r)| (r, i)).collect();
        items.sort_unstable_by_key(|(r, i)| (r.start, *i));
        let mut max_end = vec![0; items.len()];
        fill_max(&items, &mut max_end, 0, items.len());
        Self { items, max_end }
    }

    /// Ids of the spans overlapping `query`, in no particular order. An empty
    /// query `a..a` stands for the point `a`: the spans that contain it.
    pub fn overlapping(&self, query: Range<usize>, out: &mut Vec<usize>) {
        let end = query.end.max(query.start.saturating_add(1));
        self.walk(query.start, end, 0, self.items.len(), out);
    }

    fn walk(&self, start: usize, end: usize, lo: usize, hi: usize, out: &mut Vec<usize>) {
        if lo >= hi {
            return;
        }
        let mid = lo + (hi - lo) / 2;
        if self.max_end[mid] <= start {
            return; // everything below ends before the query
        }
        self.walk(start, end, lo, mid, out);
        let (span, id) = &self.items[mid];
        if span.start < end {
            if span.end > start {
                out.push(*id);
            }
            // Only to the right while starts can still fall inside the query.
            self.walk(start, end, mid + 1, hi, out);
        }
    }
}

fn fill_max(items: &[(Range<usize>, usize)], max_end: &mut [usize], lo: usize, hi: usize) -> usize {
    if lo >= hi {
        return 0;
    }
    let mid = lo + (hi - lo) / 2;
    let left = fill_max(items, max_end, lo, mid);
    let right = fill_max(items, max_end, mid + 1, hi);
    max_end[mid] = items[mid].0.end.max(left).max(right);
    max_end[mid]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hits(ix: &Intervals, q: Range<usize>) -> Vec<usize> {
        let mut out = Vec::new();
        ix.overlapping(q, &mut out);
        out.sort_unstable();
        out
    }

    #[test]
    fn intervals_overlap_nested_and_points() {
        let ix = Intervals::new([0..10, 2..3, 5..8, 9..12, 20..21, 5..8]);
        assert_eq!(hits(&ix, 3..5), vec![0]);
        assert_eq!(hits(&ix, 2..6), vec![0, 1, 2, 5]);
        assert_eq!(hits(&ix, 10..20), vec![3]);
        assert_eq!(hits(&ix, 12..20), Vec::<usize>::new());
        // A point: spans containing it; a span's end is not in it.
        assert_eq!(hits(&ix, 9..9), vec![0, 3]);
        assert_eq!(hits(&ix, 21..21), Vec::<usize>::new());
        assert_eq!(hits(&Intervals::new([]), 0..5), Vec::<usize>::new());
    }

    #[test]
    fn intervals_match_brute_force() {
        // Deterministic pseudo-random spans, checked against a linear scan.
        let mut seed = 7u64;
        let mut next = |m: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((seed >> 33) % m) as usize
        };
        let spans: Vec<Range<usize>> = (0..300)
            .map(|_| {
                let s = next(500);
                s..s + 1 + next(40)
            })
            .collect();
        let ix = Intervals::new(spans.clone());
        for _ in 0..300 {
            let a = next(560);
            let q = a..a + next(10);
            let qe = q.end.max(q.start + 1);
            let want: Vec<usize> = (0..spans.len())
                .filter(|&i| spans[i].start < qe && spans[i].end > q.start)
                .collect();
            assert_eq!(hits(&ix, q.clone()), want, "{q:?}");
        }
    }
}
