//! The word alternatives popup's part of the state: Enter (or a second
//! click) on a target word opens it with the source word the alignment
//! gives, its look-up goes out as the Dictionary tab's request; its keys
//! (close, neighbouring word, the same look-up in the Dictionary tab) and
//! its answer (taken before the Dictionary tab sees it).

use std::time::Instant;

use super::manage::is_global;
use super::{Focus, Overlay, State};
use crate::store::lookups::NewLookup;
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::overlays::alternatives::{Alternatives, Opening, Shown};
use crate::tui::tabs::dictionary::{DictReply, Pair};
use crate::tui::tabs::translate::align::PaneHighlight;

impl State {
    /// Enter on a target pane: the alternatives of the word under its
    /// cursor. With no word to show them for (nothing translated yet), Enter
    /// keeps its older meaning there: back to the editor.
    pub(super) fn word_alternatives(&mut self) -> Vec<Effect> {
        let Focus::Target(i) = self.focus else {
            return Vec::new();
        };
        let Some(opening) = self.opening(i) else {
            self.focus = Focus::Editor;
            return Vec::new();
        };
        let id = self.dictionary.request_id();
        let (popup, request) = Alternatives::open(opening, id, self.languages.as_ref());
        self.overlay = Some(Overlay::Alternatives(Box::new(popup)));
        request.map(Effect::Dictionary).into_iter().collect()
    }

    /// The word under pane `i`'s cursor, its place, and the source words it
    /// is aligned with (`None`: no alignment; empty: no counterpart).
    fn opening(&self, i: usize) -> Option<Opening> {
        let t = &self.translate;
        let k = self.translation_index(i)?;
        let text = &t.results.as_ref()?.translations.get(k)?.text;
        let align = t.alignment.as_ref()?;
        let at = align.target_word_at(k, self.panes.get(i)?.cursor?)?;
        let source = match align.for_target(k, at.start).source {
            PaneHighlight::Unavailable => None,
            PaneHighlight::NoCounterpart => Some(String::new()),
            PaneHighlight::Spans(spans) => Some(
                spans
                    .iter()
                    .filter_map(|r| t.results_for.get(r.clone()))
                    .map(str::trim)
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
        };
        let detected = t.results.as_ref()?.detected_language.as_ref();
        let from = t.from.clone().or_else(|| detected.map(|d| d.language.clone()));
        Some(Opening {
            pane: i,
            word: text.get(at.clone())?.to_owned(),
            at,
            pair: from
                .zip(t.targets.get(i).cloned())
                .map(|(f, to)| Pair::new(f, to)),
            source,
        })
    }

    /// A key while the popup is open.
    pub(super) fn alternatives_key(&mut self, action: Option<Action>, now: Instant) -> Vec<Effect> {
        let Some(Overlay::Alternatives(popup)) = &mut self.overlay else {
            return Vec::new();
        };
        match action {
            Some(Action::Back) => self.overlay = None,
            Some(Action::ScrollUp) => popup.scroll_by(-1),
            Some(Action::ScrollDown) => popup.scroll_by(1),
            Some(Action::LookupWord) => {
                let found = popup.source.clone().zip(popup.pair.clone());
                self.overlay = None;
                if let Some((term, pair)) = found {
                    return self.look_up_in_tab(&term, pair, now);
                }
            }
            Some(a @ (Action::WordLeft | Action::WordRight)) => {
                self.overlay = None;
                self.step_word(a == Action::WordRight);
                self.refresh_highlight();
                return self.word_alternatives();
            }
            // A global key (help, a tab, the log…) closes the popup and does its part.
            Some(a) if is_global(a) => {
                self.overlay = None;
                return self.act(a, now);
            }
            _ => {}
        }
        Vec::new()
    }

    /// A dictionary answer: the popup's own, else the Dictionary tab's.
    /// Returns it when it is not the popup's, with the effect that records
    /// the popup's look-up in the history (as the Dictionary tab's are).
    pub(super) fn alternatives_reply(&mut self, reply: DictReply) -> (Option<DictReply>, Vec<Effect>) {
        let mut reply = Some(reply);
        let Some(Overlay::Alternatives(popup)) = &mut self.overlay else {
            return (reply, Vec::new());
        };
        if popup.reply(&mut reply)
            && let Shown::Loaded { result, .. } = &popup.shown
            && let Some((term, pair)) = popup.source.as_ref().zip(popup.pair.as_ref())
        {
            let record = Effect::RecordLookup(NewLookup {
                profile: self.profile.clone().unwrap_or_default(),
                from: pair.from.clone(),
                to: pair.to.clone(),
                term: term.clone(),
                found: u32::try_from(result.translations.len()).unwrap_or(u32::MAX),
            });
            return (reply, vec![record]);
        }
        (reply, Vec::new())
    }
}
