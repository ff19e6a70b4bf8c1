//! The Manage tab inside the workbench: tab switches, where keys go, the
//! requests it asks for as effects, and snapshots of the wired frame.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{State, Tab};
use crate::api::manage::ShareSynchronizationList;
use crate::tui::effect::{Effect, Msg};
use crate::tui::tabs::manage::migrations::WatchStatus;
use crate::tui::tabs::manage::tests::seeded;
use crate::tui::tabs::manage::{ManageOutcome, ManageReply, SyncsLoad, View};
use crate::tui::view;

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

fn typed(s: &mut State, text: &str) {
    for c in text.chars() {
        key(s, KeyCode::Char(c));
    }
}

/// The workbench on the Manage tab, the editor left first.
fn on_manage() -> State {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Esc);
    assert!(key(&mut s, KeyCode::Char('4')).is_empty());
    assert_eq!(s.tab, Tab::Manage);
    s
}

fn render(s: &State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|f| {
            view::draw(f, s);
        })
        .unwrap();
    terminal.backend().to_string()
}

#[test]
fn tabs_switch_by_digit_and_bracket_and_the_editor_keeps_digits() {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Char('4'));
    assert_eq!(s.tab, Tab::Translate, "in the editor a digit is text");
    assert_eq!(s.translate.text(), "4");
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.tab, Tab::Dictionary);
    // Its search line has the focus; Esc leaves it.
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.tab, Tab::Transliterate);
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.translit.text(), "]", "its input has the focus: text again");
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.tab, Tab::Manage);
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.tab, Tab::Translate);
    assert!(s.editing(), "back on Translate the editor has the focus");
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('['));
    assert_eq!(s.tab, Tab::Manage);
    key(&mut s, KeyCode::Char('1'));
    assert_eq!(s.tab, Tab::Translate);
}

#[test]
fn the_first_sight_loads_the_syncs_as_an_effect() {
    let mut s = on_manage();
    let fx = s.tick(Instant::now());
    assert!(
        matches!(
            fx.as_slice(),
            [Effect::Manage(ManageOutcome::LoadSyncs { next: None, .. })]
        ),
        "{fx:?}"
    );
    assert!(
        s.next_due(Instant::now()).is_none(),
        "nothing more while it is out"
    );
    s.message(
        Msg::Manage(ManageReply::Syncs {
            load: SyncsLoad::Fresh,
            query: s.manage.syncs_query(),
            result: Ok((
                ShareSynchronizationList {
                    value: seeded(5),
                    next_link: None,
                },
                Some(14_999),
            )),
        }),
        std::time::Instant::now(),
    );
    let due = s.next_due(Instant::now()).unwrap();
    assert!(
        due > Instant::now() + Duration::from_secs(25),
        "the auto-refresh waits its interval"
    );
}

#[test]
fn keys_in_a_form_field_are_text_while_global_keys_work_outside_it() {
    let mut s = on_manage();
    key(&mut s, KeyCode::Char('V'));
    assert_eq!(s.manage.view, View::Migrations);
    key(&mut s, KeyCode::Enter);
    typed(&mut s, "vm-web-1q4");
    assert!(!s.quit && s.tab == Tab::Manage, "q and 4 were typed");
    for _ in 0..2 {
        key(&mut s, KeyCode::Backspace);
    }
    let fx = key(&mut s, KeyCode::Enter);
    match fx.as_slice() {
        [Effect::Manage(ManageOutcome::Migrate { vm, .. })] => assert_eq!(vm, "vm-web-1"),
        other => panic!("a migration was asked for: {other:?}"),
    }
    key(&mut s, KeyCode::Char('q'));
    assert!(s.quit, "outside the field q quits");

    let mut s = on_manage();
    key(&mut s, KeyCode::Char('V'));
    key(&mut s, KeyCode::Enter);
    s.key(KeyEvent::new(KeyCode::Char('c'), M::CONTROL), Instant::now());
    assert!(s.quit, "Ctrl+C quits even while a field is edited");
}

#[test]
fn a_paste_goes_into_the_field_being_edited() {
    let mut s = on_manage();
    key(&mut s, KeyCode::Char('v'));
    assert_eq!(s.manage.view, View::Refresh);
    key(&mut s, KeyCode::Tab);
    key(&mut s, KeyCode::Enter);
    s.paste("5362377c-0000-4000-8000-000000000002\n", Instant::now());
    assert_eq!(s.translate.text(), "", "the editor got nothing");
    assert!(render(&s, 120, 35).contains("Source env ▸ 5362377c-0000-4000-8000-000000000002"));
}

#[test]
fn wired_syncs_tab_120x35() {
    let mut s = on_manage();
    s.manage_service = "local sandbox".into();
    s.tick(Instant::now());
    s.message(
        Msg::Manage(ManageReply::Syncs {
            load: SyncsLoad::Fresh,
            query: s.manage.syncs_query(),
            result: Ok((
                ShareSynchronizationList {
                    value: seeded(12),
                    next_link: Some("http://127.0.0.1:1/next".into()),
                },
                Some(14_988),
            )),
        }),
        std::time::Instant::now(),
    );
    s.toasts = Default::default();
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn wired_migrations_tab_80x24() {
    let mut s = on_manage();
    key(&mut s, KeyCode::Char('V'));
    let t0 = 1_795_680_000;
    s.manage.migrations.watch("loc-1", "vm-web-2", t0, 30);
    s.manage.migrations.watch("loc-2", "vm-web-4", t0 - 400, 30);
    s.manage.migrations.update(
        "loc-2",
        WatchStatus::Failed("409 AllocationFailed".into()),
        t0 - 100,
        None,
    );
    s.manage.migrations.set_now(t0 + 12);
    insta::assert_snapshot!(render(&s, 80, 24));
}

#[test]
fn a_watched_migration_is_polled_by_the_states_clock() {
    // The wall clock is the state's (injected), not the machine's: a
    // migration watched at a fixed time is due when that clock says so.
    let start = 1_750_000_000;
    let mut s = on_manage();
    s.clock = crate::clock::Clock::manual(start);
    s.manage.migrations.watch("loc-1", "vm-web-1", start as i64, 30);
    let now = Instant::now();
    let polls = |fx: &[Effect]| {
        fx.iter()
            .filter(|e| matches!(e, Effect::Manage(ManageOutcome::PollMigration { .. })))
            .count()
    };
    assert_eq!(polls(&s.tick(now)), 0, "not due for 30 s");
    s.clock.advance(31);
    assert_eq!(polls(&s.tick(now)), 1, "due by the state's clock");
}
