//! The picker's rows, built from a languages response (spec §2.4).
//!
//! Each scope of the response becomes a flat list of [`Item`]s sorted by the
//! language's name (English unless the response was localized), then by
//! code, so the picker's unfiltered order is stable.

use crate::api::languages::{Dir, LanguagesResponse};

/// One language the picker offers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Item {
    /// What the picker returns: `"ja"`, `"zh-Hans"`.
    pub code: String,
    /// The name in the display language of the response: `"Japanese"`.
    pub name: String,
    /// The language's own name: `"日本語"`.
    pub native_name: String,
    /// Whether the language is written right to left.
    pub rtl: bool,
    /// A short note shown muted after the names (scripts, dictionary pairs);
    /// empty for the translation scope.
    pub detail: String,
}

/// The translation scope: every language the service translates to or from.
pub fn items_from_translation(languages: &LanguagesResponse) -> Vec<Item> {
    let group = languages.translation.iter().flatten();
    sorted(group.map(|(code, l)| Item {
        code: code.clone(),
        name: l.name.clone(),
        native_name: l.native_name.clone(),
        rtl: l.dir == Dir::Rtl,
        detail: String::new(),
    }))
}

/// The transliteration scope: languages with the scripts they convert
/// between, e.g. detail `"Arab→Latn Latn→Arab"`.
pub fn items_from_transliteration(languages: &LanguagesResponse) -> Vec<Item> {
    let group = languages.transliteration.iter().flatten();
    sorted(group.map(|(code, l)| {
        let pairs: Vec<String> = l
            .scripts
            .iter()
            .flat_map(|s| s.to_scripts.iter().map(move |t| format!("{}→{}", s.code, t.code)))
            .collect();
        Item {
            code: code.clone(),
            name: l.name.clone(),
            native_name: l.native_name.clone(),
            // The group has no direction per language: the first script's.
            rtl: l.scripts.first().is_some_and(|s| s.dir == Dir::Rtl),
            detail: pairs.join(" "),
        }
    }))
}

/// The dictionary scope's source languages, e.g. detail `"→ 2 languages"`.
pub fn items_from_dictionary(languages: &LanguagesResponse) -> Vec<Item> {
    let group = languages.dictionary.iter().flatten();
    sorted(group.map(|(code, l)| {
        let n = l.translations.len();
        Item {
            code: code.clone(),
            name: l.name.clone(),
            native_name: l.native_name.clone(),
            rtl: l.dir == Dir::Rtl,
            detail: format!("→ {n} language{}", if n == 1 { "" } else { "s" }),
        }
    }))
}

/// The languages the dictionary looks words up in from `from` (matched
/// without case); empty if `from` has no dictionary.
pub fn dictionary_targets(languages: &LanguagesResponse, from: &str) -> Vec<Item> {
    let group = languages.dictionary.iter().flatten();
    let source = group
        .filter(|(code, _)| code.eq_ignore_ascii_case(from))
        .flat_map(|(_, l)| &l.translations);
    sorted(source.map(|t| Item {
        code: t.code.clone(),
        name: t.name.clone(),
        native_name: t.native_name.clone(),
        rtl: t.dir == Dir::Rtl,
        detail: String::new(),
    }))
}

fn sorted(items: impl Iterator<Item = Item>) -> Vec<Item> {
    let mut items: Vec<Item> = items.collect();
    items.sort_by_cached_key(|i| (i.name.to_lowercase(), i.code.clone()));
    items
}
