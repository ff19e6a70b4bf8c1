//! Panes side by side, or stacked when the terminal is narrow (the
//! Translate tab's targets, the Transliterate tab's previews).

use ratatui::layout::{Constraint, Direction, Layout, Rect};

/// `n` panes side by side, or stacked when each would be under 30 cells
/// (the Translate tab's targets, the Transliterate tab's previews).
pub fn split_panes(area: Rect, n: usize) -> std::rc::Rc<[Rect]> {
    let n = n.max(1);
    let direction = if side_by_side(area.width, n) {
        Direction::Horizontal
    } else {
        Direction::Vertical
    };
    Layout::default()
        .direction(direction)
        .constraints(vec![Constraint::Ratio(1, n as u32); n])
        .split(area)
}

/// Whether `n` panes go side by side in `width` cells (30 cells each).
pub fn side_by_side(width: u16, n: usize) -> bool {
    usize::from(width) >= 30 * n.max(1)
}
