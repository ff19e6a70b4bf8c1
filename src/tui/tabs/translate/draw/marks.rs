//! The glossary terms in the editor. The editor widget
//! (`ratatui-textarea`) draws its own text, so the terms are styled after it
//! has drawn: each cell of its area is mapped back to the character it shows
//! ([`TextArea::screen_to_data`] with the widget's scroll offset, which know
//! its wrapping) and patched with the glossary role when that character is
//! inside a term. Only rows of lines that hold a term are looked at.

use std::ops::Range;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui_textarea::TextArea;

/// Per editor line, the terms as character columns `[start, end)`.
fn by_line(lines: &[String], ranges: &[Range<usize>]) -> Vec<Vec<Range<usize>>> {
    let mut out = vec![Vec::new(); lines.len()];
    let mut start = 0usize;
    for (row, line) in lines.iter().enumerate() {
        let end = start + line.len();
        for r in ranges.iter().filter(|r| r.start < end && r.end > start) {
            let a = r.start.max(start) - start;
            let b = r.end.min(end) - start;
            let col = |byte: usize| line.get(..byte).map_or(0, |s| s.chars().count());
            out[row].push(col(a)..col(b));
        }
        start = end + 1;
    }
    out
}

/// Patches `style` over the cells of `editor`'s inner `area` that show a
/// character inside `ranges` (byte ranges of the lines joined by `\n`).
pub fn paint(buf: &mut Buffer, area: Rect, editor: &TextArea, ranges: &[Range<usize>], style: Style) {
    if ranges.is_empty() || area.is_empty() {
        return;
    }
    let lines = editor.lines();
    let per_line = by_line(lines, ranges);
    let (top, left) = editor.scroll_offset();
    let (top, left) = (usize::from(top), usize::from(left));
    // A row past the text resolves to the last display line: such a row starts
    // where the row before it does.
    let mut previous = top.checked_sub(1).map(|r| editor.screen_to_data(r, 0));
    for dy in 0..usize::from(area.height) {
        let row = top + dy;
        let first = editor.screen_to_data(row, 0);
        if previous == Some(first) {
            break;
        }
        previous = Some(first);
        let Some(terms) = per_line.get(first.0).filter(|t| !t.is_empty()) else {
            continue;
        };
        // Where this display row's part of the line ends: the next row's start
        // when it continues the same line, else the line's end.
        let next = editor.screen_to_data(row + 1, 0);
        let line_len = lines.get(first.0).map_or(0, |l| l.chars().count());
        let end = if next.0 == first.0 && next.1 > first.1 {
            next.1
        } else {
            line_len
        };
        for dx in 0..usize::from(area.width) {
            let at = editor.screen_to_data(row, left + dx);
            if at.0 != first.0 || at.1 >= end {
                break;
            }
            if terms.iter().any(|t| t.contains(&at.1)) {
                let x = area.x + dx as u16;
                let y = area.y + dy as u16;
                if let Some(cell) = buf.cell_mut((x, y)) {
                    cell.set_style(cell.style().patch(style));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::style::Modifier;
    use ratatui::widgets::Widget;
    use ratatui_textarea::WrapMode;

    #[test]
    fn the_cells_of_the_terms_are_styled_across_wrapped_lines() {
        let mut editor = TextArea::from(["I use Glossa and", "more Glossa here"]);
        editor.set_wrap_mode(WrapMode::Word);
        // The cursor line's own underline would hide ours.
        editor.set_cursor_line_style(Style::default());

        let area = Rect::new(0, 0, 10, 6);
        let mut buf = Buffer::empty(area);
        (&editor).render(area, &mut buf);
        let text = editor.lines().join("\n");
        let ranges: Vec<Range<usize>> = text
            .match_indices("Glossa")
            .map(|(i, m)| i..i + m.len())
            .collect();
        let style = Style::default().add_modifier(Modifier::UNDERLINED);
        paint(&mut buf, area, &editor, &ranges, style);
        let marked: String = (0..area.height)
            .map(|y| {
                (0..area.width)
                    .map(|x| {
                        let cell = &buf[(x, y)];
                        if cell.modifier.contains(Modifier::UNDERLINED) {
                            cell.symbol().to_owned()
                        } else {
                            "·".to_owned()
                        }
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n");
        let shown: Vec<String> = (0..area.height)
            .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol().to_owned()).collect())
            .collect();
        // Every underlined cell shows a letter of "Glossa", and there are two of them.
        let letters: String = marked.chars().filter(|c| *c != '·' && *c != '\n').collect();
        assert_eq!(letters, "GlossaGlossa", "{}\n{marked}", shown.join("\n"));
    }
}
