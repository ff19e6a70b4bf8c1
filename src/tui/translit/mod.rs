//! The Transliterate tab: a text input, its language (detected or chosen)
//! and a live preview of the text in every script the language converts it
//! to; a detect view and a sentence view of the same text.
//!
//! # Data flow
//!
//! Pure state, no IO (STYLE.md patterns 2-3). The workbench asks
//! [`TranslitTab::contexts`] for the keymap contexts, turns a key into an
//! `Option<Action>` and passes both to [`TranslitTab::handle`], which edits
//! the text, moves the focus or answers an [`Outcome`] (open the language
//! picker, copy, a note, or not this tab's key). Edits arm a debounce; its
//! tick (`cycle.rs`) returns [`TranslitRequest`]s that the executor
//! (`run/translit.rs`) sends through the client; the answers come back as
//! [`TranslitReply`]s, tagged with their generation, and may ask for more
//! (a detection leads to the previews). `plan.rs` decides the previews from
//! the languages list and the letters of the text; `draw.rs` draws it all.

mod cycle;
pub mod draw;
mod draw_views;
pub mod plan;
#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod tests;

use std::cell::RefCell;
use std::time::Instant;

use crossterm::event::{KeyEvent, KeyEventKind, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};
use ratatui::style::{Modifier, Style};
use ratatui_textarea::{TextArea, WrapMode};

pub use self::cycle::{Sentences, Slot, Status, TranslitReply, TranslitRequest};
use self::plan::{Plan, Target};
use super::PaneView;
use super::keymap::{Action, Context};
use crate::api::model::DetectResult;

const PLACEHOLDER: &str = "Type or paste text to transliterate…";

/// Rows a wheel notch scrolls.
const WHEEL: isize = 3;

/// The view under the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Previews,
    Detect,
    Sentences,
}

impl View {
    pub const ALL: [View; 3] = [View::Previews, View::Detect, View::Sentences];

    pub fn title(self) -> &'static str {
        match self {
            View::Previews => "Previews",
            View::Detect => "Detect",
            View::Sentences => "Sentences",
        }
    }

    fn step(self, forward: bool) -> View {
        let i = View::ALL.iter().position(|&v| v == self).unwrap_or(0);
        let n = View::ALL.len();
        View::ALL[if forward { (i + 1) % n } else { (i + n - 1) % n }]
    }
}

/// Where the keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Input,
    /// The preview pane at this place (Previews view), or the view's pane.
    Pane(usize),
}

/// One preview: a target script and its text.
#[derive(Debug)]
pub struct Preview {
    pub target: Target,
    pub slot: Slot<String>,
    pub view: PaneView,
}

impl Preview {
    fn new(target: Target) -> Self {
        let mut view = PaneView::default();
        view.rtl = target.rtl;
        Self {
            target,
            slot: Slot::default(),
            view,
        }
    }
}

/// What a key asks of the caller.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Not the tab's key: route it further out (global keys).
    Ignored,
    /// Taken; only a redraw is needed.
    Handled,
    /// Open the language picker (single choice, with auto).
    PickLanguage,
    /// Put `text` on the clipboard.
    Copy { label: &'static str, text: String },
    /// Say something (nothing to copy…).
    Note(String),
}

/// Where the panes were drawn, for the mouse.
#[derive(Clone, Debug, Default)]
pub struct Hits {
    pub input: Rect,
    pub panes: Vec<Rect>,
}

/// The Transliterate tab's state.
#[derive(Debug)]
pub struct TranslitTab {
    pub editor: TextArea<'static>,
    pub focus: Focus,
    pub view: View,
    /// `None` is auto (detect).
    pub chosen: Option<String>,
    pub detect: Slot<DetectResult>,
    pub sentences: Slot<Sentences>,
    /// The previews of the newest plan, one per `toScript`.
    pub previews: Vec<Preview>,
    /// What the previews are, or why there are none.
    pub plan: Option<Plan>,
    /// The sentence view's scroll.
    pub sentence_view: PaneView,
    pub hits: RefCell<Hits>,
    /// The text of the current generation.
    sent: String,
    generation: u64,
    /// The generation the previews were planned for.
    planned: u64,
    due: Option<Instant>,
    force: bool,
}

