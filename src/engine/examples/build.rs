//! Writes the stored sides of a corpus ([`super::side`] describes the format) and
//! the file that holds them. Run at build time by `examples/build_gld.rs` on the
//! bundled TSV files; tests run it on their own sentences. The same sentences give
//! the same bytes.

use super::side::{HEADER, MAGIC, Side, Span, pad4, short, spans_of, u32_at};
use super::words::hash_lowercase;

/// The magic of a file of sides.
const FILE_MAGIC: u32 = u32::from_le_bytes(*b"GEX1");

/// Collects the sentences of one side, in rank order.
#[derive(Default)]
pub(super) struct Builder {
    text: String,
    /// Where each sentence ends in `text`.
    ends: Vec<u32>,
    /// Spans stored: where each sentence's spans end, and the spans.
    spans: Option<(Vec<u32>, Vec<Span>)>,
    /// (key, sentence, word) of every indexed word.
    postings: Vec<(u32, u32, u16)>,
}

impl Builder {
    /// A builder that stores each sentence's word spans as given ([`Builder::push_spans`]).
    pub fn with_spans() -> Builder {
        Builder {
            spans: Some(Default::default()),
            ..Builder::default()
        }
    }

    /// Whether `sentence` can be pushed (the offsets stay within u32).
    pub fn fits(&self, sentence: &str) -> bool {
        let room = self
            .text
            .len()
            .checked_add(sentence.len())
            .is_some_and(|n| u32::try_from(n).is_ok());
        room && u32::try_from(self.ends.len() + 1).is_ok()
    }

    /// Appends a sentence, its words found by [`spans_of`] (a builder that
    /// stores spans stores these).
    pub fn push(&mut self, sentence: &str) {
        self.push_spans(sentence, &spans_of(sentence));
    }

    /// Appends a sentence with its words' byte ranges; a sentence that does not
    /// [`fit`](Self::fits), or a span outside it, is not added. Words past the
    /// 65,536th of a sentence are not indexed.
    pub fn push_spans(&mut self, sentence: &str, spans: &[Span]) {
        let inside = spans
            .iter()
            .all(|&(a, b)| sentence.get(a as usize..b as usize).is_some());
        if !self.fits(sentence) || !inside {
            return;
        }
        let s = self.ends.len() as u32;
        for (w, &(a, b)) in spans.iter().enumerate() {
            let (Ok(w), Some(word)) = (u16::try_from(w), sentence.get(a as usize..b as usize)) else {
                break;
            };
            self.postings.push((short(hash_lowercase(word)), s, w));
        }
        if let Some((ends, all)) = &mut self.spans {
            all.extend_from_slice(spans);
            ends.push(all.len() as u32);
        }
        self.text.push_str(sentence);
        self.ends.push(self.text.len() as u32);
    }

    /// The side's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        self.postings.sort_unstable();
        let mut keys: Vec<u32> = self.postings.iter().map(|p| p.0).collect();
        keys.dedup();
        let n_spans = self.spans.as_ref().map_or(0, |(_, all)| all.len());
        let mut out = Vec::new();
        let put = |out: &mut Vec<u8>, v: u32| out.extend_from_slice(&v.to_le_bytes());
        let header = [
            MAGIC,
            self.ends.len() as u32,
            self.text.len() as u32,
            u32::from(self.spans.is_some()),
            n_spans as u32,
            keys.len() as u32,
            self.postings.len() as u32,
            0,
        ];
        debug_assert_eq!(header.len(), HEADER);
        header.iter().for_each(|&v| put(&mut out, v));
        out.extend_from_slice(self.text.as_bytes());
        out.resize(pad4(out.len()), 0);
        put(&mut out, 0);
        self.ends.iter().for_each(|&v| put(&mut out, v));
        if let Some((ends, all)) = &self.spans {
            put(&mut out, 0);
            ends.iter().for_each(|&v| put(&mut out, v));
            for &(a, b) in all {
                put(&mut out, a);
                put(&mut out, b);
            }
        }
        keys.iter().for_each(|&v| put(&mut out, v));
        let mut at = 0;
        for &key in &keys {
            put(&mut out, at as u32);
            at += self.postings[at..].iter().take_while(|p| p.0 == key).count();
        }
        put(&mut out, at as u32);
        self.postings.iter().for_each(|p| put(&mut out, p.1));
        for p in &self.postings {
            out.extend_from_slice(&p.2.to_le_bytes());
        }
        out.resize(pad4(out.len()), 0);
        out
    }
}

/// A file holding `sides`: magic "GEX1", their number, (offset, length) of each,
/// then each side, aligned to 4.
pub(super) fn file(sides: &[Vec<u8>]) -> Vec<u8> {
    let mut out = Vec::new();
    out.extend_from_slice(&FILE_MAGIC.to_le_bytes());
    out.extend_from_slice(&(sides.len() as u32).to_le_bytes());
    let mut at = 8 + 8 * sides.len();
    for side in sides {
        out.extend_from_slice(&(at as u32).to_le_bytes());
        out.extend_from_slice(&(side.len() as u32).to_le_bytes());
        at += pad4(side.len());
    }
    for side in sides {
        out.extend_from_slice(side);
        out.resize(pad4(out.len()), 0);
    }
    out
}

/// The `count` sides of a file made by [`file`], read in place; `None` if the file
/// is damaged or holds another number of sides.
pub(super) fn open(data: &'static [u8], count: usize) -> Option<Vec<Side>> {
    let word = |i: usize| u32_at(data, 4 * i).map(|v| v as usize);
    if word(0)? != FILE_MAGIC as usize || word(1)? != count {
        return None;
    }
    (0..count)
        .map(|k| {
            let (at, len) = (word(2 + 2 * k)?, word(3 + 2 * k)?);
            Side::open(data.get(at..at.checked_add(len)?)?.into())
        })
        .collect()
}
