//! Drawing the History view over the area the caller gives: the search
//! line, the list (time, languages, the source's first line with the
//! matched parts lit) and a preview of the selected row (side by side from
//! 100 cells, else stacked), and a last line for the confirmation or the
//! store's problem. Everything shown was derived when the rows arrived.

use crate::tui::feedback::Shown;
use std::ops::Range;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Constraint, Layout, Margin, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};
use unicode_segmentation::UnicodeSegmentation;

use super::{HistoryView, Mode, Rows};
use crate::store::history::{Entry, Found};
use crate::store::lookups::FoundLookup;
use crate::tui::overlays::picker::cells::{cell, width};
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wide::Clear;

const TIME: usize = 10;
const LANGS: usize = 18;

impl HistoryView {
    /// Draws the view; how its list was scrolled, when it was drawn.
    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) -> Option<Shown> {
        let (title, other) = match self.mode {
            Mode::Translations => (" History · translations ", " Tab: look-ups "),
            Mode::Lookups => (" History · look-ups ", " Tab: translations "),
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(theme.focus)
            .title(Span::styled(title, theme.title))
            .title(Line::styled(other, theme.muted).right_aligned());
        let inner = block.inner(area).inner(Margin::new(1, 0));
        frame.render_widget(Clear, area);
        frame.render_widget(block, area);
        if inner.height < 3 || inner.width < 10 {
            return None;
        }
        let [search, body, status] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)]).areas(inner);
        self.render_search(frame, search, theme);
        frame.render_widget(self.status_line(theme), status);
        let (list, preview) = if body.width >= 100 {
            let [l, _, p] = Layout::horizontal([
                Constraint::Percentage(55),
                Constraint::Length(1),
                Constraint::Min(1),
            ])
            .areas(body);
            (l, p)
        } else {
            let [l, p] = Layout::vertical([Constraint::Percentage(50), Constraint::Min(1)]).areas(body);
            (l, p)
        };
        if self.is_empty() {
            let [_, note] =
                Layout::vertical([Constraint::Length(body.height / 3), Constraint::Min(0)]).areas(body);
            frame.render_widget(self.empty_note(theme), note);
            return None;
        }
        // A row of air under the search line (level with the preview's title).
        let list = Rect {
            y: list.y + 1,
            height: list.height.saturating_sub(1),
            ..list
        };
        let shown = self.render_list(frame, list, theme);
        self.render_preview(frame, preview, theme);
        Some(shown)
    }

    fn render_search(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let hint = match self.mode {
            Mode::Translations => "type to search the sources and translations",
            Mode::Lookups => "type to search the terms looked up",
        };
        self.query().render(frame, area, hint, theme);
    }

    fn status_line(&self, theme: &Theme) -> Line<'static> {
        if self.confirming().is_some() {
            let what = match self.mode {
                Mode::Translations => "this entry",
                Mode::Lookups => "this look-up",
            };
            return Line::styled(
                format!("Delete {what}? y or Enter deletes, any other key keeps it"),
                theme.warning,
            );
        }
        if let Some(p) = &self.problem {
            return Line::styled(format!("History not available: {p}"), theme.error);
        }
        let n = self.len();
        let shown = match (n, self.mode) {
            (0, _) => String::new(),
            (1, _) => "1 shown, newest first".to_owned(),
            (n, _) => format!("{n} shown, newest first"),
        };
        let action = match self.mode {
            Mode::Translations if n > 0 => " · Enter reopens it in the Translate tab",
            Mode::Lookups if n > 0 => " · Enter looks it up again in the Dictionary tab",
            _ => "",
        };
        Line::styled(format!("{shown}{action}"), theme.muted)
    }

    fn empty_note(&self, theme: &Theme) -> Paragraph<'static> {
        let query = self.query().text().trim();
        let lines = match (query.is_empty(), self.mode) {
            (false, _) => vec![Line::from(format!("Nothing matches '{query}'"))],
            (true, Mode::Translations) => vec![
                Line::from("No history yet"),
                Line::from("Translations are recorded as you translate."),
            ],
            (true, Mode::Lookups) => vec![
                Line::from("No look-ups yet"),
                Line::from("Look-ups of the Dictionary tab and of `glossa lookup` are recorded here."),
            ],
        };
        Paragraph::new(lines)
            .style(theme.muted)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true })
    }

    fn render_list(&self, frame: &mut Frame, area: Rect, theme: &Theme) -> Shown {
        let height = usize::from(area.height).max(1);
        let selected = self.selected().unwrap_or(0);
        let offset = keep_visible(self.offset, selected, height, self.len());
        let text_w = usize::from(area.width).saturating_sub(TIME + LANGS + 4);
        let now = self.now();
        let shown = Shown {
            top: offset,
            rows: height,
        };
        let Some(rows) = self.rows() else { return shown };
        let buf = frame.buffer_mut();
        for (y, i) in (area.y..area.bottom()).zip(offset..self.len()) {
            let spans = match rows {
                Rows::Translations(r) => entry_row(&r[i], now, text_w, theme),
                Rows::Lookups(r) => lookup_row(&r[i], now, text_w, theme),
            };
            let style = if i == selected {
                theme.selection
            } else {
                Style::default()
            };
            put_line(buf, Rect { y, height: 1, ..area }, &spans, style);
        }
        shown
    }

    fn render_preview(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let block = Block::default()
            .borders(Borders::TOP)
            .border_style(theme.border)
            .title(Span::styled(" Preview ", theme.title));
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let lines = match (self.rows(), self.selected()) {
            (Some(Rows::Translations(r)), Some(i)) => entry_preview(&r[i], self.now(), theme),
            (Some(Rows::Lookups(r)), Some(i)) => lookup_preview(&r[i], self.now(), theme),
            _ => Vec::new(),
        };
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
    }
}

