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
//! (a detection leads to the previews). `keys.rs` takes the keys, paste and
//! mouse; `slot.rs` holds the requests, replies and answers; `plan.rs`
//! decides the previews from the languages list and the letters of the
//! text; `draw.rs` and `draw_views.rs` draw it all.

mod component;
mod cycle;
pub mod draw;
mod draw_views;
#[doc(hidden)]
pub mod fixtures;
mod keys;
#[cfg(test)]
mod keys_tests;
pub mod plan;
#[cfg(test)]
mod render_tests;
mod slot;
#[cfg(test)]
mod tests;

use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui_textarea::{TextArea, WrapMode};

use self::plan::{Plan, Target};
pub use self::slot::{BOUNDARY, Sentences, Slot, Status, TranslitReply, TranslitRequest};
use crate::api::model::DetectResult;
use crate::tui::keymap::{Action, Context};
use crate::tui::tabs::debounce::Debounce;
use crate::tui::widgets::pane_view::PaneView;

const PLACEHOLDER: &str = "Type or paste text to transliterate…";

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
        crate::tui::cycle(&View::ALL, self, forward)
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

/// Where the panes were drawn, for the mouse and paging.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// The text of the current generation.
    sent: String,
    generation: u64,
    /// The generation the previews were planned for.
    planned: u64,
    /// When the text goes out (a refresh sends it unchanged too).
    debounce: Debounce,
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
            sent: String::new(),
            generation: 0,
            planned: 0,
            debounce: Debounce::default(),
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

    pub(super) fn set_focus(&mut self, focus: Focus) {
        self.focus = focus;
        // The text area draws its cursor as a reversed cell: only while typing.
        let cursor = match focus {
            Focus::Input => Style::default().add_modifier(Modifier::REVERSED),
            Focus::Pane(_) => Style::default(),
        };
        self.editor.set_cursor_style(cursor);
    }
}
