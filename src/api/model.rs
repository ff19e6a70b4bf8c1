//! Request elements and response bodies of the text operations (spec §2).
//!
//! Field names are exact; optional fields are left out when absent.

use serde::{Deserialize, Serialize};

use super::alignment::Projection;

/// `{"Text": "..."}`: the input element of translate, lookup, transliterate,
/// breaksentence and detect. Both `Text` and `text` are accepted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TextElement {
    #[serde(rename = "Text", alias = "text")]
    pub text: String,
}

impl TextElement {
    pub fn new(text: impl Into<String>) -> Self {
        Self { text: text.into() }
    }
}

/// `{"Text": "...", "Translation": "..."}`: the input of dictionary examples.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExampleElement {
    #[serde(rename = "Text", alias = "text")]
    pub text: String,
    #[serde(rename = "Translation", alias = "translation")]
    pub translation: String,
}

/// `{"language": "en", "score": 1.0}`
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DetectedLanguage {
    pub language: String,
    pub score: f32,
}

/// One element of a translate response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TranslateResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detected_language: Option<DetectedLanguage>,
    pub translations: Vec<Translation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_text: Option<SourceText>,
}

/// One target of a translate result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Translation {
    pub text: String,
    pub to: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transliteration: Option<Transliterated>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alignment: Option<Alignment>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sent_len: Option<SentLen>,
}

/// `{"script": "Latn", "text": "..."}`: also the transliterate result element.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transliterated {
    pub text: String,
    pub script: String,
}

/// `{"proj": "0:1-0:1 ..."}`
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Alignment {
    pub proj: Projection,
}

/// Sentence lengths of the input and of the translation (UTF-16 units).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SentLen {
    pub src_sent_len: Vec<u32>,
    pub trans_sent_len: Vec<u32>,
}

/// The input converted to the default script of its language.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SourceText {
    pub text: String,
}

/// One element of a dictionary lookup response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LookupResult {
    pub normalized_source: String,
    pub display_source: String,
    pub translations: Vec<DictionaryTranslation>,
}

/// Part-of-speech tags of dictionary translations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum PosTag {
    Adj,
    Adv,
    Conj,
    Det,
    Modal,
    Noun,
    Prep,
    Pron,
    Verb,
    /// Anything else, including tags this client does not know yet.
    #[serde(other)]
    Other,
}

/// One alternative translation of a looked-up term.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DictionaryTranslation {
    pub normalized_target: String,
    pub display_target: String,
    pub pos_tag: PosTag,
    pub confidence: f64,
    pub prefix_word: String,
    pub back_translations: Vec<BackTranslation>,
}

/// A back-translation of a dictionary translation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackTranslation {
    pub normalized_text: String,
    pub display_text: String,
    pub num_examples: u32,
    pub frequency_count: u32,
}

/// One element of a dictionary examples response.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExamplesResult {
    pub normalized_source: String,
    pub normalized_target: String,
    pub examples: Vec<Example>,
}

/// An example sentence pair; the full sentence is prefix + term + suffix.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Example {
    pub source_prefix: String,
    pub source_term: String,
    pub source_suffix: String,
    pub target_prefix: String,
    pub target_term: String,
    pub target_suffix: String,
}

/// One element of a breaksentence response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BreakSentenceResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detected_language: Option<DetectedLanguage>,
    pub sent_len: Vec<u32>,
}

/// One element of a detect response.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DetectResult {
    pub language: String,
    pub score: f32,
    pub is_translation_supported: bool,
    pub is_transliteration_supported: bool,
    /// Absent, `null` or a list.
    #[serde(
        default,
        deserialize_with = "null_as_empty",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub alternatives: Vec<DetectAlternative>,
}

/// Another possible language of a detect result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DetectAlternative {
    pub language: String,
    pub score: f32,
    pub is_translation_supported: bool,
    pub is_transliteration_supported: bool,
}

/// A list that may come as `null` (read as empty, as the SDKs read it).
fn null_as_empty<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}
