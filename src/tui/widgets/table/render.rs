//! Drawing a [`DataTable`]: a header with the sort arrow, the rows, and a
//! footer line ("3 of 30 · filter: x" or the loading / error state). With no
//! rows the body says why: loading, the error, or the empty text.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Cell, Paragraph, Row, Table, TableState, Wrap};

use super::{Columns, DataTable, Loading};
use crate::tui::feedback::Shown;
use crate::tui::widgets::theme::Theme;

impl<C: Columns> DataTable<C> {
    /// Draws the table into `area` (no border: the caller frames it); its
    /// first row shown (what keeps the selection in view) and a page's rows.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) -> Option<Shown> {
        if area.height == 0 || area.width == 0 {
            return None;
        }
        let [body, footer] = Layout::vertical([Constraint::Min(0), Constraint::Length(1)]).areas(area);
        frame.render_widget(self.footer(theme), footer);
        if self.order.is_empty() {
            let (text, style) = match &self.loading {
                Loading::Loading => ("loading…".to_string(), theme.progress),
                Loading::Failed(msg) => (format!("failed: {msg}"), theme.error),
                Loading::Idle if self.rows.is_empty() => (self.empty_text.to_string(), theme.muted),
                Loading::Idle => (format!("no row matches “{}”", self.filter), theme.muted),
            };
            let note = Paragraph::new(text)
                .style(style)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true });
            let [_, mid] =
                Layout::vertical([Constraint::Length(body.height / 3), Constraint::Min(0)]).areas(body);
            frame.render_widget(note, mid);
            return None;
        }
        let cols = C::columns();
        let header = Row::new(cols.iter().enumerate().map(|(c, col)| {
            let arrow = match (c == self.sort_col, self.descending) {
                (true, false) => " ▲",
                (true, true) => " ▼",
                _ => "",
            };
            Cell::from(format!("{}{arrow}", col.title))
        }))
        .style(theme.title);
        let rows = self.order.iter().map(|&i| {
            let row = &self.rows[i];
            let marked = self.marked.contains(&C::id(row));
            let cells = Row::new(cols.iter().enumerate().map(|(c, col)| {
                let text = self.texts[i][c].as_str();
                let line = Line::from(Span::styled(text, C::style(row, c, theme)));
                Cell::from(if col.right { line.right_aligned() } else { line })
            }));
            // New or changed since the last look: the fresh role until selected.
            if marked { cells.style(theme.matched) } else { cells }
        });
        let widths: Vec<Constraint> = self.widths.iter().map(|&w| Constraint::Length(w)).collect();
        let table = Table::new(rows, widths)
            .header(header)
            .column_spacing(1)
            .row_highlight_style(theme.selection);
        let mut state = TableState::new()
            .with_offset(self.offset)
            .with_selected(Some(self.selected));
        frame.render_stateful_widget(table, body, &mut state);
        // Known only while drawing: what stays in view, and a page's size.
        Some(Shown {
            top: state.offset(),
            rows: usize::from(body.height.saturating_sub(1)).max(1),
        })
    }

    fn footer(&self, theme: &Theme) -> Line<'static> {
        let mut spans = vec![Span::styled(
            format!("{} of {}", self.order.len(), self.rows.len()),
            theme.muted,
        )];
        if !self.filter.is_empty() {
            spans.push(Span::styled(format!(" · filter “{}”", self.filter), theme.muted));
        }
        match self.marked_visible() {
            0 => {}
            n => spans.push(Span::styled(
                format!(" · {n} new or changed (marked until selected)"),
                theme.matched,
            )),
        }
        match &self.loading {
            // With no rows the body says it already.
            _ if self.order.is_empty() => {}
            Loading::Idle => {}
            Loading::Loading => spans.push(Span::styled(" · loading…", theme.progress)),
            Loading::Failed(msg) => spans.push(Span::styled(format!(" · failed: {msg}"), theme.error)),
        }
        Line::from(spans)
    }
}
