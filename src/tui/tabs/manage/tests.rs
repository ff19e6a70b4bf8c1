//! Pure tests of the Manage tab: keys in, state and requests out.

use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::migrations::{FAULT_DOMAIN, LIST, SIZE, VM, WatchStatus, Watched, ZONE};
use super::refresh::{PROJECT, RefreshResult, SOURCE, TARGET, is_guid};
use super::syncs::{FilterMode, is_odata};
use super::*;
use crate::api::manage::{
    DatabaseRefreshResult, OperationStatus, ShareSynchronization, ShareSynchronizationList,
};
use crate::tui::keymap::Keymap;

pub const SRC: &str = "5362377c-0a1b-4c2d-8e3f-123456789abc";
pub const DST: &str = "0f1e2d3c-4b5a-6978-8a9b-abcdef012345";

pub fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Feeds a key through the default keymap, as the app will.
pub fn press(tab: &mut ManageTab, code: KeyCode) -> ManageOutcome {
    let k = key(code);
    let action = Keymap::defaults().action(&tab.contexts(), &k);
    tab.handle(action, &k)
}

pub fn type_text(tab: &mut ManageTab, text: &str) {
    for c in text.chars() {
        press(tab, KeyCode::Char(c));
    }
}

pub use super::fixtures::seeded;

fn page(rows: Vec<ShareSynchronization>, more: bool) -> ShareSynchronizationList {
    ShareSynchronizationList {
        value: rows,
        next_link: more.then(|| "https://mgmt/next?$skipToken=2".to_string()),
    }
}

fn tab() -> ManageTab {
    ManageTab::new("sales-share", Duration::from_secs(10))
}

#[test]
fn views_cycle_with_v_and_shift_v() {
    let mut t = tab();
    assert_eq!(press(&mut t, KeyCode::Char('v')), ManageOutcome::Handled);
    assert_eq!(t.view, View::Refresh);
    press(&mut t, KeyCode::Char('V'));
    press(&mut t, KeyCode::Char('V'));
    assert_eq!(t.view, View::Migrations);
    assert_eq!(
        press(&mut t, KeyCode::Char('q')),
        ManageOutcome::Ignored,
        "q is global"
    );
}

#[test]
fn syncs_refresh_loads_first_page_with_the_sort() {
    let mut t = tab();
    let out = press(&mut t, KeyCode::Char('r'));
    assert_eq!(
        out,
        ManageOutcome::LoadSyncs {
            filter: None,
            orderby: Some("startTime desc".into()),
            next: None
        }
    );
    assert_eq!(
        t.syncs.table.loading,
        crate::tui::widgets::table::Loading::Loading
    );
    t.syncs.loaded(page(seeded(10), true), Some(11_998));
    assert_eq!(
        t.syncs
            .table
            .visible()
            .next()
            .and_then(|s| s.synchronization_id.as_deref()),
        Some("run-009")
    );
    assert_eq!(t.syncs.remaining_reads, Some(11_998));
}

#[test]
fn nearing_the_end_asks_for_the_next_page_once() {
    let mut t = tab();
    t.syncs.loaded(page(seeded(10), true), None);
    assert!(!t.syncs.wants_more());
    for _ in 0..5 {
        assert_eq!(press(&mut t, KeyCode::Down), ManageOutcome::Handled);
    }
    assert!(!t.syncs.wants_more());
    let out = press(&mut t, KeyCode::Down);
    assert!(
        matches!(out, ManageOutcome::LoadSyncs { next: Some(_), .. }),
        "{out:?}"
    );
    assert!(!t.syncs.wants_more(), "one request at a time");
    assert_eq!(press(&mut t, KeyCode::Down), ManageOutcome::Handled);
    t.syncs
        .loaded_more(page(seeded(14)[10..].to_vec(), false), Some(11_997));
    assert_eq!((t.syncs.pages(), t.syncs.table.rows().len()), (2, 14));
    assert_eq!(
        t.syncs
            .table
            .selected()
            .and_then(|s| s.synchronization_id.as_deref()),
        Some("run-002")
    );
    assert!(!t.syncs.wants_more(), "no next link");
    assert_eq!(press(&mut t, KeyCode::Char('m')), ManageOutcome::Handled);
}

