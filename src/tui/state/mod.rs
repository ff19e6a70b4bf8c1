//! The workbench's state and where input goes (STYLE.md patterns 2-4).
//!
//! A key is looked up in the keymap with the active contexts, innermost
//! first (overlay → focused pane → tab → global), and the [`Action`] it names
//! is applied here; a key no table binds is text for the editor. Applying an
//! action changes the state and may return [`Effect`]s (a request, a copy, a
//! save) for the executor in `runtime/`. Nothing here waits or does IO.

mod dictionary;
mod events;
mod history;
mod manage;
mod overlay;
mod palette;
mod tabs;
mod translit;
mod update;

use std::time::Instant;

use crossterm::event::{KeyEvent, KeyEventKind};

use super::effect::Effect;
use super::keymap::{Action, Context, Keymap};
use super::overlays::OverlayComponent;
use super::overlays::glossary::GlossaryPopup;
use super::overlays::history::HistoryView;
use super::overlays::log::RequestLog;
use super::overlays::options::OptionsPopup;
use super::overlays::picker::{Picker, Picking};
use super::tabs::translate::Translate;
use super::widgets::theme::{Catalog, Theme};
use super::widgets::toast::{Kind as ToastKind, Toasts};
use crate::api::languages::LanguagesResponse;
use crate::tui::tabs::dictionary::DictionaryTab;
use crate::tui::tabs::manage::ManageTab;
use crate::tui::tabs::translit::TranslitTab;

pub use self::manage::Tab;
pub use crate::tui::tabs::translate::Focus;

/// What a language picker chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PickFor {
    Targets,
    Source,
    /// A profile of the config file.
    Profile,
    /// The Dictionary tab's source or target language.
    Dictionary(crate::tui::tabs::dictionary::Side),
    /// The Transliterate tab's language (or auto).
    TranslitLanguage,
    /// A field of a Manage tab form.
    Manage(crate::tui::tabs::manage::ManageField),
}

/// What covers the tab, taking the keys first.
#[derive(Debug)]
pub enum Overlay {
    /// The keys, with their scroll.
    Help(super::overlays::help::HelpView),
    Log(super::overlays::log::LogView),
    Picker(Box<Picking>),
    Options(Box<OptionsPopup>),
    Glossary(Box<GlossaryPopup>),
    History(Box<HistoryView>),
    /// A target word's dictionary alternatives, anchored at the word.
    Alternatives(Box<crate::tui::overlays::alternatives::Alternatives>),
    /// The command palette, holding what it was opened over.
    Palette(Box<crate::tui::overlays::palette::Palette>),
    /// The file prompt of `open_file`.
    Prompt(Box<crate::tui::overlays::prompt::FilePrompt>),
}

impl Overlay {
    /// A picker choosing for `what`.
    pub fn picker(picker: Picker, what: PickFor) -> Self {
        Overlay::Picker(Box::new(Picking { picker, what }))
    }

    /// The overlay, whichever it is.
    pub fn component(&self) -> &dyn OverlayComponent {
        match self {
            Overlay::Help(o) => o,
            Overlay::Log(o) => o,
            Overlay::Picker(o) => o.as_ref(),
            Overlay::Options(o) => o.as_ref(),
            Overlay::Glossary(o) => o.as_ref(),
            Overlay::History(o) => o.as_ref(),
            Overlay::Alternatives(o) => o.as_ref(),
            Overlay::Palette(o) => o.as_ref(),
            Overlay::Prompt(o) => o.as_ref(),
        }
    }

    /// The overlay, whichever it is, to change.
    pub fn component_mut(&mut self) -> &mut dyn OverlayComponent {
        match self {
            Overlay::Help(o) => o,
            Overlay::Log(o) => o,
            Overlay::Picker(o) => o.as_mut(),
            Overlay::Options(o) => o.as_mut(),
            Overlay::Glossary(o) => o.as_mut(),
            Overlay::History(o) => o.as_mut(),
            Overlay::Alternatives(o) => o.as_mut(),
            Overlay::Palette(o) => o.as_mut(),
            Overlay::Prompt(o) => o.as_mut(),
        }
    }

    /// What comes back when it closes: the overlay the palette was opened
    /// over; nothing for the others.
    pub fn beneath(self) -> Option<Overlay> {
        match self {
            Overlay::Palette(mut palette) => palette.take_beneath(),
            _ => None,
        }
    }
}

