//! `glossa migrate start --availability-set NAME [--vm …] [--watch]
//! [--max-parallel N]` and `glossa migrate watch`: the VMs of an
//! availability set (Availability Sets - Get), or the chosen ones of them,
//! migrated as one [`BulkMigration`] — at most N at once, each polled at
//! its own Retry-After — stored after every change (`store::bulk`, the
//! endpoint's list), so `migrate watch` resumes it after a restart.
//!
//! Without `--watch` the first N are started, the rest wait in the store
//! for `migrate watch`. With it, the progress as manage_view.rs shows it (a
//! block redrawn in place on a terminal; piped, one line per change and a
//! summary), every failure's reason whole; exit 1 when any VM failed.

use std::time::Duration;

use futures_util::future::join_all;

use super::manage::{Conn, json, open_store, out};
use super::manage_args::{MigrateStartArgs, MigrateWatchArgs};
use super::manage_out::table;
use super::manage_view::View;
use crate::api::manage::MigrationInput;
use crate::client::manage::{BulkMigration, BulkState, Look, ManageClient};
use crate::session::Failure;
use crate::store::Store;
use crate::store::bulk::EndpointKey;

pub(super) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Where the bulk is kept: the store and this endpoint's list.
struct Keeper {
    store: Option<Store>,
    key: EndpointKey,
}

impl Keeper {
    fn open(conn: &Conn) -> Self {
        let store = match open_store() {
            Ok(s) => Some(s),
            Err(e) => {
                eprintln!("glossa: the migration is not stored ({e}); it cannot be resumed after a restart");
                None
            }
        };
        Keeper {
            store,
            key: conn.endpoint_key(),
        }
    }

    fn save(&self, bulk: &BulkMigration) {
        if let Some(store) = &self.store
            && let Err(e) = store.put_bulk_migration(&self.key, bulk)
        {
            eprintln!("glossa: the migration's state was not stored: {e}");
        }
    }

    fn stored(&self) -> Result<Vec<BulkMigration>, Failure> {
        match &self.store {
            Some(store) => Ok(store.bulk_migrations(&self.key)?),
            None => Ok(Vec::new()),
        }
    }
}

/// Starts what the cap allows; with `until_done`, follows every VM to its end.
async fn drive(
    c: &ManageClient,
    keeper: &Keeper,
    mut b: BulkMigration,
    view: &mut View,
    until_done: bool,
) -> BulkMigration {
    loop {
        let starts = b.to_start();
        if !starts.is_empty() {
            let input = b.input.clone();
            let refs: Vec<_> = starts.iter().map(|vm| b.vm_ref(vm)).collect();
            let results = join_all(refs.iter().map(|r| c.migrate(r, &input))).await;
            let now = now_ms();
            for (vm, r) in starts.iter().zip(results) {
                let delay = c.poll_delay(r.as_ref().ok().and_then(|m| m.retry_after));
                b.started(vm, r, delay, now);
            }
            keeper.save(&b);
            view.show(&b);
        }
        if !until_done || b.is_done() {
            return b;
        }
        let now = now_ms();
        let due: Vec<(String, String, Option<String>)> = b
            .due(now)
            .into_iter()
            .map(|v| {
                (
                    v.vm.clone(),
                    v.location.clone().unwrap_or_default(),
                    v.status_url.clone(),
                )
            })
            .collect();
        if due.is_empty() {
            let wake = b.next_wake_ms().unwrap_or(now + 1000);
            // At most a second at a time, so a live view counts down.
            tokio::time::sleep(Duration::from_millis((wake - now).clamp(5, 1000) as u64)).await;
            view.show(&b);
            continue;
        }
        let results = join_all(due.iter().map(|(_, loc, url)| c.look(loc, url.as_deref()))).await;
        let now = now_ms();
        for ((vm, _, _), r) in due.iter().zip(results) {
            let retry_after = match &r {
                Ok(Look::Running { retry_after, .. }) => *retry_after,
                _ => None,
            };
            b.looked(vm, r, c.poll_delay(retry_after), now);
        }
        keeper.save(&b);
        view.show(&b);
    }
}

/// The final lines: counts, then one row per VM with a failure's whole reason.
fn summary(b: &BulkMigration) -> String {
    let rows: Vec<Vec<String>> = b
        .vms
        .iter()
        .map(|v| {
            let detail = match &v.state {
                BulkState::Failed { reason } => reason.clone(),
                BulkState::Running { percent } => percent.map_or(String::new(), |p| format!("{p:.0}%")),
                _ => String::new(),
            };
            vec![v.vm.clone(), v.state.label().to_owned(), detail]
        })
        .collect();
    b.headline() + "\n" + &table(&["VM", "STATE", "DETAIL"], &rows)
}

