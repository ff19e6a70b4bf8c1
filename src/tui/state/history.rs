//! The history's part of the state: recording translations as they arrive
//! (through the [`Recorder`](crate::tui::overlays::history::recorder::Recorder)'s
//! rule), the History view's answers, and reopening an entry.

use std::time::Instant;

use super::{Focus, Overlay, State, Tab};
use crate::store::history::Entry;
use crate::tui::effect::{Effect, HistoryReply};
use crate::tui::overlays::history::{HistoryQuery, HistoryView, Mode, Rows};
use crate::tui::widgets::toast::Kind;

impl State {
    /// Opens the History view on the translations, asking for the newest.
    pub(super) fn open_history(&mut self) -> Vec<Effect> {
        let (view, q) = HistoryView::open(Mode::Translations);
        self.overlay = Some(Overlay::History(Box::new(view)));
        vec![Effect::SearchHistory(q)]
    }

    /// Puts a history entry back into the Translate tab: its text (cursor at
    /// the end), source language and targets; it is translated again, which
    /// refreshes the entry (an edit then starts a new one).
    pub fn reopen(&mut self, e: Entry, now: Instant) -> Vec<Effect> {
        self.show_tab(Tab::Translate);
        self.translate.set_source(&e.source, (usize::MAX, usize::MAX));
        self.translate.from = e.from.clone();
        if !e.targets.is_empty() && e.targets != self.translate.targets {
            self.set_targets(e.targets);
            for p in &mut self.translate.panes {
                p.cursor = None;
            }
        }
        self.translate.focus = Focus::Editor;
        let targets = self.translate.targets.clone();
        self.translate.recorder.reopened(e.id, &e.source, e.from, targets);
        self.translate.refresh(now);
        vec![self.save_prefs()]
    }

    /// The store's answer to `q` (at `now`, unix seconds), for the History view.
    /// The history worker's answer; whether to redraw.
    pub(super) fn history_reply(&mut self, reply: HistoryReply, now: Instant) {
        match reply {
            HistoryReply::Recorded { stretch, id } => self.translate.recorder.written(stretch, id),
            HistoryReply::NotRecorded(e) => {
                if self.translate.recorder.first_failure() {
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
