//! Marking a text with the dynamic dictionary (pure; no IO).
//!
//! [`mark`] finds each occurrence of a rule's term and wraps it as
//! `<mstrans:dictionary translation="X">term</mstrans:dictionary>`:
//! - the longest term first (then case-sensitive rules before the others),
//!   and an occurrence that overlaps one already taken is skipped;
//! - whole words: where a term starts or ends with a letter, digit or mark of
//!   a script written with spaces, the character beyond may not be one
//!   ("Ana" is not marked in "Banana"). Scripts written without spaces
//!   (Chinese, Japanese, Thai, …, Korean) have no word boundaries to find, so
//!   there a term matches as a substring ("北京" in "北京大学"), and a Latin
//!   term next to them too ("Nike" in "买了Nike鞋");
//! - as written for case-sensitive rules, in any case for the others; runs of
//!   white space match any white space run ("New York" marks "New\nYork");
//! - only in text: never inside markup that is already there (an existing
//!   dictionary entry, and with `textType=html` tags, comments and
//!   `notranslate` content, as the service's parser sees them), and in html
//!   the term is looked for in its escaped form (`AT&amp;T`);
//! - only where the service reads the markup back as the entry: tags that markup
//!   the text leaves open would take in (`<a title="x Glossa`: the inserted
//!   quotes close the attribute) are not inserted, which the marked text is read
//!   back to check (found by the glossary fuzz target).
//!
//! The phrase inside the markup is the original text itself, unchanged, so it
//! is valid for the text type as it was; the `translation` attribute has `&`,
//! `"`, `<` and `>` escaped (the service decodes references in it).
//!
//! The marked text differs from the original only by the inserted tags, so
//! the [`OffsetMap`] is a sorted list of insertions: a position inside a tag
//! maps to the tag's place in the original (an opening tag to the phrase's
//! start, a closing tag to its end).

use std::ops::Range;

use super::Rule;
use crate::engine::fold::Folded;
use crate::engine::markup::{self, Segment, escape_text};
use crate::engine::script::is_spaced_word_char;
use crate::engine::text::utf16_len;

/// One marked occurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarkedTerm {
    /// Byte range in the original text.
    pub range: Range<usize>,
    /// The rule's term (the text at `range` may differ in case and spacing).
    pub term: String,
    pub translation: String,
}

/// A text with the dynamic dictionary markup added.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marked {
    /// The text to send; the original when nothing was marked.
    pub text: String,
    /// The occurrences, by position.
    pub terms: Vec<MarkedTerm>,
    pub map: OffsetMap,
}

/// Positions in a marked text back to the original (bytes or UTF-16 units).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffsetMap {
    bytes: Vec<Insert>,
    units: Vec<Insert>,
}

/// Text inserted at `orig` in the original, found at `marked` in the marked text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Insert {
    orig: usize,
    marked: usize,
    len: usize,
}

impl OffsetMap {
    /// The original byte offset of marked byte offset `at`.
    pub fn to_original(&self, at: usize) -> usize {
        back(&self.bytes, at)
    }

    /// The original UTF-16 offset of marked UTF-16 offset `at` (the units of
    /// `proj` and `sentLen`).
    pub fn to_original_units(&self, at: usize) -> usize {
        back(&self.units, at)
    }

    /// Whether nothing was inserted.
    pub fn is_identity(&self) -> bool {
        self.bytes.is_empty()
    }
}

fn back(inserts: &[Insert], at: usize) -> usize {
    let n = inserts.partition_point(|i| i.marked <= at);
    let Some(i) = n.checked_sub(1).map(|k| inserts[k]) else {
        return at;
    };
    let after = i.marked + i.len;
    if at < after { i.orig } else { i.orig + (at - after) }
}

