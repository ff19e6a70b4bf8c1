//! The History view: a full-tab overlay over the translation history and
//! the dictionary look-ups, searched as the user types.
//!
//! # Data flow
//!
//! `H` (or Ctrl+R in the editor) opens a [`HistoryView`] with its search
//! line focused and asks for the newest rows ([`Outcome::Search`] →
//! `Effect::SearchHistory`). The executor runs the query on the store,
//! inline (a few milliseconds on a full history of 10,000 entries), and
//! hands the rows back with [`HistoryView::set_rows`]; typing asks again.
//! Enter reopens the selected entry ([`Outcome::Reopen`]); Delete / Ctrl+D
//! asks to confirm, then [`Outcome::Delete`]; Tab switches between
//! translations and look-ups; Esc closes. The view does no IO itself.
//!
//! `recorder.rs` decides when a translation is recorded; `exec.rs` runs the
//! effects on the store; `draw.rs` draws.

mod draw;
pub mod exec;
mod overlay;
pub mod recorder;
#[cfg(test)]
mod tests;

use crossterm::event::KeyEvent;

use crate::store::history::{Entry, Found};
use crate::store::lookups::FoundLookup;
use crate::tui::keymap::Action;
use crate::tui::overlays::picker::query::Query;

/// Rows asked for at first; scrolling near the end asks for this many more.
pub const PAGE: usize = 200;

/// What the view lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Translations,
    Lookups,
}

/// A query for the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HistoryQuery {
    pub mode: Mode,
    pub text: String,
    pub limit: usize,
}

/// The store's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rows {
    Translations(Vec<Found>),
    Lookups(Vec<FoundLookup>),
}

/// What a key did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing for the caller to do.
    Pending,
    Closed,
    /// Ask the store.
    Search(HistoryQuery),
    /// Put this entry back into the Translate tab.
    Reopen(Box<Entry>),
    /// Look this term up again in the Dictionary tab.
    LookUp(Box<crate::store::lookups::Lookup>),
    /// Delete this row (confirmed), then ask the store again.
    Delete {
        mode: Mode,
        id: i64,
        then: HistoryQuery,
    },
}

#[derive(Debug, Default)]
pub struct HistoryView {
    pub mode: Mode,
    query: Query,
    limit: usize,
    rows: Option<Rows>,
    /// The store could not answer.
    pub problem: Option<String>,
    selected: usize,
    /// The row asked to confirm deleting.
    confirm: Option<i64>,
    /// Seconds since the epoch when the rows arrived (relative times).
    now: i64,
    /// First row shown and rows per page at the last frame.
    offset: usize,
    page: usize,
}

impl HistoryView {
    /// A view of `mode`, and the query for its first rows.
    pub fn open(mode: Mode) -> (Self, HistoryQuery) {
        let view = Self {
            mode,
            limit: PAGE,
            page: 10,
            ..Self::default()
        };
        let q = view.current_query();
        (view, q)
    }

    /// What the view shows now.
    pub fn current_query(&self) -> HistoryQuery {
        HistoryQuery {
            mode: self.mode,
            text: self.query.text().trim().to_owned(),
            limit: self.limit,
        }
    }

    pub fn query(&self) -> &Query {
        &self.query
    }

    /// Rows for `q` arrived at `now` (unix seconds); dropped if the view
    /// asks something else by now. The selection stays on its row's id.
    pub fn set_rows(&mut self, q: &HistoryQuery, rows: Result<Rows, String>, now: i64) {
        if *q != self.current_query() {
            return;
        }
        let keep = self.selected_id();
        self.now = now;
        match rows {
            Ok(rows) => {
                self.rows = Some(rows);
                self.problem = None;
            }
            Err(e) => self.problem = Some(e),
        }
        let found = keep.and_then(|id| (0..self.len()).find(|&i| self.id_at(i) == Some(id)));
        self.selected = found.unwrap_or(self.selected).min(self.len().saturating_sub(1));
    }

    pub fn rows(&self) -> Option<&Rows> {
        self.rows.as_ref()
    }

