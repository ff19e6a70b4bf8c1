//! The Translate tab drawn: the source and target panes (`layout.rs` sizes
//! them), the status line (`status.rs`).
//!
//! A read-only pane is drawn from [`wrap::rows`] of its text and styled in
//! layers: sentence shading (sentence view), then the aligned words, then
//! the word cursor; the source's glossary terms under them (in the editor
//! through `marks.rs`). Before drawing, the pane's scroll is clamped and, when
//! asked (`follow`), moved so the cursor or the first lit word is visible.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders};

pub mod layout;
#[cfg(test)]
mod layout_tests;
mod marks;
mod status;

pub use self::status::draw_status;

use super::{Focus, Translate};
use crate::api::engine::Engine;
use crate::api::languages::LanguagesResponse;
use crate::tui::component::Shared;
use crate::tui::feedback::{Feedback, Scroller, Shown};
use crate::tui::tabs::translate::align::PaneHighlight;
use crate::tui::widgets::pane_view::PaneView;
use crate::tui::widgets::text_pane::TextPane;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::{self, Layer};

/// The editor's frame: its title names the source language (or what was
/// detected, with its score) and its border shows the focus; the bottom
/// title carries `sourceText` when the service returned one.
fn editor_block(t: &Translate, shared: &Shared) -> Block<'static> {
    let style = if t.focus == Focus::Editor && !shared.covered {
        shared.theme.focus
    } else {
        shared.theme.border
    };
    let mut block = Block::default()
        .borders(Borders::ALL)
        .title(source_title(t, shared.languages))
        .border_style(style);
    if let Some(st) = t.results.as_ref().and_then(|r| r.source_text.as_ref()) {
        block = block.title_bottom(Line::styled(format!(" {} ", st.text), shared.theme.muted));
    }
    block
}

/// A language's English name from the translation list, if it lists it.
fn listed_name<'a>(languages: Option<&'a LanguagesResponse>, code: &str) -> Option<&'a str> {
    let listed = languages?.translation.as_ref()?;
    listed.get(code).map(|l| l.name.as_str())
}

fn language_name(languages: Option<&LanguagesResponse>, code: &str) -> String {
    listed_name(languages, code).map_or_else(|| code.to_owned(), |name| format!("{name} ({code})"))
}

/// A language's English name from the list, else its code.
pub fn language_short(languages: Option<&LanguagesResponse>, code: &str) -> String {
    listed_name(languages, code).unwrap_or(code).to_owned()
}

/// Where byte `at` of target pane `pane`'s text was drawn (its cell), by the
/// last frame's pane area, rows and scroll; clamped into the pane when the
/// word is scrolled out of sight.
pub fn word_anchor(t: &Translate, drawn: &Feedback, pane: usize, at: usize) -> Option<(u16, u16)> {
    let area = *drawn.targets.get(pane)?;
    let view = t.panes.get(pane)?;
    let k = t.translation_index(pane)?;
    let text = &t.results.as_ref()?.translations.get(k)?.text;
    let rows = view.rows(text, area.width);
    let row = wrap::row_of(&rows, at);
    let line = rows.get(row)?;
    let before = wrap::str_width(text.get(line.start..at.max(line.start))?);
    let shift = match view.rtl {
        true => usize::from(area.width).saturating_sub(wrap::str_width(text.get(line.clone())?)),
        false => 0,
    };
    let dy = row
        .saturating_sub(view.scroll)
        .min(usize::from(area.height.saturating_sub(1)));
    let dx = (before + shift).min(usize::from(area.width.saturating_sub(1)));
    Some((area.x + dx as u16, area.y + dy as u16))
}

fn source_title(t: &Translate, languages: Option<&LanguagesResponse>) -> String {
    let detected = t.results.as_ref().and_then(|r| r.detected_language.as_ref());
    let from = match (&t.from, detected) {
        (Some(f), _) => language_name(languages, f),
        // A score of 0 is the service saying it found no language (digits, symbols).
        (None, Some(d)) if d.score <= 0.0 => "auto: no language to detect".to_owned(),
        (None, Some(d)) => format!("auto: {} {:.2}", language_name(languages, &d.language), d.score),
        (None, None) => "auto".to_owned(),
    };
    let saving = if t.draft_pending() { " · saving…" } else { "" };
    match t.file.as_ref().and_then(|f| f.file_name()) {
        Some(name) => format!(" Source {} — {from}{saving} ", name.to_string_lossy()),
        None => format!(" Source — {from}{saving} "),
    }
}

