//! Drawing the workbench from its state. Borrows the state and its theme,
//! never waits; the only writes are the `Cell`s that keep a pane's cursor in
//! sight and the hit map for the mouse (both known only while drawing).
//!
//! Layout, top to bottom: the tab line; the source (the editor, or a
//! read-only view with its highlights when a target has the focus); the
//! target panes side by side (stacked when narrow), all sized by their text
//! (layout.rs); the status line; the key
//! hints. Toasts float above the status line, overlays over everything (each
//! cleared with wide::Clear); every frame ends with wide::mark_hidden.
//! Below 40×10 only a note asking for a bigger terminal is drawn.

mod layout;
#[cfg(test)]
mod layout_tests;
mod marks;
mod panes;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod wide_tests;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::feedback::{Feedback, Scroller};
use super::keymap::{Action, Context};
use super::state::{Overlay, State, Tab};
use super::tabs::translate::Loading;
use super::widgets::toast::Kind;
use super::widgets::wide::Clear;
use super::widgets::wrap::fit;

pub use panes::split_panes;

/// Draws the workbench from `state`, which it only reads; returns where
/// things went (the next update's mouse targets and page sizes).
pub fn draw(frame: &mut Frame, state: &State) -> Feedback {
    let feedback = draw_all(frame, state);
    super::widgets::wide::mark_hidden(frame.buffer_mut());
    feedback
}

fn draw_all(frame: &mut Frame, state: &State) -> Feedback {
    let mut feedback = Feedback::default();
    let area = frame.area();
    if area.width < 40 || area.height < 10 {
        let note = Paragraph::new("Glossa needs at least 40×10.\nEnlarge the terminal; Ctrl+C quits.")
            .wrap(Wrap { trim: true });
        frame.render_widget(note, area);
        return feedback;
    }
    let [tabs, body, status, hints] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let theme = &state.theme;
    let mut line = vec![Span::styled(" Glossa ", theme.title)];
    for (tab, key, title) in Tab::SHOWN {
        line.push(theme.tab_label(&format!("{key} {title}"), tab == state.tab));
    }
    frame.render_widget(Line::from(line), tabs);
    // The History view covers the whole tab: what it would hide is not drawn.
    let covered = matches!(state.overlay, Some(Overlay::History(_)));
    if !covered {
        match state.tab_component() {
            Some(tab) => {
                let shared = state.shared();
                tab.draw(frame, body, &shared, &mut feedback);
                tab.draw_status(frame, status, &shared);
            }
            None => {
                let (source, targets) = layout::translate(state, body);
                panes::draw_source(frame, state, source, &mut feedback);
                panes::draw_targets(frame, state, &targets, &mut feedback);
                draw_status(frame, state, status);
            }
        }
    }
    let contexts = match &state.overlay {
        // The glossary's list: its own table over the popup's (Esc/q close it).
        Some(Overlay::Glossary(p)) if !p.takes_text() => p.contexts(),
        Some(_) => state.contexts().into_iter().take(1).collect(),
        None => state.contexts(),
    };
    let hint: Vec<String> = state
        .keymap
        .hints(&contexts)
        .iter()
        .filter(|h| state.shows(h.action))
        .map(|h| format!("{} {}", h.keys, h.description))
        .collect();
    frame.render_widget(
        Line::styled(fit(&hint.join(" · "), usize::from(hints.width)), theme.muted),
        hints,
    );
    draw_toasts(frame, state, body);
    match &state.overlay {
        Some(Overlay::Help(view)) => {
            let shown = super::overlays::help::draw(frame, state, view, area);
            feedback.shown(Scroller::Help, shown);
        }
        Some(Overlay::Picker(p, _)) => p.render(frame, area, theme),
        Some(Overlay::Options(p)) => p.render(frame, area, theme),
        Some(Overlay::Glossary(p)) => p.render(frame, area, &state.glossary, state.glossary_pair(), theme),
        Some(Overlay::Log) => {
            let popup = area.inner(Margin::new(1, 1));
            frame.render_widget(Clear, popup);
            state.log.render(frame, popup, theme);
        }
        // The whole tab, between the tab line and the key hints.
        Some(Overlay::History(h)) => {
            if let Some(shown) = h.render(frame, body.union(status), theme) {
                feedback.shown(Scroller::History, shown);
            }
        }
        Some(Overlay::Alternatives(p)) => {
            let hints: Vec<String> = state
                .keymap
                .hints(&[Context::Alternatives])
                .iter()
                .filter(|h| matches!(h.action, Action::LookupWord | Action::Back))
                .map(|h| format!("{} {}", h.keys, h.description))
                .collect();
            let name =
                |code: Option<&String>| code.map_or(String::new(), |c| panes::language_short(state, c));
            let pair = p.pair.as_ref();
            let ctx = super::overlays::alternatives::Ctx {
                theme,
                anchor: panes::word_anchor(state, &feedback, p.pane, p.at.start).unwrap_or((body.x, body.y)),
                names: (name(pair.map(|p| &p.from)), name(pair.map(|p| &p.to))),
                hints: hints.join(" · "),
            };
            let shown = p.render(frame, body, &ctx);
            feedback.shown(Scroller::Alternatives, shown);
        }
        None => {}
    }
    feedback
}

