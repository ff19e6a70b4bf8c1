//! The gloss translator: word-by-word translation through the dictionaries,
//! with exact alignment. It is a gloss, not fluent translation: words keep
//! their dictionary form and the source's order.
//!
//! Per source word: the longest phrase the dictionary knows, else the word,
//! else a base form (see [`lemma`]); the sense by part of speech and the
//! dictionary's ranking ([`choose`]). Numbers, URLs, e-mail addresses,
//! code-like tokens and words in another script are copied and aligned to
//! themselves ([`passthrough`]), as are words it cannot find (names). Punctuation and line breaks are kept, spacing follows the target's
//! writing system ([`writer`]). Between two languages without a dictionary
//! between them, it goes through English and composes the two alignments.

mod adjective;
mod bulgarian;
mod choose;
mod closed;
mod compound;
mod copula;
mod cues;
mod direct;
mod hindi;
mod inflect;
mod japanese_verb;
mod loanword;
mod merge;
mod negation;
mod passthrough;
mod postpose;
mod rank;
mod run;
mod senses;
mod verb_final;
mod writer;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_negation;
#[cfg(test)]
mod tests_target;

use std::ops::Range;

use crate::engine::dict::Library;
use crate::engine::segment;
use direct::direct;

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
        let (text, links, tgt_cuts, _) = direct(lib, src, runs, &cuts, (from, to), opts);
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
    let (en, first, en_cuts, copied) = direct(lib, src, runs, &cuts, (from, "en"), pivot);
    let en_byte_cuts: Vec<usize> = en_cuts.iter().map(|&u| byte_of(&en, u)).collect();
    let en_runs = copied_runs(&en, kept_runs(&en, &first, runs, src), &copied);
    let (text, second, tgt_cuts, _) = direct(lib, &en, &en_runs, &en_byte_cuts, ("en", to), opts);
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

/// The pivot's runs with what the first hop copied (UTF-16 spans of the pivot)
/// imposed as itself, so that the second hop copies it too (`Google` is no
/// English word to translate) and aligns it.
fn copied_runs(pivot: &str, runs: Vec<Run>, copied: &[Range<usize>]) -> Vec<Run> {
    let copied: Vec<Range<usize>> = copied
        .iter()
        .map(|u| byte_of(pivot, u.start)..byte_of(pivot, u.end))
        .filter(|b| b.start < b.end)
        .collect();
    let mut out = Vec::with_capacity(runs.len() + 2 * copied.len());
    for run in runs {
        let Run::Text(r) = run else {
            out.push(run);
            continue;
        };
        let mut at = r.start;
        for c in copied.iter().filter(|c| r.start <= c.start && c.end <= r.end) {
            if c.start < at {
                continue;
            }
            if c.start > at {
                out.push(Run::Text(at..c.start));
            }
            out.push(Run::Forced {
                phrase: c.clone(),
                translation: pivot[c.clone()].to_owned(),
            });
            at = c.end;
        }
        if at < r.end {
            out.push(Run::Text(at..r.end));
        }
    }
    out
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