/// Everything the workbench shows.
pub struct State {
    pub tab: Tab,
    /// The Translate tab: the editor, the target panes, the requests.
    pub translate: Translate,
    /// "local engine" or the endpoint.
    pub service: String,
    /// The config file's profile in use, if any (shown before `service`).
    pub profile: Option<String>,
    /// The profiles `P` offers (the file's and the built-in `local`).
    pub profiles: Vec<crate::store::config::ProfileSummary>,
    pub keymap: Keymap,
    /// What the views draw with: `themes`' theme in use.
    pub theme: Theme,
    /// The themes the theme key cycles through, and the one chosen.
    pub themes: Catalog,
    pub overlay: Option<Overlay>,
    /// A lasting problem for the status line (e.g. a bad user keymap).
    pub notice: Option<String>,
    pub toasts: Toasts,
    /// The actions the command palette ran, most recent first (listed first).
    pub recent: Vec<Action>,
    /// The translation scope of the languages list, once loaded.
    pub languages: Option<LanguagesResponse>,
    /// The last frame's layout (the mouse's targets, page sizes).
    pub feedback: crate::tui::feedback::Feedback,
    /// Every HTTP exchange of this run (the `L` view).
    pub log: RequestLog,
    /// The Dictionary tab: look-ups, back-translations, examples.
    pub dictionary: DictionaryTab,
    /// The Manage tab: share syncs, database refresh, VM migrations.
    pub manage: ManageTab,
    /// The Transliterate tab: input, language, previews, detect and sentences.
    pub translit: TranslitTab,
    /// Where the management operations go ("local sandbox" or the URL).
    pub manage_service: String,
    /// The wall clock replies and timers read (the Manage tab's times);
    /// tests use a manual one. `Instant`s come with each input.
    pub clock: crate::clock::Clock,
    pub quit: bool,
}

impl State {
    pub fn new(service: String) -> Self {
        let targets: Vec<String> = super::runtime::prefs::FIRST_TARGETS
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let mut state = Self {
            tab: Tab::Translate,
            translate: Translate::new(targets),
            service,
            profile: None,
            profiles: Vec::new(),
            keymap: Keymap::defaults(),
            theme: Theme::default(),
            themes: Catalog::default(),
            overlay: None,
            notice: None,
            toasts: Toasts::default(),
            recent: Vec::new(),
            languages: None,
            feedback: Default::default(),
            log: RequestLog::new(Instant::now()),
            dictionary: DictionaryTab::new(super::tabs::dictionary::Pair::new("en", "ja")),
            manage: ManageTab::new(
                crate::sandbox::syncs::DEMO_SHARE,
                std::time::Duration::from_secs(30),
            ),
            translit: TranslitTab::new(),
            manage_service: "local sandbox".to_owned(),
            clock: crate::clock::Clock::System,
            quit: false,
        };
        state.sync_panes();
        state
    }

    /// Whether the Translate tab's editor has the keys.
    pub fn editing(&self) -> bool {
        self.translate.focus == Focus::Editor && self.overlay.is_none()
    }

