//! The three pages: a lookup (terms, parts of speech, translations with a
//! confidence bar and their first back-translations), a translation (its
//! back-translations by frequency, with the examples each has) and the
//! examples (source and target side by side, the terms lit, wrapped).

use std::ops::Range;

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::draw::Ctx;
use super::page::{ExamplesPage, Load, LookupPage, Page, Row, TranslationPage, pos_name};
use crate::api::model::Example;
use crate::tui::feedback::Shown;
use crate::tui::overlays::picker::cells::width;
use crate::tui::widgets::wrap::{self, Layer, fit};

/// Cells of the confidence bar.
const BAR: usize = 8;

/// Draws `page`; how its list was scrolled, when it was drawn.
pub fn draw(frame: &mut Frame, area: Rect, page: &Page, focused: bool, ctx: &Ctx) -> Option<Shown> {
    match page {
        Page::Lookup(p) => lookup(frame, area, p, focused, ctx),
        Page::Translation(p) => translation(frame, area, p, focused, ctx),
        Page::Examples(p) => examples(frame, area, p, focused, ctx),
    }
}

/// The first row of a view `height` rows high scrolled at `scroll` that
/// keeps row `selected` of its list in sight.
fn follow(scroll: usize, selected: usize, height: usize) -> usize {
    let mut top = scroll;
    if selected < top {
        top = selected;
    } else if height > 0 && selected >= top + height {
        top = selected + 1 - height;
    }
    top
}

/// Loading and failure, drawn the same on every page.
fn waiting<T>(frame: &mut Frame, area: Rect, load: &Load<T>, what: &str, ctx: &Ctx) -> bool {
    let line = match load {
        Load::Loading => Line::styled(format!("{what}…"), ctx.theme.progress),
        Load::Failed(e) => Line::from(vec![
            Span::styled(e.clone(), ctx.theme.error),
            Span::styled("  (r asks again)", ctx.theme.muted),
        ]),
        Load::Loaded(_) => return false,
    };
    frame.render_widget(
        Paragraph::new(line).wrap(ratatui::widgets::Wrap { trim: false }),
        area,
    );
    true
}

/// The selected row's mark in the first column (seen without colours too).
fn marker(selected: bool, ctx: &Ctx) -> Span<'static> {
    match selected {
        true => Span::styled("▌", ctx.theme.focus),
        false => Span::raw(" "),
    }
}

