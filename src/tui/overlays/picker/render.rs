//! Drawing the picker: a centered popup over whatever is below it.
//!
//! Inside the border, top to bottom: the search line (with the terminal
//! cursor placed in it), a status line (a refusal, the order of the
//! choice, or the current choice — dropped when the popup is very low),
//! and the list. The list scrolls so the highlighted row stays in view and
//! has a scrollbar on the right border when it does not fit. Everything
//! degrades to nothing in a tiny area rather than panicking.

use ratatui::Frame;
use ratatui::layout::{Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState};

use super::cells::{cell, width};
use super::{Mode, Picker};
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

/// Where each part goes inside `area` (the frame, usually).
struct Parts {
    popup: Rect,
    search: Rect,
    status: Rect,
    list: Rect,
}

fn parts(area: Rect) -> Parts {
    let w = if area.width < 34 {
        area.width
    } else {
        (area.width - 4).min(96)
    };
    let h = if area.height < 10 {
        area.height
    } else {
        (area.height - 2).min(30)
    };
    let popup = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    // Inside the border, with a column of air on the left.
    let mut inner = popup.inner(Margin::new(1, 1));
    if inner.width > 1 {
        inner.x += 1;
        inner.width -= 1;
    }
    let row = |y: u16, height: u16| Rect { y, height, ..inner };
    let search = row(inner.y, inner.height.min(1));
    // The status line only when the list still gets two rows.
    let status = row(search.bottom(), if inner.height >= 4 { 1 } else { 0 });
    let list = row(status.bottom(), inner.bottom().saturating_sub(status.bottom()));
    Parts {
        popup,
        search,
        status,
        list,
    }
}

/// The list's height when the picker is drawn in `area`.
pub fn list_height(area: Rect) -> usize {
    usize::from(parts(area).list.height)
}

/// The first of `len` rows to show so that `highlighted` is among `height`
/// rows, moving `offset` as little as possible and leaving no blank rows
/// below the last one.
pub fn keep_visible(offset: usize, highlighted: usize, height: usize, len: usize) -> usize {
    let height = height.max(1);
    let lowest = (highlighted + 1).saturating_sub(height);
    let offset = offset.min(len.saturating_sub(height));
    offset.clamp(lowest, highlighted.max(lowest))
}

