//! The request log as an overlay. The log itself ([`super::RequestLog`]) is the
//! state's: it records every exchange while closed and keeps its scroll.

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Margin;

use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;
use crate::tui::widgets::wide::Clear;

/// The open request log.
#[derive(Debug, Default)]
pub struct LogView;

impl OverlayComponent for LogView {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Popup]
    }

    fn key(&mut self, action: Option<Action>, _key: &KeyEvent, ctx: &mut KeyCtx) -> Reply {
        match action {
            Some(a) if a == Action::RequestLog || ctx.log.handle(a) => Reply::Close,
            _ => Reply::Pending,
        }
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        let popup = at.screen.inner(Margin::new(1, 1));
        frame.render_widget(Clear, popup);
        state.log.render(frame, popup, &state.theme);
        None
    }
}
