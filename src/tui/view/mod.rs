//! Drawing the workbench from its state. Borrows the state and its theme,
//! never waits; the only writes are the `Cell`s that keep a pane's cursor in
//! sight and the hit map for the mouse (both known only while drawing).
//!
//! Layout, top to bottom: the tab line; the source (the editor, or a
//! read-only view with its highlights when a target has the focus); the
//! target panes side by side (stacked when narrow), all sized by their text
//! (the tab's `draw/layout.rs`); the status line; the key
//! hints. Toasts float above the status line, overlays over everything (each
//! cleared with wide::Clear); every frame ends with wide::mark_hidden.
//! Below 40×10 only a note asking for a bigger terminal is drawn.

#[cfg(test)]
pub(crate) mod tests;
#[cfg(test)]
mod theme_tests;
#[cfg(test)]
mod wide_tests;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::feedback::{Feedback, Scroller};
use super::overlays::Areas;
use super::state::{Overlay, State, Tab};
use super::widgets::toast::Kind;
use super::widgets::wide::Clear;
use super::widgets::wrap::fit;

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
    // An overlay covering the whole tab (the History view): what it would
    // hide is not drawn.
    let overlay = state.overlay.as_ref().map(Overlay::component);
    if !overlay.is_some_and(|o| o.covers_tab()) {
        let tab = state.tab_component();
        let shared = state.shared();
        tab.draw(frame, body, &shared, &mut feedback);
        tab.draw_status(frame, status, &shared);
    }
    let contexts = match overlay {
        Some(o) => o.hint_contexts(),
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
    if let Some(o) = overlay {
        let at = Areas {
            screen: area,
            body,
            status,
        };
        if let Some(shown) = o.draw(frame, at, state, &feedback) {
            feedback.shown(Scroller::Overlay, shown);
        }
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
