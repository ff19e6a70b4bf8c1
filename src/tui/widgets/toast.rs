//! Toasts: short notes for transient events (a copy, a failed copy, a saved
//! choice) that go away on their own (STYLE.md pattern 8).
//!
//! Each toast carries its own expiry; the event loop sleeps until the next
//! one ([`Toasts::next_expiry`]) and redraws once when it passes, so showing a
//! toast costs no periodic ticking.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// How long a toast stays.
pub const TOAST_LIFE: Duration = Duration::from_millis(3500);
/// At most this many at once; older ones go first.
const MAX: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Info,
    Ok,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Toast {
    pub text: String,
    pub kind: Kind,
    pub until: Instant,
}

#[derive(Debug, Default)]
pub struct Toasts {
    items: VecDeque<Toast>,
}

impl Toasts {
    pub fn push(&mut self, text: impl Into<String>, kind: Kind, now: Instant) {
        if self.items.len() == MAX {
            self.items.pop_front();
        }
        self.items.push_back(Toast {
            text: text.into(),
            kind,
            until: now + TOAST_LIFE,
        });
    }

    /// Drops the toasts whose time is up; returns whether any went.
    pub fn expire(&mut self, now: Instant) -> bool {
        let before = self.items.len();
        self.items.retain(|t| t.until > now);
        self.items.len() != before
    }

    pub fn next_expiry(&self) -> Option<Instant> {
        self.items.iter().map(|t| t.until).min()
    }

    /// Oldest first.
    pub fn iter(&self) -> impl Iterator<Item = &Toast> {
        self.items.iter()
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toasts_expire_and_are_bounded() {
        let t0 = Instant::now();
        let mut t = Toasts::default();
        assert_eq!(t.next_expiry(), None);
        t.push("a", Kind::Info, t0);
        t.push("b", Kind::Ok, t0 + Duration::from_secs(1));
        assert_eq!(t.next_expiry(), Some(t0 + TOAST_LIFE));
        assert!(!t.expire(t0 + Duration::from_secs(1)));
        assert!(t.expire(t0 + TOAST_LIFE));
        assert_eq!(t.iter().map(|x| x.text.as_str()).collect::<Vec<_>>(), ["b"]);
        for s in ["c", "d", "e"] {
            t.push(s, Kind::Error, t0);
        }
        assert_eq!(
            t.iter().map(|x| x.text.as_str()).collect::<Vec<_>>(),
            ["c", "d", "e"]
        );
    }
}
