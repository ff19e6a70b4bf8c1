//! The word alternatives popup: Enter (or a second click) on a word of a
//! target pane shows, in place, the dictionary look-up of the SOURCE word it
//! is aligned with (source language → the pane's language), grouped by part
//! of speech with confidence, the target word marked where it is among them.
//! A gloss is a word-by-word guess; this shows what else the word could be.
//!
//! # Data flow
//!
//! Pure state, no IO. `state/alternatives.rs` builds an [`Alternatives`]
//! from the pane's word cursor and the alignment, taking its request id from
//! the Dictionary tab's counter so the look-up goes out as the tab's own
//! [`DictRequest::Lookup`] (one executor, `run/effects.rs`
//! `spawn_dictionary`) and its [`DictReply`] comes back through
//! `Msg::Dictionary`; the state hands a reply to [`Alternatives::reply`]
//! first, which takes only its own id (a reply for a popup closed or
//! reopened on another word is stale and dropped). Drawn by `draw.rs`
//! anchored under (or over) the word.

mod draw;
mod overlay;
#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::api::languages::LanguagesResponse;
use crate::api::model::LookupResult;
use crate::tui::tabs::dictionary::page::{Row, rows};
use crate::tui::tabs::dictionary::{DictReply, DictRequest, Pair, out_of_scope};

pub use self::draw::Ctx;

/// Where the popup stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// Nothing was asked; the sentence says why (no alignment, no source
    /// language, no dictionary for the pair).
    Nothing(String),
    Loading,
    /// The look-up of the source word, and its rows (by part of speech).
    Loaded {
        result: LookupResult,
        rows: Vec<Row>,
    },
    /// The service refused or failed the look-up.
    Failed(String),
}

/// The popup over a target pane.
#[derive(Debug)]
pub struct Alternatives {
    /// The target pane it belongs to.
    pub pane: usize,
    /// The target word, and its byte range in the pane's translation (the anchor).
    pub word: String,
    pub at: Range<usize>,
    /// Source → the pane's language; `None` when the source language is unknown.
    pub pair: Option<Pair>,
    /// The source words the target word is aligned with.
    pub source: Option<String>,
    pub shown: Shown,
    /// The look-up this popup waits for.
    pub id: Option<u64>,
    /// First row shown (the view keeps it in range).
    pub scroll: usize,
}

/// What the popup needs to open: the word and what it is aligned with.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    pub pane: usize,
    pub word: String,
    pub at: Range<usize>,
    pub pair: Option<Pair>,
    /// `None`: the target has no alignment; `Some("")`: the word has no
    /// counterpart in the source.
    pub source: Option<String>,
}

impl Alternatives {
    /// Opens on `o`; returns the look-up to send (with `id`) when there is
    /// something to look up in a dictionary the service has.
    pub fn open(o: Opening, id: u64, languages: Option<&LanguagesResponse>) -> (Self, Option<DictRequest>) {
        let aligned = o.source.is_some();
        let source = o.source.filter(|s| !s.is_empty());
        let nothing = match (&source, &o.pair) {
            _ if !aligned => Some("This translation has no alignment: no source word to look up".to_owned()),
            (None, _) => Some(format!("“{}” has no counterpart in the source", o.word)),
            (_, None) => Some("The source language is not known yet (f chooses it)".to_owned()),
            (Some(_), Some(pair)) => languages.and_then(|l| out_of_scope(pair, l)),
        };
        let request = match (&nothing, &source, &o.pair) {
            (None, Some(term), Some(pair)) => Some(DictRequest::Lookup {
                id,
                pair: pair.clone(),
                terms: vec![term.clone()],
            }),
            _ => None,
        };
        let popup = Self {
            pane: o.pane,
            word: o.word,
            at: o.at,
            pair: o.pair,
            source,
            shown: nothing.map_or(Shown::Loading, Shown::Nothing),
            id: request.as_ref().map(|_| id),
            scroll: 0,
        };
        (popup, request)
    }

    /// An answer: applied when it is this popup's (returns `true`), else
    /// left for the Dictionary tab (`false`).
    pub fn reply(&mut self, reply: &mut Option<DictReply>) -> bool {
        let Some(DictReply::Lookup { id, .. }) = reply else {
            return false;
        };
        if Some(*id) != self.id {
            return false;
        }
        let Some(DictReply::Lookup { result, .. }) = reply.take() else {
            return false;
        };
        self.shown = match result.map(|mut r| r.pop()) {
            Ok(Some(result)) => {
                let rows = rows(std::slice::from_ref(&result));
                Shown::Loaded { result, rows }
            }
            Ok(None) => Shown::Failed("The dictionary answered with nothing".to_owned()),
            Err(e) => Shown::Failed(e),
        };
        true
    }

    /// Whether translation `t` of the look-up is the target word (as shown,
    /// or its normalized form; case aside).
    pub fn is_current(&self, t: &crate::api::model::DictionaryTranslation) -> bool {
        let word = self.word.to_lowercase();
        t.normalized_target.to_lowercase() == word || t.display_target.to_lowercase() == word
    }

    /// Whether the target word is among the alternatives.
    pub fn current_found(&self) -> bool {
        match &self.shown {
            Shown::Loaded { result, .. } => result.translations.iter().any(|t| self.is_current(t)),
            _ => false,
        }
    }

    /// Scrolls the list by `rows` (the view clamps it).
    pub fn scroll_by(&mut self, rows: isize) {
        self.scroll = self.scroll.saturating_add_signed(rows);
    }
}
