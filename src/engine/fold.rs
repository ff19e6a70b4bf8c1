//! Text folded for matching (the profanity lists, the glossary's terms):
//! white-space runs become one space and each character is mapped as the
//! caller says (lowercased, say), with the original byte offset of every
//! byte of the result, so a match in the folded text maps back.

use std::ops::Range;

/// A folded text and, for each of its bytes, where its character came from
/// in the original (one more entry for the end).
pub struct Folded {
    pub text: String,
    pub origin: Vec<usize>,
}

impl Folded {
    /// `s` with white-space runs as one space and every other character
    /// written by `map` (which may write several, or none).
    pub fn new(s: &str, mut map: impl FnMut(char, &mut String)) -> Self {
        let mut text = String::with_capacity(s.len());
        let mut origin = Vec::with_capacity(s.len() + 1);
        let mut in_space = false;
        for (i, c) in s.char_indices() {
            if c.is_whitespace() {
                if !in_space {
                    text.push(' ');
                    origin.push(i);
                }
                in_space = true;
                continue;
            }
            in_space = false;
            let start = text.len();
            map(c, &mut text);
            origin.extend(std::iter::repeat_n(i, text.len() - start));
        }
        origin.push(s.len());
        Self { text, origin }
    }

    /// The original range of folded `s..e`, when both ends fall on the
    /// boundaries of original characters.
    pub fn original(&self, s: usize, e: usize) -> Option<Range<usize>> {
        let o = &self.origin;
        let starts_char = s == 0 || o.get(s - 1)? != o.get(s)?;
        let ends_char = e >= self.text.len() || o.get(e - 1)? != o.get(e)?;
        (starts_char && ends_char && o[s] < o[e]).then(|| o[s]..o[e])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spaces_fold_and_offsets_point_back() {
        let f = Folded::new("Ä  b\tİ", |c, out| out.extend(c.to_lowercase()));
        assert_eq!(f.text, "ä b i\u{307}");
        assert_eq!(f.original(0, 2), Some(0..2), "ä is one original character");
        assert_eq!(f.original(5, f.text.len()), Some(6..8), "İ lowercases to two");
        assert_eq!(f.original(5, 6), None, "half of İ's folding");
    }
}
