//! The workbench (TUI): `glossa` with no command.
//!
//! Data flow (STYLE.md §1-3): `runtime` owns the terminal and runs one
//! `select!` loop; every input — keys, pastes, the mouse, time, replies, a
//! drawn frame's layout — goes to [`State::update`] as an [`effect::Input`];
//! it returns [`effect::Effect`]s as data, which `runtime` carries out
//! without seeing the state (the answers come back as [`effect::Msg`]s);
//! `view` draws from the state, reading only, after something changed.
//!
//! Where things are:
//! - `state/`: the shell — the one update, routing to the open overlay or
//!   the tab shown, applying what they answer; `view/`: the shell's drawing
//!   (tab line, hints, toasts, the tab's and the overlay's draw) and its
//!   snapshot tests.
//! - `tabs/`: `translate`, `dictionary`, `translit`, `manage` — each a
//!   [`component::TabComponent`].
//! - `overlays/`: `help`, `log`, `picker`, `options`, `glossary`, `history`,
//!   `alternatives` — each an [`overlays::OverlayComponent`].
//! - `widgets/`: `table`, `text_pane`, `split`, `wrap`, `wide`, `toast`, `theme`.
//! - `runtime/`: the loop and the executor (requests, the store's writers,
//!   the clipboard, the profile switch, start-up).
//! - `keymap/`: keys to actions, the one source of hints and help.

pub mod component;
pub mod effect;
pub mod feedback;
pub mod keymap;
pub mod overlays;
pub mod runtime;
mod state;
pub mod tabs;
mod view;
pub mod widgets;

pub use runtime::{Profiles, run};
pub use state::{Focus, Overlay, PickFor, State, Tab};
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
