//! One request per distinct marked text (pure; no IO).
//!
//! A translate request carries one text for several targets (`to=ja&to=fr`),
//! but a glossary is per language pair, so the marked text depends on the
//! target. [`Plan::new`] marks the texts once per target and groups the
//! targets whose marked texts are the same (all the targets without a
//! matching term share the plain request); [`Plan::assemble`] takes one
//! answer per group and puts the translations back in target order, with
//! the source-side offsets of `proj` and `srcSentLen` mapped from the marked
//! text (what was sent, and what the service counts in) back to the original
//! text, so highlighting by alignment and sentences stays right.

use super::Rule;
use super::mark::{Marked, MarkedTerm, OffsetMap, mark};
use crate::api::alignment::{AlignmentEntry, Projection};
use crate::api::model::{TranslateResult, Translation};

/// Targets that get the same texts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Indexes into the plan's targets, in their order.
    pub targets: Vec<usize>,
    /// One per input text, as marked for these targets.
    pub texts: Vec<Marked>,
}

impl Group {
    /// The texts to send.
    pub fn bodies(&self) -> Vec<String> {
        self.texts.iter().map(|m| m.text.clone()).collect()
    }
}

/// The requests a glossary turns one translate call into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    pub targets: Vec<String>,
    pub groups: Vec<Group>,
}

/// What went wrong putting answers back together.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AssembleError {
    #[error("{got} answers for {want} requests")]
    Answers { got: usize, want: usize },
    #[error("{got} results for {want} texts")]
    Results { got: usize, want: usize },
    #[error("{got} translations for {want} targets")]
    Translations { got: usize, want: usize },
}

impl Plan {
    /// Marks `texts` for each target with the rules of (`from`, target).
    /// `from` must be a language (no glossary applies to detection): with
    /// `None` there is one group, unmarked.
    pub fn new(texts: &[&str], from: Option<&str>, targets: &[String], rules: &[Rule], html: bool) -> Self {
        let mut groups: Vec<Group> = Vec::new();
        for (i, to) in targets.iter().enumerate() {
            let pair: Vec<&Rule> = match from {
                Some(from) => rules.iter().filter(|r| r.applies(from, to)).collect(),
                None => Vec::new(),
            };
            let marked: Vec<Marked> = texts.iter().map(|t| mark(t, &pair, html)).collect();
            let same = |g: &&mut Group| g.texts.iter().map(|m| &m.text).eq(marked.iter().map(|m| &m.text));
            match groups.iter_mut().find(same) {
                Some(g) => g.targets.push(i),
                None => groups.push(Group {
                    targets: vec![i],
                    texts: marked,
                }),
            }
        }
        Plan {
            targets: targets.to_vec(),
            groups,
        }
    }

    /// Whether the call goes out as it is (one group, nothing marked).
    pub fn is_plain(&self) -> bool {
        self.groups.len() <= 1
            && self
                .groups
                .iter()
                .all(|g| g.texts.iter().all(|m| m.terms.is_empty()))
    }

    /// The occurrences marked in text `k` for any target, by position, each
    /// range once (the source view shows these).
    pub fn terms(&self, k: usize) -> Vec<&MarkedTerm> {
        let mut out: Vec<&MarkedTerm> = self
            .groups
            .iter()
            .filter_map(|g| g.texts.get(k))
            .flat_map(|m| &m.terms)
            .collect();
        out.sort_by_key(|t| (t.range.start, t.range.end));
        out.dedup_by(|a, b| a.range == b.range);
        out
    }

    /// One result per text from one answer per group (each with one result per
    /// text and one translation per target of its group): translations in
    /// target order, source offsets in the original texts. The first group's
    /// `detectedLanguage` and `sourceText` are kept.
    pub fn assemble(
        &self,
        answers: Vec<Vec<TranslateResult>>,
    ) -> Result<Vec<TranslateResult>, AssembleError> {
        if answers.len() != self.groups.len() {
            return Err(AssembleError::Answers {
                got: answers.len(),
                want: self.groups.len(),
            });
        }
        let texts = self.groups.first().map_or(0, |g| g.texts.len());
        let mut slots: Vec<Vec<Option<Translation>>> = vec![vec![None; self.targets.len()]; texts];
        let mut heads: Vec<Option<TranslateResult>> = vec![None; texts];
        for (group, results) in self.groups.iter().zip(answers) {
            if results.len() != texts {
                return Err(AssembleError::Results {
                    got: results.len(),
                    want: texts,
                });
            }
            for (k, mut result) in results.into_iter().enumerate() {
                let translations = std::mem::take(&mut result.translations);
                if translations.len() != group.targets.len() {
                    return Err(AssembleError::Translations {
                        got: translations.len(),
                        want: group.targets.len(),
                    });
                }
                for (&t, mut tr) in group.targets.iter().zip(translations) {
                    remap(&mut tr, &group.texts[k].map);
                    slots[k][t] = Some(tr);
                }
                heads[k].get_or_insert(result);
            }
        }
        Ok(heads
            .into_iter()
            .zip(slots)
            .map(|(head, slots)| {
                let mut r = head.unwrap_or(TranslateResult {
                    detected_language: None,
                    translations: Vec::new(),
                    source_text: None,
                });
                r.translations = slots.into_iter().flatten().collect();
                r
            })
            .collect())
    }
}

/// The source side of `tr`'s alignment and sentence lengths, from marked-text
/// units to original-text units. Entries that covered only markup go.
pub fn remap(tr: &mut Translation, map: &OffsetMap) {
    if map.is_identity() {
        return;
    }
    let back = |u: u32| u32::try_from(map.to_original_units(u as usize)).unwrap_or(u32::MAX);
    if let Some(a) = &mut tr.alignment {
        let entries = a
            .proj
            .entries()
            .iter()
            .filter_map(|e| {
                let start = back(e.src_start);
                let end = back(e.src_end.saturating_add(1));
                // Lazily: with `end == 0` (markup at the very start) `end - 1` would overflow.
                (end > start).then(|| AlignmentEntry {
                    src_start: start,
                    src_end: end - 1,
                    ..*e
                })
            })
            .collect();
        a.proj = Projection(entries);
    }
    if let Some(s) = &mut tr.sent_len {
        let mut marked = 0u32;
        let mut orig = 0u32;
        for len in &mut s.src_sent_len {
            marked = marked.saturating_add(*len);
            let end = back(marked);
            *len = end.saturating_sub(orig);
            orig = end.max(orig);
        }
    }
}
