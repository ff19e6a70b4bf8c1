//! Synthetic synchronization runs and refresh statuses for the Manage tab's tests and the frame
//! benchmark (`benches/tui`): realistic names, statuses and durations, the
//! same at every call.

use crate::api::manage::{OperationStatus, OperationStatusResult, ShareSynchronization, SynchronizationMode};

/// `n` synchronizations, one every 37 minutes from 2026-11-26 08:00 UTC.
pub fn seeded(n: usize) -> Vec<ShareSynchronization> {
    let base = 1_795_680_000_i64; // 2026-11-26T08:00:00Z
    let people = [
        "ana.lima",
        "bo.chen",
        "chidi.okafor",
        "dana.weiss",
        "eero.virtanen",
    ];
    let tenants = ["Contoso", "Fabrikam", "Northwind"];
    (0..n)
        .map(|i| {
            let start = base + i as i64 * 37 * 60;
            let status = match i {
                _ if i + 1 == n => "InProgress",
                _ if i % 7 == 3 => "Failed",
                _ if i % 11 == 5 => "Cancelled",
                _ if i + 2 == n => "Queued",
                _ => "Succeeded",
            };
            let duration = ((i * 7919 + 1300) % 290_000) as i32 + 400;
            let person = people[i % people.len()];
            ShareSynchronization {
                consumer_email: Some(format!("{person}@example.com")),
                consumer_name: Some(person.to_string()),
                consumer_tenant_name: Some(tenants[i % tenants.len()].to_string()),
                duration_ms: Some(duration * (1 + (i as i32 % 4))),
                start_time: Some(rfc3339(start)),
                end_time: Some(rfc3339(start + i64::from(duration) / 1000)),
                message: (status == "Failed").then(|| "source snapshot not found".to_string()),
                status: Some(status.to_string()),
                synchronization_id: Some(format!("run-{i:03}")),
                synchronization_mode: Some(if i % 3 == 0 {
                    SynchronizationMode::FullSync
                } else {
                    SynchronizationMode::Incremental
                }),
            }
        })
        .collect()
}

fn rfc3339(unix: i64) -> String {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::from_unix_timestamp(unix)
        .ok()
        .and_then(|t| t.format(&Rfc3339).ok())
        .unwrap_or_default()
}

/// A successful fetchstatus answer saying `s`.
pub fn status(s: OperationStatus) -> OperationStatusResult {
    OperationStatusResult {
        is_success: true,
        operation_activity_id: Some("6a90b45f".into()),
        error_message: None,
        version_eol: None,
        project_id: Some(12345),
        environment_id: None,
        activity_id: None,
        completion_date: None,
        operation_status: Some(s),
    }
}
