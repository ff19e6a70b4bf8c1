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

    /// Whether the choice of one word, its translation `text`, is a noun to
    /// hold (nothing is written for it yet).
    pub fn hold(&mut self, w: &mut Writer, lib: &Library, span: &Range<usize>, text: &str) -> bool {
        if !self.on || english(lib, text) != Some(Pos::Noun) {
            return false;
        }
        // A noun after a noun: the first is written, the second held.
        self.flush(w);
        w.drop_word(span.clone());
        self.noun = Some((span.clone(), text.to_owned()));
        true
    }

    /// Before the translation `text` is written: when it is an adjective the
    /// held noun comes after it (`Some`: write it once the adjective is
    /// written); before anything else it is written now.
    pub fn before(&mut self, w: &mut Writer, lib: &Library, text: &str) -> Option<(Range<usize>, String)> {
        if self.noun.is_some() && english(lib, text) == Some(Pos::Adj) {
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
