//! Drawing the workbench from its state. Borrows, never mutates, never waits.
//!
//! Layout, top to bottom: the tab line; the source editor; the target panes
//! side by side (stacked when the terminal is narrow); the status line; the
//! key hints. Below 40×10 only a note asking for a bigger terminal is drawn.

use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::State;
use super::align::PaneHighlight;
use super::app::Loading;
use super::keymap::Context;

pub fn draw(frame: &mut Frame, state: &State) {
    let area = frame.area();
    if area.width < 40 || area.height < 10 {
        let note = Paragraph::new("Glossa needs at least 40×10.\nEnlarge the terminal; Ctrl+C quits.")
            .wrap(Wrap { trim: true });
        frame.render_widget(note, area);
        return;
    }
    let [tabs, editor, targets, status, hints] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Percentage(35),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    frame.render_widget(
        Line::from(vec![
            Span::styled(" Glossa ", state.theme.title),
            Span::styled("[1 Translate]", state.theme.tab_active),
        ]),
        tabs,
    );
    draw_editor(frame, state, editor);
    draw_targets(frame, state, targets);
    draw_status(frame, state, status);
    let hint: Vec<String> = state
        .keymap
        .hints(&state.contexts())
        .iter()
        .filter(|h| State::handles(h.action))
        .take(8)
        .map(|h| format!("{} {}", h.keys, h.description))
        .collect();
    frame.render_widget(Line::styled(hint.join(" · "), state.theme.muted), hints);
    if state.help {
        draw_help(frame, state, area);
    }
}

/// The `?` overlay: every binding by context, from the keymap itself.
fn draw_help(frame: &mut Frame, state: &State, area: Rect) {
    let popup = area.inner(ratatui::layout::Margin::new(area.width / 8, area.height / 8));
    let mut lines = Vec::new();
    for (context, hints) in state.keymap.help() {
        let hints: Vec<_> = hints.into_iter().filter(|h| State::handles(h.action)).collect();
        let live = matches!(
            context,
            Context::Global | Context::Translate | Context::Editor | Context::Targets | Context::Popup
        );
        if hints.is_empty() || !live {
            continue;
        }
        lines.push(Line::styled(context.title(), state.theme.title));
        for h in hints {
            lines.push(Line::from(format!("  {:14} {}", h.keys, h.description)));
        }
    }
    let block = Block::default()
        .borders(Borders::ALL)
        .title(" Keys (Esc or ? closes) ");
    frame.render_widget(ratatui::widgets::Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(block).wrap(Wrap { trim: false }),
        popup,
    );
}

fn draw_editor(frame: &mut Frame, state: &State, area: Rect) {
    frame.render_widget(&state.editor, area);
}

/// The editor's frame: its title names the source language (or what was
/// detected) and its border shows the focus. Set before drawing, since the
/// editor widget carries its own block.
pub fn decorate_editor(state: &mut State) {
    let t = &state.translate;
    let from = match (
        &t.from,
        t.results.as_ref().and_then(|r| r.detected_language.as_ref()),
    ) {
        (Some(f), _) => f.clone(),
        (None, Some(d)) => format!("auto: {} {:.2}", d.language, d.score),
        (None, None) => "auto".to_owned(),
    };
    let style = if state.editing {
        state.theme.focus
    } else {
        state.theme.muted
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" Source ({from}) "))
        .border_style(style);
    state.editor.set_block(block);
}

fn draw_targets(frame: &mut Frame, state: &State, area: Rect) {
    let t = &state.translate;
    let n = t.targets.len().max(1);
    let direction = if area.width >= 30 * n as u16 {
        Direction::Horizontal
    } else {
        Direction::Vertical
    };
    let panes = Layout::default()
        .direction(direction)
        .constraints(vec![Constraint::Ratio(1, n as u32); n])
        .split(area);
    for (i, code) in t.targets.iter().enumerate() {
        let found = t
            .results
            .as_ref()
            .and_then(|r| r.translations.iter().enumerate().find(|(_, tr)| &tr.to == code));
        let pane = found.and_then(|(k, _)| t.highlight.as_ref().and_then(|h| h.targets.get(k)));
        let mut lines: Vec<Line> = match found {
            Some((_, tr)) => lit_lines(
                &tr.text,
                pane.map_or(&[], PaneHighlight::spans),
                state.theme.align_highlight,
            ),
            None => vec![Line::styled("(nothing yet)", state.theme.muted)],
        };
        if let Some(tl) = found.and_then(|(_, tr)| tr.transliteration.as_ref()) {
            lines.push(Line::styled(
                format!("{} ({})", tl.text, tl.script),
                state.theme.muted,
            ));
        }
        let note = match pane {
            Some(PaneHighlight::Unavailable) => " · no alignment",
            Some(PaneHighlight::NoCounterpart) => " · no counterpart",
            _ => "",
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .title(format!(" {code}{note} "));
        frame.render_widget(
            Paragraph::new(lines).block(block).wrap(Wrap { trim: false }),
            panes[i],
        );
    }
}

/// `text` as lines, with the byte ranges in `lit` shown highlighted.
fn lit_lines(text: &str, lit: &[std::ops::Range<usize>], on: Style) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let end = start + line.len();
        let mut spans = Vec::new();
        let mut at = start;
        for r in lit.iter().filter(|r| r.start < end && r.end > start) {
            let (a, b) = (r.start.max(start), r.end.min(end));
            if a > at {
                spans.push(Span::raw(text.get(at..a).unwrap_or("").to_owned()));
            }
            if let Some(piece) = text.get(a..b) {
                spans.push(Span::styled(piece.to_owned(), on));
            }
            at = b;
        }
        if at < end {
            spans.push(Span::raw(text.get(at..end).unwrap_or("").to_owned()));
        }
        lines.push(Line::from(spans));
        start = end + 1;
    }
    lines
}

fn draw_status(frame: &mut Frame, state: &State, area: Rect) {
    let t = &state.translate;
    let mut spans = vec![Span::raw(format!(" {} ", state.service))];
    match &t.loading {
        Loading::Idle if t.metered > 0 => spans.push(Span::styled(
            format!("· {} characters metered ", t.metered),
            state.theme.muted,
        )),
        Loading::Idle => {}
        Loading::Waiting => spans.push(Span::raw("· translating… ")),
        Loading::Failed(e) => spans.push(Span::styled(format!("· {e}"), state.theme.error)),
    }
    if let Some(n) = &state.notice {
        spans.push(Span::styled(format!("· {n}"), state.theme.error));
    }
    frame.render_widget(Line::from(spans), area);
}
