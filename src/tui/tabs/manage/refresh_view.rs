//! Drawing the Refresh view: the form with inline errors, the refreshes
//! followed (one line each: when, project, target, status), and the last
//! submit's result above the selected refresh's timeline and its reason,
//! all wrapped (nothing cut at the pane's edge).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::refresh::{LIST, RefreshResult, RefreshView};
use super::refresh_follow::Followed;
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
        let list_h = u16::try_from(self.followed.len().clamp(1, 6) + 2).unwrap_or(8);
        let [form, list, result] = Layout::vertical([
            Constraint::Length(form_h),
            Constraint::Length(list_h),
            Constraint::Min(0),
        ])
        .areas(area);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if self.editing { theme.focus } else { theme.border })
            .title(Span::styled(" Database refresh ", theme.title));
        frame.render_widget(Paragraph::new(lines).block(block), form);
        self.render_list(frame, list, theme);
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(Span::styled(" Result · y copies it ", theme.title));
        frame.render_widget(
            Paragraph::new(self.result_lines(theme))
                .block(block)
                .wrap(Wrap { trim: false }),
            result,
        );
    }

    fn render_list(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let focused = self.focus == LIST;
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if focused { theme.focus } else { theme.border })
            .title(Span::styled(
                format!(" Followed ({}) ", self.followed.len()),
                theme.title,
            ));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if self.followed.is_empty() {
            frame.render_widget(Line::styled("no refresh followed", theme.muted), inner);
            return;
        }
        let fits = usize::from(inner.height).max(1);
        let first = self.selected.saturating_sub(fits - 1);
        let lines: Vec<Line> = (self.followed.iter().enumerate().skip(first).take(fits))
            .map(|(i, f)| list_line(f, focused && i == self.selected, theme))
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
    }

    fn result_lines(&self, theme: &Theme) -> Vec<Line<'_>> {
        let label = |s: &'static str| Span::styled(format!("{s:>10} "), theme.muted);
        let mut lines = match &self.result {
            RefreshResult::None => Vec::new(),
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
            RefreshResult::Accepted { .. } => Vec::new(),
        };
        match self.selected() {
            Some(f) => {
                if !lines.is_empty() {
                    lines.push(Line::default());
                }
                lines.extend(followed_lines(f, theme));
            }
            None if lines.is_empty() => lines.push(Line::styled("nothing sent yet", theme.muted)),
            None => {}
        }
        lines
    }
}

/// A followed refresh in the list: when, project, target, its status.
fn list_line<'a>(f: &'a Followed, selected: bool, theme: &Theme) -> Line<'a> {
    let (status, style) = match f.status() {
        Some(s) => (format!("{s:?}"), status_style(s, theme)),
        None if f.is_final() => ("not followed".into(), theme.error),
        None => ("accepted".into(), theme.progress),
    };
    Line::from(vec![
        Span::styled(if selected { "▸ " } else { "  " }, theme.focus),
        Span::styled(
            clock(f.started_at),
            if selected { theme.selection } else { theme.muted },
        ),
        Span::styled(
            format!("  project {} → {}  ", f.project_id, short(&f.target)),
            theme.text,
        ),
        Span::styled(status, style),
    ])
}

/// The first block of a GUID (`5362377c…`).
fn short(id: &str) -> String {
    match id.split_once('-') {
        Some((head, _)) => format!("{head}…"),
        None => id.to_owned(),
    }
}

fn status_style(s: OperationStatus, theme: &Theme) -> ratatui::style::Style {
    match s {
        s if !s.is_final() => theme.progress,
        OperationStatus::Completed | OperationStatus::SignedOff | OperationStatus::RollbackCompleted => {
            theme.ok
        }
        _ => theme.error,
    }
}

/// A followed refresh in full: its operation, the statuses seen with their
/// times, and why it ended (wrapped by the caller's paragraph).
fn followed_lines<'a>(f: &'a Followed, theme: &Theme) -> Vec<Line<'a>> {
    let label = |s: &'static str| Span::styled(format!("{s:>10} "), theme.muted);
    let mut lines = vec![
        Line::from(vec![
            label("Activity"),
            Span::styled(f.activity.as_str(), theme.text),
        ]),
        Line::from(vec![
            label("Refresh"),
            Span::styled(
                format!("project {}: {} → {}", f.project_id, f.source, f.target),
                theme.text,
            ),
        ]),
    ];
    if f.timeline.is_empty() && !f.is_final() {
        lines.push(Line::styled(
            "accepted · waiting for the first status…",
            theme.progress,
        ));
    }
    let last = f.timeline.len().saturating_sub(1);
    for (i, step) in f.timeline.iter().enumerate() {
        let style = status_style(step.status, theme);
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
            let since = super::migrations_view::elapsed(step.at - f.started_at);
            spans.push(Span::styled(format!("  +{since}"), theme.muted));
        }
        if is_final {
            spans.push(Span::styled("  final", theme.muted));
        }
        lines.push(Line::from(spans));
    }
    if let Some(reason) = f.reason() {
        lines.push(Line::from(vec![
            label("Reason"),
            Span::styled(reason, theme.error),
        ]));
    }
    lines
}
