//! `glossa shares list`, `glossa vms list [--availability-set NAME]` and
//! `glossa environments list`: what the pickers offer, as a table or the
//! service's JSON (`--json`: `{"value": [...]}` as the API pages it, every
//! page joined; an availability set as its resource).
//!
//! LCS has no listing of a project's environments: `environments list`
//! prints the ids this endpoint's refreshes used before (from the store),
//! and with the local sandbox its demo environments after them.

use super::manage::{Conn, json, lcs_key, open_store, out};
use super::manage_args::{EnvironmentsListArgs, SharesListArgs, VmsListArgs};
use super::manage_out::table;
use crate::api::manage_list::{ListPage, VirtualMachine};
use crate::client::manage::{AccountRef, clean_cell};
use crate::sandbox::syncs::ACCOUNT as LOCAL_ACCOUNT;
use crate::session::Failure;

fn or_dash(v: Option<&str>) -> String {
    clean_cell(v.unwrap_or("-"))
}

pub(super) async fn shares(conn: &Conn, l: SharesListArgs, as_json: bool) -> Result<(), Failure> {
    let group = conn.group(&l.subscription, &l.resource_group)?;
    let account = AccountRef {
        subscription: group.subscription,
        resource_group: group.resource_group,
        account: conn.or_local(&l.account, LOCAL_ACCOUNT, "account")?,
    };
    let items = conn.client.list_shares(&account)?.all().await?;
    if as_json {
        out(&json(&ListPage {
            value: items,
            next_link: None,
        }));
        return Ok(());
    }
    let rows: Vec<Vec<String>> = items
        .iter()
        .map(|s| {
            let p = &s.properties;
            vec![
                clean_cell(&s.name),
                or_dash(p.share_kind.as_deref()),
                or_dash(p.created_at.as_deref()),
                or_dash(p.user_name.as_deref().or(p.user_email.as_deref())),
                or_dash(p.description.as_deref()),
            ]
        })
        .collect();
    out(&(table(&["NAME", "KIND", "CREATED", "BY", "DESCRIPTION"], &rows)
        + &format!("{} share(s) in {}\n", rows.len(), account.account)));
    Ok(())
}

fn vm_rows(vms: &[VirtualMachine]) -> Vec<Vec<String>> {
    vms.iter()
        .map(|v| {
            let p = &v.properties;
            let placement = match (v.availability_set_name(), &p.virtual_machine_scale_set) {
                (Some(set), _) => format!("availability set {set}"),
                (None, Some(ss)) => format!("scale set {}", ss.name().unwrap_or("-")),
                (None, None) => "-".to_owned(),
            };
            vec![
                clean_cell(&v.name),
                or_dash(p.hardware_profile.as_ref().and_then(|h| h.vm_size.as_deref())),
                or_dash(v.location.as_deref()),
                p.platform_fault_domain.map_or("-".to_owned(), |f| f.to_string()),
                or_dash(p.provisioning_state.as_deref()),
                clean_cell(&placement),
            ]
        })
        .collect()
}

pub(super) async fn vms(conn: &Conn, l: VmsListArgs, as_json: bool) -> Result<(), Failure> {
    let group = conn.group(&l.subscription, &l.resource_group)?;
    let head = ["NAME", "SIZE", "LOCATION", "FD", "STATE", "PLACEMENT"];
    let Some(set_name) = &l.availability_set else {
        let items = conn.client.list_vms(&group)?.all().await?;
        if as_json {
            out(&json(&ListPage {
                value: items,
                next_link: None,
            }));
        } else {
            out(&(table(&head, &vm_rows(&items))
                + &format!("{} VM(s) in {}\n", items.len(), group.resource_group)));
        }
        return Ok(());
    };
    let set = conn.client.availability_set(&group, set_name).await?;
    if as_json {
        out(&json(&set));
        return Ok(());
    }
    // The set names its VMs by id; the group's listing has their details.
    let names = set.vm_names();
    let all = conn.client.list_vms(&group)?.all().await?;
    let members: Vec<VirtualMachine> = names
        .iter()
        .map(|n| {
            all.iter()
                .find(|v| v.name.eq_ignore_ascii_case(n))
                .cloned()
                .unwrap_or_else(|| VirtualMachine {
                    name: n.clone(),
                    ..VirtualMachine::default()
                })
        })
        .collect();
    let p = &set.properties;
    out(&(table(&head, &vm_rows(&members))
        + &format!(
            "{} VM(s) in availability set {} ({} fault domains, {} update domains)\n",
            members.len(),
            clean_cell(&set.name),
            p.platform_fault_domain_count
                .map_or("-".to_owned(), |n| n.to_string()),
            p.platform_update_domain_count
                .map_or("-".to_owned(), |n| n.to_string()),
        )));
    Ok(())
}

pub(super) fn environments(l: &EnvironmentsListArgs) -> Result<(), Failure> {
    let access = l.manage.access();
    let key = lcs_key(&access);
    let local = access.wants_local();
    let project = match (&l.project, local) {
        (Some(p), _) => Some(p.clone()),
        (None, true) => Some(crate::sandbox::lcs::PROJECT_ID.to_string()),
        (None, false) => None,
    };
    let used = open_store()
        .map_err(|e| Failure::usage(format!("the store: {e}")))?
        .known_environments(&key, project.as_deref())?;
    let mut rows: Vec<(String, String, String, String, String)> = used
        .iter()
        .map(|e| {
            let when = time::OffsetDateTime::from_unix_timestamp(e.last_used)
                .map(|t| {
                    format!(
                        "{:04}-{:02}-{:02} {:02}:{:02}",
                        t.year(),
                        u8::from(t.month()),
                        t.day(),
                        t.hour(),
                        t.minute()
                    )
                })
                .unwrap_or_else(|_| "-".into());
            (
                e.environment.clone(),
                e.project.clone(),
                format!("used {}× as {}", e.uses, e.role),
                when,
                String::new(),
            )
        })
        .collect();
    if local {
        for (id, name, kind) in crate::sandbox::lcs::demo_environments() {
            if !rows.iter().any(|r| r.0.eq_ignore_ascii_case(id)) {
                rows.push((
                    id.to_owned(),
                    crate::sandbox::lcs::PROJECT_ID.to_string(),
                    "sandbox demo".into(),
                    "-".into(),
                    format!("{name} ({kind})"),
                ));
            }
        }
    }
    if l.manage.json {
        let value: Vec<_> = rows
            .iter()
            .map(|r| {
                let mut v = serde_json::json!({ "environmentId": r.0, "project": r.1, "source": r.2 });
                if let Some(e) = used.iter().find(|e| e.environment == r.0) {
                    v["lastUsed"] = e.last_used.into();
                    v["uses"] = e.uses.into();
                    v["role"] = e.role.clone().into();
                }
                if !r.4.is_empty() {
                    v["name"] = r.4.clone().into();
                }
                v
            })
            .collect();
        out(&json(&serde_json::json!({ "value": value })));
        return Ok(());
    }
    let table_rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.0.clone(),
                r.1.clone(),
                r.2.clone(),
                r.3.clone(),
                clean_cell(&r.4),
            ]
        })
        .collect();
    out(&(table(
        &["ENVIRONMENT", "PROJECT", "SOURCE", "LAST USED (UTC)", "NAME"],
        &table_rows,
    ) + &format!(
        "{} environment(s); LCS has no listing API: these are the ids this endpoint's refreshes used{}\n",
        rows.len(),
        if local {
            ", then the sandbox's demo ones"
        } else {
            ""
        }
    )));
    Ok(())
}
