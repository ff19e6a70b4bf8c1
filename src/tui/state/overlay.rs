//! The overlays: help, the language pickers, the options popup, the
//! glossary (`state/glossary.rs`), the request log and the History view
//! (`state/history.rs`). Each takes the keys first while open; what it returns
//! (chosen languages, new options) is applied here.

use std::time::Instant;

use crossterm::event::KeyEvent;

use super::{Overlay, PickFor, State};
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::overlays::glossary::GlossaryOutcome;
use crate::tui::overlays::options::{OptionsPopup, PopupOutcome};
use crate::tui::overlays::picker::{self, Mode, Outcome, Picker};
use crate::tui::widgets::toast::Kind;

impl State {
    /// Opens an overlay for `action`; `false` when it is not one of them.
    pub(super) fn open(&mut self, action: Action, now: Instant) -> bool {
        let overlay = match action {
            Action::Help => Overlay::Help(Default::default()),
            Action::RequestLog => Overlay::Log,
            Action::Options => Overlay::Options(Box::new(OptionsPopup::new(&self.translate.options))),
            Action::Glossary => Overlay::Glossary(Box::default()),
            Action::PickTargets | Action::PickSource => {
                let Some(languages) = &self.languages else {
                    self.toasts
                        .push("The languages list is not loaded yet", Kind::Info, now);
                    return true;
                };
                let items = picker::items_from_translation(languages);
                let (title, mode, selected, what) = match action {
                    Action::PickTargets => (
                        "Target languages",
                        Mode::Multi,
                        self.translate.targets.clone(),
                        PickFor::Targets,
                    ),
                    _ => (
                        "Source language",
                        Mode::Single { auto: true },
                        self.translate.from.iter().cloned().collect(),
                        PickFor::Source,
                    ),
                };
                Overlay::Picker(Box::new(Picker::new(title, items, mode, &selected)), what)
            }
            Action::PickProfile => {
                let items = self.profiles.iter().map(profile_item).collect();
                let selected: Vec<String> = self.profile.iter().cloned().collect();
                let picker = Picker::new("Profile", items, Mode::Single { auto: false }, &selected)
                    .with_search_hint("type to search: profile name or endpoint");
                Overlay::Picker(Box::new(picker), PickFor::Profile)
            }
            _ => return false,
        };
        self.overlay = Some(overlay);
        true
    }

    /// A key while an overlay is open.
    pub(super) fn overlay_key(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        now: Instant,
    ) -> Vec<Effect> {
        // Quit reaches here only from keys that mean it in this overlay
        // (Ctrl+C always; `q` only where it is not text or "back").
        if action == Some(Action::Quit) {
            self.quit = true;
            return Vec::new();
        }
        if let Some(Overlay::History(_)) = self.overlay {
            return self.history_key(action, key, now);
        }
        let Some(overlay) = self.overlay.as_mut() else {
            return Vec::new();
        };
        match overlay {
            Overlay::Glossary(_) => return self.glossary_key(action, key),
            Overlay::Alternatives(_) => return self.alternatives_key(action, now),
            Overlay::Help(view) => match action {
                Some(Action::Help | Action::Back | Action::Select) => self.overlay = None,
                Some(a) => _ = view.handle(a),
                None => {}
            },
            Overlay::Log => {
                if let Some(a) = action
                    && (a == Action::RequestLog || self.log.handle(a))
                {
                    self.overlay = None;
                }
            }
            Overlay::Picker(picker, what) => match picker.handle(action, key) {
                Outcome::Pending => {}
                Outcome::Cancelled => self.overlay = None,
                Outcome::Chosen(codes) => {
                    let what = *what;
                    self.overlay = None;
                    return self.chosen(what, codes, now);
                }
            },
            Overlay::History(_) => {}
            Overlay::Options(popup) => match popup.handle(action, key) {
                PopupOutcome::Pending => {}
                PopupOutcome::Closed(options) => {
                    self.overlay = None;
                    if options != self.translate.options {
                        self.translate.options = options;
                        self.translate.refresh(now);
                        return vec![self.save_prefs()];
                    }
                }
            },
        }
        Vec::new()
    }

