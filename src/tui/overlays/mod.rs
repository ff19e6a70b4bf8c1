//! What opens over a tab and takes the keys first: the help, the request
//! log, the language pickers, the options popup, the glossary, the History
//! view, a word's alternatives and the command palette.
//!
//! Each implements [`OverlayComponent`], so the shell (`state/overlay.rs`,
//! `view/mod.rs`) routes keys, pastes, hints, drawing and the drawn scroll
//! to the open one without knowing which it is. An overlay answers a key
//! with a [`Reply`]; what it chose comes back as a [`Choice`] that the shell
//! applies to the tabs (the overlays never touch a tab).

pub mod alternatives;
pub mod glossary;
pub mod help;
pub mod history;
pub mod log;
pub mod options;
pub mod palette;
pub mod picker;
pub mod prompt;

use crossterm::event::KeyEvent;
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::store::glossary::GlossaryEntry;
use crate::tui::component::Shared;
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::state::{PickFor, State};

/// What a key asks of the shell.
#[derive(Debug)]
pub enum Reply {
    /// Taken; the overlay stays as it is.
    Pending,
    /// The overlay closes.
    Close,
    /// Work for the executor; the overlay stays (a search, a glossary edit).
    Effects(Vec<Effect>),
    /// Something chosen, for the shell to apply.
    Done(Choice),
    /// The overlay closes and the key goes on to the shell (a global key).
    Pass(Action),
}

/// What an overlay chose.
#[derive(Debug)]
pub enum Choice {
    /// Languages (or a profile) from a picker; it closes.
    Picked(PickFor, Vec<String>),
    /// The options popup closed with these options.
    Options(crate::tui::overlays::options::TranslateOptions),
    /// A history entry to put back into the Translate tab; it closes.
    Reopen(Box<crate::store::history::Entry>),
    /// A term to look up in the Dictionary tab; it closes.
    LookUp(String, crate::tui::tabs::dictionary::Pair),
    /// The alternatives of the next (or previous) word of the pane.
    NextWord(bool),
    /// An action the command palette runs (it closes; what it was opened
    /// over comes back first).
    Run(palette::Run),
    /// A theme the command palette chose by name (it closes).
    Theme(String),
    /// A file read as the source (the file prompt): its path and text.
    OpenFile(std::path::PathBuf, String),
    /// A history row deleted; the view stays and asks for `then`.
    Delete {
        mode: history::Mode,
        id: i64,
        then: history::HistoryQuery,
    },
}

/// What a key may use besides the overlay: the request log (its scroll
/// outlives the overlay) and the glossary the glossary overlay edits.
pub struct KeyCtx<'a> {
    pub log: &'a mut log::RequestLog,
    pub glossary: &'a [GlossaryEntry],
    pub pair: glossary::Pair<'a>,
}

/// Where an overlay may draw.
#[derive(Clone, Copy, Debug)]
pub struct Areas {
    /// The whole screen.
    pub screen: Rect,
    /// The tab's body, between the tab line and the status line.
    pub body: Rect,
    /// The status line.
    pub status: Rect,
}

/// An overlay.
pub trait OverlayComponent {
    /// Its keymap contexts, innermost first.
    fn contexts(&self) -> Vec<Context>;
    /// The contexts whose keys the hint line shows.
    fn hint_contexts(&self) -> Vec<Context> {
        self.contexts().into_iter().take(1).collect()
    }
    /// Whether the hints and help show `action` while it is open; `None`:
    /// as the tab says.
    fn shows(&self, _action: Action) -> Option<bool> {
        None
    }
    /// Whether a text line has the focus (keys and pastes are text).
    fn takes_text(&self) -> bool {
        false
    }
    /// Whether it covers the whole tab (the tab is not drawn under it).
    fn covers_tab(&self) -> bool {
        false
    }
    /// Whether it is anchored in a tab's text (it closes when that changes).
    fn anchored(&self) -> bool {
        false
    }
    /// A reply, offered to the open overlay before the tabs: `Err(msg)` when
    /// it is not its own.
    // A reply not taken goes back as it came, by value (a move; boxing
    // would allocate for every reply offered).
    #[allow(clippy::result_large_err)]
    fn message(&mut self, msg: Msg, _shared: &Shared) -> Result<Reply, Msg> {
        Err(msg)
    }
    /// A key: `action` is what the keymap made of it with its contexts.
    fn key(&mut self, action: Option<Action>, key: &KeyEvent, ctx: &mut KeyCtx) -> Reply;
    /// Pasted text; `None` when it has no text line for it.
    fn paste(&mut self, _text: &str) -> Option<Reply> {
        None
    }
    /// How the last frame drew its scrolled part.
    fn drawn(&mut self, _shown: Shown) {}
    /// Draws it over the tab; how its scrolled part was drawn. `drawn` is
    /// this frame's layout so far (an anchor in a tab's pane).
    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, drawn: &Feedback) -> Option<Shown>;
}
