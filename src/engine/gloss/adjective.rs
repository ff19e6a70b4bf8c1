//! Adjectives before their noun into English, after it from English.
//! Spanish, Portuguese, French, Italian, Arabic and Indonesian put most
//! adjectives after the noun (`nombre inválido`, `ملف مؤقت`, `berkas
//! sementara`); English before it (`invalid name`, `temporary file`). Into
//! English a noun is held until the next word shows what it is: an
//! adjective is written first, then the noun; anything else writes the noun
//! in place. From English an adjective is held the same way until its noun
//! (`Invalid packet` → `Paquete inválido`, `temporary file` → `ملف مؤقت`), except those the
//! Romance languages put first too (`new`, `other`, `first`: [`PREPOSED`]);
//! dev-b en→ar +1.4, en→pt +0.9, en→es +0.8, en→fr +0.7, en→id +0.6, en→it
//! +0.5 chrF. The part of speech of the English source word given by the
//! en→X dictionaries' choice instead lost 0.1 to 0.8. What an English word is comes from the
//! English side of the English–German dictionary (Ding marks each headword
//! `{adj}`, `{n}`, `{v}`; see [`english`]), the source dictionaries mostly
//! giving no part of speech.
//!
//! A noun held into English also comes after a Latin name that follows it
//! ("ملف TIFF" → "TIFF file"), and a state's title before its name takes
//! "of" ("جمهوريّة الهند" → "Republic of India"): dev-b ar→en +4.5 (many
//! of its messages are ISO 3166 names), es/fr/it/id→en +0.1.
//!
//! Tried and not kept: Hindi's postpositions before their noun into English
//! (`फ़ाइल में` → `in file`): hi→en on dev-b lost 0.4 chrF.

use std::ops::Range;

use rustc_hash::FxHashMap;

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
    // A negated adjective (Arabic `غير كافية` → "not enough") is one too.
    if let Some(rest) = text.strip_prefix("not ") {
        return english(lib, rest).filter(|p| *p == Pos::Adj);
    }
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

/// English adjectives that stay before their noun in the Romance targets
/// (`nuevo`, `otro`, `primer`), and determiners the dictionaries mark `{adj}`.
const PREPOSED: &[&str] = &[
    "new",
    "other",
    "another",
    "same",
    "next",
    "last",
    "first",
    "second",
    "third",
    "many",
    "much",
    "few",
    "several",
    "all",
    "each",
    "every",
    "some",
    "any",
    "no",
    "more",
    "most",
    "less",
    "least",
    "such",
    "own",
    "only",
    "both",
    "either",
    "neither",
    "certain",
    "various",
    "enough",
    "good",
    "bad",
    "great",
    "little",
    "big",
    "small",
    "old",
    "young",
    "long",
    "short",
    "best",
    "better",
    "worse",
    "worst",
    "former",
    "latter",
    "whole",
    "main",
    "previous",
    "following",
    "this",
    "that",
    "these",
    "those",
    "what",
    "which",
    "whose",
    "my",
    "your",
    "his",
    "her",
    "its",
    "our",
    "their",
];

/// English nouns that name a state before its name (see
/// [`Adjectives::of_name`]).
const TITLES: &[&str] = &[
    "republic",
    "kingdom",
    "state",
    "sultanate",
    "emirate",
    "principality",
    "federation",
    "commonwealth",
    "duchy",
    "union",
];

#[derive(Default)]
pub struct Adjectives {
    on: bool,
    /// Whether the source is English (an adjective is held until its noun),
    /// else the target (a noun is held until an adjective after it).
    from_english: bool,
    /// The word held: its source span and translation.
    held: Option<(Range<usize>, String)>,
    /// The English words' parts of speech looked up in this text.
    seen: FxHashMap<String, Option<Pos>>,
}

impl Adjectives {
    pub fn new(from: &str, to: &str) -> Self {
        let romance = |l: &str| matches!(l, "es" | "pt" | "pt-PT" | "fr" | "it" | "ar" | "id");
        Adjectives {
            on: (to == "en" && romance(from)) || (from == "en" && romance(to)),
            from_english: from == "en",
            held: None,
            seen: FxHashMap::default(),
        }
    }

