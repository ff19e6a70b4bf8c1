//! GLD, the bundled dictionaries' format: built from dictd files at build
//! time (`examples/build_gld.rs`, run by `scripts/build_gld.sh`), embedded in
//! the binary and read in place. Nothing is inflated or parsed when a
//! dictionary is opened; a look-up walks the index, inflates one block of a
//! few KB up to a little past the record (kept in a small cache) and decodes
//! one headword's entries.
//!
//! ```text
//! header   "GLOSSAD" 0x01 · crc32(table + index) · index length · block count   (u32 LE)
//! table    per block: end offset in the block area · crc32 of its bytes           (u32 LE)
//! index    an fst map: normalized headword → block << 32 | offset in the block
//! blocks   raw deflate, each ~8 KB of records (codec.rs) when inflated
//! ```
//! The checksum of the table and the index is checked when a dictionary is
//! opened with [`Gld::new`] (the fst crate trusts its bytes); each block's when it
//! is inflated. Damaged or truncated data is an error, never a panic. The
//! dictionaries embedded in the binary are opened with [`Gld::embedded`], which
//! skips the index's checksum: they are part of the program, checked whole when
//! written (`build_gld` reads every headword back) and by the tests, which open
//! each with [`Gld::new`]; checking again at run time read up to 4.8 MB of index
//! per dictionary (Ding's) for the first look-up of a process.

mod codec;
pub mod write;

use std::sync::{Arc, Mutex};

use super::entry::Entry;

const MAGIC: &[u8; 8] = b"GLOSSAD\x01";
const HEADER: usize = 20;
/// Inflated blocks kept per dictionary (most recently used first).
const CACHE_BLOCKS: usize = 16;
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
    blocks: usize,
    block_count: usize,
    /// Inflated blocks, most recently used first.
    cache: Mutex<Vec<Cached>>,
}

/// A block's number, its bytes inflated so far, and whether that is all of it.
type Cached = (usize, Arc<[u8]>, bool);

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
        let table_end = block_count
            .checked_mul(8)
            .and_then(|n| n.checked_add(HEADER))
            .ok_or(GldError::Truncated)?;
        let blocks = table_end.checked_add(index_len).ok_or(GldError::Truncated)?;
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
        let index = fst::Map::new(&data[table_end..blocks]).map_err(|_| GldError::Corrupt("index"))?;
        Ok(Gld {
            data,
            index,
            blocks,
            block_count,
            cache: Mutex::new(Vec::with_capacity(CACHE_BLOCKS)),
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
        // Only the block's bytes up to a little past the record are inflated at
        // first (half a block on average); a record longer than that, the whole.
        let (block, whole) = self.block(i, Some(at.saturating_add(FIRST_TRY)))?;
        match codec::decode(&block, at) {
            Err(_) if !whole => codec::decode(&self.block(i, None)?.0, at),
            decoded => decoded,
        }
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

    /// Block `i` inflated, from the cache when it is there: its first `need`
    /// bytes at least (all of them when `None`), and whether that is all of it.
    fn block(&self, i: usize, need: Option<usize>) -> Result<(Arc<[u8]>, bool), GldError> {
        let enough = |bytes: &[u8], whole: bool| whole || need.is_some_and(|n| bytes.len() >= n);
        if let Ok(mut cache) = self.cache.lock()
            && let Some(at) = cache.iter().position(|(n, b, w)| *n == i && enough(b, *w))
        {
            let hit = cache.remove(at);
            let found = (hit.1.clone(), hit.2);
            cache.insert(0, hit);
            return Ok(found);
        }
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
        crate::engine::resident::note_read(bytes.len());
        let (out, whole) = inflate(bytes, need)?;
        let block: Arc<[u8]> = out.into();
        if let Ok(mut cache) = self.cache.lock() {
            cache.retain(|(n, _, _)| *n != i);
            cache.truncate(CACHE_BLOCKS - 1);
            cache.insert(0, (i, block.clone(), whole));
        }
        Ok((block, whole))
    }
}

/// Inflates a block's raw deflate bytes: the first `need` bytes at least, or the whole
/// block (at most [`MAX_BLOCK`]); with whether the whole block was inflated.
fn inflate(bytes: &[u8], need: Option<usize>) -> Result<(Vec<u8>, bool), GldError> {
    use flate2::{Decompress, FlushDecompress, Status};
    let damaged = |e: flate2::DecompressError| GldError::Inflate(std::io::Error::other(e));
    let mut d = Decompress::new(false);
    let mut out = Vec::with_capacity(need.unwrap_or(write::BLOCK_SIZE * 2).min(MAX_BLOCK));
    loop {
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(4096));
        }
        let (read, written) = (d.total_in(), out.len());
        let rest = bytes
            .get(usize::try_from(read).unwrap_or(usize::MAX)..)
            .unwrap_or_default();
        let status = d
            .decompress_vec(rest, &mut out, FlushDecompress::Finish)
            .map_err(damaged)?;
        if out.len() > MAX_BLOCK {
            return Err(GldError::Corrupt("block too large"));
        }
        if status == Status::StreamEnd {
            return Ok((out, true));
        }
        if need.is_some_and(|n| out.len() >= n) {
            return Ok((out, false));
        }
        if d.total_in() == read && out.len() == written && out.len() < out.capacity() {
            return Err(GldError::Truncated);
        }
    }
}

#[cfg(test)]
mod tests;