/// Draws the source: the editor, or read-only while a target has the focus.
pub fn draw_source(frame: &mut Frame, t: &Translate, shared: &Shared, area: Rect, drawn: &mut Feedback) {
    drawn.source = area;
    let marks = &t.glossary_marks;
    if t.focus == Focus::Editor {
        let block = editor_block(t, shared);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        frame.render_widget(&t.editor, inner);
        let style = shared.theme.glossary;
        marks::paint(frame.buffer_mut(), inner, &t.editor, &marks.ranges, style);
        return;
    }
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(shared.theme.border)
        .title(source_title(t, shared.languages));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let text = t.source_shown();
    let text: &str = &text;
    let lit = t.highlight.as_ref().map_or(&[][..], |h| h.source.spans());
    let sentences = if t.sentence_view {
        t.alignment.as_ref().and_then(|a| a.source_sentences())
    } else {
        None
    };
    let current = current_sentence(t);
    let look = Look {
        lit,
        cursor: None,
        sentences,
        current,
        rtl: false,
        glossary: if marks.text == text { &marks.ranges } else { &[] },
    };
    let shown = draw_text(frame, shared.theme, &t.source_view, text, inner, &look, &[]);
    drawn.shown(Scroller::Source, shown);
}

/// The sentence the focused cursor is in (sentence view).
fn current_sentence(t: &Translate) -> Option<usize> {
    let a = t.alignment.as_ref()?;
    match t.focus {
        Focus::Editor => a.source_sentence_at(t.cursor_byte()),
        Focus::Target(i) => a.target_sentence_at(t.translation_index(i)?, t.panes[i].cursor?),
    }
}

/// How a text pane is styled.
struct Look<'a> {
    lit: &'a [Range<usize>],
    cursor: Option<Range<usize>>,
    sentences: Option<&'a [Range<usize>]>,
    current: Option<usize>,
    rtl: bool,
    /// Terms the glossary forces (source only).
    glossary: &'a [Range<usize>],
}

