//! `glossa syncs`, `glossa refresh`, `glossa migrate` and the listings
//! `glossa shares | vms | environments`: the management operations from a
//! script or a shell (manage_lists.rs: the listings; manage_bulk.rs: the
//! migration of an availability set and `migrate watch`; manage_out.rs: the
//! human output).
//!
//! With `--management-url`/`--lcs-url` they go to those endpoints with a
//! token from `--token`, the Azure CLI or the device code sign-in. Without
//! them a local service is started in-process and its sandbox answers, with
//! tokens from its own issueToken; the sandbox's demo names are the defaults
//! of the path options there (and only there).
//!
//! Exit codes as the other one-shot commands: 0 ok; 1 the service refused
//! (IsSuccess=false included); 2 usage or validation (nothing sent); 3 no
//! usable answer.

use std::io::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use super::Command;
use super::manage_args::*;
use super::manage_conn::remember;
pub(super) use super::manage_conn::{Conn, lcs_key, open_store};
use super::manage_out::{poll_line, status_line, sync_table};
use super::{manage_bulk, manage_lists};
use crate::api::manage::MigrationInput;
use crate::client::manage::{ManageClient, ManageError, Poll, ShareRef, VmRef};
use crate::session::Failure;

use crate::sandbox::syncs::{
    ACCOUNT as LOCAL_ACCOUNT, DEMO_SHARE as LOCAL_SHARE, RESOURCE_GROUP as LOCAL_RESOURCE_GROUP,
    SUBSCRIPTION as LOCAL_SUBSCRIPTION,
};

impl From<ManageError> for Failure {
    fn from(e: ManageError) -> Self {
        Failure {
            code: e.exit_code(),
            message: e.to_string(),
        }
    }
}

/// Runs `syncs`, `refresh` or `migrate`; `time_scale` (`--time-scale`) is
/// the clock speed of the in-process sandbox, when one is started.
pub fn run(command: Command, time_scale: f64) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(rt) => rt,
        Err(e) => return fail(&Failure::usage(format!("cannot start the runtime: {e}"))),
    };
    match runtime.block_on(execute(command, time_scale)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => fail(&f),
    }
}

/// The sandbox's LCS project, as the path takes it.
fn local_project() -> String {
    crate::sandbox::lcs::PROJECT_ID.to_string()
}

fn fail(f: &Failure) -> ExitCode {
    eprintln!("glossa: {}", f.message);
    ExitCode::from(f.code)
}

/// Prints as the command goes (a watch shows every step); a closed pipe ends quietly.
pub(super) fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    let _ = o.flush();
}

pub(super) fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("results serialize") + "\n"
}

async fn execute(command: Command, time_scale: f64) -> Result<(), Failure> {
    let args = match &command {
        Command::Syncs(a) => match &a.command {
            SyncsCommand::List(l) => &l.manage,
        },
        Command::Refresh(a) => match &a.command {
            RefreshCommand::Start(s) => &s.manage,
            RefreshCommand::Status(s) => &s.manage,
        },
        Command::Migrate(a) => match &a.command {
            MigrateCommand::Start(s) => &s.manage,
            MigrateCommand::Status(s) => &s.manage,
            MigrateCommand::Watch(s) => &s.manage,
        },
        Command::Shares(a) => match &a.command {
            SharesCommand::List(l) => &l.manage,
        },
        Command::Vms(a) => match &a.command {
            VmsCommand::List(l) => &l.manage,
        },
        // The store alone: no service is needed.
        Command::Environments(a) => match &a.command {
            EnvironmentsCommand::List(l) => return manage_lists::environments(l),
        },
        _ => return Err(Failure::usage("not a management command")),
    }
    .clone();
    let conn = Conn::open(&args, time_scale).await?;
    let result = dispatch(&conn, command, args.json).await;
    conn.close().await;
    result
}

