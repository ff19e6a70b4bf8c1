//! When a tab sends its text: [`DEBOUNCE`] after the last edit, at once
//! after a refresh (which sends even an unchanged text). The Translate and
//! Transliterate tabs each hold one; their `tick` asks [`Debounce::expired`].

use std::time::Instant;

use crate::tui::tabs::translate::DEBOUNCE;

#[derive(Clone, Copy, Debug, Default)]
pub struct Debounce {
    due: Option<Instant>,
    force: bool,
}

impl Debounce {
    /// The text changed: (re-)arms the wait.
    pub fn edited(&mut self, now: Instant) {
        self.due = Some(now + DEBOUNCE);
    }

    /// Send now, even an unchanged text.
    pub fn refresh(&mut self, now: Instant) {
        self.force = true;
        self.due = Some(now);
    }

    /// Due at the next tick, unless a wait is already under way (the text
    /// may still be typed): it is not cut short.
    pub fn soon(&mut self, now: Instant) {
        self.due.get_or_insert(now);
    }

    /// When the wait ends, if one is armed.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }

    /// Whether the wait has ended at `now`; it is then disarmed.
    pub fn expired(&mut self, now: Instant) -> bool {
        match self.due {
            Some(due) if now >= due => {
                self.due = None;
                true
            }
            _ => false,
        }
    }

    /// Whether a refresh asked to send even an unchanged text.
    pub fn forced(&self) -> bool {
        self.force
    }

    /// A request went out: the next one needs a change or a refresh again.
    pub fn sent(&mut self) {
        self.force = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_edit_waits_a_refresh_does_not_and_soon_never_cuts_a_wait_short() {
        let t0 = Instant::now();
        let mut d = Debounce::default();
        assert!(!d.expired(t0) && d.due().is_none());
        d.edited(t0);
        d.soon(t0);
        assert_eq!(d.due(), Some(t0 + DEBOUNCE));
        assert!(!d.expired(t0 + DEBOUNCE / 2));
        assert!(d.expired(t0 + DEBOUNCE) && d.due().is_none() && !d.forced());
        d.soon(t0);
        assert!(d.expired(t0));
        d.refresh(t0);
        assert!(d.expired(t0) && d.forced());
        d.sent();
        assert!(!d.forced());
    }
}
