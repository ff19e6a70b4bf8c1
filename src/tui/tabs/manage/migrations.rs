//! The Migrations view: a form to start moving a VM to a scale set, and the
//! migrations being watched, each with a gauge, its elapsed time, the next
//! poll and its final state.
//!
//! # Data flow
//!
//! [`MigrationsView::handle`] returns [`ManageOutcome::Migrate`] with a
//! checked VM name and [`MigrationInput`]; on the 202 the caller calls
//! [`MigrationsView::watch`] with the `Location` and `Retry-After`. The
//! caller asks [`MigrationsView::due`] which to poll at each tick and feeds
//! the answers to [`MigrationsView::update`]. Times are unix seconds from the
//! caller's clock ([`MigrationsView::set_now`]), so [`Watched`] is plain data:
//! it is serialized and restored ([`MigrationsView::restore`]) so reopening
//! the workbench resumes the watch.

use crossterm::event::KeyEvent;
use serde::{Deserialize, Serialize};

use super::ManageOutcome;
use super::field::{Field, FormKey, form_key};
use crate::api::manage::MigrationInput;
use crate::tui::keymap::Action;

impl Watched {
    /// The request that looks at it now.
    pub fn poll(&self) -> ManageOutcome {
        ManageOutcome::PollMigration {
            id: self.id.clone(),
            status_url: self.status_url.clone(),
        }
    }
}

/// Where a watched migration is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WatchStatus {
    Running { percent: Option<f64> },
    Succeeded,
    Failed(String),
}

impl WatchStatus {
    pub fn is_final(&self) -> bool {
        !matches!(self, WatchStatus::Running { .. })
    }
}

/// One migration being watched.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Watched {
    /// The monitoring address (`Location` of the 202).
    pub id: String,
    pub vm: String,
    /// Unix seconds.
    pub started_at: i64,
    pub status: WatchStatus,
    /// When to poll next (unix seconds); `None` once final.
    pub next_poll: Option<i64>,
    /// When the final state was seen (unix seconds).
    #[serde(default)]
    pub finished_at: Option<i64>,
    /// The `Azure-AsyncOperation` URL, when the service sent one: polled
    /// instead of the Location for its progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_url: Option<String>,
}

pub const VM: usize = 0;
pub const ZONE: usize = 1;
pub const SIZE: usize = 2;
pub const FAULT_DOMAIN: usize = 3;
/// An availability set: every VM of it (or those named) migrated at once.
pub const AVSET: usize = 4;
/// Focus past the fields: the watched list.
pub const LIST: usize = 5;

#[derive(Clone, Debug)]
pub struct MigrationsView {
    pub(super) fields: [Field; 5],
    pub(super) focus: usize,
    pub(super) editing: bool,
    pub(super) watched: Vec<Watched>,
    pub(super) selected: usize,
    pub(super) now: i64,
    /// Bulk migrations of availability sets, newest first (`bulk.rs`).
    pub(super) bulks: Vec<crate::client::manage::BulkMigration>,
}

impl Default for MigrationsView {
    fn default() -> Self {
        Self {
            fields: [
                Field::new("VM name"),
                Field::new("Target zone"),
                Field::new("VM size"),
                Field::new("Fault domain"),
                Field::new("Avail. set"),
            ],
            focus: 0,
            editing: false,
            watched: Vec::new(),
            selected: 0,
            now: 0,
            bulks: Vec::new(),
        }
    }
}

impl MigrationsView {
    pub fn field_mut(&mut self, i: usize) -> Option<&mut Field> {
        self.fields.get_mut(i)
    }

    pub fn editing(&self) -> bool {
        self.editing
    }

    /// Checks the form: the VM name (or names, with a set; none: all of
    /// it) and body when valid, else inline errors.
    pub fn submit(&mut self) -> Option<(String, MigrationInput)> {
        let vm = self.fields[VM].value().to_string();
        let set = !self.fields[AVSET].value().is_empty();
        self.fields[VM].error = (vm.is_empty() && !set).then(|| "required (or an availability set)".into());
        let zone = self.fields[ZONE].value().to_string();
        self.fields[ZONE].error =
            (!matches!(zone.as_str(), "" | "1" | "2" | "3")).then(|| "1, 2, 3 or empty".into());
        let fd = self.fields[FAULT_DOMAIN].value();
        let fault = match fd {
            "" => Ok(None),
            v => match v.parse::<i32>() {
                Ok(n) if n >= 0 => Ok(Some(n)),
                _ => Err("a whole number ≥ 0, or empty".to_string()),
            },
        };
        self.fields[FAULT_DOMAIN].error = fault.as_ref().err().cloned();
        let size = self.fields[SIZE].value().to_string();
        if self.fields.iter().any(|f| f.error.is_some()) {
            return None;
        }
        let input = MigrationInput {
            target_fault_domain: fault.ok()?,
            target_vm_size: (!size.is_empty()).then_some(size),
            target_zone: (!zone.is_empty()).then_some(zone),
        };
        self.editing = false;
        Some((vm, input))
    }

    /// The clock, for elapsed times and countdowns.
    pub fn set_now(&mut self, now: i64) {
        self.now = now;
    }

    /// Starts watching an accepted migration; first poll after `retry_after` s.
    pub fn watch(&mut self, id: impl Into<String>, vm: impl Into<String>, now: i64, retry_after: u64) {
        let id = id.into();
        self.watched.retain(|w| w.id != id);
        self.watched.push(Watched {
            id,
            vm: vm.into(),
            started_at: now,
            status: WatchStatus::Running { percent: None },
            next_poll: Some(now.saturating_add_unsigned(retry_after)),
            finished_at: None,
            status_url: None,
        });
        self.now = self.now.max(now);
    }

