//! The workbench's state and where input goes (STYLE.md patterns 2-4).
//!
//! A key is looked up in the keymap with the active contexts, innermost
//! first (overlay → focused pane → tab → global), and the [`Action`] it names
//! is applied here; a key no table binds is text for the editor. Applying an
//! action changes the state and may return [`Effect`]s (a request, a copy, a
//! save) for the executor in `run.rs`. Nothing here waits or does IO.

mod actions;
mod alternatives;
mod dictionary;
mod events;
mod glossary;
mod history;
mod manage;
mod overlay;
mod pane;
mod tabs;
mod targets;
mod translit;
mod update;

use std::time::Instant;

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui_textarea::{TextArea, WrapMode};

use super::effect::Effect;
use super::keymap::{Action, Context, Keymap};
use super::overlays::glossary::GlossaryPopup;
use super::overlays::history::HistoryView;
use super::overlays::history::recorder::Recorder;
use super::overlays::log::RequestLog;
use super::overlays::options::OptionsPopup;
use super::overlays::picker::Picker;
use super::tabs::translate::Translate;
use super::widgets::theme::Theme;
use super::widgets::toast::Toasts;
use crate::api::languages::LanguagesResponse;
use crate::tui::tabs::dictionary::DictionaryTab;
use crate::tui::tabs::manage::ManageTab;
use crate::tui::tabs::translit::TranslitTab;

pub use self::glossary::GlossaryMarks;
pub use self::manage::Tab;
pub use self::pane::PaneView;

/// Which pane has the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Editor,
    /// A target pane, by its place on screen (`Translate::targets` order).
    Target(usize),
}

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
}

/// What covers the tab, taking the keys first.
#[derive(Debug)]
pub enum Overlay {
    /// The keys, with their scroll.
    Help(super::overlays::help::HelpView),
    Log,
    Picker(Box<Picker>, PickFor),
    Options(Box<OptionsPopup>),
    Glossary(Box<GlossaryPopup>),
    History(Box<HistoryView>),
    /// A target word's dictionary alternatives, anchored at the word.
    Alternatives(Box<crate::tui::overlays::alternatives::Alternatives>),
}

/// Everything the workbench shows.
pub struct State {
    pub tab: Tab,
    pub editor: TextArea<'static>,
    pub focus: Focus,
    pub translate: Translate,
    /// "local engine" or the endpoint.
    pub service: String,
    /// The config file's profile in use, if any (shown before `service`).
    pub profile: Option<String>,
    /// The profiles `P` offers (the file's and the built-in `local`).
    pub profiles: Vec<crate::store::config::ProfileSummary>,
    pub keymap: Keymap,
    pub theme: Theme,
    pub overlay: Option<Overlay>,
    /// A lasting problem for the status line (e.g. a bad user keymap).
    pub notice: Option<String>,
    pub toasts: Toasts,
    /// One per target pane.
    pub panes: Vec<PaneView>,
    /// The source, when shown read-only (a target has the focus).
    pub source_view: PaneView,
    /// Sentences shaded and the current one marked in every pane.
    pub sentence_view: bool,
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
    /// Whether there is a store to keep the draft in (no store: no
    /// [`Effect::SaveDraft`], nothing pending).
    pub keeps_draft: bool,
    /// The editor's text changed since the draft was last handed to the store.
    pub draft_dirty: bool,
    /// Changes of the draft handed to the store, and the newest committed.
    pub draft_seq: u64,
    pub draft_saved: u64,
    /// Every glossary entry (the store's), loaded at start and after each change.
    pub glossary: Vec<crate::store::glossary::GlossaryEntry>,
    /// The glossary terms of the editor's text, for drawing and the status.
    pub glossary_marks: GlossaryMarks,
    /// When a translation goes into the history (one entry per editing stretch).
    pub recorder: Recorder,
    /// The wall clock replies and timers read (the Manage tab's times);
    /// tests use a manual one. `Instant`s come with each input.
    pub clock: crate::clock::Clock,
    pub quit: bool,
}

impl State {
    pub fn new(service: String) -> Self {
        let mut editor = TextArea::default();
        editor.set_wrap_mode(WrapMode::Word);
        editor.set_placeholder_text("Type or paste text to translate…");
        let targets: Vec<String> = super::runtime::prefs::FIRST_TARGETS
            .iter()
            .map(|s| (*s).to_owned())
            .collect();
        let mut state = Self {
            tab: Tab::Translate,
            editor,
            focus: Focus::Editor,
            translate: Translate::new(targets),
            service,
            profile: None,
            profiles: Vec::new(),
            keymap: Keymap::defaults(),
            theme: Theme::default(),
            overlay: None,
            notice: None,
            toasts: Toasts::default(),
            panes: Vec::new(),
            source_view: PaneView::default(),
            sentence_view: false,
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
            keeps_draft: false,
            draft_dirty: false,
            draft_seq: 0,
            draft_saved: 0,
            glossary: Vec::new(),
            glossary_marks: GlossaryMarks::default(),
            recorder: Recorder::default(),
            clock: crate::clock::Clock::System,
            quit: false,
        };
        state.sync_panes();
        state
    }

    pub fn editing(&self) -> bool {
        self.focus == Focus::Editor && self.overlay.is_none()
    }

