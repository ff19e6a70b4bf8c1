//! The planner: greedy packing of elements and pieces into batches.
//!
//! One pass over the input in order. An element that fits in what is left of the
//! current batch goes in whole. One that does not either starts the next batch
//! (`Refuse`, `FirstChunk`, or an element with no room left at all), or, with `Split`,
//! fills the current batch with as many of its atoms (whole sentences, see `cuts.rs`)
//! as fit and goes on in the next batches. The room of a batch is
//! `max_request_chars / multiplier` characters (`sum × multiplier ≤ max_request_chars`
//! is the service's check) in at most `max_elements` elements, each of at most the
//! ceiling `min(max_element_chars, room)`.
//!
//! Each element is measured once and cut into atoms at most once, so planning is
//! linear in the size of the input.

use crate::api::limits::{Limits, char_count};

use super::cuts::Atom;
use super::{Batch, Markup, Oversize, Piece, Plan, PlanError, markup};

/// Plans the requests that send `texts` within `limits`, in input order.
///
/// `multiplier` is how many times the service counts each character: the number of
/// target languages for translate, 1 (or 0, read as 1) otherwise. Every batch of the
/// plan passes [`check_limits`](crate::api::body::check_limits)`(limits, batch texts,
/// multiplier)`. An element that is too long for one request is cut, refused or cut
/// short as `oversize` says; an empty element is sent as one empty piece.
pub fn plan(
    texts: &[&str],
    limits: Limits,
    multiplier: usize,
    oversize: Oversize,
) -> Result<Plan, PlanError> {
    plan_markup(texts, limits, multiplier, oversize, Markup::None)
}

/// As [`plan`], for texts that carry `markup`: no cut inside a tag, a character
/// reference or a protected element, unless one alone is longer than a request.
pub fn plan_markup(
    texts: &[&str],
    limits: Limits,
    multiplier: usize,
    oversize: Oversize,
    markup: Markup,
) -> Result<Plan, PlanError> {
    let room = limits.max_request_chars / multiplier.max(1);
    let mut packer = Packer {
        max_elements: limits.max_elements,
        room,
        ceiling: limits.max_element_chars.min(room),
        batches: Vec::new(),
        current: Batch::default(),
        used: 0,
        pieces: 0,
        markup,
    };
    let mut pieces_per_element = Vec::with_capacity(texts.len());
    for (index, text) in texts.iter().enumerate() {
        let before = packer.pieces;
        packer.element(index, text, oversize)?;
        pieces_per_element.push(packer.pieces - before);
    }
    packer.flush();
    Ok(Plan {
        batches: packer.batches,
        pieces_per_element,
    })
}

/// The batches so far and the one being filled.
struct Packer {
    max_elements: usize,
    /// Characters per batch (already divided by the multiplier).
    room: usize,
    /// Characters per element.
    ceiling: usize,
    batches: Vec<Batch>,
    current: Batch,
    /// Characters in `current`.
    used: usize,
    /// Pieces planned so far.
    pieces: usize,
    markup: Markup,
}

impl Packer {
    /// Whether a piece of `units` characters fits in the current batch.
    fn fits(&self, units: usize) -> bool {
        self.current.pieces.len() < self.max_elements
            && units <= self.ceiling
            && self.used + units <= self.room
    }

    /// Characters one more piece may have in the current batch.
    fn free(&self) -> usize {
        if self.current.pieces.len() < self.max_elements {
            (self.room - self.used).min(self.ceiling)
        } else {
            0
        }
    }

    fn is_empty(&self) -> bool {
        self.current.pieces.is_empty()
    }

    fn push(&mut self, piece: Piece) {
        self.used += piece.utf16_len as usize;
        self.pieces += 1;
        self.current.pieces.push(piece);
    }

    fn flush(&mut self) {
        if !self.is_empty() {
            self.batches.push(std::mem::take(&mut self.current));
            self.used = 0;
        }
    }

    /// Plans one element.
    fn element(&mut self, index: usize, text: &str, oversize: Oversize) -> Result<(), PlanError> {
        if self.max_elements == 0 {
            return Err(PlanError::NoRoom { index, limit: 0 });
        }
        let units = char_count(text);
        let whole = |end: usize, utf16_len: usize| Piece {
            element: index,
            bytes: 0..end,
            utf16_start: 0,
            utf16_len: utf16_len as u32,
        };
        if self.fits(units) {
            self.push(whole(text.len(), units));
            return Ok(());
        }
        if units <= self.ceiling && (oversize != Oversize::Split || units == 0 || self.free() == 0) {
            // Goes whole into the next batch, where it fits.
            self.flush();
            self.push(whole(text.len(), units));
            return Ok(());
        }
        match oversize {
            Oversize::Split => self.split(index, text, units),
            Oversize::Refuse => Err(PlanError::ElementTooLong {
                index,
                chars: units,
                limit: self.ceiling,
            }),
            Oversize::FirstChunk => {
                // Only the start is sent: cut atoms in a window of twice the ceiling, so
                // a 10 MB element costs what a 100 KB one does.
                let (mut end, mut taken) = (0, 0);
                for atom in self.atoms(index, head(text, 2 * self.ceiling))? {
                    if taken + atom.units > self.ceiling {
                        break;
                    }
                    (end, taken) = (atom.end, taken + atom.units);
                }
                if !self.fits(taken) {
                    self.flush();
                }
                self.push(whole(end, taken));
                Ok(())
            }
        }
    }

    /// Places `text` (`units` long) as pieces filling the current and following batches.
    fn split(&mut self, index: usize, text: &str, units: usize) -> Result<(), PlanError> {
        let mut atoms: Option<Vec<Atom>> = None;
        let (mut byte, mut unit, mut next) = (0, 0, 0);
        loop {
            let rest = units - unit;
            if self.fits(rest) {
                self.push(Piece {
                    element: index,
                    bytes: byte..text.len(),
                    utf16_start: unit as u32,
                    utf16_len: rest as u32,
                });
                return Ok(());
            }
            let free = self.free();
            let atoms = match &atoms {
                Some(atoms) => atoms,
                None if free == 0 && !self.is_empty() => {
                    self.flush();
                    continue;
                }
                None => atoms.insert(self.atoms(index, text)?),
            };
            let (mut end, mut taken, mut k) = (byte, 0, next);
            while k < atoms.len() && taken + atoms[k].units <= free {
                (end, taken, k) = (atoms[k].end, taken + atoms[k].units, k + 1);
            }
            if k == next {
                // Not even the next atom fits here; every atom fits in an empty batch.
                if self.is_empty() {
                    return Err(PlanError::NoRoom {
                        index,
                        limit: self.ceiling,
                    });
                }
                self.flush();
                continue;
            }
            self.push(Piece {
                element: index,
                bytes: byte..end,
                utf16_start: unit as u32,
                utf16_len: taken as u32,
            });
            (byte, unit, next) = (end, unit + taken, k);
        }
    }

    fn atoms(&self, index: usize, text: &str) -> Result<Vec<Atom>, PlanError> {
        markup::atoms(text, self.ceiling, self.markup).ok_or(PlanError::NoRoom {
            index,
            limit: self.ceiling,
        })
    }
}

/// The shortest prefix of `text` longer than `units` UTF-16 units (all of `text` when
/// it is not longer).
fn head(text: &str, units: usize) -> &str {
    let mut count = 0;
    for (i, c) in text.char_indices() {
        if count > units {
            return &text[..i];
        }
        count += c.len_utf16();
    }
    text
}
