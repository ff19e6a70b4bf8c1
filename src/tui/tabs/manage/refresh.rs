//! The Refresh view: a form for a database refresh (project, source and
//! target environment), checked before anything is sent, the last submit's
//! result (the refusal in full: IsSuccess=false, ErrorMessage and
//! OperationActivityId), and every accepted refresh followed until final
//! (`refresh_follow.rs`), several at once, resumed after a restart.
//!
//! # Data flow
//!
//! [`RefreshView::handle`] returns [`ManageOutcome::Refresh`] with a checked
//! [`RefreshRequest`] on submit; the caller sends it and reports back with
//! [`RefreshView::result`] (or [`RefreshView::failed`]); an accepted one is
//! followed: the caller asks [`RefreshView::due`] which to read at each tick
//! and feeds each answer to [`RefreshView::status_update`] with the time it
//! came (unix seconds; the clock is the caller's, so tests pin it).

use crossterm::event::KeyEvent;

use serde::{Deserialize, Serialize};

use super::ManageOutcome;
use super::field::{Field, FormKey, form_key};
use super::refresh_follow::Followed;
use crate::api::manage::{DatabaseRefreshResult, OperationStatus};
use crate::tui::keymap::Action;

/// A checked refresh request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefreshRequest {
    pub project_id: u64,
    pub source: String,
    pub target: String,
}

/// One status seen while following the operation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub status: OperationStatus,
    /// Unix seconds.
    pub at: i64,
    pub message: Option<String>,
}

/// What came of the last submit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RefreshResult {
    #[default]
    None,
    Sending,
    /// IsSuccess=false.
    Rejected {
        message: String,
        activity: Option<String>,
    },
    /// IsSuccess=true: the operation, followed in the list.
    Accepted {
        activity: Option<String>,
    },
    /// The request itself failed (network, authentication).
    Failed(String),
}

pub const PROJECT: usize = 0;
pub const SOURCE: usize = 1;
pub const TARGET: usize = 2;
/// Focus past the fields: the followed refreshes.
pub const LIST: usize = 3;

#[derive(Clone, Debug)]
pub struct RefreshView {
    pub(super) fields: [Field; 3],
    pub(super) focus: usize,
    pub(super) editing: bool,
    /// A problem of the form as a whole (source = target).
    pub(super) form_error: Option<String>,
    pub result: RefreshResult,
    /// The request on the wire (followed once accepted).
    pub(super) pending: Option<RefreshRequest>,
    /// Every accepted refresh, newest first.
    pub(super) followed: Vec<Followed>,
    /// The selected one in the list.
    pub(super) selected: usize,
}

impl Default for RefreshView {
    fn default() -> Self {
        Self {
            fields: [
                Field::new("Project id"),
                Field::new("Source env"),
                Field::new("Target env"),
            ],
            focus: 0,
            editing: false,
            form_error: None,
            result: RefreshResult::None,
            pending: None,
            followed: Vec::new(),
            selected: 0,
        }
    }
}

/// `8-4-4-4-12` hex digits.
pub fn is_guid(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.len() == 5
        && parts
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(p, n)| p.len() == n && p.chars().all(|c| c.is_ascii_hexdigit()))
}

impl RefreshView {
    pub fn field_mut(&mut self, i: usize) -> Option<&mut Field> {
        self.fields.get_mut(i)
    }

    pub fn editing(&self) -> bool {
        self.editing
    }

