//! Carries out the Manage tab's bulk migrations: reads the availability
//! set and makes the bulk (a subset named with it must be in the set),
//! starts one VM, looks at one; each in its own task, the answers as
//! [`Msg::Manage`]. The bulk's state is the tab's; this only talks.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::api::manage::MigrationInput;
use crate::client::manage::{BulkMigration, DEFAULT_MAX_PARALLEL, GroupRef, Look, ManageClient};
use crate::tui::runtime::manage_exec::ManageTarget;
use crate::tui::tabs::manage::{ManageOutcome, ManageReply};

fn now_ms() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

/// The bulk of `set`'s VMs (or `vms` of it).
async fn create(
    client: &ManageClient,
    target: &ManageTarget,
    set: &str,
    vms: Vec<String>,
    input: MigrationInput,
) -> Result<BulkMigration, String> {
    let vm_ref = target.vm_ref(String::new())?;
    let group = GroupRef {
        subscription: vm_ref.subscription,
        resource_group: vm_ref.resource_group,
    };
    let found = client
        .availability_set(&group, set)
        .await
        .map_err(|e| e.full_text())?;
    let names = found.vm_names();
    if names.is_empty() {
        return Err(format!("availability set {set} has no VM left to migrate"));
    }
    let missing: Vec<&String> = vms.iter().filter(|v| !names.contains(v)).collect();
    if !missing.is_empty() {
        let missing: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
        return Err(format!(
            "not in {set}: {}; its VMs: {}",
            missing.join(", "),
            names.join(", ")
        ));
    }
    let chosen = if vms.is_empty() { names } else { vms };
    Ok(BulkMigration::new(
        &group,
        set,
        chosen,
        input,
        DEFAULT_MAX_PARALLEL,
        now_ms(),
    ))
}

/// Starts carrying out a bulk request; `outcome` back when it is not one.
pub fn execute(
    client: &ManageClient,
    target: &ManageTarget,
    outcome: ManageOutcome,
    send: impl Fn(ManageReply) + Send + 'static,
) -> Option<ManageOutcome> {
    let client = client.clone();
    match outcome {
        ManageOutcome::MigrateSet { set, vms, input } => {
            let target = target.clone();
            tokio::spawn(async move {
                let result = create(&client, &target, &set, vms, input).await;
                send(ManageReply::BulkCreated(result));
            });
        }
        ManageOutcome::BulkStart { bulk, vm_ref, input } => {
            tokio::spawn(async move {
                let result = client.migrate(&vm_ref, &input).await;
                let delay = client.poll_delay(result.as_ref().ok().and_then(|m| m.retry_after));
                let vm = vm_ref.vm;
                send(ManageReply::BulkStarted {
                    bulk,
                    vm,
                    result,
                    delay,
                });
            });
        }
        ManageOutcome::BulkLook {
            bulk,
            vm,
            location,
            status_url,
        } => {
            tokio::spawn(async move {
                let result = client.look(&location, status_url.as_deref()).await;
                let retry_after = match &result {
                    Ok(Look::Running { retry_after, .. }) => *retry_after,
                    _ => None,
                };
                let delay = client.poll_delay(retry_after);
                send(ManageReply::BulkLooked {
                    bulk,
                    vm,
                    result,
                    delay,
                });
            });
        }
        other => return Some(other),
    }
    None
}
