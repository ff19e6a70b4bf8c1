//! The transliteration scope: every language, script pair and the route that
//! implements it. Only pairs that really work are listed (the tests check each
//! one converts every letter of its script); the real service's list (2023) is
//! the model for codes and pairs.
//!
//! Left out on purpose, because nothing honest implements them here:
//! - `tg`, `tt` (Cyrl↔Latn): ICU's Cyrillic-Latin leaves ҷ ҳ җ һ ә ң … unconverted;
//! - `ur`, `sd` (Arab↔Latn): ICU's Arabic-Latin leaves ے ڈ ٹ ں ھ ٻ ڌ … unconverted;
//! - `si` Latn→Sinh and `th` Latn→Thai: ICU4X has no such rules (the service
//!   lists no Latn→Thai either);
//! - `zh-Hans`/`zh-Hant` Latn→Hans/Hant: pinyin → characters needs word
//!   frequencies that CC-CEDICT does not have.

use std::sync::LazyLock;

use super::{LanguageScripts, ScriptPair};

/// How a pair is transliterated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// An ICU4X transliterator, by its BCP 47 `-t-` id.
    Icu(&'static str),
    /// An ICU4X transliterator given only the runs of Chinese characters.
    IcuHan(&'static str),
    /// Chinese characters → pinyin by word readings (CC-CEDICT).
    Pinyin(Han),
    /// Japanese → romaji: kanji words by EDICT readings, then kana.
    Romaji,
    /// Romaji → kana.
    Kana,
    /// Thai → Latin, RTGS-style rules.
    Rtgs,
    /// Cyrillic → Latin by CLDR's BGN/PCGN transform (this ICU4X id), each
    /// word made to read back ([`super::cyrillic`]).
    Bgn(&'static str),
    /// The language's BGN/PCGN Latin (for Serbian: Gaj's alphabet) → Cyrillic.
    FromBgn,
}

/// Which reading table a Chinese text uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Han {
    Simplified,
    Traditional,
}

const HANS_HANT: &str = "und-Hant-t-und-hans";
const HANT_HANS: &str = "und-Hans-t-und-hant";

/// `(language, from, to, route)`, grouped by language in the order listed.
const PAIRS: &[(&str, &str, &str, Route)] = &[
    ("ar", "Arab", "Latn", Route::Icu("und-Latn-t-und-arab")),
    ("ar", "Latn", "Arab", Route::Icu("und-Arab-t-und-latn")),
    ("as", "Beng", "Latn", Route::Icu("und-Latn-t-und-beng")),
    ("as", "Latn", "Beng", Route::Icu("und-Beng-t-und-latn")),
    ("be", "Cyrl", "Latn", Route::Bgn("be-Latn-t-be-m0-bgn")),
    ("be", "Latn", "Cyrl", Route::FromBgn),
    ("bg", "Cyrl", "Latn", Route::Bgn("bg-Latn-t-bg-m0-bgn")),
    ("bg", "Latn", "Cyrl", Route::FromBgn),
    ("bn", "Beng", "Latn", Route::Icu("und-Latn-t-und-beng")),
    ("bn", "Latn", "Beng", Route::Icu("und-Beng-t-und-latn")),
    ("el", "Grek", "Latn", Route::Icu("el-Latn-t-el-m0-bgn")),
    ("el", "Latn", "Grek", Route::Icu("und-Grek-t-und-latn")),
    ("fa", "Arab", "Latn", Route::Icu("und-Latn-t-und-arab")),
    ("fa", "Latn", "Arab", Route::Icu("und-Arab-t-und-latn")),
    ("gu", "Gujr", "Latn", Route::Icu("und-Latn-t-und-gujr")),
    ("gu", "Latn", "Gujr", Route::Icu("und-Gujr-t-und-latn")),
    ("he", "Hebr", "Latn", Route::Icu("und-Latn-t-und-hebr")),
    ("he", "Latn", "Hebr", Route::Icu("und-Hebr-t-und-latn")),
    ("hi", "Deva", "Latn", Route::Icu("und-Latn-t-und-deva")),
    ("hi", "Latn", "Deva", Route::Icu("und-Deva-t-und-latn")),
    ("ja", "Jpan", "Latn", Route::Romaji),
    ("ja", "Latn", "Jpan", Route::Kana),
    ("kk", "Cyrl", "Latn", Route::Bgn("kk-Latn-t-kk-m0-bgn")),
    ("kk", "Latn", "Cyrl", Route::FromBgn),
    ("kn", "Knda", "Latn", Route::Icu("und-Latn-t-und-knda")),
    ("kn", "Latn", "Knda", Route::Icu("und-Knda-t-und-latn")),
    ("ko", "Kore", "Latn", Route::Icu("und-Latn-t-und-hang")),
    ("ko", "Latn", "Kore", Route::Icu("und-Hang-t-und-latn")),
    ("ky", "Cyrl", "Latn", Route::Bgn("ky-Latn-t-ky-m0-bgn")),
    ("ky", "Latn", "Cyrl", Route::FromBgn),
    ("mk", "Cyrl", "Latn", Route::Bgn("mk-Latn-t-mk-m0-bgn")),
    ("mk", "Latn", "Cyrl", Route::FromBgn),
    ("ml", "Mlym", "Latn", Route::Icu("und-Latn-t-und-mlym")),
    ("ml", "Latn", "Mlym", Route::Icu("und-Mlym-t-und-latn")),
    ("mn-Cyrl", "Cyrl", "Latn", Route::Bgn("mn-Latn-t-mn-m0-bgn")),
    ("mn-Cyrl", "Latn", "Cyrl", Route::FromBgn),
    ("mr", "Deva", "Latn", Route::Icu("und-Latn-t-und-deva")),
    ("mr", "Latn", "Deva", Route::Icu("und-Deva-t-und-latn")),
    ("ne", "Deva", "Latn", Route::Icu("und-Latn-t-und-deva")),
    ("ne", "Latn", "Deva", Route::Icu("und-Deva-t-und-latn")),
    ("or", "Orya", "Latn", Route::Icu("und-Latn-t-und-orya")),
    ("or", "Latn", "Orya", Route::Icu("und-Orya-t-und-latn")),
    ("pa", "Guru", "Latn", Route::Icu("und-Latn-t-und-guru")),
    ("pa", "Latn", "Guru", Route::Icu("und-Guru-t-und-latn")),
    ("ru", "Cyrl", "Latn", Route::Bgn("ru-Latn-t-ru-m0-bgn")),
    ("ru", "Latn", "Cyrl", Route::FromBgn),
    ("si", "Sinh", "Latn", Route::Icu("si-Latn-t-si")),
    ("sr-Cyrl", "Cyrl", "Latn", Route::Bgn("sr-Latn-t-sr-m0-bgn")),
    ("sr-Latn", "Latn", "Cyrl", Route::FromBgn),
    ("ta", "Taml", "Latn", Route::Icu("und-Latn-t-und-taml")),
    ("ta", "Latn", "Taml", Route::Icu("und-Taml-t-und-latn")),
    ("te", "Telu", "Latn", Route::Icu("und-Latn-t-und-telu")),
    ("te", "Latn", "Telu", Route::Icu("und-Telu-t-und-latn")),
    ("th", "Thai", "Latn", Route::Rtgs),
    ("uk", "Cyrl", "Latn", Route::Bgn("uk-Latn-t-uk-m0-bgn")),
    ("uk", "Latn", "Cyrl", Route::FromBgn),
    ("zh-Hans", "Hans", "Latn", Route::Pinyin(Han::Simplified)),
    ("zh-Hans", "Hans", "Hant", Route::IcuHan(HANS_HANT)),
    ("zh-Hant", "Hant", "Latn", Route::Pinyin(Han::Traditional)),
    ("zh-Hant", "Hant", "Hans", Route::IcuHan(HANT_HANS)),
];

/// Every pair: `(language, from, to, route)`.
#[cfg(test)]
pub(crate) fn pairs() -> &'static [(&'static str, &'static str, &'static str, Route)] {
    PAIRS
}

