//! Followed refreshes: several at once, each read on its own schedule, a
//! failure's reason in full (wrapped at 80×24), resumed after a restart.

use std::time::{Duration, Instant};

use crossterm::event::KeyCode;

use super::refresh::RefreshRequest;
use super::refresh_follow::Followed;
use super::tests::{DST, SRC, press, screen, status};
use super::*;
use crate::api::manage::{DatabaseRefreshResult, OperationStatus, OperationStatusResult};
use crate::tui::widgets::toast::Kind;

const T0: i64 = 1_795_708_800;
const REASON: &str = "The database refresh failed while the database was being imported into the target \
    environment Contoso Staging: the import step stopped after the copied database could not be restored. \
    The target environment was rolled back; start the refresh again or contact support with the activity id.";

fn accepted(t: &mut ManageTab, project: u64, activity: &str, at: i64) {
    t.sent(&ManageOutcome::Refresh(RefreshRequest {
        project_id: project,
        source: SRC.into(),
        target: DST.into(),
    }));
    let answer = DatabaseRefreshResult {
        is_success: true,
        operation_activity_id: Some(activity.into()),
        error_message: None,
        version_eol: None,
    };
    t.reply(ManageReply::Refreshed(Ok(answer)), Instant::now(), at);
}

fn read(t: &mut ManageTab, activity: &str, s: OperationStatusResult, at: i64) -> Option<(String, Kind)> {
    let reply = ManageReply::RefreshStatus {
        activity: activity.into(),
        result: Ok(s),
    };
    t.reply(reply, Instant::now(), at)
}

fn failed() -> OperationStatusResult {
    let mut s = status(OperationStatus::Failed);
    s.error_message = Some(REASON.into());
    s
}

/// Two refreshes followed: the first failed with its reason, the second running.
fn two_followed() -> ManageTab {
    let mut t = ManageTab::new("share", Duration::from_secs(30));
    t.view = View::Refresh;
    accepted(&mut t, 11, "act-a", T0);
    accepted(&mut t, 22, "act-b", T0 + 5);
    let reads = t.tick(Instant::now(), T0 + 5, true);
    assert_eq!(reads.len(), 2, "both read, each once: {reads:?}");
    read(&mut t, "act-b", status(OperationStatus::InProgress), T0 + 6);
    let toast = read(&mut t, "act-a", failed(), T0 + 7);
    assert_eq!(toast.map(|t| t.1), Some(Kind::Error));
    t
}

#[test]
fn several_refreshes_are_followed_at_once_each_on_its_schedule() {
    let mut t = two_followed();
    assert!(t.take_save(), "accepted and ended refreshes are stored");
    let every = i64::try_from(t.timers.refresh_every.as_secs()).unwrap();
    assert!(t.tick(Instant::now(), T0 + 7, true).is_empty(), "nothing due yet");
    let due = t.tick(Instant::now(), T0 + 6 + every, true);
    assert_eq!(
        due,
        [ManageOutcome::RefreshStatus {
            project: "22".into(),
            environment: DST.into(),
            activity: "act-b".into(),
        }],
        "the failed one is never read again"
    );
}

#[test]
fn a_failed_refresh_shows_its_reason_in_full_and_y_copies_it() {
    let mut t = two_followed();
    // The newest is first; the failed one is second in the list.
    for _ in 0..3 {
        press(&mut t, KeyCode::Tab);
    }
    press(&mut t, KeyCode::Down);
    let s = screen(&t, 80, 24);
    assert!(
        s.contains("contact support with the activity id."),
        "the reason in full: {s}"
    );
    let ManageOutcome::Copy { text, .. } = press(&mut t, KeyCode::Char('y')) else {
        panic!("y copies the refresh")
    };
    assert!(text.contains("act-a") && text.contains(REASON), "{text}");
    insta::assert_snapshot!(s);
}

#[test]
fn a_failed_status_without_a_reason_says_so() {
    let mut t = ManageTab::new("share", Duration::from_secs(30));
    accepted(&mut t, 11, "act-a", T0);
    read(&mut t, "act-a", status(OperationStatus::Failed), T0 + 1);
    let reason = t.refresh.followed()[0].reason();
    assert_eq!(
        reason.as_deref(),
        Some("Failed: the service gave no reason (ErrorMessage empty)")
    );
}

#[test]
fn followed_refreshes_resume_after_a_restart() {
    let t = two_followed();
    let stored: Vec<Followed> = t.refresh.followed().to_vec();
    let json = serde_json::to_string(&stored).expect("serialized");
    let config = ManageConfig {
        label: "local sandbox".into(),
        share: "share".into(),
        sync_interval: Duration::from_secs(30),
        refresh_every: Duration::from_secs(10),
        project: None,
        watched: Vec::new(),
        refreshes: serde_json::from_str(&json).expect("read back"),
        bulks: Vec::new(),
        problem: None,
    };
    let mut again = ManageTab::configured(&config);
    assert_eq!(again.refresh.followed(), stored.as_slice());
    let due = again.tick(Instant::now(), T0 + 1_000, false);
    assert_eq!(
        due.len(),
        1,
        "the running one is read again, the failed one is not"
    );
    again.view = View::Refresh;
    let s = screen(&again, 120, 35);
    assert!(s.contains("Followed (2)") && s.contains("Failed"), "{s}");
}

#[test]
fn esc_on_an_ended_refresh_dismisses_it() {
    let mut t = two_followed();
    for _ in 0..3 {
        press(&mut t, KeyCode::Tab);
    }
    press(&mut t, KeyCode::Down);
    assert_eq!(
        press(&mut t, KeyCode::Esc),
        ManageOutcome::ForgetRefresh("act-a".into())
    );
    assert_eq!(t.refresh.followed().len(), 1);
    press(&mut t, KeyCode::Esc);
    assert_eq!(t.refresh.followed().len(), 1, "a running one stays");
}

#[test]
fn refresh_two_followed_at_200x60() {
    insta::assert_snapshot!(screen(&two_followed(), 200, 60));
}
