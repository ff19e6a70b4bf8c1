//! The Manage tab on screen: TestBackend snapshots at 120×35 (one at 80×24)
//! and no panics at tiny sizes.

use std::time::Duration;

use crossterm::event::KeyCode;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::migrations::WatchStatus;
use super::refresh::{PROJECT, SOURCE, TARGET};
use super::tests::{DST, SRC, press, screen, seeded, status};
use super::*;
use crate::api::manage::{DatabaseRefreshResult, OperationStatus, ShareSynchronizationList};
use crate::tui::widgets::table::Loading;

fn tab() -> ManageTab {
    ManageTab::new("sales-share", Duration::from_secs(10))
}

/// 30 rows on 3 pages, more available, the 5th row selected.
fn syncs_30() -> ManageTab {
    let mut t = tab();
    let rows = seeded(30);
    let page = |r: &[_], more: bool| ShareSynchronizationList {
        value: r.to_vec(),
        next_link: more.then(|| "https://mgmt/next".to_string()),
    };
    t.syncs.loaded(page(&rows[..10], true), Some(11_999));
    t.syncs.loaded_more(page(&rows[10..20], true), Some(11_998));
    t.syncs.loaded_more(page(&rows[20..], true), Some(11_997));
    for _ in 0..4 {
        press(&mut t, KeyCode::Down);
    }
    t
}

#[test]
fn syncs_with_detail_and_sparkline_120x35() {
    let t = syncs_30();
    insta::assert_snapshot!(screen(&t, 120, 35));
}

#[test]
fn syncs_80x24() {
    let t = syncs_30();
    insta::assert_snapshot!(screen(&t, 80, 24));
}

