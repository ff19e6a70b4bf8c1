//! The command palette: opened where `:` is not text, filtered as typed,
//! an action run as its key would be, every action found by its name.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{Palette, Place};
use crate::tui::effect::Effect;
use crate::tui::keymap::{Action, Context, Keymap};
use crate::tui::state::{Focus, Overlay, State, Tab};

fn press(s: &mut State, code: KeyCode, modifiers: M) -> Vec<Effect> {
    s.key(KeyEvent::new(code, modifiers), Instant::now())
}

fn typed(s: &mut State, text: &str) {
    for c in text.chars() {
        press(s, KeyCode::Char(c), M::NONE);
    }
}

fn palette(s: &State) -> &Palette {
    match &s.overlay {
        Some(Overlay::Palette(p)) => p,
        other => panic!("the palette is not open: {other:?}"),
    }
}

/// The workbench with the editor left, the palette open.
fn opened() -> State {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, ":");
    s
}

fn first(s: &State) -> (Action, Place) {
    let e = palette(s).listed().next().expect("a row");
    (e.action, e.place)
}

#[test]
fn colon_is_text_in_the_editor_and_opens_the_palette_elsewhere() {
    let mut s = State::new("local engine".into());
    assert_eq!(s.translate.focus, Focus::Editor);
    typed(&mut s, "a:b");
    assert_eq!(s.translate.text(), "a:b");
    assert!(s.overlay.is_none(), "`:` was typed, nothing opened");
    press(&mut s, KeyCode::Char('k'), M::CONTROL);
    assert_eq!(palette(&s).query(), "", "Ctrl+K opens it from the editor");
    press(&mut s, KeyCode::Esc, M::NONE);
    assert!(s.overlay.is_none());
    assert_eq!(s.translate.focus, Focus::Editor, "Esc closed only the palette");
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, ":");
    assert_eq!(palette(&s).query(), "");
    typed(&mut s, "q:");
    assert_eq!(
        palette(&s).query(),
        "q:",
        "in the palette `q` and `:` are search text"
    );
    assert!(!s.quit);
}

#[test]
fn from_the_editor_it_runs_what_the_keys_typed_there_do_outside_it() {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Char('k'), M::CONTROL);
    typed(&mut s, "tab_dictionary");
    // `2` is text in the editor; the palette hands the tab the action.
    assert_eq!(first(&s), (Action::TabDictionary, Place::Here));
    press(&mut s, KeyCode::Enter, M::NONE);
    assert_eq!(s.tab, Tab::Dictionary);
}

#[test]
fn the_list_says_each_actions_keys_and_place_from_the_keymap() {
    let s = opened();
    let listed: Vec<_> = palette(&s).listed().collect();
    let swap = listed
        .iter()
        .find(|e| e.action == Action::Swap)
        .expect("swap listed");
    assert_eq!((swap.keys.as_str(), swap.place), ("x", Place::Here));
    let sort = listed
        .iter()
        .find(|e| e.action == Action::SortNext)
        .expect("sort listed");
    assert_eq!(sort.place, Place::Tab(Tab::Manage));
    let toggle = listed
        .iter()
        .find(|e| e.action == Action::Toggle)
        .expect("toggle listed");
    assert_eq!(toggle.place, Place::Elsewhere, "only in a picker");
    assert!(listed.iter().all(|e| e.action != Action::Palette), "not itself");
    // Runnable first: here, then the other tabs, then the rest.
    let order: Vec<_> = listed
        .iter()
        .map(|e| matches!(e.place, Place::Elsewhere))
        .collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]), "{order:?}");
}

#[test]
fn a_rebound_key_is_the_one_listed() {
    let mut s = State::new("local engine".into());
    let toml = "[translate]\nswap = [\"X\", \"ctrl+x\"]\n";
    s.keymap = Keymap::from_toml(toml, std::path::Path::new("keymap.toml")).expect("valid");
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, ":swap");
    let swap = palette(&s).selected().expect("a row").clone();
    assert_eq!((swap.action, swap.keys.as_str()), (Action::Swap, "X/Ctrl+X"));
}

