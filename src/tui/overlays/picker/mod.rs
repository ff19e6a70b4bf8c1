//! A language picker: a popup with a search line over a list of languages,
//! for one choice (the source language, optionally "auto") or several in
//! order (the targets).
//!
//! # Data flow
//!
//! The caller builds the [`Item`]s from a languages response
//! ([`items_from_translation`] and friends) and opens a [`Picker`] with the
//! current choice. Each key goes through the keymap with [`Context::Picker`]
//! innermost; the caller passes the resulting action (or `None`) and the key
//! to [`Picker::handle`], which updates the pure state and returns an
//! [`Outcome`]: still open, cancelled, or the chosen codes. Typing refilters
//! right away (`filter`: nucleo-matcher, highlight indices kept on the rows),
//! so [`Picker::render`] only lays out what is already derived.
//!
//! The picker does nothing with actions it does not own (`Quit`, `Help`…):
//! the caller handles those first (see [`Picker::handles`]). It does no IO.
//!
//! [`Context::Picker`]: crate::tui::keymap::Context::Picker

pub(crate) mod cells;
mod filter;
mod items;
mod overlay;
pub use self::overlay::Picking;
#[cfg(test)]
mod multi_tests;
pub(crate) mod query;
mod render;
#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod tests;

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::layout::Rect;

use self::filter::{Row, Search};
pub use self::items::{
    Item, dictionary_targets, items_from_dictionary, items_from_translation, items_from_transliteration,
};
use self::query::Query;
use crate::tui::keymap::Action;

/// One choice or several.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One language; with `auto`, an "auto (detect)" row comes first.
    Single { auto: bool },
    /// Several languages, kept in the order they were chosen.
    Multi,
}

/// What a key did to the picker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Still open.
    Pending,
    /// Closed without a choice.
    Cancelled,
    /// Closed with these codes: in [`Mode::Multi`] at least one, in choice
    /// order; in [`Mode::Single`] one, or none for "auto (detect)".
    Chosen(Vec<String>),
}

/// The message shown when Multi mode would accept nothing.
pub const EMPTY_CHOICE: &str = "choose at least one language";

/// The picker's whole state.
#[derive(Clone, Debug)]
pub struct Picker {
    title: String,
    mode: Mode,
    /// With `Single { auto: true }`, item 0 is the "auto (detect)" row.
    items: Vec<Item>,
    search: Search,
    /// Chosen codes, in the order chosen (Single: the current choice).
    selected: Vec<String>,
    /// Codes ticked or un-ticked with Tab since the picker opened (Multi):
    /// Enter leaves them as they are (see [`Picker::accept`]).
    toggled: Vec<String>,
    query: Query,
    rows: Vec<Row>,
    /// Index into `rows`.
    highlighted: usize,
    /// The first row shown; the view still clamps it to show the highlight.
    offset: usize,
    /// List rows visible at the last [`Picker::resize`].
    page: usize,
    notice: Option<String>,
    /// The search line's placeholder.
    search_hint: &'static str,
}

impl Picker {
    /// Another placeholder for the search line (a picker of profiles, not languages).
    pub fn with_search_hint(mut self, hint: &'static str) -> Self {
        self.search_hint = hint;
        self
    }

    /// A picker over `items` with `selected` already chosen (codes matched
    /// without case; ones the items lack are added, so they can be removed).
    pub fn new(title: impl Into<String>, items: Vec<Item>, mode: Mode, selected: &[String]) -> Self {
        let mut items = items;
        let mut chosen: Vec<String> = Vec::new();
        let single = matches!(mode, Mode::Single { .. });
        let selected = if single {
            &selected[..selected.len().min(1)]
        } else {
            selected
        };
        for code in selected {
            let known = items.iter().find(|i| i.code.eq_ignore_ascii_case(code));
            let code = match known {
                Some(i) => i.code.clone(),
                None => {
                    items.push(unlisted(code));
                    code.clone()
                }
            };
            if !chosen.contains(&code) {
                chosen.push(code);
            }
        }
        if mode == (Mode::Single { auto: true }) {
            items.insert(0, auto_item());
        }
        let search = Search::new(&items);
        let mut picker = Self {
            title: title.into(),
            mode,
            items,
            search,
            selected: chosen,
            toggled: Vec::new(),
            query: Query::default(),
            rows: Vec::new(),
            highlighted: 0,
            offset: 0,
            page: 10,
            notice: None,
            search_hint: "type to search: code, name or native name",
        };
        picker.refilter();
        // A single choice opens on the current one.
        if single {
            let current = picker.selected.first();
            let at = picker
                .rows
                .iter()
                .position(|r| current.is_some_and(|c| picker.items[r.item].code == *c));
            picker.highlighted = at.unwrap_or(0);
            picker.follow();
        }
        picker
    }

