//! The shell's side of the tabs: the tab shown as a [`TabComponent`], what
//! it may read ([`Shared`]), and its [`Outcome`]s carried out.

use std::time::Instant;

use super::{PickFor, State, Tab};
use crate::tui::component::{Outcome, Shared, TabComponent};
use crate::tui::effect::{Effect, Msg};
use crate::tui::keymap::Action;
use crate::tui::widgets::toast::Kind;

/// What the tabs may read, borrowed field by field (so that a tab of the
/// same state can be borrowed mutably beside it).
macro_rules! shared {
    ($state:ident) => {
        Shared {
            languages: $state.languages.as_ref(),
            theme: &$state.theme,
            keymap: &$state.keymap,
            feedback: &$state.feedback,
            service: $state.service_label(),
            manage_service: &$state.manage_service,
            notice: $state.notice.as_deref(),
            unix: crate::tui::component::unix(&$state.clock),
            profile: $state.profile.as_deref(),
            covered: $state.overlay.is_some(),
        }
    };
}

impl State {
    /// The service as the status lines name it, after the profile's name
    /// when one is in use: `work · https://…`.
    pub fn service_label(&self) -> String {
        match &self.profile {
            Some(p) => format!("{p} · {}", self.service),
            None => self.service.clone(),
        }
    }

