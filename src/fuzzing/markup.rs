//! translate's markup reader: html tags, character references, `notranslate`,
//! `<script>`/`<style>` and the dynamic dictionary.
//!
//! Input: byte 0 bit 0 says `textType=html`; the rest is the text (read as
//! UTF-8, lossily).
//!
//! Checks (the promises of `engine::markup`): the pieces tile the input
//! exactly, in order, none empty, with UTF-16 ranges that match; `Keep` is its
//! slice, and plain text has no `Keep`; `Text` is its slice in plain text and
//! the slice with the simple references decoded in html; neighbours of the same
//! kind were merged (two `Forced` stay apart); a `Forced` phrase lies inside its
//! markup and is what the markup holds there. `decode_entities` undoes
//! `escape_text`.

use super::assert_slice;
use crate::engine::markup::{Segment, decode_entities, escape_text, parse};
use crate::engine::text::utf16_len;

/// Runs one input; see the module docs.
pub fn markup(data: &[u8]) {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let html = flags & 1 != 0;
    let text = String::from_utf8_lossy(rest);
    let text = text.as_ref();
    let pieces = parse(text, html);
    let (mut byte, mut unit) = (0, 0);
    let mut previous: Option<&Segment> = None;
    for p in &pieces {
        assert_eq!(p.range.start, byte, "pieces do not tile {text:?}");
        assert!(!p.range.is_empty(), "empty piece in {text:?}");
        assert_slice(text, &p.range, "piece");
        let slice = &text[p.range.clone()];
        assert_eq!(
            p.utf16,
            unit..unit + utf16_len(slice),
            "UTF-16 range of {slice:?}"
        );
        match &p.segment {
            Segment::Keep(k) => {
                assert!(html, "Keep in plain text: {slice:?}");
                assert_eq!(k, slice);
            }
            Segment::Text(t) if html => assert_eq!(t, &decode_entities(slice), "html text {slice:?}"),
            Segment::Text(t) => assert_eq!(t, slice),
            Segment::Forced {
                source, source_range, ..
            } => {
                assert!(
                    p.range.start < source_range.start && source_range.end < p.range.end,
                    "phrase {source_range:?} outside its markup {:?}",
                    p.range
                );
                assert_slice(text, source_range, "phrase");
                let phrase = &text[source_range.clone()];
                let want = if html {
                    decode_entities(phrase)
                } else {
                    phrase.into()
                };
                assert_eq!(source, &want, "forced phrase");
            }
        }
        let same = |a: &Segment, b: &Segment| {
            matches!(
                (a, b),
                (Segment::Text(_), Segment::Text(_)) | (Segment::Keep(_), Segment::Keep(_))
            )
        };
        assert!(
            !previous.is_some_and(|prev| same(prev, &p.segment)),
            "unmerged neighbours at {:?} in {text:?}",
            p.range
        );
        previous = Some(&p.segment);
        (byte, unit) = (p.range.end, p.utf16.end);
    }
    assert_eq!(byte, text.len(), "pieces stop short in {text:?}");
    assert_eq!(decode_entities(&escape_text(text)), text, "escape then decode");
}
