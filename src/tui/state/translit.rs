//! The Transliterate tab's part of the state: keys go to
//! [`TranslitTab::handle`] first; what it leaves alone may still be a global
//! key (quit, help, the log, tab switches). Its requests become
//! [`Effect::Translit`]; its answers come back as [`Msg::Translit`]
//! (`Msg` in `effect.rs`), and a detection may lead to more requests, which
//! are returned as effects.

use std::time::Instant;

use super::{Overlay, PickFor, State};
use crate::tui::overlays::picker::{self, Mode, Picker};
use crate::tui::widgets::toast::Kind;

impl State {
    /// `f`: the languages of the transliteration scope, or auto.
    pub(super) fn open_translit_picker(&mut self, now: Instant) {
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
        self.overlay = Some(Overlay::picker(picker, PickFor::TranslitLanguage));
    }
}
