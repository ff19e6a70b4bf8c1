//! UTF-16 helpers.
//!
//! The real Translator service runs on .NET, so every length and index it reports
//! (`sentLen`, alignment offsets, ...) counts UTF-16 code units: a character outside
//! the Basic Multilingual Plane (an emoji such as 😀) counts 2, a CJK ideograph counts 1.
//! Rust strings are UTF-8, so these helpers convert between byte offsets and UTF-16
//! code-unit offsets. None of them panics: out-of-range or mid-character offsets are
//! clamped or reported as `None`.

/// Number of UTF-16 code units needed to encode `s`.
pub fn utf16_len(s: &str) -> usize {
    s.chars().map(char::len_utf16).sum()
}

/// UTF-16 offset of the byte offset `byte` in `s`.
///
/// Returns `None` when `byte` is past the end of `s` or not on a character boundary.
pub fn byte_to_utf16(s: &str, byte: usize) -> Option<usize> {
    if !s.is_char_boundary(byte) {
        return None;
    }
    s.get(..byte).map(utf16_len)
}

/// Byte offset of the UTF-16 offset `unit` in `s`.
///
/// Returns `None` when `unit` is past the end of `s` or falls in the middle of a
/// surrogate pair. `unit == utf16_len(s)` maps to `s.len()`.
pub fn utf16_to_byte(s: &str, unit: usize) -> Option<usize> {
    let mut units = 0usize;
    for (byte, ch) in s.char_indices() {
        if units == unit {
            return Some(byte);
        }
        if units > unit {
            return None;
        }
        units += ch.len_utf16();
    }
    (units == unit).then_some(s.len())
}

/// Converts a rising sequence of byte offsets of one string into UTF-16
/// offsets in one pass (linear overall, where `byte_to_utf16` per offset is
/// quadratic). An offset below the previous one starts again from the front.
pub struct Utf16Cursor<'a> {
    s: &'a str,
    byte: usize,
    unit: usize,
}

impl<'a> Utf16Cursor<'a> {
    pub fn new(s: &'a str) -> Self {
        Self { s, byte: 0, unit: 0 }
    }

    /// The UTF-16 offset of `byte`; `None` off a character boundary or past the end.
    pub fn to_utf16(&mut self, byte: usize) -> Option<usize> {
        if !self.s.is_char_boundary(byte) {
            return None;
        }
        if byte < self.byte {
            (self.byte, self.unit) = (0, 0);
        }
        self.unit += utf16_len(&self.s[self.byte..byte]);
        self.byte = byte;
        Some(self.unit)
    }
}

/// The substring of `s` between UTF-16 offsets `start` (inclusive) and `end`
/// (exclusive), or `None` when the range is invalid.
pub fn utf16_slice(s: &str, start: usize, end: usize) -> Option<&str> {
    if start > end {
        return None;
    }
    let b0 = utf16_to_byte(s, start)?;
    let b1 = utf16_to_byte(s, end)?;
    s.get(b0..b1)
}

/// Converts a list of byte lengths of consecutive pieces of `s` into UTF-16 lengths.
///
/// Pieces that would run past the end of `s` or split a character are clamped to the
/// nearest valid boundary, so the result never panics.
pub fn byte_lengths_to_utf16(s: &str, byte_lengths: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(byte_lengths.len());
    let mut start = 0usize;
    for &len in byte_lengths {
        let mut end = start.saturating_add(len).min(s.len());
        while end > start && !s.is_char_boundary(end) {
            end -= 1;
        }
        out.push(s.get(start..end).map_or(0, utf16_len));
        start = end;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursor_matches_byte_to_utf16() {
        let s = "a😀b银行 c";
        let mut c = Utf16Cursor::new(s);
        for b in [0, 1, 5, 6, 9, 12, 13, 14, 1, 14] {
            assert_eq!(c.to_utf16(b), byte_to_utf16(s, b), "{b}");
        }
        assert_eq!(c.to_utf16(2), None);
    }

    #[test]
    fn lengths() {
        assert_eq!(utf16_len(""), 0);
        assert_eq!(utf16_len("hello"), 5);
        assert_eq!(utf16_len("😀"), 2);
        assert_eq!(utf16_len("我很好"), 3);
        assert_eq!(utf16_len("é"), 1);
        assert_eq!(utf16_len("e\u{301}"), 2);
    }

    #[test]
    fn byte_and_unit_offsets() {
        let s = "a😀b我";
        assert_eq!(byte_to_utf16(s, 0), Some(0));
        assert_eq!(byte_to_utf16(s, 1), Some(1));
        assert_eq!(byte_to_utf16(s, 2), None);
        assert_eq!(byte_to_utf16(s, 5), Some(3));
        assert_eq!(byte_to_utf16(s, 6), Some(4));
        assert_eq!(byte_to_utf16(s, s.len()), Some(5));
        assert_eq!(byte_to_utf16(s, 100), None);
        assert_eq!(utf16_to_byte(s, 0), Some(0));
        assert_eq!(utf16_to_byte(s, 1), Some(1));
        assert_eq!(utf16_to_byte(s, 2), None);
        assert_eq!(utf16_to_byte(s, 3), Some(5));
        assert_eq!(utf16_to_byte(s, 5), Some(s.len()));
        assert_eq!(utf16_to_byte(s, 6), None);
        assert_eq!(utf16_to_byte("", 0), Some(0));
    }

    #[test]
    fn slices() {
        let s = "😀 Hi. Yo.";
        assert_eq!(utf16_slice(s, 0, 2), Some("😀"));
        assert_eq!(utf16_slice(s, 3, 6), Some("Hi."));
        assert_eq!(utf16_slice(s, 1, 2), None);
        assert_eq!(utf16_slice(s, 4, 2), None);
    }

    #[test]
    fn byte_lengths() {
        let s = "😀 Hi. Yo.";
        assert_eq!(byte_lengths_to_utf16(s, &[9, 3]), vec![7, 3]);
        // Clamped: mid-character and overlong pieces never panic.
        assert_eq!(byte_lengths_to_utf16(s, &[2, 100]), vec![0, 10]);
    }
}