    /// The English part of speech of the source word `word` (from English)
    /// or of its translation `text` (into English) when the holder is on
    /// (looked up once per word).
    pub fn pos(&mut self, lib: &Library, word: &str, text: Option<&str>) -> Option<Pos> {
        if !self.on {
            return None;
        }
        let key = if self.from_english {
            word.to_lowercase()
        } else {
            text?.to_owned()
        };
        if let Some(pos) = self.seen.get(&key) {
            return *pos;
        }
        let mut pos = english(lib, &key);
        if self.from_english && PREPOSED.contains(&key.as_str()) {
            pos = pos.filter(|p| *p != Pos::Adj);
        }
        self.seen.insert(key, pos);
        pos
    }

    /// The part of speech held, and the one it is written after.
    fn roles(&self) -> (Pos, Pos) {
        if self.from_english {
            (Pos::Adj, Pos::Noun)
        } else {
            (Pos::Noun, Pos::Adj)
        }
    }

    /// Whether the choice of one word, of part of speech `pos` (see
    /// [`Self::pos`]), is held (nothing is written for it yet): a noun into
    /// English, an adjective from English.
    pub fn hold(&mut self, w: &mut Writer, span: &Range<usize>, text: &str, pos: Option<Pos>) -> bool {
        if !self.on || pos != Some(self.roles().0) {
            return false;
        }
        // A noun after a noun (an adjective after an adjective): the first
        // is written, the second held.
        let text = self.of_name(text.to_owned());
        self.flush(w);
        w.drop_word(span.clone());
        self.held = Some((span.clone(), text));
        true
    }

    /// Into English, the translation `text` of a name after a held title
    /// noun takes "of": "جمهوريّة الهند" → "Republic of India", not
    /// "Republic India".
    pub fn of_name(&self, text: String) -> String {
        let title = self
            .held
            .as_ref()
            .is_some_and(|(_, held)| TITLES.contains(&held.to_lowercase().as_str()));
        if !self.from_english && title && text.starts_with(char::is_uppercase) {
            format!("of {text}")
        } else {
            text
        }
    }

    /// Into English, a Latin name (`name`, of `span`) after a held noun is
    /// written before it: "ملف TIFF" → "TIFF file", "ترويسة XPM" → "XPM
    /// header" (the dev split's English references put the name first in
    /// nearly every such message). Its target span, or `None` when nothing
    /// was held (the caller writes it).
    pub fn name_first(&mut self, w: &mut Writer, span: &Range<usize>, name: &str) -> Option<Range<usize>> {
        if !self.on
            || self.from_english
            || self.held.is_none()
            || !name.chars().any(|c| c.is_ascii_alphabetic())
        {
            return None;
        }
        w.word(span.clone(), name, true);
        let target = w.last_target();
        self.flush(w);
        Some(target)
    }

    /// Before a word of part of speech `pos` is written: the held word comes
    /// after it when it is the part of speech the held one follows (an
    /// adjective into English, a noun from English; `Some`: write it once
    /// this word is written); before anything else it is written now.
    pub fn before(&mut self, w: &mut Writer, pos: Option<Pos>) -> Option<(Range<usize>, String)> {
        if self.held.is_some() && pos == Some(self.roles().1) {
            return self.held.take();
        }
        self.flush(w);
        None
    }

    /// Writes the held word.
    pub fn flush(&mut self, w: &mut Writer) {
        if let Some((span, text)) = self.held.take() {
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
        assert_eq!(english(&lib, "not valid"), Some(Pos::Adj));
        assert_eq!(english(&lib, "not found"), None);
        assert_eq!(english(&lib, "two words"), None);
    }

    #[test]
    fn into_english_a_latin_name_precedes_its_noun_and_a_state_takes_of() {
        use crate::engine::gloss::tests::pairs;
        let (text, links) = pairs("ترويسة XPM غير صالحة", "ar", "en");
        assert!(text.starts_with("XPM header"), "{text}");
        assert!(links.iter().any(|(s, t)| s == "XPM" && t == "XPM"), "{links:?}");
        assert_eq!(pairs("جمهوريّة الهند", "ar", "en").0, "Republic of India");
        assert_eq!(pairs("مملكة تايلاند", "ar", "en").0, "Kingdom of Thailand");
        // Not a number, nor a name after anything but a noun.
        let (text, _) = pairs("بايثون (نسخة 2)", "ar", "en");
        assert!(text.ends_with("2)"), "{text}");
        // From English, the order stays.
        let (text, _) = pairs("the TIFF file", "en", "es");
        assert!(text.contains("TIFF"), "{text}");
    }
}