impl Default for TranslitTab {
    fn default() -> Self {
        Self::new()
    }
}

impl TranslitTab {
    pub fn new() -> Self {
        let mut editor = TextArea::default();
        editor.set_wrap_mode(WrapMode::Word);
        editor.set_placeholder_text(PLACEHOLDER);
        Self {
            editor,
            focus: Focus::Input,
            view: View::Previews,
            chosen: None,
            detect: Slot::default(),
            sentences: Slot::default(),
            previews: Vec::new(),
            plan: None,
            sentence_view: PaneView::default(),
            hits: RefCell::default(),
            sent: String::new(),
            generation: 0,
            planned: 0,
            due: None,
            force: false,
        }
    }

    /// The input's text.
    pub fn text(&self) -> String {
        self.editor.lines().join("\n")
    }

    /// The text the shown answers belong to.
    pub fn sent(&self) -> &str {
        &self.sent
    }

    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Where keys are routed, innermost first (the workbench adds global).
    pub fn contexts(&self) -> Vec<Context> {
        match self.focus {
            Focus::Input => vec![Context::Editor, Context::Transliterate],
            Focus::Pane(_) => vec![Context::Transliterate],
        }
    }

    /// Whether the tab does something with `action` (hints and help).
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            LeaveEditor
                | FocusEditor
                | FocusNext
                | FocusPrev
                | PickSource
                | NextView
                | PrevView
                | CopyTarget
                | CopySource
                | Swap
                | Refresh
                | ScrollUp
                | ScrollDown
                | PageUp
                | PageDown
        )
    }

    /// Puts the focus in the input (the tab was opened, `i`, a click).
    pub fn focus_input(&mut self) {
        self.set_focus(Focus::Input);
    }

    fn set_focus(&mut self, focus: Focus) {
        self.focus = focus;
        // The text area draws its cursor as a reversed cell: only while typing.
        let cursor = match focus {
            Focus::Input => Style::default().add_modifier(Modifier::REVERSED),
            Focus::Pane(_) => Style::default(),
        };
        self.editor.set_cursor_style(cursor);
    }

    /// The panes Tab moves through below the input.
    fn panes(&self) -> usize {
        match self.view {
            View::Previews => self.previews.len().max(1),
            View::Detect | View::Sentences => 1,
        }
    }

    /// A key press: `action` is what the keymap made of it with
    /// [`TranslitTab::contexts`], `None` for text and unbound keys.
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent, now: Instant) -> Outcome {
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
                let page = self.pane_view().map_or(1, |v| v.height.get().max(2) - 1);
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
    pub fn mouse(&mut self, m: MouseEvent) {
        let at = Position::new(m.column, m.row);
        let hits = self.hits.borrow().clone();
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

    /// The focused pane's scroll.
    fn pane_view(&self) -> Option<&PaneView> {
        match (self.view, self.focus) {
            (_, Focus::Input) => None,
            (View::Previews, Focus::Pane(i)) => self.previews.get(i).map(|p| &p.view),
            (View::Sentences, _) => Some(&self.sentence_view),
            (View::Detect, _) => None,
        }
    }

    fn scroll(&mut self, rows: isize) {
        if let Focus::Pane(i) = self.focus {
            self.scroll_pane(i, rows);
        }
    }

    fn scroll_pane(&mut self, i: usize, rows: isize) {
        let view = match self.view {
            View::Previews => self.previews.get(i).map(|p| &p.view),
            View::Sentences => Some(&self.sentence_view),
            View::Detect => None,
        };
        if let Some(v) = view {
            v.scroll.set(v.scroll.get().saturating_add_signed(rows));
        }
    }
}

fn copy(label: &'static str, text: String) -> Outcome {
    if text.trim().is_empty() {
        return Outcome::Note(format!("Nothing to copy: {label} is empty"));
    }
    Outcome::Copy { label, text }
}
