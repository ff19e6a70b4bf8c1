//! Wrapping a pane's text into screen rows, keeping byte offsets.
//!
//! The target panes (and the source when it is not being edited) are drawn
//! from rows computed here rather than by `Paragraph`'s own wrapping, because
//! the workbench needs to know where every byte lands: to scroll a lit word
//! into view, to turn a mouse click into a word, to shade sentences.
//!
//! Rows break at the line-break opportunities of UAX #14 (ICU4X's
//! `LineSegmenter`, so Chinese and Japanese break between characters and
//! Thai between words), measured in terminal cells with `unicode-width`. A
//! piece wider than the pane is cut between characters. Hard line breaks end
//! a row. Control characters are drawn as one-cell `�` so a hostile answer
//! cannot move the cursor; tabs as one space.

use std::ops::Range;
use std::sync::OnceLock;

use icu_segmenter::options::LineBreakOptions;
use icu_segmenter::{LineSegmenter, LineSegmenterBorrowed};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthChar;

fn segmenter() -> &'static LineSegmenterBorrowed<'static> {
    static SEG: OnceLock<LineSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| LineSegmenter::new_auto(LineBreakOptions::default()))
}

/// Cells a character takes on screen, as drawn by [`styled_rows`].
pub fn cell_width(c: char) -> usize {
    if c.is_control() { 1 } else { c.width().unwrap_or(0) }
}

fn shown(c: char) -> char {
    match c {
        '\t' => ' ',
        c if c.is_control() => '\u{FFFD}',
        c => c,
    }
}

/// Cells `s` takes on screen (control characters as drawn: defused).
pub fn str_width(s: &str) -> usize {
    s.chars().map(cell_width).sum()
}

/// `text` cut to `room` cells, with an ellipsis when cut (a footer, a
/// toast, a table cell, a breadcrumb).
pub fn fit(text: &str, room: usize) -> String {
    if str_width(text) <= room {
        return text.to_owned();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = cell_width(c);
        if used + w + 1 > room {
            break;
        }
        used += w;
        out.push(c);
    }
    if room > 0 {
        out.push('…');
    }
    out
}

/// The rows of `text` at `width` cells, as byte ranges (without the line
/// breaks). An empty text is one empty row. `width` 0 counts as 1.
pub fn rows(text: &str, width: u16) -> Vec<Range<usize>> {
    let width = usize::from(width.max(1));
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        wrap_line(line, start, width, &mut out);
        start += line.len() + 1;
    }
    out
}

fn wrap_line(line: &str, base: usize, width: usize, out: &mut Vec<Range<usize>>) {
    if str_width(line) <= width {
        out.push(base..base + line.len());
        return;
    }
    let mut row_start = 0;
    let mut row_width = 0;
    let mut prev = 0;
    for brk in segmenter().segment_str(line).skip(1) {
        let piece = &line[prev..brk];
        // Trailing spaces may hang past the edge; they never force a break.
        let visible = str_width(piece.trim_end_matches(' '));
        if row_width + visible > width && prev > row_start {
            out.push(base + row_start..base + prev);
            row_start = prev;
            row_width = 0;
        }
        if row_width + visible > width {
            // One piece wider than the row: cut it between characters.
            for (i, c) in piece.char_indices() {
                let w = cell_width(c);
                if row_width + w > width && prev + i > row_start {
                    out.push(base + row_start..base + prev + i);
                    row_start = prev + i;
                    row_width = 0;
                }
                row_width += w;
            }
        } else {
            row_width += str_width(piece);
        }
        prev = brk;
    }
    out.push(base + row_start..base + line.len());
}

/// The row holding `byte` (the end of a row belongs to it when the next
/// row does not start there).
pub fn row_of(rows: &[Range<usize>], byte: usize) -> usize {
    let i = rows.partition_point(|r| r.start <= byte);
    i.saturating_sub(1)
}

