//! The gloss translator: word-by-word translation through the dictionaries,
//! with exact alignment. It is a gloss, not fluent translation: words keep
//! their dictionary form and the source's order.
//!
//! Per source word: the longest phrase the dictionary knows, else the word,
//! else a base form (see [`lemma`]); the sense by part of speech and the
//! dictionary's ranking ([`choose`]). Words it cannot find (names, numbers)
//! are copied. Punctuation and line breaks are kept, spacing follows the target's
//! writing system ([`writer`]). Between two languages without a dictionary
//! between them, it goes through English and composes the two alignments.

mod choose;
mod writer;

#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::engine::dict::Library;
use crate::engine::segment;
use crate::engine::tokens::{Kind, tokenize};
use writer::Writer;

/// A part of the source text.
#[derive(Clone, Debug, PartialEq)]
pub enum Run {
    /// Text to translate.
    Text(Range<usize>),
    /// Text copied unchanged (markup, `notranslate` content).
    Keep(Range<usize>),
    /// A phrase with a translation imposed (dynamic dictionary markup).
    Forced {
        phrase: Range<usize>,
        translation: String,
    },
}

/// A source span and the target span it became, in UTF-16 units, `[start, end)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    pub src: Range<usize>,
    pub tgt: Range<usize>,
}

/// A translation: the text, its alignment, and per source sentence the
/// (source, target) lengths in UTF-16 units.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Output {
    pub text: String,
    pub links: Vec<Link>,
    pub sentences: Vec<(usize, usize)>,
}

/// The languages the gloss translator can translate from and into.
pub fn languages(lib: &Library) -> Vec<&str> {
    lib.languages()
}

/// Whether `from` can be glossed into `to` (directly or through English).
pub fn can_translate(lib: &Library, from: &str, to: &str) -> bool {
    lib.has_pair(from, to) || (lib.has_pair(from, "en") && lib.has_pair("en", to))
}

/// How to write the target.
#[derive(Clone, Copy, Default)]
pub struct Options<'a> {
    /// The source is html: translated words are escaped (`&`, `<`, `>`).
    pub html: bool,
    /// Rewrites each translated word or phrase of the target (profanity
    /// marking); an empty result leaves the word out.
    pub filter: Option<&'a dyn Fn(&str) -> String>,
}

/// Translates plain text.
pub fn translate_plain(lib: &Library, src: &str, from: &str, to: &str) -> Option<Output> {
    translate(lib, src, &[Run::Text(0..src.len())], from, to, Options::default())
}

/// Translates a source made of runs that cover it in order.
pub fn translate(
    lib: &Library,
    src: &str,
    runs: &[Run],
    from: &str,
    to: &str,
    opts: Options,
) -> Option<Output> {
    let cuts: Vec<usize> = segment::sentence_byte_ranges(src, Some(from))
        .iter()
        .map(|r| r.1)
        .collect();
    let (from, to) = (canonical(lib, from)?, canonical(lib, to)?);
    if lib.has_pair(from, to) {
        let (text, links, tgt_cuts) = direct(lib, src, runs, &cuts, (from, to), opts);
        return Some(Output {
            sentences: sentences(src, &cuts, &tgt_cuts),
            text,
            links,
        });
    }
    if !can_translate(lib, from, to) {
        return None;
    }
    // The pivot text is plain: markup is carried through as kept runs.
    let pivot = Options {
        html: false,
        filter: None,
    };
    let (en, first, en_cuts) = direct(lib, src, runs, &cuts, (from, "en"), pivot);
    let en_byte_cuts: Vec<usize> = en_cuts.iter().map(|&u| byte_of(&en, u)).collect();
    let en_runs = kept_runs(&en, &first, runs, src);
    let (text, second, tgt_cuts) = direct(lib, &en, &en_runs, &en_byte_cuts, ("en", to), opts);
    let links = compose(&first, &second);
    Some(Output {
        sentences: sentences(src, &cuts, &tgt_cuts),
        text,
        links,
    })
}

fn canonical<'l>(lib: &'l Library, code: &str) -> Option<&'l str> {
    lib.languages().into_iter().find(|l| l.eq_ignore_ascii_case(code))
}

