//! The picker on screen: TestBackend snapshots at 120×35 and 80×24, the
//! cursor and highlight styles, and random queries at random sizes.

use crossterm::event::{KeyCode, KeyModifiers};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use ratatui::Terminal;
use ratatui::backend::{Backend, TestBackend};
use ratatui::layout::{Position, Rect};

use super::tests::{codes, key, local_engine, press, sample, tap, type_text};
use super::*;
use crate::tui::widgets::theme::Theme;

fn draw(p: &Picker, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| p.render(f, f.area(), &Theme::default()))
        .expect("drawn");
    terminal
}

fn screen(p: &Picker, width: u16, height: u16) -> String {
    draw(p, width, height).backend().to_string()
}

/// Targets ja and zh-Hans, "chin" typed, Traditional Chinese added.
fn targets_chin() -> Picker {
    let items = items_from_translation(&sample());
    let mut p = Picker::new("Target languages", items, Mode::Multi, &codes(&["ja", "zh-Hans"]));
    type_text(&mut p, "chin");
    while p.highlighted() != Some("zh-Hant") {
        tap(&mut p, KeyCode::Down);
    }
    tap(&mut p, KeyCode::Tab);
    p
}

/// The source picker, on Finnish, with "an" typed.
fn source_an() -> Picker {
    let items = items_from_translation(&sample());
    let mut p = Picker::new(
        "Source language",
        items,
        Mode::Single { auto: true },
        &codes(&["fi"]),
    );
    type_text(&mut p, "an");
    tap(&mut p, KeyCode::Down);
    p
}

#[test]
fn multi_with_a_query_120x35() {
    insta::assert_snapshot!(screen(&targets_chin(), 120, 35));
}

#[test]
fn multi_with_a_query_80x24() {
    insta::assert_snapshot!(screen(&targets_chin(), 80, 24));
}

#[test]
fn single_with_a_query_120x35() {
    insta::assert_snapshot!(screen(&source_an(), 120, 35));
}

#[test]
fn single_with_a_query_80x24() {
    insta::assert_snapshot!(screen(&source_an(), 80, 24));
}

#[test]
fn scripts_rtl_and_wide_text_stay_in_columns_80x24() {
    let items = items_from_transliteration(&local_engine());
    let mut p = Picker::new(
        "Transliterate",
        items,
        Mode::Single { auto: false },
        &codes(&["ar"]),
    );
    type_text(&mut p, "a");
    insta::assert_snapshot!(screen(&p, 80, 24));
}

#[test]
fn no_match_and_refusal_are_shown() {
    let items = items_from_translation(&sample());
    let mut p = Picker::new("Target languages", items, Mode::Multi, &[]);
    type_text(&mut p, "xyz");
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Pending);
    let text = screen(&p, 80, 24);
    assert!(text.contains("no language matches “xyz”"), "{text}");
    assert!(text.contains(EMPTY_CHOICE), "{text}");
    assert!(text.contains(" 0 selected "), "{text}");
}

#[test]
fn the_cursor_sits_in_the_search_line() {
    let mut p = targets_chin();
    let mut terminal = draw(&p, 80, 24);
    // Popup at (2,1); the search line after the border, a space and "› ".
    let at = terminal.backend_mut().get_cursor_position().expect("a cursor");
    assert_eq!(at, Position::new(4 + 2 + 4, 2));
    tap(&mut p, KeyCode::Left);
    type_text(&mut p, "日");
    let mut terminal = draw(&p, 80, 24);
    let at = terminal.backend_mut().get_cursor_position().expect("a cursor");
    assert_eq!(at, Position::new(4 + 2 + 5, 2));
}

#[test]
fn matches_and_the_highlighted_row_use_the_theme() {
    let items = items_from_translation(&sample());
    let mut p = Picker::new("Targets", items, Mode::Multi, &[]);
    type_text(&mut p, "ja");
    let theme = Theme::default();
    let terminal = draw(&p, 80, 24);
    let buffer = terminal.backend().buffer();
    let row_y = 4;
    let x = (0..79)
        .find(|&x| buffer[(x, row_y)].symbol() == "J" && buffer[(x + 1, row_y)].symbol() == "a")
        .expect("Japanese on the first row");
    let looks = |x: u16, y: u16| {
        let s = buffer[(x, y)].style();
        (s.fg, s.bg, s.add_modifier)
    };
    let lit = theme.selection.patch(theme.matched);
    assert_eq!(looks(x, row_y), (lit.fg, lit.bg, lit.add_modifier));
    let plain = theme.selection;
    assert_eq!(looks(x + 2, row_y), (plain.fg, plain.bg, plain.add_modifier));
    // Rows below the highlight: matched characters only.
    let y = (5..22)
        .find(|&y| (0..80).any(|x| buffer[(x, y)].style().add_modifier == theme.matched.add_modifier))
        .expect("another match lit");
    assert!((0..80).all(|x| buffer[(x, y)].style().bg != theme.selection.bg));
}

/// Random queries, moves and toggles, drawn at random sizes and in random
/// areas (some outside the frame): nothing panics.
#[test]
fn random_queries_and_sizes_never_panic() {
    let pool: Vec<char> = "aejzAZ 日本語中文العربيةעבריתहिन्दी\u{301}\u{200f}\u{200d}?^$'\\!🙂ꙮ"
        .chars()
        .collect();
    let translit = items_from_transliteration(&local_engine());
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..300 {
        let mode = [
            Mode::Multi,
            Mode::Single { auto: true },
            Mode::Single { auto: false },
        ][round % 3];
        let items = match round % 4 {
            0 => items_from_translation(&sample()),
            1 => translit.clone(),
            2 => Vec::new(),
            _ => items_from_translation(&local_engine()),
        };
        let mut p = Picker::new("Fuzz", items, mode, &codes(&["ja", "xx"]));
        for _ in 0..rng.random_range(0..12) {
            match rng.random_range(0..10) {
                0 => tap(&mut p, KeyCode::Tab),
                1 => tap(&mut p, KeyCode::PageDown),
                2 => tap(&mut p, KeyCode::Up),
                3 => tap(&mut p, KeyCode::Backspace),
                4 => tap(&mut p, KeyCode::Left),
                5 => press(&mut p, key(KeyCode::Char('w'), KeyModifiers::CONTROL)),
                _ => {
                    let c = pool[rng.random_range(0..pool.len())];
                    press(&mut p, key(KeyCode::Char(c), KeyModifiers::NONE))
                }
            };
        }
        let (w, h) = (rng.random_range(0..=130), rng.random_range(0..=45));
        p.resize(Rect::new(0, 0, w, h));
        let area = if round % 5 == 0 {
            Rect::new(rng.random_range(0..=w + 5), rng.random_range(0..=h + 5), w, h)
        } else {
            Rect::new(0, 0, w, h)
        };
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a test terminal");
        terminal
            .draw(|f| p.render(f, area, &Theme::monochrome()))
            .expect("drawn");
    }
}

/// The smallest sizes, one by one: drawn without panicking, and from 3×3 on
/// the border is there.
#[test]
fn tiny_areas_degrade_quietly() {
    let p = targets_chin();
    let widths = [0, 1, 0, 5, 1, 2, 3, 12, 33, 34];
    let heights = [0, 1, 5, 0, 8, 2, 3, 4, 9, 10];
    for (w, h) in widths.into_iter().zip(heights) {
        let terminal = draw(&p, w, h);
        // (TestBackend cannot print a zero-width buffer.)
        if w >= 3 && h >= 3 {
            let text = terminal.backend().to_string();
            assert!(text.contains('┌'), "{w}×{h}:\n{text}");
        }
    }
}
