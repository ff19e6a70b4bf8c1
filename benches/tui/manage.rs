//! The Manage tab's three views with data: 200 synchronization runs (four
//! pages, a row in the middle selected, so the detail and the sparkline are
//! drawn), a database refresh followed to completion, and twelve watched
//! migrations in every state.

use glossa::api::manage::{DatabaseRefreshResult, OperationStatus, ShareSynchronizationList};
use glossa::tui::tabs::manage::migrations::WatchStatus;
use glossa::tui::tabs::manage::refresh::{PROJECT, SOURCE, TARGET};
use glossa::tui::tabs::manage::{View, fixtures};
use glossa::tui::{State, Tab};

use crate::press;
use crossterm::event::KeyCode;

/// 2026-11-26T08:00:00Z.
const T0: i64 = 1_795_680_000;

/// The workbench on the Manage tab showing `view`.
fn on_manage(view: View) -> State {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc);
    press(&mut s, KeyCode::Char('4'));
    assert_eq!(s.tab, Tab::Manage);
    s.manage.view = view;
    s
}

/// 200 runs loaded as four pages of 50, more available, row 100 selected.
pub fn syncs() -> State {
    let mut s = on_manage(View::Syncs);
    // The runs the Manage tab's own tests use, one every 37 minutes from T0.
    let rows = fixtures::seeded(200);
    for (i, page) in rows.chunks(50).enumerate() {
        let list = ShareSynchronizationList {
            value: page.to_vec(),
            next_link: Some(format!("https://mgmt/next?page={}", i + 2)),
        };
        if i == 0 {
            s.manage.syncs.loaded(list, Some(11_999));
        } else {
            s.manage.syncs.loaded_more(list, Some(11_999 - i as u64));
        }
    }
    for _ in 0..100 {
        press(&mut s, KeyCode::Down);
    }
    s
}

/// A refresh started from the form and followed to completion.
pub fn refresh() -> State {
    let mut s = on_manage(View::Refresh);
    let r = &mut s.manage.refresh;
    for (i, v) in [
        (PROJECT, "12345"),
        (SOURCE, "5362377c-0a1b-4c2d-8e3f-123456789abc"),
        (TARGET, "0f1e2d3c-4b5a-6978-8a9b-abcdef012345"),
    ] {
        if let Some(f) = r.field_mut(i) {
            f.set(v);
        }
    }
    assert!(r.submit().is_some(), "the form is valid");
    r.result(
        DatabaseRefreshResult {
            is_success: true,
            operation_activity_id: Some("6a90b45f-1c2d-4e5f-8a9b-0c1d2e3f4a5b".into()),
            error_message: None,
            version_eol: Some("9999-12-31T23:59:59.9999999".into()),
        },
        T0,
    );
    for (st, dt) in [
        (OperationStatus::NotStarted, 0),
        (OperationStatus::InProgress, 30),
        (OperationStatus::InProgress, 60),
        (OperationStatus::Completed, 754),
    ] {
        r.status_update(
            "6a90b45f-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
            fixtures::status(st),
            T0 + dt,
            30,
        );
    }
    s
}

/// Twelve watched migrations: running, succeeded, failed.
pub fn migrations() -> State {
    let mut s = on_manage(View::Migrations);
    let m = &mut s.manage.migrations;
    for i in 0..12 {
        let id = format!("https://mgmt/operations/{i}");
        let start = T0 - 300 * i as i64;
        m.watch(&id, format!("vm-web-{i:02}"), start, 30);
        let (status, next) = match i % 3 {
            0 => (
                WatchStatus::Running {
                    percent: Some(8.0 * i as f64),
                },
                Some(T0 + 125),
            ),
            1 => (WatchStatus::Succeeded, None),
            _ => (
                WatchStatus::Failed("OperationNotAllowed: the VM is not in an availability set".into()),
                None,
            ),
        };
        m.update(&id, status, T0 + 95, next);
    }
    m.set_now(T0 + 113);
    s
}