/// `text` with `rules`' terms marked (see the module docs).
pub fn mark(text: &str, rules: &[&Rule], html: bool) -> Marked {
    let unmarked = || Marked {
        text: text.to_owned(),
        ..Marked::default()
    };
    if rules.is_empty() || text.is_empty() {
        return unmarked();
    }
    let pieces = markup::parse(text, html);
    let searchable: Vec<Range<usize>> = pieces
        .iter()
        .filter(|p| matches!(p.segment, Segment::Text(_)))
        .map(|p| p.range.clone())
        .collect();
    let mut order: Vec<&Rule> = rules.to_vec();
    order.sort_by(|a, b| {
        let len = |r: &Rule| r.term.chars().count();
        len(b)
            .cmp(&len(a))
            .then(b.case_sensitive.cmp(&a.case_sensitive))
            .then(a.term.cmp(&b.term))
    });
    let (mut exact, mut lower) = (None, None);
    let mut taken: Vec<(Range<usize>, &Rule)> = Vec::new();
    for rule in order {
        let folded = match rule.case_sensitive {
            true => exact.get_or_insert_with(|| fold(text, false)),
            false => lower.get_or_insert_with(|| fold(text, true)),
        };
        let term = if html {
            escape_text(&rule.term)
        } else {
            rule.term.as_str().into()
        };
        let needle = fold(&term, !rule.case_sensitive).text;
        if needle.trim().is_empty() {
            continue;
        }
        let mut from = 0;
        while let Some(pos) = folded.text.get(from..).and_then(|h| h.find(&needle)) {
            let s = from + pos;
            let e = s + needle.len();
            match folded.original(s, e) {
                Some(r) if fits(text, &r, &searchable) && free(&taken, &r) => {
                    let at = taken.partition_point(|(t, _)| t.start < r.start);
                    taken.insert(at, (r, rule));
                    from = e;
                }
                _ => from = s + folded.text[s..].chars().next().map_or(1, char::len_utf8),
            }
        }
    }
    // Inserted tags can change how the text around them reads: a quote or a tag left open
    // before a term (`<a title="x Glossa`) takes them in, and then the service sees no entry.
    // Keep only the terms that read back as their entries; each round drops at least one.
    let existing = forced(&pieces, |r| r);
    while !taken.is_empty() {
        let marked = build(text, &taken);
        let read = forced(&markup::parse(&marked.text, html), |r| {
            marked.map.to_original(r.start)..marked.map.to_original(r.end)
        });
        let is_read = |r: &Range<usize>, tr: &str| read.iter().any(|(g, t)| g == r && t == tr);
        let before = taken.len();
        taken.retain(|(r, rule)| is_read(r, &rule.translation));
        if taken.len() == before {
            let intact = existing.iter().all(|(r, tr)| is_read(r, tr));
            if intact && read.len() == existing.len() + taken.len() {
                return marked;
            }
            break; // something else moved: send the text as it is
        }
    }
    unmarked()
}

/// The dictionary entries among `pieces`: their ranges (through `at`) and translations.
fn forced(
    pieces: &[markup::Piece],
    at: impl Fn(Range<usize>) -> Range<usize>,
) -> Vec<(Range<usize>, String)> {
    pieces
        .iter()
        .filter_map(|p| match &p.segment {
            Segment::Forced { translation, .. } => Some((at(p.range.clone()), translation.clone())),
            _ => None,
        })
        .collect()
}

/// Whether `r` lies inside one searchable range and is a whole word there.
fn fits(text: &str, r: &Range<usize>, searchable: &[Range<usize>]) -> bool {
    let k = searchable.partition_point(|s| s.end <= r.start);
    let inside = searchable
        .get(k)
        .is_some_and(|s| s.start <= r.start && r.end <= s.end);
    let (Some(first), Some(last)) = (
        text[r.clone()].chars().next(),
        text[r.clone()].chars().next_back(),
    ) else {
        return false;
    };
    let before = text[..r.start].chars().next_back();
    let after = text[r.end..].chars().next();
    let left = !is_spaced_word_char(first) || !before.is_some_and(is_spaced_word_char);
    let right = !is_spaced_word_char(last) || !after.is_some_and(is_spaced_word_char);
    inside && left && right
}

/// Whether `r` overlaps none of the ranges taken (sorted by start).
fn free(taken: &[(Range<usize>, &Rule)], r: &Range<usize>) -> bool {
    let k = taken.partition_point(|(t, _)| t.start < r.end);
    k == 0 || taken[k - 1].0.end <= r.start
}

fn build(text: &str, taken: &[(Range<usize>, &Rule)]) -> Marked {
    let mut out = String::with_capacity(text.len() + taken.len() * 64);
    let mut map = OffsetMap::default();
    let mut terms = Vec::with_capacity(taken.len());
    let (mut at, mut orig_units, mut marked_units) = (0usize, 0usize, 0usize);
    let mut insert =
        |out: &mut String, orig: usize, orig_units: usize, marked_units: &mut usize, tag: &str| {
            map.bytes.push(Insert {
                orig,
                marked: out.len(),
                len: tag.len(),
            });
            let len = utf16_len(tag);
            map.units.push(Insert {
                orig: orig_units,
                marked: *marked_units,
                len,
            });
            *marked_units += len;
            out.push_str(tag);
        };
    for (r, rule) in taken {
        let gap = utf16_len(&text[at..r.start]);
        out.push_str(&text[at..r.start]);
        (orig_units, marked_units) = (orig_units + gap, marked_units + gap);
        let open = format!(
            "<mstrans:dictionary translation=\"{}\">",
            escape_attribute(&rule.translation)
        );
        insert(&mut out, r.start, orig_units, &mut marked_units, &open);
        let phrase = &text[r.clone()];
        let n = utf16_len(phrase);
        out.push_str(phrase);
        (orig_units, marked_units) = (orig_units + n, marked_units + n);
        insert(
            &mut out,
            r.end,
            orig_units,
            &mut marked_units,
            "</mstrans:dictionary>",
        );
        terms.push(MarkedTerm {
            range: r.clone(),
            term: rule.term.clone(),
            translation: rule.translation.clone(),
        });
        at = r.end;
    }
    out.push_str(&text[at..]);
    Marked {
        text: out,
        terms,
        map,
    }
}

/// `&`, `"`, `<` and `>` as references, for an attribute value in quotes.
pub fn escape_attribute(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// A text with white-space runs as one space, lowercased for rules in any case.
fn fold(s: &str, lowercase: bool) -> Folded {
    Folded::new(s, |c, out| {
        if lowercase {
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    })
}
