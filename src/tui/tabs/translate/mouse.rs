//! The mouse on the Translate tab: a click focuses the pane under it (a
//! word in a target pane becomes its cursor; a click on the word already
//! under the cursor of the focused pane opens its alternatives); the wheel
//! scrolls the pane under the pointer.

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{Focus, Translate};
use crate::tui::component::Outcome;
use crate::tui::feedback::Feedback;
use crate::tui::widgets::wrap;

/// Rows a wheel notch scrolls.
const WHEEL: isize = 3;

impl Translate {
    /// `m` over the last frame's panes (`drawn`).
    pub(super) fn on_mouse(&mut self, m: MouseEvent, drawn: &Feedback) -> Outcome {
        let at = Position::new(m.column, m.row);
        let pane = drawn.targets.iter().position(|r| r.contains(at));
        let on_source = drawn.source.contains(at);
        match (m.kind, pane) {
            (MouseEventKind::Down(MouseButton::Left), Some(i)) => {
                return self.click_target(i, drawn.targets[i], at);
            }
            (MouseEventKind::Down(MouseButton::Left), None) if on_source => self.focus = Focus::Editor,
            (MouseEventKind::ScrollDown, Some(i)) => self.panes[i].scroll_by(WHEEL),
            (MouseEventKind::ScrollUp, Some(i)) => self.panes[i].scroll_by(-WHEEL),
            (MouseEventKind::ScrollDown, None) if on_source => self.editor.scroll((WHEEL as i16, 0)),
            (MouseEventKind::ScrollUp, None) if on_source => self.editor.scroll((-WHEEL as i16, 0)),
            _ => return Outcome::Ignored,
        }
        Outcome::Handled
    }

    fn click_target(&mut self, i: usize, area: Rect, at: Position) -> Outcome {
        let was_focused = self.focus == Focus::Target(i);
        self.focus_target(i);
        let Some(k) = self.translation_index(i) else {
            return Outcome::Handled;
        };
        let Some(text) = self.results.as_ref().map(|r| r.translations[k].text.as_str()) else {
            return Outcome::Handled;
        };
        let rows = wrap::rows(text, area.width);
        let row = self.panes[i].scroll + usize::from(at.y - area.y);
        let Some(byte) = wrap::byte_at(text, &rows, row, usize::from(at.x - area.x)) else {
            return Outcome::Handled;
        };
        let align = self.alignment.as_ref();
        let word = |b: usize| align.and_then(|a| a.target_word_at(k, b));
        let again = was_focused && word(byte).is_some() && self.panes[i].cursor.and_then(word) == word(byte);
        self.panes[i].cursor = Some(byte);
        if again {
            self.refresh_highlight();
            return self.word_alternatives();
        }
        Outcome::Handled
    }
}
