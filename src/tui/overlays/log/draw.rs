//! Drawing the request log: a bordered table filling the area the caller gives, the
//! newest entry at the bottom. Column widths are computed here, in terminal cells
//! (`unicode-width`), so long ids and errors are shortened with an ellipsis instead of
//! being cut blindly.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Cell, Paragraph, Row, Table, TableState, Wrap};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::{Entry, RequestLog};
use crate::client::retry::retryable_status;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

const HEADERS: [&str; 7] = [
    "Time",
    "Method",
    "Path",
    "Status",
    "ms",
    "X-RequestId",
    "Error / X-ClientTraceId",
];
/// Cells between two columns.
const SPACING: u16 = 1;
/// The note column's share before the request id is shortened.
const MIN_NOTE: u16 = 16;

impl RequestLog {
    /// Draws the log over `area` (cleared first).
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.focus)
            .title(Span::styled(self.title(), theme.title));
        let inner = block.inner(area);
        frame.render_widget(Clear, area);
        frame.render_widget(block, area);
        if self.is_empty() {
            frame.render_widget(Paragraph::new(" No requests yet.").style(theme.muted), inner);
            return;
        }
        // The selected exchange's error, and the body the service answered
        // with, in full under the table.
        let mut inner = inner;
        let detail = self.selected().and_then(|i| self.entries().nth(i)).and_then(|e| {
            let r = &e.record;
            let text = [r.error.clone(), r.body.clone()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>();
            (!text.is_empty()).then(|| text.join("\n"))
        });
        if let Some(text) = detail {
            let width = inner.width.max(1);
            let rows: usize = text
                .lines()
                .map(|l| crate::tui::widgets::wrap::rows(l, width).len().max(1))
                .sum();
            let h = u16::try_from(rows + 1).unwrap_or(u16::MAX).min(inner.height / 2);
            let [table, below] = Layout::vertical([Constraint::Min(0), Constraint::Length(h)]).areas(inner);
            let block = Block::default()
                .borders(Borders::TOP)
                .border_style(theme.border)
                .title(Span::styled(" the answer in full ", theme.title));
            let para = Paragraph::new(text)
                .style(theme.error)
                .block(block)
                .wrap(Wrap { trim: false });
            frame.render_widget(para, below);
            inner = table;
        }
        let widths = column_widths(inner.width, self.entries());
        let header = HEADERS.map(|h| match h {
            "ms" => Cell::from(Line::from(h).right_aligned()),
            _ => Cell::from(h),
        });
        let header = Row::new(header).style(theme.title);
        let rows = self.entries().map(|e| row(e, &widths, theme));
        let table = Table::new(rows, widths.map(Constraint::Length))
            .header(header)
            .column_spacing(SPACING)
            .row_highlight_style(theme.selection);
        // Pinned to the tail; the highlight moves up inside the last page, then the
        // page follows it.
        let body = usize::from(inner.height.saturating_sub(1)).max(1);
        let tail = self.len().saturating_sub(body);
        let selected = self.selected();
        let offset = selected.map_or(tail, |s| s.min(tail));
        let mut state = TableState::new().with_offset(offset).with_selected(selected);
        frame.render_stateful_widget(table, inner, &mut state);
    }

    fn title(&self) -> String {
        let n = self.len();
        let count = match self.dropped() {
            0 if n == 1 => "1 request".to_owned(),
            0 => format!("{n} requests"),
            d => format!("newest {n} of {}", d + n as u64),
        };
        match self.selected() {
            Some(s) => format!(" Request log · {count} · at {} of {n} ", s + 1),
            None if n > 0 => format!(" Request log · {count} · following "),
            None => " Request log ".to_owned(),
        }
    }
}

/// The style of a status: answered well, retried by the client (or worth retrying),
/// or failed for good.
pub(super) fn status_style(status: Option<u16>, theme: &Theme) -> Style {
    match status {
        Some(s) if (200..300).contains(&s) || s == 304 => theme.ok,
        // No answer at all is retried like a 503.
        None => theme.warning,
        Some(s) if retryable_status(s) => theme.warning,
        Some(s) if s >= 400 => theme.error,
        Some(_) => theme.text,
    }
}