/// Exit 1 when a VM failed.
fn outcome(bulks: &[BulkMigration]) -> Result<(), Failure> {
    let (failed, total) = bulks
        .iter()
        .map(BulkMigration::counts)
        .fold((0, 0), |(f, t), c| (f + c.failed, t + c.total));
    if failed == 0 {
        Ok(())
    } else {
        Err(Failure {
            code: 1,
            message: format!("{failed} of {total} migration(s) failed"),
        })
    }
}

pub(super) async fn start(conn: &Conn, s: MigrateStartArgs, as_json: bool) -> Result<(), Failure> {
    let group = conn.group(&s.subscription, &s.resource_group)?;
    let wanted = s.availability_set.clone().unwrap_or_default();
    let keeper = Keeper::open(conn);
    let mut view = View::new(as_json);
    let c = &conn.client;
    // A stored bulk of this set that has not ended is resumed, not doubled.
    let resumed = keeper.stored()?.into_iter().find(|b| {
        !b.is_done()
            && b.availability_set.eq_ignore_ascii_case(&wanted)
            && b.resource_group.eq_ignore_ascii_case(&group.resource_group)
            && b.subscription.eq_ignore_ascii_case(&group.subscription)
    });
    let bulk = match resumed {
        Some(b) => {
            if !as_json {
                out(&format!(
                    "resuming the stored migration of {} ({} VMs)\n",
                    b.availability_set,
                    b.vms.len()
                ));
            }
            b
        }
        None => {
            let set = c.availability_set(&group, &wanted).await?;
            let members = set.vm_names();
            let vms = if s.vm.is_empty() {
                members
            } else {
                let mut chosen = Vec::new();
                for vm in &s.vm {
                    match members.iter().find(|m| m.eq_ignore_ascii_case(vm.trim())) {
                        Some(m) if !chosen.contains(m) => chosen.push(m.clone()),
                        Some(_) => {}
                        None => {
                            return Err(Failure::usage(format!(
                                "{vm} is not in availability set {} (its VMs: {})",
                                set.name,
                                if members.is_empty() {
                                    "none".to_owned()
                                } else {
                                    members.join(", ")
                                }
                            )));
                        }
                    }
                }
                chosen
            };
            if vms.is_empty() {
                out(&format!(
                    "nothing to migrate: availability set {} has no VMs left\n",
                    set.name
                ));
                return Ok(());
            }
            let input = MigrationInput {
                target_fault_domain: s.fault_domain,
                target_vm_size: s.size.clone(),
                target_zone: s.zone.clone(),
            };
            let b = BulkMigration::new(
                &group,
                &set.name,
                vms,
                input,
                usize::from(s.max_parallel),
                now_ms(),
            );
            if !as_json {
                out(&format!(
                    "migrating {} VM(s) of {}: {} (at most {} at once)\n",
                    b.vms.len(),
                    b.availability_set,
                    b.vms.iter().map(|v| v.vm.as_str()).collect::<Vec<_>>().join(", "),
                    b.max_parallel
                ));
            }
            keeper.save(&b);
            b
        }
    };
    let b = drive(c, &keeper, bulk, &mut view, s.watch).await;
    if as_json {
        out(&json(&b));
    } else if s.watch {
        // A live block already shows the end.
        if !view.is_live() {
            out(&summary(&b));
        }
    } else {
        let counts = b.counts();
        out(&format!(
            "{} started, {} waiting; follow with: glossa migrate watch\n",
            counts.running + counts.done(),
            counts.pending
        ));
    }
    outcome(std::slice::from_ref(&b))
}

pub(super) async fn watch(conn: &Conn, w: MigrateWatchArgs, as_json: bool) -> Result<(), Failure> {
    let keeper = Keeper::open(conn);
    let stored: Vec<BulkMigration> = keeper
        .stored()?
        .into_iter()
        .filter(|b| {
            w.availability_set
                .as_deref()
                .is_none_or(|s| b.availability_set.eq_ignore_ascii_case(s))
        })
        .collect();
    if w.list {
        if as_json {
            out(&json(&serde_json::json!({ "value": stored })));
        } else if stored.is_empty() {
            out("no bulk migration stored for this endpoint\n");
        } else {
            for b in &stored {
                out(&summary(b));
            }
        }
        return Ok(());
    }
    let open: Vec<BulkMigration> = stored.into_iter().filter(|b| !b.is_done()).collect();
    if open.is_empty() {
        out(if as_json {
            "{\"value\":[]}\n"
        } else {
            "no bulk migration to resume (`migrate watch --list` shows the ended ones)\n"
        });
        return Ok(());
    }
    let mut done = Vec::new();
    for b in open {
        if !as_json {
            out(&format!(
                "resuming the migration of {} ({} VMs)\n",
                b.availability_set,
                b.vms.len()
            ));
        }
        let mut view = View::new(as_json);
        let b = drive(&conn.client, &keeper, b, &mut view, true).await;
        if !as_json && !view.is_live() {
            out(&summary(&b));
        }
        done.push(b);
    }
    if as_json {
        out(&json(&serde_json::json!({ "value": done })));
    }
    outcome(&done)
}
