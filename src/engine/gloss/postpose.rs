//! English prepositions after their noun phrase, for targets that put their
//! adpositions there (Hindi `फ़ोल्डर में` "in folder", Japanese `フォルダで`,
//! Turkish `klasör içinde`): a preposition followed by a word is held and
//! written after the words that follow it, up to three, the next
//! preposition, conjunction, auxiliary or `not`, punctuation, a line break or
//! a sentence's end. `of` and `to` are left in place (`of` would need its
//! two nouns swapped, `to` is as often an infinitive's mark).

use std::ops::Range;

use crate::engine::dict::{Pos, normalize};

use super::writer::Writer;
use super::{closed, cues};

/// The most words a held preposition waits for.
const PHRASE: usize = 3;

pub struct Postposer {
    on: bool,
    held: Option<(Range<usize>, String)>,
    words: usize,
}

impl Postposer {
    pub fn new(from: &str, to: &str) -> Self {
        Postposer {
            on: from == "en" && matches!(closed::base(to), "hi" | "ja" | "tr" | "ko"),
            held: None,
            words: 0,
        }
    }

    /// Whether the source word `word` (its translation `text`, written for
    /// `span`) is held; `more`: a word follows it.
    pub fn hold(&mut self, w: &mut Writer, word: &str, span: &Range<usize>, text: &str, more: bool) -> bool {
        if !self.on || !more {
            return false;
        }
        let key = normalize(word);
        if key == "of" || key == "to" || closed::english_pos(&key) != Pos::Prep {
            return false;
        }
        self.flush(w);
        self.held = Some((span.clone(), text.to_owned()));
        self.words = 0;
        true
    }

    /// Before the word `word` is written: a word that ends the phrase writes
    /// the held preposition first.
    pub fn before(&mut self, w: &mut Writer, word: &str) {
        if self.held.is_none() {
            return;
        }
        let key = normalize(word);
        if cues::verbal(&key) || matches!(closed::english_pos(&key), Pos::Prep | Pos::Conj) {
            self.flush(w);
        }
    }

    /// After a word was written: the phrase is long enough.
    pub fn after(&mut self, w: &mut Writer) {
        if self.held.is_some() {
            self.words += 1;
            if self.words >= PHRASE {
                self.flush(w);
            }
        }
    }

    /// Writes the held preposition, if any.
    pub fn flush(&mut self, w: &mut Writer) {
        if let Some((span, text)) = self.held.take() {
            w.word(span, &text, false);
        }
    }

    pub fn holding(&self) -> bool {
        self.held.is_some()
    }
}
