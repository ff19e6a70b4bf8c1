//! Drawing the Transliterate tab: the input (its title names the language,
//! detected or chosen, and the script the text is written in), the view
//! line, then the view: the previews side by side (stacked when narrow), or
//! the detect or sentence view (`draw_views.rs`). Borrows the state, never
//! waits; writes only the panes' scroll cells and the hit map.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

use super::plan::{Plan, script_label};
use super::{Focus, Hits, Status, TranslitTab, View};
use crate::api::languages::LanguagesResponse;
use crate::tui::feedback::{Feedback, Scroller};
use crate::tui::widgets::pane_view::PaneView;
use crate::tui::widgets::text_pane::{Drawn, TextPane};
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::Layer;

/// What the view needs besides the tab.
pub struct Ctx<'a> {
    pub languages: Option<&'a LanguagesResponse>,
    pub theme: &'a Theme,
    /// The keys that switch the view (`v/V`), from the keymap.
    pub view_keys: String,
}

impl Ctx<'_> {
    /// `Russian (ru)`, or the code alone when the list does not name it.
    pub fn language(&self, code: &str) -> String {
        let l = self.languages;
        let named = l
            .and_then(|l| l.transliteration.as_ref()?.get(code).map(|e| e.name.clone()))
            .or_else(|| l.and_then(|l| l.translation.as_ref()?.get(code).map(|e| e.name.clone())));
        match named {
            Some(name) => format!("{name} ({code})"),
            None => code.to_owned(),
        }
    }
}

impl TranslitTab {
    /// The tab in `area` (between the tab line and the status line); where
    /// its input and panes went, and how they were scrolled, go to `drawn`.
    pub fn render(&self, frame: &mut Frame, area: Rect, ctx: &Ctx, drawn: &mut Feedback) {
        let [input, line, below] = Layout::vertical([
            Constraint::Percentage(35),
            Constraint::Length(1),
            Constraint::Min(3),
        ])
        .areas(area);
        self.draw_input(frame, input, ctx);
        self.draw_view_line(frame, line, ctx);
        let panes = match self.view {
            View::Previews => self.draw_previews(frame, below, ctx, drawn),
            View::Detect => vec![self.draw_detect(frame, below, ctx)],
            View::Sentences => vec![self.draw_sentences(frame, below, ctx, drawn)],
        };
        drawn.translit = Hits { input, panes };
    }

