//! The options popup: a list of rows, each a choice (cycled by select) or a text value
//! (edited inline). Pure state (drawn by `draw.rs`); the app routes keys to it.
//!
//! Routing: while a value is being edited the popup takes text, and the caller must
//! route keys with [`OptionsPopup::context`] (the picker context, whose table binds
//! select and back to Enter and Esc and leaves printable keys as text) instead of the
//! popup context (where `q` and Space are commands). [`OptionsPopup::takes_text`] says
//! which. Printable keys are typed into the value even if they arrive with an action.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::{GENERAL, TranslateOptions, check_category, check_language};
use crate::api::params::{ProfanityAction, ProfanityMarker, TextType};
use crate::tui::keymap::{Action, Context};

/// What a key did to the popup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PopupOutcome {
    /// Still open.
    Pending,
    /// Closed; the options to use from now on (changed or not).
    Closed(TranslateOptions),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Row {
    ProfanityAction,
    ProfanityMarker,
    TextType,
    Alignment,
    SentenceLength,
    Category,
    SuggestedFrom,
}

pub(super) const ROWS: [Row; 7] = [
    Row::ProfanityAction,
    Row::ProfanityMarker,
    Row::TextType,
    Row::Alignment,
    Row::SentenceLength,
    Row::Category,
    Row::SuggestedFrom,
];

/// The most characters an edited value may hold (the checks say what fits).
const MAX_EDIT: usize = 200;

impl Row {
    pub(super) fn label(self) -> &'static str {
        match self {
            Row::ProfanityAction => "Profanity action",
            Row::ProfanityMarker => "Profanity marker",
            Row::TextType => "Text type",
            Row::Alignment => "Word alignment",
            Row::SentenceLength => "Sentence lengths",
            Row::Category => "Category",
            Row::SuggestedFrom => "Suggested source",
        }
    }

    /// What the row means, shown under the list for the selected row.
    pub(super) fn about(self) -> &'static str {
        match self {
            Row::ProfanityAction => "NoAction keeps profanity, Marked masks it, Deleted removes it.",
            Row::ProfanityMarker => "How Marked shows profanity: asterisks, or a <profanity> tag.",
            Row::TextType => "html keeps markup and leaves class=notranslate content as it is.",
            Row::Alignment => "Word alignment lights up matching words (not available for HTML).",
            Row::SentenceLength => "Sentence lengths of source and translation (sentence view).",
            Row::Category => "general, or the category id of a deployed custom translator system.",
            Row::SuggestedFrom => "The source assumed when detection fails; empty for none.",
        }
    }
}

/// A value being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Edit {
    pub(super) row: Row,
    pub(super) buffer: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Notice {
    Info(String),
    Error(String),
}

/// The open options popup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsPopup {
    pub(super) options: TranslateOptions,
    pub(super) selected: usize,
    pub(super) edit: Option<Edit>,
    pub(super) notice: Option<Notice>,
}

impl OptionsPopup {
    pub fn new(options: &TranslateOptions) -> Self {
        Self {
            options: options.clone(),
            selected: 0,
            edit: None,
            notice: None,
        }
    }

    /// The options as they stand now.
    pub fn options(&self) -> &TranslateOptions {
        &self.options
    }

    /// Whether a value is being edited: keys are then text (route with
    /// [`OptionsPopup::context`]).
    pub fn takes_text(&self) -> bool {
        self.edit.is_some()
    }

    /// The context to route keys with: [`Context::Picker`] while editing, else
    /// [`Context::Popup`].
    pub fn context(&self) -> Context {
        if self.takes_text() {
            Context::Picker
        } else {
            Context::Popup
        }
    }

    /// A key, with what the keymap made of it.
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> PopupOutcome {
        if key.kind == KeyEventKind::Release {
            return PopupOutcome::Pending;
        }
        if self.edit.is_some() {
            self.edit_key(action, key);
            return PopupOutcome::Pending;
        }
        self.notice = None;
        let last = ROWS.len() - 1;
        match action {
            Some(Action::Back) => return PopupOutcome::Closed(self.options.clone()),
            Some(Action::ScrollUp) => self.selected = self.selected.saturating_sub(1),
            Some(Action::ScrollDown) => self.selected = (self.selected + 1).min(last),
            Some(Action::PageUp) => self.selected = 0,
            Some(Action::PageDown) => self.selected = last,
            Some(Action::Select) => self.activate(),
            _ => {}
        }
        PopupOutcome::Pending
    }

