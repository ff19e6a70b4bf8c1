//! The dictd reader: an index of `headword TAB offset TAB length` lines (dictd
//! base64 numbers) over a body, each plain or gzip; then look-ups and the
//! entry layout.
//!
//! Input: bytes 0–1 are the index's length (little-endian, cut to what is
//! there); the index follows, then the body.
//!
//! Checks: every index line that is well-formed and points inside the body is
//! filed: its headword (as written, in ASCII capitals, and normalized) is
//! found, and its entries include that slice of the body; the parse fails only
//! when no line is usable (or the gzip is damaged, or the index not UTF-8);
//! `all_entries` lists each distinct span once, in body order; every entry goes
//! through `Entry::parse`, and a parsed one has a headword.

use std::io::Read;

use crate::engine::dict::dictd::{Dictd, decode_number, normalize};
use crate::engine::dict::entry::Entry;

/// Runs one input; see the module docs.
pub fn dictd(data: &[u8]) {
    let (Some(&lo), Some(&hi)) = (data.first(), data.get(1)) else {
        return;
    };
    let rest = &data[2..];
    let (index, body) = rest.split_at(usize::from(u16::from_le_bytes([lo, hi])).min(rest.len()));
    let parsed = Dictd::parse(index, body);
    let (Some(index), Some(body)) = (inflate(index), inflate(body)) else {
        assert!(parsed.is_err(), "damaged gzip read as a dictionary");
        return;
    };
    let Ok(index) = String::from_utf8(index) else {
        assert!(parsed.is_err(), "an index that is not UTF-8 read as a dictionary");
        return;
    };
    let body = String::from_utf8_lossy(&body);
    let usable: Vec<Line> = index.lines().filter_map(|l| usable(l, &body)).collect();
    let Ok(d) = parsed else {
        assert!(
            usable.is_empty(),
            "refused, but {} lines are usable",
            usable.len()
        );
        return;
    };
    assert!(!usable.is_empty() && !d.is_empty(), "read with no usable line");
    for l in &usable {
        for key in [l.word, &l.word.to_ascii_uppercase(), &normalize(l.word)] {
            assert!(d.contains(key), "headword {:?} not found as {key:?}", l.word);
        }
        assert!(d.entries(l.word).any(|e| e == l.entry), "entry of {:?}", l.word);
    }
    let mut spans: Vec<(usize, usize)> = usable.iter().map(|l| l.span).collect();
    spans.sort_unstable();
    spans.dedup();
    let all = d.all_entries();
    assert_eq!(all.len(), spans.len(), "each span once");
    for (e, &(off, len)) in all.iter().zip(&spans) {
        assert_eq!(*e, &body[off..off + len], "all_entries in body order");
        if let Some(entry) = Entry::parse(e) {
            assert!(!entry.headword.is_empty());
        }
    }
}

/// An index line the reader must file.
struct Line<'a> {
    word: &'a str,
    span: (usize, usize),
    entry: &'a str,
}

fn usable<'a>(line: &'a str, body: &'a str) -> Option<Line<'a>> {
    let mut fields = line.split('\t');
    let (word, off, len) = (fields.next()?, fields.next()?, fields.next()?);
    if word.starts_with("00database") || word.starts_with("00-database") {
        return None;
    }
    let (off, len) = (decode_number(off)? as usize, decode_number(len)? as usize);
    Some(Line {
        word,
        span: (off, len),
        entry: body.get(off..off + len)?,
    })
}

fn inflate(bytes: &[u8]) -> Option<Vec<u8>> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Some(bytes.to_vec());
    }
    let mut out = Vec::new();
    flate2::read::MultiGzDecoder::new(bytes)
        .read_to_end(&mut out)
        .ok()?;
    Some(out)
}
