//! When a translation goes into the history: one entry per editing stretch.
//!
//! Live translation sends the text at every pause in typing; recording each
//! reply would fill the history with "Hel", "Hello", "Hello wor"… So the
//! replies of one stretch of editing update one entry, which ends up with
//! the last text and its translations. A new entry starts when
//!
//! - the text was cleared (emptied, or only white space left),
//! - an entry reopened from the history is edited (the reopened entry
//!   itself is refreshed by its re-translation, and stays as it was once
//!   the text changes),
//! - the source language or the targets change (a swap, a picker) — the
//!   language in effect counts: choosing English for a text detected as
//!   English goes on with the same entry,
//! - the text was left alone for [`REST`] (5 minutes) and is edited again,
//! - the new text has little to do with the entry's: what it shares at the
//!   start and at the end is under a third of the shorter text (the whole
//!   text replaced by a paste).
//!
//! Empty or white-space text is never recorded. The recorder is pure: a
//! reply yields a [`Record`] (the stretch number and the entry); the
//! executor writes it, updating the stretch's entry when its id is known
//! ([`Recorder::id_of`]) or inserting one and telling the recorder its id
//! ([`Recorder::written`]).

use std::time::{Duration, Instant};

use crate::store::history::{Entry, NewEntry};

/// Edits after this long a pause start a new entry.
pub const REST: Duration = Duration::from_secs(5 * 60);

/// An entry to write for stretch `stretch`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub stretch: u64,
    pub entry: NewEntry,
    /// The stretch's entry when the recorder knows it already (a reopened
    /// or resumed one, or one an earlier record wrote).
    pub known: Option<i64>,
}

/// What the current stretch's entry holds.
#[derive(Clone, Debug)]
struct Open {
    text: String,
    from: Option<String>,
    /// The language the service detected for it (with `from` auto).
    detected: Option<String>,
    targets: Vec<String>,
    /// Reopened from the history: the first edit starts a new entry.
    reopened: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Recorder {
    /// Numbers the stretches; 0 before the first.
    stretch: u64,
    open: Option<Open>,
    /// The current stretch's entry, once written.
    id: Option<i64>,
    last_edit: Option<Instant>,
    /// A write failed already (said once, not at every reply).
    failed: bool,
}

impl Recorder {
    /// Whether this is the first failed write (the one to tell the user about).
    pub fn first_failure(&mut self) -> bool {
        !std::mem::replace(&mut self.failed, true)
    }

    /// The editor's text changed at `now`; `blank` when it is now empty or
    /// only white space.
    pub fn edited(&mut self, now: Instant, blank: bool) {
        let rested = self
            .last_edit
            .is_some_and(|t| now.saturating_duration_since(t) >= REST);
        let reopened = self.open.as_ref().is_some_and(|o| o.reopened);
        if blank || rested || reopened {
            self.end();
        }
        self.last_edit = Some(now);
    }

    /// Entry `id` was reopened into the editor: its re-translation updates
    /// it; an edit starts a new one.
    pub fn reopened(&mut self, id: i64, text: &str, from: Option<String>, targets: Vec<String>) {
        self.begin(Some(id), text, from, targets, true);
        self.last_edit = None;
    }

    /// The workbench starts with the draft that entry `e` holds, last
    /// updated `idle` ago: its re-translation refreshes it rather than
    /// recording a copy, and typing on continues it unless it rested
    /// [`REST`] (then, as for a reopened entry, an edit starts a new one).
    pub fn resume(&mut self, e: &Entry, idle: Duration, now: Instant) {
        let rested = idle >= REST;
        self.begin(Some(e.id), &e.source, e.from.clone(), e.targets.clone(), rested);
        self.last_edit = (!rested).then(|| now.checked_sub(idle).unwrap_or(now));
    }

    /// A translation of the current text arrived: what to record, if anything.
    pub fn translated(&mut self, entry: NewEntry) -> Option<Record> {
        if entry.source.trim().is_empty() {
            return None;
        }
        let in_effect = entry.from.as_ref().or(entry.detected.as_ref());
        let same = self.open.as_ref().is_some_and(|o| {
            let was = o.from.as_ref().or(o.detected.as_ref());
            let same_language = o.from == entry.from || (was.is_some() && was == in_effect);
            same_language && o.targets == entry.targets && related(&o.text, &entry.source)
        });
        if same {
            if let Some(o) = self.open.as_mut() {
                o.text.clone_from(&entry.source);
                o.from.clone_from(&entry.from);
                o.detected.clone_from(&entry.detected);
            }
        } else {
            self.begin(
                None,
                &entry.source,
                entry.from.clone(),
                entry.targets.clone(),
                false,
            );
            if let Some(o) = self.open.as_mut() {
                o.detected.clone_from(&entry.detected);
            }
        }
        Some(Record {
            stretch: self.stretch,
            entry,
            known: self.id_of(self.stretch),
        })
    }

    /// The id of stretch `stretch`'s entry, if it was written.
    pub fn id_of(&self, stretch: u64) -> Option<i64> {
        self.id.filter(|_| stretch == self.stretch)
    }

    /// Stretch `stretch`'s entry was written as `id`.
    pub fn written(&mut self, stretch: u64, id: i64) {
        if stretch == self.stretch {
            self.id = Some(id);
        }
    }

    /// Entry `id` was deleted: the next record of its stretch writes a new one.
    pub fn forget(&mut self, id: i64) {
        if self.id == Some(id) {
            self.id = None;
        }
    }

    fn begin(
        &mut self,
        id: Option<i64>,
        text: &str,
        from: Option<String>,
        targets: Vec<String>,
        reopened: bool,
    ) {
        self.stretch += 1;
        self.id = id;
        self.open = Some(Open {
            text: text.to_owned(),
            from,
            detected: None,
            targets,
            reopened,
        });
    }

    fn end(&mut self) {
        self.open = None;
        self.id = None;
    }
}

/// Whether `new` is an edit of `old`: what they share at the start and at
/// the end (not overlapping) is at least a third of the shorter one.
fn related(old: &str, new: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (old.chars().collect(), new.chars().collect());
    let shorter = a.len().min(b.len());
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    3 * (prefix + suffix).min(shorter) >= shorter
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn related_texts() {
        assert!(related("Hel", "Hello world"), "typing on");
        assert!(related("Hello world", "Hello"), "deleting the end");
        assert!(related("Hello world", "Hello big world"), "an insertion");
        assert!(related("Oh", "Oh!"));
        assert!(!related("Hello.", "Goodbye."), "replaced");
        assert!(!related("银行在哪里", "我有一个账户"));
        assert!(related("ab", "ab"));
    }
}