async fn dispatch(conn: &Conn, command: Command, as_json: bool) -> Result<(), Failure> {
    let c = &conn.client;
    match command {
        Command::Syncs(a) => match a.command {
            SyncsCommand::List(l) => {
                let share = ShareRef {
                    subscription: conn.or_local(&l.subscription, LOCAL_SUBSCRIPTION, "subscription")?,
                    resource_group: conn.or_local(
                        &l.resource_group,
                        LOCAL_RESOURCE_GROUP,
                        "resource-group",
                    )?,
                    account: conn.or_local(&l.account, LOCAL_ACCOUNT, "account")?,
                    share: conn.or_local(&l.share, LOCAL_SHARE, "share")?,
                };
                let mut pager = c.list_synchronizations(&share, l.filter.as_deref(), l.orderby.as_deref())?;
                let (items, last) = if l.all {
                    pager.all().await?
                } else {
                    match pager.next_page().await? {
                        Some(p) => (p.list.value.clone(), Some(p)),
                        None => (Vec::new(), None),
                    }
                };
                let next = last.as_ref().and_then(|p| p.list.next_link.clone());
                if as_json {
                    let list = crate::api::manage::ShareSynchronizationList {
                        value: items,
                        next_link: next,
                    };
                    out(&json(&list));
                } else {
                    let reads = last.and_then(|p| p.remaining_reads);
                    out(&sync_table(&items, reads, next.is_some()));
                }
            }
        },
        Command::Refresh(a) => match a.command {
            RefreshCommand::Start(s) => {
                let project = conn.or_local(&s.project, &local_project(), "project")?;
                let started = c.refresh(&project, &s.source, &s.target).await?;
                remember(conn, &project, &[(&s.source, "source"), (&s.target, "target")]);
                if as_json {
                    out(&json(&started.result));
                } else {
                    out(&format!(
                        "refresh started: OperationActivityId {}\n",
                        started.activity_id
                    ));
                }
                if s.watch {
                    watch_refresh(c, &project, &s.target, &started.activity_id, s.interval, as_json).await?;
                }
            }
            RefreshCommand::Status(s) => {
                let project = conn.or_local(&s.project, &local_project(), "project")?;
                if s.watch {
                    watch_refresh(c, &project, &s.environment, &s.activity, s.interval, as_json).await?;
                } else {
                    let st = c.refresh_status(&project, &s.environment, &s.activity).await?;
                    out(&if as_json { json(&st) } else { status_line(&st) });
                }
                remember(conn, &project, &[(&s.environment, "status")]);
            }
        },
        Command::Migrate(a) => match a.command {
            MigrateCommand::Start(s) if s.availability_set.is_some() => {
                manage_bulk::start(conn, s, as_json).await?;
            }
            MigrateCommand::Start(s) => {
                let [vm] = <[String; 1]>::try_from(s.vm).map_err(|_| {
                    Failure::usage("several --vm are migrated together with --availability-set NAME")
                })?;
                let vm = VmRef {
                    subscription: conn.or_local(&s.subscription, LOCAL_SUBSCRIPTION, "subscription")?,
                    resource_group: conn.or_local(
                        &s.resource_group,
                        LOCAL_RESOURCE_GROUP,
                        "resource-group",
                    )?,
                    vm,
                };
                let input = MigrationInput {
                    target_fault_domain: s.fault_domain,
                    target_vm_size: s.size,
                    target_zone: s.zone,
                };
                let m = c.migrate(&vm, &input).await?;
                if as_json {
                    out(&json(&serde_json::json!({
                        "status": if m.location.is_some() { "Accepted" } else { "Succeeded" },
                        "location": m.location,
                        "retryAfter": m.retry_after.map(|d| d.as_secs()),
                        "requestId": m.request_id,
                    })));
                } else {
                    let id = m
                        .request_id
                        .as_deref()
                        .map_or(String::new(), |id| format!(" (x-ms-request-id {id})"));
                    match &m.location {
                        Some(l) => out(&format!(
                            "migration accepted{id}; follow with: glossa migrate status --location '{l}'\n"
                        )),
                        None => out(&format!("migration done{id}\n")),
                    }
                }
                if let (true, Some(location)) = (s.watch, &m.location) {
                    watch_migration(c, location, m.retry_after, as_json).await?;
                }
            }
            MigrateCommand::Status(s) => {
                let location = conn.local_location(&s.location);
                if s.watch {
                    watch_migration(c, &location, None, as_json).await?;
                } else {
                    let p = c.poll_migration(&location).await?;
                    out(&poll_line(&p, as_json));
                }
            }
            MigrateCommand::Watch(w) => manage_bulk::watch(conn, w, as_json).await?,
        },
        Command::Shares(a) => match a.command {
            SharesCommand::List(l) => manage_lists::shares(conn, l, as_json).await?,
        },
        Command::Vms(a) => match a.command {
            VmsCommand::List(l) => manage_lists::vms(conn, l, as_json).await?,
        },
        _ => return Err(Failure::usage("not a management command")),
    }
    Ok(())
}

async fn watch_refresh(
    c: &ManageClient,
    project: &str,
    environment: &str,
    activity: &str,
    interval: u64,
    as_json: bool,
) -> Result<(), Failure> {
    let mut last = None;
    let fin = c
        .follow_refresh(
            project,
            environment,
            activity,
            Duration::from_secs(interval),
            |st| {
                let now = st.operation_status;
                if !as_json && now != last {
                    out(&status_line(st));
                }
                last = now;
            },
        )
        .await?;
    if as_json {
        out(&json(&fin));
    }
    Ok(())
}

async fn watch_migration(
    c: &ManageClient,
    location: &str,
    first: Option<Duration>,
    as_json: bool,
) -> Result<(), Failure> {
    c.watch_migration(location, first, |p| {
        if !as_json || matches!(p, Poll::Done) {
            out(&poll_line(p, as_json));
        }
    })
    .await?;
    Ok(())
}
