//! The tabs and the Manage tab's part of the state: keys go to
//! [`ManageTab::handle`] first; what it leaves alone may still be a global
//! key (quit, help, the log, tab switches). Its requests become
//! [`Effect::Manage`]; its answers come back as [`Msg::Manage`].

use std::time::Instant;

use super::State;
use crate::tui::keymap::Action;
use crate::tui::widgets::toast::Kind;

/// The tab shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tab {
    #[default]
    Translate,
    Dictionary,
    Transliterate,
    Manage,
}

impl Tab {
    /// The tabs on the tab line, with the digit that shows each.
    pub const SHOWN: [(Tab, &'static str, &'static str); 4] = [
        (Tab::Translate, "1", "Translate"),
        (Tab::Dictionary, "2", "Dictionary"),
        (Tab::Transliterate, "3", "Transliterate"),
        (Tab::Manage, "4", "Manage"),
    ];
}

impl State {
    /// Shows `tab`.
    pub(super) fn show_tab(&mut self, tab: Tab) {
        self.tab = tab;
        self.with_tab(|tab, _| tab.shown());
    }

    /// The next (or previous) tab on the tab line.
    pub(super) fn step_tab(&mut self, forward: bool) {
        let tabs = Tab::SHOWN.map(|t| t.0);
        self.show_tab(crate::tui::cycle(&tabs, self.tab, forward));
    }

    /// When something is due next: a toast's expiry or a tab's timer (the
    /// Translate tab's debounce, the Manage tab's refreshes and polls).
    pub fn next_due(&self, now: Instant) -> Option<Instant> {
        let tabs = self.tabs_due(now);
        [self.toasts.next_expiry(), tabs].into_iter().flatten().min()
    }

    /// Whether `action` does something where the keys are now (for the
    /// hints and the help overlay).
    pub fn shows(&self, action: Action) -> bool {
        if let Some(shown) = self.overlay.as_ref().and_then(|o| o.component().shows(action)) {
            return shown;
        }
        action.is_global() || self.tab_component().handles(action)
    }

    /// The Manage tab for a service (at start, after a profile switch).
    pub fn configure_manage(&mut self, config: &crate::tui::tabs::manage::ManageConfig) {
        self.manage = crate::tui::tabs::manage::ManageTab::configured(config);
        self.manage_service.clone_from(&config.label);
        if let Some(p) = &config.problem {
            self.notice = Some(p.clone());
        }
    }

    /// A device-code sign-in or another lasting message from the management side.
    pub(super) fn manage_notice(&mut self, text: String, now: Instant) {
        self.toasts.push(text.clone(), Kind::Info, now);
        self.notice = Some(text);
    }
}
