//! The Manage tab's clock and replies: what a tick asks for, what an
//! answer changes, and that nothing is asked twice while it is out.

use std::time::{Duration, Instant};

use super::migrations::{VM, WatchStatus};
use super::refresh::{RefreshRequest, RefreshResult};
use super::tests::{DST, SRC, seeded, status};
use super::*;
use crate::api::manage::{DatabaseRefreshResult, OperationStatus, ShareSynchronizationList};
use crate::tui::widgets::toast::Kind;

const T0: i64 = 1_795_680_000;

fn tab() -> ManageTab {
    ManageTab::new("sales-share", Duration::from_secs(30))
}

fn page(n: usize, next: Option<&str>) -> Result<(ShareSynchronizationList, Option<u64>), String> {
    Ok((
        ShareSynchronizationList {
            value: seeded(n),
            next_link: next.map(str::to_owned),
        },
        Some(14_990),
    ))
}

#[test]
fn syncs_load_on_sight_then_refresh_every_interval_unless_paused_or_hidden() {
    let mut t = tab();
    let now = Instant::now();
    assert!(
        t.tick(now, T0, false).is_empty(),
        "nothing while the tab is hidden"
    );
    let out = t.tick(now, T0, true);
    assert!(matches!(
        out.as_slice(),
        [ManageOutcome::LoadSyncs { next: None, .. }]
    ));
    assert!(t.tick(now, T0, true).is_empty(), "not asked again while out");
    assert_eq!(t.next_due(now, T0, true), None);

    t.reply(
        ManageReply::Syncs {
            load: SyncsLoad::Fresh,
            query: t.syncs_query(),
            result: page(3, Some("http://x/next")),
        },
        now,
        T0,
    );
    assert_eq!(t.syncs.table.rows().len(), 3);
    assert_eq!(t.next_due(now, T0, true), Some(now + Duration::from_secs(30)));
    let later = now + Duration::from_secs(30);
    let out = t.tick(later, T0 + 30, true);
    assert!(
        matches!(out.as_slice(), [ManageOutcome::ReloadSyncs { .. }]),
        "{out:?}"
    );

    // The auto-refresh merges: rows update in place, the paging stays.
    let mut fresh = seeded(4);
    fresh[0].status = Some("Failed".into());
    t.reply(
        ManageReply::Syncs {
            load: SyncsLoad::Merge,
            query: t.syncs_query(),
            result: Ok((
                ShareSynchronizationList {
                    value: fresh,
                    next_link: Some("http://x/next".into()),
                },
                None,
            )),
        },
        later,
        T0 + 30,
    );
    assert_eq!(t.syncs.table.rows().len(), 4);
    assert_eq!(t.syncs.table.rows()[0].status.as_deref(), Some("Failed"));
    assert_eq!(t.syncs.remaining_reads, Some(14_990), "kept when a page has none");

    t.syncs.paused = true;
    assert_eq!(t.next_due(later, T0 + 30, true), None, "paused");
    t.syncs.paused = false;
    t.view = View::Refresh;
    assert_eq!(
        t.next_due(later, T0 + 30, true),
        None,
        "the Syncs view is not shown"
    );
}

#[test]
fn a_failed_load_is_shown_and_tried_again_after_the_interval() {
    let mut t = tab();
    let now = Instant::now();
    t.tick(now, T0, true);
    t.reply(
        ManageReply::Syncs {
            load: SyncsLoad::Fresh,
            query: t.syncs_query(),
            result: Err("HTTP 503".into()),
        },
        now,
        T0,
    );
    assert_eq!(
        t.syncs.table.loading,
        crate::tui::widgets::table::Loading::Failed("HTTP 503".into())
    );
    assert_eq!(t.next_due(now, T0, true), Some(now + Duration::from_secs(30)));
}

#[test]
fn a_migration_is_watched_polled_as_asked_and_finishes_with_a_toast() {
    let mut t = tab();
    let now = Instant::now();
    let loc = "http://127.0.0.1:9/subscriptions/s/operations/1?monitor=true";
    let toast = t.reply(
        ManageReply::Migration {
            vm: "vm-web-1".into(),
            result: Ok(Accepted {
                location: Some(loc.into()),
                status_url: Some(format!("{loc}&status")),
                retry_after: Some(Duration::from_secs(5)),
            }),
        },
        now,
        T0,
    );
    assert_eq!(toast.map(|t| t.1), Some(Kind::Info));
    assert!(t.take_save(), "a new watch is stored");
    assert!(!t.take_save());
    assert_eq!(t.migrations.watched()[0].next_poll, Some(T0 + 5));
    assert_eq!(t.next_due(now, T0, false), Some(now + Duration::from_secs(5)));
    assert!(t.tick(now, T0 + 4, false).is_empty());

    let out = t.tick(now, T0 + 5, false);
    assert_eq!(
        out,
        [ManageOutcome::PollMigration {
            id: loc.into(),
            status_url: Some(format!("{loc}&status")),
        }],
        "polls run on any tab"
    );
    assert!(t.tick(now, T0 + 6, false).is_empty(), "not twice while out");

    assert_eq!(
        t.reply(
            ManageReply::Polled {
                id: loc.into(),
                result: Polled::Running {
                    retry_after: None,
                    percent: Some(42.5),
                },
            },
            now,
            T0 + 6,
        ),
        None
    );
    assert_eq!(
        t.migrations.watched()[0].status,
        WatchStatus::Running { percent: Some(42.5) }
    );
    assert_eq!(
        t.migrations.watched()[0].next_poll,
        Some(T0 + 66),
        "60 s without Retry-After"
    );
    t.tick(now, T0 + 66, false);
    let toast = t.reply(
        ManageReply::Polled {
            id: loc.into(),
            result: Polled::Done,
        },
        now,
        T0 + 67,
    );
    assert_eq!(toast.map(|t| t.1), Some(Kind::Ok));
    let w = &t.migrations.watched()[0];
    assert_eq!(
        (&w.status, w.next_poll, w.finished_at),
        (&WatchStatus::Succeeded, None, Some(T0 + 67))
    );
    assert!(t.take_save());
    assert_eq!(t.next_due(now, T0 + 67, false), None);
}

