//! Writes GLD dictionaries (see the module above for the layout): at build
//! time from the dictd sources, by `examples/build_gld.rs`. The output depends
//! only on the input, so a rerun writes the same bytes.

use std::collections::BTreeMap;
use std::io::Write;

use flate2::Compression;
use flate2::write::DeflateEncoder;

use super::super::dictd::Dictd;
use super::super::entry::Entry;
use super::super::invert::Inverse;
use super::{GldError, HEADER, MAGIC, MAX_BLOCK, codec};

/// Records are gathered into blocks of about this many bytes before deflating.
pub const BLOCK_SIZE: usize = 8 * 1024;

/// A GLD file of headwords (normalized) and their entries, in byte order of the keys.
pub fn write<'a>(records: impl IntoIterator<Item = (&'a str, &'a [Entry])>) -> Result<Vec<u8>, GldError> {
    let build = |e: fst::Error| GldError::Build(e.to_string());
    let mut index = fst::MapBuilder::memory();
    let mut blocks: Vec<Vec<u8>> = Vec::new();
    let mut current = Vec::with_capacity(BLOCK_SIZE * 2);
    for (key, entries) in records {
        if current.len() >= BLOCK_SIZE {
            blocks.push(deflate(&current)?);
            current.clear();
        }
        let value = ((blocks.len() as u64) << 32) | current.len() as u64;
        codec::encode(&mut current, entries);
        if current.len() > MAX_BLOCK {
            return Err(GldError::Build(format!("the entries of {key:?} are too large")));
        }
        index.insert(key, value).map_err(build)?;
    }
    if !current.is_empty() {
        blocks.push(deflate(&current)?);
    }
    let index = index.into_inner().map_err(build)?;
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&[0; 4]); // the checksum, below
    out.extend_from_slice(&u32(index.len())?.to_le_bytes());
    out.extend_from_slice(&u32(blocks.len())?.to_le_bytes());
    let mut end = 0;
    for block in &blocks {
        end += block.len();
        out.extend_from_slice(&u32(end)?.to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(block).to_le_bytes());
    }
    out.extend_from_slice(&index);
    let crc = crc32fast::hash(&out[12..]);
    out[8..12].copy_from_slice(&crc.to_le_bytes());
    debug_assert_eq!(out.len(), HEADER + 8 * blocks.len() + index.len());
    for block in &blocks {
        out.extend_from_slice(block);
    }
    Ok(out)
}

fn u32(n: usize) -> Result<u32, GldError> {
    u32::try_from(n).map_err(|_| GldError::Build("over 4 GB".into()))
}

fn deflate(bytes: &[u8]) -> Result<Vec<u8>, GldError> {
    let mut enc = DeflateEncoder::new(Vec::new(), Compression::best());
    enc.write_all(bytes)
        .and_then(|()| enc.finish())
        .map_err(|e| GldError::Build(e.to_string()))
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
