//! The source and target panes.
//!
//! A read-only pane is drawn from [`wrap::rows`] of its text and styled in
//! layers: sentence shading (sentence view), then the aligned words, then
//! the word cursor; the source's glossary terms under them (in the editor
//! through `marks.rs`). Before drawing, the pane's scroll is clamped and, when
//! asked (`follow`), moved so the cursor or the first lit word is visible.

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Constraint, Direction, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders};

use crate::api::engine::Engine;
use crate::tui::feedback::{Feedback, Scroller, Shown};
use crate::tui::state::{Focus, PaneView, State};
use crate::tui::tabs::translate::align::PaneHighlight;
use crate::tui::widgets::text_pane::TextPane;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::wrap::{self, Layer};

/// The editor's frame: its title names the source language (or what was
/// detected, with its score) and its border shows the focus; the bottom
/// title carries `sourceText` when the service returned one.
fn editor_block(state: &State) -> Block<'static> {
    let style = if state.editing() {
        state.theme.focus
    } else {
        state.theme.border
    };
    let mut block = Block::default()
        .borders(Borders::ALL)
        .title(source_title(state))
        .border_style(style);
    if let Some(st) = state
        .translate
        .results
        .as_ref()
        .and_then(|r| r.source_text.as_ref())
    {
        block = block.title_bottom(Line::styled(format!(" {} ", st.text), state.theme.muted));
    }
    block
}

/// A language's English name from the translation list, if it lists it.
fn listed_name<'a>(state: &'a State, code: &str) -> Option<&'a str> {
    let listed = state.languages.as_ref()?.translation.as_ref()?;
    listed.get(code).map(|l| l.name.as_str())
}

fn language_name(state: &State, code: &str) -> String {
    listed_name(state, code).map_or_else(|| code.to_owned(), |name| format!("{name} ({code})"))
}

/// A language's English name from the list, else its code.
pub fn language_short(state: &State, code: &str) -> String {
    listed_name(state, code).unwrap_or(code).to_owned()
}

/// Where byte `at` of target pane `pane`'s text was drawn (its cell), by the
/// last frame's pane area, rows and scroll; clamped into the pane when the
/// word is scrolled out of sight.
pub fn word_anchor(state: &State, drawn: &Feedback, pane: usize, at: usize) -> Option<(u16, u16)> {
    let area = *drawn.targets.get(pane)?;
    let view = state.panes.get(pane)?;
    let k = state.translation_index(pane)?;
    let text = &state.translate.results.as_ref()?.translations.get(k)?.text;
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

fn source_title(state: &State) -> String {
    let t = &state.translate;
    let detected = t.results.as_ref().and_then(|r| r.detected_language.as_ref());
    let from = match (&t.from, detected) {
        (Some(f), _) => language_name(state, f),
        (None, Some(d)) => format!("auto: {} {:.2}", language_name(state, &d.language), d.score),
        (None, None) => "auto".to_owned(),
    };
    let saving = if state.draft_pending() {
        " · saving…"
    } else {
        ""
    };
    format!(" Source — {from}{saving} ")
}

/// Draws the source: the editor, or read-only while a target has the focus.
pub fn draw_source(frame: &mut Frame, state: &State, area: Rect, drawn: &mut Feedback) {
    drawn.source = area;
    let marks = &state.glossary_marks;
    if state.focus == Focus::Editor {
        let block = editor_block(state);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        frame.render_widget(&state.editor, inner);
        let style = state.theme.glossary;
        super::marks::paint(frame.buffer_mut(), inner, &state.editor, &marks.ranges, style);
        return;
    }
    let t = &state.translate;
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.border)
        .title(source_title(state));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let text = state.source_shown();
    let text: &str = &text;
    let lit = t.highlight.as_ref().map_or(&[][..], |h| h.source.spans());
    let sentences = if state.sentence_view {
        t.alignment.as_ref().and_then(|a| a.source_sentences())
    } else {
        None
    };
    let current = current_sentence(state);
    let look = Look {
        lit,
        cursor: None,
        sentences,
        current,
        rtl: false,
        glossary: if marks.text == text { &marks.ranges } else { &[] },
    };
    let shown = draw_text(frame, &state.theme, &state.source_view, text, inner, &look, &[]);
    drawn.shown(Scroller::Source, shown);
}