    /// Whether the workbench does something with `action` yet: only those
    /// are shown in the hints and the help overlay.
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            Quit | Help
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
                | ToScript
                | History
        )
    }

    /// Where keys are routed, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        let mut stack = Vec::new();
        match &self.overlay {
            Some(Overlay::Picker(..)) => stack.push(Context::Picker),
            Some(Overlay::Options(p)) => stack.push(p.context()),
            Some(Overlay::Glossary(p)) => stack.extend(p.contexts()),
            Some(Overlay::History(_)) => stack.push(Context::History),
            Some(Overlay::Alternatives(_)) => stack.push(Context::Alternatives),
            Some(_) => stack.push(Context::Popup),
            None => {}
        }
        if let Some(tab) = self.tab_component() {
            stack.extend(tab.contexts());
            return stack;
        }
        stack.push(match self.focus {
            Focus::Editor => Context::Editor,
            Focus::Target(_) => Context::Targets,
        });
        stack.push(Context::Translate);
        stack
    }

    /// The editor's text.
    pub fn text(&self) -> String {
        self.editor.lines().join("\n")
    }

    /// The source as the read-only pane shows it: the text the shown results
    /// are of, else the editor's.
    pub fn source_shown(&self) -> std::borrow::Cow<'_, str> {
        match self.translate.results_for.as_str() {
            "" => std::borrow::Cow::Owned(self.text()),
            text => std::borrow::Cow::Borrowed(text),
        }
    }

    /// The editor cursor as a byte offset in `text()`.
    pub fn cursor_byte(&self) -> usize {
        let (row, col) = (self.editor.cursor().0, self.editor.cursor().1);
        let lines = self.editor.lines();
        let before: usize = lines.iter().take(row).map(|l| l.len() + 1).sum();
        let line = lines.get(row).map_or("", String::as_str);
        before + line.char_indices().nth(col).map_or(line.len(), |(b, _)| b)
    }

    /// A key press; returns the effects to carry out.
    fn on_key(&mut self, key: KeyEvent, now: Instant) -> Vec<Effect> {
        if key.kind == KeyEventKind::Release {
            return Vec::new();
        }
        let action = self.keymap.action(&self.contexts(), &key);
        if self.overlay.is_some() {
            return self.overlay_key(action, &key, now);
        }
        if let Some(outcome) = self.with_tab(|tab, shared| tab.key(action, &key, shared, now)) {
            return self.tab_outcome(outcome, action, now);
        }
        let Some(action) = action else {
            if self.focus == Focus::Editor && self.editor.input(key) {
                self.text_edited(now);
            }
            return Vec::new();
        };
        self.act(action, now)
    }

    fn act(&mut self, action: Action, now: Instant) -> Vec<Effect> {
        match action {
            Action::Quit => self.quit = true,
            Action::Help
            | Action::RequestLog
            | Action::PickProfile
            | Action::Options
            | Action::Glossary
            | Action::PickTargets
            | Action::PickSource => {
                self.open(action, now);
            }
            Action::ToScript => return self.cycle_script(now),
            Action::History => return self.open_history(),
            Action::LeaveEditor => self.focus_target(0),
            Action::FocusEditor => self.focus = Focus::Editor,
            Action::TabTranslate => self.show_tab(Tab::Translate),
            Action::TabDictionary => self.show_tab(Tab::Dictionary),
            Action::TabTransliterate => self.show_tab(Tab::Transliterate),
            Action::TabManage => self.show_tab(Tab::Manage),
            Action::LookupWord => return self.lookup_word(now),
            Action::WordAlternatives => return self.word_alternatives(),
            Action::NextTab | Action::PrevTab => self.step_tab(action == Action::NextTab),
            Action::FocusNext | Action::FocusPrev => {
                let n = self.panes.len();
                let forward = action == Action::FocusNext;
                match (self.focus, forward) {
                    (Focus::Editor, true) if n > 0 => self.focus_target(0),
                    (Focus::Editor, false) if n > 0 => self.focus_target(n - 1),
                    (Focus::Target(i), true) if i + 1 < n => self.focus_target(i + 1),
                    (Focus::Target(i), false) if i > 0 => self.focus_target(i - 1),
                    _ => self.focus = Focus::Editor,
                }
            }
            Action::WordLeft | Action::WordRight => self.step_word(action == Action::WordRight),
            Action::ScrollUp => self.scroll_focused(-1),
            Action::ScrollDown => self.scroll_focused(1),
            Action::PageUp => self.scroll_focused(-self.page()),
            Action::PageDown => self.scroll_focused(self.page()),
            Action::SentenceView => self.sentence_view = !self.sentence_view,
            Action::Refresh => self.translate.refresh(now),
            Action::Swap => return self.swap(now),
            Action::CopyTarget | Action::CopyAll | Action::CopySource | Action::CopyAlignment => {
                return self.copy(action, now);
            }
            _ => {}
        }
        Vec::new()
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
        if let Some(effects) = self.history_paste(&clean) {
            return effects;
        }
        if self.overlay_paste(&clean) {
            return Vec::new();
        }
        if self.with_tab(|tab, _| tab.paste(&clean, now)).is_some() {
            return Vec::new();
        }
        self.overlay = None;
        self.focus = Focus::Editor;
        if self.editor.insert_str(clean) {
            self.text_edited(now);
        }
        Vec::new()
    }

    /// Time passed: toasts expire, the debounce may send a request, the
    /// Manage tab's refreshes and polls may be due.
    fn on_tick(&mut self, now: Instant) -> Vec<Effect> {
        self.toasts.expire(now);
        let tabs = self.tick_tabs(now);
        let text = self.text();
        let mut effects = Vec::new();
        if self.translate.due_now(now, &text) {
            let (options, rules) = (self.options_to_send(), self.glossary_rules());
            effects.push(self.translate.send(&text, options, rules));
        }
        effects.extend(tabs);
        effects
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod overlay_tests;

#[cfg(test)]
mod manage_tests;

#[cfg(test)]
mod history_tests;

#[cfg(test)]
mod dictionary_tests;

#[cfg(test)]
mod alternatives_tests;
