//! Writes GLD dictionaries (see the module above for the layout): at build
//! time from the dictd sources, by `examples/build_gld.rs`. The output depends
//! only on the input, so a rerun writes the same bytes.

use std::collections::BTreeMap;

use flate2::Compression;

use super::super::dictd::Dictd;
use super::super::entry::Entry;
use super::super::invert::Inverse;
use super::{GldError, HEADER, MAGIC, MAX_BLOCK, codec};

/// Records are gathered into blocks of about this many bytes before deflating.
pub const BLOCK_SIZE: usize = 2 * 1024;

/// A GLD file of headwords (normalized) and their entries, in byte order of the keys.
pub fn write<'a>(records: impl IntoIterator<Item = (&'a str, &'a [Entry])>) -> Result<Vec<u8>, GldError> {
    let build = |e: fst::Error| GldError::Build(e.to_string());
    let mut index = fst::MapBuilder::memory();
    let mut plain: Vec<Vec<u8>> = Vec::new();
    let mut current = Vec::with_capacity(BLOCK_SIZE * 2);
    for (key, entries) in records {
        if current.len() >= BLOCK_SIZE {
            plain.push(std::mem::take(&mut current));
        }
        let value = ((plain.len() as u64) << 32) | current.len() as u64;
        codec::encode(&mut current, entries);
        if current.len() > MAX_BLOCK {
            return Err(GldError::Build(format!("the entries of {key:?} are too large")));
        }
        index.insert(key, value).map_err(build)?;
    }
    if !current.is_empty() {
        plain.push(current);
    }
    let dictionary = dictionary(&plain);
    let blocks = plain
        .iter()
        .map(|b| deflate(b, &dictionary))
        .collect::<Result<Vec<_>, _>>()?;
    let index = index.into_inner().map_err(build)?;
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[0; 4]); // the checksum, below
    out.extend_from_slice(&u32(index.len())?.to_le_bytes());
    out.extend_from_slice(&u32(blocks.len())?.to_le_bytes());
    out.extend_from_slice(&u32(dictionary.len())?.to_le_bytes());
    let mut end = 0;
    for block in &blocks {
        end += block.len();
        out.extend_from_slice(&u32(end)?.to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
    }
    out.extend_from_slice(&index);
    out.extend_from_slice(&dictionary);
    let crc = crc32fast::hash(&out[12..]);
    out[8..12].copy_from_slice(&crc.to_le_bytes());
    debug_assert_eq!(
        out.len(),
        HEADER + 8 * blocks.len() + index.len() + dictionary.len()
    );
    for block in &blocks {
        out.extend_from_slice(block);
    }
    Ok(out)
}

/// The most bytes of a preset dictionary: deflate's window is 32 KB, and a block
/// refers back to its own bytes too.
const DICTIONARY: usize = 30 * 1024;
/// The length of one slice of records in it.
const SLICE: usize = 64;

/// The preset dictionary every block is deflated against, so that small blocks
/// compress as well as large ones (2 KB blocks: 93.3 MB of GLD without, 86.2
/// MB with; 8 KB blocks without: 85.5 MB): slices of the records taken evenly
/// across the file, at most a 32nd of the records (none for a small file).
/// Longer or shorter slices, or a dictionary of up to an 8th, measured no better.
fn dictionary(plain: &[Vec<u8>]) -> Vec<u8> {
    let total: usize = plain.iter().map(Vec::len).sum();
    let size = DICTIONARY.min(total / 32);
    if size < 4 * SLICE {
        return Vec::new();
    }
    let all: Vec<u8> = plain.concat();
    let n = size / SLICE;
    let step = all.len() / n;
    (0..n)
        .flat_map(|i| &all[i * step..(i * step + SLICE).min(all.len())])
        .copied()
        .collect()
}

fn u32(n: usize) -> Result<u32, GldError> {
    u32::try_from(n).map_err(|_| GldError::Build("over 4 GB".into()))
}

fn deflate(bytes: &[u8], dictionary: &[u8]) -> Result<Vec<u8>, GldError> {
    use flate2::{Compress, FlushCompress, Status};
    let failed = |e: flate2::CompressError| GldError::Build(e.to_string());
    let mut c = Compress::new(Compression::best(), false);
    if !dictionary.is_empty() {
        c.set_dictionary(dictionary).map_err(failed)?;
    }
    let mut out = Vec::with_capacity(bytes.len() + 64);
    loop {
        let read = usize::try_from(c.total_in()).unwrap_or(usize::MAX);
        if out.len() == out.capacity() {
            out.reserve(out.capacity().max(1024));
        }
        let status = c
            .compress_vec(&bytes[read.min(bytes.len())..], &mut out, FlushCompress::Finish)
            .map_err(failed)?;
        if status == Status::StreamEnd {
            return Ok(out);
        }
    }
}

/// A dictd dictionary's headwords with the entries the library reads from it
/// (parsed; entries without a translation dropped, headwords kept).
pub fn direct(dict: &Dictd) -> BTreeMap<String, Vec<Entry>> {
    dict.keys()
        .map(|key| {
            let entries = dict
                .entries(key)
                .filter_map(Entry::parse)
                .filter(|e| !e.senses.is_empty())
                .collect();
            (key.to_owned(), entries)
        })
        .collect()
}

/// An inversion in key order.
pub fn inverse(inv: &Inverse) -> BTreeMap<String, Vec<Entry>> {
    inv.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

/// `write` over a map.
pub fn write_map(map: &BTreeMap<String, Vec<Entry>>) -> Result<Vec<u8>, GldError> {
    write(map.iter().map(|(k, v)| (k.as_str(), v.as_slice())))
}