    pub fn len(&self) -> usize {
        match &self.rows {
            Some(Rows::Translations(r)) => r.len(),
            Some(Rows::Lookups(r)) => r.len(),
            None => 0,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn selected(&self) -> Option<usize> {
        (!self.is_empty()).then_some(self.selected)
    }

    /// The selected translation entry.
    pub fn selected_entry(&self) -> Option<&Found> {
        match &self.rows {
            Some(Rows::Translations(r)) => r.get(self.selected),
            _ => None,
        }
    }

    /// The row waiting for a confirmation of its deletion.
    pub fn confirming(&self) -> Option<i64> {
        self.confirm
    }

    /// Unix seconds the relative times count from.
    pub fn now(&self) -> i64 {
        self.now
    }

    /// Whether the view does something with `action` (hints and help).
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            Select | Back | Toggle | Delete | History | ScrollUp | ScrollDown | PageUp | PageDown
        )
    }

    /// A key: its action if the keymap made one, else text for the search line.
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> Outcome {
        if let Some(id) = self.confirm.take() {
            return self.confirmed(id, action, key);
        }
        let Some(action) = action else {
            return match self.query.edit(key) {
                true => self.refilter(),
                false => Outcome::Pending,
            };
        };
        match action {
            Action::Back | Action::History => return Outcome::Closed,
            Action::Toggle => {
                self.mode = match self.mode {
                    Mode::Translations => Mode::Lookups,
                    Mode::Lookups => Mode::Translations,
                };
                self.rows = None;
                return self.refilter();
            }
            Action::Select => {
                if let Some(found) = self.selected_entry() {
                    return Outcome::Reopen(Box::new(found.entry.clone()));
                }
                if let Some(Rows::Lookups(r)) = &self.rows
                    && let Some(found) = r.get(self.selected)
                {
                    return Outcome::LookUp(Box::new(found.lookup.clone()));
                }
            }
            Action::Delete => self.confirm = self.id_at(self.selected),
            Action::ScrollUp => return self.move_by(-1),
            Action::ScrollDown => return self.move_by(1),
            Action::PageUp => return self.move_by(-self.page_rows()),
            Action::PageDown => return self.move_by(self.page_rows()),
            _ => {}
        }
        Outcome::Pending
    }

    /// Pasted text goes to the search line.
    pub fn paste(&mut self, text: &str) -> Outcome {
        match self.query.insert(text) {
            true => self.refilter(),
            false => Outcome::Pending,
        }
    }

    /// The key after Delete: `y` or Enter deletes, anything else keeps.
    fn confirmed(&mut self, id: i64, action: Option<Action>, key: &KeyEvent) -> Outcome {
        use crossterm::event::KeyCode;
        let yes = matches!(key.code, KeyCode::Char('y' | 'Y')) || action == Some(Action::Select);
        if !yes {
            return Outcome::Pending;
        }
        Outcome::Delete {
            mode: self.mode,
            id,
            then: self.current_query(),
        }
    }

    fn refilter(&mut self) -> Outcome {
        self.limit = PAGE;
        self.selected = 0;
        self.offset = 0;
        Outcome::Search(self.current_query())
    }

    fn move_by(&mut self, delta: isize) -> Outcome {
        let Some(last) = self.len().checked_sub(1) else {
            return Outcome::Pending;
        };
        self.selected = self.selected.saturating_add_signed(delta).min(last);
        // Near the end of a full page: the store may hold older rows.
        if self.len() >= self.limit && self.selected + PAGE / 10 >= self.len() {
            self.limit += PAGE;
            return Outcome::Search(self.current_query());
        }
        Outcome::Pending
    }

    /// How the last frame drew the list (its feedback).
    pub fn drawn(&mut self, shown: crate::tui::feedback::Shown) {
        self.offset = shown.top;
        self.page = shown.rows;
    }

    fn page_rows(&self) -> isize {
        isize::try_from(self.page.max(1)).unwrap_or(1)
    }

    fn id_at(&self, i: usize) -> Option<i64> {
        match &self.rows {
            Some(Rows::Translations(r)) => r.get(i).map(|f| f.entry.id),
            Some(Rows::Lookups(r)) => r.get(i).map(|f| f.lookup.id),
            None => None,
        }
    }

    fn selected_id(&self) -> Option<i64> {
        self.id_at(self.selected)
    }
}
