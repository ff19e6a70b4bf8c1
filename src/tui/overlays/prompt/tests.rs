//! The file prompt: Ctrl+O (or the palette's "open file…") asks for a path,
//! Tab completes it from the directory the executor lists, Enter opens the
//! file as `glossa FILE` does, and a file that cannot be opened says why
//! with the prompt still open.

use std::path::PathBuf;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::FilePrompt;
use crate::doc::Kind;
use crate::tui::effect::{Effect, Msg};
use crate::tui::state::{Focus, Overlay, State, Tab};

fn press(s: &mut State, code: KeyCode, modifiers: M) -> Vec<Effect> {
    s.key(KeyEvent::new(code, modifiers), Instant::now())
}

fn typed(s: &mut State, text: &str) {
    for c in text.chars() {
        press(s, KeyCode::Char(c), M::NONE);
    }
}

fn prompt(s: &State) -> &FilePrompt {
    match &s.overlay {
        Some(Overlay::Prompt(p)) => p,
        other => panic!("the prompt is not open: {other:?}"),
    }
}

fn render(s: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    crate::tui::draw_fed(&mut terminal, s);
    terminal.backend().to_string()
}

#[test]
fn ctrl_o_asks_for_a_path_tab_completes_it_and_enter_opens_the_file() {
    let mut s = State::new("local engine".into());
    assert_eq!(s.translate.focus, Focus::Editor);
    press(&mut s, KeyCode::Char('o'), M::CONTROL);
    assert_eq!(prompt(&s).text(), "", "no file yet: an empty line");
    assert_eq!(s.translate.text(), "", "Ctrl+O is no text");
    typed(&mut s, "docs/no");
    let fx = press(&mut s, KeyCode::Tab, M::NONE);
    assert_eq!(fx, [Effect::ListDir("docs/no".into())]);
    let listed = vec![("notes.md".to_owned(), false), ("novel".to_owned(), true)];
    s.message(
        Msg::Listed {
            text: "docs/no".into(),
            entries: Ok(listed.clone()),
        },
        Instant::now(),
    );
    assert_eq!(prompt(&s).candidates(), ["notes.md", "novel/"]);
    typed(&mut s, "t");
    assert!(prompt(&s).candidates().is_empty(), "typing clears the list");
    press(&mut s, KeyCode::Tab, M::NONE);
    s.message(
        Msg::Listed {
            text: "docs/not".into(),
            entries: Ok(listed),
        },
        Instant::now(),
    );
    assert_eq!(prompt(&s).text(), "docs/notes.md");
    let fx = press(&mut s, KeyCode::Enter, M::NONE);
    assert_eq!(fx, [Effect::ReadFile("docs/notes.md".into())]);
    // Not there: the prompt stays, saying why.
    s.message(
        Msg::FileRead {
            text: "docs/notes.md".into(),
            result: Err("docs/notes.md not opened: no such file".into()),
        },
        Instant::now(),
    );
    assert_eq!(prompt(&s).error(), Some("docs/notes.md not opened: no such file"));
    press(&mut s, KeyCode::Enter, M::NONE);
    let text = "# Notes\n\nSome *text*.\n";
    s.message(
        Msg::FileRead {
            text: "docs/notes.md".into(),
            result: Ok((PathBuf::from("/home/me/docs/notes.md"), text.into())),
        },
        Instant::now(),
    );
    assert!(s.overlay.is_none(), "opened: the prompt closed");
    assert_eq!(s.translate.text(), text);
    assert_eq!(s.translate.kind, Kind::Markdown);
    assert_eq!(s.translate.file_name().as_deref(), Some("notes.md"));
    let toasts: Vec<_> = s.toasts.iter().map(|t| t.text.clone()).collect();
    assert_eq!(toasts, ["Opened notes.md"]);
    // It is translated at once, in parts (Markdown), as `glossa FILE` would.
    let fx = s.update(
        crate::tui::effect::Input::Tick,
        Instant::now() + std::time::Duration::from_secs(1),
    );
    assert!(
        matches!(fx.as_slice(), [Effect::TranslateDocument(r)] if r.kind == Kind::Markdown),
        "{fx:?}"
    );
    // The next Ctrl+O starts in the file's directory.
    press(&mut s, KeyCode::Char('o'), M::CONTROL);
    assert_eq!(prompt(&s).text(), "/home/me/docs/");
    press(&mut s, KeyCode::Esc, M::NONE);
    assert!(s.overlay.is_none());
}

#[test]
fn the_palette_opens_it_from_any_tab_and_a_late_answer_is_dropped() {
    let mut s = State::new("local engine".into());
    s.tab = Tab::Dictionary;
    press(&mut s, KeyCode::Char('k'), M::CONTROL);
    typed(&mut s, "open file");
    let first = match &s.overlay {
        Some(Overlay::Palette(p)) => p.selected().map(|e| e.action),
        _ => None,
    };
    assert_eq!(first, Some(crate::tui::keymap::Action::OpenFile));
    press(&mut s, KeyCode::Enter, M::NONE);
    assert_eq!(s.tab, Tab::Translate, "its tab shown");
    assert_eq!(prompt(&s).text(), "");
    // Enter with nothing typed says what to type.
    assert!(press(&mut s, KeyCode::Enter, M::NONE).is_empty());
    assert!(prompt(&s).error().is_some());
    typed(&mut s, "a.txt");
    press(&mut s, KeyCode::Enter, M::NONE);
    press(&mut s, KeyCode::Esc, M::NONE);
    // Closed before the file came: nothing is opened.
    s.message(
        Msg::FileRead {
            text: "a.txt".into(),
            result: Ok((PathBuf::from("a.txt"), "text".into())),
        },
        Instant::now(),
    );
    assert_eq!(s.translate.text(), "");
    assert!(s.translate.file.is_none());
}

#[test]
fn snapshot_80x24_with_completions() {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Char('o'), M::CONTROL);
    typed(&mut s, "~/docs/");
    press(&mut s, KeyCode::Tab, M::NONE);
    let entries = ["README.md", "notes.txt", "photo.png", "drafts"]
        .iter()
        .map(|n| ((*n).to_owned(), *n == "drafts"))
        .collect();
    s.message(
        Msg::Listed {
            text: "~/docs/".into(),
            entries: Ok(entries),
        },
        Instant::now(),
    );
    let screen = render(&mut s, 80, 24);
    assert!(
        screen.contains("drafts/") && screen.contains("README.md"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}
