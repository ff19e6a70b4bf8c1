//! The transliteration group of the languages document, built from exactly
//! what the engine's transliteration scope can do: per language its name and
//! native name, and per source script its name, native name (the script's
//! name in the language itself, from CLDR: "ラテン文字" for Latn under ja),
//! direction and the scripts it converts to.

use std::collections::BTreeMap;

use crate::api::languages::{Dir, Script, SourceScript, TransliterationLanguage};
use crate::engine;
use crate::engine::translit::LanguageScripts;

fn dir(code: &str) -> Dir {
    match engine::names::script_dir(code) {
        engine::names::Dir::Ltr => Dir::Ltr,
        engine::names::Dir::Rtl => Dir::Rtl,
    }
}

fn script(code: &str, locale: &str, language: &str) -> Script {
    let name = engine::names::script_name(code, locale).unwrap_or_else(|| code.to_owned());
    let native_name = engine::names::script_name(code, language).unwrap_or_else(|| name.clone());
    Script {
        code: code.to_owned(),
        name,
        native_name,
        dir: dir(code),
    }
}

fn language(lang: &LanguageScripts, locale: &str) -> TransliterationLanguage {
    let code = lang.code;
    let name = engine::names::language_name(code, locale)
        .or_else(|| engine::names::language_name(code, "en"))
        .unwrap_or_else(|| code.to_owned());
    let native_name = engine::names::native_name(code).unwrap_or_else(|| name.clone());
    let scripts = lang
        .scripts
        .iter()
        .map(|pair| {
            let from = script(pair.from, locale, code);
            SourceScript {
                code: from.code,
                name: from.name,
                native_name: from.native_name,
                dir: from.dir,
                to_scripts: pair.to.iter().map(|to| script(to, locale, code)).collect(),
            }
        })
        .collect();
    TransliterationLanguage {
        name,
        native_name,
        scripts,
    }
}

/// The transliteration group in the display locale `locale`.
pub fn group(locale: &str) -> BTreeMap<String, TransliterationLanguage> {
    engine::translit::scope()
        .iter()
        .map(|lang| (lang.code.to_owned(), language(lang, locale)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn japanese_entry_has_the_service_shape() {
        let g = group("en");
        let ja = &g["ja"];
        assert_eq!(ja.name, "Japanese");
        assert_eq!(ja.native_name, "日本語");
        let jpan = &ja.scripts[0];
        assert_eq!((jpan.code.as_str(), jpan.name.as_str()), ("Jpan", "Japanese"));
        assert_eq!(jpan.to_scripts[0].code, "Latn");
        assert_eq!(jpan.to_scripts[0].name, "Latin");
        // CLDR says ラテン文字 where the service says ラテン語.
        assert_eq!(jpan.to_scripts[0].native_name, "ラテン文字");
        assert_eq!(g["ar"].scripts[0].dir, Dir::Rtl);
        assert_eq!(g["ar"].scripts[0].to_scripts[0].dir, Dir::Ltr);
        assert_eq!(g.len(), engine::translit::scope().len());
        assert_eq!(group("de")["ru"].name, "Russisch");
    }
}