    /// Whether the picker does something with `action` (for the key hints).
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            Select | Toggle | Back | ScrollUp | ScrollDown | PageUp | PageDown
        )
    }

    /// A key press: `action` is what the keymap made of it with the picker's
    /// context innermost, `None` for text and unbound keys.
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> Outcome {
        if key.kind == KeyEventKind::Release {
            return Outcome::Pending;
        }
        self.notice = None;
        let page = isize::try_from(self.page.max(1)).unwrap_or(isize::MAX);
        match action {
            Some(Action::Select) => return self.accept(),
            Some(Action::Back) => return Outcome::Cancelled,
            Some(Action::Toggle) => self.toggle(),
            Some(Action::ScrollUp) => self.move_by(-1),
            Some(Action::ScrollDown) => self.move_by(1),
            Some(Action::PageUp) => self.move_by(-page),
            Some(Action::PageDown) => self.move_by(page),
            Some(_) => {}
            None => {
                if self.query.edit(key) {
                    self.refilter();
                }
            }
        }
        Outcome::Pending
    }

    /// Pasted text goes into the search line, on one line.
    pub fn paste(&mut self, text: &str) {
        self.notice = None;
        if self.query.insert(text) {
            self.refilter();
        }
    }

    /// Records the list's height at this frame size, for paging and for
    /// keeping the highlighted row in view as it moves. The view keeps the
    /// highlight visible even if this is never called.
    pub fn resize(&mut self, area: Rect) {
        self.page = render::list_height(area).max(1);
        self.follow();
    }

    pub fn title(&self) -> &str {
        &self.title
    }

    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The search line's text.
    pub fn query(&self) -> &str {
        self.query.text()
    }

    /// The chosen codes, in choice order.
    pub fn selected(&self) -> &[String] {
        &self.selected
    }

    /// The visible rows' codes, best match first (`"auto"` for auto).
    pub fn codes(&self) -> Vec<&str> {
        self.rows
            .iter()
            .map(|r| self.items[r.item].code.as_str())
            .collect()
    }

    /// The highlighted row's code, if any row matches.
    pub fn highlighted(&self) -> Option<&str> {
        self.current().map(|i| self.items[i].code.as_str())
    }

    /// A refusal to show, e.g. [`EMPTY_CHOICE`].
    pub fn notice(&self) -> Option<&str> {
        self.notice.as_deref()
    }

    /// The highlighted item's index.
    fn current(&self) -> Option<usize> {
        self.rows.get(self.highlighted).map(|r| r.item)
    }

    fn is_auto(&self, item: usize) -> bool {
        item == 0 && self.mode == (Mode::Single { auto: true })
    }

    /// Enter. One choice: the highlighted row. Several: the ticked rows, and
    /// the highlighted row added to them when the user has not touched it —
    /// so "type a name, Enter" adds a language, but a row just un-ticked with
    /// Tab stays out (Enter means "done", never "undo my last Tab").
    fn accept(&mut self) -> Outcome {
        let current = self.current();
        match self.mode {
            Mode::Single { .. } => match current {
                Some(i) if self.is_auto(i) => Outcome::Chosen(Vec::new()),
                Some(i) => Outcome::Chosen(vec![self.items[i].code.clone()]),
                None => Outcome::Pending,
            },
            Mode::Multi => {
                if let Some(i) = current {
                    let code = &self.items[i].code;
                    if !self.selected.contains(code) && !self.toggled.contains(code) {
                        self.selected.push(code.clone());
                    }
                }
                if self.selected.is_empty() {
                    self.notice = Some(EMPTY_CHOICE.to_owned());
                    return Outcome::Pending;
                }
                Outcome::Chosen(self.selected.clone())
            }
        }
    }

    fn toggle(&mut self) {
        let (Mode::Multi, Some(i)) = (self.mode, self.current()) else {
            return;
        };
        let code = &self.items[i].code;
        if !self.toggled.contains(code) {
            self.toggled.push(code.clone());
        }
        match self.selected.iter().position(|c| c == code) {
            Some(at) => {
                self.selected.remove(at);
            }
            None => self.selected.push(code.clone()),
        }
    }

    fn move_by(&mut self, delta: isize) {
        let last = self.rows.len().saturating_sub(1);
        self.highlighted = self.highlighted.saturating_add_signed(delta).min(last);
        self.follow();
    }

    /// Scrolls the least needed to keep the highlighted row in the page.
    fn follow(&mut self) {
        self.offset = render::keep_visible(self.offset, self.highlighted, self.page, self.rows.len());
    }

    /// Recomputes the rows for the query; the best match is highlighted.
    fn refilter(&mut self) {
        self.rows = self.search.rows(self.query.text(), &self.items);
        self.highlighted = 0;
        self.offset = 0;
    }
}

/// The "auto (detect)" row of a single choice.
fn auto_item() -> Item {
    Item {
        code: "auto".into(),
        name: "detect the language".into(),
        native_name: String::new(),
        rtl: false,
        detail: String::new(),
    }
}

/// A chosen code the languages list lacks: kept, and marked as such.
fn unlisted(code: &str) -> Item {
    Item {
        code: code.to_owned(),
        name: code.to_owned(),
        native_name: String::new(),
        rtl: false,
        detail: "not in the service's list".into(),
    }
}