/// The route of a pair, codes matched without case.
pub(crate) fn route(language: &str, from: &str, to: &str) -> Option<Route> {
    let language = resolve(language, from)?;
    PAIRS
        .iter()
        .find(|(l, f, t, _)| {
            *l == language && f.eq_ignore_ascii_case(from.trim()) && t.eq_ignore_ascii_case(to.trim())
        })
        .map(|p| p.3)
}

/// The language of the scope that `language` written in `from` means: the
/// code itself, or for a code the scope lists only with a script (`sr`, `mn`,
/// `zh`) the variant of that script (`sr` + `Latn` → `sr-Latn`, as the
/// service's docs list Mongolian as `mn`).
pub(crate) fn resolve(language: &str, from: &str) -> Option<&'static str> {
    let (language, from) = (language.trim(), from.trim());
    let listed = |code: &str| PAIRS.iter().map(|p| p.0).find(|l| l.eq_ignore_ascii_case(code));
    listed(language).or_else(|| listed(&format!("{language}-{from}")))
}

/// The scope grouped per language, then per source script.
pub(crate) fn grouped() -> &'static [LanguageScripts] {
    static SCOPE: LazyLock<Vec<LanguageScripts>> = LazyLock::new(|| {
        let mut out: Vec<LanguageScripts> = Vec::new();
        for &(code, from, to, _) in PAIRS {
            if out.last().is_none_or(|l| l.code != code) {
                out.push(LanguageScripts {
                    code,
                    scripts: Vec::new(),
                });
            }
            let Some(lang) = out.last_mut() else { continue };
            match lang.scripts.iter_mut().find(|s| s.from == from) {
                Some(pair) => pair.to.push(to),
                None => lang.scripts.push(ScriptPair { from, to: vec![to] }),
            }
        }
        out
    });
    &SCOPE
}
