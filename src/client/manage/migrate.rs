//! Migrate a VM to a scale set and follow the operation by its Location
//! (api-facts §7): the POST answers 202 with `Location` and `Retry-After`;
//! GET on the Location answers 202 while running, 200 or 204 when done, a
//! CloudError when the operation failed. Only the Location URL is needed to
//! resume watching, so a caller may store it and come back later.

use std::time::Duration;

use reqwest::Method;

use super::auth::Audience;
use super::error::ManageError;
use super::send::{Raw, Req, generic_failure};
use super::{ManageClient, VmRef, join, seg};
use crate::api::manage::{
    AsyncOperationStatus, COMPUTE_API_VERSION, COMPUTE_PROVIDER, CloudError, MigrationInput,
};
use crate::client::retry::parse_retry_after;

/// Longest Location accepted (clients must take at least 4 KB).
const MAX_LOCATION: usize = 64 * 1024;

/// How long-running operations are polled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PollTiming {
    /// The wait when the service sent no Retry-After (60 s by the ARM convention).
    pub default: Duration,
    pub min: Duration,
    pub max: Duration,
}

impl Default for PollTiming {
    fn default() -> Self {
        Self {
            default: Duration::from_secs(60),
            min: Duration::from_secs(1),
            max: Duration::from_secs(600),
        }
    }
}

impl PollTiming {
    /// The wait before the next poll: Retry-After, else the default, clamped.
    pub fn delay(&self, retry_after: Option<Duration>) -> Duration {
        retry_after
            .unwrap_or(self.default)
            .clamp(self.min, self.max.max(self.min))
    }
}

/// An accepted migration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migration {
    /// Where to follow it; `None` when the service finished at once (200).
    pub location: Option<String>,
    /// `Azure-AsyncOperation`, when sent: a status body with the progress
    /// (preferred for polling by the convention; the Location still works).
    pub async_operation: Option<String>,
    pub retry_after: Option<Duration>,
    pub request_id: Option<String>,
}

/// One look at a running operation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Poll {
    Running { retry_after: Option<Duration> },
    Done,
}

pub(super) fn cloud_failure(raw: &Raw) -> ManageError {
    match serde_json::from_slice::<CloudError>(&raw.body) {
        Ok(error) if !matches!(raw.status, 401 | 403) || !error.error.code.is_empty() => ManageError::Cloud {
            status: raw.status,
            error: Box::new(error),
            request_id: raw.request_id(),
        },
        _ => generic_failure(raw),
    }
}

fn retry_after(raw: &Raw) -> Option<Duration> {
    raw.header("retry-after").and_then(|v| parse_retry_after(&v))
}

impl ManageClient {
    /// Starts the migration of `vm`. Path parameters are checked before
    /// anything is sent.
    pub async fn migrate(&self, vm: &VmRef, input: &MigrationInput) -> Result<Migration, ManageError> {
        vm.check()?;
        let url = join(
            &self.inner.management,
            &[
                "subscriptions",
                &seg(vm.subscription.trim()),
                "resourceGroups",
                &seg(&vm.resource_group),
                "providers",
                COMPUTE_PROVIDER,
                "virtualMachines",
                &seg(&vm.vm),
                "migrateToVirtualMachineScaleSet",
            ],
        ) + "?api-version="
            + COMPUTE_API_VERSION;
        let body = serde_json::to_vec(input).map_err(|e| ManageError::Input(e.to_string()))?;
        let raw = self
            .inner
            .send(&Req {
                op: "migrateToVirtualMachineScaleSet",
                method: Method::POST,
                url,
                audience: Audience::Arm,
                headers: Vec::new(),
                body: Some(body),
                idempotent: false,
            })
            .await?;
        match raw.status {
            202 => {
                let location = raw.header("location").ok_or_else(|| ManageError::Malformed {
                    message: "202 without a Location".into(),
                    request_id: raw.request_id(),
                })?;
                // A status URL elsewhere is not followed (the token would go
                // there); the Location alone is enough.
                let async_operation = raw
                    .header("azure-asyncoperation")
                    .and_then(|u| self.check_location(&u).ok());
                Ok(Migration {
                    location: Some(self.check_location(&location)?),
                    async_operation,
                    retry_after: retry_after(&raw),
                    request_id: raw.request_id(),
                })
            }
            200 | 204 => Ok(Migration {
                location: None,
                async_operation: None,
                retry_after: None,
                request_id: raw.request_id(),
            }),
            _ => Err(cloud_failure(&raw)),
        }
    }

    fn check_location(&self, location: &str) -> Result<String, ManageError> {
        if location.len() > MAX_LOCATION {
            return Err(ManageError::Input(format!(
                "the Location has {} bytes; at most {MAX_LOCATION}",
                location.len()
            )));
        }
        self.same_origin("Location", location)
    }

    /// A GET on an operation address the service handed out (Location or
    /// Azure-AsyncOperation), checked to stay on its origin first.
    async fn get_operation(&self, op: &'static str, address: &str) -> Result<Raw, ManageError> {
        let url = self.check_location(address)?;
        self.get(op, url).await
    }

    /// One GET on the Location of a migration.
    pub async fn poll_migration(&self, location: &str) -> Result<Poll, ManageError> {
        let raw = self
            .get_operation("migrateToVirtualMachineScaleSet/operation", location)
            .await?;
        match raw.status {
            202 => Ok(Poll::Running {
                retry_after: retry_after(&raw),
            }),
            200 | 204 => Ok(Poll::Done),
            _ => Err(cloud_failure(&raw)),
        }
    }

    /// One GET on an `Azure-AsyncOperation` URL: the operation's status
    /// body (200 whatever its state) and the `Retry-After` sent with it. A
    /// failure here means the status could not be read, not that the
    /// operation failed.
    pub async fn operation_status(
        &self,
        url: &str,
    ) -> Result<(AsyncOperationStatus, Option<Duration>), ManageError> {
        let raw = self
            .get_operation("migrateToVirtualMachineScaleSet/status", url)
            .await?;
        if raw.status != 200 {
            return Err(cloud_failure(&raw));
        }
        let status = serde_json::from_slice::<AsyncOperationStatus>(&raw.body).map_err(|e| {
            ManageError::Malformed {
                message: format!("not an operation status: {e}"),
                request_id: raw.request_id(),
            }
        })?;
        Ok((status, retry_after(&raw)))
    }

    /// Polls `location` until the operation is done or failed, waiting as
    /// the service asks (`PollTiming`), and shows each poll to `on_poll`.
    /// `first_wait` is the Retry-After of the 202 that started it, if any.
    pub async fn watch_migration(
        &self,
        location: &str,
        first_wait: Option<Duration>,
        mut on_poll: impl FnMut(&Poll),
    ) -> Result<(), ManageError> {
        let timing = self.inner.timing;
        let mut wait = first_wait.map(|w| timing.delay(Some(w)));
        loop {
            if let Some(w) = wait {
                tokio::time::sleep(w).await;
            }
            let poll = self.poll_migration(location).await?;
            on_poll(&poll);
            match poll {
                Poll::Done => return Ok(()),
                Poll::Running { retry_after } => wait = Some(timing.delay(retry_after)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_is_clamped() {
        let t = PollTiming::default();
        assert_eq!(t.delay(None), Duration::from_secs(60));
        assert_eq!(t.delay(Some(Duration::ZERO)), Duration::from_secs(1));
        assert_eq!(t.delay(Some(Duration::from_secs(3600))), Duration::from_secs(600));
        assert_eq!(t.delay(Some(Duration::from_secs(15))), Duration::from_secs(15));
    }
}
