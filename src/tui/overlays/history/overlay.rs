//! The History view as an overlay: it covers the whole tab.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::{HistoryView, Outcome};
use crate::tui::component::Shared;
use crate::tui::effect::{Effect, HistoryReply, Msg};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, Choice, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;
use crate::tui::tabs::dictionary::Pair;

impl From<Outcome> for Reply {
    fn from(outcome: Outcome) -> Self {
        match outcome {
            Outcome::Pending => Reply::Pending,
            Outcome::Closed => Reply::Close,
            Outcome::Search(q) => Reply::Effects(vec![Effect::SearchHistory(q)]),
            Outcome::Reopen(entry) => Reply::Done(Choice::Reopen(entry)),
            Outcome::LookUp(l) => Reply::Done(Choice::LookUp(l.term, Pair::new(l.from, l.to))),
            Outcome::Delete { mode, id, then } => Reply::Done(Choice::Delete { mode, id, then }),
        }
    }
}

impl OverlayComponent for HistoryView {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::History]
    }

    fn shows(&self, action: Action) -> Option<bool> {
        Some(action == Action::Quit || HistoryView::handles(action))
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn covers_tab(&self) -> bool {
        true
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        self.handle(action, key).into()
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        Some(HistoryView::paste(self, text).into())
    }

    /// The store's rows for its query (at the state's clock).
    fn message(&mut self, msg: Msg, shared: &Shared) -> Result<Reply, Msg> {
        match msg {
            Msg::History(HistoryReply::Rows { q, rows }) => {
                self.set_rows(&q, rows, shared.unix);
                Ok(Reply::Pending)
            }
            msg => Err(msg),
        }
    }

    fn drawn(&mut self, shown: Shown) {
        HistoryView::drawn(self, shown);
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        // The whole tab, between the tab line and the key hints.
        self.render(frame, at.body.union(at.status), &state.theme)
    }
}
