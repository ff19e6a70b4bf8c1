//! The Refresh view: a form for a database refresh (project, source and
//! target environment), checked before anything is sent, and the result:
//! the refusal (IsSuccess=false: ErrorMessage and OperationActivityId), or
//! the accepted operation followed as a timeline of its statuses.
//!
//! # Data flow
//!
//! [`RefreshView::handle`] returns [`ManageOutcome::Refresh`] with a checked
//! [`RefreshRequest`] on submit; the caller sends it and reports back with
//! [`RefreshView::result`] (or [`RefreshView::failed`]), then polls the
//! status while [`RefreshView::following`] is true and feeds each answer to
//! [`RefreshView::status_update`] with the time it came (unix seconds; the
//! clock is the caller's, so tests pin it).

use crossterm::event::{KeyCode, KeyEvent};

use super::ManageOutcome;
use super::field::Field;
use crate::api::manage::{DatabaseRefreshResult, OperationStatus, OperationStatusResult};
use crate::tui::keymap::Action;

/// A checked refresh request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefreshRequest {
    pub project_id: u64,
    pub source: String,
    pub target: String,
}

/// One status seen while following the operation.
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// IsSuccess=true: the operation and the statuses seen so far.
    Accepted {
        activity: Option<String>,
        timeline: Vec<Step>,
    },
    /// The request itself failed (network, authentication).
    Failed(String),
}

pub const PROJECT: usize = 0;
pub const SOURCE: usize = 1;
pub const TARGET: usize = 2;

#[derive(Clone, Debug)]
pub struct RefreshView {
    pub(super) fields: [Field; 3],
    pub(super) focus: usize,
    pub(super) editing: bool,
    /// A problem of the form as a whole (source = target).
    pub(super) form_error: Option<String>,
    pub result: RefreshResult,
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
        Some(request)
    }

    /// The answer of the refresh call.
    pub fn result(&mut self, r: DatabaseRefreshResult) {
        self.result = if r.is_success {
            RefreshResult::Accepted {
                activity: r.operation_activity_id,
                timeline: Vec::new(),
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
        self.result = RefreshResult::Failed(message.into());
    }

    /// A status answer at `at` (unix seconds); a repeat of the last status
    /// is not a new step.
    pub fn status_update(&mut self, s: OperationStatusResult, at: i64) {
        let RefreshResult::Accepted { timeline, .. } = &mut self.result else {
            return;
        };
        let Some(status) = s.operation_status else {
            return;
        };
        if timeline.last().is_some_and(|l| l.status == status) {
            return;
        }
        timeline.push(Step {
            status,
            at,
            message: s.error_message.filter(|m| !m.is_empty()),
        });
    }

    /// The accepted operation whose status is not final yet: keep polling.
    pub fn following(&self) -> Option<&str> {
        match &self.result {
            RefreshResult::Accepted { activity, timeline }
                if !timeline.last().is_some_and(|s| s.status.is_final()) =>
            {
                Some(activity.as_deref().unwrap_or(""))
            }
            _ => None,
        }
    }

    pub fn handles(action: Action) -> bool {
        super::field::form_handles(action)
    }

    pub fn handle(&mut self, action: Option<Action>, key: &KeyEvent) -> ManageOutcome {
        let n = self.fields.len();
        match action {
            Some(Action::FocusNext | Action::ScrollDown) => self.focus = (self.focus + 1) % n,
            Some(Action::FocusPrev | Action::ScrollUp) => self.focus = (self.focus + n - 1) % n,
            Some(Action::LeaveEditor | Action::Back) if self.editing => self.editing = false,
            Some(Action::Select | Action::FocusEditor) if !self.editing => self.editing = true,
            Some(Action::Refresh) => return self.submit_outcome(),
            None if self.editing && key.code == KeyCode::Enter => return self.submit_outcome(),
            None if self.editing => {
                if self.fields[self.focus].edit(key) {
                    self.fields[self.focus].error = None;
                }
            }
            _ => return ManageOutcome::Ignored,
        }
        ManageOutcome::Handled
    }

    fn submit_outcome(&mut self) -> ManageOutcome {
        match self.submit() {
            Some(r) => ManageOutcome::Refresh(r),
            None => ManageOutcome::Handled,
        }
    }
}