/// The runs of a pivot text: the spans that first-hop links produced are text
/// to translate, the rest (kept markup, copied words) is kept as it is —
/// unless the source had no kept runs, in which case all of it is text.
/// Forced translations are final: their spans are kept too.
fn kept_runs(pivot: &str, first: &[Link], runs: &[Run], src: &str) -> Vec<Run> {
    if !runs
        .iter()
        .any(|r| matches!(r, Run::Keep(_) | Run::Forced { .. }))
    {
        return vec![Run::Text(0..pivot.len())];
    }
    let units = |b: usize| crate::engine::text::byte_to_utf16(src, b).unwrap_or(0);
    let forced: Vec<Range<usize>> = runs
        .iter()
        .filter_map(|r| match r {
            Run::Forced { phrase, .. } => Some(units(phrase.start)..units(phrase.end)),
            _ => None,
        })
        .collect();
    let mut spans: Vec<Range<usize>> = first
        .iter()
        .filter(|l| !forced.contains(&l.src))
        .map(|l| byte_of(pivot, l.tgt.start)..byte_of(pivot, l.tgt.end))
        .collect();
    spans.sort_by_key(|r| r.start);
    let mut out = Vec::new();
    let mut at = 0usize;
    for span in spans.into_iter() {
        if span.start < at {
            continue;
        }
        if span.start > at {
            out.push(Run::Keep(at..span.start));
        }
        at = span.end;
        out.push(Run::Text(span));
    }
    if at < pivot.len() {
        out.push(Run::Keep(at..pivot.len()));
    }
    out
}

fn direct(
    lib: &Library,
    src: &str,
    runs: &[Run],
    cuts: &[usize],
    (from, to): (&str, &str),
    opts: Options,
) -> (String, Vec<Link>, Vec<usize>) {
    let mut w = Writer::new(src, to, cuts, opts.html);
    let mut prev_word: Option<(Range<usize>, Option<crate::engine::dict::Pos>)> = None;
    for run in runs {
        match run {
            Run::Keep(r) => {
                w.reach(r.start);
                w.keep(r.clone());
            }
            Run::Forced { phrase, translation } => {
                w.reach(phrase.start);
                w.word(phrase.clone(), translation, true);
            }
            Run::Text(r) => {
                let mut toks = tokenize(src, r.clone());
                if writer::unspaced(from) {
                    toks = choose::split_unknown(lib, from, to, src, toks);
                }
                let mut i = 0;
                while i < toks.len() {
                    let t = &toks[i];
                    w.reach(t.range.start);
                    match t.kind {
                        Kind::Space => {
                            if src[t.range.clone()].contains('\n') {
                                prev_word = None;
                            }
                            w.space(t.range.clone());
                        }
                        Kind::Other => {
                            prev_word = None;
                            w.punct(t.range.clone());
                        }
                        Kind::Word => {
                            let prev = prev_word.as_ref().map(|(r, pos)| (&src[r.clone()], *pos));
                            let c = choose::choose(lib, from, to, src, &toks, i, prev);
                            let span = t.range.start..toks[c.end - 1].range.end;
                            let text = match (c.text, opts.filter) {
                                (Some(t), Some(f)) => Some(f(&t)).filter(|t| !t.is_empty()),
                                (t, _) => t,
                            };
                            match text {
                                Some(text) => w.word(span.clone(), &text, false),
                                None => w.drop_word(span.clone()),
                            }
                            prev_word = Some((span, c.pos));
                            i = c.end;
                            continue;
                        }
                    }
                    i += 1;
                }
            }
        }
    }
    w.finish()
}

/// (source, target) lengths per sentence, from cut points.
fn sentences(src: &str, cuts: &[usize], tgt_cuts: &[usize]) -> Vec<(usize, usize)> {
    let mut out = Vec::with_capacity(cuts.len());
    let (mut s0, mut t0) = (0usize, 0usize);
    for (&s, &t) in cuts.iter().zip(tgt_cuts) {
        let s_units = src.get(s0..s).map_or(0, crate::engine::text::utf16_len);
        out.push((s_units, t.saturating_sub(t0)));
        s0 = s;
        t0 = t;
    }
    out
}

/// The byte offset of a UTF-16 offset (clamped to the text).
fn byte_of(text: &str, unit: usize) -> usize {
    crate::engine::text::utf16_to_byte(text, unit).unwrap_or(text.len())
}

/// Alignment through a pivot: a source span goes to every target span whose
/// pivot span overlaps its own.
fn compose(first: &[Link], second: &[Link]) -> Vec<Link> {
    let mut out = Vec::new();
    for a in first {
        for b in second {
            if b.src.start < a.tgt.end && a.tgt.start < b.src.end {
                let link = Link {
                    src: a.src.clone(),
                    tgt: b.tgt.clone(),
                };
                if !out.contains(&link) {
                    out.push(link);
                }
            }
        }
    }
    out.sort_by_key(|l| (l.src.start, l.tgt.start));
    out
}
