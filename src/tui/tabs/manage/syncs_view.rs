//! Drawing the Syncs view: the header line (share, remaining reads,
//! auto-refresh, paging), the filter line, the table, and under it the
//! selected sync's every field beside a sparkline of the durations of the
//! visible rows in time order.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Sparkline, Wrap};

use super::syncs::{FilterMode, SyncColumns, SyncsView, duration_text, status_style};
use crate::api::manage::ShareSynchronization;
use crate::tui::feedback::{Scroller, Shown};
use crate::tui::widgets::table::{DataTable, Loading, SortKey, sort_compare};
use crate::tui::widgets::theme::Theme;

/// The table's least height: borders, the header, seven rows, the count.
const TABLE_MIN: u16 = 11;
/// The detail's and sparkline's height when there is room: every field.
const DETAIL: u16 = 12;
/// Under this, the detail (four fields) and the sparkline are left out.
const DETAIL_MIN: u16 = 6;

impl SyncsView {
    /// Draws the view; how its table (or the run shown in full) was scrolled.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) -> Option<(Scroller, Shown)> {
        // The table first: the detail and the sparkline get what is left over
        // TABLE_MIN rows (up to DETAIL rows), and are left out under DETAIL_MIN.
        let left = area.height.saturating_sub(2 + TABLE_MIN);
        let detail_h = if left >= DETAIL_MIN { left.min(DETAIL) } else { 0 };
        let [header, filter, table, bottom] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(detail_h),
        ])
        .areas(area);
        frame.render_widget(self.header(theme), header);
        frame.render_widget(self.filter_line(theme), filter);
        if let Some((view, run)) = self.detail.as_ref().zip(self.table.selected()) {
            let full = table.union(bottom);
            return Some((
                Scroller::SyncDetail,
                super::sync_detail::render(frame, full, run, view, theme),
            ));
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(Span::styled(
                format!(" Synchronizations of {} ", self.share),
                theme.title,
            ))
            .title_bottom(self.counts_line(theme).right_aligned());
        let inner = block.inner(table);
        frame.render_widget(block, table);
        let shown = self
            .table
            .render(frame, inner, theme)
            .map(|s| (Scroller::Syncs, s));
        if detail_h > 0 {
            let [detail, spark] =
                Layout::horizontal([Constraint::Percentage(62), Constraint::Percentage(38)]).areas(bottom);
            self.render_detail(frame, detail, theme);
            self.render_sparkline(frame, spark, theme);
        }
        shown
    }

    fn header(&self, theme: &Theme) -> Line<'_> {
        let sep = || Span::styled(" · ", theme.muted);
        let mut spans = Vec::new();
        match self.remaining_reads {
            Some(n) => spans.push(Span::styled(format!("remaining reads: {n}"), theme.text)),
            None => spans.push(Span::styled("remaining reads: ?", theme.muted)),
        }
        spans.push(sep());
        if self.paused {
            spans.push(Span::styled("paused", theme.warning));
        } else {
            spans.push(Span::styled(
                format!("every {} s", self.interval.as_secs()),
                theme.progress,
            ));
        }
        if self.pages() > 0 {
            spans.push(sep());
            let more = if self.next_link().is_some() {
                "more available"
            } else {
                "all loaded"
            };
            spans.push(Span::styled(
                format!("page {} loaded · {more}", self.pages()),
                theme.muted,
            ));
        }
        Line::from(spans)
    }

    /// The visible runs by status ("21 succeeded · 4 failed"), for the
    /// table's bottom border.
    fn counts_line(&self, theme: &Theme) -> Line<'static> {
        let mut spans = vec![Span::raw(" ")];
        for (i, (status, n)) in status_counts(&self.table).into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" · ", theme.muted));
            }
            let style = status_style(Some(&status), theme);
            spans.push(Span::styled(format!("{n} {}", words(&status)), style));
        }
        spans.push(Span::raw(" "));
        match spans.len() {
            2 => Line::default(),
            _ => Line::from(spans),
        }
    }

    fn filter_line(&self, theme: &Theme) -> Line<'_> {
        if self.filter_editing() {
            let mut line = self.filter_field().line(theme, true, true, 6);
            let how = if super::syncs::is_odata(self.filter_field().text()) {
                "  (Enter: sent as $filter)"
            } else {
                "  (Enter: local)"
            };
            line.spans.push(Span::styled(how, theme.muted));
            return line;
        }
        match self.filter_mode() {
            FilterMode::None => Line::styled("filter: none (/ to filter)", theme.muted),
            FilterMode::Local(t) => Line::from(vec![
                Span::styled("filter ", theme.muted),
                Span::styled(t.as_str(), theme.matched),
                Span::styled("  local", theme.muted),
            ]),
            FilterMode::Server(t) => Line::from(vec![
                Span::styled("filter ", theme.muted),
                Span::styled(t.as_str(), theme.matched),
                Span::styled("  sent as $filter", theme.muted),
            ]),
        }
    }

    fn render_detail(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(Span::styled(" Detail ", theme.title));
        let mut lines = match self.table.selected() {
            Some(s) => detail_lines(s, theme),
            None => vec![Line::styled("nothing selected", theme.muted)],
        };
        // The last load's failure in full (the table's footer has one line).
        if let Loading::Failed(e) = &self.table.loading {
            lines.insert(0, Line::styled(format!("last load failed: {e}"), theme.error));
        }
        frame.render_widget(
            Paragraph::new(lines).block(block).wrap(Wrap { trim: false }),
            area,
        );
    }

    fn render_sparkline(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let points = &self.durations;
        let max = points.iter().flatten().copied().max().unwrap_or(0);
        let title = format!(
            " Duration, time order · max {} ",
            duration_text(i32::try_from(max).unwrap_or(i32::MAX))
        );
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(Span::styled(title, theme.title));
        // The newest that fit.
        let fit = usize::from(area.width.saturating_sub(2));
        let skip = points.len().saturating_sub(fit);
        frame.render_widget(
            Sparkline::default()
                .block(block)
                .data(&points[skip..])
                .style(theme.progress),
            area,
        );
    }
}

