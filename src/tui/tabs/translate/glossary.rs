//! The glossary on the Translate tab: the rules sent with each request and
//! the terms of the editor's text (drawn in the glossary role, counted in
//! the status line). The overlay that edits the entries is the shell's.

use std::ops::Range;

use super::Translate;
use crate::api::params::TextType;
use crate::client::glossary::{Plan, Rule};
use crate::store::glossary::GlossaryEntry;
use crate::tui::overlays::glossary::Pair;

/// The glossary terms found in a text, kept until the text, the pair or the
/// entries change.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GlossaryMarks {
    /// The text they were found in.
    pub text: String,
    /// Byte ranges in `text`, sorted.
    pub ranges: Vec<Range<usize>>,
    key: (Option<String>, Vec<String>, u64, bool),
    /// Bumped by every new list of entries.
    version: u64,
}

impl Translate {
    /// The tab's pairs.
    pub fn glossary_pair(&self) -> Pair<'_> {
        Pair {
            from: self.from.as_deref(),
            targets: &self.targets,
        }
    }

    /// The rules to send: those of the source language (when one is chosen)
    /// to any target.
    pub fn glossary_rules(&self) -> Vec<Rule> {
        if self.from.is_none() {
            return Vec::new();
        }
        let pair = self.glossary_pair();
        self.glossary
            .iter()
            .filter(|e| pair.covers(e))
            .map(|e| Rule {
                from: e.from.clone(),
                to: e.to.clone(),
                term: e.term.clone(),
                translation: e.translation.clone(),
                case_sensitive: e.case_sensitive,
            })
            .collect()
    }

    /// The store's entries, as they are now.
    pub fn set_glossary(&mut self, entries: Vec<GlossaryEntry>) {
        self.glossary = entries;
        self.glossary_marks.version += 1;
    }

    /// Finds the terms of the editor's text again if anything they depend on
    /// changed (settled by every update).
    pub fn refresh_glossary_marks(&mut self) {
        let text = self.text();
        self.glossary_marks_in(text);
    }

    /// [`Translate::refresh_glossary_marks`] with the editor's `text` already joined.
    pub fn glossary_marks_in(&mut self, text: String) {
        let html = self.options.text_type == TextType::Html;
        let m = &self.glossary_marks;
        let key = (self.from.clone(), self.targets.clone(), m.version, html);
        if m.text == text && m.key == key {
            return;
        }
        let rules = self.glossary_rules();
        let ranges = if rules.is_empty() {
            Vec::new()
        } else {
            let plan = Plan::new(&[&text], key.0.as_deref(), &key.1, &rules, html);
            plan.terms(0).into_iter().map(|t| t.range.clone()).collect()
        };
        let version = self.glossary_marks.version;
        self.glossary_marks = GlossaryMarks {
            text,
            ranges,
            key,
            version,
        };
    }

    /// The glossary's part of the status line, and whether it is a caution:
    /// `None` when no entry is for the current targets.
    pub fn glossary_status(&self) -> Option<(String, bool)> {
        let pair = self.glossary_pair();
        let any_target = Pair { from: None, ..pair };
        if !self.glossary.iter().any(|e| any_target.covers(e)) {
            return None;
        }
        if pair.from.is_none() {
            return Some(("glossary idle: choose a source language".into(), true));
        }
        if !self.glossary.iter().any(|e| pair.covers(e)) {
            return None;
        }
        Some(match self.glossary_marks.ranges.len() {
            0 => ("glossary: no term in the text".into(), false),
            1 => ("glossary: 1 term forced".into(), false),
            n => (format!("glossary: {n} terms forced"), false),
        })
    }
}
