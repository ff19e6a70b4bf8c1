//! Wide clusters (CJK, Indic vowel signs) under and in popups, as a
//! terminal shows them: the frames drawn into a `TestBackend` (what ratatui
//! sends), and the same updates applied to a model of tmux's grid, where a
//! cluster's letters sit in columns of their own (`কি` is `ক` then `ি`, two
//! columns; `বা` two as well, where ratatui gives it one) and a narrow letter
//! written over half of a wide one erases it.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthChar;

use crate::tui::effect::Msg;
use crate::tui::view::tests::translated;
use crate::tui::{Overlay, State, Tab, view};

const JAPANESE: &str = "日本語の文章です。銀行の口座を開きたいのですが、必要な書類を教えてください。";
/// Bengali and Devanagari vowel signs after their consonants, then kanji.
const INDIC: &str = "কিকি कि कि 日本語 কিকি कि";

fn key(s: &mut State, code: KeyCode) {
    s.key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
}

/// The terminal: what ratatui sent (the backend) and what tmux would show.
struct Screen {
    terminal: Terminal<TestBackend>,
    last: Buffer,
    tmux: Buffer,
}

impl Screen {
    fn new(width: u16, height: u16) -> Self {
        let area = Rect::new(0, 0, width, height);
        Screen {
            terminal: Terminal::new(TestBackend::new(width, height)).expect("a test terminal"),
            last: Buffer::empty(area),
            tmux: Buffer::empty(area),
        }
    }

    fn draw(&mut self, s: &State) {
        let frame = self
            .terminal
            .draw(|f| {
                view::draw(f, s);
            })
            .expect("drawn");
        let next = frame.buffer.clone();
        // As crossterm's backend sends them: a cell right after the last one
        // sent goes where the terminal's cursor is, without a move.
        let (mut last, mut col) = (None, 0);
        for (x, y, cell) in self.last.diff(&next) {
            if last != Some((x.wrapping_sub(1), y)) {
                col = x;
            }
            col = tmux_write(&mut self.tmux, col, y, cell.symbol());
            last = Some((x, y));
        }
        self.last = next;
    }

    /// A cell as the backend holds it (what ratatui sent last there).
    fn sent(&self, x: u16, y: u16) -> &str {
        self.terminal.backend().buffer()[(x, y)].symbol()
    }

    /// Row `y` as tmux shows it.
    fn tmux_row(&self, y: u16) -> String {
        (0..self.tmux.area.width)
            .map(|x| self.tmux[(x, y)].symbol())
            .collect()
    }

    /// Every row of tmux's grid as a fresh start drawing `s` would leave it.
    fn assert_as_fresh(&self, s: &State, when: &str) {
        let area = self.tmux.area;
        let mut fresh = Screen::new(area.width, area.height);
        fresh.draw(s);
        for y in 0..area.height {
            assert_eq!(self.tmux_row(y), fresh.tmux_row(y), "row {y} {when}");
        }
    }
}

/// One cell's symbol written at (x, y) as tmux does: each character in its
/// own column(s) (wcwidth), zero-width ones joined to the one before; the
/// column the cursor is left at.
fn tmux_write(screen: &mut Buffer, x: u16, y: u16, symbol: &str) -> u16 {
    let width = screen.area.width;
    let mut at = x;
    for c in symbol.chars() {
        let w = tmux_width(c);
        if w == 0 {
            if at > 0 {
                let prev = format!("{}{c}", screen[(at - 1, y)].symbol());
                screen[(at - 1, y)].set_symbol(&prev);
            }
            continue;
        }
        if at + w > width {
            break;
        }
        for col in at..at + w {
            // A narrow letter over half of a wide one erases the wide one.
            if screen[(col, y)].symbol().is_empty() && col > 0 {
                screen[(col - 1, y)].set_symbol(" ");
            }
            if col + 1 < width && screen[(col + 1, y)].symbol().is_empty() {
                screen[(col + 1, y)].set_symbol(" ");
            }
        }
        screen[(at, y)].set_char(c);
        if w == 2 {
            screen[(at + 1, y)].set_symbol("");
        }
        at += w;
    }
    at
}

