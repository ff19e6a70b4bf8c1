//! End-to-end tests of the workbench: the real `glossa` binary in a
//! pseudo-terminal (`portable-pty`), its screen read back through a terminal
//! emulator (`vt100`). No tmux, no network: with no endpoint configured the
//! binary starts its offline service on loopback.
//!
//! The tests wait on things that stay true while the UI evolves — "local
//! engine" in the status line, pane titles naming the target codes, CJK text
//! replacing "(nothing yet)" — never on exact layout or on sleeps.

mod actions;
mod clipboard_watch;
mod dictionary;
mod drafts;
mod files;
mod gloss;
mod manage;
mod manage_bulk;
mod palette;
mod profiles;
mod pty;
mod round_trip;
mod safety;
mod screen;
mod secrets;
#[path = "../support/served.rs"]
mod served;
mod themes;
mod translit;
mod workbench;