    /// Whether the open overlay has a text line with the focus.
    pub fn overlay_takes_text(&self) -> bool {
        match &self.overlay {
            Some(Overlay::Picker(..) | Overlay::History(_)) => true,
            Some(Overlay::Options(p)) => p.takes_text(),
            Some(Overlay::Glossary(p)) => p.takes_text(),
            _ => false,
        }
    }

    /// Pasted text goes to the overlay's text line when it has one.
    pub(super) fn overlay_paste(&mut self, text: &str) -> bool {
        match &mut self.overlay {
            Some(Overlay::Picker(p, _)) => p.paste(text),
            Some(Overlay::Options(p)) if p.takes_text() => p.paste(text),
            Some(Overlay::Glossary(p)) if p.takes_text() => p.paste(text),
            _ => return false,
        }
        true
    }

    fn chosen(&mut self, what: PickFor, codes: Vec<String>, now: Instant) -> Vec<Effect> {
        match what {
            PickFor::Targets if !codes.is_empty() => {
                if codes == self.translate.targets {
                    return Vec::new();
                }
                self.set_targets(codes);
                for p in &mut self.translate.panes {
                    p.cursor = None;
                }
            }
            PickFor::Targets => return Vec::new(),
            PickFor::Dictionary(side) => return self.dictionary_chosen(side, codes),
            PickFor::Source => {
                let from = codes.into_iter().next();
                if from == self.translate.from {
                    return Vec::new();
                }
                self.translate.from = from;
            }
            PickFor::TranslitLanguage => {
                self.translit.choose(codes.into_iter().next(), now);
                return Vec::new();
            }
            PickFor::Profile => {
                let Some(name) = codes.into_iter().next() else {
                    return Vec::new();
                };
                if self.profile.as_ref() == Some(&name) {
                    return Vec::new();
                }
                self.toasts
                    .push(format!("Connecting with profile {name}…"), Kind::Info, now);
                return vec![Effect::SwitchProfile(name)];
            }
        }
        self.translate.refresh(now);
        vec![self.save_prefs()]
    }

    /// The workbench has reconnected with profile `name` (a new service
    /// `label`): its languages and the translation are asked for again.
    /// The executor talks to another profile's service now.
    pub(super) fn switched_profile(&mut self, switched: crate::tui::effect::Switched, now: Instant) {
        let crate::tui::effect::Switched {
            profile,
            service,
            manage,
        } = switched;
        self.toasts
            .push(format!("Profile {profile}: {service}"), Kind::Ok, now);
        self.configure_manage(&manage);
        self.profile = Some(profile);
        self.service = service;
        self.languages = None;
        // The metering shown was the old endpoint's.
        self.translate.metered = 0;
        self.translate.refresh(now);
    }

    /// A key while the glossary overlay is open.
    fn glossary_key(&mut self, action: Option<Action>, key: &KeyEvent) -> Vec<Effect> {
        let Some(Overlay::Glossary(popup)) = &mut self.overlay else {
            return Vec::new();
        };
        let t = &self.translate;
        match popup.handle(action, key, &t.glossary, t.glossary_pair()) {
            GlossaryOutcome::Pending => Vec::new(),
            GlossaryOutcome::Closed => {
                self.overlay = None;
                Vec::new()
            }
            GlossaryOutcome::Edit(edit) => vec![Effect::Glossary(edit)],
        }
    }
}

/// A profile as a picker row: its name, local or remote, where it goes.
fn profile_item(p: &crate::store::config::ProfileSummary) -> picker::Item {
    picker::Item {
        code: p.name.clone(),
        name: p.kind.to_owned(),
        native_name: p.label.clone(),
        rtl: false,
        detail: if p.is_default {
            "default".into()
        } else {
            String::new()
        },
    }
}
