//! The help as an overlay.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::HelpView;
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;

impl OverlayComponent for HelpView {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Popup]
    }

    fn key(&mut self, action: Option<Action>, _key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        match action {
            Some(Action::Help | Action::Back | Action::Select) => Reply::Close,
            Some(a) => {
                self.handle(a);
                Reply::Pending
            }
            None => Reply::Pending,
        }
    }

    fn drawn(&mut self, shown: Shown) {
        HelpView::drawn(self, shown);
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        Some(super::draw(frame, state, self, at.screen))
    }
}