/// Draws `text` in `area` with `look`, scrolled by `view`; `extra` lines
/// (the transliteration) follow the text and scroll with it.
fn draw_text(
    frame: &mut Frame,
    theme: &Theme,
    view: &PaneView,
    text: &str,
    area: Rect,
    look: &Look,
    extra: &[Line<'static>],
) -> Shown {
    let odd: Vec<Range<usize>>;
    let current: Vec<Range<usize>>;
    let cursor: Vec<Range<usize>> = look.cursor.clone().into_iter().collect();
    let mut layers = Vec::new();
    if let Some(s) = look.sentences {
        odd = s.iter().skip(1).step_by(2).cloned().collect();
        current = look.current.and_then(|i| s.get(i)).cloned().into_iter().collect();
        layers.push(Layer {
            ranges: &odd,
            style: theme.sentence[1],
        });
        layers.push(Layer {
            ranges: &current,
            style: theme.title,
        });
    }
    layers.push(Layer {
        ranges: look.glossary,
        style: theme.glossary,
    });
    layers.push(Layer {
        ranges: look.lit,
        style: theme.align_highlight,
    });
    layers.push(Layer {
        ranges: &cursor,
        style: theme.cursor_word,
    });
    let pane = TextPane {
        text,
        layers: &layers,
        extra,
        rtl: look.rtl,
        follow: look.cursor.as_ref().or(look.lit.first()).map(|r| r.start),
    };
    pane.draw(frame, theme, view, area).shown
}

/// The title's label of a target the local service glossed word by word.
pub const WORD_BY_WORD: &str = "word by word";
/// The title's label of a target the local service had Apertium translate
/// (rule-based machine translation, no alignment).
pub const APERTIUM: &str = "Apertium";

/// A target pane's title in `room` cells: the language, then `flags` (most
/// important first). When it does not fit, the language's name goes first
/// (native, then English), then the flags from the least important, so the
/// code and the first flag (the gloss label) stay.
fn pane_title(view: &PaneView, flags: &[&str], room: usize) -> String {
    let title = |head: &str, flags: &[&str]| {
        let mut t = format!(" {head} ");
        for f in flags {
            t.push_str(&format!("· {f} "));
        }
        t
    };
    let heads = [
        view.label.as_str(),
        view.short[0].as_str(),
        view.short[1].as_str(),
    ];
    let code = heads[2];
    let wider = heads.iter().map(|h| title(h, flags));
    let fewer = (1..flags.len()).rev().map(|n| title(code, &flags[..n]));
    wider
        .chain(fewer)
        .find(|t| wrap::str_width(t) <= room)
        .unwrap_or_else(|| wrap::fit(&title(code, &flags[..flags.len().min(1)]), room))
}

/// Draws the target panes in `areas` (one per target,
/// [`layout::areas`]); their inner areas, in screen order, and
/// their scroll go to `drawn`.
pub fn draw_targets(frame: &mut Frame, t: &Translate, shared: &Shared, areas: &[Rect], drawn: &mut Feedback) {
    let n = t.targets.len().max(1);
    let mut hits = Vec::with_capacity(n);
    for ((i, view), &area) in t.panes.iter().enumerate().zip(areas) {
        let k = t.translation_index(i);
        let tr = k.and_then(|k| Some(&t.results.as_ref()?.translations[k]));
        let highlight = k.and_then(|k| t.highlight.as_ref()?.targets.get(k));
        let focused = t.focus == Focus::Target(i);
        let mut flags = Vec::new();
        match k.and_then(|k| t.engine(k)) {
            Some(Engine::Gloss) => flags.push(WORD_BY_WORD),
            Some(Engine::Apertium) => flags.push(APERTIUM),
            _ => {}
        }
        match highlight {
            Some(PaneHighlight::Unavailable) => flags.push("no alignment"),
            Some(PaneHighlight::NoCounterpart) => flags.push("no counterpart"),
            _ => {}
        }
        if view.rtl {
            flags.push("RTL");
        }
        let room = usize::from(area.width.saturating_sub(2));
        let title = pane_title(view, &flags, room);
        let border = if focused {
            shared.theme.focus
        } else {
            shared.theme.border
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        hits.push(inner);
        let Some(tr) = tr else {
            let note = if t.results.is_some() {
                "(not in these results yet)"
            } else {
                "(nothing yet)"
            };
            frame.render_widget(Line::styled(note, shared.theme.muted), inner);
            continue;
        };
        let align = t.alignment.as_ref();
        let cursor = match (focused, view.cursor) {
            (true, Some(c)) => k.zip(align).and_then(|(k, a)| a.target_word_at(k, c)),
            _ => None,
        };
        let sentences = match t.sentence_view {
            true => k.zip(align).and_then(|(k, a)| a.target_sentences(k)),
            false => None,
        };
        let mut extra = Vec::new();
        // A script filled in for the service's sake (the target's own) repeats the text.
        if let Some(tl) = tr.transliteration.as_ref().filter(|tl| tl.text != tr.text) {
            extra.push(Line::styled(format!("— {} —", tl.script), shared.theme.muted));
            let rows = wrap::rows(&tl.text, inner.width);
            extra.extend(wrap::styled_rows(
                &tl.text,
                &rows,
                0..rows.len(),
                shared.theme.muted,
                &[],
            ));
        }
        round_trip_lines(t, k, shared.theme, inner.width, &mut extra);
        let look = Look {
            lit: highlight.map_or(&[][..], PaneHighlight::spans),
            cursor,
            sentences,
            current: current_sentence(t),
            rtl: view.rtl,
            glossary: &[],
        };
        let shown = draw_text(frame, shared.theme, view, &tr.text, inner, &look, &extra);
        drawn.shown(Scroller::Target(i), shown);
    }
    drawn.targets = hits;
}

/// Under a target, with the round trip on: its back-translation, the words that
/// differ from the source in the warning style (or that it is on its way).
fn round_trip_lines(
    t: &Translate,
    k: Option<usize>,
    theme: &Theme,
    width: u16,
    extra: &mut Vec<Line<'static>>,
) {
    if !t.trips.on {
        return;
    }
    let Some(trip) = k.and_then(|k| t.round_trip(k)) else {
        if t.trips.waiting {
            extra.push(Line::styled("— round trip… —", theme.progress));
        }
        return;
    };
    let words = |n: usize| {
        if n == 1 {
            "1 word".to_owned()
        } else {
            format!("{n} words")
        }
    };
    let head = match (trip.changed.len(), trip.missing.len()) {
        (0, 0) => "— back: the same words —".to_owned(),
        (c, 0) => format!("— back: {} new —", words(c)),
        (0, m) => format!("— back: {} missing: {} —", words(m), trip.missing.join(", ")),
        (c, m) => format!(
            "— back: {} new, {} missing: {} —",
            words(c),
            words(m),
            trip.missing.join(", ")
        ),
    };
    extra.push(Line::styled(head, theme.muted));
    let rows = wrap::rows(&trip.text, width);
    let layers = [Layer {
        ranges: &trip.changed,
        style: theme.warning,
    }];
    extra.extend(wrap::styled_rows(
        &trip.text,
        &rows,
        0..rows.len(),
        theme.text,
        &layers,
    ));
}
