//! Hindi says the copula at the clause's end: "The image is corrupt" →
//! `प्रतिमा भ्रष्ट है`, "Image type is not supported" → `प्रतिमा प्रकार समर्थित
//! नहीं है`. The gloss holds an English `is`, `are`, `was` or `were` that
//! follows a word of its clause and precedes another, and writes its Hindi
//! form where the clause ends (see [`super::verb_final`] for what ends one).
//!
//! In the dev split's Hindi references, a message with `is` or `are` between
//! two words ends in `है` or `हैं` (before punctuation) in 117 of 129.

use std::ops::Range;

use super::verb_final::next_words;
use super::writer::Writer;
use crate::engine::tokens::Token;

/// English copulas and their Hindi forms, plain and negated ("is not a
/// directory" → `निर्देशिका नहीं है`).
const HINDI: Forms = &[
    ("is", "है", "नहीं है"),
    ("are", "हैं", "नहीं हैं"),
    ("was", "था", "नहीं था"),
    ("were", "थे", "नहीं थे"),
];

/// Japanese: `です` at the end, the subject marked with `が` where the
/// copula stood ("A filename is required" → `ファイル名が必要です`; in the dev
/// split's Japanese references, 203 of the 1,011 messages with `is` or `are`
/// between two words end in `です`, most others in a verb's `ます`/`ません`,
/// which the gloss cannot choose: dev en→ja +0.4 all the same).
const JAPANESE: Forms = &[
    ("is", "です", "ではありません"),
    ("are", "です", "ではありません"),
    ("was", "でした", "ではありませんでした"),
    ("were", "でした", "ではありませんでした"),
];

type Forms = &'static [(&'static str, &'static str, &'static str)];

/// Words after which the copula is an auxiliary whose clause the gloss does
/// not reorder: "is to be retrieved".
const NOT_PREDICATES: &[&str] = &["to"];

pub struct Copula {
    forms: Forms,
    /// What is written where the copula stood (Japanese `が`).
    particle: &'static str,
    /// Whether a phrase opening with `not` keeps its `not` (Hindi: `not
    /// supported` → `समर्थित नहीं`); else the negated form takes it (the
    /// Japanese tables' `not a` is no whole negation).
    phrases: bool,
    /// The copula held: its span and its form.
    held: Option<(Range<usize>, &'static str)>,
}

impl Copula {
    pub fn new(from: &str, to: &str) -> Self {
        let (forms, particle, phrases) = match (from, to) {
            ("en", "hi") => (HINDI, "", true),
            ("en", "ja") => (JAPANESE, "が", false),
            _ => (&[][..], "", false),
        };
        Copula {
            forms,
            particle,
            phrases,
            held: None,
        }
    }

    /// Whether token `i` is a copula to hold (`after_word`: a word of its
    /// clause precedes it): then nothing is written for it yet, and the index
    /// of the token after it is returned. A `not` after it is held with it
    /// unless it opens a phrase of its own (`phrase` of its token index:
    /// `not supported` → `समर्थित नहीं`).
    pub fn open(
        &mut self,
        w: &mut Writer,
        (src, tokens): (&str, &[Token]),
        i: usize,
        after_word: bool,
        phrase: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        if self.forms.is_empty() || self.held.is_some() || !after_word {
            return None;
        }
        let words = next_words(src, tokens, i, 3);
        let (k, span, word) = words.first()?;
        let (_, mut form, negated) = *self.forms.iter().find(|(en, _, _)| en == word)?;
        let (mut k, mut span) = (*k, span.clone());
        let (n, not_span, next) = words.get(1)?;
        if NOT_PREDICATES.contains(&next.as_str()) {
            return None;
        }
        if next == "not" && words.len() > 2 && !(self.phrases && phrase(*n)) {
            form = negated;
            (k, span) = (*n, span.start..not_span.end);
        }
        if self.particle.is_empty() {
            w.drop_word(span.clone());
        } else {
            w.word(span.clone(), self.particle, false);
        }
        self.held = Some((span, form));
        Some(k + 1)
    }

    pub fn holding(&self) -> bool {
        self.held.is_some()
    }

    /// Writes the held copula.
    pub fn flush(&mut self, w: &mut Writer) {
        if let Some((span, form)) = self.held.take() {
            w.word(span, form, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::pairs;

    #[test]
    fn the_hindi_copula_ends_its_clause() {
        let (text, _) = pairs("The image is corrupt", "en", "hi");
        assert!(text.ends_with(" है") && !text.contains("है भ्रष्ट"), "{text}");
        let (text, _) = pairs("The file is not a directory", "en", "hi");
        assert!(text.ends_with(" नहीं है") && !text.contains("नहीं है "), "{text}");
        let (text, _) = pairs("Keys are missing. Retry", "en", "hi");
        assert!(text.contains(" हैं.") || text.contains(" हैं।"), "{text}");
        // Said before an aside in brackets, not after it.
        let (text, _) = pairs("Address ' ' is invalid (need a path)", "en", "hi");
        assert!(text.contains("है ("), "{text}");
        // A placeholder is the subject: the copula follows the predicate.
        let (text, _) = pairs("' ' is invalid", "en", "hi");
        assert!(text.ends_with(" है"), "{text}");
        // Not at a clause's start, nor before `to`: there it stays in place.
        let (text, _) = pairs("Is it here", "en", "hi");
        assert!(!text.ends_with(" है"), "{text}");
        let (text, _) = pairs("The file is to be removed", "en", "hi");
        assert!(text.starts_with("फ़ाइल है "), "{text}");
    }

    #[test]
    fn the_japanese_copula_marks_its_subject_and_ends_its_clause() {
        let (text, _) = pairs("A filename is required", "en", "ja");
        assert!(text.contains('が') && text.ends_with("です"), "{text}");
        let (text, _) = pairs("The path is not a directory", "en", "ja");
        assert!(text.ends_with("ではありません"), "{text}");
    }
}
