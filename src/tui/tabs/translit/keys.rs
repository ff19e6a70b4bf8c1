//! The tab's input: keys (as the keymap names them), paste and the mouse.
//! Keys edit the text, move the focus, switch the view, scroll, or answer
//! an [`Outcome`] for the workbench (the picker, a copy, a note).

use std::time::Instant;

use crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;
use ratatui_textarea::{TextArea, WrapMode};

use super::plan::Plan;
use super::{Focus, Hits, Outcome, PLACEHOLDER, TranslitTab, View};
use crate::tui::keymap::Action;

/// Rows a wheel notch scrolls.
const WHEEL: isize = 3;

impl TranslitTab {
    /// The panes Tab moves through below the input.
    fn panes(&self) -> usize {
        match self.view {
            View::Previews => self.previews.len().max(1),
            View::Detect | View::Sentences => 1,
        }
    }

    /// A key press: `action` is what the keymap made of it with
    /// [`TranslitTab::contexts`], `None` for text and unbound keys.
    /// A key; `hits`: where the last frame drew the panes (a page is the
    /// focused pane's height).
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent, hits: &Hits, now: Instant) -> Outcome {
        if key.kind == KeyEventKind::Release {
            return Outcome::Handled;
        }
        let Some(action) = action else {
            if self.focus == Focus::Input {
                if self.editor.input(*key) {
                    self.edited(now);
                }
                return Outcome::Handled;
            }
            return Outcome::Ignored;
        };
        let n = self.panes();
        match action {
            Action::LeaveEditor => self.set_focus(Focus::Pane(0)),
            Action::FocusEditor => self.set_focus(Focus::Input),
            Action::FocusNext | Action::FocusPrev => {
                let next = match (self.focus, action == Action::FocusNext) {
                    (Focus::Input, true) => Focus::Pane(0),
                    (Focus::Input, false) => Focus::Pane(n - 1),
                    (Focus::Pane(i), true) if i + 1 < n => Focus::Pane(i + 1),
                    (Focus::Pane(i), false) if i > 0 => Focus::Pane(i - 1),
                    _ => Focus::Input,
                };
                self.set_focus(next);
            }
            Action::NextView | Action::PrevView => {
                self.view = self.view.step(action == Action::NextView);
                if let Focus::Pane(_) = self.focus {
                    self.set_focus(Focus::Pane(0));
                }
                // Fill in what this view needs for the current text.
                self.fill_in(now);
            }
            Action::PickSource => return Outcome::PickLanguage,
            Action::Refresh => self.refresh(now),
            Action::CopySource => return copy("the input", self.text()),
            Action::CopyTarget => return self.copy_preview(),
            Action::Swap => return self.swap(now),
            Action::ScrollUp => self.scroll(-1),
            Action::ScrollDown => self.scroll(1),
            Action::PageUp | Action::PageDown => {
                let shown = match (self.view, self.focus) {
                    (_, Focus::Input) => None,
                    (View::Previews, Focus::Pane(i)) => hits.panes.get(i),
                    _ => hits.panes.first(),
                };
                let page = shown.map_or(1, |r| crate::tui::feedback::Feedback::page(r.height));
                let page = isize::try_from(page).unwrap_or(1);
                self.scroll(if action == Action::PageUp { -page } else { page });
            }
            _ => return Outcome::Ignored,
        }
        Outcome::Handled
    }

    /// The focused preview's place, in the Previews view.
    pub fn focused_preview(&self) -> Option<usize> {
        match (self.view, self.focus) {
            (View::Previews, Focus::Pane(i)) if i < self.previews.len() => Some(i),
            _ => None,
        }
    }

    fn copy_preview(&self) -> Outcome {
        let Some(i) = self.focused_preview() else {
            let note = match self.view {
                View::Previews => "Nothing to copy: focus a preview (Tab) first",
                _ => "Nothing to copy here: the previews are in the Previews view (v)",
            };
            return Outcome::Note(note.into());
        };
        let text = self.previews[i].slot.value.clone().unwrap_or_default();
        copy("the preview", text)
    }

    /// `x` on a preview: its text becomes the input, in the same language,
    /// so the way back can be checked.
    fn swap(&mut self, now: Instant) -> Outcome {
        let language = match &self.plan {
            Some(Plan::Ready { language, .. }) => language.clone(),
            _ => return Outcome::Note("Nothing to swap: no preview yet".into()),
        };
        let Some(text) = self
            .focused_preview()
            .and_then(|i| self.previews[i].slot.value.clone())
        else {
            return Outcome::Note("Nothing to swap: focus a preview with text (Tab)".into());
        };
        self.set_text(&text);
        self.chosen = Some(language);
        self.set_focus(Focus::Input);
        self.refresh(now);
        Outcome::Handled
    }

    /// Replaces the input's text, the cursor at its end.
    pub fn set_text(&mut self, text: &str) {
        let mut e = TextArea::from(text.split('\n'));
        e.set_wrap_mode(WrapMode::Word);
        e.set_placeholder_text(PLACEHOLDER);
        e.move_cursor(ratatui_textarea::CursorMove::Bottom);
        e.move_cursor(ratatui_textarea::CursorMove::End);
        self.editor = e;
        self.set_focus(self.focus);
    }

    /// The language picker's answer: a code, or `None` for auto.
    pub fn choose(&mut self, language: Option<String>, now: Instant) {
        if language != self.chosen {
            self.chosen = language;
            self.refresh(now);
        }
    }

    /// Pasted text (control characters already defused): into the input.
    pub fn paste(&mut self, text: &str, now: Instant) {
        self.set_focus(Focus::Input);
        if self.editor.insert_str(text) {
            self.edited(now);
        }
    }

    /// A click focuses the pane under it; the wheel scrolls it.
    pub fn mouse(&mut self, m: MouseEvent, hits: &Hits) {
        let at = Position::new(m.column, m.row);
        let pane = hits.panes.iter().position(|r| r.contains(at));
        match (m.kind, pane) {
            (MouseEventKind::Down(MouseButton::Left), Some(i)) => self.set_focus(Focus::Pane(i)),
            (MouseEventKind::Down(MouseButton::Left), None) if hits.input.contains(at) => {
                self.set_focus(Focus::Input);
            }
            (MouseEventKind::ScrollDown, Some(i)) => self.scroll_pane(i, WHEEL),
            (MouseEventKind::ScrollUp, Some(i)) => self.scroll_pane(i, -WHEEL),
            _ => {}
        }
    }

    fn scroll(&mut self, rows: isize) {
        if let Focus::Pane(i) = self.focus {
            self.scroll_pane(i, rows);
        }
    }

    fn scroll_pane(&mut self, i: usize, rows: isize) {
        let view = match self.view {
            View::Previews => self.previews.get_mut(i).map(|p| &mut p.view),
            View::Sentences => Some(&mut self.sentence_view),
            View::Detect => None,
        };
        if let Some(v) = view {
            v.scroll_by(rows);
        }
    }
}

fn copy(label: &'static str, text: String) -> Outcome {
    if text.trim().is_empty() {
        return Outcome::Note(format!("Nothing to copy: {label} is empty"));
    }
    Outcome::Copy { label, text }
}
