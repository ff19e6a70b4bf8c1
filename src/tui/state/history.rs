//! The history's part of the state: recording translations as they arrive
//! (through the [`Recorder`](crate::tui::overlays::history::recorder::Recorder)'s
//! rule), the History view's answers, and reopening an entry.

use std::time::Instant;

use super::{Focus, Overlay, State, Tab};
use crate::store::history::Entry;
use crate::tui::effect::Effect;
#[cfg(test)]
use crate::tui::overlays::history::{HistoryQuery, Rows};
use crate::tui::overlays::history::{HistoryView, Mode};

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
    /// The tests' shorthand: the store's `rows` for `q` arrive at `now`
    /// (unix seconds, on the state's clock), through the one entry.
    #[cfg(test)]
    pub fn history_rows(&mut self, q: &HistoryQuery, rows: Result<Rows, String>, now: i64) {
        self.clock = crate::clock::Clock::manual(u64::try_from(now).unwrap_or_default());
        let rows = crate::tui::effect::HistoryReply::Rows { q: q.clone(), rows };
        self.message(crate::tui::effect::Msg::History(rows), Instant::now());
    }
}
