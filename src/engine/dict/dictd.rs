//! The dictd format (RFC 2229 servers' on-disk format, as `dictfmt` writes it):
//! a `.index` of `headword TAB offset TAB length` lines, numbers in dictd's
//! base64 digits, over a `.dict` body that is plain or dictzip-compressed.
//!
//! One reader serves the dictionaries found on the machine (`/usr/share/dictd`)
//! and the bundled dictionaries' sources (assets/dict/dictd/, index stored
//! gzipped), which the build converts to GLD (`super::gld`). The body is inflated
//! once, when the dictionary is first used; entries are then slices of it.

use std::io::Read;
use std::path::Path;

use rustc_hash::FxHashMap;

/// dictd's base64 digits (most significant first).
const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Why a dictionary could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DictdError {
    #[error("cannot read {0}: {1}")]
    Io(String, std::io::Error),
    #[error("corrupt compressed data: {0}")]
    Inflate(std::io::Error),
    #[error("the index is not UTF-8")]
    NotUtf8,
    #[error("the index has no entries")]
    Empty,
}

/// A dictionary: its body and the entries of each headword.
pub struct Dictd {
    body: String,
    /// Normalized headword → (offset, length) of its entries, in index order.
    index: FxHashMap<Box<str>, Vec<(u32, u32)>>,
}

/// The key a headword is filed under: lower case, inner whitespace collapsed,
/// the Devanagari letters with a nukta written as letter + nukta, as Unicode's
/// normalization writes them (`ड़` U+095C is `ड` + `़`; the bundled Hindi
/// dictionaries spell them so, much typed text the other way).
pub fn normalize(term: &str) -> String {
    let mut out = String::with_capacity(term.len());
    if term.is_ascii() {
        // Most keys: no nukta, one byte per letter.
        for word in term.split_whitespace() {
            if !out.is_empty() {
                out.push(' ');
            }
            out.extend(word.bytes().map(|b| char::from(b.to_ascii_lowercase())));
        }
        return out;
    }
    for word in term.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            match c {
                '\u{0958}'..='\u{095F}' => out.extend([NUKTA_BASES[c as usize - 0x958], '\u{093C}']),
                // Turkish capital İ is the i the lower case writes (`İşaret` →
                // işaret), not i + a combining dot, as Unicode's default lower
                // case has it; a dot already combined that way goes too.
                '\u{0130}' => out.push('i'),
                '\u{0307}' if out.ends_with('i') => {}
                _ => out.extend(c.to_lowercase()),
            }
        }
    }
    out
}

/// The letters the Devanagari letters with a nukta U+0958–U+095F add it to
/// (Unicode's composition exclusions: क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़).
const NUKTA_BASES: [char; 8] = [
    '\u{0915}', '\u{0916}', '\u{0917}', '\u{091C}', '\u{0921}', '\u{0922}', '\u{092B}', '\u{092F}',
];
/// Decodes a dictd base64 number; `None` on a foreign digit or overflow.
pub fn decode_number(digits: &str) -> Option<u32> {
    digits.bytes().try_fold(0u32, |n, b| {
        let d = DIGITS.iter().position(|&x| x == b)? as u32;
        n.checked_mul(64)?.checked_add(d)
    })
}

/// The bytes themselves, or inflated when they are gzip (dictzip is gzip).
fn inflate(bytes: &[u8]) -> Result<Vec<u8>, DictdError> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes.to_vec());
    }
    let mut out = Vec::with_capacity(bytes.len() * 4);
    flate2::read::MultiGzDecoder::new(bytes)
        .read_to_end(&mut out)
        .map_err(DictdError::Inflate)?;
    Ok(out)
}

/// The text of an embedded gzipped table (or of plain bytes); `None` when it
/// is damaged or not UTF-8. Shared by every bundled data set.
pub fn gunzip_text(bytes: &[u8]) -> Option<String> {
    String::from_utf8(inflate(bytes).ok()?).ok()
}

impl Dictd {
    /// Reads a dictionary from its index and body, each plain or gzip/dictzip.
    /// Malformed index lines and entries pointing outside the body are skipped.
    pub fn parse(index: &[u8], dict: &[u8]) -> Result<Self, DictdError> {
        let index = String::from_utf8(inflate(index)?).map_err(|_| DictdError::NotUtf8)?;
        let body = String::from_utf8_lossy(&inflate(dict)?).into_owned();
        let mut map: FxHashMap<Box<str>, Vec<(u32, u32)>> = FxHashMap::default();
        for line in index.lines() {
            let mut fields = line.split('\t');
            let (Some(word), Some(off), Some(len)) = (fields.next(), fields.next(), fields.next()) else {
                continue;
            };
            if word.starts_with("00database") || word.starts_with("00-database") {
                continue;
            }
            let (Some(off), Some(len)) = (decode_number(off), decode_number(len)) else {
                continue;
            };
            let range = off as usize..off as usize + len as usize;
            if body.get(range).is_none() {
                continue;
            }
            let spans = map.entry(normalize(word).into_boxed_str()).or_default();
            if !spans.contains(&(off, len)) {
                spans.push((off, len));
            }
        }
        if map.is_empty() {
            return Err(DictdError::Empty);
        }
        Ok(Self { body, index: map })
    }

