//! The LCS database refresh and its status (api-facts §8). LCS answers 200
//! whatever happened unless the token is refused; success is `IsSuccess`, so
//! `IsSuccess: false` becomes the typed `ManageError::RefreshRefused`.

use std::time::Duration;

use reqwest::Method;
use serde::de::DeserializeOwned;

use super::auth::Audience;
use super::error::ManageError;
use super::send::{Raw, Req, generic_failure};
use super::{ManageClient, check_guid, join, seg};
use crate::api::manage::{DatabaseRefreshResult, LCS_VERSION, OperationStatusResult, check_non_empty};

/// A refresh LCS accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RefreshStarted {
    /// `OperationActivityId`: the id to ask the status with.
    pub activity_id: String,
    /// The answer as LCS sent it.
    pub result: DatabaseRefreshResult,
}

fn check_project(project: &str) -> Result<(), ManageError> {
    check_non_empty("projectId", project).map_err(ManageError::Input)?;
    if project.bytes().all(|b| b.is_ascii_digit()) {
        Ok(())
    } else {
        Err(ManageError::Input(format!(
            "projectId {project:?} is not a number"
        )))
    }
}

fn read<T: DeserializeOwned>(raw: &Raw) -> Result<T, ManageError> {
    if raw.status != 200 {
        return Err(generic_failure(raw));
    }
    serde_json::from_slice(&raw.body).map_err(|e| ManageError::Malformed {
        message: format!("not an LCS result: {e}"),
        request_id: raw.request_id(),
    })
}

impl ManageClient {
    fn lcs_req(&self, op: &'static str, method: Method, url: String, idempotent: bool) -> Req {
        Req {
            op,
            method,
            url,
            audience: Audience::Lcs,
            headers: vec![("x-ms-version", LCS_VERSION.to_owned())],
            body: None,
            idempotent,
        }
    }

    /// Starts a refresh of `target` from `source` (environment GUIDs) in
    /// `project`; returns the operation's activity id.
    pub async fn refresh(
        &self,
        project: &str,
        source: &str,
        target: &str,
    ) -> Result<RefreshStarted, ManageError> {
        check_project(project)?;
        check_guid("sourceEnvironmentId", source).map_err(ManageError::Input)?;
        check_guid("targetEnvironmentId", target).map_err(ManageError::Input)?;
        let url = join(
            &self.inner.lcs,
            &[
                "databasemovement",
                "v1",
                "refresh",
                "project",
                &seg(project),
                "source",
                &seg(source.trim()),
                "target",
                &seg(target.trim()),
            ],
        );
        let mut req = self.lcs_req("refresh", Method::POST, url, false);
        req.headers.push(("content-type", "application/json".to_owned()));
        let raw = self.inner.send(&req).await?;
        let result: DatabaseRefreshResult = read(&raw)?;
        if !result.is_success {
            return Err(ManageError::RefreshRefused {
                message: super::error::clean(result.error_message.as_deref().unwrap_or("no ErrorMessage")),
                activity_id: result.operation_activity_id,
            });
        }
        let activity_id = result
            .operation_activity_id
            .clone()
            .filter(|a| !a.is_empty())
            .ok_or_else(|| ManageError::Malformed {
                message: "IsSuccess without an OperationActivityId".into(),
                request_id: raw.request_id(),
            })?;
        Ok(RefreshStarted { activity_id, result })
    }

    /// The state of an operation (`fetchstatus`).
    pub async fn refresh_status(
        &self,
        project: &str,
        environment: &str,
        activity: &str,
    ) -> Result<OperationStatusResult, ManageError> {
        check_project(project)?;
        check_guid("environmentId", environment).map_err(ManageError::Input)?;
        check_non_empty("operationActivityId", activity).map_err(ManageError::Input)?;
        let url = join(
            &self.inner.lcs,
            &[
                "databasemovement",
                "v1",
                "fetchstatus",
                "project",
                &seg(project),
                "environment",
                &seg(environment.trim()),
                "operationactivity",
                &seg(activity.trim()),
            ],
        );
        let raw = self
            .inner
            .send(&self.lcs_req("fetchstatus", Method::GET, url, true))
            .await?;
        let status: OperationStatusResult = read(&raw)?;
        if !status.is_success {
            return Err(ManageError::RefreshRefused {
                message: super::error::clean(status.error_message.as_deref().unwrap_or("no ErrorMessage")),
                activity_id: status.operation_activity_id,
            });
        }
        Ok(status)
    }

    /// Asks the status every `interval` until it is final, showing each one
    /// to `on_status`; returns the final one.
    pub async fn follow_refresh(
        &self,
        project: &str,
        environment: &str,
        activity: &str,
        interval: Duration,
        mut on_status: impl FnMut(&OperationStatusResult),
    ) -> Result<OperationStatusResult, ManageError> {
        loop {
            let status = self.refresh_status(project, environment, activity).await?;
            on_status(&status);
            if status.operation_status.is_some_and(|s| s.is_final()) {
                return Ok(status);
            }
            tokio::time::sleep(interval).await;
        }
    }
}