/// Newest toast lowest, right-aligned above the status line.
fn draw_toasts(frame: &mut Frame, state: &State, area: Rect) {
    let theme = &state.theme;
    let mut y = area.bottom();
    for toast in state.toasts.iter().collect::<Vec<_>>().into_iter().rev() {
        if y <= area.y {
            break;
        }
        y -= 1;
        let text = fit(
            &format!(" {} ", toast.text),
            usize::from(area.width.saturating_sub(2)),
        );
        let w = (text.width() as u16).min(area.width);
        let rect = Rect::new(area.right().saturating_sub(w + 1), y, w, 1);
        let style = match toast.kind {
            Kind::Info => theme.toast,
            Kind::Ok => theme.toast.patch(theme.ok),
            Kind::Error => theme.toast.patch(theme.error),
        };
        frame.render_widget(Clear, rect);
        frame.render_widget(Line::styled(text, style), rect);
    }
}

fn draw_status(frame: &mut Frame, state: &State, area: Rect) {
    let t = &state.translate;
    let theme = &state.theme;
    let mut spans = vec![Span::raw(format!(" {} ", state.service_label()))];
    match &t.loading {
        Loading::Idle if t.metered > 0 => {
            spans.push(Span::styled(
                format!("· {} characters metered ", t.metered),
                theme.muted,
            ));
        }
        Loading::Idle => {}
        Loading::Waiting => spans.push(Span::styled("· translating… ", theme.progress)),
        Loading::Failed(e) => spans.push(Span::styled(format!("· {e} "), theme.error)),
        Loading::Undetectable { language, score, .. } => {
            spans.push(Span::styled(undetectable(state, language, *score), theme.warning));
        }
    }
    if state.sentence_view {
        spans.push(Span::styled("· sentence view ", theme.muted));
    }
    if let Some((text, caution)) = state.glossary_status() {
        let style = if caution { theme.warning } else { theme.glossary };
        spans.push(Span::styled(format!("· {text} "), style));
    }
    if let Some(n) = &state.notice {
        spans.push(Span::styled(format!("· {n}"), theme.warning));
    }
    frame.render_widget(Line::from(spans), area);
}

/// What the status says when auto-detection chose a language the targets
/// cannot be reached from: that language and its score, and the keys that
/// open the source picker from where the focus is.
fn undetectable(state: &State, language: &str, score: f32) -> String {
    use crate::tui::keymap::{Action, Context};
    let name = crate::engine::language_name(language, "en")
        .map_or(language.to_owned(), |n| format!("{n} ({language})"));
    let key_of = |ctx: &[Context], action: Action| {
        let hints = state.keymap.hints(ctx);
        hints.into_iter().find(|h| h.action == action).map(|h| h.keys)
    };
    let here = state.contexts();
    let keys = match key_of(&here, Action::PickSource) {
        Some(k) => Some(k),
        None => key_of(&[Context::Translate], Action::PickSource)
            .zip(key_of(&here, Action::LeaveEditor))
            .map(|(pick, leave)| format!("{leave} then {pick}")),
    };
    let offer = keys.map_or(String::new(), |k| format!(": {k} picks the source language"));
    format!("· detected {name}, score {score:.2}, which cannot be translated here{offer} ")
}
