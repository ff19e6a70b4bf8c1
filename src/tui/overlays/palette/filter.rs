//! Fuzzy ranking of the palette's entries with `nucleo-matcher`, as the
//! language picker does (`picker/filter.rs`).
//!
//! An entry is matched as one haystack, `description name place` ("copy
//! target copy_target Target panes"), so the words of a query may hit
//! different columns ("dict copy"). The grapheme indices nucleo reports are
//! split back into the three columns for the view to light up. Ranking: an
//! exact name first (every action can be found by typing its name), then an
//! exact description, then what runs from here, then the score; ties keep the entries'
//! order. With no query, the actions run most recently come first.

use std::cmp::Reverse;

use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};

use super::entries::Entry;
use crate::tui::keymap::Action;

/// One row of the list: which entry, and its matched graphemes per column
/// (description, name, place), sorted.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub entry: usize,
    pub lit: [Vec<u32>; 3],
}

/// The matcher and each entry's haystack with its columns' lengths.
#[derive(Clone, Debug)]
pub struct Search {
    matcher: Matcher,
    haystacks: Vec<(Utf32String, [u32; 3])>,
}

impl Search {
    pub fn new(entries: &[Entry]) -> Self {
        let haystacks = entries
            .iter()
            .map(|e| {
                let columns = [&*e.description, e.name(), e.whereabouts()];
                let lens = columns.map(|c| Utf32String::from(c).len() as u32);
                (Utf32String::from(columns.join(" ").as_str()), lens)
            })
            .collect();
        Search {
            matcher: Matcher::new(Config::DEFAULT),
            haystacks,
        }
    }

    /// The rows for `query`, best first; with a blank query every entry,
    /// `recent` ones (most recent first) before the rest.
    pub fn rows(&mut self, query: &str, entries: &[Entry], recent: &[Action]) -> Vec<Row> {
        let pattern = Pattern::new(query, CaseMatching::Ignore, Normalization::Smart, AtomKind::Fuzzy);
        if pattern.atoms.is_empty() {
            let rank = |e: &Entry| match recent.iter().position(|&a| a == e.action) {
                Some(i) if e.runnable() => i,
                _ => usize::MAX,
            };
            let mut rows: Vec<Row> = (0..entries.len())
                .map(|entry| Row {
                    entry,
                    ..Row::default()
                })
                .collect();
            rows.sort_by_key(|r| rank(&entries[r.entry]));
            return rows;
        }
        let wanted = query.trim();
        let mut scored = Vec::new();
        let mut indices = Vec::new();
        for (entry, (haystack, lens)) in self.haystacks.iter().enumerate() {
            indices.clear();
            let Some(score) = pattern.indices(haystack.slice(..), &mut self.matcher, &mut indices) else {
                continue;
            };
            let e = &entries[entry];
            let name = e.theme.is_none() && e.action.name().eq_ignore_ascii_case(wanted);
            let description = e.description.eq_ignore_ascii_case(wanted);
            let row = Row {
                entry,
                lit: split(&mut indices, *lens),
            };
            scored.push(((name, description, e.runnable(), score), row));
        }
        // Stable: equal ranks keep the entries' order (here, tabs, elsewhere).
        scored.sort_by_key(|(rank, _)| Reverse(*rank));
        scored.into_iter().map(|(_, row)| row).collect()
    }
}

/// Haystack indices → per-column indices (the columns joined by one space).
fn split(indices: &mut [u32], lens: [u32; 3]) -> [Vec<u32>; 3] {
    indices.sort_unstable();
    let mut lit: [Vec<u32>; 3] = Default::default();
    let mut start = 0;
    for (column, len) in lens.into_iter().enumerate() {
        lit[column] = indices
            .iter()
            .filter(|&&i| i >= start && i < start + len)
            .map(|&i| i - start)
            .collect();
        lit[column].dedup();
        start += len + 1;
    }
    lit
}

#[cfg(test)]
mod tests {
    #[test]
    fn indices_are_split_into_their_columns() {
        // "copy target copy_target Target panes": c(0) t(5) c(12) p(31)
        let mut indices = vec![31, 0, 12, 5];
        let lit = super::split(&mut indices, [11, 11, 12]);
        assert_eq!(lit, [vec![0, 5], vec![0], vec![7]]);
    }
}
