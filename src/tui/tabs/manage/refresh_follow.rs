//! Followed database refreshes: every accepted refresh is followed until
//! its status is final, several at once, each read every `refresh_every`;
//! the list is stored with the watched migrations, so a restart resumes
//! them. A final status keeps its reason in full (the service's
//! `ErrorMessage`), or says the service gave none.

use serde::{Deserialize, Serialize};

use super::ManageOutcome;
use super::refresh::{RefreshRequest, RefreshView, Step};
use crate::api::manage::{OperationStatus, OperationStatusResult};

/// One refresh followed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Followed {
    pub project_id: u64,
    pub source: String,
    pub target: String,
    /// The refresh's `OperationActivityId`.
    pub activity: String,
    /// When it was accepted (unix seconds).
    pub started_at: i64,
    /// The statuses seen, each once.
    pub timeline: Vec<Step>,
    /// When to read its status next (unix seconds); `None` once final.
    pub next_read: Option<i64>,
    /// Why the last status read brought no status (kept until one does).
    #[serde(default)]
    pub problem: Option<String>,
}

impl Followed {
    /// A refresh just accepted as `activity` at `at`.
    pub fn new(request: &RefreshRequest, activity: String, at: i64) -> Self {
        Self {
            project_id: request.project_id,
            source: request.source.clone(),
            target: request.target.clone(),
            activity,
            started_at: at,
            timeline: Vec::new(),
            next_read: Some(at),
            problem: None,
        }
    }

    /// Its last status.
    pub fn status(&self) -> Option<OperationStatus> {
        self.timeline.last().map(|s| s.status)
    }

    /// Whether no further change is expected.
    pub fn is_final(&self) -> bool {
        self.next_read.is_none()
    }

    /// The request that reads its status (of the target environment).
    pub fn read(&self) -> ManageOutcome {
        ManageOutcome::RefreshStatus {
            project: self.project_id.to_string(),
            environment: self.target.clone(),
            activity: self.activity.clone(),
        }
    }

    /// Why it ended as it did, in full: the service's reason, or that it
    /// gave none; `None` while running or once completed.
    pub fn reason(&self) -> Option<String> {
        let last = self.timeline.last();
        match last.map(|s| s.status) {
            Some(OperationStatus::Completed | OperationStatus::SignedOff) | None => self.problem.clone(),
            Some(s) if s.is_final() => Some(
                last.and_then(|s| s.message.clone())
                    .unwrap_or_else(|| format!("{s:?}: the service gave no reason (ErrorMessage empty)")),
            ),
            _ => self.problem.clone(),
        }
    }

    /// Everything about it as text (what `y` copies).
    pub fn text(&self) -> String {
        let mut out = format!(
            "Database refresh {}\nProject {}\nSource {}\nTarget {}\n",
            self.activity, self.project_id, self.source, self.target
        );
        for s in &self.timeline {
            out.push_str(&format!("{} {:?}", super::refresh_view::clock(s.at), s.status));
            if let Some(m) = &s.message {
                out.push_str(&format!(": {m}"));
            }
            out.push('\n');
        }
        if let Some(r) = self.reason() {
            out.push_str(&format!("Reason: {r}\n"));
        }
        out.trim_end().to_owned()
    }
}

impl RefreshView {
    /// The refreshes followed, newest first.
    pub fn followed(&self) -> &[Followed] {
        &self.followed
    }

    /// Resumes the refreshes an earlier run was following.
    pub fn restore(&mut self, followed: Vec<Followed>) {
        self.followed = followed;
        self.selected = self.selected.min(self.followed.len().saturating_sub(1));
    }

    /// The newest refresh not final yet.
    pub fn following(&self) -> Option<&str> {
        self.followed
            .iter()
            .find(|f| !f.is_final())
            .map(|f| f.activity.as_str())
    }

    /// The activities whose status read is due at `now` (unix seconds).
    pub fn due(&self, now: i64) -> Vec<&Followed> {
        self.followed
            .iter()
            .filter(|f| f.next_read.is_some_and(|t| t <= now))
            .collect()
    }

    /// A status answer for `activity` at `at` (unix seconds); the next read
    /// `every` seconds later unless it is final. A repeat of the last status
    /// is not a new step. Returns the refresh when this answer made it final.
    pub fn status_update(
        &mut self,
        activity: &str,
        s: OperationStatusResult,
        at: i64,
        every: i64,
    ) -> Option<&Followed> {
        let f = self.followed.iter_mut().find(|f| f.activity == activity)?;
        if f.is_final() {
            return None;
        }
        let Some(status) = s.operation_status.filter(|_| s.is_success) else {
            // Refused (an unknown activity): nothing will change; say why.
            f.problem = Some(
                s.error_message
                    .unwrap_or_else(|| "the status was refused without a message".into()),
            );
            f.next_read = None;
            return Some(f);
        };
        f.problem = None;
        if f.status() != Some(status) {
            let message = s.error_message.filter(|m| !m.is_empty());
            f.timeline.push(Step { status, at, message });
        }
        f.next_read = (!status.is_final()).then_some(at + every);
        f.is_final().then_some(&*f)
    }

    /// A status read that brought no answer: tried again `every` seconds later.
    pub fn status_unread(&mut self, activity: &str, error: String, at: i64, every: i64) {
        if let Some(f) = self.followed.iter_mut().find(|f| f.activity == activity) {
            f.problem = Some(format!("status not read: {error}"));
            f.next_read = Some(at + every);
        }
    }

    /// The selected refresh, when the list has the focus or anything is followed.
    pub fn selected(&self) -> Option<&Followed> {
        self.followed.get(self.selected)
    }
}
