//! Adjectives before their noun into English. Spanish, Portuguese, French,
//! Italian, Arabic and Indonesian put most adjectives after the noun
//! (`nombre inválido`, `ملف مؤقت`, `berkas sementara`); English before it
//! (`invalid name`, `temporary file`). A noun is held until the next word
//! shows what it is: an adjective is written first, then the noun; anything
//! else writes the noun in place. What an English word is comes from the
//! English side of the English–German dictionary (Ding marks each headword
//! `{adj}`, `{n}`, `{v}`; its first sense decides), the source dictionaries
//! mostly giving no part of speech.
//!
//! Tried and not kept: Hindi's postpositions before their noun into English
//! (`फ़ाइल में` → `in file`): hi→en on dev-b lost 0.4 chrF.

use std::ops::Range;

use super::writer::Writer;
use crate::engine::dict::{Library, Pos, candidates};
use crate::engine::lemma;

/// The part of speech of an English word (a translation of one word), by
/// its first sense in the English–German dictionary, or of its base form
/// (`files` → `file`).
fn english(lib: &Library, text: &str) -> Option<Pos> {
    if text.contains(' ') || !text.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
        return None;
    }
    // The full ranking (`candidates_top(…, 1)` ranks the same heaviest word
    // but not always the same part of speech first: four directions changed).
    let first = |w: &str| candidates(lib, "en", "de", w).1.first().map(|c| c.pos);
    first(text).or_else(|| lemma::candidates(text, "en").iter().find_map(|b| first(b)))
}

#[derive(Default)]
pub struct Adjectives {
    on: bool,
    /// The noun held: its source span and translation.
    noun: Option<(Range<usize>, String)>,
}

impl Adjectives {
    pub fn new(from: &str, to: &str) -> Self {
        Adjectives {
            on: to == "en" && matches!(from, "es" | "pt" | "fr" | "it" | "ar" | "id"),
            noun: None,
        }
    }

    /// The English part of speech of the translation `text` when the holder
    /// is on (looked up once per word).
    pub fn pos(&self, lib: &Library, text: Option<&str>) -> Option<Pos> {
        english(lib, text.filter(|_| self.on)?)
    }

    /// Whether the choice of one word, its translation's part of speech
    /// `pos` (see [`Self::pos`]), is a noun to hold (nothing is written for
    /// it yet).
    pub fn hold(&mut self, w: &mut Writer, span: &Range<usize>, text: &str, pos: Option<Pos>) -> bool {
        if !self.on || pos != Some(Pos::Noun) {
            return false;
        }
        // A noun after a noun: the first is written, the second held.
        self.flush(w);
        w.drop_word(span.clone());
        self.noun = Some((span.clone(), text.to_owned()));
        true
    }

    /// Before a translation of part of speech `pos` is written: after an
    /// adjective the held noun comes after it (`Some`: write it once the
    /// adjective is written); before anything else it is written now.
    pub fn before(&mut self, w: &mut Writer, pos: Option<Pos>) -> Option<(Range<usize>, String)> {
        if self.noun.is_some() && pos == Some(Pos::Adj) {
            return self.noun.take();
        }
        self.flush(w);
        None
    }

    /// Writes the held noun.
    pub fn flush(&mut self, w: &mut Writer) {
        if let Some((span, text)) = self.noun.take() {
            w.word(span, &text, false);
        }
    }
}