fn row<'a>(e: &'a Entry, widths: &[u16; 7], theme: &Theme) -> Row<'a> {
    let status = e.record.status.map_or_else(|| "—".to_owned(), |s| s.to_string());
    let id = e.record.request_id.as_deref().unwrap_or("—");
    let note = note(&e.record);
    Row::new([
        Cell::from(clock(e.at)),
        Cell::from(e.record.method.as_str()),
        Cell::from(e.record.path),
        Cell::from(Span::styled(status, status_style(e.record.status, theme))),
        Cell::from(Line::from(e.record.elapsed.as_millis().to_string()).right_aligned()),
        Cell::from(shorten_middle(id, widths[5])),
        Cell::from(Span::styled(shorten_end(&note, widths[6]), theme.muted)),
    ])
}

/// The last column: why no answer came, else the client trace id; a retry
/// says which attempt it was.
fn note(r: &crate::client::RequestRecord) -> String {
    let base = r.error.as_deref().unwrap_or(&r.client_trace_id);
    match r.attempt {
        0 | 1 => base.to_owned(),
        n => format!("attempt {n} · {base}"),
    }
}

/// `m:ss.d` since the start, or `h:mm:ss` after an hour.
fn clock(at: std::time::Duration) -> String {
    let secs = at.as_secs();
    if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}.{}", secs / 60, secs % 60, at.subsec_millis() / 100)
    }
}

/// Widths of the seven columns for `width` cells: fixed ones sized to their content,
/// then the request id and the note share the rest (the id first, up to its length).
fn column_widths<'a>(width: u16, entries: impl Iterator<Item = &'a Entry>) -> [u16; 7] {
    let cells = |s: &str| u16::try_from(s.width()).unwrap_or(u16::MAX);
    let mut w = HEADERS.map(cells);
    w[0] = w[0].max(7);
    w[3] = w[3].max(3);
    let (mut id, mut note) = (w[5], w[6]);
    for e in entries {
        w[0] = w[0].max(cells(&clock(e.at)));
        w[1] = w[1].max(cells(&e.record.method));
        w[2] = w[2].max(cells(e.record.path));
        w[4] = w[4].max(cells(&e.record.elapsed.as_millis().to_string()));
        id = id.max(e.record.request_id.as_deref().map_or(1, cells));
        note = note.max(cells(&self::note(&e.record)));
    }
    let fixed: u16 = w[..5].iter().sum::<u16>() + SPACING * 6;
    let rest = width.saturating_sub(fixed);
    // The id is what support asks for: whole if the note keeps a few cells, else at
    // least half of the room.
    w[5] = if id + note <= rest {
        id
    } else {
        id.min((rest / 2).max(rest.saturating_sub(note.min(MIN_NOTE))))
    };
    w[6] = rest - w[5];
    w
}

/// `s` in at most `width` cells, its middle replaced by `…` if it does not fit (ids
/// differ at both ends).
pub(super) fn shorten_middle(s: &str, width: u16) -> String {
    let width = usize::from(width);
    if s.width() <= width {
        return s.to_owned();
    }
    if width == 0 {
        return String::new();
    }
    let room = width - 1;
    let head = take_cells(s.chars(), room.div_ceil(2));
    // What the head could not use (a wide character that did not fit) goes to the tail.
    let tail_room = room - head.width();
    let tail: String = take_cells(s.chars().rev(), tail_room).chars().rev().collect();
    format!("{head}…{tail}")
}

/// `s` in at most `width` cells, ending in `…` if cut.
pub(super) fn shorten_end(s: &str, width: u16) -> String {
    let width = usize::from(width);
    if s.width() <= width {
        return s.to_owned();
    }
    if width == 0 {
        return String::new();
    }
    format!("{}…", take_cells(s.chars(), width - 1))
}

/// The leading characters of `chars` that fit in `width` cells.
fn take_cells(chars: impl Iterator<Item = char>, width: usize) -> String {
    let mut used = 0;
    chars
        .take_while(|c| {
            used += c.width().unwrap_or(0);
            used <= width
        })
        .collect()
}
