//! The Transliterate tab's part of the state: keys go to
//! [`TranslitTab::handle`] first; what it leaves alone may still be a global
//! key (quit, help, the log, tab switches). Its requests become
//! [`Effect::Translit`]; its answers come back as [`Msg::Translit`]
//! (`Msg` in `app.rs`), and a detection may lead to more requests, which
//! are returned as effects.

use std::time::Instant;

use crossterm::event::KeyEvent;

use super::manage::is_global;
use super::{Overlay, PickFor, State};
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::picker::{self, Mode, Picker};
use crate::tui::toast::Kind;
use crate::tui::translit::{Outcome, TranslitReply};

impl State {
    /// A key on the Transliterate tab (no overlay open).
    pub(super) fn translit_key(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        now: Instant,
    ) -> Vec<Effect> {
        match self.translit.handle(action, key, &self.feedback.translit, now) {
            Outcome::Ignored => match action {
                Some(a) if is_global(a) => self.act(a, now),
                _ => Vec::new(),
            },
            Outcome::Handled => Vec::new(),
            Outcome::PickLanguage => {
                self.open_translit_picker(now);
                Vec::new()
            }
            Outcome::Copy { label, text } => vec![Effect::Copy { label, text }],
            Outcome::Note(text) => {
                self.toasts.push(text, Kind::Info, now);
                Vec::new()
            }
        }
    }

    /// `f`: the languages of the transliteration scope, or auto.
    fn open_translit_picker(&mut self, now: Instant) {
        let Some(languages) = &self.languages else {
            self.toasts
                .push("The languages list is not loaded yet", Kind::Info, now);
            return;
        };
        let items = picker::items_from_transliteration(languages);
        let selected: Vec<String> = self.translit.chosen.iter().cloned().collect();
        let picker = Picker::new(
            "Language to transliterate",
            items,
            Mode::Single { auto: true },
            &selected,
        );
        self.overlay = Some(Overlay::Picker(Box::new(picker), PickFor::TranslitLanguage));
    }

    /// The debounce's tick: the tab's requests, if due.
    pub(super) fn translit_tick(&mut self, now: Instant) -> Vec<Effect> {
        let languages = self.languages.as_ref();
        self.translit
            .tick(now, languages)
            .into_iter()
            .map(Effect::Translit)
            .collect()
    }

    /// An answer of the tab's; returns what it asks next.
    pub(super) fn translit_reply(&mut self, reply: TranslitReply, _now: Instant) -> Vec<Effect> {
        let (_, next) = self.translit.reply(reply, self.languages.as_ref());
        next.into_iter().map(Effect::Translit).collect()
    }
}
