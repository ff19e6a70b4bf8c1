//! The bundled German–English sentence pairs, read in place.
//!
//! `assets/examples/de-en.tsv.gz` (made by `scripts/bilingual/ding.py` from Ding,
//! Debian's `trans-de-en`, GPL-2-or-later) holds one pair a line, `German TAB English`,
//! shorter English sentences first. `examples/build_gld.rs` indexes it at build time
//! ([`index`]) into `assets/examples/de-en.gex`, which is embedded: two sides
//! ([`Side`]), German then English, sentence `n` of one the translation of sentence
//! `n` of the other. Lines without a tab or with an empty side are skipped; a
//! damaged file gives an empty corpus.

use std::sync::LazyLock;

use super::build::{Builder, file, open};
use super::side::Side;

/// A static, not a const: one copy in the binary, the one `engine::resident` trims.
pub(super) static DATA: &[u8] = include_bytes!("../../../assets/examples/de-en.gex");

/// Sentence `n` of `de` is the translation of sentence `n` of `en`.
#[derive(Default)]
pub(super) struct Corpus {
    pub de: Side,
    pub en: Side,
}

/// The corpus, opened on first use.
pub(super) fn corpus() -> &'static Corpus {
    static CORPUS: LazyLock<Corpus> = LazyLock::new(load);
    &CORPUS
}

/// Opens the embedded file (see the module docs).
pub(super) fn load() -> Corpus {
    load_from(DATA)
}

/// Opens a file made by [`index`]; an empty corpus if it is damaged.
pub(super) fn load_from(data: &'static [u8]) -> Corpus {
    let Some(mut sides) = open(data, 2) else {
        return Corpus::default();
    };
    let (en, de) = (sides.pop().unwrap_or_default(), sides.pop().unwrap_or_default());
    if de.len() != en.len() {
        return Corpus::default();
    }
    Corpus { de, en }
}

/// Indexes the TSV (see the module docs) into the file that is embedded.
pub(super) fn index(tsv: &str) -> Vec<u8> {
    let (mut de, mut en) = (Builder::default(), Builder::default());
    for line in tsv.lines() {
        let Some((german, english)) = line.split_once('\t') else {
            continue;
        };
        let blank = german.trim().is_empty() || english.trim().is_empty();
        if !blank && de.fits(german) && en.fits(english) {
            de.push(german);
            en.push(english);
        }
    }
    file(&[de.finish(), en.finish()])
}
