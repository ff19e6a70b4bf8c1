//! The search line: a one-line text with a cursor (counted in chars).
//!
//! Keys arrive here only when the keymap made no command of them, so every
//! printable key without Ctrl/Alt is text. Editing: Backspace, Delete,
//! Left/Right, Home/End, Ctrl+U (clear), Ctrl+W (delete the word before the
//! cursor). The caller refilters when [`Query::edit`] reports a change.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{tail, width};
use crate::tui::widgets::theme::Theme;

/// Drawn before the search text.
const PROMPT: &str = "› ";

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Query {
    text: String,
    /// In chars, `0..=text.chars().count()`.
    cursor: usize,
}

impl Query {
    /// Draws the line in `area`: the prompt, then the text's end that fits
    /// (or `hint` while empty), with the terminal cursor at the text cursor.
    pub fn render(&self, frame: &mut Frame, area: Rect, hint: &str, theme: &Theme) {
        if area.is_empty() {
            return;
        }
        let room = usize::from(area.width).saturating_sub(width(PROMPT));
        let (shown, col) = tail(self.text(), self.cursor(), room);
        let mut spans = vec![Span::styled(PROMPT, theme.focus)];
        if self.text().is_empty() {
            spans.push(Span::styled(hint.to_owned(), theme.muted));
        } else {
            spans.push(Span::styled(shown, theme.text));
        }
        frame.render_widget(Line::from(spans), area);
        let x = usize::from(area.x) + width(PROMPT) + col;
        if let Ok(x) = u16::try_from(x)
            && x < area.right()
        {
            frame.set_cursor_position((x, area.y));
        }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// Applies an editing key; whether the text changed.
    pub fn edit(&mut self, key: &KeyEvent) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let alt = key.modifiers.contains(KeyModifiers::ALT);
        let len = self.text.chars().count();
        match key.code {
            KeyCode::Char('u') if ctrl && !alt => {
                self.cursor = 0;
                return !std::mem::take(&mut self.text).is_empty();
            }
            KeyCode::Char('w') if ctrl && !alt => {
                let chars: Vec<char> = self.text.chars().take(self.cursor).collect();
                let mut start = chars.len();
                while start > 0 && chars[start - 1].is_whitespace() {
                    start -= 1;
                }
                while start > 0 && !chars[start - 1].is_whitespace() {
                    start -= 1;
                }
                return self.remove(start);
            }
            KeyCode::Char(c) if !ctrl && !alt => return self.insert(&c.to_string()),
            KeyCode::Backspace => return self.remove(self.cursor.saturating_sub(1)),
            KeyCode::Delete if self.cursor < len => {
                self.cursor += 1;
                return self.remove(self.cursor - 1);
            }
            KeyCode::Left => self.cursor = self.cursor.saturating_sub(1),
            KeyCode::Right => self.cursor = (self.cursor + 1).min(len),
            KeyCode::Home => self.cursor = 0,
            KeyCode::End => self.cursor = len,
            _ => {}
        }
        false
    }

    /// Inserts `text` at the cursor: line breaks and tabs become spaces,
    /// other control characters are dropped. Whether anything changed.
    pub fn insert(&mut self, text: &str) -> bool {
        let clean: String = text
            .replace("\r\n", " ")
            .chars()
            .map(|c| if matches!(c, '\n' | '\r' | '\t') { ' ' } else { c })
            .filter(|c| !c.is_control())
            .collect();
        let at = self.byte_at(self.cursor);
        self.text.insert_str(at, &clean);
        self.cursor += clean.chars().count();
        !clean.is_empty()
    }

    /// Removes the chars from `start` to the cursor, which moves there.
    fn remove(&mut self, start: usize) -> bool {
        let (a, b) = (self.byte_at(start), self.byte_at(self.cursor));
        self.text.replace_range(a..b, "");
        self.cursor = start;
        a < b
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(b, _)| b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn pasted_text_is_one_line() {
        let mut q = Query::default();
        assert!(q.insert("chinese\r\ntrad\u{7}\titional"));
        assert_eq!((q.text(), q.cursor()), ("chinese trad itional", 20));
        assert!(!q.insert("\u{1b}"));
    }

    #[test]
    fn deleting_at_the_ends_changes_nothing() {
        let mut q = Query::default();
        assert!(!q.edit(&key(KeyCode::Backspace, KeyModifiers::NONE)));
        assert!(!q.edit(&key(KeyCode::Delete, KeyModifiers::NONE)));
        assert!(!q.edit(&key(KeyCode::Char('u'), KeyModifiers::CONTROL)));
        assert!(q.edit(&key(KeyCode::Char('é'), KeyModifiers::NONE)));
        assert!(!q.edit(&key(KeyCode::Delete, KeyModifiers::NONE)));
        assert!(q.edit(&key(KeyCode::Char('w'), KeyModifiers::CONTROL)));
        assert_eq!((q.text(), q.cursor()), ("", 0));
    }
}
