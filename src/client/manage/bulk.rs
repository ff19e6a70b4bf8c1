//! A bulk migration: every VM of an availability set (or a chosen subset)
//! moved to a flexible scale set, at most `max_parallel` at once, each
//! followed at its own `Retry-After`. Plain data, serialized as it is, so a
//! caller stores it after every change (`store::bulk`) and resumes it after
//! a restart; no IO here but [`ManageClient::look`].
//!
//! ```text
//! BulkMigration::new(group, set, vms, input, max_parallel, now)
//!   loop: to_start()  → client.migrate(..)     → started(vm, result, now)
//!         due(now)    → client.look(loc, url)  → looked(vm, result, now)
//!         sleep until next_wake(); stop when is_done()
//! ```
//!
//! A VM is `Pending` until a slot frees, `Running` from its 202 until the
//! operation ends, then `Succeeded` or `Failed` with the full reason (the
//! service's error text, never cut). A poll that could not be read (no
//! answer, a 5xx after retries) leaves the VM running and is tried again.

use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::error::{ManageError, clean_full};
use super::lists::GroupRef;
use super::migrate::{Migration, Poll};
use super::{ManageClient, VmRef};
use crate::api::manage::MigrationInput;

/// The default cap on migrations running at once.
pub const DEFAULT_MAX_PARALLEL: usize = 4;

/// Where one VM of a bulk migration is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "camelCase")]
pub enum BulkState {
    Pending,
    Running {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        percent: Option<f64>,
    },
    Succeeded,
    Failed {
        reason: String,
    },
}

impl BulkState {
    pub fn is_final(&self) -> bool {
        matches!(self, BulkState::Succeeded | BulkState::Failed { .. })
    }

    /// `Pending`, `InProgress`, `Succeeded`, `Failed`.
    pub fn label(&self) -> &'static str {
        match self {
            BulkState::Pending => "Pending",
            BulkState::Running { .. } => "InProgress",
            BulkState::Succeeded => "Succeeded",
            BulkState::Failed { .. } => "Failed",
        }
    }
}

/// One VM of a bulk migration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BulkVm {
    pub vm: String,
    #[serde(flatten)]
    pub state: BulkState,
    /// The monitoring address (`Location` of the 202).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// `Azure-AsyncOperation`, when sent: polled for the progress.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status_url: Option<String>,
    /// When to look next (unix ms); `None` unless running.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_poll_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_ms: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub finished_ms: Option<i64>,
    /// Why the last look failed to read (the VM stays running).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_problem: Option<String>,
}

/// The counts of a bulk migration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BulkCounts {
    pub total: usize,
    pub pending: usize,
    pub running: usize,
    pub succeeded: usize,
    pub failed: usize,
}

impl BulkCounts {
    pub fn done(&self) -> usize {
        self.succeeded + self.failed
    }
}

/// What one look at a running migration found.
#[derive(Clone, Debug, PartialEq)]
pub enum Look {
    Running {
        percent: Option<f64>,
        retry_after: Option<Duration>,
    },
    Succeeded,
    /// The operation failed: its full reason.
    Failed(String),
}

/// The migration of several VMs of one availability set.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BulkMigration {
    pub id: String,
    pub subscription: String,
    pub resource_group: String,
    pub availability_set: String,
    #[serde(default)]
    pub input: MigrationInput,
    pub max_parallel: usize,
    pub created_ms: i64,
    pub vms: Vec<BulkVm>,
}

impl BulkMigration {
    /// A new bulk migration of `vms`, all pending.
    pub fn new(
        group: &GroupRef,
        availability_set: &str,
        vms: Vec<String>,
        input: MigrationInput,
        max_parallel: usize,
        now_ms: i64,
    ) -> Self {
        Self {
            id: uuid::Uuid::new_v4().to_string(),
            subscription: group.subscription.clone(),
            resource_group: group.resource_group.clone(),
            availability_set: availability_set.to_owned(),
            input,
            max_parallel: max_parallel.max(1),
            created_ms: now_ms,
            vms: vms
                .into_iter()
                .map(|vm| BulkVm {
                    vm,
                    state: BulkState::Pending,
                    location: None,
                    status_url: None,
                    next_poll_ms: None,
                    started_ms: None,
                    finished_ms: None,
                    last_problem: None,
                })
                .collect(),
        }
    }

    /// `web-avset: 3 of 4 done: 2 succeeded, 1 failed, 1 running, 0 waiting`
    /// (the running and waiting counts only while any are left).
    pub fn headline(&self) -> String {
        let c = self.counts();
        let mut text = format!(
            "{}: {} of {} done: {} succeeded, {} failed",
            self.availability_set,
            c.done(),
            c.total,
            c.succeeded,
            c.failed
        );
        if c.running + c.pending > 0 {
            text.push_str(&format!(", {} running, {} waiting", c.running, c.pending));
        }
        text
    }

    pub fn counts(&self) -> BulkCounts {
        let mut c = BulkCounts {
            total: self.vms.len(),
            ..BulkCounts::default()
        };
        for v in &self.vms {
            match v.state {
                BulkState::Pending => c.pending += 1,
                BulkState::Running { .. } => c.running += 1,
                BulkState::Succeeded => c.succeeded += 1,
                BulkState::Failed { .. } => c.failed += 1,
            }
        }
        c
    }

    pub fn is_done(&self) -> bool {
        self.vms.iter().all(|v| v.state.is_final())
    }

    /// The path of one of its VMs.
    pub fn vm_ref(&self, vm: &str) -> VmRef {
        VmRef {
            subscription: self.subscription.clone(),
            resource_group: self.resource_group.clone(),
            vm: vm.to_owned(),
        }
    }

