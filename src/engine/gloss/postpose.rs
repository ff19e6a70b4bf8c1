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

use super::run::WordRun;
use super::writer::{Mark, Writer};
use super::{closed, cues};

/// The most words a held preposition waits for.
const PHRASE: usize = 3;

/// The prepositions after a noun whose phrase is written before it, and
/// what is written for them there (empty: their own translation).
type Swaps = &'static [(&'static str, &'static str)];

/// Chinese says `in` after its noun phrase and before the noun it follows:
/// "duplicate path name in backup manifest" → `备份清单中的路径名`.
const CHINESE_SWAPS: Swaps = &[("of", ""), ("in", "中的")];
const OF_SWAPS: Swaps = &[("of", "")];

pub struct Postposer {
    on: bool,
    /// `X of Y` is written `Y of X` (Chinese `Y的X`, Japanese `YのX`, Hindi
    /// `Y का X`), with the prepositions listed.
    swaps: Swaps,
    held: Option<(Range<usize>, String)>,
    /// Into Hindi, a held postposition is written in full ([`super::hindi::postposition`]).
    hindi: bool,
    /// The noun before a held `of`, written after it, with the adjectives
    /// and nouns before it (Chinese, Japanese).
    head: Vec<(Range<usize>, String)>,
    /// Into Chinese and Japanese, the adjectives and nouns written last, in
    /// a row, each with the output's point before it: a head's modifiers,
    /// taken back and moved with it ("Fatal error in PNG file" →
    /// `PNG文件中的致命错误`).
    modifiers: WordRun,
    /// Into Chinese or Japanese: names joined by `of` are joined without a
    /// word, and a head's modifiers move with it.
    cjk: bool,
    words: usize,
}

impl Postposer {
    pub fn new(from: &str, to: &str) -> Self {
        Postposer {
            on: from == "en" && matches!(closed::base(to), "hi" | "ja" | "tr" | "ko"),
            swaps: match closed::base(to) {
                _ if from != "en" => &[],
                "zh" => CHINESE_SWAPS,
                "ja" | "hi" => OF_SWAPS,
                _ => &[],
            },
            held: None,
            hindi: from == "en" && to == "hi",
            head: Vec::new(),
            modifiers: WordRun::default(),
            cjk: from == "en" && matches!(closed::base(to), "zh" | "ja"),
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
        if let Some((head, _)) = self.head.last()
            && self.held.is_none()
            && let Some(said) = self.swapped(&key)
        {
            let Some((_, next)) = next else {
                self.flush(w);
                return false;
            };
            // Between names, Chinese and Japanese say no `的`/`の`:
            // "Kingdom of Lesotho" → `莱索托王国`, `レソト王国`.
            let capital = |s: &str| s.starts_with(char::is_uppercase);
            let name = key == "of" && self.cjk && capital(w.source(head.clone())) && capital(next);
            let text = match said {
                _ if name => "",
                "" => text,
                said => said,
            };
            self.held = Some((span.clone(), text.to_owned()));
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
        w: &mut Writer,
        span: &Range<usize>,
        text: &str,
        next: Option<&str>,
        pos: Option<Pos>,
    ) -> bool {
        if self.holding()
            || pos != Some(Pos::Noun)
            || next.and_then(|n| self.swapped(&normalize(n))).is_none()
        {
            return false;
        }
        self.head = if self.cjk {
            self.modifiers.take(w, span)
        } else {
            Vec::new()
        };
        self.head.push((span.clone(), text.to_owned()));
        true
    }

    /// Before the word `word` is written: a word that ends the phrase writes
    /// the held preposition first.
    pub fn before(&mut self, w: &mut Writer, word: &str) {
        if !self.holding() {
            return;
        }
        let key = normalize(word);
        if !self.head.is_empty() && self.held.is_none() && self.swapped(&key).is_some() {
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
            let text = if self.hindi && self.head.is_empty() {
                super::hindi::postposition(&text)
            } else {
                text
            };
            if !text.is_empty() {
                w.word(span, &text, false);
            }
        }
        for (span, text) in std::mem::take(&mut self.head) {
            w.word(span, &text, false);
        }
    }

    /// A word was written for `span` (its translation `text`, part of
    /// speech `pos`; `before`: the output's point before it): an adjective
    /// or a noun right after the last one is a modifier of what follows.
    pub fn written(&mut self, w: &Writer, span: &Range<usize>, text: &str, pos: Option<Pos>, before: Mark) {
        if !self.cjk {
            return;
        }
        self.modifiers
            .written(w, span, text, matches!(pos, Some(Pos::Adj | Pos::Noun)), before);
    }

    /// What is written for the preposition `key` (normalized) that swaps
    /// the phrases around it, if it does (empty: its own translation).
    fn swapped(&self, key: &str) -> Option<&'static str> {
        self.swaps.iter().find(|(p, _)| *p == key).map(|(_, said)| *said)
    }

    pub fn holding(&self) -> bool {
        self.held.is_some() || !self.head.is_empty()
    }
}
