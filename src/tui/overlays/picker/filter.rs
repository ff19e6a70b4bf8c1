//! Fuzzy filtering and ranking with `nucleo-matcher` (helix's matcher).
//!
//! Each item is matched on three fields — code, name, native name — kept as
//! pre-built haystacks ([`Utf32String`]: one char per grapheme cluster, so
//! the indices nucleo reports count graphemes). A row's score is the best of
//! the three fields; an exact code match ("ja", "zh-hans") ranks above any
//! fuzzy score. Ties keep the items' order (by name). The grapheme indices of
//! every field that matched are kept on the row, for the view to light up:
//! the view never matches anything itself.
//!
//! Matching ignores case and, per nucleo's `Normalization::Smart`, accents
//! when the query has none ("francais" finds "français"). Words separated by
//! spaces must all match the same field ("chinese trad").

use std::cmp::Reverse;

use nucleo_matcher::pattern::{AtomKind, CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};

use super::Item;

/// One visible row of the list: which item, and what to light up.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// Index into the picker's items.
    pub item: usize,
    /// Matched grapheme indices in code, name and native name, sorted.
    pub lit: [Vec<u32>; 3],
}

/// The matcher and the items' haystacks, built once per picker.
#[derive(Clone, Debug)]
pub struct Search {
    matcher: Matcher,
    haystacks: Vec<[Utf32String; 3]>,
}

impl Search {
    pub fn new(items: &[Item]) -> Self {
        let mut config = Config::DEFAULT;
        // Language names are typed from their start: "fin", "chin", "por".
        config.prefer_prefix = true;
        let haystacks = items
            .iter()
            .map(|i| {
                [
                    Utf32String::from(i.code.as_str()),
                    Utf32String::from(i.name.as_str()),
                    Utf32String::from(i.native_name.as_str()),
                ]
            })
            .collect();
        Self {
            matcher: Matcher::new(config),
            haystacks,
        }
    }

    /// The rows for `query`, best first; every item, in order, when the
    /// query is blank.
    pub fn rows(&mut self, query: &str, items: &[Item]) -> Vec<Row> {
        let pattern = Pattern::new(query, CaseMatching::Ignore, Normalization::Smart, AtomKind::Fuzzy);
        if pattern.atoms.is_empty() {
            return (0..self.haystacks.len())
                .map(|item| Row {
                    item,
                    ..Row::default()
                })
                .collect();
        }
        let wanted = query.trim();
        let mut scored = Vec::new();
        for (item, fields) in self.haystacks.iter().enumerate() {
            let mut row = Row {
                item,
                ..Row::default()
            };
            let mut best = None;
            for (field, haystack) in fields.iter().enumerate() {
                let lit = &mut row.lit[field];
                if let Some(score) = pattern.indices(haystack.slice(..), &mut self.matcher, lit) {
                    best = best.max(Some(score));
                    lit.sort_unstable();
                    lit.dedup();
                } else {
                    // A word that failed may have left indices behind.
                    lit.clear();
                }
            }
            if let Some(score) = best {
                let exact = items
                    .get(item)
                    .is_some_and(|i| i.code.eq_ignore_ascii_case(wanted));
                scored.push(((exact, score), row));
            }
        }
        // Stable: equal scores keep the items' order.
        scored.sort_by_key(|(rank, _)| Reverse(*rank));
        scored.into_iter().map(|(_, row)| row).collect()
    }
}