/// The area the workbench gives the tab at 80×24 (its tab line, status
/// line and key hints taken): the table keeps most of it.
#[test]
fn syncs_in_the_workbench_at_80x24() {
    let t = syncs_30();
    let screen = screen(&t, 80, 21);
    let rows = screen.lines().filter(|l| l.starts_with("\"│2026-11-26")).count();
    assert!(rows >= 6, "{rows} rows of the table shown:\n{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn syncs_local_filter_paused_120x35() {
    let mut t = syncs_30();
    press(&mut t, KeyCode::Char('p'));
    press(&mut t, KeyCode::Char('/'));
    for c in "fabrikam".chars() {
        press(&mut t, KeyCode::Char(c));
    }
    press(&mut t, KeyCode::Enter);
    press(&mut t, KeyCode::Char('s'));
    press(&mut t, KeyCode::Char('s'));
    let s = screen(&t, 120, 35);
    assert!(
        s.contains("paused") && s.contains("local") && s.contains("Status ▼"),
        "{s}"
    );
    insta::assert_snapshot!(s);
}

#[test]
fn syncs_loading_120x35() {
    let mut t = tab();
    press(&mut t, KeyCode::Char('r'));
    insta::assert_snapshot!(screen(&t, 120, 35));
}

#[test]
fn syncs_failed_120x35() {
    let mut t = tab();
    press(&mut t, KeyCode::Char('r'));
    t.syncs
        .failed("HTTP 403 AuthorizationFailed: the client has no read access to share sales-share");
    insta::assert_snapshot!(screen(&t, 120, 35));
}

fn refresh_tab() -> ManageTab {
    let mut t = tab();
    t.view = View::Refresh;
    t
}

#[test]
fn refresh_form_with_errors_120x35() {
    let mut t = refresh_tab();
    if let Some(f) = t.refresh.field_mut(PROJECT) {
        f.set("12a45");
    }
    if let Some(f) = t.refresh.field_mut(SOURCE) {
        f.set(SRC);
    }
    if let Some(f) = t.refresh.field_mut(TARGET) {
        f.set("prod");
    }
    press(&mut t, KeyCode::Enter); // edit
    press(&mut t, KeyCode::Enter); // send: refused by the checks
    insta::assert_snapshot!(screen(&t, 120, 35));
}

#[test]
fn refresh_refused_120x35() {
    let mut t = refresh_tab();
    t.refresh.result(
        DatabaseRefreshResult {
            is_success: false,
            operation_activity_id: Some("55eb4327-9346-4c7b-82bd-fe8ef15112c6".into()),
            error_message: Some(
                "Maximum allowed API operations are 3 from 2019-09-30T04:01:01.9999999".into(),
            ),
            version_eol: None,
        },
        0,
    );
    let s = screen(&t, 120, 35);
    assert!(
        s.contains("Maximum allowed") && s.contains("55eb4327-9346"),
        "{s}"
    );
}

#[test]
fn refresh_followed_to_completed_120x35() {
    let mut t = refresh_tab();
    for (i, v) in [(PROJECT, "12345"), (SOURCE, SRC), (TARGET, DST)] {
        if let Some(f) = t.refresh.field_mut(i) {
            f.set(v);
        }
    }
    let sent = press(&mut t, KeyCode::Char('r'));
    assert!(matches!(sent, ManageOutcome::Refresh(_)));
    let t0 = 1_795_708_800; // 2026-11-26T16:00:00Z
    t.refresh.result(
        DatabaseRefreshResult {
            is_success: true,
            operation_activity_id: Some("6a90b45f-1c2d-4e5f-8a9b-0c1d2e3f4a5b".into()),
            error_message: None,
            version_eol: Some("9999-12-31T23:59:59.9999999".into()),
        },
        t0,
    );
    for (s, dt) in [
        (OperationStatus::NotStarted, 0),
        (OperationStatus::InProgress, 30),
        (OperationStatus::InProgress, 60),
        (OperationStatus::Completed, 754),
    ] {
        t.refresh
            .status_update("6a90b45f-1c2d-4e5f-8a9b-0c1d2e3f4a5b", status(s), t0 + dt, 30);
    }
    insta::assert_snapshot!(screen(&t, 120, 35));
}

#[test]
fn migrations_three_watched_120x35() {
    let mut t = tab();
    t.view = View::Migrations;
    let m = &mut t.migrations;
    let t0 = 1_795_708_800;
    m.watch("https://mgmt/op/1", "vm-web-01", t0, 30);
    m.watch("https://mgmt/op/2", "vm-db-02", t0 - 900, 30);
    m.watch("https://mgmt/op/3", "vm-cache-03", t0 - 300, 30);
    m.update(
        "https://mgmt/op/1",
        WatchStatus::Running { percent: Some(40.0) },
        t0 + 95,
        Some(t0 + 125),
    );
    m.update("https://mgmt/op/2", WatchStatus::Succeeded, t0 - 120, None);
    m.update(
        "https://mgmt/op/3",
        WatchStatus::Failed("OperationNotAllowed: the VM is not in an availability set".into()),
        t0 - 60,
        None,
    );
    m.set_now(t0 + 113);
    insta::assert_snapshot!(screen(&t, 120, 35));
}

#[test]
fn tiny_areas_do_not_panic() {
    let mut tabs = vec![syncs_30(), tab(), refresh_tab()];
    let mut m = tab();
    m.view = View::Migrations;
    m.migrations.watch("op", "vm", 0, 5);
    tabs.push(m);
    tabs[1].syncs.table.loading = Loading::Failed("x".repeat(300));
    for t in &tabs {
        for w in [1, 2, 5, 19, 20, 21, 40, 80] {
            for h in [1, 2, 3, 5, 6, 7, 10, 19, 20, 24] {
                screen(t, w, h);
            }
        }
    }
}

#[test]
fn statuses_use_their_theme_roles() {
    let t = syncs_30();
    let theme = Theme::default();
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).expect("a test terminal");
    terminal
        .draw(|f| {
            t.render(f, f.area(), &theme);
        })
        .expect("drawn");
    let buf = terminal.backend().buffer().clone();
    let style_of = |word: &str| {
        (0..buf.area.height).find_map(|y| {
            // The table's status column starts at x = 33 (border + 19 + 1 + 11 + 1).
            let cells: String = (33..33 + word.len() as u16)
                .map(|x| buf[(x, y)].symbol())
                .collect();
            (cells == word).then(|| buf[(33, y)].style())
        })
    };
    assert_eq!(style_of("Failed").and_then(|s| s.fg), theme.error.fg);
    assert_eq!(style_of("Succeeded").and_then(|s| s.fg), theme.ok.fg);
    assert_eq!(style_of("Cancelled").and_then(|s| s.fg), theme.muted.fg);
}
