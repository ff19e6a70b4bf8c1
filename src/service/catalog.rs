//! What the local engine can really do, as the three scopes of the languages
//! endpoint, and the look-ups the operations validate against.
//!
//! - translation: the languages the engine detects and segments. Today the
//!   engine translates only between identical languages (text returned as is,
//!   exact alignment and sentence lengths); other pairs answer 400023 until
//!   the gloss engine has data for them.
//! - transliteration: the engine's transliteration scope (catalog_translit.rs).
//! - dictionary: empty until the engine has its data.
//!
//! The languages response is localized per `Accept-Language` (CLDR names from
//! ICU4X) and cached, bytes and ETag, per locale and scope set.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use sha2::{Digest, Sha256};

use crate::api::languages::{Dir, LanguagesResponse, Scope, TranslationLanguage};
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
    translation: Vec<&'static str>,
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
        let mut translation = engine::detect::detectable_languages();
        translation.sort_unstable();
        translation.dedup();
        Self {
            translation,
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

    /// Whether the language has any transliteration in the scope.
    pub fn has_transliteration(&self, language: &str) -> bool {
        engine::translit::language_code(language).is_some()
    }

    /// Whether `from` has dictionary data at all.
    pub fn dictionary_source(&self, _from: &str) -> bool {
        false
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
                Scope::Dictionary => resp.dictionary = Some(BTreeMap::new()),
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
            .map(|&code| {
                let name = engine::names::language_name(code, locale)
                    .or_else(|| engine::names::language_name(code, "en"))
                    .unwrap_or_else(|| code.to_owned());
                let native_name = engine::names::native_name(code).unwrap_or_else(|| name.clone());
                let entry = TranslationLanguage {
                    name,
                    native_name,
                    dir: dir(engine::names::language_dir(code)),
                };
                (code.to_owned(), entry)
            })
            .collect()
    }
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