impl Picker {
    /// Draws the picker as a popup centered in `area`.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let area = area.intersection(frame.area());
        let p = parts(area);
        if p.popup.is_empty() {
            return;
        }
        frame.render_widget(Clear, p.popup);
        let mut block = Block::bordered()
            .border_style(theme.focus)
            .title(Span::styled(format!(" {} ", self.title), theme.title))
            .title_bottom(
                Line::styled(format!(" {}/{} ", self.rows.len(), self.items.len()), theme.muted)
                    .right_aligned(),
            );
        if self.mode == Mode::Multi {
            let count = Line::styled(format!(" {} selected ", self.selected.len()), theme.title);
            block = block.title(count.right_aligned());
        }
        frame.render_widget(block, p.popup);
        self.render_search(frame, p.search, theme);
        self.render_status(frame, p.status, theme);
        self.render_list(frame, p.list, theme);
        let height = usize::from(p.list.height);
        if self.rows.len() > height && height > 0 {
            let bar = Rect {
                x: p.popup.right() - 1,
                width: 1,
                ..p.list
            };
            let offset = keep_visible(self.offset, self.highlighted, height, self.rows.len());
            let mut state = ScrollbarState::new(self.rows.len() - height)
                .position(offset)
                .viewport_content_length(height);
            let scrollbar = Scrollbar::new(ScrollbarOrientation::VerticalRight)
                .begin_symbol(None)
                .end_symbol(None)
                .style(theme.muted);
            frame.render_stateful_widget(scrollbar, bar, &mut state);
        }
    }

    fn render_search(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        self.query.render(frame, area, self.search_hint, theme);
    }

    fn render_status(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        if area.is_empty() {
            return;
        }
        let line = match (&self.notice, self.mode) {
            (Some(n), _) => Line::styled(n.as_str(), theme.error),
            (None, Mode::Multi) if self.selected.is_empty() => {
                Line::styled("nothing chosen yet", theme.muted)
            }
            (None, Mode::Multi) => Line::styled(format!("order: {}", self.selected.join(", ")), theme.muted),
            (None, Mode::Single { auto }) => {
                let none = if auto { "auto (detect)" } else { "none" };
                let current = self.selected.first().map_or(none, String::as_str);
                Line::styled(format!("current: {current}"), theme.muted)
            }
        };
        frame.render_widget(line, area);
    }

    fn render_list(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        if area.is_empty() {
            return;
        }
        if self.rows.is_empty() {
            let note = if self.query.text().trim().is_empty() {
                "no languages to choose from".to_owned()
            } else {
                format!("no language matches “{}”", self.query.text())
            };
            frame.render_widget(Paragraph::new(Line::styled(note, theme.muted)), area);
            return;
        }
        let height = usize::from(area.height);
        let columns = self.columns(usize::from(area.width));
        let offset = keep_visible(self.offset, self.highlighted, height, self.rows.len());
        let lines: Vec<Line> = (offset..self.rows.len().min(offset + height))
            .map(|r| self.row_line(r, &columns, theme))
            .collect();
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// Column widths: marker, code, name, native name, detail. Measured over
    /// every item, not the visible rows, so columns hold still while typing.
    fn columns(&self, total: usize) -> [usize; 5] {
        let widest = |f: fn(&super::Item) -> &str| self.items.iter().map(|i| width(f(i))).max().unwrap_or(0);
        let marker = match self.mode {
            Mode::Multi => 2 + self.selected.len().max(1).to_string().len(),
            Mode::Single { .. } => 3,
        };
        let code = widest(|i| &i.code).min(12);
        let rest = total.saturating_sub(marker + 1 + code + 1);
        let (names, natives) = (widest(|i| &i.name), widest(|i| &i.native_name));
        let mut name = names.min(rest * 2 / 5);
        let mut native = natives.min(rest.saturating_sub(name + 1));
        // A sliver of a native name says nothing: give the room to the name.
        if native < natives.min(4) {
            native = 0;
            name = names.min(rest);
        }
        let used = if native > 0 { name + 1 + native } else { name };
        let detail = match rest.saturating_sub(used + 1) {
            d if d < 6 => 0,
            d => d,
        };
        [marker, code, name, native, detail]
    }

    fn row_line(&self, r: usize, columns: &[usize; 5], theme: &Theme) -> Line<'static> {
        let row = &self.rows[r];
        let item = &self.items[row.item];
        let here = r == self.highlighted;
        let base = if here { theme.selection } else { theme.text };
        let on = base.patch(theme.matched);
        let order = self.selected.iter().position(|c| *c == item.code);
        let marker = match (self.mode, order) {
            (Mode::Multi, Some(n)) => format!("[{}]", n + 1),
            (Mode::Multi, None) => "[ ]".to_owned(),
            (Mode::Single { .. }, Some(_)) => "(•)".to_owned(),
            (Mode::Single { .. }, None) if self.is_auto(row.item) && self.selected.is_empty() => {
                "(•)".to_owned()
            }
            (Mode::Single { .. }, None) => "( )".to_owned(),
        };
        let marker_style = if order.is_some() {
            base.patch(theme.title)
        } else {
            base
        };
        let gap = || Span::styled(" ", base);
        let mut spans = cell(&marker, &[], columns[0], marker_style, marker_style);
        spans.push(gap());
        spans.extend(cell(&item.code, &row.lit[0], columns[1], base, on));
        spans.push(gap());
        spans.extend(cell(&item.name, &row.lit[1], columns[2], base, on));
        if columns[3] > 0 {
            spans.push(gap());
            spans.extend(cell(&item.native_name, &row.lit[2], columns[3], base, on));
        }
        if columns[4] > 0 {
            spans.push(gap());
            let muted = if here { base } else { theme.muted };
            spans.extend(cell(&item.detail, &[], columns[4], muted, muted));
        }
        Line::from(spans).style(base)
    }
}
