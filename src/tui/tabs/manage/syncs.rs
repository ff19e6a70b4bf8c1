//! The Syncs view: the synchronizations of a share in a [`DataTable`], with
//! a detail pane, a duration sparkline and a header saying what is loaded.
//!
//! # Data flow
//!
//! Keys come in through [`SyncsView::handle`], which returns a
//! [`ManageOutcome`] (e.g. [`ManageOutcome::LoadSyncs`]) for the caller to
//! carry out; the pages come back through [`SyncsView::loaded`] (a fresh
//! first page) and [`SyncsView::loaded_more`] (the next page), failures
//! through [`SyncsView::failed`]. Moving the selection near the end of the
//! loaded rows asks for the next page by itself ([`SyncsView::wants_more`]).
//!
//! The `/` filter is sent to the service as `$filter` when it reads as an
//! OData expression (` eq `, `contains(`…), and applied locally over every
//! cell otherwise ([`SyncsView::filter_request`]).

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent};
use ratatui::style::Style;

use super::ManageOutcome;
use super::field::Field;
use crate::api::manage::{ShareSynchronization, ShareSynchronizationList};
use crate::tui::keymap::Action;
use crate::tui::widgets::pane_view::PaneView;
use crate::tui::widgets::table::{Column, Columns, DataTable, Loading, SortKey};
use crate::tui::widgets::theme::Theme;

/// How close to the last row the selection may come before the next page is asked for.
pub const MORE_MARGIN: usize = 3;

/// The columns of the synchronizations table.
#[derive(Debug)]
pub struct SyncColumns;

const COLUMNS: [Column; 6] = [
    Column::new("Start", 19, 19),
    Column::new("Mode", 4, 11),
    Column::new("Status", 6, 12),
    Column::new("Duration", 8, 10).right(),
    Column::new("Consumer", 8, 28),
    Column::new("Tenant", 6, 20),
];

/// The wire names of the columns, for `$orderby`.
const WIRE: [&str; 6] = [
    "startTime",
    "synchronizationMode",
    "status",
    "durationMs",
    "consumerName",
    "consumerTenantName",
];

impl Columns for SyncColumns {
    type Row = ShareSynchronization;

    fn columns() -> &'static [Column] {
        &COLUMNS
    }

    fn text(row: &ShareSynchronization, col: usize) -> String {
        let s = |o: &Option<String>| o.clone().unwrap_or_default();
        match col {
            0 => start_text(row.start_time.as_deref()),
            1 => row.synchronization_mode.map(|m| m.as_str()).unwrap_or("").into(),
            2 => s(&row.status),
            3 => row.duration_ms.map(duration_text).unwrap_or_default(),
            4 => row
                .consumer_name
                .clone()
                .or_else(|| row.consumer_email.clone())
                .unwrap_or_default(),
            _ => s(&row.consumer_tenant_name),
        }
    }

    fn style(row: &ShareSynchronization, col: usize, theme: &Theme) -> Style {
        match col {
            2 => status_style(row.status.as_deref(), theme),
            _ => theme.text,
        }
    }

    fn sort_key(row: &ShareSynchronization, col: usize) -> SortKey {
        match col {
            0 => SortKey::time(row.start_time.as_deref()),
            3 => row
                .duration_ms
                .map_or(SortKey::None, |d| SortKey::Number(f64::from(d))),
            _ => match Self::text(row, col) {
                t if t.is_empty() => SortKey::None,
                t => SortKey::text(&t),
            },
        }
    }

    fn id(row: &ShareSynchronization) -> String {
        row.synchronization_id
            .clone()
            .or_else(|| row.start_time.clone())
            .unwrap_or_default()
    }
}

/// The theme role of a raw status.
pub fn status_style(status: Option<&str>, theme: &Theme) -> Style {
    match status.map(str::to_ascii_lowercase).as_deref() {
        Some("succeeded" | "completed") => theme.ok,
        Some("failed") => theme.error,
        Some("inprogress" | "queued") => theme.progress,
        Some("cancelled" | "canceled") => theme.muted,
        _ => theme.text,
    }
}

/// `2026-11-21T10:04:05.123Z` → `2026-11-21 10:04:05`.
pub fn start_text(s: Option<&str>) -> String {
    let s = s.unwrap_or("");
    s.get(..19).unwrap_or(s).replacen('T', " ", 1)
}

/// `850 ms`, `12.3 s`, `4m 05s`, `1h 02m`.
pub fn duration_text(ms: i32) -> String {
    let ms = i64::from(ms.max(0));
    match ms {
        0..1_000 => format!("{ms} ms"),
        1_000..60_000 => format!("{:.1} s", ms as f64 / 1000.0),
        60_000..3_600_000 => format!("{}m {:02}s", ms / 60_000, ms / 1000 % 60),
        _ => format!("{}h {:02}m", ms / 3_600_000, ms / 60_000 % 60),
    }
}

