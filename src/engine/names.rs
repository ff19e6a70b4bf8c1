//! Display names of languages and scripts (CLDR data compiled into ICU4X) and
//! writing direction.
//!
//! Names use CLDR's "standard" form, so a tag with a script or region reads like the
//! Translator's names: "zh-Hans" → "Chinese (Simplified)", "pt-PT" → "Portuguese
//! (Portugal)". A display locale without data of its own falls back through CLDR's
//! parent chain and finally to English; an unknown code gives `None`, and so does a
//! display locale that is not a well-formed BCP 47 tag (the caller then uses English).
//!
//! Formatters are built once per display locale and thread (ICU4X data payloads are
//! not `Sync` in this configuration), in a small bounded per-thread cache.

use icu_experimental::displaynames::multi::{
    LanguageDisplayNames, LocaleDisplayNamesFormatter, ScriptDisplayNames,
};
use icu_experimental::displaynames::{DisplayNamesOptions, LanguageDisplay};
use icu_locale_core::Locale;
use icu_locale_core::subtags::Script;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// Writing direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dir {
    Ltr,
    Rtl,
}

impl Dir {
    /// "ltr" or "rtl", as in the Translator's `dir` fields.
    pub fn as_str(self) -> &'static str {
        match self {
            Dir::Ltr => "ltr",
            Dir::Rtl => "rtl",
        }
    }
}

/// Right-to-left scripts (ISO 15924).
const RTL_SCRIPTS: &[&str] = &[
    "Adlm", "Arab", "Aran", "Armi", "Avst", "Hebr", "Hung", "Mand", "Mend", "Nbat", "Nkoo", "Orkh", "Palm",
    "Phli", "Phlp", "Phnx", "Prti", "Rohg", "Samr", "Sarb", "Sogd", "Syrc", "Thaa", "Yezi",
];

/// Languages written right to left by default (when no script subtag says otherwise).
const RTL_LANGUAGES: &[&str] = &[
    "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "prs", "ps", "sd", "syr", "ug", "ur",
    "yi",
];

/// Number of display locales kept per thread before the cache is emptied.
const CACHE_LIMIT: usize = 64;

struct Formatters {
    languages: LanguageDisplayNames,
    locales: LocaleDisplayNamesFormatter,
    scripts: ScriptDisplayNames,
}

fn options() -> DisplayNamesOptions {
    let mut options = DisplayNamesOptions::default();
    options.language_display = LanguageDisplay::Standard;
    options
}

fn build(locale: &Locale) -> Option<Formatters> {
    Some(Formatters {
        languages: LanguageDisplayNames::try_new(locale.into(), options()).ok()?,
        locales: LocaleDisplayNamesFormatter::try_new(locale.into(), options()).ok()?,
        scripts: ScriptDisplayNames::try_new(locale.into(), options()).ok()?,
    })
}

/// The (cached) formatters of a display locale (English ones when the locale has no
/// data), `None` if it is not well-formed.
fn formatters(display_locale: &str) -> Option<Rc<Formatters>> {
    thread_local! {
        static CACHE: RefCell<HashMap<String, Rc<Formatters>>> = RefCell::new(HashMap::new());
    }
    let locale = parse(display_locale)?;
    let key = locale.to_string();
    CACHE.with(|cache| {
        if let Some(found) = cache.borrow().get(&key) {
            return Some(found.clone());
        }
        // No data for this locale (not even through its CLDR parents): English.
        let built = Rc::new(build(&locale).or_else(|| build(&Locale::try_from_str("en").ok()?))?);
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_LIMIT {
            cache.clear();
        }
        cache.insert(key, built.clone());
        Some(built)
    })
}

/// Parses a BCP 47 tag ("fr-FR", "zh-Hans", "pt_BR" is accepted too).
fn parse(tag: &str) -> Option<Locale> {
    let tag = tag.trim();
    if tag.is_empty() || tag.len() > 64 {
        return None;
    }
    Locale::try_from_str(&tag.replace('_', "-")).ok()
}

/// Name of the language `code` (a BCP 47 tag such as "fr", "zh-Hans", "sr-Latn",
/// "pt-PT") in the language of `display_locale` (e.g. "de", "fr-FR", "zh-Hans").
///
/// Falls back to English when the display locale has no name for it; `None` when the
/// code is unknown or either tag is malformed.
pub fn language_name(code: &str, display_locale: &str) -> Option<String> {
    let locale = parse(code)?;
    let known = |f: &Formatters| f.languages.of(locale.id.language).is_some();
    let f = formatters(display_locale)?;
    let f = if known(&f) {
        f
    } else {
        let english = formatters("en")?;
        if !known(&english) {
            return None;
        }
        english
    };
    Some(f.locales.of(&locale).into_owned())
}

