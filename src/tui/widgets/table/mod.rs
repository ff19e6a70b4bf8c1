//! One generic data table for every admin list (bottom's `DataToCell` idea).
//!
//! # Data flow
//!
//! A list type implements [`Columns`]: its column titles and width bounds,
//! the text and style of each cell, a sort key per column and a stable id per
//! row. The caller hands rows to a [`DataTable`] ([`DataTable::set_rows`] for
//! a fresh load, [`DataTable::extend_rows`] for the next page), which derives
//! everything a frame needs right away — cell texts, column widths, the
//! visible order after the local filter and the sort — so
//! [`DataTable::render`] only lays out. The selection follows a row's id, so
//! it stays on the same row across re-sorts, filters and reloads.
//!
//! Keys arrive as keymap [`Action`]s ([`DataTable::handle`]); loading and
//! errors are state ([`Loading`]) and are drawn in the table, never printed.

mod render;
mod sort;
#[cfg(test)]
mod tests;

use std::marker::PhantomData;

use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;

use crate::tui::keymap::Action;
use crate::tui::widgets::theme::Theme;

pub use sort::{SortKey, compare as sort_compare};

/// One column of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Column {
    pub title: &'static str,
    /// Width bounds in cells; the width is the widest cell, clamped.
    pub min: u16,
    pub max: u16,
    /// Numbers read better right-aligned.
    pub right: bool,
}

impl Column {
    pub const fn new(title: &'static str, min: u16, max: u16) -> Self {
        Self {
            title,
            min,
            max,
            right: false,
        }
    }

    pub const fn right(mut self) -> Self {
        self.right = true;
        self
    }
}

/// How a list type becomes table cells.
pub trait Columns {
    type Row;
    fn columns() -> &'static [Column];
    /// The text of one cell.
    fn text(row: &Self::Row, col: usize) -> String;
    /// The style of one cell (a semantic role of `theme`).
    fn style(_row: &Self::Row, _col: usize, theme: &Theme) -> Style {
        theme.text
    }
    /// What the column sorts by.
    fn sort_key(row: &Self::Row, col: usize) -> SortKey;
    /// A stable identity, to keep the selection on the same row.
    fn id(row: &Self::Row) -> String;
}

/// The state of the request behind a table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Loading {
    #[default]
    Idle,
    Loading,
    Failed(String),
}

/// Rows, their derived cells, sort, filter, selection and scrolling.
#[derive(Debug)]
pub struct DataTable<C: Columns> {
    rows: Vec<C::Row>,
    /// `texts[row][col]`, derived when rows arrive.
    texts: Vec<Vec<String>>,
    /// Visible rows (indices into `rows`), filtered and sorted.
    order: Vec<usize>,
    sort_col: usize,
    descending: bool,
    filter: String,
    /// Index into `order`.
    selected: usize,
    selected_id: Option<String>,
    widths: Vec<u16>,
    pub loading: Loading,
    /// Shown when there are no rows and nothing is loading.
    pub empty_text: &'static str,
    /// Rows (by id) marked as new or changed until the selection reaches them.
    marked: std::collections::HashSet<String>,
    /// The first visible row and the rows per page at the last frame.
    offset: usize,
    page: usize,
    _columns: PhantomData<C>,
}

impl<C: Columns> DataTable<C> {
    /// How the last frame drew it (its feedback).
    pub fn drawn(&mut self, shown: crate::tui::feedback::Shown) {
        self.offset = shown.top;
        self.page = shown.rows;
    }

    /// An empty table sorted by `sort_col`.
    pub fn new(sort_col: usize, descending: bool) -> Self {
        let mut t = Self {
            rows: Vec::new(),
            texts: Vec::new(),
            order: Vec::new(),
            sort_col: sort_col.min(C::columns().len().saturating_sub(1)),
            descending,
            filter: String::new(),
            selected: 0,
            selected_id: None,
            widths: Vec::new(),
            loading: Loading::Idle,
            empty_text: "nothing to show",
            marked: Default::default(),
            offset: 0,
            page: 10,
            _columns: PhantomData,
        };
        t.derive();
        t
    }

    /// Replaces every row (a fresh load); the selection stays on its row if
    /// the row is still there.
    pub fn set_rows(&mut self, rows: Vec<C::Row>) {
        self.rows = rows;
        self.loading = Loading::Idle;
        self.derive();
    }

    /// Appends rows (the next page).
    pub fn extend_rows(&mut self, rows: Vec<C::Row>) {
        self.rows.extend(rows);
        self.loading = Loading::Idle;
        self.derive();
    }

    /// Fresh copies of some rows (an auto-refresh of the first page): a row
    /// with a known id is replaced in place, a new one is added; rows not
    /// in `rows` (later pages) stay.
    pub fn merge_rows(&mut self, rows: Vec<C::Row>) {
        let mut at: std::collections::HashMap<String, usize> =
            self.rows.iter().enumerate().map(|(i, r)| (C::id(r), i)).collect();
        for row in rows {
            let id = C::id(&row);
            match at.get(&id) {
                Some(&i) => self.rows[i] = row,
                None => {
                    at.insert(id, self.rows.len());
                    self.rows.push(row);
                }
            }
        }
        self.loading = Loading::Idle;
        self.derive();
    }