/// The sentence the focused cursor is in (sentence view).
fn current_sentence(state: &State) -> Option<usize> {
    let a = state.translate.alignment.as_ref()?;
    match state.focus {
        Focus::Editor => a.source_sentence_at(state.cursor_byte()),
        Focus::Target(i) => a.target_sentence_at(state.translation_index(i)?, state.panes[i].cursor?),
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

/// `n` panes side by side, or stacked when each would be under 30 cells
/// (the Translate tab's targets, the Transliterate tab's previews).
pub fn split_panes(area: Rect, n: usize) -> std::rc::Rc<[Rect]> {
    let n = n.max(1);
    let direction = if side_by_side(area.width, n) {
        Direction::Horizontal
    } else {
        Direction::Vertical
    };
    Layout::default()
        .direction(direction)
        .constraints(vec![Constraint::Ratio(1, n as u32); n])
        .split(area)
}

/// Whether `n` panes go side by side in `width` cells (30 cells each).
pub fn side_by_side(width: u16, n: usize) -> bool {
    usize::from(width) >= 30 * n.max(1)
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
/// [`super::layout::translate`]); their inner areas, in screen order, and
/// their scroll go to `drawn`.
pub fn draw_targets(frame: &mut Frame, state: &State, areas: &[Rect], drawn: &mut Feedback) {
    let t = &state.translate;
    let n = t.targets.len().max(1);
    let mut hits = Vec::with_capacity(n);
    for ((i, view), &area) in state.panes.iter().enumerate().zip(areas) {
        let k = state.translation_index(i);
        let tr = k.and_then(|k| Some(&t.results.as_ref()?.translations[k]));
        let highlight = k.and_then(|k| t.highlight.as_ref()?.targets.get(k));
        let focused = state.focus == Focus::Target(i);
        let mut flags = Vec::new();
        match k.and_then(|k| state.engine(k)) {
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
            state.theme.focus
        } else {
            state.theme.border
        };
        let block = Block::default()
            .borders(Borders::ALL)
            .border_style(border)
            .title(title);
        let inner = block.inner(area);
        frame.render_widget(block, area);
        hits.push(inner);
        let Some(tr) = tr else {
            let note = if state.translate.results.is_some() {
                "(not in these results yet)"
            } else {
                "(nothing yet)"
            };
            frame.render_widget(Line::styled(note, state.theme.muted), inner);
            continue;
        };
        let align = t.alignment.as_ref();
        let cursor = match (focused, view.cursor) {
            (true, Some(c)) => k.zip(align).and_then(|(k, a)| a.target_word_at(k, c)),
            _ => None,
        };
        let sentences = match state.sentence_view {
            true => k.zip(align).and_then(|(k, a)| a.target_sentences(k)),
            false => None,
        };
        let mut extra = Vec::new();
        // A script filled in for the service's sake (the target's own) repeats the text.
        if let Some(tl) = tr.transliteration.as_ref().filter(|tl| tl.text != tr.text) {
            extra.push(Line::styled(format!("— {} —", tl.script), state.theme.muted));
            let rows = wrap::rows(&tl.text, inner.width);
            extra.extend(wrap::styled_rows(
                &tl.text,
                &rows,
                0..rows.len(),
                state.theme.muted,
                &[],
            ));
        }
        let look = Look {
            lit: highlight.map_or(&[][..], PaneHighlight::spans),
            cursor,
            sentences,
            current: current_sentence(state),
            rtl: view.rtl,
            glossary: &[],
        };
        let shown = draw_text(frame, &state.theme, view, &tr.text, inner, &look, &extra);
        drawn.shown(Scroller::Target(i), shown);
    }
    drawn.targets = hits;
}
