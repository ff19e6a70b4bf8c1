//! The history's part of the state: recording translations as they arrive
//! (through the [`Recorder`](crate::tui::overlays::history::recorder::Recorder)'s
//! rule), the History view's keys, and reopening an entry.

use std::time::Instant;

use crossterm::event::KeyEvent;

use super::{Focus, Overlay, State, Tab};
use crate::store::history::{Entry, NewEntry, Rendition};
use crate::tui::effect::{Effect, HistoryReply};
use crate::tui::keymap::Action;
use crate::tui::overlays::history::{HistoryQuery, HistoryView, Mode, Outcome, Rows};
use crate::tui::widgets::toast::Kind;

impl State {
    /// The editor's text changed (typing, a paste): translate again after
    /// the debounce, save the draft, tell the recorder.
    pub(super) fn text_edited(&mut self, now: Instant) {
        self.translate.edited(now);
        self.draft_dirty = true;
        let blank = self.editor.lines().iter().all(|l| l.trim().is_empty());
        self.recorder.edited(now, blank);
    }

    /// A translation of the current text was applied: the effect that
    /// records it, if the recorder's rule says so.
    pub(super) fn record_translation(&mut self) -> Option<Effect> {
        let t = &self.translate;
        let r = t.results.as_ref()?;
        let entry = NewEntry {
            profile: self.profile.clone().unwrap_or_default(),
            source: t.results_for.clone(),
            from: t.from.clone(),
            detected: r.detected_language.as_ref().map(|d| d.language.clone()),
            targets: t.targets.clone(),
            results: r
                .translations
                .iter()
                .map(|x| Rendition {
                    to: x.to.clone(),
                    text: x.text.clone(),
                })
                .collect(),
        };
        self.recorder.translated(entry).map(Effect::RecordHistory)
    }

    /// Opens the History view on the translations, asking for the newest.
    pub(super) fn open_history(&mut self) -> Vec<Effect> {
        let (view, q) = HistoryView::open(Mode::Translations);
        self.overlay = Some(Overlay::History(Box::new(view)));
        vec![Effect::SearchHistory(q)]
    }

    /// A key while the History view is open.
    pub(super) fn history_key(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        now: Instant,
    ) -> Vec<Effect> {
        let Some(Overlay::History(view)) = self.overlay.as_mut() else {
            return Vec::new();
        };
        let outcome = view.handle(action, key);
        self.history_outcome(outcome, now)
    }

    /// Pasted text while the History view is open: its search line's.
    pub(super) fn history_paste(&mut self, text: &str) -> Option<Vec<Effect>> {
        let Some(Overlay::History(view)) = self.overlay.as_mut() else {
            return None;
        };
        let outcome = view.paste(text);
        Some(self.history_outcome(outcome, Instant::now()))
    }

    fn history_outcome(&mut self, outcome: Outcome, now: Instant) -> Vec<Effect> {
        match outcome {
            Outcome::Pending => Vec::new(),
            Outcome::Closed => {
                self.overlay = None;
                Vec::new()
            }
            Outcome::Search(q) => vec![Effect::SearchHistory(q)],
            Outcome::Reopen(entry) => {
                self.overlay = None;
                self.reopen(*entry, now)
            }
            Outcome::LookUp(l) => {
                self.overlay = None;
                let pair = crate::tui::tabs::dictionary::Pair::new(l.from, l.to);
                self.look_up_in_tab(&l.term, pair, now)
            }
            Outcome::Delete { mode, id, then } => {
                if mode == Mode::Translations {
                    self.recorder.forget(id);
                }
                vec![Effect::DeleteHistory { mode, id }, Effect::SearchHistory(then)]
            }
        }
    }

    /// Puts a history entry back into the Translate tab: its text (cursor at
    /// the end), source language and targets; it is translated again, which
    /// refreshes the entry (an edit then starts a new one).
    pub fn reopen(&mut self, e: Entry, now: Instant) -> Vec<Effect> {
        self.show_tab(Tab::Translate);
        self.set_source(&e.source, (usize::MAX, usize::MAX));
        self.translate.from = e.from.clone();
        if !e.targets.is_empty() && e.targets != self.translate.targets {
            self.set_targets(e.targets);
            for p in &mut self.panes {
                p.cursor = None;
            }
        }
        self.focus = Focus::Editor;
        let targets = self.translate.targets.clone();
        self.recorder.reopened(e.id, &e.source, e.from, targets);
        self.translate.refresh(now);
        vec![self.save_prefs()]
    }

    /// The store's answer to `q` (at `now`, unix seconds), for the History view.
    /// The history worker's answer; whether to redraw.
    pub(super) fn history_reply(&mut self, reply: HistoryReply, now: Instant) {
        match reply {
            HistoryReply::Recorded { stretch, id } => self.recorder.written(stretch, id),
            HistoryReply::NotRecorded(e) => {
                if self.recorder.first_failure() {
                    let text = format!("Not recorded in the history: {e}");
                    self.toasts.push(text, Kind::Error, now);
                }
            }
            HistoryReply::Rows { q, rows } => self.history_rows(&q, rows, crate::store::Store::now()),
            HistoryReply::NotDeleted(e) => {
                self.toasts.push(format!("Not deleted: {e}"), Kind::Error, now);
            }
        }
    }

    pub fn history_rows(&mut self, q: &HistoryQuery, rows: Result<Rows, String>, now: i64) {
        if let Some(Overlay::History(view)) = self.overlay.as_mut() {
            view.set_rows(q, rows, now);
        }
    }
}