    /// Every loaded row, in load order.
    pub fn rows(&self) -> &[C::Row] {
        &self.rows
    }

    /// The visible rows, in display order.
    pub fn visible(&self) -> impl Iterator<Item = &C::Row> {
        self.order.iter().map(|&i| &self.rows[i])
    }

    pub fn visible_len(&self) -> usize {
        self.order.len()
    }

    pub fn selected(&self) -> Option<&C::Row> {
        self.order.get(self.selected).map(|&i| &self.rows[i])
    }

    /// The selection's place among the visible rows.
    pub fn selected_index(&self) -> Option<usize> {
        (!self.order.is_empty()).then_some(self.selected)
    }

    pub fn sort(&self) -> (usize, bool) {
        (self.sort_col, self.descending)
    }

    pub fn set_sort(&mut self, col: usize, descending: bool) {
        self.sort_col = col.min(C::columns().len().saturating_sub(1));
        self.descending = descending;
        self.reorder();
    }

    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Shows only rows with a cell containing `text` (case-insensitive).
    pub fn set_filter(&mut self, text: &str) {
        self.filter = text.trim().to_string();
        self.reorder();
    }

    pub fn widths(&self) -> &[u16] {
        &self.widths
    }

    /// Whether the selection is within `margin` rows of the last visible row.
    pub fn near_end(&self, margin: usize) -> bool {
        self.order.is_empty() || self.selected + margin + 1 >= self.order.len()
    }

    /// Whether the table does something with `action`.
    pub fn handles(action: Action) -> bool {
        use Action::*;
        matches!(
            action,
            ScrollUp | ScrollDown | PageUp | PageDown | SortNext | SortReverse
        )
    }

    /// Applies a navigation or sort key; whether it was the table's.
    pub fn handle(&mut self, action: Action) -> bool {
        let page = isize::try_from(self.page.max(1)).unwrap_or(1);
        match action {
            Action::ScrollUp => self.move_by(-1),
            Action::ScrollDown => self.move_by(1),
            Action::PageUp => self.move_by(-page),
            Action::PageDown => self.move_by(page),
            Action::SortNext => {
                let n = C::columns().len().max(1);
                self.set_sort((self.sort_col + 1) % n, self.descending);
            }
            Action::SortReverse => self.set_sort(self.sort_col, !self.descending),
            _ => return false,
        }
        true
    }

    /// Moves the selection by `delta` rows, clamped; the row reached is seen.
    pub fn move_by(&mut self, delta: isize) {
        if self.order.is_empty() {
            return;
        }
        let last = self.order.len() - 1;
        self.selected = self.selected.saturating_add_signed(delta).min(last);
        self.remember();
        self.seen();
    }

    /// Marks the row `id` as new or changed (until it is selected).
    pub fn mark(&mut self, id: String) {
        self.marked.insert(id);
    }

    /// Whether row `id` is marked.
    pub fn is_marked(&self, id: &str) -> bool {
        self.marked.contains(id)
    }

    /// How many visible rows are marked.
    pub fn marked_visible(&self) -> usize {
        self.visible().filter(|r| self.marked.contains(&C::id(r))).count()
    }

    /// The selected row was seen: its mark goes.
    pub fn seen(&mut self) {
        if let Some(id) = &self.selected_id {
            self.marked.remove(id);
        }
    }

    fn remember(&mut self) {
        self.selected_id = self.selected().map(C::id);
    }

    fn derive(&mut self) {
        let cols = C::columns();
        self.texts = self
            .rows
            .iter()
            .map(|r| (0..cols.len()).map(|c| C::text(r, c)).collect())
            .collect();
        self.widths = cols
            .iter()
            .enumerate()
            .map(|(c, col)| {
                let widest = self.texts.iter().map(|t| t[c].width()).max().unwrap_or(0);
                let title = col.title.width() + 2; // room for the sort arrow
                let w = u16::try_from(widest.max(title)).unwrap_or(u16::MAX);
                w.clamp(col.min, col.max.max(col.min))
            })
            .collect();
        self.reorder();
    }

    fn reorder(&mut self) {
        let needle = self.filter.to_lowercase();
        let mut order: Vec<usize> = (0..self.rows.len())
            .filter(|&i| {
                needle.is_empty() || self.texts[i].iter().any(|t| t.to_lowercase().contains(&needle))
            })
            .collect();
        let col = self.sort_col;
        let keys: Vec<SortKey> = self.rows.iter().map(|r| C::sort_key(r, col)).collect();
        // A stable sort: equal keys keep load order in both directions.
        order.sort_by(|&a, &b| sort::compare(&keys[a], &keys[b], self.descending));
        self.order = order;
        let found = self
            .selected_id
            .as_ref()
            .and_then(|id| self.order.iter().position(|&i| C::id(&self.rows[i]) == *id));
        self.selected = match found {
            Some(at) => at,
            None => self.selected.min(self.order.len().saturating_sub(1)),
        };
        self.remember();
    }
}
