//! The alternatives popup as an overlay: Esc closes it, Up/Down scroll it,
//! `d` looks its source word up in the Dictionary tab, Left/Right move to
//! the pane's neighbouring word, a global key closes it and does its part.

use crossterm::event::KeyEvent;
use ratatui::Frame;

use super::{Alternatives, Ctx, Shown as Answer};
use crate::store::lookups::NewLookup;
use crate::tui::component::Shared;
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::overlays::{Areas, Choice, KeyCtx, OverlayComponent, Reply};
use crate::tui::state::State;
use crate::tui::tabs::translate::draw::{language_short, word_anchor};

impl OverlayComponent for Alternatives {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Alternatives]
    }

    fn key(&mut self, action: Option<Action>, _key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        match action {
            Some(Action::Back) => Reply::Close,
            Some(Action::ScrollUp) => {
                self.scroll_by(-1);
                Reply::Pending
            }
            Some(Action::ScrollDown) => {
                self.scroll_by(1);
                Reply::Pending
            }
            Some(Action::LookupWord) => match self.source.clone().zip(self.pair.clone()) {
                Some((term, pair)) => Reply::Done(Choice::LookUp(term, pair)),
                None => Reply::Close,
            },
            Some(a @ (Action::WordLeft | Action::WordRight)) => {
                Reply::Done(Choice::NextWord(a == Action::WordRight))
            }
            Some(a) if a.is_global() => Reply::Pass(a),
            _ => Reply::Pending,
        }
    }

    fn anchored(&self) -> bool {
        true
    }

    /// Its own look-up's answer (by id), recorded in the history as the
    /// Dictionary tab's are; any other goes on to the tab.
    fn message(&mut self, msg: Msg, shared: &Shared) -> Result<Reply, Msg> {
        let Msg::Dictionary(reply) = msg else {
            return Err(msg);
        };
        let mut reply = Some(reply);
        if !self.reply(&mut reply) {
            return Err(Msg::Dictionary(reply.expect("a reply not taken is left")));
        }
        let record = match (&self.shown, self.source.as_ref().zip(self.pair.as_ref())) {
            (Answer::Loaded { result, .. }, Some((term, pair))) => Effect::RecordLookup(NewLookup {
                profile: shared.profile.unwrap_or_default().to_owned(),
                from: pair.from.clone(),
                to: pair.to.clone(),
                term: term.clone(),
                found: u32::try_from(result.translations.len()).unwrap_or(u32::MAX),
            }),
            _ => return Ok(Reply::Pending),
        };
        Ok(Reply::Effects(vec![record]))
    }

    fn drawn(&mut self, shown: Shown) {
        self.scroll = shown.top;
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, drawn: &Feedback) -> Option<Shown> {
        let hints: Vec<String> = state
            .keymap
            .hints(&[Context::Alternatives])
            .iter()
            .filter(|h| matches!(h.action, Action::LookupWord | Action::Back))
            .map(|h| format!("{} {}", h.keys, h.description))
            .collect();
        let languages = state.languages.as_ref();
        let name = |code: Option<&String>| code.map_or(String::new(), |c| language_short(languages, c));
        let pair = self.pair.as_ref();
        let body = at.body;
        let ctx = Ctx {
            theme: &state.theme,
            anchor: word_anchor(&state.translate, drawn, self.pane, self.at.start)
                .unwrap_or((body.x, body.y)),
            names: (name(pair.map(|p| &p.from)), name(pair.map(|p| &p.to))),
            hints: hints.join(" · "),
        };
        Some(self.render(frame, body, &ctx))
    }
}
