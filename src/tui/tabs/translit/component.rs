//! The Transliterate tab as a [`TabComponent`].

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;

use super::{Outcome as TabOutcome, TranslitTab};
use crate::tui::component::{Outcome, Shared, TabComponent};
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context};
use crate::tui::state::PickFor;

impl From<TabOutcome> for Outcome {
    fn from(outcome: TabOutcome) -> Self {
        match outcome {
            TabOutcome::Ignored => Outcome::Ignored,
            TabOutcome::Handled => Outcome::Handled,
            TabOutcome::PickLanguage => Outcome::Pick(PickFor::TranslitLanguage),
            TabOutcome::Copy { label, text } => Outcome::Effects(vec![Effect::Copy { label, text }]),
            TabOutcome::Note(text) => Outcome::Note(text),
        }
    }
}

impl TabComponent for TranslitTab {
    fn contexts(&self) -> Vec<Context> {
        TranslitTab::contexts(self)
    }

    fn own_contexts(&self) -> &'static [Context] {
        &[Context::Transliterate]
    }

    fn help_contexts(&self) -> &'static [Context] {
        use Context::*;
        &[Global, Transliterate, Editor, Picker, Popup, History, Palette]
    }

    fn handles(&self, action: Action) -> bool {
        TranslitTab::handles(action)
    }

    fn handles_any(&self, action: Action) -> bool {
        TranslitTab::handles(action)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, shared: &Shared, now: Instant) -> Outcome {
        self.handle(action, key, &shared.feedback.translit, now).into()
    }

    fn paste(&mut self, text: &str, now: Instant) {
        TranslitTab::paste(self, text, now);
    }

    /// Its answers; a detection may ask for more.
    fn message(&mut self, msg: Msg, shared: &Shared, _now: Instant) -> Result<Outcome, Msg> {
        let Msg::Translit(reply) = msg else {
            return Err(msg);
        };
        let (_, next) = self.reply(reply, shared.languages);
        Ok(Outcome::Effects(next.into_iter().map(Effect::Translit).collect()))
    }

    fn mouse(&mut self, m: MouseEvent, shared: &Shared) -> Outcome {
        TranslitTab::mouse(self, m, &shared.feedback.translit);
        Outcome::Handled
    }

    fn shown(&mut self) {
        self.focus_input();
    }

    fn due(&self, _now: Instant, _visible: bool, _shared: &Shared) -> Option<Instant> {
        TranslitTab::due(self)
    }

    fn tick(&mut self, now: Instant, _visible: bool, shared: &Shared) -> Vec<Effect> {
        let requests = TranslitTab::tick(self, now, shared.languages);
        requests.into_iter().map(Effect::Translit).collect()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, shared: &Shared, drawn: &mut Feedback) {
        let view_keys = shared.keymap.hints(&[Context::Transliterate]).into_iter();
        let view_keys = view_keys.filter(|h| matches!(h.action, Action::NextView | Action::PrevView));
        let view_keys = view_keys.map(|h| h.keys).collect::<Vec<_>>().join("/");
        let ctx = super::draw::Ctx {
            languages: shared.languages,
            theme: shared.theme,
            view_keys,
        };
        self.render(frame, area, &ctx, drawn);
    }

    fn draw_status(&self, frame: &mut Frame, area: Rect, shared: &Shared) {
        self.render_status(frame, area, &shared.service, shared.theme);
    }
}
