//! Drawing the palette: a box near the top, the search line, then one row
//! per entry — description, name, where it works, keys on the right — with
//! the matched characters lit ([`Theme::matched`]) and the entries that do
//! not run from here greyed. The list scrolls to keep the highlighted row in
//! view; the rows drawn go back as [`Shown`] (the page for PgUp/PgDn).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders};

use super::Palette;
use super::entries::Entry;
use crate::tui::feedback::Shown;
use crate::tui::overlays::picker::cells::{cell, width};
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

/// Cells between two columns.
const GAP: &str = "  ";

/// Column widths: description, name, place, keys (0: left out).
struct Widths([usize; 4]);

impl Widths {
    /// As wide as the widest entry (capped), narrowed to `room`: the name
    /// goes first, then the place shrinks.
    fn fit(entries: &[Entry], room: usize) -> Self {
        let widest = |f: fn(&Entry) -> usize, cap: usize| entries.iter().map(f).max().unwrap_or(0).min(cap);
        let mut w = [
            widest(|e| width(&e.description), 22),
            widest(|e| width(e.name()), 20),
            widest(|e| width(e.whereabouts()), 22),
            widest(|e| width(&e.keys), 16),
        ];
        let total = |w: &[usize; 4]| w.iter().sum::<usize>() + GAP.len() * 3 + 2;
        if total(&w) > room {
            w[1] = 0;
        }
        // The place takes what is left (shrinking first), so the keys end at the right edge.
        let others = total(&w) - w[2];
        w[2] = room.saturating_sub(others);
        Widths(w)
    }
}

/// Draws the palette in `screen`; how its list was drawn.
pub fn draw(frame: &mut Frame, palette: &Palette, screen: Rect, theme: &Theme) -> Shown {
    let width = screen.width.saturating_sub(4).min(96);
    let height = screen.height.saturating_sub(2).min(24);
    let popup = Rect::new(screen.x + (screen.width - width) / 2, screen.y + 1, width, height);
    let count = format!(" {} of {} ", palette.rows.len(), palette.entries.len());
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(theme.focus)
        .title(" Commands (Enter runs, Esc closes) ")
        .title_bottom(Line::styled(count, theme.muted).right_aligned());
    if let Some(note) = &palette.note {
        block = block.title_bottom(Line::styled(format!(" {note} "), theme.warning));
    }
    let inner = block.inner(popup);
    frame.render_widget(Clear, popup);
    frame.render_widget(block, popup);
    if inner.height < 2 {
        return Shown::default();
    }
    let query = Rect { height: 1, ..inner };
    palette.query.render(
        frame,
        query,
        "type to search: an action, what it does, where",
        theme,
    );
    let list = Rect {
        y: inner.y + 1,
        height: inner.height - 1,
        ..inner
    };
    let rows = usize::from(list.height);
    if palette.rows.is_empty() {
        frame.render_widget(Line::styled(" no action matches", theme.muted), list);
        return Shown { top: 0, rows };
    }
    // The highlighted row kept in view, scrolling as little as possible.
    let selected = palette.selected;
    let top = palette.top.min(selected).max((selected + 1).saturating_sub(rows));
    let widths = Widths::fit(&palette.entries, usize::from(list.width));
    for (i, row) in palette.rows.iter().enumerate().skip(top).take(rows) {
        let entry = &palette.entries[row.entry];
        let line = row_line(entry, &row.lit, &widths, theme, i == selected);
        let y = list.y + (i - top) as u16;
        frame.render_widget(line, Rect { y, height: 1, ..list });
    }
    Shown { top, rows }
}

/// One entry's row.
fn row_line(
    entry: &Entry,
    lit: &[Vec<u32>; 3],
    widths: &Widths,
    theme: &Theme,
    selected: bool,
) -> Line<'static> {
    let [dw, nw, pw, kw] = widths.0;
    let on = |style: Style| match selected {
        true => style.patch(theme.selection),
        false => style,
    };
    let (text, muted, keys) = match entry.runnable() {
        true => (on(theme.text), on(theme.muted), on(theme.title)),
        false => (on(theme.muted), on(theme.muted), on(theme.muted)),
    };
    let matched = |base: Style| base.patch(theme.matched);
    let mut spans = vec![Span::styled(" ", text)];
    spans.extend(cell(&entry.description, &lit[0], dw, text, matched(text)));
    if nw > 0 {
        spans.push(Span::styled(GAP, text));
        spans.extend(cell(entry.name(), &lit[1], nw, muted, matched(muted)));
    }
    spans.push(Span::styled(GAP, text));
    spans.extend(cell(entry.whereabouts(), &lit[2], pw, muted, matched(muted)));
    spans.push(Span::styled(GAP, text));
    let pad = kw.saturating_sub(width(&entry.keys));
    spans.push(Span::styled(" ".repeat(pad), text));
    spans.extend(cell(&entry.keys, &[], kw.min(width(&entry.keys)), keys, keys));
    Line::from(spans).style(text)
}
