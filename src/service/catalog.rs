//! What the local engine can really do, as the three scopes of the languages
//! endpoint, and the look-ups the operations validate against.
//!
//! - translation: the languages of the gloss translator (those of the
//!   dictionaries; any two of them connect, through English if need be), and
//!   Apertium's when it is installed.
//! - dictionary: every pair with dictionary data, direct or by inversion.
//! - transliteration: the engine's transliteration scope (catalog_translit.rs).
//!
//! The languages response is localized per `Accept-Language` (CLDR names from
//! ICU4X) and cached, bytes and ETag, per locale and scope set.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::api::languages::{
    DictionaryLanguage, DictionaryTarget, Dir, LanguagesResponse, Scope, TranslationLanguage,
};
use crate::engine;

/// A serialized languages response and its ETag.
pub struct LanguagesDoc {
    pub body: Vec<u8>,
    pub etag: String,
}

/// Most cached localized responses (Accept-Language is client input).
const CACHE_CAP: usize = 256;

/// A display locale and the requested groups.
type DocKey = (String, Vec<Scope>);

pub struct Catalog {
    /// The languages the gloss translator reads and writes.
    translation: Vec<&'static str>,
    /// The languages the engine detects and segments into sentences.
    known: Vec<&'static str>,
    cache: Mutex<HashMap<DocKey, Arc<LanguagesDoc>>>,
}

fn dir(d: engine::names::Dir) -> Dir {
    match d {
        engine::names::Dir::Ltr => Dir::Ltr,
        engine::names::Dir::Rtl => Dir::Rtl,
    }
}

impl Catalog {
    /// The catalog of the offline engine.
    pub fn from_engine() -> Self {
        let mut known = engine::detect::detectable_languages();
        let translation = super::ops::translation_languages();
        known.extend(translation.iter().copied());
        // Every language of the transliteration scope (sr-Latn …) can be
        // broken into sentences, so the workbench's sentence view works for it.
        known.extend(engine::translit::scope().iter().map(|l| l.code));
        known.sort_unstable();
        known.dedup();
        Self {
            translation,
            known,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The canonical spelling of a translation-scope code (matched without case).
    pub fn translation_code(&self, code: &str) -> Option<&'static str> {
        self.translation
            .iter()
            .copied()
            .find(|c| c.eq_ignore_ascii_case(code))
    }

    /// The canonical spelling of a language the engine detects or translates.
    pub fn known_code(&self, code: &str) -> Option<&'static str> {
        self.known.iter().copied().find(|c| c.eq_ignore_ascii_case(code))
    }

    /// Whether the language has any transliteration in the scope.
    pub fn has_transliteration(&self, language: &str) -> bool {
        engine::translit::language_code(language).is_some()
    }

    /// Whether `from` has dictionary data at all.
    pub fn dictionary_source(&self, from: &str) -> bool {
        engine::dict::Library::global()
            .pairs()
            .iter()
            .any(|(f, _)| f.eq_ignore_ascii_case(from))
    }

    /// The canonical spelling of a dictionary pair with data.
    pub fn dictionary_pair(&self, from: &str, to: &str) -> Option<(&'static str, &'static str)> {
        engine::dict::Library::global().pair(from, to)
    }

    /// The default script of a language (CLDR likely subtags), e.g. `en` →
    /// `Latn`, `zh-Hant` → `Hant`, `sr-Cyrl` → `Cyrl`.
    pub fn default_script(&self, language: &str) -> Option<String> {
        let mut locale: icu_locale_core::LanguageIdentifier = language.parse().ok()?;
        icu_locale::LocaleExpander::new_common().maximize(&mut locale);
        locale.script.map(|s| s.to_string())
    }

