//! The languages response (spec §2.4) and its `scope` parameter.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::error::ErrorCode;

/// Writing direction. Read leniently, as the SDKs read an open enum: `rtl` in
/// any case is right-to-left, any other value left-to-right (one odd value
/// must not fail the whole languages document).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Dir {
    Ltr,
    Rtl,
}

impl<'de> Deserialize<'de> for Dir {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Ok(if s.trim().eq_ignore_ascii_case("rtl") {
            Dir::Rtl
        } else {
            Dir::Ltr
        })
    }
}

/// A group of the languages response.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    Translation,
    Transliteration,
    Dictionary,
}

impl Scope {
    pub const ALL: [Scope; 3] = [Scope::Translation, Scope::Transliteration, Scope::Dictionary];

    pub const fn as_str(self) -> &'static str {
        match self {
            Scope::Translation => "translation",
            Scope::Transliteration => "transliteration",
            Scope::Dictionary => "dictionary",
        }
    }

    /// Parses the comma-separated `scope` value; `None` means all three groups.
    /// Unknown or empty names are 400001.
    pub fn parse_list(value: Option<&str>) -> Result<Vec<Scope>, ErrorCode> {
        let Some(value) = value else {
            return Ok(Scope::ALL.to_vec());
        };
        let mut out = Vec::new();
        for name in value.split(',') {
            let scope = Scope::ALL
                .into_iter()
                .find(|s| s.as_str().eq_ignore_ascii_case(name.trim()))
                .ok_or(ErrorCode::InvalidScope)?;
            if !out.contains(&scope) {
                out.push(scope);
            }
        }
        out.sort();
        Ok(out)
    }
}

/// The whole response: one property per requested group.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LanguagesResponse {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub translation: Option<BTreeMap<String, TranslationLanguage>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transliteration: Option<BTreeMap<String, TransliterationLanguage>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dictionary: Option<BTreeMap<String, DictionaryLanguage>>,
}

/// An entry of the translation group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslationLanguage {
    pub name: String,
    pub native_name: String,
    pub dir: Dir,
}

/// An entry of the transliteration group (no `dir` at this level).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransliterationLanguage {
    pub name: String,
    pub native_name: String,
    pub scripts: Vec<SourceScript>,
}

/// A script that can be converted from, with the scripts it converts to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceScript {
    pub code: String,
    pub name: String,
    pub native_name: String,
    pub dir: Dir,
    pub to_scripts: Vec<Script>,
}

/// A script description.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Script {
    pub code: String,
    pub name: String,
    pub native_name: String,
    pub dir: Dir,
}

/// An entry of the dictionary group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryLanguage {
    pub name: String,
    pub native_name: String,
    pub dir: Dir,
    pub translations: Vec<DictionaryTarget>,
}

/// A target language of the dictionary group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryTarget {
    pub name: String,
    pub native_name: String,
    pub dir: Dir,
    pub code: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scope_lists() {
        assert_eq!(Scope::parse_list(None).unwrap().len(), 3);
        assert_eq!(
            Scope::parse_list(Some("dictionary, Translation,dictionary")).unwrap(),
            vec![Scope::Translation, Scope::Dictionary]
        );
        assert_eq!(Scope::parse_list(Some("words")), Err(ErrorCode::InvalidScope));
        assert_eq!(Scope::parse_list(Some("")), Err(ErrorCode::InvalidScope));
    }
}
