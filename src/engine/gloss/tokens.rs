//! Source tokens for glossing: words (ICU4X's word segmenter, with its
//! dictionaries for Chinese, Japanese and Thai), whitespace and the rest
//! (punctuation, symbols), as byte ranges that cover the text.

use std::ops::Range;
use std::sync::OnceLock;

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Word,
    Space,
    Other,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub range: Range<usize>,
}

fn segmenter() -> &'static icu_segmenter::WordSegmenterBorrowed<'static> {
    static SEG: OnceLock<icu_segmenter::WordSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| WordSegmenter::new_auto(WordBreakInvariantOptions::default()))
}

/// The tokens of `text[range]`, with offsets into `text`.
pub fn tokenize(text: &str, range: Range<usize>) -> Vec<Token> {
    let Some(part) = text.get(range.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut iter = segmenter().segment_str(part);
    let mut prev = 0usize;
    while let Some(byte) = iter.next() {
        if byte == 0 {
            continue;
        }
        let seg = &part[prev..byte];
        let kind = if iter.is_word_like() {
            Kind::Word
        } else if seg.chars().all(char::is_whitespace) {
            Kind::Space
        } else {
            Kind::Other
        };
        out.push(Token {
            kind,
            range: range.start + prev..range.start + byte,
        });
        prev = byte;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn covers_the_text() {
        let text = "Hi, you 2 — 我是学生。";
        let toks = tokenize(text, 0..text.len());
        assert_eq!(toks.first().map(|t| t.range.start), Some(0));
        assert_eq!(toks.last().map(|t| t.range.end), Some(text.len()));
        assert!(toks.windows(2).all(|w| w[0].range.end == w[1].range.start));
        let kinds: Vec<Kind> = toks.iter().take(4).map(|t| t.kind).collect();
        assert_eq!(kinds, vec![Kind::Word, Kind::Other, Kind::Space, Kind::Word]);
        assert!(tokenize(text, 1000..1001).is_empty());
    }
}
