//! Bulk migrations in the Manage tab: the form with a set asks for the
//! set's migration, the tab starts what the cap allows and looks at each VM
//! at its Retry-After, nothing twice while out, and draws the counts, a gauge
//! per VM and a failure's reason in full (80×24, 200×60).

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use super::migrations::AVSET;
use super::tests::{press, screen, type_text};
use super::*;
use crate::client::manage::{BulkMigration, GroupRef, Look, Migration};

const T0: i64 = 1_795_708_800;
const REASON: &str = "AllocationFailed: Allocation failed. We do not have sufficient capacity for the \
    requested VM size in this region. Read more about improving likelihood of allocation success at \
    http://aka.ms/allocation-guidance (target vm-web-4)";

fn web_avset() -> BulkMigration {
    let group = GroupRef {
        subscription: "sub".into(),
        resource_group: "rg".into(),
    };
    let vms = (1..=4).map(|i| format!("vm-web-{i}")).collect();
    BulkMigration::new(&group, "web-avset", vms, MigrationInput::default(), 2, T0 * 1000)
}

fn accepted(vm: &str) -> Result<Migration, crate::client::manage::ManageError> {
    Ok(Migration {
        location: Some(format!("http://127.0.0.1:1/op/{vm}")),
        async_operation: None,
        retry_after: Some(Duration::from_secs(5)),
        request_id: None,
    })
}

fn reply(t: &mut ManageTab, r: ManageReply, unix: i64) -> Option<(String, crate::tui::widgets::toast::Kind)> {
    t.reply(r, Instant::now(), unix)
}

/// The bulk after its run: two succeeded, one failed, one running at 60 %.
fn ran() -> ManageTab {
    let mut t = ManageTab::new("share", Duration::from_secs(30));
    t.view = View::Migrations;
    reply(&mut t, ManageReply::BulkCreated(Ok(web_avset())), T0);
    let id = t.migrations.bulks()[0].id.clone();
    let starts = t.tick(Instant::now(), T0, true);
    assert_eq!(starts.len(), 2, "the cap: {starts:?}");
    assert!(
        t.tick(Instant::now(), T0, true).is_empty(),
        "nothing twice while out"
    );
    for vm in ["vm-web-1", "vm-web-2"] {
        let started = ManageReply::BulkStarted {
            bulk: id.clone(),
            vm: vm.into(),
            result: accepted(vm),
            delay: Duration::from_secs(5),
        };
        reply(&mut t, started, T0);
    }
    let looks = t.tick(Instant::now(), T0 + 5, true);
    assert_eq!(looks.len(), 2, "each looked at after its Retry-After: {looks:?}");
    let look = |vm: &str, result| ManageReply::BulkLooked {
        bulk: id.clone(),
        vm: vm.into(),
        result,
        delay: Duration::from_secs(5),
    };
    reply(&mut t, look("vm-web-1", Ok(Look::Succeeded)), T0 + 5);
    reply(&mut t, look("vm-web-2", Ok(Look::Succeeded)), T0 + 5);
    let next = t.tick(Instant::now(), T0 + 5, true);
    assert_eq!(next.len(), 2, "two slots freed: the other two start");
    for vm in ["vm-web-3", "vm-web-4"] {
        let started = ManageReply::BulkStarted {
            bulk: id.clone(),
            vm: vm.into(),
            result: accepted(vm),
            delay: Duration::from_secs(5),
        };
        reply(&mut t, started, T0 + 5);
    }
    t.tick(Instant::now(), T0 + 10, true);
    let running = Ok(Look::Running {
        percent: Some(60.0),
        retry_after: None,
    });
    reply(&mut t, look("vm-web-3", running), T0 + 10);
    reply(&mut t, look("vm-web-4", Ok(Look::Failed(REASON.into()))), T0 + 10);
    t
}

