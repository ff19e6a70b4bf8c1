//! The Manage tab as a [`TabComponent`]: its requests become
//! [`Effect::Manage`]; its answers come back as `Msg::Manage`.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{ManageOutcome, ManageTab};
use crate::tui::component::{Outcome, Shared, TabComponent};
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context};

impl From<ManageOutcome> for Outcome {
    fn from(outcome: ManageOutcome) -> Self {
        match outcome {
            ManageOutcome::Ignored => Outcome::Ignored,
            // The timers read the pause from the view.
            ManageOutcome::Handled | ManageOutcome::Pause(_) => Outcome::Handled,
            ManageOutcome::Copy { label, text } => Outcome::Effects(vec![Effect::Copy { label, text }]),
            request => Outcome::Effects(vec![Effect::Manage(request)]),
        }
    }
}

impl TabComponent for ManageTab {
    fn contexts(&self) -> Vec<Context> {
        ManageTab::contexts(self)
    }

    fn own_contexts(&self) -> &'static [Context] {
        &[Context::Manage]
    }

    fn help_contexts(&self) -> &'static [Context] {
        use Context::*;
        &[Global, Manage, Editor, Popup, History, Palette]
    }

    fn handles(&self, action: Action) -> bool {
        ManageTab::handles(self, action)
    }

    fn handles_any(&self, action: Action) -> bool {
        ManageTab::handles_any(action)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _shared: &Shared, _now: Instant) -> Outcome {
        self.handle(action, key).into()
    }

    fn paste(&mut self, text: &str, _now: Instant) {
        ManageTab::paste(self, text);
    }

    /// The management answers; a toast says what finished.
    fn message(&mut self, msg: Msg, shared: &Shared, now: Instant) -> Result<Outcome, Msg> {
        let Msg::Manage(reply) = msg else {
            return Err(msg);
        };
        if let super::ManageReply::Choices {
            field,
            title,
            result: Ok(items),
        } = reply
        {
            let selected = self.field_value(field);
            let what = crate::tui::state::PickFor::Manage(field);
            return Ok(Outcome::Choose {
                title,
                items,
                selected,
                what,
            });
        }
        Ok(match self.reply(reply, now, shared.unix) {
            Some((text, kind)) => Outcome::Toast(text, kind),
            None => Outcome::Handled,
        })
    }

    fn mouse(&mut self, _m: MouseEvent, _shared: &Shared) -> Outcome {
        Outcome::Handled
    }

    fn shown(&mut self) {}

    fn due(&self, now: Instant, visible: bool, shared: &Shared) -> Option<Instant> {
        self.next_due(now, shared.unix, visible)
    }

    fn tick(&mut self, now: Instant, visible: bool, shared: &Shared) -> Vec<Effect> {
        let due = ManageTab::tick(self, now, shared.unix, visible);
        due.into_iter().map(Effect::Manage).collect()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, shared: &Shared, drawn: &mut Feedback) {
        if let Some((scroller, shown)) = self.render(frame, area, shared.theme) {
            drawn.shown(scroller, shown);
        }
    }

    fn draw_status(&self, frame: &mut Frame, area: Rect, shared: &Shared) {
        let theme = shared.theme;
        let mut spans = vec![
            Span::raw(format!(" management: {} ", shared.manage_service)),
            Span::styled(format!("· translator: {} ", shared.service), theme.muted),
        ];
        if let Some(n) = shared.notice {
            spans.push(Span::styled(format!("· {n}"), theme.warning));
        }
        frame.render_widget(Line::from(spans), area);
    }
}
