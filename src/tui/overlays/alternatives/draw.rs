//! Drawing the popup: a box next to the word (under it, else over it),
//! wide enough for its longest line within the screen; the look-up's rows
//! by part of speech with a confidence bar, the target word marked; the
//! keys that work in it on the bottom border (from the keymap).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::{Alternatives, Shown};
use crate::tui::tabs::dictionary::page::{Row, pos_name};
use crate::tui::tabs::dictionary::pages::bar;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;
use crate::tui::widgets::wrap::{fit, str_width};

/// The widest the popup gets (cells, borders included).
const MAX_WIDTH: u16 = 56;

/// What the popup needs besides itself.
pub struct Ctx<'a> {
    pub theme: &'a Theme,
    /// The word's first cell on screen.
    pub anchor: (u16, u16),
    /// The languages' names, source and target.
    pub names: (String, String),
    /// The popup's keys, as the footer shows them ("d in Dictionary tab · esc close").
    pub hints: String,
}

impl Alternatives {
    /// Draws the popup; how its lines were scrolled.
    pub fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) -> crate::tui::feedback::Shown {
        let t = ctx.theme;
        let lines = self.lines(ctx);
        let widest = lines.iter().map(Line::width).max().unwrap_or(0);
        let widest = widest.max(str_width(&ctx.hints) + 2);
        let w = u16::try_from(widest + 4)
            .unwrap_or(u16::MAX)
            .clamp(28, MAX_WIDTH)
            .min(area.width);
        let h = u16::try_from(lines.len() + 2)
            .unwrap_or(u16::MAX)
            .min(area.height.saturating_sub(2).max(3));
        let (x, y) = ctx.anchor;
        let below = y.saturating_add(1);
        let top = if below + h <= area.bottom() {
            below
        } else if y >= area.y + h {
            y - h
        } else {
            area.bottom().saturating_sub(h)
        };
        let left = x.min(area.right().saturating_sub(w)).max(area.x);
        let popup = Rect::new(left, top, w, h);
        let title = match &self.source {
            Some(s) => format!(" {} → {} ", fit(s, 24), ctx.names.1),
            None => format!(" {} ", fit(&self.word, 24)),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(t.focus)
            .title(Line::styled(title, t.title))
            .title_bottom(Line::styled(
                format!(" {} ", fit(&ctx.hints, usize::from(w.saturating_sub(4)))),
                t.muted,
            ));
        let inner = block.inner(popup).inner(ratatui::layout::Margin::new(1, 0));
        frame.render_widget(Clear, popup);
        frame.render_widget(block, popup);
        let room = usize::from(inner.height);
        let top_row = self.scroll.min(lines.len().saturating_sub(room));
        let shown: Vec<Line> = lines.into_iter().skip(top_row).take(room).collect();
        frame.render_widget(Paragraph::new(shown).wrap(Wrap { trim: false }), inner);
        crate::tui::feedback::Shown {
            top: top_row,
            rows: room,
        }
    }

    /// The popup's lines: what the word is aligned with, then the answer.
    fn lines(&self, ctx: &Ctx) -> Vec<Line<'static>> {
        let t = ctx.theme;
        let (from, to) = (&ctx.names.0, &ctx.names.1);
        let mut out = Vec::new();
        if let Some(source) = &self.source {
            out.push(Line::from(vec![
                Span::styled(self.word.clone(), t.align_highlight),
                Span::styled(" ← ", t.muted),
                Span::styled(source.clone(), t.text),
                Span::styled(format!("  {from} → {to}"), t.muted),
            ]));
        }
        match &self.shown {
            Shown::Nothing(why) => out.push(Line::styled(why.clone(), t.warning)),
            Shown::Failed(e) => {
                out.push(Line::styled("No dictionary alternatives:", t.warning));
                out.push(Line::styled(e.clone(), t.error));
            }
            Shown::Loading => out.push(Line::styled(
                format!("Looking up “{}”…", self.source.as_deref().unwrap_or("")),
                t.progress,
            )),
            Shown::Loaded { result, rows } => {
                let col = result
                    .translations
                    .iter()
                    .map(|x| str_width(&x.display_target))
                    .max()
                    .unwrap_or(0)
                    .clamp(4, 20);
                for row in rows {
                    match *row {
                        Row::Gap | Row::Term(_) => {}
                        Row::NotFound(_) => out.push(Line::styled(
                            format!("Not in the {from} → {to} dictionary"),
                            t.warning,
                        )),
                        Row::Pos(_, pos) => out.push(Line::styled(pos_name(pos), t.muted.patch(t.title))),
                        Row::Item(_, i) => {
                            let Some(x) = result.translations.get(i) else {
                                continue;
                            };
                            let current = self.is_current(x);
                            let name = fit(&x.display_target, col);
                            let pad = " ".repeat(col.saturating_sub(str_width(&name)) + 1);
                            let (mark, style) = match current {
                                true => ("▸ ", t.align_highlight),
                                false => ("  ", t.text),
                            };
                            let mut spans = vec![
                                Span::styled(mark, t.focus),
                                Span::styled(name, style),
                                Span::raw(pad),
                                Span::styled(bar(x.confidence), t.progress),
                                Span::styled(format!(" {:.2}", x.confidence), t.muted),
                            ];
                            if current {
                                spans.push(Span::styled("  in the text", t.muted));
                            }
                            out.push(Line::from(spans));
                        }
                    }
                }
                if !result.translations.is_empty() && !self.current_found() {
                    out.push(Line::styled(
                        format!("“{}” is not among them", self.word),
                        t.muted,
                    ));
                }
            }
        }
        out
    }
}
