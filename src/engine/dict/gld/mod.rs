//! GLD, the bundled dictionaries' format: built from dictd files at build
//! time (`examples/build_gld.rs`, run by `scripts/build_gld.sh`), embedded in
//! the binary and read in place. Nothing is inflated or parsed when a
//! dictionary is opened; a look-up walks the index, inflates one block of
//! about 2 KB up to a little past the record into a buffer each thread reuses,
//! and decodes one headword's entries. Small blocks keep that work small (a
//! look-up reads a hundred headwords: `glossa lookup --from en --to de house`
//! inflated 418 KB with 8 KB blocks); each is deflated against the file's
//! preset dictionary, so that they compress as well as large ones. No inflated
//! block is kept: a look-up almost never reads the same block twice (`house`: 79
//! blocks, 7 read again), so a cache only filled fresh pages.
//!
//! ```text
//! header     "GLOSSAD" 0x02 · crc32(table + index + dictionary) · index length
//!            · block count · dictionary length                          (u32 LE)
//! table      per block: end offset in the block area · crc32 of its bytes (u32 LE)
//! index      an fst map: normalized headword → block << 32 | offset in the block
//! dictionary the preset dictionary of every block (write.rs; may be empty)
//! blocks     raw deflate, each ~2 KB of records (codec.rs) when inflated
//! ```
//! The checksum of the table, the index and the dictionary is checked when a dictionary is
//! opened with [`Gld::new`] (the fst crate trusts its bytes); each block's when it
//! is inflated. Damaged or truncated data is an error, never a panic. The
//! dictionaries embedded in the binary are opened with [`Gld::embedded`], which
//! skips the index's checksum: they are part of the program, checked whole when
//! written (`build_gld` reads every headword back) and by the tests, which open
//! each with [`Gld::new`]; checking again at run time read up to 4.8 MB of index
//! per dictionary (Ding's) for the first look-up of a process.

mod codec;
pub mod write;

use std::cell::RefCell;

use super::entry::Entry;

const MAGIC: &[u8; 8] = b"GLOSSAD\x02";
const HEADER: usize = 24;
/// What one walk of the index counts for `engine::resident`: the nodes of a key
/// lie on a few pages, most of them shared with other keys near the root; an
/// estimate, so that a service that only walks the index gives its pages back too.
const INDEX_READ: usize = 1024;
/// No block inflates past this (the writer refuses larger ones).
const MAX_BLOCK: usize = 1 << 22;
/// Bytes past a record's start inflated on a first try: most records are far shorter.
const FIRST_TRY: usize = 1024;

/// Why a GLD dictionary cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum GldError {
    #[error("not a GLD dictionary")]
    NotGld,
    #[error("the dictionary is truncated")]
    Truncated,
    #[error("the dictionary is damaged: {0}")]
    Corrupt(&'static str),
    #[error("cannot inflate a block: {0}")]
    Inflate(std::io::Error),
    #[error("cannot build the index: {0}")]
    Build(String),
}

/// One GLD dictionary over its bytes (embedded: `include_bytes!`).
pub struct Gld {
    data: &'static [u8],
    index: fst::Map<&'static [u8]>,
    /// The preset dictionary every block was deflated against (may be empty).
    dictionary: &'static [u8],
    blocks: usize,
    block_count: usize,
}

thread_local! {
    /// The inflater and the buffer a thread inflates blocks into, reused: their
    /// pages stay warm (a fresh inflater allocated and cleared 40 KB per block).
    static SCRATCH: RefCell<(Option<flate2::Decompress>, Vec<u8>)> =
        const { RefCell::new((None, Vec::new())) };
}

