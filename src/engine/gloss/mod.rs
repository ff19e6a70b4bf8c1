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
mod lemma;
mod tokens;
mod writer;

#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::engine::dict::Library;
use crate::engine::segment;
use tokens::{Kind, tokenize};
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

/// Translates plain text.
pub fn translate_plain(lib: &Library, src: &str, from: &str, to: &str) -> Option<Output> {
    translate(lib, src, &[Run::Text(0..src.len())], from, to)
}

/// Translates a source made of runs that cover it in order.
pub fn translate(lib: &Library, src: &str, runs: &[Run], from: &str, to: &str) -> Option<Output> {
    let cuts: Vec<usize> = segment::sentence_byte_ranges(src, Some(from))
        .iter()
        .map(|r| r.1)
        .collect();
    let (from, to) = (canonical(lib, from)?, canonical(lib, to)?);
    if lib.has_pair(from, to) {
        let (text, links, tgt_cuts) = direct(lib, src, runs, &cuts, from, to);
        return Some(Output {
            sentences: sentences(src, &cuts, &tgt_cuts),
            text,
            links,
        });
    }
    if !can_translate(lib, from, to) {
        return None;
    }
    let (en, first, en_cuts) = direct(lib, src, runs, &cuts, from, "en");
    let en_byte_cuts: Vec<usize> = en_cuts.iter().map(|&u| byte_of(&en, u)).collect();
    let (text, second, tgt_cuts) = direct(lib, &en, &[Run::Text(0..en.len())], &en_byte_cuts, "en", to);
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

fn direct(
    lib: &Library,
    src: &str,
    runs: &[Run],
    cuts: &[usize],
    from: &str,
    to: &str,
) -> (String, Vec<Link>, Vec<usize>) {
    let mut w = Writer::new(src, to, cuts);
    let mut prev_word: Option<(Range<usize>, Option<crate::engine::dict::Pos>)> = None;
    for run in runs {
        match run {
            Run::Keep(r) => {
                w.reach(r.start);
                w.keep(r.clone());
            }
            Run::Forced { phrase, translation } => {
                w.reach(phrase.start);
                w.word(phrase.clone(), translation);
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
                            match c.text {
                                Some(text) => w.word(span.clone(), &text),
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
