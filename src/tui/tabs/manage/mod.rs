//! The Manage tab: three views over the management operations
//! (spec/management.md) — share synchronizations, database refresh, VM
//! migration — behind a sub-tab line.
//!
//! # Data flow
//!
//! Pure state, no IO (STYLE.md patterns 2-3): the caller asks
//! [`ManageTab::contexts`] for the keymap contexts (a form field or the
//! filter line being edited puts `Editor` innermost, so printable keys are
//! text), turns the key into an `Option<Action>` and passes both to
//! [`ManageTab::handle`]. The answer is a [`ManageOutcome`]: nothing for the
//! caller, not the tab's key (route it further out), or a request to carry
//! out — whose reply goes back through the view's own methods
//! (`syncs.loaded`, `refresh.result`, `migrations.watch`…).

pub mod bulk;
#[cfg(test)]
mod bulk_tests;
mod component;
pub mod field;
#[doc(hidden)]
pub mod fixtures;
pub mod migrations;
mod migrations_view;
pub mod refresh;
pub mod refresh_follow;
#[cfg(test)]
mod refresh_follow_tests;
mod refresh_view;
#[cfg(test)]
mod render_tests;
mod reply;
#[cfg(test)]
mod reply_tests;
mod sync_detail;
#[cfg(test)]
mod sync_watch_tests;
pub mod syncs;
mod syncs_view;
#[cfg(test)]
pub(crate) mod tests;

use std::time::Duration;

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use self::migrations::MigrationsView;
use self::refresh::{RefreshRequest, RefreshView};
pub use self::reply::{Accepted, ManageReply, Polled, SyncsLoad, Timers};
use self::syncs::SyncsView;
use crate::api::manage::MigrationInput;
use crate::tui::keymap::{Action, Context};
use crate::tui::widgets::theme::Theme;

/// The view shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    #[default]
    Syncs,
    Refresh,
    Migrations,
}

impl View {
    pub const ALL: [View; 3] = [View::Syncs, View::Refresh, View::Migrations];

    pub fn title(self) -> &'static str {
        match self {
            View::Syncs => "Syncs",
            View::Refresh => "Refresh",
            View::Migrations => "Migrations",
        }
    }

    fn step(self, forward: bool) -> View {
        crate::tui::cycle(&View::ALL, self, forward)
    }
}

/// What a key asks of the caller.
#[derive(Clone, Debug, PartialEq)]
pub enum ManageOutcome {
    /// Not the tab's key: route it further out (global keys).
    Ignored,
    /// Taken; only a redraw is needed.
    Handled,
    /// List synchronizations: a first page (`next: None`) or the page at `next`.
    LoadSyncs {
        filter: Option<String>,
        orderby: Option<String>,
        next: Option<String>,
    },
    /// The auto-refresh: the first page again, merged into the rows.
    ReloadSyncs {
        filter: Option<String>,
        orderby: Option<String>,
    },
    /// Auto-refresh of the syncs paused (`true`) or resumed.
    Pause(bool),
    /// Start a database refresh.
    Refresh(RefreshRequest),
    /// Read the state of the followed refresh (`fetchstatus`).
    RefreshStatus {
        project: String,
        environment: String,
        activity: String,
    },
    /// Start migrating `vm`.
    Migrate { vm: String, input: MigrationInput },
    /// Migrate every VM of availability set `set` (or `vms` of it).
    MigrateSet {
        set: String,
        vms: Vec<String>,
        input: MigrationInput,
    },
    /// The shares of the account, to pick the one whose syncs are shown.
    ListShares,
    /// Show the syncs of share `0` from now on (the executor's target too).
    UseShare(String),
    /// The VMs (and their availability sets) of the resource group, to
    /// pick field `field` of the Migrations form from.
    ListVms { field: usize },
    /// The LCS environments known for `project`, to pick field `field` of
    /// the Refresh form from.
    ListEnvironments { project: String, field: usize },
    /// Start one VM of bulk `bulk`.
    BulkStart {
        bulk: String,
        vm_ref: crate::client::manage::VmRef,
        input: MigrationInput,
    },
    /// Look at one running VM of bulk `bulk`.
    BulkLook {
        bulk: String,
        vm: String,
        location: String,
        status_url: Option<String>,
    },
    /// Poll this watched migration now: its Location (`id`), or its
    /// `Azure-AsyncOperation` URL when known.
    PollMigration { id: String, status_url: Option<String> },
    /// This finished migration was dismissed: drop it from storage.
    Forget(String),
    /// This finished refresh (its activity) was dismissed: drop it from storage.
    ForgetRefresh(String),
    /// Put this text on the clipboard (`y`: a run or an error in full).
    Copy { label: &'static str, text: String },
}

/// A field of a form a picker fills.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManageField {
    pub view: View,
    pub field: usize,
}

/// What the Manage tab is set up with for a service: made by the executor
/// at start and after a profile switch (it reads the store's watches), applied
/// by the state ([`ManageTab::configured`]).
#[derive(Clone, Debug, PartialEq)]
pub struct ManageConfig {
    /// "local sandbox" or the management endpoints.
    pub label: String,
    pub share: String,
    pub sync_interval: Duration,
    /// How often a followed refresh's status is read.
    pub refresh_every: Duration,
    /// The refresh form's LCS project, when known.
    pub project: Option<String>,
    /// The migrations an earlier run was watching.
    pub watched: Vec<migrations::Watched>,
    /// The refreshes an earlier run was following.
    pub refreshes: Vec<refresh_follow::Followed>,
    /// The bulk migrations stored for this endpoint (by this or the CLI).
    pub bulks: Vec<crate::client::manage::BulkMigration>,
    /// Why the watches could not all be read.
    pub problem: Option<String>,
}

