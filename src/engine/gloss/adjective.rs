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
use crate::engine::dict::{Library, Pos};
use crate::engine::lemma;

/// The part of speech of an English word (a translation of one word), from
/// its entries in the English–German dictionary, or from its base form's
/// (`files` → `file`): an adjective when an entry spelled as asked is one
/// (`raw`, `valid`: their first entries are a noun and a verb), else the part
/// of speech with the most senses (`record`: 12 as a noun, 7 as the verb
/// that comes first).
/// Entries only, no ranking: ranking the German words read the German–English
/// dictionary once per German word (es→en of 4.7 KB took 90 ms, 26 ms now);
/// on dev, ar→en +0.4, pt→en −0.2, the others ±0.0 against that ranking's
/// first part of speech.
fn english(lib: &Library, text: &str) -> Option<Pos> {
    if text.contains(' ') || !text.chars().all(|c| c.is_ascii_alphabetic() || c == '-') {
        return None;
    }
    let of = |w: &str| {
        let entries = lib.entries("en", "de", w);
        let exact = || entries.iter().filter(|e| e.headword == w);
        if exact().any(|e| e.pos == Pos::Adj) {
            return Some(Pos::Adj);
        }
        let mut senses: Vec<(Pos, usize)> = Vec::new();
        for e in exact() {
            match senses.iter_mut().find(|(p, _)| *p == e.pos) {
                Some(t) => t.1 += e.senses.len(),
                None => senses.push((e.pos, e.senses.len())),
            }
        }
        // The first of the most: `max_by_key` would take the last.
        let most = senses
            .iter()
            .fold(None, |best: Option<&(Pos, usize)>, t| match best {
                Some(b) if b.1 >= t.1 => Some(b),
                _ => Some(t),
            });
        most.map(|t| t.0).or_else(|| entries.first().map(|e| e.pos))
    };
    of(text).or_else(|| lemma::candidates(text, "en").iter().find_map(|b| of(b)))
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_english_word_is_an_adjective_if_it_can_be_else_its_most_common_part_of_speech() {
        let lib = Library::bundled();
        assert_eq!(english(&lib, "record"), Some(Pos::Noun));
        assert_eq!(english(&lib, "records"), Some(Pos::Noun));
        assert_eq!(english(&lib, "invalid"), Some(Pos::Adj));
        assert_eq!(english(&lib, "raw"), Some(Pos::Adj));
        assert_eq!(english(&lib, "open"), Some(Pos::Adj));
        assert_eq!(english(&lib, "run"), Some(Pos::Verb));
        assert_eq!(english(&lib, "zzxq"), None);
        assert_eq!(english(&lib, "two words"), None);
    }
}
