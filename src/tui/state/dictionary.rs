//! The Dictionary tab's part of the state: its keys (what the tab leaves
//! alone may still be a global key), its pickers, its answers (each
//! completed look-up recorded in the history), and `d` / Ctrl+L on the
//! Translate tab, which opens the word under the cursor in the tab with the
//! Translate tab's languages.

use std::time::Instant;

use super::{Focus, Overlay, PickFor, State, Tab};
use crate::store::lookups::NewLookup;
use crate::tui::effect::Effect;
use crate::tui::overlays::picker::{self, Mode, Picker};
use crate::tui::tabs::dictionary::{DictReply, Pair, Side};
use crate::tui::tabs::translate::align::word_at;
use crate::tui::widgets::toast::Kind;

impl State {
    /// Opens the picker of the tab's source (every language the dictionary
    /// has) or target (those of the source).
    pub(super) fn pick_dictionary(&mut self, side: Side, now: Instant) {
        let Some(languages) = &self.languages else {
            self.toasts
                .push("The languages list is not loaded yet", Kind::Info, now);
            return;
        };
        let pair = &self.dictionary.pair;
        let (title, items, selected) = match side {
            Side::From => (
                "Dictionary: from",
                picker::items_from_dictionary(languages),
                &pair.from,
            ),
            Side::To => (
                "Dictionary: to",
                picker::dictionary_targets(languages, &pair.from),
                &pair.to,
            ),
        };
        if items.is_empty() {
            let text = format!("The dictionary has nothing from {}", pair.from);
            self.toasts.push(text, Kind::Info, now);
            return;
        }
        let picker = Picker::new(
            title,
            items,
            Mode::Single { auto: false },
            std::slice::from_ref(selected),
        );
        self.overlay = Some(Overlay::Picker(Box::new(picker), PickFor::Dictionary(side)));
    }

    /// A language chosen for the tab: a new source keeps the target when the
    /// dictionary has that pair, else takes its first target.
    pub(super) fn dictionary_chosen(&mut self, side: Side, codes: Vec<String>) -> Vec<Effect> {
        let Some(code) = codes.into_iter().next() else {
            return Vec::new();
        };
        let pair = &mut self.dictionary.pair;
        match side {
            Side::From => {
                pair.from = code;
                if let Some(l) = &self.languages {
                    let targets = picker::dictionary_targets(l, &pair.from);
                    if !targets.iter().any(|t| t.code == pair.to)
                        && let Some(first) = targets.first()
                    {
                        pair.to = first.code.clone();
                    }
                }
            }
            Side::To => pair.to = code,
        }
        vec![self.save_prefs()]
    }

    /// An answer for the tab; each completed look-up goes into the history.
    pub(super) fn dictionary_reply(&mut self, reply: DictReply) -> Vec<Effect> {
        let profile = self.profile.clone().unwrap_or_default();
        let done = self.dictionary.reply(reply);
        done.into_iter()
            .map(|r| {
                Effect::RecordLookup(NewLookup {
                    profile: profile.clone(),
                    from: r.pair.from,
                    to: r.pair.to,
                    term: r.term,
                    found: r.found,
                })
            })
            .collect()
    }

    /// `d` on a target pane or Ctrl+L in the editor: the word under the
    /// cursor, looked up in the Dictionary tab — from the source language
    /// to the first target, or from a target pane's language to the source.
    pub(super) fn lookup_word(&mut self, now: Instant) -> Vec<Effect> {
        let t = &self.translate;
        let detected = t
            .results
            .as_ref()
            .and_then(|r| r.detected_language.as_ref())
            .map(|d| d.language.clone());
        let source = t.from.clone().or(detected);
        let found = match self.focus {
            Focus::Editor => {
                let text = self.text();
                let word = word_at(&text, self.cursor_byte()).map(|r| text[r].to_owned());
                word.zip(source.clone())
                    .zip(t.targets.first().cloned())
                    .map(|((w, from), to)| (w, Pair::new(from, to)))
            }
            Focus::Target(i) => {
                let translation = self
                    .translation_index(i)
                    .and_then(|k| Some(t.results.as_ref()?.translations.get(k)?.text.clone()));
                let cursor = self.panes.get(i).and_then(|p| p.cursor);
                let word = translation
                    .zip(cursor)
                    .and_then(|(text, at)| Some(text[word_at(&text, at)?].to_owned()));
                word.zip(source.clone())
                    .zip(t.targets.get(i).cloned())
                    .map(|((w, to), from)| (w, Pair::new(from, to)))
            }
        };
        let Some((word, pair)) = found else {
            let why = match source {
                None => "No word to look up yet: the source language is not known (f chooses it)",
                Some(_) => "No word under the cursor to look up",
            };
            self.toasts.push(why, Kind::Info, now);
            return Vec::new();
        };
        self.look_up_in_tab(&word, pair, now)
    }

    /// Shows the Dictionary tab looking `term` up from `pair` (a word sent
    /// from the Translate tab, a look-up of the History view); the languages
    /// become the tab's and are remembered.
    pub(super) fn look_up_in_tab(&mut self, term: &str, pair: Pair, now: Instant) -> Vec<Effect> {
        self.tab = Tab::Dictionary;
        let outcome = self.dictionary.open(term, pair, self.languages.as_ref());
        let mut effects = self.tab_outcome(outcome.into(), None, now);
        effects.push(self.save_prefs());
        effects
    }
}
