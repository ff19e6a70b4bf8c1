//! The palette as an overlay: its keys, its text line, and the overlay it
//! was opened over drawn beneath it.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::Palette;
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;

impl OverlayComponent for Palette {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Palette]
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn covers_tab(&self) -> bool {
        self.beneath.as_ref().is_some_and(|b| b.component().covers_tab())
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        self.handle(action, key)
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        Palette::paste(self, text);
        Some(Reply::Pending)
    }

    fn drawn(&mut self, shown: Shown) {
        self.top = shown.top;
        self.page = shown.rows.max(1);
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, drawn: &Feedback) -> Option<Shown> {
        // The overlay beneath as it was; its scroll is not fed back while covered.
        if let Some(beneath) = &self.beneath {
            beneath.component().draw(frame, at, state, drawn);
        }
        Some(super::draw::draw(frame, self, at.screen, &state.theme))
    }
}