    /// The languages document for a display locale and a set of groups.
    pub fn languages(&self, locale: &str, scopes: &[Scope]) -> Arc<LanguagesDoc> {
        let key = (locale.to_owned(), scopes.to_vec());
        if let Some(doc) = self.cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
            return doc;
        }
        let doc = Arc::new(self.render(locale, scopes));
        if let Ok(mut cache) = self.cache.lock() {
            if cache.len() >= CACHE_CAP {
                cache.clear();
            }
            cache.insert(key, doc.clone());
        }
        doc
    }

    fn render(&self, locale: &str, scopes: &[Scope]) -> LanguagesDoc {
        let mut resp = LanguagesResponse::default();
        for scope in scopes {
            match scope {
                Scope::Translation => resp.translation = Some(self.translation_group(locale)),
                Scope::Transliteration => resp.transliteration = Some(super::catalog_translit::group(locale)),
                Scope::Dictionary => resp.dictionary = Some(dictionary_group(locale)),
            }
        }
        let body = serde_json::to_vec(&resp).unwrap_or_default();
        let digest = Sha256::digest(&body);
        let etag = format!("\"{}\"", base64::engine::general_purpose::STANDARD.encode(digest));
        LanguagesDoc { body, etag }
    }

    fn translation_group(&self, locale: &str) -> BTreeMap<String, TranslationLanguage> {
        self.translation
            .iter()
            .map(|&code| (code.to_owned(), describe(code, locale)))
            .collect()
    }
}

/// A language's name in the display locale, its own name and direction.
fn describe(code: &str, locale: &str) -> TranslationLanguage {
    let name = engine::names::language_name(code, locale)
        .or_else(|| engine::names::language_name(code, "en"))
        .unwrap_or_else(|| code.to_owned());
    let native_name = engine::names::native_name(code).unwrap_or_else(|| name.clone());
    TranslationLanguage {
        name,
        native_name,
        dir: dir(engine::names::language_dir(code)),
    }
}

/// The dictionary group: every source language with the targets it has data for.
fn dictionary_group(locale: &str) -> BTreeMap<String, DictionaryLanguage> {
    let mut out: BTreeMap<String, DictionaryLanguage> = BTreeMap::new();
    for (from, to) in engine::dict::Library::global().pairs() {
        let entry = out.entry(from.clone()).or_insert_with(|| {
            let d = describe(&from, locale);
            DictionaryLanguage {
                name: d.name,
                native_name: d.native_name,
                dir: d.dir,
                translations: Vec::new(),
            }
        });
        let t = describe(&to, locale);
        entry.translations.push(DictionaryTarget {
            name: t.name,
            native_name: t.native_name,
            dir: t.dir,
            code: to,
        });
    }
    out
}

/// The display locale asked for by an `Accept-Language` value: its first
/// well-formed tag (q-values ignored), else English.
pub fn display_locale(accept_language: Option<&str>) -> String {
    accept_language
        .and_then(|v| v.split(',').next())
        .and_then(|first| first.split(';').next())
        .map(str::trim)
        .filter(|tag| !tag.is_empty() && *tag != "*")
        .and_then(|tag| tag.parse::<icu_locale_core::Locale>().ok())
        .map(|l| l.to_string())
        .unwrap_or_else(|| "en".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_values() {
        assert_eq!(display_locale(None), "en");
        assert_eq!(display_locale(Some("fr-FR,fr;q=0.9,en;q=0.8")), "fr-FR");
        assert_eq!(display_locale(Some("de")), "de");
        assert_eq!(display_locale(Some("*")), "en");
        assert_eq!(display_locale(Some("not a tag!")), "en");
    }

    #[test]
    fn default_scripts() {
        let c = Catalog::from_engine();
        assert_eq!(c.default_script("en").as_deref(), Some("Latn"));
        assert_eq!(c.default_script("ja").as_deref(), Some("Jpan"));
        assert_eq!(c.default_script("zh-Hant").as_deref(), Some("Hant"));
        assert_eq!(c.default_script("sr-Cyrl").as_deref(), Some("Cyrl"));
        assert_eq!(c.default_script("!!"), None);
    }
}