/// Whether a filter reads as an OData expression the service understands.
pub fn is_odata(text: &str) -> bool {
    let t = format!(" {} ", text.to_lowercase());
    [
        " eq ",
        " ne ",
        " gt ",
        " ge ",
        " lt ",
        " le ",
        "contains(",
        "startswith(",
        "endswith(",
    ]
    .iter()
    .any(|op| t.contains(op))
}

/// How the `/` filter is applied.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum FilterMode {
    #[default]
    None,
    /// Over the loaded rows' cells.
    Local(String),
    /// Sent as `$filter`.
    Server(String),
}

/// The Syncs view's state.
#[derive(Debug)]
pub struct SyncsView {
    pub share: String,
    pub table: DataTable<SyncColumns>,
    /// `x-ms-ratelimit-remaining-subscription-reads` of the last page.
    pub remaining_reads: Option<u64>,
    pub paused: bool,
    pub interval: Duration,
    pages: usize,
    next_link: Option<String>,
    filter: Field,
    filter_editing: bool,
    applied: FilterMode,
    /// The sparkline's data: durations of the visible rows in time order.
    pub(super) durations: Vec<Option<u64>>,
    /// The selected run shown in full (Enter), with its scroll.
    pub detail: Option<PaneView>,
}

impl SyncsView {
    pub fn new(share: impl Into<String>, interval: Duration) -> Self {
        let mut table = DataTable::new(0, true);
        table.empty_text = "no synchronizations";
        Self {
            share: share.into(),
            table,
            remaining_reads: None,
            paused: false,
            interval,
            pages: 0,
            next_link: None,
            filter: Field::new("filter"),
            filter_editing: false,
            applied: FilterMode::None,
            durations: Vec::new(),
            detail: None,
        }
    }

    /// A fresh first page arrived.
    pub fn loaded(&mut self, list: ShareSynchronizationList, remaining_reads: Option<u64>) {
        self.pages = 1;
        self.next_link = list.next_link;
        self.remaining_reads = remaining_reads.or(self.remaining_reads);
        self.table.set_rows(list.value);
        self.durations = super::syncs_view::durations_in_time_order(&self.table);
    }

    /// The next page arrived.
    pub fn loaded_more(&mut self, list: ShareSynchronizationList, remaining_reads: Option<u64>) {
        self.pages += 1;
        self.next_link = list.next_link;
        self.remaining_reads = remaining_reads.or(self.remaining_reads);
        self.table.extend_rows(list.value);
        self.durations = super::syncs_view::durations_in_time_order(&self.table);
    }

    /// A fresh first page from the auto-refresh: rows update in place and
    /// new ones are added, so later pages and the selection stay.
    pub fn merged(&mut self, list: ShareSynchronizationList, remaining_reads: Option<u64>) {
        self.pages = self.pages.max(1);
        if self.pages == 1 {
            self.next_link = list.next_link;
        }
        self.remaining_reads = remaining_reads.or(self.remaining_reads);
        // Rows new or changed since the last look are marked until selected
        // (not on the first load: everything would be new).
        if !self.table.rows().is_empty() {
            for row in &list.value {
                let id = SyncColumns::id(row);
                let known = self.table.rows().iter().find(|r| SyncColumns::id(r) == id);
                if known != Some(row) {
                    self.table.mark(id);
                }
            }
        }
        self.table.merge_rows(list.value);
        self.durations = super::syncs_view::durations_in_time_order(&self.table);
    }

    /// The auto-refresh's request: the first page again, merged when it
    /// arrives ([`SyncsView::merged`]); the table is not marked loading.
    pub fn auto_reload(&self) -> ManageOutcome {
        ManageOutcome::ReloadSyncs {
            filter: self.filter_request(),
            orderby: self.orderby(),
        }
    }

    pub fn failed(&mut self, message: impl Into<String>) {
        self.table.loading = Loading::Failed(message.into());
    }

    /// Pages loaded so far.
    pub fn pages(&self) -> usize {
        self.pages
    }

    pub fn next_link(&self) -> Option<&str> {
        self.next_link.as_deref()
    }

    /// The selection is near the end, another page exists and none is loading.
    pub fn wants_more(&self) -> bool {
        self.next_link.is_some() && self.table.loading != Loading::Loading && self.table.near_end(MORE_MARGIN)
    }

    /// The `$filter` to send, when the filter reads as OData.
    pub fn filter_request(&self) -> Option<String> {
        match &self.applied {
            FilterMode::Server(f) => Some(f.clone()),
            _ => None,
        }
    }

    pub fn filter_mode(&self) -> &FilterMode {
        &self.applied
    }

    /// Whether the filter line takes typed text.
    pub fn filter_editing(&self) -> bool {
        self.filter_editing
    }

    pub(super) fn filter_field(&self) -> &Field {
        &self.filter
    }

    pub(super) fn filter_field_mut(&mut self) -> &mut Field {
        &mut self.filter
    }

    /// The `$orderby` of the current sort.
    pub fn orderby(&self) -> Option<String> {
        let (col, desc) = self.table.sort();
        let dir = if desc { "desc" } else { "asc" };
        WIRE.get(col).map(|w| format!("{w} {dir}"))
    }

