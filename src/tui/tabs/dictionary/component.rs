//! The Dictionary tab as a [`TabComponent`]: its own keys, drawing and
//! status, its outcomes in the shell's one [`Outcome`].

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{DictFocus, DictOutcome, DictionaryTab};
use crate::tui::component::{Outcome, Shared, TabComponent};
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context};
use crate::tui::state::PickFor;

impl From<DictOutcome> for Outcome {
    fn from(outcome: DictOutcome) -> Self {
        match outcome {
            DictOutcome::Ignored => Outcome::Ignored,
            DictOutcome::Handled => Outcome::Handled,
            DictOutcome::Request(r) => Outcome::Effects(vec![Effect::Dictionary(r)]),
            DictOutcome::Copy { label, text } => Outcome::Effects(vec![Effect::Copy { label, text }]),
            DictOutcome::Speak { text, language } => Outcome::Effects(vec![Effect::Speak { text, language }]),
            DictOutcome::Pick(side) => Outcome::Pick(PickFor::Dictionary(side)),
            DictOutcome::PairChanged => Outcome::PrefsChanged,
        }
    }
}

impl TabComponent for DictionaryTab {
    fn contexts(&self) -> Vec<Context> {
        DictionaryTab::contexts(self)
    }

    fn own_contexts(&self) -> &'static [Context] {
        &[Context::Dictionary, Context::DictionarySearch]
    }

    fn help_contexts(&self) -> &'static [Context] {
        use Context::*;
        &[Global, Dictionary, DictionarySearch, Picker, History, Palette]
    }

    fn handles(&self, action: Action) -> bool {
        DictionaryTab::handles(self, action)
    }

    fn handles_any(&self, action: Action) -> bool {
        DictionaryTab::handles_any(action)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, shared: &Shared, _now: Instant) -> Outcome {
        self.handle(action, key, shared.languages).into()
    }

    fn paste(&mut self, text: &str, _now: Instant) {
        DictionaryTab::paste(self, text);
    }

    /// Its look-ups' answers; each completed one goes into the history.
    fn message(&mut self, msg: Msg, shared: &Shared, _now: Instant) -> Result<Outcome, Msg> {
        let Msg::Dictionary(reply) = msg else {
            return Err(msg);
        };
        let profile = shared.profile.unwrap_or_default();
        let records = self.reply(reply).into_iter().map(|r| {
            Effect::RecordLookup(crate::store::lookups::NewLookup {
                profile: profile.to_owned(),
                from: r.pair.from,
                to: r.pair.to,
                term: r.term,
                found: r.found,
            })
        });
        Ok(Outcome::Effects(records.collect()))
    }

    fn mouse(&mut self, m: MouseEvent, shared: &Shared) -> Outcome {
        DictionaryTab::mouse(self, m, shared.feedback.dictionary_search);
        Outcome::Handled
    }

    fn shown(&mut self) {
        self.focus = DictFocus::Search;
    }

    fn due(&self, _now: Instant, _visible: bool, _shared: &Shared) -> Option<Instant> {
        None
    }

    fn tick(&mut self, _now: Instant, _visible: bool, _shared: &Shared) -> Vec<Effect> {
        Vec::new()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, shared: &Shared, drawn: &mut Feedback) {
        self.render(frame, area, shared.theme, shared.languages, drawn);
    }

    /// The service, the stack's depth, a notice.
    fn draw_status(&self, frame: &mut Frame, area: Rect, shared: &Shared) {
        let theme = shared.theme;
        let mut spans = vec![Span::raw(format!(" {} ", shared.service))];
        let depth = self.stack.len();
        if depth > 1 {
            spans.push(Span::styled(
                format!("· {depth} pages deep (Esc goes back) "),
                theme.muted,
            ));
        }
        if shared.languages.is_none() {
            spans.push(Span::styled("· loading the languages… ", theme.progress));
        }
        if let Some(n) = shared.notice {
            spans.push(Span::styled(format!("· {n}"), theme.warning));
        }
        frame.render_widget(Line::from(spans), area);
    }
}
