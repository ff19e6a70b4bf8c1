//! Drawing the Dictionary tab: the search line with its languages, the
//! breadcrumb of the back stack, the page shown (`pages.rs`) and, when
//! there is room, the words looked up. Borrows the tab; the only writes are
//! the pages' scroll offsets (`Cell`s), known only while drawing.

use crate::tui::feedback::{Feedback, Scroller};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph};

use super::{DictFocus, DictionaryTab};
use crate::api::languages::LanguagesResponse;
use crate::tui::overlays::picker::cells::width;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::fit;

use super::pages;

/// What the views need besides the tab.
pub struct Ctx<'a> {
    pub theme: &'a Theme,
    pub languages: Option<&'a LanguagesResponse>,
}

impl Ctx<'_> {
    /// The dictionary's name of `code` ("English"), else the code.
    pub fn name(&self, code: &str) -> String {
        self.languages
            .and_then(|l| l.dictionary.as_ref()?.get(code))
            .map_or_else(|| code.to_owned(), |l| l.name.clone())
    }

    /// Whether `code` is written right to left (by the dictionary's list).
    pub fn rtl(&self, code: &str) -> bool {
        use crate::api::languages::Dir;
        let Some(dict) = self.languages.and_then(|l| l.dictionary.as_ref()) else {
            return false;
        };
        dict.get(code).map(|l| l.dir == Dir::Rtl).unwrap_or_else(|| {
            dict.values()
                .flat_map(|l| &l.translations)
                .any(|t| t.code == code && t.dir == Dir::Rtl)
        })
    }
}

impl DictionaryTab {
    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        languages: Option<&LanguagesResponse>,
        drawn: &mut Feedback,
    ) {
        let ctx = Ctx { theme, languages };
        let [search, crumbs, body] =
            Layout::vertical([Constraint::Length(3), Constraint::Length(1), Constraint::Min(1)]).areas(area);
        self.draw_search(frame, search, &ctx);
        self.draw_crumbs(frame, crumbs, &ctx);
        let (main, side) = match body.width >= 90 {
            true => {
                let [m, s] = Layout::horizontal([Constraint::Min(40), Constraint::Length(28)]).areas(body);
                (m, Some(s))
            }
            false => (body, None),
        };
        let focused = self.focus == DictFocus::Results;
        let block = Block::default().borders(Borders::ALL).border_style(if focused {
            theme.focus
        } else {
            theme.border
        });
        let inner = block.inner(main);
        frame.render_widget(block, main);
        drawn.dictionary_search = search;
        match self.page() {
            Some(page) => {
                if let Some(shown) = pages::draw(frame, inner, page, focused, &ctx) {
                    drawn.shown(Scroller::DictionaryPage, shown);
                }
            }
            None => self.draw_start(frame, inner, &ctx),
        }
        if let Some(side) = side {
            self.draw_recent(frame, side, &ctx);
        }
    }

    fn draw_search(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = ctx.theme;
        let focused = self.focus == DictFocus::Search;
        let title = format!(
            " Look up · {} → {} ",
            ctx.name(&self.pair.from),
            ctx.name(&self.pair.to)
        );
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(if focused { theme.focus } else { theme.border })
            .title(Span::styled(title, theme.title));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let hint = "a word, or several separated by commas (up to 10)";
        if focused {
            self.query.render(frame, inner, hint, theme);
        } else {
            let text = match self.query.text() {
                "" => Span::styled(hint, theme.muted),
                t => Span::styled(t.to_owned(), theme.text),
            };
            frame.render_widget(Line::from(vec![Span::styled("› ", theme.muted), text]), inner);
        }
        if let Some(problem) = &self.problem {
            let w = (width(problem) as u16 + 2).min(inner.width);
            let at = Rect::new(inner.right().saturating_sub(w), inner.y, w, 1);
            frame.render_widget(Line::styled(format!(" {problem} "), theme.error), at);
        }
    }

    /// `fly (en→fi) › fly → kärpänen › examples: …`, cut from the left when long.
    fn draw_crumbs(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let crumbs = self.crumbs();
        if crumbs.is_empty() {
            return;
        }
        let room = usize::from(area.width).saturating_sub(1);
        let mut shown: Vec<&str> = Vec::new();
        let mut used = 0;
        for c in crumbs.iter().rev() {
            let w = width(c) + 3;
            if used + w > room && !shown.is_empty() {
                break;
            }
            used += w;
            shown.push(c);
        }
        let cut = shown.len() < crumbs.len();
        // A single crumb wider than the line is cut itself.
        let alone = room.saturating_sub(if cut { 4 } else { 0 });
        let shown: Vec<String> = match shown.as_slice() {
            [one] => vec![fit(one, alone)],
            _ => shown.iter().map(|c| (*c).to_owned()).collect(),
        };
        let mut spans = vec![Span::raw(" ")];
        if cut {
            spans.push(Span::styled("… › ", ctx.theme.muted));
        }
        for (i, c) in shown.iter().rev().enumerate() {
            if i > 0 {
                spans.push(Span::styled(" › ", ctx.theme.muted));
            }
            let last = i + 1 == shown.len();
            let style = if last { ctx.theme.title } else { ctx.theme.muted };
            spans.push(Span::styled(c.clone(), style));
        }
        frame.render_widget(Line::from(spans), area);
    }

    /// Before the first look-up: what the tab does.
    fn draw_start(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let t = ctx.theme;
        let lines = vec![
            Line::styled("Type a word and press Enter.", t.text),
            Line::default(),
            Line::styled(
                "The translations come grouped by part of speech, with their confidence.",
                t.muted,
            ),
            Line::styled(
                "Enter on a translation: its back-translations, most frequent first.",
                t.muted,
            ),
            Line::styled(
                "Enter on a back-translation: example sentences of the pair.",
                t.muted,
            ),
            Line::styled(
                "d looks the selected word up the other way; Esc goes back.",
                t.muted,
            ),
            Line::styled("Up/Down in the search line bring back earlier look-ups.", t.muted),
        ];
        frame.render_widget(Paragraph::new(lines), area);
    }

    /// The tab's history: newest first, the one Up/Down reached marked.
    fn draw_recent(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = ctx.theme;
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.border)
            .title(" Looked up ");
        let inner = block.inner(area);
        frame.render_widget(block, area);
        if self.recent.is_empty() {
            frame.render_widget(Line::styled("nothing yet", theme.muted), inner);
            return;
        }
        let height = usize::from(inner.height);
        let at = self.recalled();
        let skip = at.map_or(0, |i| (i + 1).saturating_sub(height));
        let lines: Vec<Line> = self
            .recent
            .iter()
            .enumerate()
            .skip(skip)
            .take(height)
            .map(|(i, r)| {
                let langs = format!("{}→{}", r.pair.from, r.pair.to);
                let room = usize::from(inner.width).saturating_sub(width(&langs) + 1);
                let term = fit(&r.term, room);
                let pad = room.saturating_sub(width(&term));
                let style = match (Some(i) == at, r.found) {
                    (true, _) => theme.selection,
                    (false, 0) => theme.muted,
                    _ => theme.text,
                };
                Line::from(vec![
                    Span::styled(term, style),
                    Span::raw(" ".repeat(pad + 1)),
                    Span::styled(langs, theme.muted),
                ])
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), inner);
    }
}
