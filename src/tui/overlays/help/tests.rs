//! The help overlay: keys scroll it, every entry can be reached at any size.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::tui::state::{State, Tab};

fn render(state: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    crate::tui::draw_fed(&mut terminal, state);
    terminal.backend().to_string()
}

/// The open help overlay's scroll (0 when it is closed).
fn help_scroll(s: &State) -> usize {
    match &s.overlay {
        Some(crate::tui::Overlay::Help(view)) => view.scroll(),
        _ => 0,
    }
}

fn press(state: &mut State, code: KeyCode) {
    state.key(KeyEvent::new(code, M::NONE), std::time::Instant::now());
}

/// The help open on `tab` at `width`×`height`, after `keys`.
fn help(tab: Tab, keys: &[KeyCode], width: u16, height: u16) -> (State, String) {
    let mut s = State::new("local engine".into());
    s.tab = tab;
    press(&mut s, KeyCode::Esc);
    press(&mut s, KeyCode::F(1));
    for &k in keys {
        render(&mut s, width, height);
        press(&mut s, k);
    }
    let screen = render(&mut s, width, height);
    (s, screen)
}

#[test]
fn every_entry_can_be_scrolled_into_view_at_any_size() {
    let tabs = [Tab::Translate, Tab::Dictionary, Tab::Transliterate, Tab::Manage];
    for (width, height) in [(40, 10), (80, 24), (100, 30), (140, 40)] {
        for tab in tabs {
            let (mut s, first) = help(tab, &[], width, height);
            let mut seen = vec![first];
            for _ in 0..100 {
                press(&mut s, KeyCode::Down);
                let next = render(&mut s, width, height);
                if seen.last() == Some(&next) {
                    break;
                }
                seen.push(next);
            }
            let seen = seen.join("\n");
            for line in super::entries(&s) {
                let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
                assert!(
                    seen.contains(text.trim()),
                    "{tab:?} at {width}x{height}: “{}” never shown",
                    text.trim()
                );
            }
        }
    }
}

#[test]
fn keys_scroll_within_bounds_and_reopening_starts_at_the_top() {
    let (mut s, top) = help(Tab::Translate, &[], 80, 24);
    assert!(top.contains("rows 1–20 of 52 ↓"), "{top}");
    // A key, then the frame (which clamps the scroll and reports it), as the loop does.
    let step = |s: &mut State, code| {
        press(s, code);
        let screen = render(s, 80, 24);
        (help_scroll(s), screen)
    };
    assert_eq!(step(&mut s, KeyCode::Up).0, 0, "nothing above the top");
    assert_eq!(step(&mut s, KeyCode::Down).0, 1);
    assert_eq!(
        step(&mut s, KeyCode::PageDown).0,
        20,
        "a page keeps one row of the last"
    );
    let (at, end) = step(&mut s, KeyCode::End);
    assert_eq!(at, 32);
    assert!(end.contains("↑ rows 33–52 of 52 "), "{end}");
    assert_eq!(step(&mut s, KeyCode::Down).0, 32, "nothing below the end");
    assert_eq!(step(&mut s, KeyCode::PageUp).0, 13);
    assert_eq!(step(&mut s, KeyCode::Home).0, 0);
    step(&mut s, KeyCode::End);
    press(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none(), "Esc still closes it");
    press(&mut s, KeyCode::F(1));
    assert_eq!(help_scroll(&s), 0, "opened again at the top");
}

#[test]
fn snapshot_80x24_scrolled_a_page() {
    let (_, screen) = help(Tab::Translate, &[KeyCode::PageDown], 80, 24);
    insta::assert_snapshot!(screen);
}

#[test]
fn snapshot_140x40_all_in_view() {
    let (_, screen) = help(Tab::Translate, &[], 140, 40);
    insta::assert_snapshot!(screen);
}
