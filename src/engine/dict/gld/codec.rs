//! The entries of one headword as bytes: a record is a count, then each
//! entry; numbers are LEB128 varints, strings a length and UTF-8 bytes.
//!
//! ```text
//! record  = n:varint entry{n}
//! entry   = headword:str pos:u8 gender:u8 n:varint sense{n}
//! sense   = note:str n:varint target{n}
//! target  = text:str gender:u8 rank:varint      (rank + 1; 0 = none)
//! ```
//! `pos` is the index in [`POS`]; `gender` 0 for none, else 1 + the index in
//! [`GENDERS`]. Decoding checks every length against the block: damaged
//! bytes are an error, never a panic or a huge allocation.

use super::super::entry::{Entry, Sense, Target};
use super::super::pos::{Gender, Pos};
use super::GldError;

const POS: [Pos; 10] = [
    Pos::Adj,
    Pos::Adv,
    Pos::Conj,
    Pos::Det,
    Pos::Modal,
    Pos::Noun,
    Pos::Prep,
    Pos::Pron,
    Pos::Verb,
    Pos::Other,
];
const GENDERS: [Gender; 4] = [
    Gender::Masculine,
    Gender::Feminine,
    Gender::Neuter,
    Gender::Common,
];

/// Appends one headword's record.
pub fn encode(out: &mut Vec<u8>, entries: &[Entry]) {
    varint(out, entries.len() as u64);
    for e in entries {
        string(out, &e.headword);
        out.push(POS.iter().position(|&p| p == e.pos).unwrap_or(9) as u8);
        out.push(gender_code(e.gender));
        varint(out, e.senses.len() as u64);
        for s in &e.senses {
            string(out, &s.note);
            varint(out, s.targets.len() as u64);
            for t in &s.targets {
                string(out, &t.text);
                out.push(gender_code(t.gender));
                varint(out, t.rank.map_or(0, |r| r as u64 + 1));
            }
        }
    }
}

fn gender_code(g: Option<Gender>) -> u8 {
    g.and_then(|g| GENDERS.iter().position(|&x| x == g))
        .map_or(0, |i| i as u8 + 1)
}

fn varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8 & 0x7f) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn string(out: &mut Vec<u8>, s: &str) {
    varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Decodes the record at `at` of a decompressed block.
pub fn decode(block: &[u8], at: usize) -> Result<Vec<Entry>, GldError> {
    let mut r = Reader {
        buf: block,
        pos: at.min(block.len()),
    };
    if at > block.len() {
        return Err(GldError::Corrupt("record outside its block"));
    }
    // Every entry, sense and target takes at least one byte, so a count
    // larger than what is left is damage (and bounds the allocations).
    let n = r.count()?;
    let mut entries = Vec::with_capacity(n);
    for _ in 0..n {
        let headword = r.string()?;
        let pos = *POS
            .get(usize::from(r.byte()?))
            .ok_or(GldError::Corrupt("part of speech"))?;
        let gender = r.gender()?;
        let senses = (0..r.count()?)
            .map(|_| {
                let note = r.string()?;
                let targets = (0..r.count()?)
                    .map(|_| {
                        let text = r.string()?;
                        let gender = r.gender()?;
                        let rank = r.varint()?;
                        let rank = rank
                            .checked_sub(1)
                            .map(usize::try_from)
                            .transpose()
                            .map_err(|_| GldError::Corrupt("rank"))?;
                        Ok(Target { text, gender, rank })
                    })
                    .collect::<Result<_, GldError>>()?;
                Ok(Sense { targets, note })
            })
            .collect::<Result<_, GldError>>()?;
        entries.push(Entry {
            headword,
            pos,
            gender,
            senses,
        });
    }
    Ok(entries)
}

struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, GldError> {
        let b = *self
            .buf
            .get(self.pos)
            .ok_or(GldError::Corrupt("record cut short"))?;
        self.pos += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, GldError> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(GldError::Corrupt("number too long"))
    }

    /// A count of items that each take at least one byte.
    fn count(&mut self) -> Result<usize, GldError> {
        let n = self.varint()?;
        let left = self.buf.len() - self.pos;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= left)
            .ok_or(GldError::Corrupt("count past the block"))
    }

    fn string(&mut self) -> Result<String, GldError> {
        let len = self.count()?;
        let bytes = &self.buf[self.pos..self.pos + len];
        self.pos += len;
        std::str::from_utf8(bytes)
            .map(str::to_owned)
            .map_err(|_| GldError::Corrupt("text not UTF-8"))
    }

    fn gender(&mut self) -> Result<Option<Gender>, GldError> {
        match self.byte()? {
            0 => Ok(None),
            g => GENDERS
                .get(usize::from(g) - 1)
                .copied()
                .map(Some)
                .ok_or(GldError::Corrupt("gender")),
        }
    }
}
