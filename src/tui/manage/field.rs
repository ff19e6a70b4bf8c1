//! A one-line text field with a cursor (in chars) and an inline error, for
//! the Manage forms and the filter line. Keys arrive here only when the
//! keymap made no command of them (the caller puts `Context::Editor`
//! innermost while a field is being edited).

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::text::{Line, Span};

use crate::tui::theme::Theme;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Field {
    pub label: &'static str,
    text: String,
    cursor: usize,
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
        &self.text
    }

    /// The text, trimmed.
    pub fn value(&self) -> &str {
        self.text.trim()
    }

    pub fn set(&mut self, text: &str) {
        self.text = text.chars().filter(|c| !c.is_control()).collect();
        self.cursor = self.text.chars().count();
    }

    /// Inserts pasted text at the cursor, on one line (control characters
    /// dropped, line breaks and tabs as spaces).
    pub fn insert(&mut self, text: &str) {
        for c in text.replace("\r\n", " ").chars() {
            let c = if matches!(c, '\n' | '\r' | '\t') { ' ' } else { c };
            if !c.is_control() {
                let at = self.byte_at(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
            }
        }
    }

    /// Applies an editing key; whether the text changed.
    pub fn edit(&mut self, key: &KeyEvent) -> bool {
        let ctrl = key
            .modifiers
            .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
        let len = self.text.chars().count();
        match key.code {
            KeyCode::Char('u') if ctrl => {
                self.cursor = 0;
                return !std::mem::take(&mut self.text).is_empty();
            }
            KeyCode::Char(c) if !ctrl && !c.is_control() => {
                let at = self.byte_at(self.cursor);
                self.text.insert(at, c);
                self.cursor += 1;
                return true;
            }
            KeyCode::Backspace if self.cursor > 0 => {
                self.cursor -= 1;
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
                return true;
            }
            KeyCode::Delete if self.cursor < len => {
                let at = self.byte_at(self.cursor);
                self.text.remove(at);
                return true;
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(len),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = len,
            _ => {}
        }
        false
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
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
            let at = self.byte_at(self.cursor);
            let (before, rest) = self.text.split_at(at);
            let mut chars = rest.chars();
            let under = chars.next().map_or(" ".to_string(), String::from);
            spans.push(Span::styled(before, theme.text));
            spans.push(Span::styled(under, theme.selection));
            spans.push(Span::styled(chars.as_str(), theme.text));
        } else if self.text.is_empty() {
            spans.push(Span::styled("—", theme.muted));
        } else {
            spans.push(Span::styled(self.text.as_str(), theme.text));
        }
        Line::from(spans)
    }
}
