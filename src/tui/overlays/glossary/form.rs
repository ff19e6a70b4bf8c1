//! The glossary entry form: source and target language, term, translation,
//! note (text fields, `manage::field::Field`) and whether the term matches
//! only as written. Saving checks the entry as the store will
//! ([`NewEntry::check`]) and says what is wrong, or hands the change out.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::GlossaryEdit;
use crate::store::glossary::{EntryError, GlossaryEntry, NewEntry};
use crate::tui::keymap::Action;
use crate::tui::tabs::manage::field::Field;

pub(crate) const FROM: usize = 0;
pub(crate) const TO: usize = 1;
pub(crate) const TERM: usize = 2;
pub(crate) const TRANSLATION: usize = 3;
pub(crate) const NOTE: usize = 4;
/// The row after the fields: the case toggle.
pub(crate) const CASE: usize = 5;

/// What a key did to the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormOutcome {
    Pending,
    Cancel,
    Save(GlossaryEdit),
}

/// A new entry, or an existing one being changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// The entry being edited; `None` adds one.
    pub(crate) id: Option<i64>,
    pub(crate) fields: [Field; 5],
    pub(crate) case_sensitive: bool,
    /// `0..=CASE`.
    pub(crate) focus: usize,
    /// Why the last save was refused.
    pub(crate) error: Option<String>,
}

impl Form {
    fn blank(id: Option<i64>) -> Self {
        Self {
            id,
            fields: [
                Field::new("From"),
                Field::new("To"),
                Field::new("Term"),
                Field::new("Translation"),
                Field::new("Note"),
            ],
            case_sensitive: false,
            focus: TERM,
            error: None,
        }
    }

    /// A new entry for `from` → `to` (either may be empty).
    pub fn add(from: &str, to: &str) -> Self {
        let mut f = Self::blank(None);
        f.fields[FROM].set(from);
        f.fields[TO].set(to);
        f.focus = if from.is_empty() { FROM } else { TERM };
        f
    }

    /// `e`, to change.
    pub fn edit(e: &GlossaryEntry) -> Self {
        let mut f = Self::blank(Some(e.id));
        for (i, v) in [&e.from, &e.to, &e.term, &e.translation, &e.note]
            .into_iter()
            .enumerate()
        {
            f.fields[i].set(v);
        }
        f.case_sensitive = e.case_sensitive;
        f.focus = TRANSLATION;
        f
    }

    /// Whether this form changes an existing entry.
    pub fn is_edit(&self) -> bool {
        self.id.is_some()
    }

    /// The entry as typed (unchecked).
    pub fn entry(&self) -> NewEntry {
        NewEntry {
            from: self.fields[FROM].text().to_owned(),
            to: self.fields[TO].text().to_owned(),
            term: self.fields[TERM].text().to_owned(),
            translation: self.fields[TRANSLATION].text().to_owned(),
            case_sensitive: self.case_sensitive,
            note: self.fields[NOTE].text().to_owned(),
        }
    }

    /// Pasted text, into the focused field (on one line).
    pub fn paste(&mut self, text: &str) {
        if let Some(f) = self.fields.get_mut(self.focus) {
            f.insert(&text.replace(['\n', '\t'], " "));
        }
    }

    pub fn key(&mut self, action: Option<Action>, key: &KeyEvent) -> FormOutcome {
        match (action, key.code) {
            (Some(Action::LeaveEditor | Action::Back), _) => return FormOutcome::Cancel,
            (Some(Action::Refresh), _) | (None, KeyCode::Enter) => return self.save(),
            // Tab reaches here as the tab's focus_next when the keymap binds it.
            (None, KeyCode::Tab) if key.modifiers.contains(KeyModifiers::SHIFT) => {
                self.focus = (self.focus + CASE) % (CASE + 1)
            }
            (Some(Action::FocusPrev), _) => self.focus = (self.focus + CASE) % (CASE + 1),
            (Some(Action::FocusNext), _) | (None, KeyCode::Tab | KeyCode::Down) => {
                self.focus = (self.focus + 1) % (CASE + 1)
            }
            (None, KeyCode::BackTab | KeyCode::Up) => self.focus = (self.focus + CASE) % (CASE + 1),
            (None, KeyCode::Char(' ')) if self.focus == CASE => self.case_sensitive = !self.case_sensitive,
            (None, _) => {
                if let Some(f) = self.fields.get_mut(self.focus)
                    && f.edit(key)
                {
                    f.error = None;
                    self.error = None;
                }
            }
            _ => {}
        }
        FormOutcome::Pending
    }

    /// Checks the entry; the change, or the error shown at its field.
    fn save(&mut self) -> FormOutcome {
        for f in &mut self.fields {
            f.error = None;
        }
        let entry = self.entry();
        match entry.check() {
            Ok(checked) => {
                self.error = None;
                FormOutcome::Save(match self.id {
                    Some(id) => GlossaryEdit::Update(id, checked),
                    None => GlossaryEdit::Add(checked),
                })
            }
            Err(e) => {
                let field = match &e {
                    EntryError::Empty(f)
                    | EntryError::LineBreak(f)
                    | EntryError::Control(f)
                    | EntryError::TooLong { field: f, .. } => match *f {
                        "term" => TERM,
                        "translation" => TRANSLATION,
                        _ => NOTE,
                    },
                    EntryError::Language { value } if value.trim() == entry.from.trim() => FROM,
                    EntryError::Language { .. } | EntryError::SamePair(_) => TO,
                    EntryError::Duplicate { .. } => TERM,
                };
                self.focus = field;
                self.fields[field].error = Some(e.to_string());
                self.error = Some(e.to_string());
                FormOutcome::Pending
            }
        }
    }
}