/// `████▌   ` for a confidence in 0..=1.
pub(crate) fn bar(confidence: f64) -> String {
    const PARTS: [char; 8] = ['▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
    let eighths = (confidence.clamp(0.0, 1.0) * (BAR * 8) as f64).round() as usize;
    let mut out = "█".repeat(eighths / 8);
    if !eighths.is_multiple_of(8) {
        out.push(PARTS[eighths % 8 - 1]);
    }
    let pad = BAR - out.chars().count();
    out + &" ".repeat(pad)
}

fn lookup(frame: &mut Frame, area: Rect, p: &LookupPage, focused: bool, ctx: &Ctx) -> Option<Shown> {
    if waiting(frame, area, &p.load, "Looking up", ctx) {
        return None;
    }
    let Load::Loaded(results) = &p.load else {
        return None;
    };
    let t = ctx.theme;
    let shown = |x: &crate::api::model::DictionaryTranslation| match x.prefix_word.as_str() {
        "" => x.display_target.clone(),
        w => format!("{w} {}", x.display_target),
    };
    let col = results
        .iter()
        .flat_map(|r| &r.translations)
        .map(|x| width(&shown(x)))
        .max()
        .unwrap_or(0)
        .clamp(8, 28);
    let area = missing_note(frame, area, p, ctx);
    let height = usize::from(area.height);
    let top = follow(p.scroll, p.selected, height);
    let mut lines = Vec::with_capacity(height);
    for (i, row) in p.rows.iter().enumerate().skip(top).take(height) {
        let line = match *row {
            Row::Gap => Line::default(),
            Row::Term(k) => {
                let term = results.get(k).map_or("", |r| r.display_source.as_str());
                let term = if term.is_empty() {
                    p.terms[k].as_str()
                } else {
                    term
                };
                Line::from(vec![
                    Span::styled(term.to_owned(), t.title),
                    Span::styled(
                        format!("  {} → {}", ctx.name(&p.pair.from), ctx.name(&p.pair.to)),
                        t.muted,
                    ),
                ])
            }
            Row::NotFound(k) => Line::from(vec![
                Span::styled(
                    format!(
                        "  “{}” is not in the {} → {} dictionary",
                        p.terms[k],
                        ctx.name(&p.pair.from),
                        ctx.name(&p.pair.to)
                    ),
                    t.warning,
                ),
                Span::styled(" — check the spelling, or x swaps the languages", t.muted),
            ]),
            Row::Pos(_, pos) => Line::styled(format!("  {}", pos_name(pos)), t.muted.patch(t.title)),
            Row::Item(k, j) => {
                let Some(x) = results.get(k).and_then(|r| r.translations.get(j)) else {
                    continue;
                };
                let mut back: Vec<_> = x.back_translations.iter().collect();
                back.sort_by_key(|b| std::cmp::Reverse(b.frequency_count));
                let more = if back.len() > 3 { ", …" } else { "" };
                let back: Vec<&str> = back.iter().take(3).map(|b| b.display_text.as_str()).collect();
                let name = fit(&shown(x), col);
                let mut spans = vec![marker(focused && i == p.selected, ctx), Span::raw("   ")];
                if !x.prefix_word.is_empty() && name.starts_with(&x.prefix_word) {
                    spans.push(Span::styled(format!("{} ", x.prefix_word), t.muted));
                    spans.push(Span::styled(name[x.prefix_word.len() + 1..].to_owned(), t.text));
                } else {
                    spans.push(Span::styled(name.clone(), t.text));
                }
                spans.push(Span::raw(" ".repeat(col - width(&name) + 2)));
                spans.push(Span::styled(bar(x.confidence), t.progress));
                spans.push(Span::styled(format!(" {:.2}", x.confidence), t.muted));
                spans.push(Span::styled(format!("  ← {}{more}", back.join(", ")), t.muted));
                let line = Line::from(spans);
                match focused && i == p.selected {
                    true => line.style(t.selection),
                    false => line,
                }
            }
        };
        lines.push(line);
    }
    frame.render_widget(Paragraph::new(lines), area);
    Some(Shown { top, rows: height })
}

/// When a look-up's rows do not fit, the terms the dictionary lacks are
/// named under them, always in view: the selection moves over translations
/// only, so their own lines (after the last one, or on a page with none) could
/// not be scrolled to. Returns the area left for the rows.
fn missing_note(frame: &mut Frame, area: Rect, p: &LookupPage, ctx: &Ctx) -> Rect {
    let missing: Vec<String> = p
        .rows
        .iter()
        .filter_map(|r| match r {
            Row::NotFound(k) => Some(format!("“{}”", p.terms[*k])),
            _ => None,
        })
        .collect();
    if missing.is_empty() || p.rows.len() <= usize::from(area.height) {
        return area;
    }
    let (from, to) = (ctx.name(&p.pair.from), ctx.name(&p.pair.to));
    let head = format!("Not in the {from} → {to} dictionary: {}", missing.join(", "));
    let text = format!("{head} — check the spelling, or x swaps the languages");
    let rows = wrap::rows(&text, area.width);
    let n = rows.len().min(usize::from(area.height / 2).max(1));
    let hint = head.len()..text.len();
    let layers = [Layer {
        ranges: std::slice::from_ref(&hint),
        style: ctx.theme.muted,
    }];
    let lines = wrap::styled_rows(&text, &rows, 0..n, ctx.theme.warning, &layers);
    let [list, note] = Layout::vertical([Constraint::Min(0), Constraint::Length(n as u16)]).areas(area);
    frame.render_widget(Paragraph::new(lines), note);
    list
}

fn translation(
    frame: &mut Frame,
    area: Rect,
    p: &TranslationPage,
    focused: bool,
    ctx: &Ctx,
) -> Option<Shown> {
    let t = ctx.theme;
    let x = &p.translation;
    let [head, list] = Layout::vertical([Constraint::Length(3), Constraint::Min(1)]).areas(area);
    let prefix = match x.prefix_word.as_str() {
        "" => String::new(),
        w => format!("{w} "),
    };
    let head_lines = vec![
        Line::from(vec![
            Span::styled(p.display_source.clone(), t.title),
            Span::styled(" → ", t.muted),
            Span::styled(prefix, t.muted),
            Span::styled(x.display_target.clone(), t.title),
            Span::styled(
                format!("   {} · confidence {:.2} ", pos_name(x.pos_tag), x.confidence),
                t.muted,
            ),
            Span::styled(bar(x.confidence), t.progress),
        ]),
        Line::styled(
            "Back-translations, most frequent first · Enter: examples of the pair · d: look the word up",
            t.muted,
        ),
    ];
    frame.render_widget(Paragraph::new(head_lines), head);
    if p.back.is_empty() {
        frame.render_widget(Line::styled("No back-translations.", t.muted), list);
        return None;
    }
    let col = p
        .back
        .iter()
        .map(|b| width(&b.display_text))
        .max()
        .unwrap_or(0)
        .clamp(8, 32);
    let height = usize::from(list.height);
    let top = follow(p.scroll, p.selected, height);
    let lines: Vec<Line> = p
        .back
        .iter()
        .enumerate()
        .skip(top)
        .take(height)
        .map(|(i, b)| {
            let name = fit(&b.display_text, col);
            let examples = match b.num_examples {
                0 => Span::styled("no examples".to_owned(), t.muted),
                1 => Span::styled("1 example".to_owned(), t.text),
                n => Span::styled(format!("{n} examples"), t.text),
            };
            let line = Line::from(vec![
                marker(focused && i == p.selected, ctx),
                Span::raw(" "),
                Span::styled(name.clone(), t.text),
                Span::raw(" ".repeat(col - width(&name) + 2)),
                Span::styled(format!("frequency {:>7}", b.frequency_count), t.muted),
                Span::raw("   "),
                examples,
            ]);
            match focused && i == p.selected {
                true => line.style(t.selection),
                false => line,
            }
        })
        .collect();
    frame.render_widget(Paragraph::new(lines), list);
    Some(Shown { top, rows: height })
}

/// One side of an example: the whole sentence and where its term is.
fn sentence(prefix: &str, term: &str, suffix: &str) -> (String, Range<usize>) {
    let text = format!("{prefix}{term}{suffix}");
    (text, prefix.len()..prefix.len() + term.len())
}

fn examples(frame: &mut Frame, area: Rect, p: &ExamplesPage, focused: bool, ctx: &Ctx) -> Option<Shown> {
    let t = ctx.theme;
    let [head, body] = Layout::vertical([Constraint::Length(2), Constraint::Min(1)]).areas(area);
    frame.render_widget(
        Line::from(vec![
            Span::styled(format!("Examples · {} — {}", p.term, p.translation), t.title),
            Span::styled(
                format!("   {} | {}", ctx.name(&p.pair.from), ctx.name(&p.pair.to)),
                t.muted,
            ),
        ]),
        head,
    );
    if waiting(frame, body, &p.load, "Finding examples", ctx) {
        return None;
    }
    let Load::Loaded(list) = &p.load else { return None };
    if list.is_empty() {
        let note = format!("No example sentences for “{}” — “{}”.", p.term, p.translation);
        frame.render_widget(Line::styled(note, t.warning), body);
        return None;
    }
    // Two columns after a one-cell marker of the selected example.
    let inner = Rect {
        x: body.x + 2,
        width: body.width.saturating_sub(2),
        ..body
    };
    let [left, _, right] = Layout::horizontal([
        Constraint::Ratio(1, 2),
        Constraint::Length(2),
        Constraint::Ratio(1, 2),
    ])
    .areas(inner);
    let rtl = (ctx.rtl(&p.pair.from), ctx.rtl(&p.pair.to));
    let laid: Vec<_> = list.iter().map(|e| lay(e, left.width, right.width)).collect();
    let height = usize::from(body.height);
    // The first example shown: the selected one must fit below it.
    let mut top = p.scroll.min(p.selected);
    while top < p.selected && laid[top..=p.selected].iter().map(|l| l.height + 1).sum::<usize>() > height {
        top += 1;
    }
    let mut y = body.y;
    for (i, l) in laid.iter().enumerate().skip(top) {
        if y >= body.bottom() {
            break;
        }
        let rows = (l.height as u16).min(body.bottom() - y);
        let selected = focused && i == p.selected;
        let light = if selected { t.align_highlight } else { t.matched };
        let side = |text: &str, rows_of: &[Range<usize>], term: &Range<usize>, rtl: bool| {
            let lines = wrap::styled_rows(
                text,
                rows_of,
                0..rows_of.len(),
                t.text,
                &[Layer {
                    ranges: std::slice::from_ref(term),
                    style: light,
                }],
            );
            let para = Paragraph::new(lines);
            if rtl {
                para.alignment(Alignment::Right)
            } else {
                para
            }
        };
        let at = |r: Rect| Rect { y, height: rows, ..r };
        frame.render_widget(side(&l.source.0, &l.source_rows, &l.source.1, rtl.0), at(left));
        frame.render_widget(side(&l.target.0, &l.target_rows, &l.target.1, rtl.1), at(right));
        if selected {
            let mark = Rect {
                x: body.x,
                y,
                width: 1,
                height: rows,
            };
            frame.render_widget(
                Paragraph::new(vec![Line::styled("▌", t.focus); usize::from(rows)]),
                mark,
            );
        }
        y = y.saturating_add(rows + 1);
    }
    Some(Shown { top, rows: height })
}

struct Laid {
    source: (String, Range<usize>),
    target: (String, Range<usize>),
    source_rows: Vec<Range<usize>>,
    target_rows: Vec<Range<usize>>,
    height: usize,
}

fn lay(e: &Example, left: u16, right: u16) -> Laid {
    let source = sentence(&e.source_prefix, &e.source_term, &e.source_suffix);
    let target = sentence(&e.target_prefix, &e.target_term, &e.target_suffix);
    let source_rows = wrap::rows(&source.0, left);
    let target_rows = wrap::rows(&target.0, right);
    let height = source_rows.len().max(target_rows.len());
    Laid {
        source,
        target,
        source_rows,
        target_rows,
        height,
    }
}