fn entry_row(f: &Found, now: i64, text_w: usize, theme: &Theme) -> Vec<Span<'static>> {
    // The first line that says something, and where it starts.
    let (mut first, mut offset) = ("", 0);
    for line in f.entry.source.split('\n') {
        if !line.trim().is_empty() {
            first = line;
            break;
        }
        offset += line.len() + 1;
    }
    let marks = shift(&f.source_marks, offset, first.len());
    let mut spans = vec![Span::styled(
        format!("{:>TIME$}  ", ago(now, f.entry.updated)),
        theme.muted,
    )];
    spans.extend(cell(&languages(&f.entry), &[], LANGS, theme.text, theme.text));
    spans.push(Span::raw("  "));
    spans.extend(cell(
        first,
        &lit(first, &marks),
        text_w,
        theme.text,
        theme.matched,
    ));
    spans
}

fn lookup_row(f: &FoundLookup, now: i64, text_w: usize, theme: &Theme) -> Vec<Span<'static>> {
    let l = &f.lookup;
    let found = match l.found {
        0 => "not found".to_owned(),
        1 => "1 translation".to_owned(),
        n => format!("{n} translations"),
    };
    let term_w = text_w.saturating_sub(width(&found) + 2);
    let mut spans = vec![Span::styled(format!("{:>TIME$}  ", ago(now, l.at)), theme.muted)];
    spans.extend(cell(
        &format!("{} → {}", l.from, l.to),
        &[],
        LANGS,
        theme.text,
        theme.text,
    ));
    spans.push(Span::raw("  "));
    spans.extend(cell(
        &l.term,
        &lit(&l.term, &f.marks),
        term_w,
        theme.text,
        theme.matched,
    ));
    spans.push(Span::styled(format!("  {found}"), theme.muted));
    spans
}

fn entry_preview(f: &Found, now: i64, theme: &Theme) -> Vec<Line<'static>> {
    let e = &f.entry;
    let mut lines = vec![Line::styled(
        format!("{} · {}", languages(e), ago(now, e.updated)),
        theme.muted,
    )];
    lines.push(Line::default());
    lines.extend(marked_lines(&e.source, &f.source_marks, theme));
    for (i, r) in e.results.iter().enumerate() {
        lines.push(Line::default());
        lines.push(Line::styled(r.to.clone(), theme.title));
        let marks = f.result_marks.get(i).map_or(&[][..], Vec::as_slice);
        lines.extend(marked_lines(&r.text, marks, theme));
    }
    lines
}

fn lookup_preview(f: &FoundLookup, now: i64, theme: &Theme) -> Vec<Line<'static>> {
    let l = &f.lookup;
    let found = match l.found {
        0 => "not found in the dictionary".to_owned(),
        n => format!("{n} translation(s) found"),
    };
    let mut lines = vec![Line::styled(
        format!("{} → {} · {}", l.from, l.to, ago(now, l.at)),
        theme.muted,
    )];
    lines.push(Line::default());
    lines.extend(marked_lines(&l.term, &f.marks, theme));
    lines.push(Line::default());
    lines.push(Line::styled(found, theme.muted));
    lines
}