/// Name of the language `code` in that language itself ("fr" → "français",
/// "zh-Hans" → "中文（简体）"); English when CLDR has no such data.
pub fn native_name(code: &str) -> Option<String> {
    language_name(code, code)
}

/// Name of the script `script_code` (ISO 15924, e.g. "Latn", "Cyrl", "Hans") in the
/// language of `display_locale`, falling back to English; `None` when unknown.
pub fn script_name(script_code: &str, display_locale: &str) -> Option<String> {
    let script = Script::try_from_str(script_code.trim()).ok()?;
    let f = formatters(display_locale)?;
    if let Some(name) = f.scripts.of(script) {
        return Some(name.to_owned());
    }
    formatters("en")?.scripts.of(script).map(str::to_owned)
}

/// Writing direction of a script (ISO 15924 code, any case).
pub fn script_dir(script_code: &str) -> Dir {
    let rtl = RTL_SCRIPTS
        .iter()
        .any(|s| s.eq_ignore_ascii_case(script_code.trim()));
    if rtl { Dir::Rtl } else { Dir::Ltr }
}

/// Writing direction of a language tag: its script subtag decides when present
/// ("pa-Arab" is rtl, "ks-Deva" ltr), otherwise the language's usual script.
pub fn language_dir(code: &str) -> Dir {
    let Some(locale) = parse(code) else {
        return Dir::Ltr;
    };
    if let Some(script) = locale.id.script {
        return script_dir(script.as_str());
    }
    let language = locale.id.language;
    if RTL_LANGUAGES.contains(&language.as_str()) {
        Dir::Rtl
    } else {
        Dir::Ltr
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_names() {
        assert_eq!(language_name("fr", "en").as_deref(), Some("French"));
        assert_eq!(language_name("fr", "de").as_deref(), Some("Französisch"));
        assert_eq!(language_name("de", "fr-FR").as_deref(), Some("allemand"));
        assert_eq!(
            language_name("zh-Hans", "en").as_deref(),
            Some("Chinese (Simplified)")
        );
        assert_eq!(
            language_name("pt-PT", "en").as_deref(),
            Some("Portuguese (Portugal)")
        );
        assert_eq!(
            language_name("sr-Cyrl", "en").as_deref(),
            Some("Serbian (Cyrillic)")
        );
        assert_eq!(language_name("en", "pt-BR").as_deref(), Some("inglês"));
        assert_eq!(language_name("en", "zh-Hans").as_deref(), Some("英语"));
    }

    #[test]
    fn fallbacks_and_unknowns() {
        // A display locale without data: English.
        assert_eq!(language_name("fr", "qqq").as_deref(), Some("French"));
        assert_eq!(language_name("xx", "en"), None);
        assert_eq!(language_name("not a tag!", "en"), None);
        assert_eq!(language_name("fr", "not a tag!"), None);
        assert_eq!(language_name("", ""), None);
    }

    #[test]
    fn native_names() {
        assert_eq!(native_name("fr").as_deref(), Some("français"));
        assert_eq!(native_name("de").as_deref(), Some("Deutsch"));
        assert_eq!(native_name("ar").as_deref(), Some("العربية"));
        assert!(native_name("zh-Hans").is_some_and(|n| n.contains("中文")));
    }

    #[test]
    fn script_names() {
        assert_eq!(script_name("Latn", "en").as_deref(), Some("Latin"));
        assert_eq!(script_name("Cyrl", "de").as_deref(), Some("Kyrillisch"));
        assert_eq!(script_name("Arab", "fr").as_deref(), Some("arabe"));
        assert_eq!(script_name("Zzzq", "en"), None);
        assert_eq!(script_name("nope!", "en"), None);
    }

    #[test]
    fn directions() {
        for code in [
            "ar", "he", "fa", "ur", "ps", "sd", "ug", "yi", "dv", "ckb", "pa-Arab",
        ] {
            assert_eq!(language_dir(code), Dir::Rtl, "{code}");
        }
        for code in ["en", "zh-Hans", "ja", "ku", "ks-Deva", "", "???"] {
            assert_eq!(language_dir(code), Dir::Ltr, "{code}");
        }
        assert_eq!(script_dir("Hebr"), Dir::Rtl);
        assert_eq!(script_dir("thaa"), Dir::Rtl);
        assert_eq!(script_dir("Latn"), Dir::Ltr);
        assert_eq!(Dir::Rtl.as_str(), "rtl");
    }
}