#[test]
fn filter_is_local_or_sent_as_odata() {
    assert!(is_odata("status eq 'Failed'"));
    assert!(is_odata("contains(consumerName,'ana')"));
    assert!(!is_odata("Failed"));
    assert!(!is_odata("equal"));
    let mut t = tab();
    t.syncs.loaded(page(seeded(30), false), None);
    press(&mut t, KeyCode::Char('/'));
    assert_eq!(t.contexts()[0], Context::Editor);
    type_text(&mut t, "failed");
    assert_eq!(t.syncs.table.visible_len(), 30, "applied on Enter");
    assert_eq!(press(&mut t, KeyCode::Enter), ManageOutcome::Handled);
    assert_eq!(t.syncs.filter_mode(), &FilterMode::Local("failed".into()));
    assert_eq!(t.syncs.filter_request(), None);
    assert!(
        t.syncs
            .table
            .visible()
            .all(|s| s.status.as_deref() == Some("Failed"))
    );
    press(&mut t, KeyCode::Char('/'));
    press(&mut t, KeyCode::Char('u')); // typed, not a command
    let k = KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL);
    t.handle(None, &k);
    type_text(&mut t, "status eq 'Failed'");
    let out = press(&mut t, KeyCode::Enter);
    assert_eq!(
        out,
        ManageOutcome::LoadSyncs {
            filter: Some("status eq 'Failed'".into()),
            orderby: Some("startTime desc".into()),
            next: None
        }
    );
    assert_eq!(t.syncs.table.visible_len(), 30, "the local filter is off");
    // Esc clears a filter, and a server one needs a reload.
    assert!(matches!(
        press(&mut t, KeyCode::Esc),
        ManageOutcome::LoadSyncs { filter: None, .. }
    ));
    assert_eq!(t.syncs.filter_mode(), &FilterMode::None);
}

#[test]
fn pause_toggles() {
    let mut t = tab();
    assert_eq!(press(&mut t, KeyCode::Char('p')), ManageOutcome::Pause(true));
    assert_eq!(press(&mut t, KeyCode::Char('p')), ManageOutcome::Pause(false));
}

#[test]
fn refresh_form_validates_before_sending() {
    assert!(is_guid(SRC) && !is_guid("5362377c") && !is_guid("5362377c-0a1b-4c2d-8e3f-12345678zabc"));
    let mut t = tab();
    t.view = View::Refresh;
    press(&mut t, KeyCode::Enter);
    assert!(t.refresh.editing());
    type_text(&mut t, "12a45");
    press(&mut t, KeyCode::Tab);
    type_text(&mut t, SRC);
    press(&mut t, KeyCode::Tab);
    type_text(&mut t, &SRC.to_uppercase());
    assert_eq!(press(&mut t, KeyCode::Enter), ManageOutcome::Handled);
    assert_eq!(t.refresh.fields[PROJECT].error.as_deref(), Some("digits only"));
    assert_eq!(t.refresh.fields[SOURCE].error, None);
    assert_eq!(
        t.refresh.form_error.as_deref(),
        Some("source and target must differ")
    );
    t.refresh.fields[PROJECT].set("12345");
    t.refresh.fields[TARGET].set(DST);
    let out = press(&mut t, KeyCode::Enter);
    assert_eq!(
        out,
        ManageOutcome::Refresh(RefreshRequest {
            project_id: 12345,
            source: SRC.into(),
            target: DST.into()
        })
    );
    assert_eq!(t.refresh.result, RefreshResult::Sending);
}

#[test]
fn refresh_result_refused_and_followed() {
    let mut r = RefreshView::default();
    let request = RefreshRequest {
        project_id: 1,
        source: SRC.into(),
        target: DST.into(),
    };
    r.pending = Some(request.clone());
    r.result(
        DatabaseRefreshResult {
            is_success: false,
            operation_activity_id: Some("55eb4327".into()),
            error_message: Some("Maximum allowed API operations are 3".into()),
            version_eol: None,
        },
        0,
    );
    assert!(matches!(&r.result, RefreshResult::Rejected { message, .. } if message.starts_with("Maximum")));
    assert_eq!(r.following(), None);
    r.pending = Some(request);
    r.result(
        DatabaseRefreshResult {
            is_success: true,
            operation_activity_id: Some("6a90b45f".into()),
            error_message: None,
            version_eol: None,
        },
        5,
    );
    assert_eq!(r.following(), Some("6a90b45f"));
    assert_eq!(r.due(5).len(), 1, "read at once");
    for (s, at) in [
        (OperationStatus::NotStarted, 10),
        (OperationStatus::InProgress, 20),
        (OperationStatus::InProgress, 30),
        (OperationStatus::Completed, 40),
    ] {
        r.status_update("6a90b45f", status(s), at, 10);
    }
    let timeline = &r.followed()[0].timeline;
    assert_eq!(timeline.iter().map(|s| s.at).collect::<Vec<_>>(), [10, 20, 40]);
    assert_eq!(r.following(), None);
    assert!(r.due(1_000).is_empty(), "final: never read again");
}

