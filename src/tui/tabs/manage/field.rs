//! A one-line text field with a cursor (in chars) and an inline error, for
//! the Manage forms and the filter line. Keys arrive here only when the
//! keymap made no command of them (the caller puts `Context::Editor`
//! innermost while a field is being edited). The editing itself is the
//! picker's search line ([`Query`]).

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::text::{Line, Span};

use crate::tui::keymap::Action;
use crate::tui::overlays::picker::query::Query;
use crate::tui::widgets::theme::Theme;

/// The actions a form of fields (refresh, migrations) reacts to, for the hints.
pub fn form_handles(action: Action) -> bool {
    use Action::*;
    matches!(
        action,
        Select | FocusEditor | LeaveEditor | Back | FocusNext | FocusPrev | ScrollUp | ScrollDown | Refresh
    )
}

/// What the keys every form shares made of a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormKey {
    /// Send the form (`r`, or Enter while a field is edited).
    Submit,
    Handled,
    Ignored,
}

/// The keys every form with a list after its fields shares (`list`: the
/// list's focus slot, past the fields): Tab / Shift+Tab cycle the fields
/// and the list, ↑↓ move between them, Enter or `i` edits the focused field,
/// Esc stops editing, text edits the field. The list's own keys are the
/// caller's, before this.
pub fn form_key(
    fields: &mut [Field],
    focus: &mut usize,
    editing: &mut bool,
    list: usize,
    action: Option<Action>,
    key: &KeyEvent,
) -> FormKey {
    let n = list + 1;
    match action {
        Some(Action::FocusNext) => *focus = (*focus + 1) % n,
        Some(Action::FocusPrev) => *focus = (*focus + n - 1) % n,
        Some(Action::ScrollDown) => *focus = (*focus + 1).min(list),
        Some(Action::ScrollUp) => *focus = focus.saturating_sub(1),
        Some(Action::LeaveEditor | Action::Back) if *editing => *editing = false,
        Some(Action::Select | Action::FocusEditor) if !*editing && *focus < list => *editing = true,
        Some(Action::Refresh) => return FormKey::Submit,
        None if *editing && key.code == KeyCode::Enter => return FormKey::Submit,
        None if *editing => {
            if let Some(f) = fields.get_mut(*focus)
                && f.edit(key)
            {
                f.error = None;
            }
        }
        _ => return FormKey::Ignored,
    }
    if *focus == list {
        *editing = false;
    }
    FormKey::Handled
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Field {
    pub label: &'static str,
    /// The text and its cursor, edited as the picker's search line is.
    line: Query,
    /// Set by the form's validation, shown under the field.
    pub error: Option<String>,
}

impl Field {
    pub fn new(label: &'static str) -> Self {
        Self {
            label,
            ..Self::default()
        }
    }

    pub fn text(&self) -> &str {
        self.line.text()
    }

    /// The text, trimmed.
    pub fn value(&self) -> &str {
        self.text().trim()
    }

    /// Replaces the text (control characters dropped); the cursor goes to its end.
    pub fn set(&mut self, text: &str) {
        let clean: String = text.chars().filter(|c| !c.is_control()).collect();
        self.line = Query::default();
        self.line.insert(&clean);
    }

    /// Inserts pasted text at the cursor, on one line (control characters
    /// dropped, line breaks and tabs as spaces).
    pub fn insert(&mut self, text: &str) {
        self.line.insert(text);
    }

    /// Applies an editing key; whether the text changed.
    pub fn edit(&mut self, key: &KeyEvent) -> bool {
        self.line.edit(key)
    }

    /// `label: text` with a block cursor when `editing`, the label in the
    /// focus role when `focused`.
    pub fn line(&self, theme: &Theme, focused: bool, editing: bool, width: usize) -> Line<'_> {
        let label_style = if focused { theme.focus } else { theme.muted };
        let mut spans = vec![
            Span::styled(format!("{:>width$} ", self.label, width = width), label_style),
            Span::styled(if focused { "▸ " } else { "  " }, theme.focus),
        ];
        if editing {
            let text = self.text();
            let at = text
                .char_indices()
                .nth(self.line.cursor())
                .map_or(text.len(), |(b, _)| b);
            let (before, rest) = text.split_at(at);
            let mut chars = rest.chars();
            let under = chars.next().map_or(" ".to_string(), String::from);
            spans.push(Span::styled(before, theme.text));
            spans.push(Span::styled(under, theme.selection));
            spans.push(Span::styled(chars.as_str(), theme.text));
        } else if self.text().is_empty() {
            spans.push(Span::styled("—", theme.muted));
        } else {
            spans.push(Span::styled(self.text(), theme.text));
        }
        Line::from(spans)
    }
}