/// The byte at cell `col` of row `row` (the last character's end when the
/// click is past the end of the row).
pub fn byte_at(text: &str, rows: &[Range<usize>], row: usize, col: usize) -> Option<usize> {
    let r = rows.get(row)?;
    let mut x = 0;
    for (i, c) in text.get(r.clone())?.char_indices() {
        x += cell_width(c);
        if x > col {
            return Some(r.start + i);
        }
    }
    Some(r.end)
}

/// Styling of byte ranges, applied in order (later layers patch earlier ones).
pub struct Layer<'a> {
    pub ranges: &'a [Range<usize>],
    pub style: Style,
}

/// Rows `visible` of `text` as styled lines. `layers` hold sorted or unsorted
/// byte ranges; each character gets the base style patched by every layer
/// that covers it.
pub fn styled_rows(
    text: &str,
    rows: &[Range<usize>],
    visible: Range<usize>,
    base: Style,
    layers: &[Layer],
) -> Vec<Line<'static>> {
    let mut out = Vec::with_capacity(visible.len());
    for row in rows.get(visible).unwrap_or(&[]) {
        let mut cuts = vec![row.start, row.end];
        for layer in layers {
            for r in layer
                .ranges
                .iter()
                .filter(|r| r.start < row.end && r.end > row.start)
            {
                cuts.extend([r.start.max(row.start), r.end.min(row.end)]);
            }
        }
        cuts.sort_unstable();
        cuts.dedup();
        let mut spans = Vec::new();
        for w in cuts.windows(2) {
            let Some(piece) = text.get(w[0]..w[1]) else {
                continue;
            };
            let style = layers
                .iter()
                .filter(|l| l.ranges.iter().any(|r| r.start <= w[0] && w[0] < r.end))
                .fold(base, |s, l| s.patch(l.style));
            spans.push(Span::styled(piece.chars().map(shown).collect::<String>(), style));
        }
        out.push(Line::from(spans));
    }
    out
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // ranges are the data
mod tests {
    use super::*;

    fn texts<'a>(text: &'a str, rows: &[Range<usize>]) -> Vec<&'a str> {
        rows.iter().map(|r| &text[r.clone()]).collect()
    }

    #[test]
    fn words_wrap_at_spaces_and_keep_offsets() {
        let t = "The cat sleeps on the mat.";
        let r = rows(t, 10);
        assert_eq!(texts(t, &r), ["The cat ", "sleeps on ", "the mat."]);
        assert_eq!(row_of(&r, 8), 1);
        assert_eq!(byte_at(t, &r, 1, 0), Some(8));
        assert_eq!(byte_at(t, &r, 2, 99), Some(t.len()));
    }

    #[test]
    fn cjk_breaks_between_characters_by_cells() {
        let t = "猫は眠っています。";
        let r = rows(t, 6);
        for row in &r {
            assert!(str_width(&t[row.clone()]) <= 6, "{:?}", &t[row.clone()]);
        }
        assert_eq!(texts(t, &r).concat(), t);
    }

    #[test]
    fn hard_breaks_long_words_and_empty_lines() {
        let t = "a\n\nabcdefghij";
        assert_eq!(texts(t, &rows(t, 4)), ["a", "", "abcd", "efgh", "ij"]);
        assert_eq!(rows("", 5), [0..0]);
        assert_eq!(rows("abc", 0).len(), 3, "width 0 counts as 1");
    }

    #[test]
    fn styles_patch_in_layers_and_controls_are_defused() {
        use ratatui::style::Modifier;
        let t = "ab\u{1b}cd";
        let r = rows(t, 80);
        let lit = [1..3];
        let bold = Style::default().add_modifier(Modifier::BOLD);
        let lines = styled_rows(
            t,
            &r,
            0..1,
            Style::default(),
            &[Layer {
                ranges: &lit,
                style: bold,
            }],
        );
        let spans: Vec<_> = lines[0]
            .spans
            .iter()
            .map(|s| (s.content.to_string(), s.style == bold))
            .collect();
        assert_eq!(
            spans,
            [
                ("a".into(), false),
                ("b\u{FFFD}".into(), true),
                ("cd".into(), false)
            ]
        );
    }
}
