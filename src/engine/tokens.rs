//! Tokens of a text and word spans, the units alignment is given for.
//! ICU4X's word segmenter (UAX #29, with dictionaries for Chinese, Japanese and
//! Thai, which are not written with spaces) finds the breaks; punctuation and
//! spaces are not words.

use std::ops::Range;
use std::sync::OnceLock;

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;

use super::text::utf16_len;

fn segmenter() -> &'static icu_segmenter::WordSegmenterBorrowed<'static> {
    static SEG: OnceLock<icu_segmenter::WordSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| WordSegmenter::new_auto(WordBreakInvariantOptions::default()))
}

/// The dictionary-based segmenter alone (Chinese, Japanese, Thai words), for
/// text known to be in one of those scripts.
pub fn dictionary_segmenter() -> &'static icu_segmenter::WordSegmenterBorrowed<'static> {
    static SEG: OnceLock<icu_segmenter::WordSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| WordSegmenter::new_dictionary(WordBreakInvariantOptions::default()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Word,
    Space,
    Other,
}

/// A word, a run of whitespace, or anything else (punctuation, symbols).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub range: Range<usize>,
}

/// The tokens of `text[range]` as byte ranges into `text`, covering it.
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
        // ICU4X calls some Devanagari words (`का`, `नहीं`, `करता`: a spacing
        // vowel sign at the end) not word-like; a segment with a letter or a
        // digit is a word whatever the rule status says.
        let kind = if iter.is_word_like() || seg.chars().any(char::is_alphanumeric) {
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

/// Spans `[start, end)` of the word-like segments of `text`, in UTF-16 units.
pub fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let (mut byte, mut unit) = (0usize, 0usize);
    for token in tokenize(text, 0..text.len()) {
        let end = unit + utf16_len(&text[byte..token.range.end]);
        if token.kind == Kind::Word {
            spans.push((unit, end));
        }
        (byte, unit) = (token.range.end, end);
    }
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_and_punctuation_are_not_words() {
        assert_eq!(
            word_spans("It is a beautiful morning."),
            vec![(0, 2), (3, 5), (6, 7), (8, 17), (18, 25)]
        );
    }

    #[test]
    fn utf16_offsets_and_unspaced_scripts() {
        // 😀 is two UTF-16 units.
        assert_eq!(word_spans("😀 hi"), vec![(3, 5)]);
        let zh = word_spans("我是学生");
        assert!(zh.len() >= 2, "{zh:?}");
        assert_eq!(zh.last().map(|s| s.1), Some(4));
        assert!(word_spans("").is_empty());
    }

    #[test]
    fn devanagari_words_ending_in_a_vowel_sign_are_words() {
        // ICU4X's rule status calls का, नहीं and करता not word-like.
        assert_eq!(
            word_spans("यह नहीं करता का"),
            vec![(0, 2), (3, 7), (8, 12), (13, 15)]
        );
    }

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
