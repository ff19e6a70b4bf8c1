//! The Translate tab's status line: the service, where the request stands
//! (characters metered, translating, the failure, or what auto-detection
//! chose when it cannot be translated), the sentence view, the glossary and
//! a lasting notice. While a text is translated in parts a progress bar
//! (ratatui's `LineGauge`, labelled `Translating notes.txt: 12/40 parts`)
//! takes the line's start; a translation in parts that stopped says where.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::LineGauge;

use super::super::{Loading, Translate};
use crate::tui::component::Shared;
use crate::tui::keymap::{Action, Context};

/// Draws the status line of `t` in `area`.
pub fn draw_status(frame: &mut Frame, t: &Translate, shared: &Shared, area: Rect) {
    let theme = shared.theme;
    let area = match t.job.as_ref().filter(|j| j.running()) {
        Some(job) => {
            // The label and a bar of 20 cells at least, at most two thirds of the line.
            let label = job.label();
            let wide = (label.chars().count() as u16 + 24).min(area.width * 2 / 3);
            let [bar, rest] = Layout::horizontal([Constraint::Length(wide), Constraint::Fill(1)]).areas(area);
            let gauge = LineGauge::default()
                .label(Span::styled(format!(" {label} "), theme.progress))
                .ratio(job.ratio())
                .filled_style(theme.progress)
                .unfilled_style(theme.muted);
            frame.render_widget(gauge, bar);
            rest
        }
        None => area,
    };
    let mut spans = vec![Span::raw(format!(" {} ", shared.service))];
    match &t.loading {
        Loading::Idle if t.metered > 0 => {
            spans.push(Span::styled(
                format!("· {} characters metered ", t.metered),
                theme.muted,
            ));
        }
        Loading::Idle => {}
        Loading::Waiting if t.job.is_some() => {}
        Loading::Waiting => spans.push(Span::styled("· translating… ", theme.progress)),
        Loading::Failed(e) => spans.push(Span::styled(format!("· {e} "), theme.error)),
        Loading::Undetectable { language, score, .. } => {
            spans.push(Span::styled(
                undetectable(t, shared, language, *score),
                theme.warning,
            ));
        }
    }
    if let Some(stopped) = t.job.as_ref().and_then(|j| j.stopped.as_ref().map(|s| (j, s))) {
        spans.push(Span::styled(
            stopped_at(t, shared, stopped.0, stopped.1),
            theme.warning,
        ));
    }
    if t.sentence_view {
        spans.push(Span::styled("· sentence view ", theme.muted));
    }
    if t.watching {
        spans.push(Span::styled("· watching the clipboard ", theme.progress));
    }
    if t.trips.on {
        let label = if t.trips.waiting {
            "· round trip… "
        } else {
            "· round trip "
        };
        spans.push(Span::styled(label, theme.muted));
    }
    if let Some((text, caution)) = t.glossary_status() {
        let style = if caution { theme.warning } else { theme.glossary };
        spans.push(Span::styled(format!("· {text} "), style));
    }
    if let Some(n) = shared.notice {
        spans.push(Span::styled(format!("· {n}"), theme.warning));
    }
    frame.render_widget(Line::from(spans), area);
}

/// What the status says when auto-detection chose a language the targets
/// cannot be reached from: that language and its score, and the keys that
/// open the source picker from where the focus is.
fn undetectable(t: &Translate, shared: &Shared, language: &str, score: f32) -> String {
    let name = crate::engine::language_name(language, "en")
        .map_or(language.to_owned(), |n| format!("{n} ({language})"));
    let key_of = |ctx: &[Context], action: Action| {
        let hints = shared.keymap.hints(ctx);
        hints.into_iter().find(|h| h.action == action).map(|h| h.keys)
    };
    let here = t.contexts();
    let keys = match key_of(&here, Action::PickSource) {
        Some(k) => Some(k),
        None => key_of(&[Context::Translate], Action::PickSource)
            .zip(key_of(&here, Action::LeaveEditor))
            .map(|(pick, leave)| format!("{leave} then {pick}")),
    };
    let offer = keys.map_or(String::new(), |k| format!(": {k} picks the source language"));
    format!("· detected {name}, score {score:.2}, which cannot be translated here{offer} ")
}

/// A translation in parts that stopped: how far it got, and the key that
/// goes on from there.
fn stopped_at(t: &Translate, shared: &Shared, job: &super::super::Job, why: &super::super::Stop) -> String {
    let how = match why {
        super::super::Stop::Cancelled => "stopped",
        super::super::Stop::Failed(_) => "failed",
    };
    let hints = shared.keymap.hints(&t.contexts());
    let key = hints
        .into_iter()
        .find(|h| h.action == Action::Refresh)
        .map(|h| h.keys);
    let on = key.map_or(String::new(), |k| format!(": {k} goes on"));
    format!("· {how} at {}/{} parts{on} ", job.done, job.total)
}