    /// The request for a fresh first page; marks the table loading.
    pub fn reload(&mut self) -> ManageOutcome {
        self.table.loading = Loading::Loading;
        ManageOutcome::LoadSyncs {
            filter: self.filter_request(),
            orderby: self.orderby(),
            next: None,
        }
    }

    fn more(&mut self) -> ManageOutcome {
        match self.next_link.clone() {
            Some(next) if self.table.loading != Loading::Loading => {
                self.table.loading = Loading::Loading;
                ManageOutcome::LoadSyncs {
                    filter: self.filter_request(),
                    orderby: self.orderby(),
                    next: Some(next),
                }
            }
            _ => ManageOutcome::Handled,
        }
    }

    /// Whether the view does something with `action` (for the hints).
    pub fn handles(action: Action) -> bool {
        use Action::*;
        DataTable::<SyncColumns>::handles(action)
            || matches!(
                action,
                Filter | Pause | Refresh | LoadMore | Back | Select | CopyTarget | PickSource
            )
    }

    /// Shows the syncs of `share` from now on: the rows of the old one go.
    pub fn use_share(&mut self, share: &str) {
        self.share = share.to_owned();
        self.table.set_rows(Vec::new());
        self.detail = None;
        self.pages = 0;
        self.next_link = None;
        self.durations.clear();
    }

    /// The selected run as text (what `y` copies).
    pub fn selected_text(&self) -> Option<String> {
        self.table
            .selected()
            .map(|s| super::sync_detail::detail_text(s).0)
    }

    /// `y`: the selected run in full; the last load's failure with it (or
    /// alone, when no run is listed).
    fn copy(&self) -> ManageOutcome {
        let failure = match &self.table.loading {
            Loading::Failed(e) => Some(format!("last load failed: {e}")),
            _ => None,
        };
        let text: Vec<String> = failure.into_iter().chain(self.selected_text()).collect();
        match text.is_empty() {
            true => ManageOutcome::Handled,
            false => ManageOutcome::Copy {
                label: "the sync run",
                text: text.join("\n"),
            },
        }
    }

    /// A key while a run is shown in full.
    fn detail_key(&mut self, action: Action) -> ManageOutcome {
        let Some(view) = self.detail.as_mut() else {
            return ManageOutcome::Ignored;
        };
        match action {
            Action::ScrollUp => view.scroll_by(-1),
            Action::ScrollDown => view.scroll_by(1),
            Action::PageUp => view.scroll_by(-5),
            Action::PageDown => view.scroll_by(5),
            Action::Back | Action::Select => self.detail = None,
            Action::CopyTarget => return self.copy(),
            _ => return ManageOutcome::Ignored,
        }
        ManageOutcome::Handled
    }

    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        if self.filter_editing {
            return self.edit_filter(action, key);
        }
        let Some(action) = action else {
            return ManageOutcome::Ignored;
        };
        if self.detail.is_some() {
            return self.detail_key(action);
        }
        match action {
            Action::Select if self.table.selected().is_some() => {
                self.table.seen();
                self.detail = Some(PaneView::default());
                ManageOutcome::Handled
            }
            Action::CopyTarget => self.copy(),
            Action::PickSource => ManageOutcome::ListShares,
            Action::Filter => {
                self.filter_editing = true;
                ManageOutcome::Handled
            }
            Action::Pause => {
                self.paused = !self.paused;
                ManageOutcome::Pause(self.paused)
            }
            Action::Refresh => self.reload(),
            Action::LoadMore => self.more(),
            Action::Back if self.applied != FilterMode::None => {
                self.filter.set("");
                self.apply_filter()
            }
            a if self.table.handle(a) => {
                if self.wants_more() {
                    self.more()
                } else {
                    ManageOutcome::Handled
                }
            }
            _ => ManageOutcome::Ignored,
        }
    }

    fn edit_filter(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        match action {
            Some(Action::LeaveEditor | Action::Back) => {
                self.filter_editing = false;
                ManageOutcome::Handled
            }
            None if key.code == KeyCode::Enter => {
                self.filter_editing = false;
                self.apply_filter()
            }
            None => {
                self.filter.edit(key);
                ManageOutcome::Handled
            }
            Some(_) => ManageOutcome::Ignored,
        }
    }

    /// Takes the filter line's text: to the service, locally, or cleared.
    fn apply_filter(&mut self) -> ManageOutcome {
        let text = self.filter.value().to_string();
        let was_server = matches!(self.applied, FilterMode::Server(_));
        self.applied = match text.as_str() {
            "" => FilterMode::None,
            t if is_odata(t) => FilterMode::Server(text.clone()),
            _ => FilterMode::Local(text.clone()),
        };
        match &self.applied {
            FilterMode::Local(t) => self.table.set_filter(t),
            _ => self.table.set_filter(""),
        }
        self.durations = super::syncs_view::durations_in_time_order(&self.table);
        if was_server || matches!(self.applied, FilterMode::Server(_)) {
            self.reload()
        } else {
            ManageOutcome::Handled
        }
    }
}
