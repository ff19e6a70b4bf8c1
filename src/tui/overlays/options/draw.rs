//! Drawing the options popup: a centred box, one "label  value" line per row (the
//! selected one in the selection role), then what the row means, the target scripts
//! and any message.

use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use unicode_width::UnicodeWidthStr;

use super::popup::{Notice, OptionsPopup, ROWS, Row};
use crate::api::params::{ProfanityAction, TextType};
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

/// Width of the label column, the leading space included.
const LABEL: u16 = 19;

impl OptionsPopup {
    /// Draws the popup centred in `area`, as tall as its text.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        const WIDTH: u16 = 72;
        let inner_width = WIDTH.min(area.width).saturating_sub(2);
        let mut lines: Vec<Line> = ROWS
            .iter()
            .enumerate()
            .map(|(i, &row)| self.row_line(row, i == self.selected, inner_width, theme))
            .collect();
        lines.push(Line::raw(""));
        lines.push(Line::styled(format!(" {}", self.row().about()), theme.muted));
        lines.push(Line::styled(format!(" {}", self.scripts_note()), theme.muted));
        if self.edit.is_some() {
            let hint = " Editing: type the value; Enter keeps it, Esc cancels.";
            lines.push(Line::styled(hint, theme.progress));
        }
        match &self.notice {
            Some(Notice::Error(m)) => lines.push(Line::styled(format!(" {m}"), theme.error)),
            Some(Notice::Info(m)) => lines.push(Line::styled(format!(" {m}"), theme.warning)),
            None => {}
        }
        if self.options.include_alignment && self.options.text_type == TextType::Html {
            let note = " HTML has no word alignment: it will not be asked for.";
            lines.push(Line::styled(note, theme.warning));
        }
        // Wrapped lines take more rows; a rough count is enough for the height.
        let per_row = usize::from(inner_width.max(1));
        let rows: usize = lines.iter().map(|l| l.width().max(1).div_ceil(per_row)).sum();
        let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
        let popup = area.centered(Constraint::Length(WIDTH), Constraint::Length(height));

        let title = match &self.edit {
            Some(e) => format!(" Translate options · editing {} ", e.row.label().to_lowercase()),
            None => " Translate options ".to_owned(),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.focus)
            .title(Span::styled(title, theme.title));
        let inner = block.inner(popup);
        frame.render_widget(Clear, popup);
        frame.render_widget(
            Paragraph::new(lines).wrap(Wrap { trim: false }).block(block),
            popup,
        );

        // The terminal's cursor sits after the typed text (if the row is on screen).
        if let Some(e) = &self.edit {
            let row = ROWS.iter().position(|&r| r == e.row).unwrap_or(0) as u16;
            let shown = tail_fitting(&e.buffer, value_width(inner.width));
            let x = inner.x + LABEL + shown.width() as u16;
            if row < inner.height && inner.width > 0 {
                frame.set_cursor_position((x.min(inner.right() - 1), inner.y + row));
            }
        }
    }

    fn row_line(&self, row: Row, selected: bool, width: u16, theme: &Theme) -> Line<'static> {
        let o = &self.options;
        let on_off = |b: bool| if b { "‹on›" } else { "‹off›" };
        let (value, style) = match (row, &self.edit) {
            (_, Some(e)) if e.row == row => (
                tail_fitting(&e.buffer, value_width(width)).to_owned(),
                theme.focus,
            ),
            (Row::ProfanityAction, _) => (format!("‹{:?}›", o.profanity_action), theme.text),
            (Row::ProfanityMarker, _) if o.profanity_action != ProfanityAction::Marked => {
                ("n/a (only with Marked)".to_owned(), theme.muted)
            }
            (Row::ProfanityMarker, _) => (format!("‹{:?}›", o.profanity_marker), theme.text),
            (Row::TextType, _) => {
                let t = if o.text_type == TextType::Html {
                    "html"
                } else {
                    "plain"
                };
                (format!("‹{t}›"), theme.text)
            }
            (Row::Alignment, _) => (on_off(o.include_alignment).to_owned(), theme.text),
            (Row::SentenceLength, _) => (on_off(o.include_sentence_length).to_owned(), theme.text),
            (Row::Category, _) => (o.category.clone(), theme.text),
            (Row::SuggestedFrom, _) => match &o.suggested_from {
                Some(l) => (l.clone(), theme.text),
                None => ("none".to_owned(), theme.muted),
            },
        };
        let label = format!(" {:<w$}", row.label(), w = usize::from(LABEL) - 1);
        let line = Line::from(vec![Span::raw(label), Span::styled(value, style)]);
        if selected && self.edit.is_none() {
            line.style(theme.selection)
        } else {
            line
        }
    }

    /// The read-only note: the target scripts, set elsewhere.
    fn scripts_note(&self) -> String {
        if self.options.to_script.is_empty() {
            return "Target scripts: none (each target in its own script).".to_owned();
        }
        let pairs: Vec<String> = self
            .options
            .to_script
            .iter()
            .map(|(t, s)| format!("{t} → {s}"))
            .collect();
        format!("Target scripts: {}", pairs.join(", "))
    }
}

/// Room for a value after the label, one cell kept for the cursor.
fn value_width(inner: u16) -> usize {
    usize::from(inner.saturating_sub(LABEL + 1))
}

/// The longest end of `s` that fits in `width` cells (the end is where one types).
fn tail_fitting(s: &str, width: usize) -> &str {
    let mut start = s.len();
    let mut used = 0;
    for (i, c) in s.char_indices().rev() {
        used += unicode_width::UnicodeWidthChar::width(c).unwrap_or(0);
        if used > width {
            break;
        }
        start = i;
    }
    &s[start..]
}