    /// Whether the workbench does something with `action` yet on the
    /// Translate tab, its overlays included, and in the contexts a tab does
    /// not own (the global keys, the pickers, the pop-ups): only those are
    /// shown in the hints and the help overlay.
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            Quit | Help
                | Palette
                | Back
                | LeaveEditor
                | FocusEditor
                | FocusNext
                | FocusPrev
                | WordLeft
                | WordRight
                | ScrollUp
                | ScrollDown
                | PageUp
                | PageDown
                | Top
                | Bottom
                | CopyTarget
                | CopyAll
                | CopySource
                | CopyAlignment
                | SentenceView
                | RoundTrip
                | WatchClipboard
                | SaveTranslations
                | OpenFile
                | CancelTranslation
                | Complete
                | Speak
                | Refresh
                | Swap
                | TabTranslate
                | TabDictionary
                | TabTransliterate
                | TabManage
                | LookupWord
                | WordAlternatives
                | NextTab
                | PrevTab
                | Select
                | Toggle
                | PickTargets
                | PickSource
                | Options
                | Glossary
                | Add
                | Edit
                | Delete
                | AllPairs
                | RequestLog
                | PickProfile
                | CycleTheme
                | ToScript
                | History
        )
    }

    /// Where keys are routed, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        let mut stack = Vec::new();
        if let Some(o) = &self.overlay {
            stack.extend(o.component().contexts());
        }
        stack.extend(self.tab_component().contexts());
        stack
    }

    /// New target languages for the Translate tab (pane order).
    pub fn set_targets(&mut self, targets: Vec<String>) {
        self.translate.set_targets(targets, self.languages.as_ref());
    }

    /// The Translate tab's panes labelled from the languages list.
    pub fn sync_panes(&mut self) {
        self.translate.sync_panes(self.languages.as_ref());
    }

    /// A key press; returns the effects to carry out.
    fn on_key(&mut self, key: KeyEvent, now: Instant) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let action = self.keymap.action(&self.contexts(), &key);
        self.dispatch(action, &key, now)
    }

    /// What a key does once the keymap named its action: the palette
    /// opens wherever its key reaches; else the open overlay's key, else
    /// the tab's (the command palette runs its actions through here too).
    fn dispatch(&mut self, action: Option<Action>, key: &KeyEvent, now: Instant) -> Vec<Effect> {
        let in_palette = matches!(self.overlay, Some(Overlay::Palette(_)));
        if action == Some(Action::Palette) && !in_palette {
            self.open_palette();
            return Vec::new();
        }
        if self.overlay.is_some() {
            return self.overlay_key(action, key, now);
        }
        let outcome = self.with_tab(|tab, shared| tab.key(action, key, shared, now));
        self.tab_outcome(outcome, action, now)
    }

    /// A global key (or one an overlay closes on and passes out).
    fn act(&mut self, action: Action, now: Instant) -> Vec<Effect> {
        match action {
            Action::Quit => self.quit = true,
            Action::Help | Action::RequestLog | Action::PickProfile => {
                self.open(action, now);
            }
            Action::History => return self.open_history(),
            Action::TabTranslate => self.show_tab(Tab::Translate),
            Action::TabDictionary => self.show_tab(Tab::Dictionary),
            Action::TabTransliterate => self.show_tab(Tab::Transliterate),
            Action::TabManage => self.show_tab(Tab::Manage),
            Action::NextTab | Action::PrevTab => self.step_tab(action == Action::NextTab),
            Action::CycleTheme => return self.cycle_theme(now),
            _ => {}
        }
        Vec::new()
    }

    /// The themes to choose from, with the one chosen put in use.
    pub fn set_themes(&mut self, themes: Catalog) {
        self.theme = themes.theme();
        self.themes = themes;
    }

    /// The next theme, said in a toast (`NO_COLOR` keeps the monochrome
    /// one) and remembered in the config file.
    fn cycle_theme(&mut self, now: Instant) -> Vec<Effect> {
        let chosen = self.themes.cycle().is_some();
        self.theme_chosen(chosen, now)
    }

    /// The theme named `name` (the palette's `Theme: NAME`), as the theme
    /// key puts one in use.
    pub(super) fn choose_theme(&mut self, name: &str, now: Instant) -> Vec<Effect> {
        if self.themes.no_color() {
            return self.theme_chosen(false, now);
        }
        let chosen = self.themes.choose(name).is_some();
        if !chosen {
            let text = format!("No theme {name:?}");
            self.toasts.push(text, ToastKind::Error, now);
            return Vec::new();
        }
        self.theme_chosen(true, now)
    }

    /// A theme was put in use (or `NO_COLOR` kept monochrome): drawn, said,
    /// and remembered as the config file's `theme` for the next start.
    fn theme_chosen(&mut self, chosen: bool, now: Instant) -> Vec<Effect> {
        if !chosen {
            let text = "NO_COLOR is set: the theme stays monochrome";
            self.toasts.push(text.to_owned(), ToastKind::Info, now);
            return Vec::new();
        }
        self.theme = self.themes.theme();
        let name = &self.themes.current().name;
        let text = match self.themes.pinned() {
            Some(by) => format!("Theme: {name} (remembered; {by} still chooses at start)"),
            None => format!("Theme: {name}"),
        };
        self.toasts.push(text, ToastKind::Info, now);
        vec![Effect::SaveTheme(self.themes.config_value())]
    }

    /// Pasted text: control characters other than newline and tab dropped,
    /// CRLF made LF, inserted at the cursor in one edit.
    fn on_paste(&mut self, text: &str, now: Instant) -> Vec<Effect> {
        let clean: String = text
            .replace("\r\n", "\n")
            .replace('\r', "\n")
            .chars()
            .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
            .collect();
        if let Some(effects) = self.overlay_paste(&clean, now) {
            return effects;
        }
        // An overlay without a text line closes; the tab takes the text.
        self.overlay = None;
        self.with_tab(|tab, _| tab.paste(&clean, now));
        Vec::new()
    }

    /// Time passed: toasts expire, the debounce may send a request, the
    /// Manage tab's refreshes and polls may be due.
    fn on_tick(&mut self, now: Instant) -> Vec<Effect> {
        self.toasts.expire(now);
        self.tick_tabs(now)
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod overlay_tests;

#[cfg(test)]
mod manage_tests;

#[cfg(test)]
mod manage_pick_tests;

#[cfg(test)]
mod history_tests;

#[cfg(test)]
mod dictionary_tests;

#[cfg(test)]
mod alternatives_tests;

#[cfg(test)]
mod theme_tests;
