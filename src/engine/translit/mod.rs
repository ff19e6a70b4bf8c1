//! Offline transliteration: text of one language from one script to another.
//!
//! [`scope`] lists exactly what works; [`transliterate`] does it. Routes:
//! - ICU4X's CLDR transforms (the rules ICU's `uconv -x` runs) for Cyrillic,
//!   Greek, Arabic, Hebrew, Hangul, the Indic scripts, Sinhala and
//!   Simplified↔Traditional Chinese ([`icu`]); to Latin with the BGN/PCGN
//!   romanization of the language where CLDR has one (el; and ru, uk, be, bg,
//!   mk, kk, ky, mn, sr, whose Latin is made reversible and read back by
//!   [`cyrillic`]), back with CLDR's generic Latin→script rules;
//! - Chinese → pinyin by word readings from CC-CEDICT ([`chinese`]);
//! - Japanese → romaji by EDICT readings of kanji words, then kana, and romaji
//!   → kana ([`japanese`]);
//! - Thai → Latin by RTGS rules ([`thai`]).
//!
//! Input is NFC-normalized first, and so is the output. Nothing here panics,
//! whatever the input; reading tables are decompressed on first use.

mod chinese;
mod cyrillic;
mod cyrillic_tables;
mod greek;
mod hangul;
mod icu;
mod japanese;
mod kana;
mod readings;
mod scope;
mod thai;

#[cfg(test)]
mod ipadic_sample;
#[cfg(test)]
mod native_tests;
#[cfg(test)]
mod pinned;
#[cfg(test)]
mod samples;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod uconv_tests;

use std::borrow::Cow;

use icu_normalizer::ComposingNormalizerBorrowed;

use scope::{Han, Route};

/// One script of a language and the scripts it can be converted to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptPair {
    pub from: &'static str,
    pub to: Vec<&'static str>,
}

/// One language of the transliteration scope: its scripts and where each can go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageScripts {
    pub code: &'static str,
    pub scripts: Vec<ScriptPair>,
}

/// Every language with its script pairs (ISO 15924 codes as the Translator
/// spells them: Latn, Cyrl, Hans, Jpan, Kore …), exactly what works.
pub fn scope() -> &'static [LanguageScripts] {
    scope::grouped()
}

/// Whether `language` can be transliterated from `from` to `to` (codes
/// matched without case).
pub fn supports(language: &str, from: &str, to: &str) -> bool {
    scope::route(language, from, to).is_some()
}

/// The canonical spelling of a language of the scope ("SR-cyrl" → "sr-Cyrl").
pub fn language_code(language: &str) -> Option<&'static str> {
    scope()
        .iter()
        .map(|l| l.code)
        .find(|c| c.eq_ignore_ascii_case(language.trim()))
}

/// The language of the scope that `language` written in `from_script`
/// means: `sr` + `Latn` is `sr-Latn`, `mn` + `Cyrl` is `mn-Cyrl`.
pub fn resolve_language(language: &str, from_script: &str) -> Option<&'static str> {
    scope::resolve(language, from_script)
}

/// `text` in `to_script`; `None` when the pair is not in the scope.
pub fn transliterate(language: &str, from_script: &str, to_script: &str, text: &str) -> Option<String> {
    let route = scope::route(language, from_script, to_script)?;
    let language = scope::resolve(language, from_script)?;
    let text = nfc(text);
    let out = match route {
        Route::Icu(id) => icu::transliterate(id, &text, false)?,
        Route::IcuHan(id) => icu::transliterate(id, &text, true)?,
        Route::Pinyin(Han::Simplified) => chinese::to_pinyin(&text, readings::zh_hans()),
        Route::Pinyin(Han::Traditional) => chinese::to_pinyin(&text, readings::zh_hant()),
        Route::Romaji => japanese::to_romaji(&text, readings::ja()),
        Route::Kana => japanese::to_kana(&text),
        Route::Rtgs => thai::to_latin(&text),
        Route::Bgn(id) => {
            let scheme = cyrillic::scheme(language)?;
            icu::transliterate_fixed(id, &text, scheme)?
        }
        Route::FromBgn => cyrillic::scheme(language)?.decode(&text),
    };
    Some(match nfc(&out) {
        Cow::Borrowed(_) => out,
        Cow::Owned(normalized) => normalized,
    })
}

fn nfc(text: &str) -> Cow<'_, str> {
    ComposingNormalizerBorrowed::new_nfc().normalize(text)
}