#[test]
fn an_unreachable_poll_keeps_watching_and_a_failed_operation_ends_it() {
    let mut t = tab();
    let now = Instant::now();
    t.migrations.watch("loc-a", "vm-web-3", T0, 0);
    t.migrations.watch("loc-b", "vm-web-4", T0, 0);
    let out = t.tick(now, T0, false);
    assert_eq!(out.len(), 2);
    let toast = t.reply(
        ManageReply::Polled {
            id: "loc-a".into(),
            result: Polled::Unreachable("network error".into()),
        },
        now,
        T0 + 1,
    );
    assert_eq!(toast.map(|t| t.1), Some(Kind::Error));
    assert_eq!(
        t.migrations.watched()[0].status,
        WatchStatus::Running { percent: None }
    );
    assert_eq!(t.migrations.watched()[0].next_poll, Some(T0 + 31));
    t.reply(
        ManageReply::Polled {
            id: "loc-b".into(),
            result: Polled::Failed("409 AllocationFailed".into()),
        },
        now,
        T0 + 1,
    );
    assert_eq!(
        t.migrations.watched()[1].status,
        WatchStatus::Failed("409 AllocationFailed".into())
    );
    assert_eq!(t.migrations.watched()[1].next_poll, None);
}

#[test]
fn a_refused_migration_is_said_under_the_vm_name() {
    let mut t = tab();
    let toast = t.reply(
        ManageReply::Migration {
            vm: "vm-web-9".into(),
            result: Err("404 ResourceNotFound".into()),
        },
        Instant::now(),
        T0,
    );
    assert_eq!(toast.map(|t| t.1), Some(Kind::Error));
    assert_eq!(
        t.migrations.fields[VM].error.as_deref(),
        Some("404 ResourceNotFound")
    );
    assert!(t.migrations.watched().is_empty());
    assert!(!t.take_save());
}

#[test]
fn an_accepted_refresh_is_followed_on_the_target_until_final() {
    let mut t = tab();
    let now = Instant::now();
    t.sent(&ManageOutcome::Refresh(RefreshRequest {
        project_id: 1_234_567,
        source: SRC.into(),
        target: DST.into(),
    }));
    assert!(
        t.tick(now, T0, false).is_empty(),
        "nothing to follow before the answer"
    );
    t.reply(
        ManageReply::Refreshed(Ok(DatabaseRefreshResult {
            is_success: true,
            operation_activity_id: Some("act-1".into()),
            error_message: None,
            version_eol: None,
        })),
        now,
        T0,
    );
    let out = t.tick(now, T0, false);
    assert_eq!(
        out,
        [ManageOutcome::RefreshStatus {
            project: "1234567".into(),
            environment: DST.into(),
            activity: "act-1".into(),
        }]
    );
    assert!(t.tick(now, T0, false).is_empty(), "one read at a time");
    t.reply(
        ManageReply::RefreshStatus {
            activity: "act-1".into(),
            result: Ok(status(OperationStatus::InProgress)),
        },
        now,
        T0 + 1,
    );
    assert_eq!(t.next_due(now, T0 + 1, false), Some(now + t.timers.refresh_every));
    let later = now + t.timers.refresh_every;
    assert_eq!(t.tick(later, T0 + 11, false).len(), 1);
    let toast = t.reply(
        ManageReply::RefreshStatus {
            activity: "act-1".into(),
            result: Ok(status(OperationStatus::Completed)),
        },
        later,
        T0 + 11,
    );
    assert_eq!(toast.map(|t| t.1), Some(Kind::Ok));
    assert_eq!(t.refresh.followed()[0].timeline.len(), 2);
    assert!(t.take_save(), "a refresh that ended is stored as such");
    assert_eq!(t.next_due(later, T0 + 11, false), None, "final: no more reads");
}

#[test]
fn a_refused_refresh_is_not_followed() {
    let mut t = tab();
    let now = Instant::now();
    t.sent(&ManageOutcome::Refresh(RefreshRequest {
        project_id: 1,
        source: SRC.into(),
        target: DST.into(),
    }));
    t.reply(
        ManageReply::Refreshed(Ok(DatabaseRefreshResult {
            is_success: false,
            operation_activity_id: Some("act-2".into()),
            error_message: Some("Target environment is a production environment.".into()),
            version_eol: None,
        })),
        now,
        T0,
    );
    assert!(t.tick(now, T0, false).is_empty());
    assert!(
        matches!(&t.refresh.result, RefreshResult::Rejected { message, .. } if message.contains("production"))
    );
}

#[test]
fn an_answer_to_an_older_filter_or_sort_is_dropped() {
    let mut t = tab();
    let now = Instant::now();
    t.tick(now, T0, true);
    let old = t.syncs_query();
    t.syncs.table.handle(crate::tui::keymap::Action::SortNext);
    assert_ne!(t.syncs_query(), old);
    t.reply(
        ManageReply::Syncs {
            load: SyncsLoad::Fresh,
            query: old,
            result: page(3, None),
        },
        now,
        T0,
    );
    assert!(
        t.syncs.table.rows().is_empty(),
        "rows of the old sort were not taken"
    );
}