    fn draw_input(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let style = match self.focus {
            Focus::Input => ctx.theme.focus,
            Focus::Pane(_) => ctx.theme.border,
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(style)
            .title(format!(" Text — {} ", self.language_title(ctx)));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        frame.render_widget(&self.editor, inner);
    }

    /// `ru (detected 0.98) · Cyrl`, `ja (chosen)`, `auto (detecting…)`.
    fn language_title(&self, ctx: &Ctx) -> String {
        let detected = self.detect.current(self.generation());
        let mut title = match (&self.chosen, detected) {
            (Some(c), _) => format!("{} (chosen)", ctx.language(c)),
            (None, Some(d)) => format!("{} (detected {:.2})", ctx.language(&d.language), d.score),
            (None, None) if self.detect.status == Status::Waiting => "auto (detecting…)".to_owned(),
            (None, None) => "auto".to_owned(),
        };
        if let Some(Plan::Ready { from, .. }) = &self.plan {
            title.push_str(&format!(" · {}", script_label(from)));
        }
        title
    }

    fn draw_view_line(&self, frame: &mut Frame, area: Rect, ctx: &Ctx) {
        let theme = ctx.theme;
        let mut spans = vec![Span::raw(" ")];
        for v in View::ALL {
            spans.push(theme.tab_label(v.title(), v == self.view));
        }
        if !ctx.view_keys.is_empty() {
            spans.push(Span::styled(
                format!("  {} switch view", ctx.view_keys),
                theme.muted,
            ));
        }
        frame.render_widget(Line::from(spans), area);
    }

    /// One pane per preview, or the note saying why there are none.
    fn draw_previews(&self, frame: &mut Frame, area: Rect, ctx: &Ctx, drawn: &mut Feedback) -> Vec<Rect> {
        if let Some(note) = self.previews_note(ctx) {
            note.draw(frame, area, " Previews ", self.focus != Focus::Input, ctx.theme);
            return vec![area];
        }
        let n = self.previews.len().max(1);
        let areas = crate::tui::widgets::split::split_panes(area, n);
        let theme = ctx.theme;
        let mut hits = Vec::with_capacity(n);
        for (i, (p, &pane)) in self.previews.iter().zip(areas.iter()).enumerate() {
            let mut title = format!(" {} · {} ", p.target.code, p.target.name);
            match &p.slot.status {
                Status::Waiting => title.push_str("· updating… "),
                Status::Failed(_) => title.push_str("· failed "),
                Status::Idle => {}
            }
            if p.target.rtl {
                title.push_str("· RTL ");
            }
            let border = match self.focused_preview() == Some(i) {
                true => theme.focus,
                false => theme.border,
            };
            let block = Block::default()
                .borders(Borders::ALL)
                .border_style(border)
                .title(title);
            let inner = block.inner(pane);
            frame.render_widget(block, pane);
            hits.push(pane);
            match (&p.slot.status, &p.slot.value) {
                (Status::Failed(e), _) => {
                    let text = Paragraph::new(format!("Not transliterated: {e}")).wrap(Wrap { trim: true });
                    frame.render_widget(text.style(theme.error), inner);
                }
                (_, Some(text)) => {
                    let d = draw_text(frame, theme, &p.view, text, inner, &[], p.target.rtl);
                    drawn.shown(Scroller::Preview(i), d.shown);
                }
                (_, None) => frame.render_widget(Line::styled("(transliterating…)", theme.muted), inner),
            }
        }
        hits
    }

    /// Why there are no previews to draw, if there are none.
    fn previews_note(&self, ctx: &Ctx) -> Option<Note> {
        let Some(languages) = ctx.languages else {
            return Some(Note::Wait(
                "The languages list is not loaded yet: the previews appear once it arrives.".into(),
            ));
        };
        if self.sent().is_empty() {
            let text = "Type or paste text above: it is shown in every script its language converts it to. \
                        f chooses the language (auto detects it).";
            return Some(Note::Info(text.into()));
        }
        if self.chosen.is_none()
            && let Status::Failed(e) = &self.detect.status
        {
            return Some(Note::Error(format!(
                "Language not detected: {e}. Choose one with f."
            )));
        }
        let from = |from: &[(String, String)]| {
            let names: Vec<String> = from.iter().map(|(c, n)| format!("{n} ({c})")).collect();
            names.join(", ")
        };
        let note = match &self.plan {
            None => Note::Wait("Detecting the language…".into()),
            Some(Plan::Ready { to, .. }) if to.is_empty() => Note::Info("No script to convert to.".into()),
            Some(Plan::Ready { .. }) => return None,
            Some(Plan::NoLanguages) => Note::Wait("Planning the previews…".into()),
            Some(Plan::NoLetters) => Note::Info("No letters to transliterate in this text.".into()),
            Some(Plan::Unsupported { language }) => Note::Info(format!(
                "{} has no transliteration ({} languages have one). Choose another language with f.",
                ctx.language(language),
                languages.transliteration.as_ref().map_or(0, |t| t.len()),
            )),
            Some(Plan::OtherScript {
                language,
                written,
                from: scripts,
            }) => Note::Info(format!(
                "This text is written in {}; {} converts only from {}. Choose another language with f.",
                script_label(written),
                ctx.language(language),
                from(scripts),
            )),
        };
        Some(note)
    }
}

/// A message in place of the previews.
pub(super) enum Note {
    Info(String),
    Wait(String),
    Error(String),
}

impl Note {
    pub(super) fn draw(&self, frame: &mut Frame, area: Rect, title: &str, focused: bool, theme: &Theme) {
        let (text, style) = match self {
            Note::Info(t) => (t, theme.muted),
            Note::Wait(t) => (t, theme.progress),
            Note::Error(t) => (t, theme.error),
        };
        let border = if focused { theme.focus } else { theme.border };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title.to_owned());
        let text = Paragraph::new(text.as_str())
            .style(style)
            .wrap(Wrap { trim: true })
            .block(block);
        frame.render_widget(text, area);
    }
}

/// `text` wrapped in `area`, scrolled by `view`, styled by `layers` (the
/// shared [`TextPane`]); the rows shown and how.
pub(super) fn draw_text(
    frame: &mut Frame,
    theme: &Theme,
    view: &PaneView,
    text: &str,
    area: Rect,
    layers: &[Layer],
    rtl: bool,
) -> Drawn {
    let pane = TextPane {
        text,
        layers,
        extra: &[],
        rtl,
        follow: None,
    };
    pane.draw(frame, theme, view, area)
}

impl TranslitTab {
    /// The status line: the service, what is under way, what failed.
    pub fn render_status(&self, frame: &mut Frame, area: Rect, service: &str, theme: &Theme) {
        let mut spans = vec![Span::raw(format!(" {service} "))];
        if let Some(busy) = self.busy() {
            spans.push(Span::styled(format!("· {busy} "), theme.progress));
        }
        let failed = self
            .previews
            .iter()
            .filter(|p| matches!(p.slot.status, Status::Failed(_)))
            .count();
        if failed > 0 {
            spans.push(Span::styled(
                format!("· {failed} preview(s) failed "),
                theme.error,
            ));
        }
        if let Status::Failed(e) = &self.sentences.status {
            spans.push(Span::styled(format!("· sentences: {e} "), theme.error));
        }
        frame.render_widget(Line::from(spans), area);
    }
}