#[test]
fn the_form_with_a_set_asks_for_the_whole_set_or_the_vms_named() {
    let mut t = ManageTab::new("share", Duration::from_secs(30));
    t.view = View::Migrations;
    for _ in 0..AVSET {
        press(&mut t, KeyCode::Down);
    }
    press(&mut t, KeyCode::Enter);
    type_text(&mut t, "web-avset");
    let out = press(&mut t, KeyCode::Enter);
    let ManageOutcome::MigrateSet { set, vms, .. } = out else {
        panic!("a set: {out:?}")
    };
    assert_eq!(
        (set.as_str(), vms.len()),
        ("web-avset", 0),
        "no VM named: all of it"
    );
    t.migrations
        .field_mut(migrations::VM)
        .unwrap()
        .set("vm-web-1, vm-web-3");
    let out = press(&mut t, KeyCode::Char('r'));
    assert!(matches!(out, ManageOutcome::MigrateSet { vms, .. } if vms == ["vm-web-1", "vm-web-3"]));
}

#[test]
fn the_bulk_runs_to_the_end_with_the_failure_in_full() {
    let mut t = ran();
    let id = t.migrations.bulks()[0].id.clone();
    assert!(t.take_save(), "every change is stored");
    t.tick(Instant::now(), T0 + 15, true);
    let done = ManageReply::BulkLooked {
        bulk: id,
        vm: "vm-web-3".into(),
        result: Ok(Look::Succeeded),
        delay: Duration::from_secs(5),
    };
    let toast = reply(&mut t, done, T0 + 15);
    assert_eq!(
        toast.map(|t| t.0).as_deref(),
        Some("web-avset: 3 succeeded, 1 failed")
    );
    let s = screen(&t, 80, 24);
    assert!(s.contains("web-avset: 4 of 4 done: 3 succeeded, 1 failed"), "{s}");
    assert!(
        s.contains("allocation-guidance (target vm-web-4)"),
        "the reason in full: {s}"
    );
    assert!(
        t.tick(Instant::now(), T0 + 100, true).is_empty(),
        "ended: nothing more"
    );
}

#[test]
fn a_bulk_half_way_at_80x24() {
    insta::assert_snapshot!(screen(&ran(), 80, 24));
}

#[test]
fn a_bulk_half_way_at_200x60() {
    insta::assert_snapshot!(screen(&ran(), 200, 60));
}

#[test]
fn a_failed_single_migration_shows_its_reason_in_full_and_y_copies_it() {
    use super::migrations::WatchStatus;
    let mut t = ManageTab::new("share", Duration::from_secs(30));
    t.view = View::Migrations;
    t.migrations.watch("http://127.0.0.1:1/op/9", "vm-web-4", T0, 5);
    t.migrations.update(
        "http://127.0.0.1:1/op/9",
        WatchStatus::Failed(REASON.into()),
        T0 + 5,
        None,
    );
    for _ in 0..=AVSET {
        press(&mut t, KeyCode::Tab);
    }
    let s = screen(&t, 80, 24);
    assert!(
        s.contains("allocation-guidance (target │") && s.contains("│vm-web-4)"),
        "the reason in full: {s}"
    );
    let ManageOutcome::Copy { text, .. } = press(&mut t, KeyCode::Char('y')) else {
        panic!("y copies the migration")
    };
    assert!(
        text.starts_with("vm-web-4: failed: AllocationFailed") && text.contains("(target vm-web-4)"),
        "{text}"
    );
}

#[test]
fn y_copies_the_bulk_with_every_failure_in_full() {
    let mut t = ran();
    let ManageOutcome::Copy { label, text } = press(&mut t, KeyCode::Char('y')) else {
        panic!("y copies the bulk")
    };
    assert_eq!(label, "the bulk migration");
    assert!(text.starts_with("web-avset: 3 of 4 done"), "{text}");
    assert!(text.contains(&format!("vm-web-4 Failed: {REASON}")), "{text}");
}