/// "en → ja, zh-Hans": the source language asked for, else the detected one.
pub fn languages(e: &Entry) -> String {
    let from = e.from.as_deref().or(e.detected.as_deref()).unwrap_or("auto");
    format!("{from} → {}", e.targets.join(", "))
}

/// How long ago `at` was: "just now", "12 min ago", "3 h ago", "yesterday",
/// "4 days ago", then the date (UTC).
pub fn ago(now: i64, at: i64) -> String {
    let s = (now - at).max(0);
    match s {
        0..60 => "just now".to_owned(),
        60..3600 => format!("{} min ago", s / 60),
        3600..86_400 => format!("{} h ago", s / 3600),
        86_400..172_800 => "yesterday".to_owned(),
        172_800..604_800 => format!("{} days ago", s / 86_400),
        _ => time::OffsetDateTime::from_unix_timestamp(at).map_or_else(
            |_| "long ago".to_owned(),
            |d| format!("{}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day()),
        ),
    }
}

/// `text` as lines, the `marks` (byte ranges) lit and control characters
/// shown as spaces.
fn marked_lines(text: &str, marks: &[Range<usize>], theme: &Theme) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in text.split('\n') {
        let local = shift(marks, start, line.len());
        let mut spans = Vec::new();
        let mut at = 0;
        for r in local.iter().chain(std::iter::once(&(line.len()..line.len()))) {
            if r.start > at {
                spans.push(Span::styled(clean(&line[at..r.start]), theme.text));
            }
            if r.end > r.start {
                spans.push(Span::styled(clean(&line[r.start..r.end]), theme.matched));
            }
            at = r.end;
        }
        out.push(Line::from(spans));
        start += line.len() + 1;
    }
    out
}

fn clean(s: &str) -> String {
    s.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The parts of `marks` inside `offset..offset + len`, made relative to it.
fn shift(marks: &[Range<usize>], offset: usize, len: usize) -> Vec<Range<usize>> {
    marks
        .iter()
        .filter(|r| r.end > offset && r.start < offset + len)
        .map(|r| r.start.max(offset) - offset..r.end.min(offset + len) - offset)
        .collect()
}

/// The cluster indices of `text` (as `cells::cell` counts them: bytes of
/// ASCII text, else graphemes) that `marks` cover.
fn lit(text: &str, marks: &[Range<usize>]) -> Vec<u32> {
    if marks.is_empty() {
        return Vec::new();
    }
    let covered = |b: usize, len: usize| marks.iter().any(|r| r.start < b + len && b < r.end);
    let indices: Vec<usize> = if text.is_ascii() {
        (0..text.len()).filter(|&b| covered(b, 1)).collect()
    } else {
        text.grapheme_indices(true)
            .enumerate()
            .filter(|(_, (b, g))| covered(*b, g.len()))
            .map(|(i, _)| i)
            .collect()
    };
    indices
        .into_iter()
        .filter_map(|i| u32::try_from(i).ok())
        .collect()
}

/// `spans` on the one-row `area`, as a `Line` styled `style` draws them,
/// without the `Paragraph` around it: the rows are cut to width already, and
/// their ASCII spans (most of them) go in a cell per byte, with no grapheme
/// walk.
pub(super) fn put_line(buf: &mut Buffer, area: Rect, spans: &[Span], style: Style) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    buf.set_style(area, style);
    let mut x = area.x;
    for span in spans {
        let room = area.right().saturating_sub(x);
        if room == 0 {
            break;
        }
        let text = span.content.as_ref();
        let style = style.patch(span.style);
        if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
            let n = text.len().min(usize::from(room));
            let start = buf.index_of(x, area.y);
            for (i, cell) in buf.content[start..start + n].iter_mut().enumerate() {
                cell.set_symbol(&text[i..=i]).set_style(style);
            }
            x += n as u16;
        } else {
            x = buf.set_stringn(x, area.y, text, usize::from(room), style).0;
        }
    }
}

/// The first of `len` rows to show so `selected` is among `height` rows.
fn keep_visible(offset: usize, selected: usize, height: usize, len: usize) -> usize {
    let lowest = (selected + 1).saturating_sub(height);
    offset
        .min(len.saturating_sub(height))
        .clamp(lowest, selected.max(lowest))
}
