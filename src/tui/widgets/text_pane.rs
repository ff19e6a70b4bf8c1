//! The wrapped, scrolled text pane: the Translate tab's source and targets,
//! the Transliterate tab's previews and sentence view. The text is wrapped
//! by its [`PaneView`] (cached), styled by layers of byte ranges, aligned
//! right for a right-to-left script, scrolled by the view (clamped here, and
//! brought to a given offset when the view asks to follow), followed by
//! extra lines that scroll with it, with a scrollbar on the pane's right
//! border when it does not fit.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Alignment, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Paragraph, Scrollbar, ScrollbarOrientation, ScrollbarState};

use crate::tui::feedback::Shown;
use crate::tui::widgets::pane_view::PaneView;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::{self, Layer};

/// What one pane shows.
pub struct TextPane<'a> {
    pub text: &'a str,
    pub layers: &'a [Layer<'a>],
    /// Lines after the text (a transliteration), scrolled with it.
    pub extra: &'a [Line<'static>],
    pub rtl: bool,
    /// The byte offset kept in view when the view asks to follow (the cursor word).
    pub follow: Option<usize>,
}

impl TextPane<'_> {
    /// Draws the pane in `area` with `view`'s scroll; the byte ranges of the
    /// text rows shown, and how it was scrolled.
    pub fn draw(&self, frame: &mut Frame, theme: &Theme, view: &PaneView, area: Rect) -> Drawn {
        let rows = view.rows(self.text, area.width);
        let height = usize::from(area.height);
        let total = rows.len() + self.extra.len();
        let mut scroll = view.scroll.min(total.saturating_sub(height));
        if view.follow
            && let Some(row) = self.follow.map(|at| wrap::row_of(&rows, at))
        {
            if row < scroll {
                scroll = row;
            } else if row >= scroll + height {
                scroll = row + 1 - height;
            }
        }
        let end = (scroll + height).min(rows.len());
        let shown = scroll.min(end)..end;
        let mut lines = wrap::styled_rows(self.text, &rows, shown.clone(), theme.text, self.layers);
        let from_extra = scroll.saturating_sub(rows.len());
        let room = height.saturating_sub(lines.len());
        lines.extend(self.extra.iter().skip(from_extra).take(room).cloned());
        let align = if self.rtl {
            Alignment::Right
        } else {
            Alignment::Left
        };
        frame.render_widget(Paragraph::new(lines).alignment(align), area);
        if total > height {
            // On the pane's right border, which the text never uses.
            let bar = Rect::new(area.right(), area.y, 1, area.height);
            let mut bar_state = ScrollbarState::new(total.saturating_sub(height)).position(scroll);
            let scrollbar = Scrollbar::new(ScrollbarOrientation::VerticalRight)
                .begin_symbol(None)
                .end_symbol(None)
                .thumb_style(theme.focus)
                .track_style(theme.border);
            frame.render_stateful_widget(scrollbar, bar, &mut bar_state);
        }
        Drawn {
            rows: rows[shown].to_vec(),
            shown: Shown {
                top: scroll,
                rows: height,
            },
        }
    }
}

/// What a drawn pane showed.
pub struct Drawn {
    /// The byte ranges of the text rows shown.
    pub rows: Vec<Range<usize>>,
    pub shown: Shown,
}
