//! Which previews a text gets: its language's entry in the transliteration
//! scope, the script the text is written in, and that script's `toScripts`.
//!
//! The script is read from the letters themselves (the engine's Unicode
//! script pre-pass, [`crate::engine::script::script_of`]): each of the
//! language's source scripts counts the letters it covers — `Jpan` covers
//! Hiragana, Katakana and Han, `Kore` Hangul and Han, `Hans`/`Hant` Han — and
//! the one covering most wins. Pure; computed once per reply, never per frame.

use crate::api::languages::{Dir, LanguagesResponse, TransliterationLanguage};
use crate::engine::script::{han_variant_counts, script_of};

/// A script a preview converts into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    pub code: String,
    pub name: String,
    pub rtl: bool,
}

/// What the previews of a text are, or why there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// The languages list has not arrived yet.
    NoLanguages,
    /// No letters to convert (digits, punctuation, emoji…).
    NoLetters,
    /// The language is not in the transliteration scope.
    Unsupported { language: String },
    /// The text is written in `written`, which the language does not convert
    /// from; `from` lists the scripts it does (code and name).
    OtherScript {
        language: String,
        written: String,
        from: Vec<(String, String)>,
    },
    /// One preview per `to`.
    Ready {
        language: String,
        from: String,
        to: Vec<Target>,
    },
}

/// The previews of `text` in `language` (a code as chosen or detected: `sr`
/// is resolved to the `sr-…` entry whose scripts the text is written in).
pub fn plan(languages: Option<&LanguagesResponse>, language: &str, text: &str) -> Plan {
    let Some(languages) = languages else {
        return Plan::NoLanguages;
    };
    let letters = letter_counts(text);
    if letters.is_empty() {
        return Plan::NoLetters;
    }
    let (simplified, traditional) = han_variant_counts(text);
    let score = |l: &TransliterationLanguage| {
        l.scripts
            .iter()
            .map(|s| {
                let bonus = match s.code.as_str() {
                    "Hans" => simplified,
                    "Hant" => traditional,
                    _ => 0,
                };
                covered(&s.code, &letters) * 2 + bonus
            })
            .max()
            .unwrap_or(0)
    };
    let group = languages.transliteration.iter().flatten();
    let exact = group
        .clone()
        .find(|(code, _)| code.eq_ignore_ascii_case(language));
    let prefix = format!("{}-", language.to_ascii_lowercase());
    let variant = || {
        group
            .clone()
            .filter(|(code, _)| code.to_ascii_lowercase().starts_with(&prefix))
            .max_by_key(|(_, l)| score(l))
    };
    let Some((code, entry)) = exact.or_else(variant) else {
        return Plan::Unsupported {
            language: language.to_owned(),
        };
    };
    let best = entry
        .scripts
        .iter()
        .map(|s| (covered(&s.code, &letters), s))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, _)| *n);
    match best {
        Some((_, from)) => Plan::Ready {
            language: code.clone(),
            from: from.code.clone(),
            to: from
                .to_scripts
                .iter()
                .map(|t| Target {
                    code: t.code.clone(),
                    name: t.name.clone(),
                    rtl: t.dir == Dir::Rtl,
                })
                .collect(),
        },
        None => Plan::OtherScript {
            language: code.clone(),
            written: letters[0].0.to_owned(),
            from: entry
                .scripts
                .iter()
                .map(|s| (s.code.clone(), s.name.clone()))
                .collect(),
        },
    }
}

/// Letters per script (ISO 15924 code), most first.
pub fn letter_counts(text: &str) -> Vec<(&'static str, usize)> {
    let mut counts: Vec<(&'static str, usize)> = Vec::new();
    for script in text.chars().filter_map(script_of) {
        let code = script.iso15924();
        match counts.iter_mut().find(|(c, _)| *c == code) {
            Some((_, n)) => *n += 1,
            None => counts.push((code, 1)),
        }
    }
    counts.sort_by_key(|c| std::cmp::Reverse(c.1));
    counts
}

/// The letters a source script of the scope covers.
fn covered(from: &str, letters: &[(&str, usize)]) -> usize {
    letters
        .iter()
        .filter(|(letter, _)| covers(from, letter))
        .map(|(_, n)| n)
        .sum()
}

/// Whether source script `from` (as the languages list names it) is written
/// with letters of script `letter` (as the pre-pass names them).
pub fn covers(from: &str, letter: &str) -> bool {
    from.eq_ignore_ascii_case(letter)
        || match from {
            "Jpan" => matches!(letter, "Hira" | "Kana" | "Hani"),
            "Kore" => matches!(letter, "Hang" | "Hani"),
            "Hans" | "Hant" => letter == "Hani",
            _ => false,
        }
}

/// A script's English name for messages: `Latin (Latn)`.
pub fn script_label(code: &str) -> String {
    match crate::engine::script_name(code, "en") {
        Some(name) if name != code => format!("{name} ({code})"),
        _ => code.to_owned(),
    }
}
