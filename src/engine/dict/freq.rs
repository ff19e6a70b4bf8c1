//! Word-frequency lists (see assets/dict/ATTRIBUTION.md) as fst maps from a
//! normalized word to its count, built at build time from
//! `assets/dict/freq-<lang>.tsv.gz` (`word TAB count` lines) by
//! `examples/build_gld.rs`, embedded and read in place:
//!
//! ```text
//! "GLOSSAF" 0x01 · crc32 of the map (u32 LE) · the fst map
//! ```
//! The checksum is checked when a list is opened (the fst crate trusts its bytes).

use std::collections::BTreeMap;

use super::gld::GldError;

const MAGIC: &[u8; 8] = b"GLOSSAF\x01";

/// A frequency list over its bytes.
pub struct Frequencies {
    map: fst::Map<&'static [u8]>,
}

impl Frequencies {
    /// Opens a list: checks the header and the checksum of the map.
    pub fn new(data: &'static [u8]) -> Result<Frequencies, GldError> {
        Frequencies::open(data, true)
    }

    /// Opens a list embedded in the binary without the checksum, as
    /// `Gld::embedded` does (the tests open every embedded list with [`Frequencies::new`]):
    /// the first detection opens 37 lists, 8 MB in all.
    pub fn embedded(data: &'static [u8]) -> Result<Frequencies, GldError> {
        Frequencies::open(data, false)
    }

    fn open(data: &'static [u8], check: bool) -> Result<Frequencies, GldError> {
        if data.len() < 12 || &data[..8] != MAGIC {
            return Err(GldError::NotGld);
        }
        let crc = u32::from_le_bytes([data[8], data[9], data[10], data[11]]);
        if check && crc32fast::hash(&data[12..]) != crc {
            return Err(GldError::Corrupt("checksum of the frequencies"));
        }
        let map = fst::Map::new(&data[12..]).map_err(|_| GldError::Corrupt("frequencies"))?;
        Ok(Frequencies { map })
    }

    /// The fst itself, for walks a letter at a time (engine::ngrams).
    pub fn fst(&self) -> &fst::raw::Fst<&'static [u8]> {
        self.map.as_fst()
    }

    /// Calls `f` with every word and its count, in byte order.
    pub fn for_each(&self, mut f: impl FnMut(&str, u32)) {
        use fst::Streamer;
        let mut stream = self.map.stream();
        while let Some((word, count)) = stream.next() {
            if let (Ok(word), Ok(count)) = (std::str::from_utf8(word), u32::try_from(count)) {
                f(word, count);
            }
        }
    }

    /// The count of a word; `None` when it is not listed.
    pub fn get(&self, word: &str) -> Option<u32> {
        self.map.get(word).and_then(|n| u32::try_from(n).ok())
    }
}

/// The lines of a `word TAB count` list as read before this format (a
/// malformed line skipped, the last count of a repeated word kept).
pub fn parse_tsv(text: &str) -> BTreeMap<&str, u32> {
    text.lines()
        .filter_map(|l| {
            let (w, n) = l.split_once('\t')?;
            Some((w, n.parse().ok()?))
        })
        .collect()
}

/// A frequency list's bytes.
pub fn write(counts: &BTreeMap<&str, u32>) -> Result<Vec<u8>, GldError> {
    let map = fst::Map::from_iter(counts.iter().map(|(w, &n)| (w, u64::from(n))))
        .map_err(|e| GldError::Build(e.to_string()))?;
    let fst = map.into_fst().into_inner();
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&crc32fast::hash(&fst).to_le_bytes());
    out.extend_from_slice(&fst);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let counts = parse_tsv("the\t900\nbank\t12\nbad line\nx\tnot\nbank\t13\n");
        assert_eq!(counts.len(), 2);
        let bytes: &'static [u8] = Box::leak(write(&counts).unwrap().into_boxed_slice());
        let f = Frequencies::new(bytes).unwrap();
        assert_eq!(
            (f.get("the"), f.get("bank"), f.get("x")),
            (Some(900), Some(13), None)
        );
        for cut in 0..bytes.len() {
            assert!(Frequencies::new(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        for at in 0..bytes.len() {
            let mut bad = bytes.to_vec();
            bad[at] ^= 0x21;
            assert!(
                Frequencies::new(Box::leak(bad.into_boxed_slice())).is_err(),
                "byte {at}"
            );
        }
    }
}
