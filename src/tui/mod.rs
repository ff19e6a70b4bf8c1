//! The workbench (TUI): `glossa` with no command.
//!
//! Data flow (STYLE.md §1-3): `run` owns the terminal and runs one
//! `select!` loop; input goes to [`State`] (`state.rs`), which applies the
//! keymap's [`keymap::Action`]s and returns [`effect::Effect`]s as data; `run`
//! carries them out (spawning client calls whose replies come back as
//! [`effect::Msg`]s) and draws with `view` only after something changed —
//! idle means no redraws.
//!
//! - `app`: the Translate tab's request cycle (debounce, generations).
//! - `state`: focus, overlays, panes, keys and mouse.
//! - `view`: drawing, borrowing the state and its [`theme::Theme`].
//! - `glossary`: the glossary overlay (entries per language pair).
//! - `alternatives`: a target word's dictionary alternatives, in place.
//! - `align`, `clipboard`, `keymap`, `wrap`, `toast`, `prefs`: the parts.

pub mod align;
pub mod alternatives;
pub mod app;
pub mod clipboard;
pub mod component;
pub mod debounce;
pub mod dictionary;
pub mod effect;
pub mod feedback;
pub mod glossary;
pub mod help;
pub mod history;
pub mod keymap;
#[cfg(test)]
mod layout_tests;
pub mod log;
pub mod manage;
mod manage_exec;
pub mod options;
pub mod picker;
pub mod prefs;
mod run;
mod state;
pub mod table;
pub mod text_pane;
pub mod theme;
pub mod toast;
pub mod translit;
mod view;
#[cfg(test)]
mod view_tests;
pub mod watch_store;
pub mod wide;
#[cfg(test)]
mod wide_tests;
pub mod wrap;

pub use run::{Profiles, run};
pub use state::{Focus, Overlay, PaneView, PickFor, State, Tab};
pub use view::draw;

/// Draws a frame as the loop does: the view reads the state, and the
/// frame's layout goes back to it ([`effect::Input::Drawn`]).
#[cfg(test)]
pub(crate) fn draw_fed(terminal: &mut ratatui::Terminal<ratatui::backend::TestBackend>, state: &mut State) {
    let mut drawn = None;
    terminal
        .draw(|f| drawn = Some(view::draw(f, state)))
        .expect("drawn");
    if let Some(feedback) = drawn {
        state.update(effect::Input::Drawn(feedback), std::time::Instant::now());
    }
}

/// The next (or previous) of `all` after `at`, wrapping around: the tabs,
/// and the views of the Manage and Transliterate tabs.
pub(crate) fn cycle<T: Copy + PartialEq>(all: &[T], at: T, forward: bool) -> T {
    let n = all.len();
    let i = all.iter().position(|&x| x == at).unwrap_or(0);
    all[if forward { (i + 1) % n } else { (i + n - 1) % n }]
}