    /// What the tabs may read.
    pub fn shared(&self) -> Shared<'_> {
        shared!(self)
    }

    /// The tab shown.
    pub fn tab_component(&self) -> &dyn TabComponent {
        self.tab_of(self.tab)
    }

    /// `tab`, shown or not.
    pub fn tab_of(&self, tab: Tab) -> &dyn TabComponent {
        match tab {
            Tab::Translate => &self.translate,
            Tab::Dictionary => &self.dictionary,
            Tab::Transliterate => &self.translit,
            Tab::Manage => &self.manage,
        }
    }

    /// Runs `f` on the tab shown with what it may read.
    pub(super) fn with_tab<R>(&mut self, f: impl FnOnce(&mut dyn TabComponent, &Shared) -> R) -> R {
        let shared = shared!(self);
        let tab: &mut dyn TabComponent = match self.tab {
            Tab::Translate => &mut self.translate,
            Tab::Dictionary => &mut self.dictionary,
            Tab::Transliterate => &mut self.translit,
            Tab::Manage => &mut self.manage,
        };
        f(tab, &shared)
    }

    /// A reply offered to each tab in turn: what the one that took it asks,
    /// or `Err(msg)` when none did.
    // A reply not taken goes back as it came, by value (a move; boxing
    // would allocate for every reply offered).
    #[allow(clippy::result_large_err)]
    pub(super) fn tabs_message(&mut self, msg: Msg, now: Instant) -> Result<Vec<Effect>, Msg> {
        let shared = shared!(self);
        let tabs: [&mut dyn TabComponent; 4] = [
            &mut self.translate,
            &mut self.dictionary,
            &mut self.translit,
            &mut self.manage,
        ];
        let mut msg = msg;
        let outcome = 'taken: {
            for tab in tabs {
                msg = match tab.message(msg, &shared, now) {
                    Ok(outcome) => break 'taken outcome,
                    Err(msg) => msg,
                };
            }
            return Err(msg);
        };
        Ok(self.tab_outcome(outcome, None, now))
    }

    /// A reply offered to the open overlay first (a popup's own look-up).
    #[allow(clippy::result_large_err)] // as tabs_message
    pub(super) fn overlay_message(&mut self, msg: Msg, now: Instant) -> Result<Vec<Effect>, Msg> {
        let shared = shared!(self);
        let Some(overlay) = self.overlay.as_mut() else {
            return Err(msg);
        };
        let reply = overlay.component_mut().message(msg, &shared)?;
        Ok(self.overlay_reply(reply, now))
    }

    /// Time passed for every tab (the hidden ones keep their timers);
    /// what is due now.
    pub(super) fn tick_tabs(&mut self, now: Instant) -> Vec<Effect> {
        let shared = shared!(self);
        let tabs: [(Tab, &mut dyn TabComponent); 4] = [
            (Tab::Translate, &mut self.translate),
            (Tab::Dictionary, &mut self.dictionary),
            (Tab::Transliterate, &mut self.translit),
            (Tab::Manage, &mut self.manage),
        ];
        let shown = self.tab;
        tabs.into_iter()
            .flat_map(|(tab, c)| c.tick(now, tab == shown, &shared))
            .collect()
    }

    /// When a tab next has something to do.
    pub(super) fn tabs_due(&self, now: Instant) -> Option<Instant> {
        let shared = self.shared();
        let tabs: [(Tab, &dyn TabComponent); 4] = [
            (Tab::Translate, &self.translate),
            (Tab::Dictionary, &self.dictionary),
            (Tab::Transliterate, &self.translit),
            (Tab::Manage, &self.manage),
        ];
        tabs.into_iter()
            .filter_map(|(tab, c)| c.due(now, tab == self.tab, &shared))
            .min()
    }

    /// Carries out what a tab's key asked (`action`: the key's, for the
    /// global keys a tab leaves alone).
    pub(super) fn tab_outcome(
        &mut self,
        outcome: Outcome,
        action: Option<Action>,
        now: Instant,
    ) -> Vec<Effect> {
        match outcome {
            Outcome::Ignored => match action {
                Some(a) if a.is_global() => self.act(a, now),
                _ => Vec::new(),
            },
            Outcome::Handled => Vec::new(),
            Outcome::Effects(effects) => effects,
            Outcome::Pick(PickFor::Dictionary(side)) => {
                self.pick_dictionary(side, now);
                Vec::new()
            }
            Outcome::Pick(PickFor::TranslitLanguage) => {
                self.open_translit_picker(now);
                Vec::new()
            }
            Outcome::Pick(PickFor::Targets) => self.opened(Action::PickTargets, now),
            Outcome::Pick(PickFor::Source) => self.opened(Action::PickSource, now),
            Outcome::Pick(PickFor::Profile) => self.opened(Action::PickProfile, now),
            Outcome::Pick(PickFor::Manage(_)) => Vec::new(),
            Outcome::Choose {
                title,
                items,
                selected,
                what,
            } => {
                let mode = crate::tui::overlays::picker::Mode::Single { auto: false };
                let selected: Vec<String> = selected.into_iter().collect();
                let picker = crate::tui::overlays::picker::Picker::new(title, items, mode, &selected);
                self.overlay = Some(super::Overlay::picker(picker, what));
                Vec::new()
            }
            Outcome::Open(action) => self.opened(action, now),
            Outcome::Note(text) => {
                self.toasts.push(text, Kind::Info, now);
                Vec::new()
            }
            Outcome::Toast(text, kind) => {
                self.toasts.push(text, kind, now);
                Vec::new()
            }
            Outcome::Retexted => {
                if self.overlay.as_ref().is_some_and(|o| o.component().anchored()) {
                    self.overlay = None;
                }
                Vec::new()
            }
            Outcome::PrefsChanged => vec![self.save_prefs()],
            Outcome::Alternatives(opening) => self.open_alternatives(*opening),
            Outcome::LookUp(term, pair) => self.look_up_in_tab(&term, pair, now),
            Outcome::All(outcomes) => outcomes
                .into_iter()
                .flat_map(|o| self.tab_outcome(o, None, now))
                .collect(),
        }
    }

    /// Opens the overlay for `action`.
    fn opened(&mut self, action: Action, now: Instant) -> Vec<Effect> {
        self.open(action, now);
        Vec::new()
    }

    /// The effect that remembers the choices as they are now.
    pub(super) fn save_prefs(&self) -> Effect {
        Effect::SavePrefs(crate::tui::runtime::prefs::Prefs {
            targets: self.translate.targets.clone(),
            from: self.translate.from.clone(),
            options: self.translate.options.clone(),
            dictionary: Some(self.dictionary.pair.clone()),
        })
    }
}