#[test]
fn typing_filters_and_arrows_move_within_the_rows() {
    let mut s = opened();
    let all = palette(&s).listed().count();
    typed(&mut s, "copy");
    let rows: Vec<_> = palette(&s).listed().map(|e| e.action).collect();
    assert!(rows.len() < all && rows.len() > 2);
    let copies = rows.iter().take_while(|a| a.name().contains("copy")).count();
    assert!(copies >= 4, "the copy actions first: {rows:?}");
    assert_eq!(palette(&s).selected().map(|e| e.action), rows.first().copied());
    press(&mut s, KeyCode::Down, M::NONE);
    assert_eq!(palette(&s).selected().map(|e| e.action), rows.get(1).copied());
    render(&mut s, 80, 24);
    press(&mut s, KeyCode::PageDown, M::NONE);
    assert_eq!(palette(&s).selected().map(|e| e.action), rows.last().copied());
    press(&mut s, KeyCode::Up, M::NONE);
    press(&mut s, KeyCode::Backspace, M::NONE);
    assert_eq!(palette(&s).query(), "cop");
    assert_eq!(
        palette(&s).selected().map(|e| e.action),
        rows.first().copied(),
        "back to the top"
    );
    typed(&mut s, "zzzz");
    assert_eq!(palette(&s).listed().count(), 0);
    press(&mut s, KeyCode::Enter, M::NONE);
    assert!(matches!(s.overlay, Some(Overlay::Palette(_))), "nothing to run");
}

#[test]
fn enter_runs_the_action_as_its_key_would() {
    let mut s = opened();
    typed(&mut s, "sentences");
    assert_eq!(first(&s), (Action::SentenceView, Place::Here));
    press(&mut s, KeyCode::Enter, M::NONE);
    assert!(s.overlay.is_none(), "the palette closed");
    assert!(s.translate.sentence_view, "`s` toggled the sentence view");
    typed(&mut s, ":request log");
    press(&mut s, KeyCode::Enter, M::NONE);
    assert!(matches!(s.overlay, Some(Overlay::Log(_))), "`L` opened the log");
}

#[test]
fn an_action_of_another_tab_shows_that_tab_first() {
    let mut s = opened();
    typed(&mut s, "sort column");
    assert_eq!(first(&s), (Action::SortNext, Place::Tab(Tab::Manage)));
    let before = s.manage.syncs.table.sort();
    press(&mut s, KeyCode::Enter, M::NONE);
    assert_eq!(s.tab, Tab::Manage);
    assert_ne!(s.manage.syncs.table.sort(), before, "`s` sorted the syncs table");
}

#[test]
fn over_an_overlay_it_runs_the_overlays_actions_and_goes_back_to_it() {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, "g");
    assert!(matches!(s.overlay, Some(Overlay::Glossary(_))));
    typed(&mut s, ":");
    assert_eq!(first(&s).1, Place::Here);
    press(&mut s, KeyCode::Esc, M::NONE);
    assert!(
        matches!(s.overlay, Some(Overlay::Glossary(_))),
        "Esc: the glossary again"
    );
    typed(&mut s, ":add");
    assert_eq!(first(&s), (Action::Add, Place::Here));
    press(&mut s, KeyCode::Enter, M::NONE);
    let Some(Overlay::Glossary(glossary)) = &s.overlay else {
        panic!("the glossary is back: {:?}", s.overlay)
    };
    assert!(glossary.form().is_some(), "`a` opened the entry form");
    assert_eq!(s.contexts().first(), Some(&Context::Editor));
}

#[test]
fn a_click_closes_only_the_palette() {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, "g:");
    assert!(matches!(s.overlay, Some(Overlay::Palette(_))));
    let click = crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 1,
        row: 1,
        modifiers: M::NONE,
    };
    s.update(crate::tui::effect::Input::Mouse(click), Instant::now());
    assert!(matches!(s.overlay, Some(Overlay::Glossary(_))), "{:?}", s.overlay);
}

#[test]
fn an_action_that_works_elsewhere_says_where() {
    let mut s = opened();
    typed(&mut s, "toggle");
    assert_eq!(first(&s), (Action::Toggle, Place::Elsewhere));
    press(&mut s, KeyCode::Enter, M::NONE);
    let note = palette(&s).note.clone().expect("a note");
    assert!(note.contains("Language picker"), "{note}");
}

#[test]
fn recently_run_actions_come_first() {
    let mut s = opened();
    typed(&mut s, "request log");
    press(&mut s, KeyCode::Enter, M::NONE);
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, ":sentences");
    press(&mut s, KeyCode::Enter, M::NONE);
    typed(&mut s, ":");
    let top: Vec<_> = palette(&s).listed().take(2).map(|e| e.action).collect();
    assert_eq!(top, [Action::SentenceView, Action::RequestLog]);
}