/// The columns tmux (wcwidth) gives `c`: as unicode-width, except the
/// spacing vowel signs unicode-width counts as nothing (`া` of `বা`).
fn tmux_width(c: char) -> u16 {
    use icu_properties::CodePointMapData;
    use icu_properties::props::GeneralCategory;
    let spacing = CodePointMapData::<GeneralCategory>::new().get(c) == GeneralCategory::SpacingMark;
    match c.width() {
        Some(0) if spacing => 1,
        w => w.unwrap_or(0) as u16,
    }
}

/// Where the popup whose title starts with `title` is: its left column and
/// its first and last rows.
fn popup_at(buf: &Buffer, title: &str) -> (u16, u16, u16) {
    let area = buf.area;
    for y in 0..area.height {
        let row: Vec<&str> = (0..area.width).map(|x| buf[(x, y)].symbol()).collect();
        let text = row.concat();
        let Some(byte) = text.find(&format!("┌ {title}")) else {
            continue;
        };
        let mut x = row.iter().scan(0, |b, s| {
            let at = *b;
            *b += s.len();
            Some(at)
        });
        let x = x.position(|b| b == byte).expect("a cell starts there") as u16;
        let bottom = (y + 1..area.height)
            .find(|&b| buf[(x, b)].symbol() == "└")
            .expect("the popup's bottom border");
        return (x, y, bottom);
    }
    panic!("no popup titled {title}:\n{buf:?}")
}

/// The Translate tab with Japanese in the first target and the rest.
fn translated_japanese() -> State {
    let mut s = State::new("local engine".into());
    translated(
        &mut s,
        JAPANESE,
        &[
            ("ja", JAPANESE),
            (
                "zh-Hans",
                "日本语的文章。我想开一个银行账户，请告诉我需要什么文件。",
            ),
        ],
    );
    key(&mut s, KeyCode::Esc);
    s
}

#[test]
fn the_options_popup_keeps_its_left_border_over_japanese() {
    let mut s = translated_japanese();
    let mut screen = Screen::new(80, 24);
    screen.draw(&s);
    key(&mut s, KeyCode::Char('o'));
    assert!(matches!(s.overlay, Some(Overlay::Options(_))));
    screen.draw(&s);
    let (x, top, bottom) = popup_at(&screen.last, "Translate options");
    for y in top + 1..bottom {
        assert_eq!(screen.sent(x, y), "│", "the left border at row {y} was sent");
        assert!(
            screen.tmux_row(y).chars().filter(|&c| c == '│').count() >= 2,
            "row {y} as tmux shows it has the popup's borders: {}",
            screen.tmux_row(y)
        );
    }
    key(&mut s, KeyCode::Esc);
    screen.draw(&s);
    screen.assert_as_fresh(&s, "after the popup closed");
}

/// The Transliterate tab with `text` in its input, the focus on the tab.
fn transliterate(text: &str) -> State {
    let mut s = State::new("local engine".into());
    let languages =
        serde_json::from_str(include_str!("../overlays/picker/languages.json")).expect("the fixture");
    s.message(Msg::Languages(Ok(languages)), std::time::Instant::now());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('3'));
    assert_eq!(s.tab, Tab::Transliterate);
    for line in [text; 4] {
        for c in line.chars() {
            key(&mut s, KeyCode::Char(c));
        }
        key(&mut s, KeyCode::Enter);
    }
    key(&mut s, KeyCode::Esc);
    s
}

#[test]
fn the_language_picker_over_indic_text_keeps_its_border_and_leaves_no_vowel_signs() {
    let mut s = transliterate(INDIC);
    let mut screen = Screen::new(80, 24);
    screen.draw(&s);
    key(&mut s, KeyCode::Char('f'));
    assert!(matches!(s.overlay, Some(Overlay::Picker(..))));
    screen.draw(&s);
    let (x, top, bottom) = popup_at(&screen.last, "Language to transliterate");
    for y in top..=bottom {
        let corner = if y == top {
            "┌"
        } else if y == bottom {
            "└"
        } else {
            "│"
        };
        assert_eq!(screen.sent(x, y), corner, "the left border at row {y} was sent");
    }
    // The picker lists Bengali and Hindi (বাংলা, हिन्दी): scrolled over the input.
    for _ in 0..12 {
        key(&mut s, KeyCode::Down);
        screen.draw(&s);
    }
    screen.assert_as_fresh(&s, "with the picker open");
    key(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none());
    screen.draw(&s);
    screen.assert_as_fresh(&s, "after the picker closed");
}
