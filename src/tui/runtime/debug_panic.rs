//! A panic on demand, for the tests that a crash leaves the terminal usable
//! and the draft kept: F12 panics when `GLOSSA_DEBUG_PANIC=1`, in debug
//! builds only (a release build has no trigger at all).

use crossterm::event::Event;

/// Panics on F12 when armed by `GLOSSA_DEBUG_PANIC=1`.
#[cfg(debug_assertions)]
pub fn check(event: &Event) {
    use crossterm::event::{KeyCode, KeyEventKind};
    static ARMED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    let f12 = matches!(event, Event::Key(k) if k.code == KeyCode::F(12) && k.kind == KeyEventKind::Press);
    if f12 && *ARMED.get_or_init(|| std::env::var_os("GLOSSA_DEBUG_PANIC").is_some_and(|v| v == "1")) {
        panic!("debug panic trigger: F12 with GLOSSA_DEBUG_PANIC=1");
    }
}

#[cfg(not(debug_assertions))]
pub fn check(_: &Event) {}
