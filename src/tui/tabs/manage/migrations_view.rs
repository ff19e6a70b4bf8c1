//! Drawing the Migrations view: the start form, the bulk migrations of
//! availability sets (N of M done, a gauge per VM, a failure's reason in
//! full, wrapped), and the watched single migrations, two lines each —
//! what, how long, next poll; then a gauge.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::symbols;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, LineGauge, Paragraph, Wrap};

use super::migrations::{LIST, MigrationsView, WatchStatus, Watched};
use crate::client::manage::BulkState;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap;

/// `45 s`, `4m 05s`, `1h 02m`.
pub fn elapsed(secs: i64) -> String {
    let s = secs.max(0);
    match s {
        0..60 => format!("{s} s"),
        60..3600 => format!("{}m {:02}s", s / 60, s % 60),
        _ => format!("{}h {:02}m", s / 3600, s / 60 % 60),
    }
}

impl MigrationsView {
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let errors = self.fields.iter().filter(|f| f.error.is_some()).count();
        let form_h = u16::try_from(7 + errors + usize::from(self.editing)).unwrap_or(8);
        let [form, rest] = Layout::vertical([Constraint::Length(form_h), Constraint::Min(0)]).areas(area);
        let bulk_lines = self.bulk_lines(theme);
        let bulk_h = match bulk_lines.is_empty() {
            true => 0,
            false => {
                let width = rest.width.saturating_sub(2).max(1);
                let text = |l: &Line| l.spans.iter().map(|s| s.content.as_ref()).collect::<String>();
                let rows: usize = bulk_lines
                    .iter()
                    .map(|l| wrap::rows(&text(l), width).len().max(1))
                    .sum();
                u16::try_from(rows + 2)
                    .unwrap_or(u16::MAX)
                    .min(rest.height * 2 / 3)
            }
        };
        let [bulks, list] = Layout::vertical([Constraint::Length(bulk_h), Constraint::Min(0)]).areas(rest);
        if bulk_h > 0 {
            let block = Block::default()
                .borders(Borders::ALL)
                .border_style(theme.border)
                .title(Span::styled(" Availability sets ", theme.title));
            let text = Paragraph::new(bulk_lines).block(block).wrap(Wrap { trim: false });
            frame.render_widget(text, bulks);
        }
        let mut lines = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            let focused = i == self.focus;
            lines.push(f.line(theme, focused, focused && self.editing, 12));
            if let Some(e) = &f.error {
                lines.push(Line::styled(format!("{:>15}{e}", ""), theme.error));
            }
        }
        if self.editing {
            lines.push(Line::styled(
                "editing · Enter starts the migration (a set: all its VMs, or those named)",
                theme.muted,
            ));
        }
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if self.editing { theme.focus } else { theme.border })
            .title(Span::styled(" Migrate a VM to a scale set ", theme.title));
        frame.render_widget(Paragraph::new(lines).block(block), form);
        self.render_list(frame, list, theme);
    }

    fn render_list(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let focused = self.focus == LIST;
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if focused { theme.focus } else { theme.border })
            .title(Span::styled(
                format!(" Watched ({}) ", self.watched.len()),
                theme.title,
            ));
        let mut inner = block.inner(area);
        frame.render_widget(block, area);
        if self.watched.is_empty() {
            frame.render_widget(Line::styled("no migrations watched", theme.muted), inner);
            return;
        }
        // The selected migration's failure in full, wrapped, under the list.
        if let Some(WatchStatus::Failed(reason)) = self.watched.get(self.selected).map(|w| &w.status) {
            let text = format!("{}: {reason}", self.watched[self.selected].vm);
            let rows = wrap::rows(&text, inner.width.max(1)).len();
            let h = u16::try_from(rows).unwrap_or(u16::MAX).min(inner.height / 2);
            let [list, detail] = Layout::vertical([Constraint::Min(0), Constraint::Length(h)]).areas(inner);
            let why = Paragraph::new(Line::styled(text, theme.error)).wrap(Wrap { trim: false });
            frame.render_widget(why, detail);
            inner = list;
        }
        // Two lines per migration; keep the selected one in view.
        let fits = usize::from(inner.height / 2).max(1);
        let first = self.selected.saturating_sub(fits - 1);
        for (slot, (i, w)) in self.watched.iter().enumerate().skip(first).take(fits).enumerate() {
            let y = inner.y + u16::try_from(slot * 2).unwrap_or(u16::MAX);
            if y >= inner.bottom() {
                break;
            }
            let info = Rect::new(inner.x, y, inner.width, 1);
            let gauge = Rect::new(inner.x, y + 1, inner.width, u16::from(y + 1 < inner.bottom()));
            frame.render_widget(self.info_line(w, focused && i == self.selected, theme), info);
            frame.render_widget(gauge_of(w, theme), gauge);
        }
    }

    /// Each bulk: its counts, then a line per VM (a gauge while running,
    /// a failure's reason in full).
    fn bulk_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        let mut lines = Vec::new();
        for b in self.bulks() {
            lines.push(Line::styled(b.headline(), theme.title));
            for v in &b.vms {
                let (bar, state, style) = match &v.state {
                    BulkState::Pending => (gauge_text(0.0), "waiting".to_string(), theme.muted),
                    BulkState::Running { percent } => {
                        let p = percent.unwrap_or(0.0);
                        (gauge_text(p / 100.0), format!("{p:>3.0}%"), theme.progress)
                    }
                    BulkState::Succeeded => (gauge_text(1.0), "succeeded".to_string(), theme.ok),
                    BulkState::Failed { reason } => {
                        (gauge_text(0.0), format!("failed: {reason}"), theme.error)
                    }
                };
                lines.push(Line::from(vec![
                    Span::styled(format!("  {:<10} ", v.vm), theme.text),
                    Span::styled(bar, style),
                    Span::styled(format!(" {state}"), style),
                ]));
            }
        }
        lines
    }

    fn info_line<'a>(&self, w: &'a Watched, selected: bool, theme: &Theme) -> Line<'a> {
        let end = w.finished_at.unwrap_or(self.now);
        let (state, style) = match &w.status {
            WatchStatus::Running { .. } => ("running".to_string(), theme.progress),
            WatchStatus::Succeeded => ("succeeded".to_string(), theme.ok),
            WatchStatus::Failed(m) => (format!("failed: {m}"), theme.error),
        };
        let mut spans = vec![
            Span::styled(if selected { "▸ " } else { "  " }, theme.focus),
            Span::styled(
                w.vm.as_str(),
                if selected { theme.selection } else { theme.title },
            ),
            Span::styled("  ", theme.text),
            Span::styled(state, style),
            Span::styled(format!("  elapsed {}", elapsed(end - w.started_at)), theme.muted),
        ];
        if let Some(t) = w.next_poll {
            let left = t - self.now;
            let next = if left > 0 {
                format!("  next poll in {}", elapsed(left))
            } else {
                "  polling…".into()
            };
            spans.push(Span::styled(next, theme.muted));
        }
        Line::from(spans)
    }
}

/// A ten-cell bar for `ratio`.
fn gauge_text(ratio: f64) -> String {
    let filled = (ratio.clamp(0.0, 1.0) * 10.0).round() as usize;
    format!("{}{}", "█".repeat(filled), "░".repeat(10 - filled))
}

fn gauge_of<'a>(w: &Watched, theme: &Theme) -> LineGauge<'a> {
    let (ratio, label, style) = match &w.status {
        WatchStatus::Running { percent: Some(p) } => (p / 100.0, format!("{p:>5.1}%"), theme.progress),
        WatchStatus::Running { percent: None } => (0.0, "    ?%".to_string(), theme.progress),
        WatchStatus::Succeeded => (1.0, "  done".to_string(), theme.ok),
        WatchStatus::Failed(_) => (0.0, "failed".to_string(), theme.error),
    };
    LineGauge::default()
        .ratio(ratio.clamp(0.0, 1.0))
        .label(Span::styled(format!("  {label} "), style))
        .filled_style(style)
        .unfilled_style(theme.muted)
        .filled_symbol(symbols::line::THICK_HORIZONTAL)
}