fn u32_at(data: &[u8], at: usize) -> Result<u32, GldError> {
    let bytes = data.get(at..at + 4).ok_or(GldError::Truncated)?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

impl Gld {
    /// Opens a dictionary: checks the header, the checksum of the table and
    /// the index, and the block table; reads nothing else.
    pub fn new(data: &'static [u8]) -> Result<Gld, GldError> {
        Gld::open(data, true)
    }

    /// Opens a dictionary embedded in the binary: as [`Gld::new`], without the
    /// checksum of the table and the index (see the module docs).
    pub fn embedded(data: &'static [u8]) -> Result<Gld, GldError> {
        Gld::open(data, false)
    }

    fn open(data: &'static [u8], check_index: bool) -> Result<Gld, GldError> {
        if data.len() < HEADER || &data[..8] != MAGIC {
            return Err(GldError::NotGld);
        }
        let crc = u32_at(data, 8)?;
        let index_len = u32_at(data, 12)? as usize;
        let block_count = u32_at(data, 16)? as usize;
        let dictionary_len = u32_at(data, 20)? as usize;
        let table_end = block_count
            .checked_mul(8)
            .and_then(|n| n.checked_add(HEADER))
            .ok_or(GldError::Truncated)?;
        let index_end = table_end.checked_add(index_len).ok_or(GldError::Truncated)?;
        let blocks = index_end.checked_add(dictionary_len).ok_or(GldError::Truncated)?;
        if blocks > data.len() {
            return Err(GldError::Truncated);
        }
        if check_index && crc32fast::hash(&data[12..blocks]) != crc {
            return Err(GldError::Corrupt("checksum of the index"));
        }
        let mut end = 0;
        for i in 0..block_count {
            let next = u32_at(data, HEADER + 8 * i)? as usize;
            if next < end {
                return Err(GldError::Corrupt("block table"));
            }
            end = next;
        }
        if blocks + end != data.len() {
            return Err(GldError::Truncated);
        }
        let index = fst::Map::new(&data[table_end..index_end]).map_err(|_| GldError::Corrupt("index"))?;
        Ok(Gld {
            data,
            index,
            dictionary: &data[index_end..blocks],
            blocks,
            block_count,
        })
    }

    /// Whether a normalized headword is filed.
    pub fn contains(&self, key: &str) -> bool {
        crate::engine::resident::note_read(INDEX_READ);
        self.index.contains_key(key)
    }

    /// The entries filed under a normalized headword (none when it is not).
    pub fn get(&self, key: &str) -> Result<Vec<Entry>, GldError> {
        crate::engine::resident::note_read(INDEX_READ);
        let Some(value) = self.index.get(key) else {
            return Ok(Vec::new());
        };
        let (i, at) = ((value >> 32) as usize, (value & 0xffff_ffff) as usize);
        let bytes = self.block_bytes(i)?;
        SCRATCH.with(|scratch| {
            let (inflater, out) = &mut *scratch.borrow_mut();
            let d = inflater.get_or_insert_with(|| flate2::Decompress::new(false));
            // Only the block's bytes up to a little past the record are inflated at
            // first (half a block on average); a record longer than that, the whole.
            let whole = inflate(d, self.dictionary, bytes, Some(at.saturating_add(FIRST_TRY)), out)?;
            match codec::decode(out, at) {
                Err(_) if !whole => {
                    inflate(d, self.dictionary, bytes, None, out)?;
                    codec::decode(out, at)
                }
                decoded => decoded,
            }
        })
    }

    /// Every filed headword, in byte order.
    pub fn keys(&self) -> Vec<String> {
        use fst::Streamer;
        let mut out = Vec::with_capacity(self.index.len());
        let mut stream = self.index.keys();
        while let Some(k) = stream.next() {
            out.push(String::from_utf8_lossy(k).into_owned());
        }
        out
    }

    /// How many headwords are filed.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }

    /// Block `i`'s raw deflate bytes, their checksum checked.
    fn block_bytes(&self, i: usize) -> Result<&'static [u8], GldError> {
        if i >= self.block_count {
            return Err(GldError::Corrupt("block number"));
        }
        let start = match i {
            0 => 0,
            _ => u32_at(self.data, HEADER + 8 * (i - 1))? as usize,
        };
        let end = u32_at(self.data, HEADER + 8 * i)? as usize;
        let crc = u32_at(self.data, HEADER + 8 * i + 4)?;
        let bytes = self
            .data
            .get(self.blocks + start..self.blocks + end)
            .ok_or(GldError::Truncated)?;
        if crc32fast::hash(bytes) != crc {
            return Err(GldError::Corrupt("checksum of a block"));
        }
        crate::engine::resident::note_pages(bytes);
        Ok(bytes)
    }
}

/// Inflates a block's raw deflate bytes into `out` (cleared first): the first
/// `need` bytes at least, or the whole block (at most [`MAX_BLOCK`]); whether
/// the whole block was inflated.
fn inflate(
    d: &mut flate2::Decompress,
    dictionary: &[u8],
    bytes: &[u8],
    need: Option<usize>,
    out: &mut Vec<u8>,
) -> Result<bool, GldError> {
    use flate2::{FlushDecompress, Status};
    let damaged = |e: flate2::DecompressError| GldError::Inflate(std::io::Error::other(e));
    d.reset(false);
    if !dictionary.is_empty() {
        d.set_dictionary(dictionary).map_err(damaged)?;
    }
    out.clear();
    out.reserve(need.unwrap_or(write::BLOCK_SIZE * 2).min(MAX_BLOCK));
    loop {
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(4096));
        }
        let (read, written) = (d.total_in(), out.len());
        let rest = bytes
            .get(usize::try_from(read).unwrap_or(usize::MAX)..)
            .unwrap_or_default();
        let status = d
            .decompress_vec(rest, out, FlushDecompress::Finish)
            .map_err(damaged)?;
        if out.len() > MAX_BLOCK {
            return Err(GldError::Corrupt("block too large"));
        }
        if status == Status::StreamEnd {
            return Ok(true);
        }
        if need.is_some_and(|n| out.len() >= n) {
            return Ok(false);
        }
        if d.total_in() == read && out.len() == written && out.len() < out.capacity() {
            return Err(GldError::Truncated);
        }
    }
}

#[cfg(test)]
mod tests;
