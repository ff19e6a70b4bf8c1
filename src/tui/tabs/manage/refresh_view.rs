//! Drawing the Refresh view: the form with inline errors above the result
//! (the refusal, or the followed status timeline with the final state lit).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::refresh::{RefreshResult, RefreshView};
use crate::api::manage::OperationStatus;
use crate::tui::widgets::theme::Theme;

/// `HH:MM:SS` (UTC) of unix seconds.
pub fn clock(at: i64) -> String {
    let s = at.rem_euclid(86_400);
    format!("{:02}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

impl RefreshView {
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let mut lines = Vec::new();
        for (i, f) in self.fields.iter().enumerate() {
            let focused = i == self.focus;
            lines.push(f.line(theme, focused, focused && self.editing, 11));
            if let Some(e) = &f.error {
                lines.push(Line::styled(format!("{:>14}{e}", ""), theme.error));
            }
        }
        if let Some(e) = &self.form_error {
            lines.push(Line::styled(format!("{:>14}{e}", ""), theme.error));
        }
        if self.editing {
            lines.push(Line::styled("editing · Enter sends", theme.muted));
        }
        let form_h = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
        let [form, result] = Layout::vertical([Constraint::Length(form_h), Constraint::Min(0)]).areas(area);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if self.editing { theme.focus } else { theme.border })
            .title(Span::styled(" Database refresh ", theme.title));
        frame.render_widget(Paragraph::new(lines).block(block), form);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(Span::styled(" Result ", theme.title));
        frame.render_widget(
            Paragraph::new(self.result_lines(theme))
                .block(block)
                .wrap(Wrap { trim: false }),
            result,
        );
    }

    fn result_lines(&self, theme: &Theme) -> Vec<Line<'_>> {
        let label = |s: &'static str| Span::styled(format!("{s:>10} "), theme.muted);
        match &self.result {
            RefreshResult::None => vec![Line::styled("nothing sent yet", theme.muted)],
            RefreshResult::Sending => vec![Line::styled("sending…", theme.progress)],
            RefreshResult::Failed(e) => vec![Line::styled(format!("request failed: {e}"), theme.error)],
            RefreshResult::Rejected { message, activity } => vec![
                Line::from(vec![
                    label("Refused"),
                    Span::styled(message.as_str(), theme.error),
                ]),
                Line::from(vec![
                    label("Activity"),
                    Span::styled(activity.as_deref().unwrap_or("—"), theme.text),
                ]),
            ],
            RefreshResult::Accepted { activity, timeline } => {
                let mut lines = vec![Line::from(vec![
                    label("Activity"),
                    Span::styled(activity.as_deref().unwrap_or("—"), theme.text),
                ])];
                if timeline.is_empty() {
                    lines.push(Line::styled(
                        "accepted · waiting for the first status…",
                        theme.progress,
                    ));
                }
                let last = timeline.len().saturating_sub(1);
                let t0 = timeline.first().map_or(0, |s| s.at);
                for (i, step) in timeline.iter().enumerate() {
                    let style = match step.status {
                        s if !s.is_final() => theme.progress,
                        OperationStatus::Completed
                        | OperationStatus::SignedOff
                        | OperationStatus::RollbackCompleted => theme.ok,
                        _ => theme.error,
                    };
                    let is_final = i == last && step.status.is_final();
                    let marker = if i == last { "●" } else { "○" };
                    let mut spans = vec![
                        Span::styled(format!("{:>10} ", clock(step.at)), theme.muted),
                        Span::styled(format!("{marker} "), style),
                        Span::styled(
                            format!("{:?}", step.status),
                            if is_final { style.patch(theme.title) } else { style },
                        ),
                    ];
                    if i > 0 {
                        let since = super::migrations_view::elapsed(step.at - t0);
                        spans.push(Span::styled(format!("  +{since}"), theme.muted));
                    }
                    if is_final {
                        spans.push(Span::styled("  final", theme.muted));
                    }
                    if let Some(m) = &step.message {
                        spans.push(Span::styled(format!("  {m}"), theme.error));
                    }
                    lines.push(Line::from(spans));
                }
                lines
            }
        }
    }
}