    /// A poll's answer: the new status and, while running, the next poll.
    pub fn update(&mut self, id: &str, status: WatchStatus, now: i64, next_poll: Option<i64>) {
        self.now = self.now.max(now);
        if let Some(w) = self.watched.iter_mut().find(|w| w.id == id) {
            let done = status.is_final();
            w.status = status;
            w.next_poll = if done { None } else { next_poll };
            w.finished_at = if done { w.finished_at.or(Some(now)) } else { None };
        }
    }

    /// The status URL to poll `id` by.
    pub fn set_status_url(&mut self, id: &str, url: Option<String>) {
        if let Some(w) = self.watched.iter_mut().find(|w| w.id == id) {
            w.status_url = url;
        }
    }

    /// The service refused to start the migration: said under the VM name.
    pub fn refused(&mut self, message: &str) {
        self.fields[VM].error = Some(message.to_owned());
        self.focus = VM;
    }

    /// The ids whose next poll is due at `now`.
    pub fn due(&self, now: i64) -> Vec<&str> {
        self.watched
            .iter()
            .filter(|w| w.next_poll.is_some_and(|t| t <= now))
            .map(|w| w.id.as_str())
            .collect()
    }

    pub fn watched(&self) -> &[Watched] {
        &self.watched
    }

    /// Resumes watches stored by an earlier session.
    pub fn restore(&mut self, watched: Vec<Watched>) {
        self.watched = watched;
        self.selected = self.selected.min(self.watched.len().saturating_sub(1));
    }

    pub fn handles(action: Action) -> bool {
        super::field::form_handles(action) || matches!(action, Action::PickSource | Action::CopyTarget)
    }

    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        let on_list = self.focus == LIST && !self.editing;
        match action {
            Some(Action::ScrollDown) if on_list => {
                self.selected = (self.selected + 1).min(self.watched.len().saturating_sub(1));
            }
            Some(Action::ScrollUp) if on_list => self.selected = self.selected.saturating_sub(1),
            Some(Action::PickSource) if !self.editing && matches!(self.focus, VM | AVSET) => {
                return ManageOutcome::ListVms { field: self.focus };
            }
            Some(Action::CopyTarget) if !self.editing => return self.copy(on_list),
            Some(Action::Refresh) if on_list => match self.watched.get(self.selected) {
                Some(w) if !w.status.is_final() => return w.poll(),
                _ => {}
            },
            Some(Action::Back) if on_list => match self.watched.get(self.selected) {
                Some(w) if w.status.is_final() => {
                    let id = self.watched.remove(self.selected).id;
                    self.selected = self.selected.min(self.watched.len().saturating_sub(1));
                    return ManageOutcome::Forget(id);
                }
                _ => {}
            },
            _ => {
                let (fields, focus, editing) = (&mut self.fields, &mut self.focus, &mut self.editing);
                match form_key(fields, focus, editing, LIST, action, key) {
                    FormKey::Submit => return self.submit_outcome(),
                    FormKey::Ignored => return ManageOutcome::Ignored,
                    FormKey::Handled => {}
                }
            }
        }
        ManageOutcome::Handled
    }

    /// `y`: on the list the selected migration, else the newest bulk (its
    /// counts and every VM with a failure's whole reason).
    fn copy(&self, on_list: bool) -> ManageOutcome {
        if let Some(w) = self
            .watched
            .get(self.selected)
            .filter(|_| on_list || self.bulks.is_empty())
        {
            let status = match &w.status {
                WatchStatus::Running { percent } => format!("running {}", percent.unwrap_or(0.0)),
                WatchStatus::Succeeded => "succeeded".into(),
                WatchStatus::Failed(reason) => format!("failed: {reason}"),
            };
            return ManageOutcome::Copy {
                label: "the migration",
                text: format!("{}: {status}\n{}", w.vm, w.id),
            };
        }
        let Some(b) = self.bulks.first() else {
            return ManageOutcome::Handled;
        };
        let mut text = b.headline();
        for v in &b.vms {
            text.push_str(&format!("\n{} {}", v.vm, v.state.label()));
            if let crate::client::manage::BulkState::Failed { reason } = &v.state {
                text.push_str(&format!(": {reason}"));
            }
        }
        ManageOutcome::Copy {
            label: "the bulk migration",
            text,
        }
    }

    fn submit_outcome(&mut self) -> ManageOutcome {
        let set = self.fields[AVSET].value().to_string();
        match self.submit() {
            Some((vms, input)) if !set.is_empty() => ManageOutcome::MigrateSet {
                set,
                vms: vms
                    .split([',', ' '])
                    .filter(|v| !v.is_empty())
                    .map(str::to_owned)
                    .collect(),
                input,
            },
            Some((vm, input)) => ManageOutcome::Migrate { vm, input },
            None => ManageOutcome::Handled,
        }
    }

    /// A value picked for field `field`: a VM name is added to those there
    /// (a set's subset), a set replaces the field's value.
    pub fn picked(&mut self, field: usize, value: &str) {
        let Some(now) = self.fields.get(field).map(|f| f.value().to_string()) else {
            return;
        };
        let subset = field == VM && !now.is_empty() && !self.fields[AVSET].value().is_empty();
        match subset {
            true => self.fields[VM].set(&format!("{now}, {value}")),
            false => self.fields[field].set(value),
        }
        self.fields[field].error = None;
        self.focus = field;
    }

    /// The set could not be read or named a VM it does not have.
    pub fn set_refused(&mut self, message: &str) {
        self.fields[AVSET].error = Some(message.to_owned());
        self.focus = AVSET;
    }
}
