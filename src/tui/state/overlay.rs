//! The overlays as the shell sees them: opened here, each takes the keys
//! and pastes first while open (its [`OverlayComponent`](crate::tui::overlays::OverlayComponent)),
//! and what it replies (chosen languages, new options, an entry to reopen…)
//! is applied here.

use std::time::Instant;

use crossterm::event::KeyEvent;

use super::{Overlay, PickFor, State, Tab};
use crate::tui::effect::Effect;
use crate::tui::keymap::Action;
use crate::tui::overlays::alternatives::{Alternatives, Opening};
use crate::tui::overlays::history::Mode as HistoryMode;
use crate::tui::overlays::log::LogView;
use crate::tui::overlays::options::OptionsPopup;
use crate::tui::overlays::picker::{self, Mode, Picker};
use crate::tui::overlays::prompt::FilePrompt;
use crate::tui::overlays::{Choice, KeyCtx, Reply};
use crate::tui::widgets::toast::Kind;

impl State {
    /// Opens an overlay for `action`; `false` when it is not one of them.
    pub(super) fn open(&mut self, action: Action, now: Instant) -> bool {
        let overlay = match action {
            Action::Help => Overlay::Help(Default::default()),
            Action::RequestLog => Overlay::Log(LogView),
            Action::Options => Overlay::Options(Box::new(OptionsPopup::new(&self.translate.options))),
            Action::Glossary => Overlay::Glossary(Box::default()),
            Action::OpenFile => {
                // Starts in the opened file's directory.
                let dir = self.translate.file.as_ref().and_then(|f| f.parent());
                let start = dir
                    .filter(|d| !d.as_os_str().is_empty())
                    .map_or_else(String::new, |d| format!("{}/", d.display()));
                Overlay::Prompt(Box::new(FilePrompt::new(&start)))
            }
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
                Overlay::picker(Picker::new(title, items, mode, &selected), what)
            }
            Action::PickProfile => {
                let items = self.profiles.iter().map(profile_item).collect();
                let selected: Vec<String> = self.profile.iter().cloned().collect();
                let picker = Picker::new("Profile", items, Mode::Single { auto: false }, &selected)
                    .with_search_hint("type to search: profile name or endpoint");
                Overlay::picker(picker, PickFor::Profile)
            }
            _ => return false,
        };
        self.overlay = Some(overlay);
        true
    }

    /// Opens the alternatives popup on `opening` (a target word); its
    /// look-up goes out as the Dictionary tab's request.
    pub(super) fn open_alternatives(&mut self, opening: Opening) -> Vec<Effect> {
        let id = self.dictionary.request_id();
        let (popup, request) = Alternatives::open(opening, id, self.languages.as_ref());
        self.overlay = Some(Overlay::Alternatives(Box::new(popup)));
        request.map(Effect::Dictionary).into_iter().collect()
    }

    /// A key while an overlay is open: the overlay's, then its reply applied.
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
        let Some(overlay) = self.overlay.as_mut() else {
            return Vec::new();
        };
        let mut ctx = KeyCtx {
            log: &mut self.log,
            glossary: &self.translate.glossary,
            pair: self.translate.glossary_pair(),
        };
        let reply = overlay.component_mut().key(action, key, &mut ctx);
        self.overlay_reply(reply, now)
    }

    /// Whether the open overlay has a text line with the focus.
    pub fn overlay_takes_text(&self) -> bool {
        self.overlay.as_ref().is_some_and(|o| o.component().takes_text())
    }

    /// Pasted text goes to the overlay's text line when it has one: its
    /// reply, `None` when it has none.
    pub(super) fn overlay_paste(&mut self, text: &str, now: Instant) -> Option<Vec<Effect>> {
        let reply = self.overlay.as_mut()?.component_mut().paste(text)?;
        Some(self.overlay_reply(reply, now))
    }

    /// Carries out what the open overlay answered.
    pub(super) fn overlay_reply(&mut self, reply: Reply, now: Instant) -> Vec<Effect> {
        match reply {
            Reply::Pending => Vec::new(),
            Reply::Close => {
                self.overlay = self.overlay.take().and_then(Overlay::beneath);
                Vec::new()
            }
            Reply::Effects(effects) => effects,
            Reply::Pass(action) => {
                self.overlay = None;
                self.act(action, now)
            }
            Reply::Done(choice) => self.apply_choice(choice, now),
        }
    }

    /// Applies what an overlay chose; it closes, but for a deleted history
    /// row (the view stays, listing the rows left).
    fn apply_choice(&mut self, choice: Choice, now: Instant) -> Vec<Effect> {
        if let Choice::Delete { mode, id, then } = choice {
            if mode == HistoryMode::Translations {
                self.translate.recorder.forget(id);
            }
            return vec![Effect::DeleteHistory { mode, id }, Effect::SearchHistory(then)];
        }
        let beneath = self.overlay.take().and_then(Overlay::beneath);
        match choice {
            Choice::Picked(what, codes) => self.chosen(what, codes, now),
            Choice::Options(options) if options != self.translate.options => {
                self.translate.options = options;
                self.translate.refresh(now);
                vec![self.save_prefs()]
            }
            Choice::Options(_) => Vec::new(),
            Choice::Reopen(entry) => self.reopen(*entry, now),
            Choice::LookUp(term, pair) => self.look_up_in_tab(&term, pair, now),
            Choice::NextWord(forward) => {
                self.translate.step_word(forward);
                let outcome = self.translate.word_alternatives();
                self.tab_outcome(outcome, None, now)
            }
            Choice::Run(run) => {
                self.overlay = beneath;
                self.run(run, now)
            }
            Choice::Theme(name) => {
                self.overlay = beneath;
                self.choose_theme(&name, now)
            }
            Choice::OpenFile(path, text) => {
                if self.tab != Tab::Translate {
                    self.show_tab(Tab::Translate);
                }
                self.translate.open_file(&path, &text, now);
                let name = self.translate.file_name().unwrap_or_default();
                self.toasts.push(format!("Opened {name}"), Kind::Ok, now);
                Vec::new()
            }
            Choice::Delete { .. } => Vec::new(),
        }
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
            PickFor::Manage(field) => {
                let Some(code) = codes.into_iter().next() else {
                    return Vec::new();
                };
                let asks = self.manage.picked(field, &code);
                return asks.into_iter().map(Effect::Manage).collect();
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
