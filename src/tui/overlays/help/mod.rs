//! The `?` help overlay: every binding of the tab shown, by context, from
//! the keymap itself (the same source as the key handling and the hints).
//!
//! # Layout and scrolling
//!
//! The entries flow down columns as wide as the widest entry: as many columns
//! as the height needs, when the width has room for them; otherwise as many as
//! fit, each taller than the popup, and the columns scroll together
//! (Up/Down, PageUp/PageDown, Home/End of the popup table). A row `r` of every
//! column is in view at some scroll, so every entry can be reached at any
//! size. A scrollbar on the right border and the rows shown in the bottom
//! border say where the view is.
//!
//! [`HelpView`] keeps the scroll; the view, which alone knows the popup's
//! size, clamps it while drawing (as ratatui's `ListState`), and records the
//! page height and the furthest scroll for the next keys.

mod overlay;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Margin, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState};

use crate::tui::feedback::Shown;
use crate::tui::keymap::{Action, Context};
use crate::tui::state::State;

/// Cells between two columns.
const GAP: usize = 2;

/// The help overlay's scroll (shared by its columns): moved by the keys,
/// clamped by the draw, which reports where it drew from
/// ([`Scroller::Help`](crate::tui::feedback::Scroller)).
#[derive(Debug, Default)]
pub struct HelpView {
    /// The first row shown of each column.
    scroll: usize,
    /// Rows shown at the last draw (a page).
    page: usize,
}

impl HelpView {
    /// Scrolls for `action`; `false` when the help does nothing with it.
    pub fn handle(&mut self, action: Action) -> bool {
        let page = self.page.saturating_sub(1).max(1);
        let at = self.scroll;
        let to = match action {
            Action::ScrollUp => at.saturating_sub(1),
            Action::ScrollDown => at + 1,
            Action::PageUp => at.saturating_sub(page),
            Action::PageDown => at + page,
            Action::Top => 0,
            Action::Bottom => usize::MAX,
            _ => return false,
        };
        self.scroll = to;
        true
    }

    /// The first row shown of each column (as last drawn, or asked for since).
    pub fn scroll(&self) -> usize {
        self.scroll
    }

    /// How the last frame drew it (its feedback).
    pub fn drawn(&mut self, shown: Shown) {
        self.scroll = shown.top;
        self.page = shown.rows;
    }
}

/// The entries of the tab shown: a title line per context, a line per
/// binding the workbench acts on.
fn entries(state: &State) -> Vec<Line<'static>> {
    let mut lines = Vec::new();
    for (context, hints) in state.keymap.help() {
        let tab = state.tab_component();
        let live = tab.help_contexts();
        if !live.contains(&context) {
            continue;
        }
        let hints: Vec<_> = hints
            .into_iter()
            .filter(|h| match tab.own_contexts().contains(&context) {
                true => tab.handles_any(h.action),
                false => State::handles(h.action),
            })
            .collect();
        if hints.is_empty() {
            continue;
        }
        lines.push(Line::styled(context.title(), state.theme.title));
        for h in hints {
            lines.push(Line::from(format!("  {:12} {}", h.keys, h.description)));
        }
    }
    lines
}

/// The contexts whose keys work on the Translate tab (its pop-ups
/// included); the other tabs say theirs ([`TabComponent::help_contexts`](crate::tui::component::TabComponent::help_contexts)).
pub(crate) const TRANSLATE_HELP: &[Context] = {
    use Context::*;
    &[
        Global,
        Translate,
        Editor,
        Targets,
        Popup,
        Alternatives,
        Glossary,
        Picker,
        History,
        Palette,
        Translating,
        Prompt,
    ]
};

/// Draws the overlay over `area` from its scroll, clamped; how it was drawn.
pub fn draw(frame: &mut Frame, state: &State, view: &HelpView, area: Rect) -> Shown {
    let lines = entries(state);
    let popup = area.inner(Margin::new(area.width / 16, 1));
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.focus)
        .title(" Keys (Esc or ? closes) ");
    let inner = block.inner(popup);
    let height = usize::from(inner.height).max(1);
    let widest = lines.iter().map(Line::width).max().unwrap_or(0) + GAP;
    let room = (usize::from(inner.width) / widest).max(1);
    let columns = lines.len().div_ceil(height).clamp(1, room);
    // Columns filled to the height when they fit, else as tall as they must be.
    let rows = lines.len().div_ceil(columns).max(height);
    let max = rows.saturating_sub(height);
    let scroll = view.scroll.min(max);
    // Where the view is, and whether there is more above or below.
    let up = if scroll > 0 { "↑ " } else { "" };
    let down = if scroll < max { " ↓" } else { "" };
    let shown = format!(" {up}rows {}–{} of {rows}{down} ", scroll + 1, scroll + height);
    block = block.title_bottom(Line::styled(shown, state.theme.muted).right_aligned());
    frame.render_widget(Clear, popup);
    frame.render_widget(block, popup);
    let areas = Layout::horizontal(vec![Constraint::Ratio(1, columns as u32); columns]).split(inner);
    for (chunk, col) in lines.chunks(rows).zip(areas.iter()) {
        let shown: Vec<Line> = chunk.iter().skip(scroll).take(height).cloned().collect();
        frame.render_widget(Paragraph::new(shown), *col);
    }
    if max > 0 {
        let bar = Rect {
            x: popup.right().saturating_sub(1),
            width: 1,
            ..inner
        };
        let mut bar_state = ScrollbarState::new(max)
            .position(scroll)
            .viewport_content_length(height);
        let scrollbar = Scrollbar::new(ScrollbarOrientation::VerticalRight)
            .begin_symbol(None)
            .end_symbol(None)
            .style(state.theme.muted);
        frame.render_stateful_widget(scrollbar, bar, &mut bar_state);
    }
    Shown {
        top: scroll,
        rows: height,
    }
}

#[cfg(test)]
mod tests;
