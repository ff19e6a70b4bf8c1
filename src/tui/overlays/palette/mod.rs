//! The command palette (`:` or Ctrl+K): every action of every tab and
//! overlay, searched by name, each with its description, where it works and
//! its keys, all generated from the keymap ([`entries`]), so it never lists
//! a key the key handling would not honour.
//!
//! # Data flow
//!
//! `state/palette.rs` opens it over whatever is open (kept as
//! [`Palette::beneath`], drawn under it and back when it closes) with the
//! entries of the state as it is then. Typed text refilters ([`filter`]);
//! Enter on a runnable entry answers [`Choice::Run`] with the action and the
//! key that does it; the shell puts the overlay beneath back, shows the
//! entry's tab if it is another, and presses that key as the action, the
//! very path a key press takes. An entry that does not run from here says
//! where it works. A theme row (`Theme: light`) answers [`Choice::Theme`]:
//! the shell puts that theme in use and remembers it.

mod draw;
mod entries;
mod filter;
mod overlay;
#[cfg(test)]
mod tests;

use crossterm::event::{KeyEvent, KeyEventKind};

use self::filter::{Row, Search};
use super::picker::query::Query;
use super::{Choice, Reply};
use crate::tui::keymap::{Action, Key};
use crate::tui::state::{Overlay, State, Tab};

pub use self::entries::{Entry, Place};

/// How many recently run actions the palette remembers.
pub const RECENT: usize = 8;

/// What Enter asks the shell to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    pub action: Action,
    /// Show this tab first (an entry of another tab).
    pub tab: Option<Tab>,
    /// The key that does it there; `None` when the action has none.
    pub key: Option<Key>,
}

/// The open palette.
#[derive(Debug)]
pub struct Palette {
    entries: Vec<Entry>,
    search: Search,
    /// The actions run last, most recent first (the state's).
    recent: Vec<Action>,
    query: Query,
    rows: Vec<Row>,
    /// Index into `rows`.
    selected: usize,
    /// The first row drawn and the rows a page holds, from the last frame.
    top: usize,
    page: usize,
    /// Why Enter did nothing (an entry that works elsewhere).
    note: Option<String>,
    /// The overlay it was opened over.
    beneath: Option<Box<Overlay>>,
}

impl Palette {
    /// The palette over `state` as it is now; `recent`: the actions run
    /// last, most recent first.
    pub fn open(state: &State, recent: &[Action]) -> Self {
        let entries = entries::entries(state);
        let mut search = Search::new(&entries);
        let rows = search.rows("", &entries, recent);
        Palette {
            entries,
            search,
            recent: recent.to_vec(),
            query: Query::default(),
            rows,
            selected: 0,
            top: 0,
            page: 1,
            note: None,
            beneath: None,
        }
    }

    /// Opened over `beneath`, which comes back when it closes.
    pub fn over(mut self, beneath: Option<Overlay>) -> Self {
        self.beneath = beneath.map(Box::new);
        self
    }

    /// The overlay it was opened over, taken out.
    pub fn take_beneath(&mut self) -> Option<Overlay> {
        self.beneath.take().map(|b| *b)
    }

    /// The search text.
    pub fn query(&self) -> &str {
        self.query.text()
    }

    /// The entries listed for the search, in order.
    pub fn listed(&self) -> impl Iterator<Item = &Entry> {
        self.rows.iter().map(|r| &self.entries[r.entry])
    }

    /// The highlighted entry.
    pub fn selected(&self) -> Option<&Entry> {
        self.rows.get(self.selected).map(|r| &self.entries[r.entry])
    }

    /// A key: `action` is what the keymap made of it in the palette.
    fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> Reply {
        let last = self.rows.len().saturating_sub(1);
        let page = self.page.saturating_sub(1).max(1);
        let to = match action {
            Some(Action::Back | Action::Palette) => return Reply::Close,
            Some(Action::Select) => return self.choose(),
            Some(Action::ScrollUp) => self.selected.saturating_sub(1),
            Some(Action::ScrollDown) => (self.selected + 1).min(last),
            Some(Action::PageUp) => self.selected.saturating_sub(page),
            Some(Action::PageDown) => (self.selected + page).min(last),
            Some(a) if a.is_global() => return Reply::Pass(a),
            Some(_) => return Reply::Pending,
            None => {
                if key.kind != KeyEventKind::Release && self.query.edit(key) {
                    self.refilter();
                }
                return Reply::Pending;
            }
        };
        self.selected = to;
        self.note = None;
        Reply::Pending
    }

    /// Pasted text goes to the search line.
    fn paste(&mut self, text: &str) {
        let line = text.lines().next().unwrap_or_default();
        if self.query.insert(line) {
            self.refilter();
        }
    }

    fn refilter(&mut self) {
        self.rows = self.search.rows(self.query.text(), &self.entries, &self.recent);
        self.selected = 0;
        self.top = 0;
        self.note = None;
    }

    /// Enter: the highlighted entry run, or why it cannot be.
    fn choose(&mut self) -> Reply {
        let Some(entry) = self.selected() else {
            return Reply::Pending;
        };
        if let Some(theme) = &entry.theme {
            return Reply::Done(Choice::Theme(theme.clone()));
        }
        match entry.place {
            Place::Elsewhere => {
                let note = format!("{}: only in {}", entry.description, entry.whereabouts());
                self.note = Some(note);
                Reply::Pending
            }
            place => Reply::Done(Choice::Run(Run {
                action: entry.action,
                tab: match place {
                    Place::Tab(tab) => Some(tab),
                    _ => None,
                },
                key: entry.key,
            })),
        }
    }
}
