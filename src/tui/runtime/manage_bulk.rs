//! Carries out the Manage tab's bulk migrations — reads the availability
//! set and makes the bulk (a subset named with it must be in the set),
//! starts one VM, looks at one — and the form pickers' listings (the
//! resource group's VMs and sets; the LCS environments known, from the
//! store, LCS having no listing API); each in its own task, the answers as
//! `Msg::Manage`. The bulk's state is the tab's; this only talks.

use std::time::{SystemTime, UNIX_EPOCH};

use crate::api::manage::MigrationInput;
use crate::client::manage::{AccountRef, BulkMigration, DEFAULT_MAX_PARALLEL, GroupRef, Look, ManageClient};
use crate::tui::overlays::picker::Item;
use crate::tui::runtime::manage_exec::ManageExec;
use crate::tui::runtime::manage_exec::ManageTarget;
use crate::tui::tabs::manage::migrations::AVSET;
use crate::tui::tabs::manage::{ManageField, ManageOutcome, ManageReply, View};

/// A picker row: `code` chosen, `name` and a muted `detail` shown.
fn item(code: &str, name: String, detail: String) -> Item {
    Item {
        code: code.to_owned(),
        name,
        native_name: String::new(),
        rtl: false,
        detail,
    }
}

/// The resource group's VMs (field VM) or availability sets (field AVSET).
async fn vm_choices(client: &ManageClient, target: &ManageTarget, field: usize) -> Result<Vec<Item>, String> {
    let vm_ref = target.vm_ref(String::new())?;
    let group = GroupRef {
        subscription: vm_ref.subscription,
        resource_group: vm_ref.resource_group,
    };
    let mut pager = client.list_vms(&group).map_err(|e| e.full_text())?;
    let vms = pager.all().await.map_err(|e| e.full_text())?;
    if field == AVSET {
        let mut sets: Vec<(String, Vec<String>)> = Vec::new();
        for vm in &vms {
            let Some(set) = vm.availability_set_name() else {
                continue;
            };
            match sets.iter_mut().find(|(s, _)| s.eq_ignore_ascii_case(set)) {
                Some((_, names)) => names.push(vm.name.clone()),
                None => sets.push((set.to_owned(), vec![vm.name.clone()])),
            }
        }
        if sets.is_empty() {
            return Err(format!(
                "no VM of {} is in an availability set",
                group.resource_group
            ));
        }
        return Ok(sets
            .iter()
            .map(|(s, names)| item(s, format!("{} VM(s)", names.len()), names.join(", ")))
            .collect());
    }
    Ok(vms
        .iter()
        .map(|vm| {
            let place = match vm.availability_set_name() {
                Some(set) => format!("in {set}"),
                None => "no availability set".to_owned(),
            };
            item(&vm.name, place, String::new())
        })
        .collect())
}

/// The shares of the account (name, kind, description).
async fn share_choices(client: &ManageClient, target: &ManageTarget) -> Result<Vec<Item>, String> {
    let share = target.share_ref()?;
    let account = AccountRef {
        subscription: share.subscription,
        resource_group: share.resource_group,
        account: share.account,
    };
    let mut pager = client.list_shares(&account).map_err(|e| e.full_text())?;
    let shares = pager.all().await.map_err(|e| e.full_text())?;
    if shares.is_empty() {
        return Err(format!("account {} has no share", account.account));
    }
    Ok(shares
        .iter()
        .map(|s| {
            let p = &s.properties;
            let kind = p.share_kind.clone().unwrap_or_default();
            item(&s.name, kind, p.description.clone().unwrap_or_default())
        })
        .collect())
}

impl ManageExec {
    /// The LCS environments known for `project`: those this profile used
    /// before (the store's, the CLI's too), then the sandbox's demo ones.
    pub fn environments(
        &self,
        store: Option<&crate::store::Store>,
        project: &str,
        field: usize,
    ) -> ManageReply {
        let mut items: Vec<Item> = Vec::new();
        let known =
            store.map(|s| s.known_environments(&self.lcs_key, Some(project).filter(|p| !p.is_empty())));
        if let Some(Ok(known)) = known {
            for e in known {
                let note = format!("used {} time(s), last as {}", e.uses, e.role);
                items.push(item(&e.environment, format!("project {}", e.project), note));
            }
        }
        if self.local {
            for (id, name, kind) in crate::sandbox::lcs::demo_environments() {
                if !items.iter().any(|i| i.code.eq_ignore_ascii_case(id)) {
                    items.push(item(id, name.to_owned(), format!("{kind} · sandbox")));
                }
            }
        }
        let result = match items.is_empty() {
            true => Err("no environment known yet: LCS lists none; the ones used are remembered".to_owned()),
            false => Ok(items),
        };
        ManageReply::Choices {
            field: ManageField {
                view: View::Refresh,
                field,
            },
            title: "LCS environments".into(),
            result,
        }
    }
}

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
        ManageOutcome::ListShares => {
            let target = target.clone();
            tokio::spawn(async move {
                let result = share_choices(&client, &target).await;
                send(ManageReply::Choices {
                    field: ManageField {
                        view: View::Syncs,
                        field: 0,
                    },
                    title: "Shares".into(),
                    result,
                });
            });
        }
        ManageOutcome::ListVms { field } => {
            let target = target.clone();
            tokio::spawn(async move {
                let result = vm_choices(&client, &target, field).await;
                let title = if field == AVSET {
                    "Availability sets"
                } else {
                    "Virtual machines"
                };
                send(ManageReply::Choices {
                    field: ManageField {
                        view: View::Migrations,
                        field,
                    },
                    title: title.into(),
                    result,
                });
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::tabs::manage::refresh::SOURCE;

    fn exec(local: bool) -> ManageExec {
        ManageExec {
            client: Err("no client in this test".into()),
            target: ManageTarget::default(),
            lcs_key: "local".into(),
            local,
        }
    }

    fn codes(reply: ManageReply) -> Result<Vec<String>, String> {
        match reply {
            ManageReply::Choices { result, .. } => result.map(|i| i.into_iter().map(|i| i.code).collect()),
            other => panic!("not choices: {other:?}"),
        }
    }

    #[test]
    fn environments_used_before_come_first_then_the_sandbox_demo_ones() {
        let store = crate::store::Store::in_memory().expect("a store");
        store
            .remember_environment(
                "local",
                "1234567",
                "0f1e2d3c-4b5a-6978-8a9b-abcdef012345",
                "target",
            )
            .expect("remembered");
        let got = codes(exec(true).environments(Some(&store), "1234567", SOURCE)).expect("some");
        assert_eq!(got[0], "0f1e2d3c-4b5a-6978-8a9b-abcdef012345");
        assert!(got.len() > 5, "the demo environments follow: {got:?}");
        let remote = codes(exec(false).environments(Some(&store), "999", SOURCE));
        assert!(
            remote.is_err_and(|e| e.contains("LCS lists none")),
            "another project: none known"
        );
    }
}
