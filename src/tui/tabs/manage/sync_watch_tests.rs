//! Watching syncs: runs new or changed since the last look are marked until
//! selected, counts by status under the table, a run shown in full
//! (wrapped, scrolled, copied with `y`) at 80×24 and 200×60.

use std::time::Duration;

use crossterm::event::KeyCode;

use super::tests::{press, screen, seeded};
use super::*;
use crate::api::manage::ShareSynchronizationList;

fn page(rows: Vec<crate::api::manage::ShareSynchronization>) -> ShareSynchronizationList {
    ShareSynchronizationList {
        value: rows,
        next_link: None,
    }
}

/// Ten runs; the failed one's message is long enough to wrap many times.
fn loaded() -> ManageTab {
    let mut t = ManageTab::new("sales-share", Duration::from_secs(10));
    let mut rows = seeded(10);
    rows[3].message = Some(
        "The synchronization failed because the source snapshot could not be found in this region. \
         It may have been deleted by a retention policy, or the share may have been moved to another \
         account; check the provider's share and start a full synchronization again."
            .into(),
    );
    t.syncs.loaded(page(rows), Some(11_999));
    t
}

#[test]
fn an_auto_refresh_marks_new_and_changed_runs_until_each_is_selected() {
    let mut t = loaded();
    assert_eq!(t.syncs.table.marked_visible(), 0, "the first load marks nothing");
    let mut merged = t.syncs.table.rows().to_vec();
    let run_9 = merged
        .iter_mut()
        .find(|r| r.synchronization_id.as_deref() == Some("run-009"));
    run_9.expect("run-009 is loaded").status = Some("Succeeded".into()); // was InProgress
    let mut new = seeded(11).pop().expect("an 11th run");
    new.synchronization_id = Some("run-010".into());
    merged.push(new);
    t.syncs.merged(page(merged), Some(11_998));
    let marked: Vec<bool> = ["run-009", "run-010", "run-004"]
        .iter()
        .map(|id| t.syncs.table.is_marked(id))
        .collect();
    assert_eq!(marked, [true, true, false], "changed, new, unchanged");
    assert!(screen(&t, 120, 35).contains("2 new or changed (marked until selected)"));
    // Newest first: the new run is the top row, above the selection (which
    // stays on its run); moving onto it is seeing it.
    press(&mut t, KeyCode::Up);
    assert!(!t.syncs.table.is_marked("run-010"));
    assert!(t.syncs.table.is_marked("run-009"));
}

#[test]
fn the_runs_are_counted_by_status_under_the_table() {
    let t = loaded();
    let s = screen(&t, 80, 24);
    assert!(
        s.contains("6 succeeded · 1 cancelled · 1 failed · 1 in progress · 1 queued"),
        "{s}"
    );
}

#[test]
fn enter_shows_a_run_in_full_wrapped_and_scrolled_and_y_copies_it() {
    let mut t = loaded();
    // Newest first: the failed run-003 is the 7th row.
    for _ in 0..6 {
        press(&mut t, KeyCode::Down);
    }
    assert_eq!(press(&mut t, KeyCode::Enter), ManageOutcome::Handled);
    assert!(t.syncs.detail.is_some());
    let s = screen(&t, 80, 24);
    assert!(s.contains("every field"), "{s}");
    assert!(
        s.contains("start a full synchronization again."),
        "the message in full: {s}"
    );
    let ManageOutcome::Copy { label, text } = press(&mut t, KeyCode::Char('y')) else {
        panic!("y copies the run")
    };
    assert_eq!(label, "the sync run");
    assert!(
        text.contains("Sync id  run-003") && text.ends_with("synchronization again."),
        "{text}"
    );
    press(&mut t, KeyCode::Down);
    assert_eq!(t.syncs.detail.as_ref().map(|v| v.scroll), Some(1));
    press(&mut t, KeyCode::Esc);
    assert!(t.syncs.detail.is_none(), "Esc goes back to the table");
}

#[test]
fn a_run_in_full_at_80x24() {
    let mut t = loaded();
    for _ in 0..6 {
        press(&mut t, KeyCode::Down);
    }
    press(&mut t, KeyCode::Enter);
    insta::assert_snapshot!(screen(&t, 80, 24));
}

#[test]
fn a_run_in_full_at_200x60() {
    let mut t = loaded();
    for _ in 0..6 {
        press(&mut t, KeyCode::Down);
    }
    press(&mut t, KeyCode::Enter);
    insta::assert_snapshot!(screen(&t, 200, 60));
}

#[test]
fn syncs_at_200x60() {
    let mut t = loaded();
    press(&mut t, KeyCode::Down);
    insta::assert_snapshot!(screen(&t, 200, 60));
}

#[test]
fn y_copies_the_last_load_failure_even_with_no_run_listed() {
    let mut t = ManageTab::new("sales-share", Duration::from_secs(10));
    t.syncs
        .failed("HTTP 403 AuthorizationFailed: the client has no read access to share sales-share");
    let ManageOutcome::Copy { text, .. } = press(&mut t, KeyCode::Char('y')) else {
        panic!("y copies the failure")
    };
    assert_eq!(
        text,
        "last load failed: HTTP 403 AuthorizationFailed: the client has no read access to share sales-share"
    );
}
