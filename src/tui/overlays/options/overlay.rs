//! The options popup as an overlay.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::{OptionsPopup, PopupOutcome};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, Choice, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;

impl OverlayComponent for OptionsPopup {
    fn contexts(&self) -> Vec<Context> {
        vec![self.context()]
    }

    fn takes_text(&self) -> bool {
        OptionsPopup::takes_text(self)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        match self.handle(action, key) {
            PopupOutcome::Pending => Reply::Pending,
            PopupOutcome::Closed(options) => Reply::Done(Choice::Options(options)),
        }
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        if !OptionsPopup::takes_text(self) {
            return None;
        }
        OptionsPopup::paste(self, text);
        Some(Reply::Pending)
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        self.render(frame, at.screen, &state.theme);
        None
    }
}