/// Every action some table binds and the workbench acts on is found by
/// typing its name (the palette itself aside: it is what is open).
#[test]
fn every_keymap_action_is_found_by_its_name() {
    let keymap = Keymap::defaults();
    let bound: std::collections::BTreeSet<Action> = keymap
        .help()
        .into_iter()
        .flat_map(|(_, hints)| hints.into_iter().map(|h| h.action))
        .collect();
    let s = State::new("local engine".into());
    let acted_on =
        |a: Action| State::handles(a) || Tab::SHOWN.iter().any(|&(t, _, _)| s.tab_of(t).handles_any(a));
    for &action in Action::ALL.iter().filter(|&&a| a != Action::Palette) {
        if !bound.contains(&action) || !acted_on(action) {
            continue;
        }
        let mut s = opened();
        typed(&mut s, action.name());
        assert_eq!(first(&s).0, action, "typing {:?}", action.name());
        // Its description finds it too (near the top: "edit" is two actions').
        let mut s = opened();
        typed(&mut s, action.description());
        let top: Vec<_> = palette(&s).listed().take(3).map(|e| e.action).collect();
        assert!(
            top.contains(&action),
            "typing {:?}: {top:?}",
            action.description()
        );
    }
}

#[test]
fn help_lists_the_palette_key() {
    let help = Keymap::defaults().help();
    let global = &help
        .iter()
        .find(|(c, _)| *c == Context::Global)
        .expect("global")
        .1;
    let palette = global
        .iter()
        .find(|h| h.action == Action::Palette)
        .expect("bound");
    assert_eq!(palette.keys, ":/Ctrl+K");
    assert!(State::handles(Action::Palette), "so the help overlay shows it");
}

fn render(s: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    crate::tui::draw_fed(&mut terminal, s);
    terminal.backend().to_string()
}

#[test]
fn snapshot_80x24_open() {
    let mut s = opened();
    insta::assert_snapshot!(render(&mut s, 80, 24));
}

#[test]
fn snapshot_120x35_filtered_and_scrolled() {
    let mut s = opened();
    typed(&mut s, "copy");
    render(&mut s, 120, 35);
    press(&mut s, KeyCode::Down, M::NONE);
    insta::assert_snapshot!(render(&mut s, 120, 35));
}

#[test]
fn typing_theme_lists_every_theme_and_enter_puts_one_in_use() {
    use crate::tui::widgets::theme::{Builtin, Catalog};
    let dir = std::env::temp_dir().join(format!("glossa-palette-themes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("paper.toml"), "base = \"light\"\nfocus = \"#005fd7\"\n").unwrap();
    let mut s = State::new("local engine".into());
    s.set_themes(Catalog::start(Some(&dir), None, false).catalog);
    press(&mut s, KeyCode::Esc, M::NONE);
    typed(&mut s, ":theme");
    let themes: Vec<String> = palette(&s).listed().filter_map(|e| e.theme.clone()).collect();
    for name in ["dark", "light", "high-contrast", "monochrome", "paper"] {
        assert!(themes.iter().any(|t| t == name), "{name} in {themes:?}");
    }
    let dark = palette(&s)
        .listed()
        .find(|e| e.theme.as_deref() == Some("dark"))
        .unwrap();
    assert_eq!(
        (dark.description.as_ref(), dark.keys.as_str()),
        ("Theme: dark", "in use")
    );
    typed(&mut s, " light");
    let row = palette(&s).selected().expect("a row").clone();
    assert_eq!((row.description.as_ref(), row.name()), ("Theme: light", "theme"));
    let effects = press(&mut s, KeyCode::Enter, M::NONE);
    assert!(s.overlay.is_none(), "the palette closed");
    assert_eq!(s.theme, Builtin::Light.theme());
    assert_eq!(effects, [Effect::SaveTheme("light".into())], "remembered");
    // A user theme, by name.
    typed(&mut s, ":theme paper");
    assert_eq!(
        palette(&s).selected().and_then(|e| e.theme.clone()).as_deref(),
        Some("paper")
    );
    press(&mut s, KeyCode::Enter, M::NONE);
    assert_eq!(s.themes.current().name, "paper");
    assert_ne!(s.theme, Builtin::Light.theme());
    let toasts: Vec<_> = s.toasts.iter().map(|t| t.text.clone()).collect();
    assert!(toasts.contains(&"Theme: paper".to_owned()), "{toasts:?}");
    let _ = std::fs::remove_dir_all(&dir);
}
