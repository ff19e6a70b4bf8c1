//! The detect view (language, score, the two support flags, alternatives)
//! and the sentence view: the text with a mark between sentences, shaded
//! in turn, the number of the first sentence starting on each row in a
//! gutter (byte ranges computed from `sentLen` when the answer arrived).

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::draw::{Ctx, Note, draw_text};
use super::{Focus, Status, TranslitTab};
use crate::tui::feedback::{Feedback, Scroller};
use crate::tui::widgets::wrap::Layer;

/// Width of the sentence numbers' gutter: `999 ` and a bar.
const GUTTER: u16 = 5;

fn flag(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

impl TranslitTab {
    fn pane_block(&self, title: String, ctx: &Ctx) -> Block<'static> {
        let border = match self.focus {
            Focus::Pane(_) => ctx.theme.focus,
            Focus::Input => ctx.theme.border,
        };
        Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title)
    }

    pub(super) fn draw_detect(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) -> Rect {
        let theme = ctx.theme;
        let focused = self.focus != Focus::Input;
        let Some(d) = &self.detect.value else {
            let note = match &self.detect.status {
                Status::Waiting => Note::Wait("Detecting the language…".into()),
                Status::Failed(e) => Note::Error(format!("Language not detected: {e}")),
                Status::Idle => Note::Info("Type or paste text above: its language is detected here.".into()),
            };
            note.draw(frame, area, " Detection ", focused, theme);
            return area;
        };
        let mut title = " Detection ".to_owned();
        if self.detect.of != self.generation() {
            title.push_str("· of an earlier text, updating… ");
        }
        let block = self.pane_block(title, ctx);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let row = |label: &str, value: String| {
            Line::from(vec![
                Span::styled(format!(" {label:<17}"), theme.muted),
                Span::styled(value, theme.text),
            ])
        };
        let mut lines = vec![
            row("Language", ctx.language(&d.language)),
            row("Score", format!("{:.2}", d.score)),
            row("Translation", flag(d.is_translation_supported).into()),
            row("Transliteration", flag(d.is_transliteration_supported).into()),
            Line::raw(""),
        ];
        if d.alternatives.is_empty() {
            lines.push(Line::styled(" No alternatives.", theme.muted));
        } else {
            lines.push(Line::styled(
                format!(
                    " {:<30} {:>6}  {:<12} {}",
                    "Alternatives", "score", "translation", "transliteration"
                ),
                theme.title,
            ));
            for a in &d.alternatives {
                lines.push(Line::from(format!(
                    " {:<30} {:>6.2}  {:<12} {}",
                    ctx.language(&a.language),
                    a.score,
                    flag(a.is_translation_supported),
                    flag(a.is_transliteration_supported)
                )));
            }
        }
        if let Some(c) = &self.chosen {
            lines.push(Line::raw(""));
            let note = format!(
                " The previews use the chosen language, {}; f → auto uses this one.",
                ctx.language(c)
            );
            lines.push(Line::styled(note, theme.muted));
        }
        frame.render_widget(Paragraph::new(lines), inner);
        area
    }

    pub(super) fn draw_sentences(
        &self,
        frame: &mut Frame,
        area: Rect,
        ctx: &Ctx,
        drawn: &mut Feedback,
    ) -> Rect {
        let theme = ctx.theme;
        let focused = self.focus != Focus::Input;
        let Some(s) = &self.sentences.value else {
            let note = match &self.sentences.status {
                Status::Waiting => Note::Wait("Breaking the text into sentences…".into()),
                Status::Failed(e) => Note::Error(format!("Sentences not found: {e}")),
                Status::Idle => Note::Info("Type or paste text above: its sentences are shown here.".into()),
            };
            note.draw(frame, area, " Sentences ", focused, theme);
            return area;
        };
        let mut title = format!(" Sentences: {} ", s.ranges.len());
        if let Some(d) = &s.detected {
            title.push_str(&format!("· detected {} {:.2} ", d.language, d.score));
        }
        if s.mismatch {
            title.push_str("· the lengths did not match the text ");
        }
        if self.sentences.of != self.generation() {
            title.push_str("· of an earlier text, updating… ");
        }
        let block = self.pane_block(title, ctx);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let [gutter, body] =
            Layout::horizontal([Constraint::Length(GUTTER.min(inner.width)), Constraint::Min(1)])
                .areas(inner);
        let odd: Vec<_> = s.shown_ranges.iter().skip(1).step_by(2).cloned().collect();
        let even: Vec<_> = s.shown_ranges.iter().step_by(2).cloned().collect();
        let layers = [
            Layer {
                ranges: &even,
                style: theme.sentence[0],
            },
            Layer {
                ranges: &odd,
                style: theme.sentence[1],
            },
            Layer {
                ranges: &s.marks,
                style: theme.focus,
            },
        ];
        let d = draw_text(frame, theme, &self.sentence_view, &s.shown, body, &layers, false);
        drawn.shown(Scroller::Sentences, d.shown);
        let rows = d.rows;
        // The number of the first sentence that starts on each row.
        let numbers: Vec<Line> = rows
            .iter()
            .map(|row| {
                let first = s.shown_ranges.partition_point(|r| r.start < row.start);
                match s
                    .shown_ranges
                    .get(first)
                    .filter(|r| r.start < row.end.max(row.start + 1))
                {
                    Some(_) => Line::styled(format!("{:>3} │", first + 1), theme.muted),
                    None => Line::styled("    │", theme.border),
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(numbers), gutter);
        area
    }
}
