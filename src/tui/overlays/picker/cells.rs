//! Fixed-width table cells from text that may be wide (CJK), combining
//! (Devanagari, Arabic marks) or right-to-left.
//!
//! Text is walked by grapheme cluster — the unit nucleo's match indices
//! count — and measured with ratatui's own cell width (unicode-width), so the
//! columns line up exactly as the buffer will draw them. Control and
//! zero-width clusters are skipped as the buffer skips them. RTL text is kept
//! in logical order inside its own cell: a terminal that reorders it can only
//! move it within the cell's padding, never shift the columns after it.

use ratatui::buffer::CellWidth;
use ratatui::style::Style;
use ratatui::text::Span;
use unicode_segmentation::UnicodeSegmentation;

/// The clusters of `text` the buffer will draw, with their grapheme index
/// and width. ASCII goes byte by byte, as nucleo counts it.
fn clusters(text: &str) -> impl Iterator<Item = (usize, &str, usize)> {
    let graphemes: Box<dyn Iterator<Item = &str>> = if text.is_ascii() {
        Box::new((0..text.len()).filter_map(|i| text.get(i..i + 1)))
    } else {
        Box::new(text.graphemes(true))
    };
    graphemes
        .enumerate()
        .map(|(i, g)| (i, g, cluster_width(g)))
        .filter(|&(_, _, w)| w > 0)
}

/// What the buffer gives a cluster: nothing for control characters (which
/// it drops), else ratatui's (unicode-width's) measure.
fn cluster_width(g: &str) -> usize {
    if g.contains(char::is_control) {
        0
    } else {
        usize::from(g.cell_width())
    }
}

/// The width `text` takes on screen.
pub fn width(text: &str) -> usize {
    clusters(text).map(|(_, _, w)| w).sum()
}

/// `text` in exactly `width` cells: clusters whose grapheme index is in `lit`
/// (sorted) get `on`, the rest `style`; cut with "…" if too long, padded
/// with spaces if short.
pub fn cell(text: &str, lit: &[u32], width: usize, style: Style, on: Style) -> Vec<Span<'static>> {
    let mut spans: Vec<Span<'static>> = Vec::new();
    if width == 0 {
        return spans;
    }
    // Whether it fits is known once `width` is passed: a long text is
    // walked that far, not to its end (the History view's rows).
    let (mut all, mut room) = (0, width);
    for (_, _, w) in clusters(text) {
        all += w;
        if all > width {
            room = width - 1;
            break;
        }
    }
    let fits = room == width;
    let mut used = 0;
    let mut run = String::new();
    let mut run_lit = false;
    for (i, g, w) in clusters(text) {
        if used + w > room {
            break;
        }
        let is_lit = u32::try_from(i).is_ok_and(|i| lit.binary_search(&i).is_ok());
        if is_lit != run_lit && !run.is_empty() {
            spans.push(Span::styled(
                std::mem::take(&mut run),
                if run_lit { on } else { style },
            ));
        }
        run_lit = is_lit;
        run.push_str(g);
        used += w;
    }
    if !run.is_empty() {
        spans.push(Span::styled(run, if run_lit { on } else { style }));
    }
    if !fits {
        spans.push(Span::styled("…", style));
        used += 1;
    }
    if used < width {
        spans.push(Span::styled(" ".repeat(width - used), style));
    }
    spans
}

/// The end of `text` that fits in `width` cells, with the cursor (a char
/// index) kept in view: what to draw, and the cursor's column in it.
pub fn tail(text: &str, cursor: usize, width: usize) -> (String, usize) {
    let before: String = text.chars().take(cursor).collect();
    // Leave a column for the cursor itself.
    let keep = width.saturating_sub(1);
    let mut col = self::width(&before);
    let mut start = 0;
    for (at, g) in before.grapheme_indices(true) {
        if col <= keep {
            break;
        }
        start = at + g.len();
        col -= cluster_width(g);
    }
    (text.get(start..).unwrap_or("").to_owned(), col)
}
