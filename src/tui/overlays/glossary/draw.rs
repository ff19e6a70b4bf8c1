//! Drawing the glossary overlay: a centred box with the entries of the
//! current pairs (or all), the selected one in the selection role; the form
//! in place of the list while adding or editing; the question before a
//! delete; and a line saying why the glossary is idle, when it is.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};
use unicode_width::UnicodeWidthStr;

use super::form::{CASE, Form};
use super::{GlossaryPopup, Mode, Pair};
use crate::store::glossary::GlossaryEntry;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;
use crate::tui::widgets::wrap::fit;

/// Entry rows shown at once.
const ROWS: usize = 12;

impl GlossaryPopup {
    /// Draws the overlay centred in `area`.
    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        entries: &[GlossaryEntry],
        pair: Pair,
        theme: &Theme,
    ) {
        let width = 84.min(area.width);
        let inner_width = usize::from(width.saturating_sub(2));
        let mut lines = match &self.mode {
            Mode::Form(form) => form_lines(form, theme),
            _ => self.list_lines(entries, pair, inner_width, theme),
        };
        if let Mode::Confirm { label, .. } = &self.mode {
            lines.push(Line::raw(""));
            lines.push(Line::styled(
                format!(" Delete {label}? y/Enter deletes · n/Esc keeps it"),
                theme.warning,
            ));
        }
        if pair.from.is_none() {
            lines.push(Line::styled(
                " Source is auto: the glossary applies once a source language is chosen.",
                theme.warning,
            ));
        }
        let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        let title = match (&self.mode, self.all) {
            (Mode::Form(f), _) if f.is_edit() => " Glossary · edit entry ".to_owned(),
            (Mode::Form(_), _) => " Glossary · new entry ".to_owned(),
            (_, true) => " Glossary · all pairs ".to_owned(),
            (_, false) => format!(" Glossary · {} ", pair_label(pair)),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.focus)
            .title(Span::styled(title, theme.title));
        frame.render_widget(Clear, popup);
        frame.render_widget(Paragraph::new(lines).block(block), popup);
    }

    fn list_lines(
        &self,
        entries: &[GlossaryEntry],
        pair: Pair,
        width: usize,
        theme: &Theme,
    ) -> Vec<Line<'static>> {
        let visible = self.visible(entries, pair);
        let mut lines = Vec::new();
        if visible.is_empty() {
            let what = if self.all {
                "The glossary is empty.".to_owned()
            } else {
                format!("No entries for {}.", pair_label(pair))
            };
            lines.push(Line::styled(
                format!(" {what} a adds one; p shows all pairs."),
                theme.muted,
            ));
        }
        let first = self.selected.saturating_sub(ROWS - 1);
        for (i, e) in visible.iter().enumerate().skip(first).take(ROWS) {
            let line = entry_line(e, width, theme);
            lines.push(if i == self.selected {
                line.style(theme.selection)
            } else {
                line
            });
        }
        if visible.len() > ROWS {
            lines.push(Line::styled(
                format!(" {} of {}", self.selected + 1, visible.len()),
                theme.muted,
            ));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            " a add · e/Enter edit · d delete · p all pairs · Esc close",
            theme.muted,
        ));
        lines
    }
}

/// `en→fr  term  → translation  Aa  note`, cut to `width` cells.
fn entry_line(e: &GlossaryEntry, width: usize, theme: &Theme) -> Line<'static> {
    let pair = format!(" {:<12}", format!("{}→{}", e.from, e.to));
    let term = format!("{} ", fit(&e.term, 24));
    let arrow = "→ ";
    let translation = format!("{} ", fit(&e.translation, 24));
    let case = if e.case_sensitive { "Aa " } else { "" };
    let used = pair.width() + term.width() + arrow.width() + translation.width() + case.width();
    let note = fit(&e.note, width.saturating_sub(used + 1));
    Line::from(vec![
        Span::styled(pair, theme.muted),
        Span::styled(term, theme.glossary),
        Span::styled(arrow, theme.muted),
        Span::raw(translation),
        Span::styled(case, theme.warning),
        Span::styled(note, theme.muted),
    ])
}

fn form_lines(form: &Form, theme: &Theme) -> Vec<Line<'static>> {
    let mut lines = vec![Line::raw("")];
    for (i, f) in form.fields.iter().enumerate() {
        let focused = form.focus == i;
        lines.push(owned(f.line(theme, focused, focused, 12)));
        if let Some(e) = &f.error {
            lines.push(Line::styled(format!("{:>15}{e}", ""), theme.error));
        }
    }
    let focused = form.focus == CASE;
    let label_style = if focused { theme.focus } else { theme.muted };
    let mark = if form.case_sensitive { "[x]" } else { "[ ]" };
    lines.push(Line::from(vec![
        Span::styled(format!("{:>12} ", "Case"), label_style),
        Span::styled(if focused { "▸ " } else { "  " }, theme.focus),
        Span::styled(
            format!("{mark} match the term only as written (else in any case)"),
            theme.text,
        ),
    ]));
    lines.push(Line::raw(""));
    if !form.is_edit() {
        lines.push(Line::styled(
            " An entry of the same pair and term is replaced.",
            theme.muted,
        ));
    }
    lines.push(Line::styled(
        " Enter saves · Tab/↑↓ next field · Space toggles case · Esc cancels",
        theme.progress,
    ));
    lines
}

fn owned(line: Line<'_>) -> Line<'static> {
    Line::from(
        line.spans
            .into_iter()
            .map(|s| Span::styled(s.content.into_owned(), s.style))
            .collect::<Vec<_>>(),
    )
}

/// `from → to, to…`, or the targets alone with auto.
pub(crate) fn pair_label(pair: Pair) -> String {
    let targets = pair.targets.join(", ");
    match pair.from {
        Some(f) => format!("{f} → {targets}"),
        None => format!("auto → {targets}"),
    }
}
