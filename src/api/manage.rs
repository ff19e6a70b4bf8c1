//! The management contract (spec/management.md, api-facts §6-8) as types:
//! data-share synchronizations, the LCS database refresh and its status, VM
//! migration to a scale set, and their error bodies. Shared by the client
//! (which parses them) and the sandbox (which produces them). No IO.
//!
//! Field names are the wire names exactly: camelCase for the ARM resources,
//! PascalCase for LCS (`IsSuccess`, `OperationActivityId`, ...).

use serde::{Deserialize, Serialize};

/// `api-version` of list synchronizations the client sends.
pub const DATA_SHARE_API_VERSION: &str = "2021-08-01";
/// Every published api-version of list synchronizations (the sandbox accepts these).
pub const DATA_SHARE_API_VERSIONS: [&str; 3] = ["2019-11-01", "2020-09-01", "2021-08-01"];
/// `api-version` of migrate to scale set the client sends.
pub const COMPUTE_API_VERSION: &str = "2026-03-01";
/// The api-versions that have migrateToVirtualMachineScaleSet, oldest first.
pub const COMPUTE_API_VERSIONS: [&str; 5] = [
    "2024-11-01",
    "2025-04-01",
    "2025-11-01",
    "2026-03-01",
    "2026-04-01",
];
/// The `x-ms-version` header LCS requires.
pub const LCS_VERSION: &str = "2017-09-15";
/// Provider namespaces in the ARM paths.
pub const DATA_SHARE_PROVIDER: &str = "Microsoft.DataShare";
pub const COMPUTE_PROVIDER: &str = "Microsoft.Compute";
/// `VersionEOL` while the API version is not deprecated (.NET DateTime.MaxValue).
pub const VERSION_EOL_NONE: &str = "9999-12-31T23:59:59.9999999";

/// Incremental or FullSync.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SynchronizationMode {
    Incremental,
    FullSync,
}

impl SynchronizationMode {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Incremental => "Incremental",
            Self::FullSync => "FullSync",
        }
    }
}

/// One synchronization run of a share (spec 2.1). Every field is optional on
/// the wire; `status` is a raw string with no enum.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShareSynchronization {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consumer_email: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consumer_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consumer_tenant_name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<i32>,
    /// RFC 3339 date-time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synchronization_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synchronization_mode: Option<SynchronizationMode>,
}

/// A page of synchronizations (spec 2.2): `value` is required.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShareSynchronizationList {
    pub value: Vec<ShareSynchronization>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next_link: Option<String>,
}

/// The inner error of a data-share error, with nested details.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataShareErrorInfo {
    pub code: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<DataShareErrorInfo>,
}

/// `{"error": {...}}` of Data Share (spec 2.3).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DataShareError {
    pub error: DataShareErrorInfo,
}

/// The answer of a database refresh (spec 2.4); success is `is_success`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct DatabaseRefreshResult {
    pub is_success: bool,
    #[serde(default)]
    pub operation_activity_id: Option<String>,
    #[serde(default)]
    pub error_message: Option<String>,
    #[serde(default, rename = "VersionEOL")]
    pub version_eol: Option<String>,
}

/// LCS operation states (api-facts §8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OperationStatus {
    NotStarted,
    InProgress,
    Completed,
    Failed,
    SignedOff,
    Aborted,
    RollbackInProgress,
    RollbackFailed,
    RollbackCompleted,
}

impl OperationStatus {
    /// No further change is expected.
    pub fn is_final(self) -> bool {
        !matches!(
            self,
            Self::NotStarted | Self::InProgress | Self::RollbackInProgress
        )
    }
}

/// The answer of LCS fetchstatus (api-facts §8): the refresh result fields
/// plus the operation's state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "PascalCase")]
pub struct OperationStatusResult {
    pub is_success: bool,
    #[serde(default)]
    pub operation_activity_id: Option<String>,
    #[serde(default)]
    pub error_message: Option<String>,
    #[serde(default, rename = "VersionEOL")]
    pub version_eol: Option<String>,
    #[serde(default)]
    pub project_id: Option<u64>,
    #[serde(default)]
    pub environment_id: Option<String>,
    #[serde(default)]
    pub activity_id: Option<String>,
    #[serde(default)]
    pub completion_date: Option<String>,
    #[serde(default)]
    pub operation_status: Option<OperationStatus>,
}

