//! Keeping translate's markup whole when an element is cut.
//!
//! A cut inside `<span class="notranslate">…</span>` would send the second half
//! of the span's text to be translated; a cut inside a tag or `&amp;` would send
//! broken markup. The ranges that must stay whole come from the same markup
//! parser the local service uses (`engine::markup`), so both sides agree on
//! what markup is: every `Keep` piece (tags, comments, notranslate and
//! script/style elements) and `Forced` piece (a dynamic-dictionary entry), and
//! in html every character reference inside text.

use std::ops::Range;

use super::Markup;
use super::cuts::{self, Atom};
use crate::api::limits::char_count;
use crate::engine::markup::{Segment, parse};

/// Byte ranges of `text` that no cut may fall inside, sorted and disjoint.
pub(super) fn protected(text: &str, markup: Markup) -> Vec<Range<usize>> {
    if markup == Markup::None || !text.contains(['<', '&']) {
        return Vec::new();
    }
    let html = markup == Markup::Html;
    let mut out = Vec::new();
    for piece in parse(text, html) {
        match piece.segment {
            Segment::Text(_) if html => references(text, piece.range, &mut out),
            Segment::Text(_) => {}
            Segment::Keep(_) | Segment::Forced { .. } => out.push(piece.range),
        }
    }
    out
}

/// `&name;` and `&#123;` references in `text[range]`.
fn references(text: &str, range: Range<usize>, out: &mut Vec<Range<usize>>) {
    let bytes = text.as_bytes();
    let mut i = range.start;
    while i < range.end {
        if bytes[i] == b'&' {
            let body = bytes[i + 1..range.end]
                .iter()
                .take(33)
                .take_while(|b| b.is_ascii_alphanumeric() || **b == b'#')
                .count();
            if body > 0 && bytes.get(i + 1 + body) == Some(&b';') {
                out.push(i..i + body + 2);
                i += body + 2;
                continue;
            }
        }
        i += 1;
    }
}

/// The atoms of `text` (see `cuts.rs`) with no cut inside `markup`: a cut that
/// falls inside a protected range moves to the range's start (or, when the
/// previous cut is already there, its end). A run that grows past `max` that
/// way is cut again by the plain rules: markup longer than a request has to be
/// cut somewhere.
pub(super) fn atoms(text: &str, max: usize, markup: Markup) -> Option<Vec<Atom>> {
    let base = cuts::atoms(text, max)?;
    let protected = protected(text, markup);
    if protected.is_empty() {
        return Some(base);
    }
    let mut ends = Vec::with_capacity(base.len());
    let (mut next, mut last) = (0, 0);
    for atom in &base {
        let mut end = atom.end;
        while next < protected.len() && protected[next].end <= end {
            next += 1;
        }
        if let Some(r) = protected.get(next)
            && r.start < end
        {
            end = if r.start > last { r.start } else { r.end };
        }
        if end > last {
            ends.push(end);
            last = end;
        }
    }
    let mut out = Vec::with_capacity(ends.len());
    let mut start = 0;
    for end in ends {
        let units = char_count(&text[start..end]);
        if units <= max {
            out.push(Atom { end, units });
        } else {
            for a in cuts::atoms(&text[start..end], max)? {
                out.push(Atom {
                    end: start + a.end,
                    units: a.units,
                });
            }
        }
        start = end;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::Limits;
    use crate::client::batch::{Oversize, plan_markup};

    fn pieces(text: &str, max: usize, markup: Markup) -> Vec<String> {
        let limits = Limits {
            max_elements: 100,
            max_element_chars: max,
            max_request_chars: 10_000,
        };
        let plan = plan_markup(&[text], limits, 1, Oversize::Split, markup).unwrap();
        plan.pieces().map(|p| p.text(text).to_owned()).collect()
    }

    #[test]
    fn a_notranslate_span_is_never_cut_open() {
        let text = "One two. <span class=\"notranslate\">Keep this. And this.</span> Three four. Five.";
        let cut = pieces(text, 70, Markup::Html);
        assert_eq!(cut.concat(), text);
        assert!(cut.len() > 1, "{cut:?}");
        assert!(
            cut.iter()
                .any(|p| p.contains("<span class=\"notranslate\">Keep this. And this.</span>")),
            "{cut:?}"
        );
        // Without markup the same limits cut inside the span.
        let plain = pieces(text, 70, Markup::None);
        assert!(
            !plain.iter().any(|p| p.contains("Keep this. And this.</span>")),
            "{plain:?}"
        );
    }

    #[test]
    fn tags_references_and_dictionary_entries_stay_whole() {
        let text = "Fish &amp; chips. <b title=\"A. B. C.\">Bold.</b> The word \
                    <mstrans:dictionary translation=\"wiki\">wiki. page</mstrans:dictionary> here.";
        for max in [70, 80, 100] {
            let cut = pieces(text, max, Markup::Html);
            assert_eq!(cut.concat(), text);
            for p in &cut {
                assert_eq!(
                    p.matches('<').count(),
                    p.matches('>').count(),
                    "max {max}: {cut:?}"
                );
                assert_eq!(
                    p.matches('&').count(),
                    p.matches(';').count(),
                    "max {max}: {cut:?}"
                );
            }
        }
        let entity = pieces("AT&amp;T. More words come here.", 8, Markup::Html);
        assert!(entity.iter().any(|p| p.contains("&amp;")), "{entity:?}");
        let plain = pieces(text, 70, Markup::Plain);
        assert!(
            plain
                .iter()
                .any(|p| p
                    .contains("<mstrans:dictionary translation=\"wiki\">wiki. page</mstrans:dictionary>")),
            "{plain:?}"
        );
    }

    #[test]
    fn markup_longer_than_a_request_is_still_cut() {
        let text = format!("<span class=\"notranslate\">{}</span>", "Word. ".repeat(40));
        let cut = pieces(&text, 50, Markup::Html);
        assert_eq!(cut.concat(), text);
        assert!(cut.len() > 4);
    }
}
