//! The theme key: the next theme at run time, from any tab and from the
//! editor, said in a toast; NO_COLOR keeps the monochrome theme.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};

use super::{Focus, State, Tab};
use crate::tui::keymap::{Action, Context};
use crate::tui::widgets::theme::{Builtin, Catalog, Wanted};

fn ctrl_t(s: &mut State) {
    s.key(KeyEvent::new(KeyCode::Char('t'), M::CONTROL), Instant::now());
}

fn toasts(s: &State) -> Vec<String> {
    s.toasts.iter().map(|t| t.text.clone()).collect()
}

#[test]
fn ctrl_t_switches_to_the_next_theme_and_says_which() {
    let mut s = State::new("local engine".into());
    assert_eq!(s.theme, Builtin::Dark.theme());
    ctrl_t(&mut s);
    assert_eq!(s.theme, Builtin::Light.theme());
    assert_eq!(s.themes.current().name, "light");
    assert_eq!(toasts(&s), ["Theme: light"]);
    // From another tab, and from the editor, where Ctrl+T is no text.
    s.tab = Tab::Dictionary;
    ctrl_t(&mut s);
    assert_eq!(s.theme, Builtin::HighContrast.theme());
    s.tab = Tab::Translate;
    s.translate.focus = Focus::Editor;
    assert!(s.editing());
    ctrl_t(&mut s);
    assert_eq!(s.theme, Builtin::Monochrome.theme());
    assert_eq!(s.translate.text(), "", "nothing typed");
    ctrl_t(&mut s);
    assert_eq!(s.theme, Builtin::Dark.theme(), "wraps around");
}

#[test]
fn no_color_keeps_monochrome_and_says_so() {
    let mut s = State::new("local engine".into());
    let wanted = Wanted::pick(Some("light"), None);
    s.set_themes(Catalog::start(None, wanted.as_ref(), true).catalog);
    assert_eq!(s.theme, Builtin::Monochrome.theme());
    ctrl_t(&mut s);
    assert_eq!(s.theme, Builtin::Monochrome.theme());
    assert_eq!(toasts(&s), ["NO_COLOR is set: the theme stays monochrome"]);
}

#[test]
fn the_theme_key_is_in_the_help_and_the_hints() {
    let s = State::new("local engine".into());
    let help = s.keymap.help();
    let global = &help.iter().find(|(c, _)| *c == Context::Global).unwrap().1;
    let hint = global
        .iter()
        .find(|h| h.action == Action::CycleTheme)
        .expect("listed");
    assert_eq!(hint.description, "next theme");
    assert!(
        State::handles(Action::CycleTheme),
        "shown, not hidden as unhandled"
    );
    let hints = s.keymap.hints(&s.contexts());
    assert!(hints.iter().any(|h| h.action == Action::CycleTheme));
    assert_eq!(Action::from_name("cycle_theme"), Some(Action::CycleTheme));
}

#[test]
fn a_theme_chosen_is_remembered_in_the_config_file() {
    let mut s = State::new("local engine".into());
    let effects = s.key(KeyEvent::new(KeyCode::Char('t'), M::CONTROL), Instant::now());
    assert_eq!(effects, [crate::tui::effect::Effect::SaveTheme("light".into())]);
    // Chosen on the command line: still remembered, and the toast says what wins at start.
    let mut s = State::new("local engine".into());
    let wanted = Wanted::pick(Some("high-contrast"), Some("light"));
    s.set_themes(Catalog::start(None, wanted.as_ref(), false).catalog);
    assert_eq!(s.theme, Builtin::HighContrast.theme());
    ctrl_t(&mut s);
    assert_eq!(
        toasts(&s),
        ["Theme: monochrome (remembered; --theme/GLOSSA_THEME still chooses at start)"]
    );
    // NO_COLOR: nothing chosen, nothing written.
    let mut s = State::new("local engine".into());
    s.set_themes(Catalog::start(None, None, true).catalog);
    let effects = s.key(KeyEvent::new(KeyCode::Char('t'), M::CONTROL), Instant::now());
    assert!(effects.is_empty(), "{effects:?}");
}

#[test]
fn the_config_value_names_a_theme_of_the_directory_and_paths_another_file() {
    let dir = std::env::temp_dir().join(format!("glossa-theme-value-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("themes")).unwrap();
    std::fs::write(dir.join("themes/paper.toml"), "base = \"light\"\n").unwrap();
    std::fs::write(dir.join("ink.toml"), "base = \"dark\"\n").unwrap();
    let themes = dir.join("themes");
    let mut catalog = Catalog::start(Some(&themes), None, false).catalog;
    assert_eq!(catalog.config_value(), "dark");
    assert_eq!(
        catalog.choose("paper").map(|e| e.name.clone()).as_deref(),
        Some("paper")
    );
    assert_eq!(catalog.config_value(), "paper");
    assert!(catalog.choose("nonesuch").is_none());
    let by_path = Wanted::pick(Some(dir.join("ink.toml").to_str().unwrap()), None);
    let catalog = Catalog::start(Some(&themes), by_path.as_ref(), false).catalog;
    assert_eq!(catalog.current().name, "ink");
    assert_eq!(catalog.config_value(), dir.join("ink.toml").display().to_string());
    assert_eq!(catalog.pinned(), Some("--theme/GLOSSA_THEME"));
    let _ = std::fs::remove_dir_all(&dir);
}
