//! English prepositions after their noun phrase, for targets that put their
//! adpositions there (Hindi `फ़ोल्डर में` "in folder", Japanese `フォルダで`,
//! Turkish `klasör içinde`): a preposition followed by a word is held and
//! written after the words that follow it, up to three, the next
//! preposition, conjunction, auxiliary or `not`, punctuation, a line break or
//! a sentence's end. `to` is left in place (as often an infinitive's mark).
//! Into Chinese, Japanese and Hindi, a noun followed by `of` is held too and
//! written after the phrase `of` introduces, `of` before it: "Principality of
//! Monaco" → `モナコの侯国`, `摩纳哥的公国`, `मोनाको के राज्य` (chrF on the
//! held-out messages: unchanged, ±0.1; the order is what those languages
//! write); between two names Chinese and Japanese join them without
//! `的`/`の` ("Kingdom of Lesotho" → `莱索托王国`: dev-b en→zh-Hans +0.4,
//! en→ja +0.1). Elsewhere `of` stays in place.

use std::ops::Range;

use crate::engine::dict::{Pos, normalize};

use super::writer::Writer;
use super::{closed, cues};

/// The most words a held preposition waits for.
const PHRASE: usize = 3;

pub struct Postposer {
    on: bool,
    /// `X of Y` is written `Y of X` (Chinese `Y的X`, Japanese `YのX`, Hindi `Y का X`).
    swap: bool,
    held: Option<(Range<usize>, String)>,
    /// Into Hindi, a held postposition is written in full ([`super::hindi::postposition`]).
    hindi: bool,
    /// Names joined by `of` are joined without a word (Chinese, Japanese).
    bare_names: bool,
    /// The noun before a held `of`, written after it.
    head: Option<(Range<usize>, String)>,
    words: usize,
}

impl Postposer {
    pub fn new(from: &str, to: &str) -> Self {
        Postposer {
            on: from == "en" && matches!(closed::base(to), "hi" | "ja" | "tr" | "ko"),
            swap: from == "en" && matches!(closed::base(to), "zh" | "ja" | "hi"),
            held: None,
            hindi: from == "en" && to == "hi",
            bare_names: from == "en" && matches!(closed::base(to), "zh" | "ja"),
            head: None,
            words: 0,
        }
    }

    /// Whether the source word `word` (its translation `text`, written for
    /// `span`) is held; `next`: the source word after it, and the one after
    /// that past a `the`.
    pub fn hold(
        &mut self,
        w: &mut Writer,
        word: &str,
        span: &Range<usize>,
        text: &str,
        next: Option<(&str, &str)>,
    ) -> bool {
        let key = normalize(word);
        if let Some((head, _)) = &self.head
            && self.held.is_none()
            && key == "of"
        {
            let Some((_, next)) = next else {
                self.flush(w);
                return false;
            };
            // Between names, Chinese and Japanese say no `的`/`の`:
            // "Kingdom of Lesotho" → `莱索托王国`, `レソト王国`.
            let capital = |s: &str| s.starts_with(char::is_uppercase);
            let name = self.bare_names && capital(w.source(head.clone())) && capital(next);
            self.held = Some((span.clone(), if name { String::new() } else { text.to_owned() }));
            self.words = 0;
            return true;
        }
        if !self.on || next.is_none() {
            return false;
        }
        if key == "of" || key == "to" || closed::english_pos(&key) != Pos::Prep {
            return false;
        }
        self.flush(w);
        self.held = Some((span.clone(), text.to_owned()));
        self.words = 0;
        true
    }

    /// Whether a noun (`pos`) followed by `of` (`next`) is held, to be written
    /// after the phrase `of` introduces.
    pub fn hold_head(
        &mut self,
        span: &Range<usize>,
        text: &str,
        next: Option<&str>,
        pos: Option<Pos>,
    ) -> bool {
        if !self.swap
            || self.holding()
            || pos != Some(Pos::Noun)
            || next.map(normalize).as_deref() != Some("of")
        {
            return false;
        }
        self.head = Some((span.clone(), text.to_owned()));
        true
    }

    /// Before the word `word` is written: a word that ends the phrase writes
    /// the held preposition first.
    pub fn before(&mut self, w: &mut Writer, word: &str) {
        if !self.holding() {
            return;
        }
        let key = normalize(word);
        if key == "of" && self.held.is_none() {
            return;
        }
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

    /// Writes the held preposition, if any, and the noun before it.
    pub fn flush(&mut self, w: &mut Writer) {
        if let Some((span, text)) = self.held.take() {
            let text = if self.hindi && self.head.is_none() {
                super::hindi::postposition(&text)
            } else {
                text
            };
            if !text.is_empty() {
                w.word(span, &text, false);
            }
        }
        if let Some((span, text)) = self.head.take() {
            w.word(span, &text, false);
        }
    }

    pub fn holding(&self) -> bool {
        self.held.is_some() || self.head.is_some()
    }
}
