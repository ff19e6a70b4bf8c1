//! The request log: every attempt the client put on the wire, newest at the bottom.
//!
//! # Data flow
//!
//! The client calls its observer after each attempt with a [`RequestRecord`]; the app
//! forwards the record to the terminal task (as a message) and calls
//! [`RequestLog::push`] with the time it arrived. The log keeps the newest
//! [`CAPACITY`] entries; the view follows the tail unless the user scrolled up.
//!
//! # No secrets
//!
//! An entry holds only what a `RequestRecord` holds: method, the operation's path
//! (never the query string, where a key may travel), status, the transport error
//! (described without the URL), timing and `X-RequestId`. Records carry no headers and
//! no URL, so a key or token cannot reach the log.

mod draw;
mod overlay;
pub use self::overlay::LogView;

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::client::RequestRecord;
use crate::tui::keymap::Action;

/// How many entries the log keeps (the oldest go first).
pub const CAPACITY: usize = 500;
/// Rows moved by page up / page down.
pub const PAGE: usize = 10;

/// One attempt, as the log shows it: the client's record (which holds no
/// URL, query or header) and when it arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// When the record arrived, since the log started.
    pub at: Duration,
    pub record: RequestRecord,
}

impl Entry {
    fn new(at: Duration, r: &RequestRecord) -> Self {
        Self {
            at,
            record: r.clone(),
        }
    }
}

/// The log and where the user is in it.
#[derive(Clone, Debug)]
pub struct RequestLog {
    started: Instant,
    entries: VecDeque<Entry>,
    capacity: usize,
    /// Entries dropped off the front so far.
    dropped: u64,
    /// Showing the newest entries as they come.
    follow: bool,
    /// The highlighted entry while not following.
    selected: usize,
}

impl RequestLog {
    /// An empty log; entry times count from `started`.
    pub fn new(started: Instant) -> Self {
        Self::with_capacity(started, CAPACITY)
    }

    /// An empty log keeping at most `capacity` entries (at least one).
    pub fn with_capacity(started: Instant, capacity: usize) -> Self {
        Self {
            started,
            entries: VecDeque::new(),
            capacity: capacity.max(1),
            dropped: 0,
            follow: true,
            selected: 0,
        }
    }

    /// Adds the record of an attempt that was reported at `now`.
    pub fn push(&mut self, now: Instant, record: &RequestRecord) {
        let at = now.saturating_duration_since(self.started);
        self.entries.push_back(Entry::new(at, record));
        if self.entries.len() > self.capacity {
            self.entries.pop_front();
            self.dropped += 1;
            // Stay on the same entry (or the oldest left, if it was the one dropped).
            self.selected = self.selected.saturating_sub(1);
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Entries dropped because the log was full.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter()
    }

    /// Whether the view follows the newest entry.
    pub fn following(&self) -> bool {
        self.follow
    }

    /// The highlighted entry's index, `None` while following.
    pub fn selected(&self) -> Option<usize> {
        (!self.follow && !self.entries.is_empty()).then_some(self.selected)
    }

    /// A key's action; returns whether the log was closed. Moving up stops following
    /// the tail; moving down onto the newest entry follows it again; closing does too,
    /// so the log opens on the newest entries next time.
    pub fn handle(&mut self, action: Action) -> bool {
        match action {
            Action::Back => {
                self.follow = true;
                return true;
            }
            Action::ScrollUp => self.up(1),
            Action::PageUp => self.up(PAGE),
            Action::ScrollDown => self.down(1),
            Action::PageDown => self.down(PAGE),
            Action::Top => self.up(usize::MAX),
            Action::Bottom => self.follow = true,
            _ => {}
        }
        false
    }

    fn up(&mut self, by: usize) {
        let Some(last) = self.entries.len().checked_sub(1) else {
            return;
        };
        let from = if self.follow { last } else { self.selected };
        self.follow = false;
        self.selected = from.saturating_sub(by);
    }

    fn down(&mut self, by: usize) {
        if self.follow {
            return;
        }
        let last = self.entries.len().saturating_sub(1);
        self.selected = (self.selected + by).min(last);
        if self.selected == last {
            self.follow = true;
        }
    }
}

#[cfg(test)]
mod tests;
