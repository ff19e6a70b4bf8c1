//! The glossary overlay (`g` on the Translate tab): the entries of the
//! current language pairs (source → each target; `p` shows every pair), and
//! a form to add or edit one; deleting asks first.
//!
//! # Data flow
//!
//! Pure state, like the options popup: the entries live in [`State`]
//! (loaded from the store by the executor) and are lent to
//! [`GlossaryPopup::handle`] and the drawing; a change comes out as
//! [`GlossaryOutcome::Edit`], which the state turns into
//! `Effect::Glossary` — the executor writes it to the store at once,
//! reloads the entries and translates again.
//!
//! Routing: the list uses the `glossary` table over `popup`; while the form
//! is open the innermost context is `editor`, so printable keys are typed
//! into its fields (Tab and ↑/↓ move between them, Enter saves, Esc cancels).
//!
//! [`State`]: crate::tui::State

mod draw;
mod form;
mod overlay;
#[cfg(test)]
mod tests;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind};

pub use form::{Form, FormOutcome};

use crate::store::glossary::{GlossaryEntry, NewEntry};
use crate::tui::keymap::{Action, Context};

/// A change to write to the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GlossaryEdit {
    /// Add, or replace the entry of the same pair and term.
    Add(NewEntry),
    Update(i64, NewEntry),
    Delete(i64),
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GlossaryOutcome {
    Pending,
    Closed,
    Edit(GlossaryEdit),
}

/// The language pairs the Translate tab is on.
#[derive(Clone, Copy, Debug)]
pub struct Pair<'a> {
    /// `None`: auto (the glossary is idle).
    pub from: Option<&'a str>,
    pub targets: &'a [String],
}

impl Pair<'_> {
    /// Whether `e` is for one of these pairs (with auto: for one of the targets).
    pub fn covers(&self, e: &GlossaryEntry) -> bool {
        let to = self.targets.iter().any(|t| t.eq_ignore_ascii_case(&e.to));
        to && self.from.is_none_or(|f| f.eq_ignore_ascii_case(&e.from))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    List,
    Form(Box<Form>),
    /// Delete entry `id` (described by `label`)?
    Confirm {
        id: i64,
        label: String,
    },
}

/// The open glossary overlay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlossaryPopup {
    pub(crate) mode: Mode,
    /// In the visible list.
    pub(crate) selected: usize,
    /// Every pair, not only the current ones.
    pub(crate) all: bool,
}

impl Default for GlossaryPopup {
    fn default() -> Self {
        Self::new()
    }
}

impl GlossaryPopup {
    pub fn new() -> Self {
        Self {
            mode: Mode::List,
            selected: 0,
            all: false,
        }
    }

    /// The contexts to route keys with, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        match self.mode {
            Mode::Form(_) => vec![Context::Editor, Context::Glossary, Context::Popup],
            _ => vec![Context::Glossary, Context::Popup],
        }
    }

    /// Whether a field has the focus (keys and pastes are text).
    pub fn takes_text(&self) -> bool {
        matches!(self.mode, Mode::Form(_))
    }

    /// The form, while it is open.
    pub fn form(&self) -> Option<&Form> {
        match &self.mode {
            Mode::Form(f) => Some(f),
            _ => None,
        }
    }

    /// The entries shown, in the store's order (pair, then term).
    pub fn visible<'e>(&self, entries: &'e [GlossaryEntry], pair: Pair) -> Vec<&'e GlossaryEntry> {
        entries.iter().filter(|e| self.all || pair.covers(e)).collect()
    }

    /// Pasted text goes to the focused field.
    pub fn paste(&mut self, text: &str) {
        if let Mode::Form(f) = &mut self.mode {
            f.paste(text);
        }
    }

    /// A key, with what the keymap made of it.
    pub fn handle(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        entries: &[GlossaryEntry],
        pair: Pair,
    ) -> GlossaryOutcome {
        if key.kind == KeyEventKind::Release {
            return GlossaryOutcome::Pending;
        }
        let visible = self.visible(entries, pair);
        self.selected = self.selected.min(visible.len().saturating_sub(1));
        let chosen = visible.get(self.selected).copied();
        match &mut self.mode {
            Mode::Form(form) => match form.key(action, key) {
                FormOutcome::Pending => {}
                FormOutcome::Cancel => self.mode = Mode::List,
                FormOutcome::Save(edit) => {
                    self.mode = Mode::List;
                    return GlossaryOutcome::Edit(edit);
                }
            },
            Mode::Confirm { id, .. } => {
                let id = *id;
                let yes = matches!(action, Some(Action::Select | Action::Edit))
                    || matches!(key.code, KeyCode::Char('y' | 'Y'));
                let no = action == Some(Action::Back) || matches!(key.code, KeyCode::Char('n' | 'N'));
                if yes {
                    self.mode = Mode::List;
                    return GlossaryOutcome::Edit(GlossaryEdit::Delete(id));
                }
                if no {
                    self.mode = Mode::List;
                }
            }
            Mode::List => return self.list_key(action, chosen, visible.len(), pair),
        }
        GlossaryOutcome::Pending
    }

    fn list_key(
        &mut self,
        action: Option<Action>,
        chosen: Option<&GlossaryEntry>,
        n: usize,
        pair: Pair,
    ) -> GlossaryOutcome {
        let last = n.saturating_sub(1);
        match action {
            Some(Action::Back | Action::Glossary) => return GlossaryOutcome::Closed,
            Some(Action::ScrollUp) => self.selected = self.selected.saturating_sub(1),
            Some(Action::ScrollDown) => self.selected = (self.selected + 1).min(last),
            Some(Action::PageUp) => self.selected = self.selected.saturating_sub(10),
            Some(Action::PageDown) => self.selected = (self.selected + 10).min(last),
            Some(Action::AllPairs) => {
                self.all = !self.all;
                self.selected = 0;
            }
            Some(Action::Add) => {
                let to = pair.targets.first().map_or("", String::as_str);
                self.mode = Mode::Form(Box::new(Form::add(pair.from.unwrap_or(""), to)));
            }
            Some(Action::Edit | Action::Select) => {
                if let Some(e) = chosen {
                    self.mode = Mode::Form(Box::new(Form::edit(e)));
                }
            }
            Some(Action::Delete) => {
                if let Some(e) = chosen {
                    self.mode = Mode::Confirm {
                        id: e.id,
                        label: format!("“{}” ({}→{})", e.term, e.from, e.to),
                    };
                }
            }
            _ => {}
        }
        GlossaryOutcome::Pending
    }
}