    /// The pending VMs to start now: as many as the cap leaves, in order.
    pub fn to_start(&self) -> Vec<String> {
        let c = self.counts();
        let free = self.max_parallel.saturating_sub(c.running);
        self.vms
            .iter()
            .filter(|v| v.state == BulkState::Pending)
            .take(free)
            .map(|v| v.vm.clone())
            .collect()
    }

    /// The running VMs due for a look at `now_ms`.
    pub fn due(&self, now_ms: i64) -> Vec<&BulkVm> {
        self.vms
            .iter()
            .filter(|v| matches!(v.state, BulkState::Running { .. }))
            .filter(|v| v.next_poll_ms.is_none_or(|t| t <= now_ms))
            .collect()
    }

    /// When the next look is due (unix ms), if any VM is running.
    pub fn next_wake_ms(&self) -> Option<i64> {
        self.vms
            .iter()
            .filter(|v| matches!(v.state, BulkState::Running { .. }))
            .map(|v| v.next_poll_ms.unwrap_or(0))
            .min()
    }

    fn vm_mut(&mut self, vm: &str) -> Option<&mut BulkVm> {
        self.vms.iter_mut().find(|v| v.vm == vm)
    }

    /// The answer to starting `vm`; `delay` is the wait its Retry-After asks.
    pub fn started(
        &mut self,
        vm: &str,
        result: Result<Migration, ManageError>,
        delay: Duration,
        now_ms: i64,
    ) {
        let Some(v) = self.vm_mut(vm) else { return };
        v.started_ms = Some(now_ms);
        match result {
            Ok(m) if m.location.is_some() => {
                v.state = BulkState::Running { percent: Some(0.0) };
                v.location = m.location;
                v.status_url = m.async_operation;
                v.next_poll_ms = Some(now_ms + delay.as_millis() as i64);
            }
            Ok(_) => finish(v, BulkState::Succeeded, now_ms),
            Err(e) => finish(
                v,
                BulkState::Failed {
                    reason: e.full_text(),
                },
                now_ms,
            ),
        }
    }

    /// The answer to a look at `vm`; `delay` is the wait before the next one.
    pub fn looked(&mut self, vm: &str, result: Result<Look, ManageError>, delay: Duration, now_ms: i64) {
        let Some(v) = self.vm_mut(vm) else { return };
        let next = Some(now_ms + delay.as_millis() as i64);
        match result {
            Ok(Look::Running { percent, .. }) => {
                v.state = BulkState::Running {
                    percent: percent.or(match v.state {
                        BulkState::Running { percent } => percent,
                        _ => None,
                    }),
                };
                v.next_poll_ms = next;
                v.last_problem = None;
            }
            Ok(Look::Succeeded) => finish(v, BulkState::Succeeded, now_ms),
            Ok(Look::Failed(reason)) => finish(v, BulkState::Failed { reason }, now_ms),
            // The status could not be read: not the operation's failure.
            Err(
                e @ (ManageError::Transport { .. }
                | ManageError::Deadline { .. }
                | ManageError::Malformed { .. }),
            ) => {
                v.last_problem = Some(e.full_text());
                v.next_poll_ms = next;
            }
            Err(e) => finish(
                v,
                BulkState::Failed {
                    reason: e.full_text(),
                },
                now_ms,
            ),
        }
    }

    /// Every stored address passed through `f` (a local service's origin
    /// stripped before storing, the new one put back after reading).
    pub fn map_urls(&mut self, mut f: impl FnMut(&mut String)) {
        for v in &mut self.vms {
            if let Some(u) = v.location.as_mut() {
                f(u);
            }
            if let Some(u) = v.status_url.as_mut() {
                f(u);
            }
        }
    }
}

fn finish(v: &mut BulkVm, state: BulkState, now_ms: i64) {
    v.state = state;
    v.next_poll_ms = None;
    v.finished_ms = Some(now_ms);
    v.last_problem = None;
}

impl ManageClient {
    /// One look at a running migration: its `Azure-AsyncOperation` status
    /// when the service sent one (progress, and the failure's error), else
    /// its Location (202 running, 200/204 done, a CloudError failed).
    pub async fn look(&self, location: &str, status_url: Option<&str>) -> Result<Look, ManageError> {
        // A status that cannot be read says nothing of the operation: the
        // Location answers then.
        if let Some(Ok((status, retry_after))) = match status_url {
            Some(url) => Some(self.operation_status(url).await),
            None => None,
        } {
            return Ok(match status.status.as_str() {
                "Succeeded" => Look::Succeeded,
                "Failed" | "Canceled" => Look::Failed(match &status.error {
                    Some(e) => {
                        let mut text = format!("{}: {}", clean_full(&e.code), clean_full(&e.message));
                        if let Some(t) = &e.target {
                            text.push_str(&format!(" (target {})", clean_full(t)));
                        }
                        if status.status == "Canceled" {
                            text = format!("Canceled: {text}");
                        }
                        text
                    }
                    None => format!("{} (the service gave no reason)", status.status),
                }),
                _ => Look::Running {
                    percent: status.percent_complete,
                    retry_after,
                },
            });
        }
        Ok(match self.poll_migration(location).await? {
            Poll::Running { retry_after } => Look::Running {
                percent: None,
                retry_after,
            },
            Poll::Done => Look::Succeeded,
        })
    }

    /// The wait before the next poll for this `Retry-After` (the client's
    /// poll timing: the default when absent, clamped).
    pub fn poll_delay(&self, retry_after: Option<Duration>) -> Duration {
        self.inner.timing.delay(retry_after)
    }
}

#[cfg(test)]
#[path = "bulk_tests.rs"]
mod tests;