/// The Manage tab's state.
#[derive(Debug)]
pub struct ManageTab {
    pub view: View,
    pub syncs: SyncsView,
    pub refresh: RefreshView,
    pub migrations: MigrationsView,
    pub timers: Timers,
}

impl ManageTab {
    pub fn new(share: impl Into<String>, interval: Duration) -> Self {
        Self {
            view: View::Syncs,
            syncs: SyncsView::new(share, interval),
            refresh: RefreshView::default(),
            migrations: MigrationsView::default(),
            timers: Timers::default(),
        }
    }

    /// A fresh tab for the service `config` describes.
    pub fn configured(config: &ManageConfig) -> Self {
        let mut tab = Self::new(config.share.clone(), config.sync_interval);
        tab.timers.refresh_every = config.refresh_every;
        if let Some(p) = &config.project
            && let Some(f) = tab.refresh.field_mut(refresh::PROJECT)
        {
            f.set(p);
        }
        tab.migrations.restore(config.watched.clone());
        tab.refresh.restore(config.refreshes.clone());
        tab.migrations.restore_bulks(config.bulks.clone());
        tab
    }

    /// The value of a form field now (what its picker starts on).
    pub fn field_value(&self, f: ManageField) -> Option<String> {
        let field = match f.view {
            View::Migrations => self.migrations.fields.get(f.field),
            View::Refresh => self.refresh.fields.get(f.field),
            View::Syncs => return Some(self.syncs.share.clone()),
        }?;
        Some(field.value().to_string()).filter(|v| !v.is_empty())
    }

    /// A value picked for a form field (or the Syncs view's share); what
    /// it asks of the executor.
    pub fn picked(&mut self, f: ManageField, value: &str) -> Vec<ManageOutcome> {
        match f.view {
            View::Migrations => self.migrations.picked(f.field, value),
            View::Refresh => self.refresh.picked(f.field, value),
            View::Syncs if value != self.syncs.share => {
                self.syncs.use_share(value);
                let out = vec![ManageOutcome::UseShare(value.to_owned()), self.syncs.reload()];
                out.iter().for_each(|o| self.sent(o));
                return out;
            }
            View::Syncs => {}
        }
        Vec::new()
    }

    /// Whether printable keys are text (a field or the filter is edited).
    pub fn takes_text(&self) -> bool {
        match self.view {
            View::Syncs => self.syncs.filter_editing(),
            View::Refresh => self.refresh.editing(),
            View::Migrations => self.migrations.editing(),
        }
    }

    /// The keymap contexts, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        if self.takes_text() {
            vec![Context::Editor, Context::Manage]
        } else {
            vec![Context::Manage]
        }
    }

    /// Whether the shown view does something with `action` (for the hints).
    pub fn handles(&self, action: Action) -> bool {
        matches!(action, Action::NextView | Action::PrevView)
            || match self.view {
                View::Syncs => SyncsView::handles(action),
                View::Refresh => RefreshView::handles(action),
                View::Migrations => MigrationsView::handles(action),
            }
    }

    /// Whether any of the views does something with `action` (the help overlay).
    pub fn handles_any(action: Action) -> bool {
        matches!(action, Action::NextView | Action::PrevView)
            || SyncsView::handles(action)
            || RefreshView::handles(action)
            || MigrationsView::handles(action)
    }

    /// A key press: `action` is what the keymap made of it with
    /// [`ManageTab::contexts`], `None` for text and unbound keys.
    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        let outcome = self.route(action, key);
        self.sent(&outcome);
        outcome
    }

    fn route(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        if key.kind == KeyEventKind::Release {
            return ManageOutcome::Ignored;
        }
        if !self.takes_text()
            && let Some(a @ (Action::NextView | Action::PrevView)) = action
        {
            self.view = self.view.step(a == Action::NextView);
            return ManageOutcome::Handled;
        }
        match self.view {
            View::Syncs => self.syncs.handle(action, key),
            View::Refresh => self.refresh.handle(action, key),
            View::Migrations => self.migrations.handle(action, key),
        }
    }

    /// Pasted text goes into the field or filter line being edited.
    pub fn paste(&mut self, text: &str) {
        let field = match self.view {
            View::Syncs if self.syncs.filter_editing() => Some(self.syncs.filter_field_mut()),
            View::Refresh if self.refresh.editing() => self.refresh.fields.get_mut(self.refresh.focus),
            View::Migrations if self.migrations.editing() => {
                self.migrations.fields.get_mut(self.migrations.focus)
            }
            _ => None,
        };
        if let Some(f) = field {
            f.insert(text);
            f.error = None;
        }
    }

    /// Draws the tab; how the sync table was scrolled, when it was drawn.
    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
    ) -> Option<(crate::tui::feedback::Scroller, crate::tui::feedback::Shown)> {
        if area.width < 20 || area.height < 6 {
            frame.render_widget(Line::styled("too small", theme.muted), area);
            return None;
        }
        let [tabs, body] = Layout::vertical([Constraint::Length(1), Constraint::Min(0)]).areas(area);
        let mut spans = Vec::new();
        for v in View::ALL {
            spans.push(theme.tab_label(v.title(), v == self.view));
            spans.push(Span::raw(" "));
        }
        frame.render_widget(Line::from(spans), tabs);
        match self.view {
            View::Syncs => return self.syncs.render(frame, body, theme),
            View::Refresh => self.refresh.render(frame, body, theme),
            View::Migrations => self.migrations.render(frame, body, theme),
        }
        None
    }
}