    /// Reads `<base>.index` (or `.index.gz`) and `<base>.dict.dz` (or `.dict`).
    pub fn open(base: &Path) -> Result<Self, DictdError> {
        let first = |exts: &[&str]| {
            let mut last = DictdError::Empty;
            for ext in exts {
                let path = format!("{}{ext}", base.display());
                match std::fs::read(&path) {
                    Ok(bytes) => return Ok(bytes),
                    Err(e) => last = DictdError::Io(path, e),
                }
            }
            Err(last)
        };
        Self::parse(&first(&[".index", ".index.gz"])?, &first(&[".dict.dz", ".dict"])?)
    }

    /// The entries filed under a term (any case), as the body holds them.
    pub fn entries<'a>(&'a self, term: &str) -> impl Iterator<Item = &'a str> + 'a {
        let spans = self
            .index
            .get(normalize(term).as_str())
            .map(Vec::as_slice)
            .unwrap_or_default();
        spans
            .iter()
            .filter_map(|&(o, n)| self.body.get(o as usize..(o + n) as usize))
    }

    /// Whether a term is a headword.
    pub fn contains(&self, term: &str) -> bool {
        self.index.contains_key(normalize(term).as_str())
    }

    /// Every distinct entry once, in body order.
    pub fn all_entries(&self) -> Vec<&str> {
        let mut spans: Vec<(u32, u32)> = self.index.values().flatten().copied().collect();
        spans.sort_unstable();
        spans.dedup();
        spans
            .into_iter()
            .filter_map(|(o, n)| self.body.get(o as usize..(o + n) as usize))
            .collect()
    }

    /// Every headword the index files (normalized), in no particular order.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.index.keys().map(|k| &**k)
    }

    /// How many headwords the index files.
    pub fn len(&self) -> usize {
        self.index.len()
    }

    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index_line(word: &str, off: u32, len: u32) -> String {
        let enc = |mut n: u32| {
            let mut d = vec![];
            loop {
                d.push(DIGITS[(n % 64) as usize]);
                n /= 64;
                if n == 0 {
                    break;
                }
            }
            d.reverse();
            String::from_utf8(d).unwrap()
        };
        format!("{word}\t{}\t{}\n", enc(off), enc(len))
    }

    #[test]
    fn devanagari_nukta_letters_are_one_key_however_typed() {
        // ड़ as U+095C and as ड + ़ (U+0921 U+093C), the way the dictionaries write it.
        assert_eq!(normalize("\u{091C}\u{094B}\u{095C}\u{0928}\u{093E}"), "जोड़ना");
        assert_eq!(
            normalize("\u{095E}\u{093E}\u{0907}\u{0932}"),
            "\u{092B}\u{093C}\u{093E}\u{0907}\u{0932}"
        );
        assert_eq!(normalize("Hello  World"), "hello world");
    }

    #[test]
    fn numbers() {
        assert_eq!(decode_number("A"), Some(0));
        assert_eq!(decode_number("B0"), Some(64 + 52));
        assert_eq!(
            decode_number("edkK"),
            Some(30 * 64 * 64 * 64 + 29 * 64 * 64 + 36 * 64 + 10)
        );
        assert_eq!(decode_number("é"), None);
        assert_eq!(decode_number("//////////"), None);
    }

    #[test]
    fn reads_plain_and_skips_bad_lines() {
        let (cat, bank) = ("cat /kæt/ <n>\nkissa\n", "bank <n>\npankki\n");
        let body = format!("{cat}{bank}");
        let (c, b) = (cat.len() as u32, bank.len() as u32);
        let index = [
            index_line("00databaseinfo", 0, 3),
            index_line("Cat", 0, c),
            index_line("bank", c, b),
            "broken line\n".into(),
            index_line("far", 500, 4),
        ]
        .concat();
        let d = Dictd::parse(index.as_bytes(), body.as_bytes()).unwrap();
        assert_eq!(d.len(), 2);
        assert_eq!(
            d.entries("CAT").collect::<Vec<_>>(),
            vec!["cat /kæt/ <n>\nkissa\n"]
        );
        assert!(d.contains("bank") && !d.contains("far"));
        assert_eq!(d.all_entries().len(), 2);
    }

    #[test]
    fn empty_or_garbage_is_an_error() {
        assert!(Dictd::parse(b"", b"").is_err());
        assert!(Dictd::parse(&[0x1f, 0x8b, 1, 2, 3], b"").is_err());
        assert!(Dictd::parse(&[0xff, 0xfe], b"x").is_err());
    }

    #[test]
    fn normalizes_keys() {
        assert_eq!(normalize("  Bank   Account "), "bank account");
        assert_eq!(normalize("ÉCOLE"), "école");
        assert_eq!(normalize("İşaret Dili"), "işaret dili");
        assert_eq!(normalize("i\u{0307}sviçre"), "isviçre");
    }
}
