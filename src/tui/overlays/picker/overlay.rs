//! A language (or profile) picker as an overlay: the picker and what it
//! chooses for.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::{Outcome, Picker};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, Choice, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::{PickFor, State};

/// An open picker.
#[derive(Debug)]
pub struct Picking {
    pub picker: Picker,
    /// What the codes chosen are for.
    pub what: PickFor,
}

impl OverlayComponent for Picking {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Picker]
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        match self.picker.handle(action, key) {
            Outcome::Pending => Reply::Pending,
            Outcome::Cancelled => Reply::Close,
            Outcome::Chosen(codes) => Reply::Done(Choice::Picked(self.what, codes)),
        }
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        self.picker.paste(text);
        Some(Reply::Pending)
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        self.picker.render(frame, at.screen, &state.theme);
        None
    }
}