    /// The problem with the value being typed, if confirming it failed.
    pub fn error(&self) -> Option<&str> {
        match &self.notice {
            Some(Notice::Error(m)) => Some(m),
            _ => None,
        }
    }

    /// Pasted text, typed into the value being edited (ignored otherwise).
    pub fn paste(&mut self, text: &str) {
        for c in text.chars() {
            self.type_char(c);
        }
    }

    pub(super) fn row(&self) -> Row {
        ROWS[self.selected.min(ROWS.len() - 1)]
    }

    /// Select on the current row: cycle a choice, or start editing a text.
    fn activate(&mut self) {
        let row = self.row();
        let o = &mut self.options;
        match row {
            Row::ProfanityAction => {
                o.profanity_action = match o.profanity_action {
                    ProfanityAction::NoAction => ProfanityAction::Marked,
                    ProfanityAction::Marked => ProfanityAction::Deleted,
                    ProfanityAction::Deleted => ProfanityAction::NoAction,
                }
            }
            Row::ProfanityMarker if o.profanity_action != ProfanityAction::Marked => {
                self.notice = Some(Notice::Info(
                    "The marker applies only when the profanity action is Marked.".into(),
                ));
            }
            Row::ProfanityMarker => {
                o.profanity_marker = match o.profanity_marker {
                    ProfanityMarker::Asterisk => ProfanityMarker::Tag,
                    ProfanityMarker::Tag => ProfanityMarker::Asterisk,
                }
            }
            Row::TextType => {
                o.text_type = match o.text_type {
                    TextType::Plain => TextType::Html,
                    TextType::Html => TextType::Plain,
                }
            }
            Row::Alignment => o.include_alignment = !o.include_alignment,
            Row::SentenceLength => o.include_sentence_length = !o.include_sentence_length,
            row @ Row::Category => {
                let buffer = o.category.clone();
                self.edit = Some(Edit { row, buffer });
            }
            row @ Row::SuggestedFrom => {
                let buffer = o.suggested_from.clone().unwrap_or_default();
                self.edit = Some(Edit { row, buffer });
            }
        }
    }

    fn edit_key(&mut self, action: Option<Action>, key: &KeyEvent) {
        let text = !key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        match (key.code, action) {
            (KeyCode::Char(c), _) if text => self.type_char(c),
            (_, Some(Action::Select)) => self.confirm(),
            (_, Some(Action::Back)) => {
                self.edit = None;
                self.notice = None;
            }
            (KeyCode::Backspace, _) => {
                if let Some(e) = &mut self.edit {
                    e.buffer.pop();
                }
            }
            _ => {}
        }
    }

    fn type_char(&mut self, c: char) {
        if let Some(e) = &mut self.edit
            && !c.is_control()
            && e.buffer.chars().count() < MAX_EDIT
        {
            e.buffer.push(c);
        }
    }

    /// Checks the typed value; keeps it and stops editing, or says what is wrong and
    /// goes on editing.
    fn confirm(&mut self) {
        let Some(edit) = &self.edit else { return };
        let value = edit.buffer.trim();
        let checked = match edit.row {
            Row::Category => check_category(value).map(|()| {
                let general = value.eq_ignore_ascii_case(GENERAL);
                self.options.category = if general {
                    GENERAL.to_owned()
                } else {
                    value.to_owned()
                };
            }),
            Row::SuggestedFrom if value.is_empty() => {
                self.options.suggested_from = None;
                Ok(())
            }
            Row::SuggestedFrom => check_language(value).map(|()| {
                self.options.suggested_from = Some(value.to_owned());
            }),
            _ => Ok(()),
        };
        match checked {
            Ok(()) => {
                self.edit = None;
                self.notice = None;
            }
            Err(message) => self.notice = Some(Notice::Error(message)),
        }
    }
}