pub use super::fixtures::status;

#[test]
fn migration_form_validates() {
    let mut m = MigrationsView::default();
    assert_eq!(m.submit(), None);
    assert_eq!(
        m.fields[VM].error.as_deref(),
        Some("required (or an availability set)")
    );
    m.fields[VM].set("vm-web-01");
    m.fields[ZONE].set("4");
    m.fields[FAULT_DOMAIN].set("-1");
    assert_eq!(m.submit(), None);
    assert!(m.fields[ZONE].error.is_some() && m.fields[FAULT_DOMAIN].error.is_some());
    m.fields[ZONE].set("");
    m.fields[FAULT_DOMAIN].set("x");
    assert_eq!(m.submit(), None);
    m.fields[FAULT_DOMAIN].set("");
    let (vm, input) = m.submit().expect("valid");
    assert_eq!(
        (vm.as_str(), input.clone()),
        ("vm-web-01", MigrationInput::default())
    );
    m.fields[ZONE].set("2");
    m.fields[SIZE].set("Standard_D2s_v5");
    m.fields[FAULT_DOMAIN].set("0");
    let (_, input) = m.submit().expect("valid");
    assert_eq!(input.target_zone.as_deref(), Some("2"));
    assert_eq!(input.target_fault_domain, Some(0));
}

#[test]
fn migrations_are_watched_polled_and_kept() {
    let mut t = tab();
    t.view = View::Migrations;
    press(&mut t, KeyCode::Char('i'));
    type_text(&mut t, "vm-web-01");
    let out = press(&mut t, KeyCode::Enter);
    assert_eq!(
        out,
        ManageOutcome::Migrate {
            vm: "vm-web-01".into(),
            input: MigrationInput::default()
        }
    );
    let m = &mut t.migrations;
    m.watch("https://mgmt/op/1", "vm-web-01", 1000, 30);
    assert!(m.due(1029).is_empty());
    assert_eq!(m.due(1030), ["https://mgmt/op/1"]);
    m.update(
        "https://mgmt/op/1",
        WatchStatus::Running { percent: Some(40.0) },
        1030,
        Some(1060),
    );
    m.update("https://mgmt/op/1", WatchStatus::Succeeded, 1060, Some(2000));
    assert_eq!(m.watched()[0].next_poll, None);
    assert_eq!(m.watched()[0].finished_at, Some(1060));
    let json = serde_json::to_string(m.watched()).expect("serializes");
    let back: Vec<Watched> = serde_json::from_str(&json).expect("deserializes");
    assert_eq!(back, m.watched());
    // Dismissing the finished one from the list.
    t.migrations.focus = LIST;
    assert_eq!(
        press(&mut t, KeyCode::Esc),
        ManageOutcome::Forget("https://mgmt/op/1".into())
    );
    assert!(t.migrations.watched().is_empty());
}

#[test]
fn release_events_are_ignored() {
    let mut t = tab();
    let mut k = key(KeyCode::Char('v'));
    k.kind = crossterm::event::KeyEventKind::Release;
    assert_eq!(t.handle(Some(Action::NextView), &k), ManageOutcome::Ignored);
    assert_eq!(t.view, View::Syncs);
}

#[test]
fn paste_goes_into_the_edited_field_only() {
    let mut t = tab();
    t.view = View::Refresh;
    t.paste("ignored");
    assert_eq!(t.refresh.fields[PROJECT].text(), "");
    press(&mut t, KeyCode::Enter);
    press(&mut t, KeyCode::Tab);
    t.paste(&format!("{SRC}\r\n"));
    assert_eq!(t.refresh.fields[SOURCE].text(), format!("{SRC} "));
    assert_eq!(t.refresh.fields[SOURCE].value(), SRC);
}

/// The tab drawn alone at `width`×`height` (the render and snapshot tests').
pub fn screen(tab: &ManageTab, width: u16, height: u16) -> String {
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| {
            tab.render(f, f.area(), &Theme::default());
        })
        .expect("drawn");
    terminal.backend().to_string()
}