    /// Checks the form; the request when every field is valid, else the
    /// inline errors are set.
    pub fn submit(&mut self) -> Option<RefreshRequest> {
        let project = self.fields[PROJECT].value().to_string();
        let project_id = if project.is_empty() {
            Err("required".to_string())
        } else if !project.chars().all(|c| c.is_ascii_digit()) {
            Err("digits only".to_string())
        } else {
            project.parse::<u64>().map_err(|_| "too large".to_string())
        };
        self.fields[PROJECT].error = project_id.as_ref().err().cloned();
        for i in [SOURCE, TARGET] {
            let v = self.fields[i].value();
            self.fields[i].error = match v {
                "" => Some("required".into()),
                v if !is_guid(v) => Some("not a GUID (8-4-4-4-12 hex digits)".into()),
                _ => None,
            };
        }
        let (source, target) = (self.fields[SOURCE].value(), self.fields[TARGET].value());
        self.form_error = (!source.is_empty() && source.eq_ignore_ascii_case(target))
            .then(|| "source and target must differ".to_string());
        if self.fields.iter().any(|f| f.error.is_some()) || self.form_error.is_some() {
            return None;
        }
        let request = RefreshRequest {
            project_id: project_id.ok()?,
            source: source.to_string(),
            target: target.to_string(),
        };
        self.result = RefreshResult::Sending;
        self.editing = false;
        self.pending = Some(request.clone());
        Some(request)
    }

    /// The answer of the refresh call at `at` (unix seconds): an accepted
    /// refresh goes to the top of the followed list, read at once.
    pub fn result(&mut self, r: DatabaseRefreshResult, at: i64) {
        let pending = self.pending.take();
        self.result = if r.is_success {
            if let (Some(request), Some(activity)) = (&pending, &r.operation_activity_id) {
                self.followed
                    .insert(0, Followed::new(request, activity.clone(), at));
                self.selected = 0;
            }
            RefreshResult::Accepted {
                activity: r.operation_activity_id,
            }
        } else {
            RefreshResult::Rejected {
                message: r
                    .error_message
                    .unwrap_or_else(|| "refused without a message".into()),
                activity: r.operation_activity_id,
            }
        };
    }

    pub fn failed(&mut self, message: impl Into<String>) {
        self.pending = None;
        self.result = RefreshResult::Failed(message.into());
    }

    pub fn handles(action: Action) -> bool {
        super::field::form_handles(action) || matches!(action, Action::CopyTarget | Action::PickSource)
    }

    /// An environment picked for field `field`.
    pub fn picked(&mut self, field: usize, value: &str) {
        if let Some(f) = self.fields.get_mut(field) {
            f.set(value);
            f.error = None;
            self.focus = field;
        }
    }

    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        let on_list = self.focus == LIST && !self.editing;
        match action {
            Some(Action::ScrollDown) if on_list => {
                self.selected = (self.selected + 1).min(self.followed.len().saturating_sub(1));
            }
            Some(Action::ScrollUp) if on_list => self.selected = self.selected.saturating_sub(1),
            Some(Action::Refresh) if on_list => match self.followed.get(self.selected) {
                Some(f) if !f.is_final() => return f.read(),
                _ => {}
            },
            Some(Action::Back) if on_list => match self.followed.get(self.selected) {
                Some(f) if f.is_final() => {
                    let activity = self.followed.remove(self.selected).activity;
                    self.selected = self.selected.min(self.followed.len().saturating_sub(1));
                    return ManageOutcome::ForgetRefresh(activity);
                }
                _ => {}
            },
            Some(Action::CopyTarget) => return self.copy(),
            Some(Action::PickSource) if !self.editing && matches!(self.focus, SOURCE | TARGET) => {
                return ManageOutcome::ListEnvironments {
                    project: self.fields[PROJECT].value().to_string(),
                    field: self.focus,
                };
            }
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

    /// `y`: the selected refresh in full, else the last refusal or failure.
    fn copy(&self) -> ManageOutcome {
        let text = match (&self.result, self.selected()) {
            (_, Some(f)) if self.focus == LIST => f.text(),
            (RefreshResult::Rejected { message, .. }, _) => message.clone(),
            (RefreshResult::Failed(e), _) => e.clone(),
            (_, Some(f)) => f.text(),
            _ => return ManageOutcome::Handled,
        };
        ManageOutcome::Copy {
            label: "the refresh",
            text,
        }
    }

    fn submit_outcome(&mut self) -> ManageOutcome {
        match self.submit() {
            Some(r) => ManageOutcome::Refresh(r),
            None => ManageOutcome::Handled,
        }
    }
}
