//! Word spans: the units alignment is given for. ICU4X's word segmenter
//! (UAX #29, with dictionaries for Chinese, Japanese and Thai, which are not
//! written with spaces) finds the breaks; punctuation and spaces are not words.

use std::sync::OnceLock;

use icu_segmenter::WordSegmenter;
use icu_segmenter::options::WordBreakInvariantOptions;

use super::text::utf16_len;

fn segmenter() -> &'static icu_segmenter::WordSegmenterBorrowed<'static> {
    static SEG: OnceLock<icu_segmenter::WordSegmenterBorrowed<'static>> = OnceLock::new();
    SEG.get_or_init(|| WordSegmenter::new_auto(WordBreakInvariantOptions::default()))
}

/// Spans `[start, end)` of the word-like segments of `text`, in UTF-16 units.
pub fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut iter = segmenter().segment_str(text);
    let mut prev_byte = 0usize;
    let mut prev_unit = 0usize;
    while let Some(byte) = iter.next() {
        if byte == 0 {
            continue;
        }
        let segment = &text[prev_byte..byte];
        let unit = prev_unit + utf16_len(segment);
        if iter.is_word_like() {
            spans.push((prev_unit, unit));
        }
        prev_byte = byte;
        prev_unit = unit;
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
}
