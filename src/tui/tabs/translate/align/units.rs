//! UTF-16 unit offsets to byte offsets, for a whole batch of offsets into one text.
//!
//! The service counts UTF-16 code units (spec §2.3), the view slices by bytes.
//! `utf16_to_byte` walks the string from the front on every call, so converting
//! 10,000 alignment entries that way would be quadratic; this table is built in
//! one pass and answers each lookup in O(1). It lives only while an
//! [`Alignment`](super::Alignment) is built.
//!
//! Hostile offsets never panic: an offset in the middle of a surrogate pair is
//! rounded outwards to the whole character (reported so it can be counted), an
//! offset past the end is `None`.

use crate::engine::text::utf16_len;

pub(super) struct Units {
    /// `starts[u]` is the byte offset of the character holding UTF-16 unit `u`;
    /// one extra slot holds the text length. Both halves of a surrogate pair
    /// map to the character's first byte.
    starts: Vec<usize>,
}

/// A byte offset and whether the UTF-16 offset had to be moved to get it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Snapped {
    pub byte: usize,
    pub moved: bool,
}

impl Units {
    pub fn new(text: &str) -> Self {
        let mut starts = Vec::with_capacity(utf16_len(text) + 1);
        for (byte, ch) in text.char_indices() {
            for _ in 0..ch.len_utf16() {
                starts.push(byte);
            }
        }
        starts.push(text.len());
        Self { starts }
    }

    /// Length of the text in UTF-16 units.
    pub fn len(&self) -> usize {
        self.starts.len() - 1
    }

    fn splits_char(&self, unit: usize) -> bool {
        unit > 0 && self.starts[unit - 1] == self.starts[unit]
    }

    /// Byte offset of `unit`, rounded down to the start of its character.
    pub fn floor(&self, unit: usize) -> Option<Snapped> {
        let byte = *self.starts.get(unit)?;
        Some(Snapped {
            byte,
            moved: self.splits_char(unit),
        })
    }

    /// Byte offset of `unit`, rounded up to the end of its character.
    pub fn ceil(&self, unit: usize) -> Option<Snapped> {
        let byte = *self.starts.get(unit)?;
        if self.splits_char(unit) {
            // A character has at most two units, so the next slot is its end.
            let byte = *self.starts.get(unit + 1)?;
            return Some(Snapped { byte, moved: true });
        }
        Some(Snapped { byte, moved: false })
    }

    /// Byte ranges of consecutive pieces given by UTF-16 lengths (`sentLen`).
    ///
    /// Boundaries are the running sums of the lengths, so one that falls inside a
    /// surrogate pair moves forward past the character without shifting the rest;
    /// pieces past the end are clamped to it and then left out. The flag says
    /// whether the lengths disagreed with the text (clamped, moved, or a sum
    /// other than the text's length).
    pub fn pieces(&self, lengths: &[u32]) -> (Vec<std::ops::Range<usize>>, bool) {
        let mut out = Vec::with_capacity(lengths.len());
        let (mut unit, mut byte) = (0usize, 0usize);
        let mut mismatch = false;
        for &len in lengths {
            let mut next = unit.saturating_add(len as usize);
            if next > self.len() {
                next = self.len();
                mismatch = true;
            }
            let Some(end) = self.ceil(next) else { break };
            mismatch |= end.moved;
            if end.byte > byte {
                out.push(byte..end.byte);
            }
            (unit, byte) = (next, end.byte);
        }
        mismatch |= unit != self.len();
        (out, mismatch)
    }
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)] // ranges are the data
mod tests {
    use super::*;

    #[test]
    fn units_floor_and_ceil_around_surrogates() {
        // a: 1 byte, 1 unit; 😀: 4 bytes, 2 units; 我: 3 bytes, 1 unit.
        let u = Units::new("a😀我");
        assert_eq!(u.len(), 4);
        let at = |byte, moved| Some(Snapped { byte, moved });
        assert_eq!(u.floor(0), at(0, false));
        assert_eq!(u.floor(1), at(1, false));
        assert_eq!(u.floor(2), at(1, true));
        assert_eq!(u.ceil(2), at(5, true));
        assert_eq!(u.floor(3), at(5, false));
        assert_eq!(u.ceil(4), at(8, false));
        assert_eq!(u.floor(5), None);
        assert_eq!(Units::new("").len(), 0);
        assert_eq!(Units::new("").floor(0), at(0, false));
    }

    #[test]
    fn units_pieces_clamp_and_report() {
        let u = Units::new("😀 Hi. Yo.");
        assert_eq!(u.pieces(&[7, 3]), (vec![0..9, 9..12], false));
        // A mid-pair boundary moves forward; the later boundaries stay put.
        assert_eq!(u.pieces(&[1, 6, 3]), (vec![0..4, 4..9, 9..12], true));
        // Too long: clamped, trailing pieces left out.
        assert_eq!(u.pieces(&[7, 30, 2]), (vec![0..9, 9..12], true));
        // Too short: reported.
        assert_eq!(u.pieces(&[7]), (vec![0..9], true));
        assert_eq!(Units::new("").pieces(&[]), (vec![], false));
    }
}
