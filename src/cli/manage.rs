//! `glossa syncs`, `glossa refresh`, `glossa migrate`: the management
//! operations from a script or a shell.
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

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::ExitCode;
use std::time::Duration;

use super::Command;
use super::manage_args::*;
use crate::api::manage::{MigrationInput, OperationStatusResult, ShareSynchronization};
use crate::client::RequestRecord;
use crate::client::manage::{ManageClient, ManageError, Poll, ShareRef, VmRef};
use crate::session::{Failure, LocalOptions, LocalService};

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
fn out(text: &str) {
    let mut o = std::io::stdout().lock();
    let _ = o.write_all(text.as_bytes());
    let _ = o.flush();
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("results serialize") + "\n"
}

/// The client, and the local service it talks to when no URL was given.
struct Conn {
    client: ManageClient,
    local: Option<LocalService>,
}

impl Conn {
    async fn open(args: &ManageArgs, time_scale: f64) -> Result<Conn, Failure> {
        let access = args.access();
        let local = if access.wants_local() {
            // The sandbox the workbench uses too: a refresh or migration
            // started by one run can be followed by the next.
            let options = LocalOptions {
                sandbox_at_start: true,
                ..LocalOptions::kept(Some(time_scale))
            };
            Some(LocalService::start(None, options).await?)
        } else {
            None
        };
        let builder = access.builder(local.as_ref().map(|l| (l.url(), l.key().clone())));
        let builder = if args.verbose {
            builder.observer(|r: &RequestRecord| eprintln!("glossa: {}", r.log_line()))
        } else {
            builder
        };
        Ok(Conn {
            client: builder.build()?,
            local,
        })
    }

    /// A path option, or the sandbox's demo name when talking to the local service.
    fn or_local(&self, given: &Option<String>, local: &str, flag: &str) -> Result<String, Failure> {
        match (given, &self.local) {
            (Some(v), _) => Ok(v.clone()),
            (None, Some(_)) => Ok(local.to_owned()),
            (None, None) => Err(Failure::usage(format!("--{flag} is required"))),
        }
    }

    /// A Location printed by an earlier run of the local service (another
    /// loopback port) is moved to this run's service; any other stays.
    fn local_location(&self, location: &str) -> String {
        let Some(local) = &self.local else {
            return location.to_owned();
        };
        match reqwest::Url::parse(location.trim()) {
            Ok(u)
                if u.scheme() == "http" && u.host_str().is_some_and(crate::client::endpoint::is_loopback) =>
            {
                let query = u.query().map(|q| format!("?{q}")).unwrap_or_default();
                format!("{}{}{query}", local.url().trim_end_matches('/'), u.path())
            }
            _ => location.to_owned(),
        }
    }

    async fn close(self) {
        if let Some(local) = self.local {
            local.stop().await;
        }
    }
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
            }
        },
        Command::Migrate(a) => match a.command {
            MigrateCommand::Start(s) => {
                let vm = VmRef {
                    subscription: conn.or_local(&s.subscription, LOCAL_SUBSCRIPTION, "subscription")?,
                    resource_group: conn.or_local(
                        &s.resource_group,
                        LOCAL_RESOURCE_GROUP,
                        "resource-group",
                    )?,
                    vm: s.vm,
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

fn poll_line(p: &Poll, as_json: bool) -> String {
    let (status, ra) = match p {
        Poll::Running { retry_after } => ("InProgress", *retry_after),
        Poll::Done => ("Succeeded", None),
    };
    if as_json {
        json(&serde_json::json!({ "status": status, "retryAfter": ra.map(|d| d.as_secs()) }))
    } else {
        match ra {
            Some(d) => format!("{status} (next look in {}s)\n", d.as_secs()),
            None => format!("{status}\n"),
        }
    }
}

fn status_line(st: &OperationStatusResult) -> String {
    let state = st
        .operation_status
        .map_or_else(|| "unknown".to_owned(), |s| format!("{s:?}"));
    let mut line = format!(
        "{state}  activity {}",
        st.activity_id
            .as_deref()
            .or(st.operation_activity_id.as_deref())
            .unwrap_or("-")
    );
    if let Some(d) = &st.completion_date {
        let _ = write!(line, "  completed {d}");
    }
    line.push('\n');
    line
}

fn sync_table(items: &[ShareSynchronization], reads: Option<u64>, more: bool) -> String {
    let clean = |s: &Option<String>| crate::client::manage::clean_cell(s.as_deref().unwrap_or("-"));
    let rows: Vec<[String; 5]> = items
        .iter()
        .map(|s| {
            [
                clean(&s.start_time),
                s.synchronization_mode.map_or("-", |m| m.as_str()).to_owned(),
                clean(&s.status),
                s.duration_ms
                    .map_or_else(|| "-".to_owned(), |d| format!("{:.1}s", f64::from(d) / 1000.0)),
                clean(&s.consumer_name.clone().or_else(|| s.consumer_email.clone())),
            ]
        })
        .collect();
    let head = ["START", "MODE", "STATUS", "DURATION", "CONSUMER"];
    let mut widths = head.map(str::len);
    for r in &rows {
        for (w, c) in widths.iter_mut().zip(r) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut text = String::new();
    let mut line = |cells: [&str; 5]| {
        let mut l = String::new();
        for (i, (c, w)) in cells.iter().zip(widths).enumerate() {
            if i < 4 {
                let _ = write!(l, "{c:<w$}  ");
            } else {
                l.push_str(c);
            }
        }
        text.push_str(l.trim_end());
        text.push('\n');
    };
    line(head);
    for r in &rows {
        line([&r[0], &r[1], &r[2], &r[3], &r[4]]);
    }
    let mut footer = format!("{} synchronization(s)", rows.len());
    if let Some(n) = reads {
        let _ = write!(footer, "; remaining reads: {n}");
    }
    if more {
        footer.push_str("; more: --all");
    }
    text + &footer + "\n"
}
