//! Reading the workbench off the emulated screen without depending on its
//! exact layout: a pane is found by a word in its top border, and its inside
//! is read up to its bottom corner — the same whether the panes sit side by
//! side or are stacked, square or rounded.

#![allow(dead_code)] // the tests and the bench each use part of it

const TOP_LEFT: [&str; 2] = ["┌", "╭"];
const TOP_RIGHT: [&str; 2] = ["┐", "╮"];
const BOTTOM_LEFT: [&str; 2] = ["└", "╰"];

/// A bordered area of the screen: rows and columns of its inside.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub top: u16,
    pub bottom: u16,
    pub left: u16,
    pub right: u16,
}

/// A cell's text: a blank one (never written) is a space, the second half
/// of a wide character is empty.
fn cell(screen: &vt100::Screen, row: u16, col: u16) -> String {
    match screen.cell(row, col) {
        Some(c) if c.is_wide_continuation() => String::new(),
        Some(c) if c.has_contents() => c.contents().to_owned(),
        _ => " ".to_owned(),
    }
}

/// The box whose top border has `word` as a whole word (followed by a space,
/// `(` or `·`), e.g. `ja` in `┌ ja ───┐` but not in `┌ jaX ─┐`.
pub fn find_box(screen: &vt100::Screen, word: &str) -> Option<Area> {
    let (rows, cols) = (screen.size().0.get(), screen.size().1.get());
    for row in 0..rows {
        // The row as cells; a wide character's second cell is empty.
        let cells: Vec<String> = (0..cols).map(|c| cell(screen, row, c)).collect();
        for col in 1..cols {
            if cells[usize::from(col - 1)] != " " || !starts_word(&cells[usize::from(col)..], word) {
                continue;
            }
            let left = (0..col)
                .rev()
                .find(|&c| TOP_LEFT.contains(&cells[usize::from(c)].as_str()));
            let right = (col..cols).find(|&c| TOP_RIGHT.contains(&cells[usize::from(c)].as_str()));
            let (Some(left), Some(right)) = (left, right) else {
                continue;
            };
            let bottom = (row + 1..rows).find(|&r| BOTTOM_LEFT.contains(&cell(screen, r, left).as_str()))?;
            return Some(Area {
                top: row + 1,
                bottom: bottom.saturating_sub(1),
                left: left + 1,
                right: right.saturating_sub(1),
            });
        }
    }
    None
}

fn starts_word(cells: &[String], word: &str) -> bool {
    let n = word.chars().count();
    if cells.len() <= n {
        return false;
    }
    let here: String = cells[..n].concat();
    here == word && [" ", "(", "·"].contains(&cells[n].as_str())
}

/// The text inside `area`, one line per row, trailing blanks trimmed.
pub fn text_in(screen: &vt100::Screen, area: Area) -> String {
    (area.top..=area.bottom)
        .map(|r| {
            let line: String = (area.left..=area.right).map(|c| cell(screen, r, c)).collect();
            line.trim_end().to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text of the pane titled `word`, if it is on screen.
pub fn pane(screen: &vt100::Screen, word: &str) -> Option<String> {
    find_box(screen, word).map(|a| text_in(screen, a))
}

/// The first cell shown in reverse video inside `area` — where the editor
/// draws its cursor.
pub fn reversed_cell(screen: &vt100::Screen, area: Area) -> Option<(u16, u16)> {
    (area.top..=area.bottom)
        .flat_map(|r| (area.left..=area.right).map(move |c| (r, c)))
        .find(|&(r, c)| screen.cell(r, c).is_some_and(vt100::Cell::inverse))
}

/// `text` without any whitespace: what typing shows, however it wraps.
pub fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}
