//! Snapshots of each built-in theme: its roles, then the Translate tab drawn
//! with it (an aligned word lit, a toast), cell by cell with the styles.
//! The plain-text snapshots of `tests.rs` carry no colour, so here every
//! distinct style of the frame gets a letter, listed in a legend, and a grid
//! of letters sits under the text: a theme that changes shows in the diff.

use std::collections::BTreeMap;
use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::style::{Color, Style};

use super::tests::bank_account_aligned;
use crate::tui::widgets::theme::{Builtin, Catalog, Role, Theme, Wanted};
use crate::tui::widgets::toast::Kind;

/// A style as the legend writes it: `fg=… bg=… +MODS`, or `default`.
fn describe(style: Style) -> String {
    let mut parts = Vec::new();
    // A cell's "no colour" is Reset: the same as a role's None.
    let set = |c: Option<Color>| c.filter(|&c| c != Color::Reset);
    if let Some(fg) = set(style.fg) {
        parts.push(format!("fg={fg}"));
    }
    if let Some(bg) = set(style.bg) {
        parts.push(format!("bg={bg}"));
    }
    if !style.add_modifier.is_empty() {
        parts.push(format!("+{:?}", style.add_modifier));
    }
    if parts.is_empty() {
        "default".to_owned()
    } else {
        parts.join(" ")
    }
}

/// The frame's text, then a grid of style letters (`.` is the default
/// style) with their legend, in order of first appearance.
pub(crate) fn styled(buffer: &Buffer) -> String {
    let area = buffer.area;
    let mut letters: BTreeMap<String, char> = BTreeMap::new();
    let mut order = Vec::new();
    let (mut text, mut grid) = (String::new(), String::new());
    for y in 0..area.height {
        let mut covered = 0;
        for x in 0..area.width {
            let cell = &buffer[(x, y)];
            // A wide glyph covers the next cell: the text keeps the grid's columns.
            if covered == 0 {
                text.push_str(cell.symbol());
                covered = unicode_width::UnicodeWidthStr::width(cell.symbol()).max(1);
            }
            covered -= 1;
            let key = describe(cell.style());
            let letter = if key == "default" {
                '.'
            } else {
                let next = char::from(b'A' + u8::try_from(letters.len()).unwrap_or(25).min(25));
                *letters.entry(key.clone()).or_insert_with(|| {
                    order.push((next, key.clone()));
                    next
                })
            };
            grid.push(letter);
        }
        text.push('\n');
        grid.push('\n');
    }
    let legend: String = order.iter().map(|(c, k)| format!("{c} {k}\n")).collect();
    format!("{text}\n{grid}\n{legend}")
}

/// Each role's style, by the names theme files use.
fn roles(theme: &Theme) -> String {
    Role::ALL
        .iter()
        .map(|&r| format!("{:16} {}\n", r.name(), describe(theme.style(r))))
        .collect()
}

fn snapshot(builtin: Builtin) -> String {
    let wanted = Wanted::pick(Some(builtin.name()), None);
    let start = Catalog::start(None, wanted.as_ref(), false);
    assert!(start.refused.is_none());
    let mut s = bank_account_aligned();
    s.set_themes(start.catalog);
    assert_eq!(s.theme, builtin.theme());
    s.translate.refresh_highlight();
    s.toasts
        .push("Theme: ".to_owned() + builtin.name(), Kind::Info, Instant::now());
    let mut terminal = Terminal::new(TestBackend::new(72, 14)).unwrap();
    crate::tui::draw_fed(&mut terminal, &mut s);
    format!("{}\n{}", roles(&s.theme), styled(terminal.backend().buffer()))
}

#[test]
fn dark_theme() {
    insta::assert_snapshot!(snapshot(Builtin::Dark));
}

#[test]
fn light_theme() {
    insta::assert_snapshot!(snapshot(Builtin::Light));
}

#[test]
fn high_contrast_theme() {
    insta::assert_snapshot!(snapshot(Builtin::HighContrast));
}

#[test]
fn monochrome_theme() {
    insta::assert_snapshot!(snapshot(Builtin::Monochrome));
}

#[test]
fn the_themes_draw_differently() {
    let frames: Vec<String> = Builtin::ALL.into_iter().map(snapshot).collect();
    for (i, a) in frames.iter().enumerate() {
        for b in &frames[i + 1..] {
            assert_ne!(a, b);
        }
    }
}