/// A status as words: `InProgress` → `in progress`.
fn words(status: &str) -> String {
    let mut out = String::new();
    for (i, c) in status.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// The visible rows by status, most first (a status the service did not
/// give counts as "unknown").
pub(super) fn status_counts(table: &DataTable<SyncColumns>) -> Vec<(String, usize)> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for s in table.visible() {
        let status = s.status.clone().unwrap_or_else(|| "unknown".into());
        match counts.iter_mut().find(|(k, _)| *k == status) {
            Some((_, n)) => *n += 1,
            None => counts.push((status, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    counts
}

/// The durations of the visible rows in start-time order (for the sparkline),
/// derived when rows or the filter change.
pub(super) fn durations_in_time_order(table: &DataTable<SyncColumns>) -> Vec<Option<u64>> {
    let mut points: Vec<(SortKey, Option<u64>)> = table
        .visible()
        .map(|s| {
            let key = SortKey::time(s.start_time.as_deref());
            (key, s.duration_ms.and_then(|d| u64::try_from(d).ok()))
        })
        .collect();
    points.sort_by(|a, b| sort_compare(&a.0, &b.0, false));
    points.into_iter().map(|p| p.1).collect()
}

fn detail_lines<'a>(s: &'a ShareSynchronization, theme: &Theme) -> Vec<Line<'a>> {
    let field = |label: &'static str, value: Option<&'a str>, style| {
        Line::from(vec![
            Span::styled(format!("{label:>15} "), theme.muted),
            match value {
                Some(v) => Span::styled(v, style),
                None => Span::styled("—", theme.muted),
            },
        ])
    };
    let text = theme.text;
    let duration = s.duration_ms.map(|d| format!("{} ({d} ms)", duration_text(d)));
    vec![
        field("Sync id", s.synchronization_id.as_deref(), text),
        field(
            "Status",
            s.status.as_deref(),
            status_style(s.status.as_deref(), theme),
        ),
        field("Mode", s.synchronization_mode.map(|m| m.as_str()), text),
        field("Start", s.start_time.as_deref(), text),
        field("End", s.end_time.as_deref(), text),
        Line::from(vec![
            Span::styled(format!("{:>15} ", "Duration"), theme.muted),
            Span::styled(duration.unwrap_or_else(|| "—".into()), text),
        ]),
        field("Consumer", s.consumer_name.as_deref(), text),
        field("Consumer email", s.consumer_email.as_deref(), text),
        field("Tenant", s.consumer_tenant_name.as_deref(), text),
        field("Message", s.message.as_deref(), text),
    ]
}
