//! The bundled German–English sentence pairs, built on the first look-up of a German pair.
//!
//! `assets/examples/de-en.tsv.gz` (made by `scripts/bilingual/ding.py` from Ding,
//! Debian's `trans-de-en`, GPL-2-or-later) holds one pair a line, `German TAB English`,
//! shorter English sentences first. It is embedded in the binary; the first look-up
//! decompresses it (~2 MB of text) and indexes every lowercased word of both sides
//! ([`Side`]): a second thread inflates the file a chunk at a time while the caller's
//! indexes the lines already out, so the two costs overlap. Lines without a tab or
//! with an empty side are skipped; a damaged file gives an empty corpus.

use std::io::Read;
use std::sync::LazyLock;
use std::sync::mpsc::{SyncSender, sync_channel};

use super::side::{Builder, Side};

const DATA: &[u8] = include_bytes!("../../../assets/examples/de-en.tsv.gz");

/// Bytes inflated at a time, and how many such chunks may wait to be indexed.
const CHUNK: usize = 64 * 1024;
const IN_FLIGHT: usize = 64;

/// Sentence `n` of `de` is the translation of sentence `n` of `en`.
#[derive(Default)]
pub(super) struct Corpus {
    pub de: Side,
    pub en: Side,
}

/// The corpus, loaded and indexed on first use.
pub(super) fn corpus() -> &'static Corpus {
    static CORPUS: LazyLock<Corpus> = LazyLock::new(load);
    &CORPUS
}

/// Decompresses and indexes the bundled file (see the module docs).
pub(super) fn load() -> Corpus {
    load_from(DATA)
}

/// Decompresses and indexes a gzipped TSV.
pub(super) fn load_from(gz: &'static [u8]) -> Corpus {
    // The gzip trailer's size of the text: room for each side, which is less.
    let size = gz
        .last_chunk::<4>()
        .map_or(0, |n| u32::from_le_bytes(*n) as usize);
    let (tx, rx) = sync_channel(IN_FLIGHT);
    std::thread::scope(|scope| {
        let inflating = std::thread::Builder::new().spawn_scoped(scope, move || inflate(gz, &tx));
        let Ok(inflating) = inflating else {
            return match crate::engine::dict::dictd::gunzip_text(gz) {
                Some(text) => build(&text, size),
                None => Corpus::default(),
            };
        };
        let mut pairs = Pairs::with_capacity(size);
        // The bytes after the last complete line so far.
        let mut rest: Vec<u8> = Vec::new();
        let mut valid = true;
        for chunk in rx {
            rest.extend_from_slice(&chunk);
            let Some(end) = rest.iter().rposition(|&b| b == b'\n') else {
                continue;
            };
            match std::str::from_utf8(&rest[..end]) {
                Ok(lines) => lines.lines().for_each(|line| pairs.push(line)),
                Err(_) => valid = false,
            }
            rest.drain(..=end);
            if !valid {
                break;
            }
        }
        match (valid, inflating.join(), std::str::from_utf8(&rest)) {
            (true, Ok(true), Ok(last)) => {
                last.lines().for_each(|line| pairs.push(line));
                pairs.finish()
            }
            _ => Corpus::default(),
        }
    })
}

/// Sends the text out in chunks; false if the file is damaged or nobody listens.
fn inflate(gz: &[u8], tx: &SyncSender<Vec<u8>>) -> bool {
    let mut gz = flate2::read::MultiGzDecoder::new(gz);
    loop {
        let mut chunk = Vec::with_capacity(CHUNK);
        match gz.by_ref().take(CHUNK as u64).read_to_end(&mut chunk) {
            Ok(0) => return true,
            Ok(_) if tx.send(chunk).is_ok() => {}
            _ => return false,
        }
    }
}

/// Parses a whole TSV (see the module docs) and builds the indexes.
fn build(tsv: &str, size: usize) -> Corpus {
    let mut pairs = Pairs::with_capacity(size);
    tsv.lines().for_each(|line| pairs.push(line));
    pairs.finish()
}

/// The two sides being built, in step.
struct Pairs {
    de: Builder,
    en: Builder,
}

impl Pairs {
    fn with_capacity(bytes: usize) -> Pairs {
        Pairs {
            de: Builder::with_capacity(bytes),
            en: Builder::with_capacity(bytes),
        }
    }

    fn push(&mut self, line: &str) {
        let Some((german, english)) = line.split_once('\t') else {
            return;
        };
        let blank = german.trim().is_empty() || english.trim().is_empty();
        if !blank && self.de.fits(german) && self.en.fits(english) {
            self.de.push(german);
            self.en.push(english);
        }
    }

    fn finish(self) -> Corpus {
        Corpus {
            de: self.de.finish(),
            en: self.en.finish(),
        }
    }
}
