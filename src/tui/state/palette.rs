//! The command palette as the shell sees it: opened over whatever is open,
//! and what it chose run as the key that does it would be.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::{Overlay, State};
use crate::tui::effect::Effect;
use crate::tui::overlays::palette::{Palette, RECENT, Run};

impl State {
    /// Opens the palette over the open overlay (kept beneath it), listing
    /// what the keys do now.
    pub(super) fn open_palette(&mut self) {
        let palette = Palette::open(self, &self.recent).over(self.overlay.take());
        self.overlay = Some(Overlay::Palette(Box::new(palette)));
    }

    /// Runs what the palette chose (it is closed, what it was opened over
    /// back): another tab shown first (any overlay closes, as the tab's key
    /// would close it), then the action dispatched with its key, exactly
    /// as that key press goes.
    pub(super) fn run(&mut self, run: Run, now: Instant) -> Vec<Effect> {
        self.recent.retain(|&a| a != run.action);
        self.recent.insert(0, run.action);
        self.recent.truncate(RECENT);
        if let Some(tab) = run.tab {
            self.overlay = None;
            if tab != self.tab {
                self.show_tab(tab);
            }
        }
        let key = match run.key {
            Some(key) => KeyEvent::new(key.code(), key.modifiers()),
            // An action the user left without a key: no key to read.
            None => KeyEvent::new(KeyCode::Null, KeyModifiers::NONE),
        };
        self.dispatch(Some(run.action), &key, now)
    }
}
