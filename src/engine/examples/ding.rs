//! The bundled German–English sentence pairs, built on the first look-up of a German pair.
//!
//! `assets/examples/de-en.tsv.gz` (made by `scripts/bilingual/ding.py` from Ding,
//! Debian's `trans-de-en`, GPL-2-or-later) holds one pair a line, `German TAB English`,
//! shorter English sentences first. It is embedded in the binary; the first look-up
//! decompresses it (~2 MB of text) and indexes every lowercased word of both sides
//! ([`Side`]). Lines without exactly one tab or with an empty side are skipped.

use std::sync::LazyLock;

use super::side::{Builder, Side};

const DATA: &[u8] = include_bytes!("../../../assets/examples/de-en.tsv.gz");

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

/// Decompresses and indexes the bundled file (an empty corpus if it is unreadable).
pub(super) fn load() -> Corpus {
    match crate::engine::dict::dictd::gunzip_text(DATA) {
        Some(text) => build(&text),
        None => Corpus::default(),
    }
}

/// Parses the TSV (see the module docs) and builds the indexes.
pub(super) fn build(tsv: &str) -> Corpus {
    // Room for all of it: each side is less than the whole.
    let (mut de, mut en) = (
        Builder::with_capacity(tsv.len()),
        Builder::with_capacity(tsv.len()),
    );
    for line in tsv.lines() {
        let Some((german, english)) = line.split_once('\t') else {
            continue;
        };
        if german.trim().is_empty() || english.trim().is_empty() || english.contains('\t') {
            continue;
        }
        if !(de.fits(german) && en.fits(english)) {
            break;
        }
        de.push(german);
        en.push(english);
    }
    Corpus {
        de: de.finish(),
        en: en.finish(),
    }
}
