//! Wide clusters on the terminal's grid. A cluster wider than one cell
//! (CJK, and for ratatui also an Indic consonant with its vowel sign, `কি`)
//! is one cell followed by hidden ones that ratatui never sends: the
//! terminal fills them from the cluster, each in its own way (tmux puts
//! `ি` in the second column, a CJK terminal the right half of `日`).
//! Two things follow, both handled here, once for every screen:
//!
//! - a popup whose left edge falls on such a hidden cell loses its border
//!   there (the diff skips the cell): [`Clear`], the clear every popup
//!   draws first, also blanks a wide cluster reaching in from the left;
//! - a hidden cell that shows again in the next frame is blank in both
//!   buffers, so ratatui would not send it and the terminal would keep the
//!   vowel sign or half glyph it drew there: [`mark_hidden`], run on every
//!   frame, marks the hidden cells so that the next frame's diff sends them
//!   when they show again (a cell's diff option is part of its equality;
//!   while hidden the diff skips them, so they cost nothing).
//!
//! A terminal measuring character by character (tmux, xterm) gives some
//! clusters more columns than ratatui (unicode-width counts the vowel sign
//! of `বা`, `ാ` of `യാ` as nothing; wcwidth as one). Followed by blanks, the
//! cluster is given them ([`CellDiffOption::ForcedWidth`]); followed by text,
//! that terminal draws the rest of the row a column further, which no
//! buffer can prevent (the layout measures as ratatui does), so such a row
//! is sent whole each frame and the frame after: shifted, never stale.

use std::num::NonZeroU16;

use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;
use ratatui::buffer::{Buffer, Cell, CellDiffOption, CellWidth};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use unicode_width::UnicodeWidthChar;

/// Wider than any cluster ratatui gives a cell (`न्दी` is 3).
const WIDEST: u16 = 4;

/// Resets `area` for a popup, like ratatui's `Clear`, and blanks a wide
/// cluster left of it whose hidden cells reach into it (half a glyph
/// cannot be shown; the whole of it would hide the popup's border).
#[derive(Debug, Clone, Copy, Default)]
pub struct Clear;

impl Widget for Clear {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let left = buf.area.left();
        for y in area.top()..area.bottom() {
            for reach in 1..WIDEST.min(area.x - left + 1) {
                let cell = &mut buf[(area.x - reach, y)];
                if cell.cell_width() > reach {
                    cell.reset();
                }
            }
            let start = buf.index_of(area.x, y);
            let row = &mut buf.content[start..start + usize::from(area.width)];
            row.iter_mut().for_each(Cell::reset);
        }
    }
}

/// Marks (and blanks) the cells hidden under wide clusters in the frame
/// just drawn, so that those among them that show in the next frame are
/// sent to the terminal even when they are blank there.
pub fn mark_hidden(buf: &mut Buffer) {
    let width = usize::from(buf.area.width);
    if width == 0 {
        return;
    }
    for row in buf.content.chunks_mut(width) {
        let mut x = 0;
        let mut shifted = false;
        while x < row.len() {
            let symbol = row[x].symbol();
            let mut w = if narrow(symbol) {
                1
            } else {
                usize::from(row[x].cell_width()).max(1)
            };
            // A terminal that measures character by character takes more
            // columns: when they are blank the cluster gets them, so the next
            // cell is sent with a cursor move (no row shifted by a column)
            // and they are sent again when they show.
            let more = extra_columns(symbol);
            let end = (x + w + more).min(row.len());
            if more > 0 && row[x + w..end].iter().all(|c| c.symbol() == " ") {
                w = end - x;
                if let Some(w) = u16::try_from(w).ok().and_then(NonZeroU16::new) {
                    row[x].diff_option = CellDiffOption::ForcedWidth(w);
                }
            } else if more > 0 {
                shifted = true;
            }
            for cell in row.iter_mut().take(x + w).skip(x + 1) {
                cell.reset();
                cell.diff_option = CellDiffOption::AlwaysUpdate;
            }
            x += w;
        }
        if shifted {
            // Text follows such a cluster: that terminal draws the rest of
            // the row a column further. The whole row is sent each frame, and
            // once more after (a frame where it shows otherwise), so nothing
            // of it is left anywhere.
            row.iter_mut()
                .filter(|c| c.diff_option == CellDiffOption::None)
                .for_each(|c| c.diff_option = CellDiffOption::AlwaysUpdate);
        }
    }
}

/// What a terminal measuring character by character (wcwidth: tmux, xterm,
/// VTE) gives a cluster of several characters beyond ratatui's measure: one
/// column for each spacing vowel sign unicode-width counts as nothing (`া`
/// of `বা`, `ா` of `கா`). Zero for one character, and for most clusters.
fn extra_columns(symbol: &str) -> usize {
    if symbol.len() <= 4 && symbol.chars().nth(1).is_none() {
        return 0;
    }
    let categories = CodePointMapData::<GeneralCategory>::new();
    symbol
        .chars()
        .filter(|&c| c.width() == Some(0) && categories.get(c) == GeneralCategory::SpacingMark)
        .count()
}

/// Whether `symbol` is surely one cell wide without a width look-up: one
/// byte (nearly every cell), or one character of the narrow blocks the
/// screen is drawn with (Latin to Cyrillic, punctuation, arrows, box
/// drawing, block elements, most geometric shapes).
fn narrow(symbol: &str) -> bool {
    let mut chars = symbol.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => {
            c < '\u{1100}' || ('\u{2000}'..='\u{22FF}').contains(&c) || ('\u{2500}'..='\u{25FC}').contains(&c)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::CellWidth;

    #[test]
    fn what_narrow_takes_for_one_cell_ratatui_measures_so() {
        let ranges = [
            '\0'..='\u{10FF}',
            '\u{2000}'..='\u{22FF}',
            '\u{2500}'..='\u{25FC}',
        ];
        for c in ranges.into_iter().flatten().filter(|c| !c.is_control()) {
            let s = c.to_string();
            assert!(super::narrow(&s));
            assert!(
                s.as_str().cell_width() <= 1,
                "{c:?} is {} cells",
                s.as_str().cell_width()
            );
        }
        assert!(!super::narrow("日") && !super::narrow("কি"));
    }
}
