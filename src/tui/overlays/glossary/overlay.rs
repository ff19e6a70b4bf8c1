//! The glossary popup as an overlay: its list has its own key table over
//! the popup's; its form takes the editor's keys but not its history or
//! look-up.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::{GlossaryOutcome, GlossaryPopup};
use crate::tui::effect::Effect;
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;

impl OverlayComponent for GlossaryPopup {
    fn contexts(&self) -> Vec<Context> {
        GlossaryPopup::contexts(self)
    }

    fn hint_contexts(&self) -> Vec<Context> {
        let all = GlossaryPopup::contexts(self);
        match GlossaryPopup::takes_text(self) {
            true => all.into_iter().take(1).collect(),
            false => all,
        }
    }

    fn shows(&self, action: Action) -> Option<bool> {
        GlossaryPopup::takes_text(self).then_some(!matches!(action, Action::History | Action::LookupWord))
    }

    fn takes_text(&self) -> bool {
        GlossaryPopup::takes_text(self)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, ctx: &mut KeyCtx) -> Reply {
        match self.handle(action, key, ctx.glossary, ctx.pair) {
            GlossaryOutcome::Pending => Reply::Pending,
            GlossaryOutcome::Closed => Reply::Close,
            GlossaryOutcome::Edit(edit) => Reply::Effects(vec![Effect::Glossary(edit)]),
        }
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        if !GlossaryPopup::takes_text(self) {
            return None;
        }
        GlossaryPopup::paste(self, text);
        Some(Reply::Pending)
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        let t = &state.translate;
        self.render(frame, at.screen, &t.glossary, t.glossary_pair(), &state.theme);
        None
    }
}