/// The body of migrate to scale set (spec 2.5); every field optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MigrationInput {
    #[serde(
        rename = "targetFaultDomain",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub target_fault_domain: Option<i32>,
    #[serde(rename = "targetVMSize", default, skip_serializing_if = "Option::is_none")]
    pub target_vm_size: Option<String>,
    #[serde(rename = "targetZone", default, skip_serializing_if = "Option::is_none")]
    pub target_zone: Option<String>,
}

/// `innererror` of a compute error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct InnerError {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errordetail: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exceptiontype: Option<String>,
}

/// One entry of `details` of a compute error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiErrorBase {
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

/// The `error` of a compute error.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ApiError {
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<ApiErrorBase>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub innererror: Option<InnerError>,
}

/// `{"error": {...}}` of Compute (spec 2.6).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CloudError {
    pub error: ApiError,
}

/// The body of an `Azure-AsyncOperation` URL (api-facts §7): always 200;
/// only `status` is required. `Succeeded`, `Failed` and `Canceled` are
/// final, anything else is still running.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AsyncOperationStatus {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_time: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_time: Option<String>,
    /// 0 to 100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent_complete: Option<f64>,
    /// Set when the status is Failed or Canceled.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ApiError>,
}

impl AsyncOperationStatus {
    pub fn is_final(&self) -> bool {
        matches!(self.status.as_str(), "Succeeded" | "Failed" | "Canceled")
    }
}

/// A resource group name as the migrate operation allows it: 1 to 90
/// characters (compared case-insensitively by the service).
pub fn check_resource_group(name: &str) -> Result<(), String> {
    match name.chars().count() {
        0 => Err("the resource group name is empty".into()),
        n if n > 90 => Err(format!("the resource group name has {n} characters; at most 90")),
        _ => Ok(()),
    }
}

/// A path parameter that must not be empty (subscriptionId, api-version, ...).
pub fn check_non_empty(what: &str, value: &str) -> Result<(), String> {
    if value.trim().is_empty() {
        Err(format!("{what} is empty"))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_names_are_exact() {
        let r: DatabaseRefreshResult = serde_json::from_str(
            r#"{"IsSuccess":false,"OperationActivityId":"55eb4327-9346-4c7b-82bd-fe8ef15112c6",
               "ErrorMessage":"Maximum allowed API operations are 3 from 2019-09-30T04:01:01.9999999",
               "VersionEOL":"9999-12-31T23:59:59.9999999"}"#,
        )
        .unwrap();
        assert!(!r.is_success && r.error_message.unwrap().starts_with("Maximum"));
        let s: OperationStatusResult = serde_json::from_str(
            r#"{"IsSuccess":true,"OperationActivityId":"6a90b45f","ErrorMessage":null,
               "VersionEOL":"9999-12-31T23:59:59.9999999","ProjectId":12345,"EnvironmentId":"5362377c",
               "ActivityId":"55eb4327","CompletionDate":null,"OperationStatus":"InProgress"}"#,
        )
        .unwrap();
        assert_eq!(s.operation_status, Some(OperationStatus::InProgress));
        let input = MigrationInput {
            target_fault_domain: Some(0),
            target_vm_size: Some("Standard_D1_v2".into()),
            target_zone: None,
        };
        assert_eq!(
            serde_json::to_string(&input).unwrap(),
            r#"{"targetFaultDomain":0,"targetVMSize":"Standard_D1_v2"}"#
        );
        let list: ShareSynchronizationList = serde_json::from_str(
            r#"{"value":[{"endTime":"2018-11-14T04:47:52.9614956Z","startTime":"2018-11-14T04:47:52.9614956Z",
               "durationMs":2000,"status":"Completed","message":"nda","consumerTenantName":"nda",
               "consumerName":"abc@yahoo.com","synchronizationId":"runId","synchronizationMode":"Incremental"}]}"#,
        )
        .unwrap();
        assert_eq!(
            list.value[0].synchronization_mode,
            Some(SynchronizationMode::Incremental)
        );
        assert_eq!(list.next_link, None);
    }

    #[test]
    fn path_checks() {
        assert!(check_resource_group("demo-rg").is_ok());
        assert!(check_resource_group("").is_err());
        assert!(check_resource_group(&"r".repeat(91)).is_err());
        assert!(check_resource_group(&"r".repeat(90)).is_ok());
        assert!(check_non_empty("subscriptionId", " ").is_err());
    }
}
