//! Round trips of the real request/response samples (api-facts §3-4): each
//! sample parses into the typed contract and serializes back to the same JSON.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::languages::LanguagesResponse;
use super::model::*;

fn round_trip<T: DeserializeOwned + Serialize>(raw: &str) -> T {
    let typed: T = serde_json::from_str(raw).unwrap_or_else(|e| panic!("{e}: {raw}"));
    let back = serde_json::to_value(&typed).unwrap();
    let original: Value = serde_json::from_str(raw).unwrap();
    assert_eq!(back, original, "round trip changed the sample");
    typed
}

#[test]
fn languages_spec_example() {
    let r: LanguagesResponse = round_trip(
        r#"{
 "translation": {
   "ar": {"name":"Arabic","nativeName":"العربية","dir":"rtl"},
   "fr": {"name":"French","nativeName":"Français","dir":"ltr"},
   "zh-Hans": {"name":"Chinese Simplified","nativeName":"简体中文","dir":"ltr"}
 },
 "transliteration": {
   "ja": {"name":"Japanese","nativeName":"日本語","scripts":[
      {"code":"Jpan","name":"Japanese","nativeName":"日本語","dir":"ltr",
       "toScripts":[{"code":"Latn","name":"Latin","nativeName":"ラテン語","dir":"ltr"}]},
      {"code":"Latn","name":"Latin","nativeName":"ラテン語","dir":"ltr",
       "toScripts":[{"code":"Jpan","name":"Japanese","nativeName":"日本語","dir":"ltr"}]}]},
   "sr-Cyrl": {"name":"Serbian (Cyrillic)","nativeName":"srpski (ćirilica)","scripts":[
      {"code":"Cyrl","name":"Cyrillic","nativeName":"Cyrillic","dir":"ltr",
       "toScripts":[{"code":"Latn","name":"Latin","nativeName":"Latinski","dir":"ltr"}]}]}
 },
 "dictionary": {
   "en": {"name":"English","nativeName":"English","dir":"ltr","translations":[
      {"name":"Arabic","nativeName":"العربية","dir":"rtl","code":"ar"},
      {"name":"Spanish","nativeName":"Español","dir":"ltr","code":"es"}]},
   "es": {"name":"Spanish","nativeName":"Español","dir":"ltr","translations":[
      {"name":"English","nativeName":"English","dir":"ltr","code":"en"}]}
 }
}"#,
    );
    assert_eq!(r.translation.unwrap()["ar"].dir, super::languages::Dir::Rtl);
    assert_eq!(
        r.transliteration.unwrap()["ja"].scripts[0].to_scripts[0].code,
        "Latn"
    );
}

#[test]
fn dictionary_lookup_fly() {
    let r: Vec<LookupResult> = round_trip(
        r#"[{"normalizedSource":"fly","displaySource":"fly","translations":[
  {"normalizedTarget":"volar","displayTarget":"volar","posTag":"VERB","confidence":0.4081,"prefixWord":"",
   "backTranslations":[{"normalizedText":"fly","displayText":"fly","numExamples":15,"frequencyCount":4637},
                       {"normalizedText":"flying","displayText":"flying","numExamples":15,"frequencyCount":1365}]},
  {"normalizedTarget":"mosca","displayTarget":"mosca","posTag":"NOUN","confidence":0.2668,"prefixWord":"",
   "backTranslations":[{"normalizedText":"fly","displayText":"fly","numExamples":15,"frequencyCount":1697}]}]}]"#,
    );
    assert_eq!(r[0].translations[0].pos_tag, PosTag::Verb);
    let empty: Vec<LookupResult> =
        round_trip(r#"[{"normalizedSource":"xyzzy","displaySource":"xyzzy","translations":[]}]"#);
    assert!(empty[0].translations.is_empty());
}

#[test]
fn dictionary_examples_fly_volar() {
    let r: Vec<ExamplesResult> = round_trip(
        r#"[{"normalizedSource":"fly","normalizedTarget":"volar","examples":[
  {"sourcePrefix":"They need machines to ","sourceTerm":"fly","sourceSuffix":".",
   "targetPrefix":"Necesitan máquinas para ","targetTerm":"volar","targetSuffix":"."}]}]"#,
    );
    let e = &r[0].examples[0];
    assert_eq!(
        format!("{}{}{}", e.source_prefix, e.source_term, e.source_suffix),
        "They need machines to fly."
    );
    let req: Vec<ExampleElement> = serde_json::from_str(r#"[{"text":"fly","translation":"volar"}]"#).unwrap();
    assert_eq!(req[0].translation, "volar");
}

#[test]
fn transliterate_breaksentence_detect() {
    let req: Vec<TextElement> =
        serde_json::from_str(r#"[{"Text":"こんにちは"},{"text":"さようなら"}]"#).unwrap();
    assert_eq!(req[1].text, "さようなら");
    round_trip::<Vec<Transliterated>>(
        r#"[{"text":"konnnichiha","script":"Latn"},{"text":"sayounara","script":"Latn"}]"#,
    );
    round_trip::<Vec<Transliterated>>(r#"[{"text":"zhèlǐ zěnme yìhuíshì?","script":"Latn"}]"#);
    let b: Vec<BreakSentenceResult> =
        round_trip(r#"[{"detectedLanguage":{"language":"en","score":1.0},"sentLen":[11]}]"#);
    assert_eq!(b[0].sent_len, [11]);
    round_trip::<Vec<BreakSentenceResult>>(r#"[{"sentLen":[13,11,22]}]"#);
    let d: Vec<DetectResult> = round_trip(
        r#"[{"language":"en","score":1.0,"isTranslationSupported":true,"isTransliterationSupported":false,
  "alternatives":[{"language":"fil","score":1.0,"isTranslationSupported":true,"isTransliterationSupported":false},
                  {"language":"nb","score":1.0,"isTranslationSupported":true,"isTransliterationSupported":false}]}]"#,
    );
    assert_eq!(d[0].alternatives.len(), 2);
    round_trip::<Vec<DetectResult>>(
        r#"[{"language":"de","score":1.0,"isTranslationSupported":true,"isTransliterationSupported":false}]"#,
    );
}

#[test]
fn translate_samples() {
    let a: Vec<TranslateResult> = round_trip(
        r#"[{"detectedLanguage":{"language":"en","score":1.0},
  "translations":[{"text":"Je krásné ráno","to":"cs","alignment":{"proj":"0:1-0:1 0:1-3:8 18:24-10:13"}}]}]"#,
    );
    let proj = &a[0].translations[0].alignment.as_ref().unwrap().proj;
    assert_eq!(proj.entries().len(), 3);
    round_trip::<Vec<TranslateResult>>(
        r#"[{"translations":[{"text":"x","to":"fr","sentLen":{"srcSentLen":[53,157,62],"transSentLen":[53,157,62]}}]}]"#,
    );
    round_trip::<Vec<TranslateResult>>(
        r#"[{"detectedLanguage":{"language":"en","score":1.0},
  "translations":[{"text":"你好, 你叫什么名字？",
     "transliteration":{"script":"Latn","text":"nǐ hǎo , nǐ jiào shén me míng zì ？"},"to":"zh-Hans"}]}]"#,
    );
    let s: Vec<TranslateResult> = round_trip(
        r#"[{"sourceText":{"text":"هذا اختبار."},
  "translations":[{"text":"这是个测试。","transliteration":{"text":"zhè shìgè cèshì。","script":"Latn"},"to":"zh-Hans"}]}]"#,
    );
    assert!(s[0].detected_language.is_none());
    round_trip::<Vec<TranslateResult>>(
        r#"[{"translations":[{"text":"你好","to":"zh-Hans"},{"text":"Hallo, was ist dein Name?","to":"de"}]}]"#,
    );
    // An empty projection is a valid answer ("no alignment available").
    round_trip::<Vec<TranslateResult>>(
        r#"[{"translations":[{"text":"x","to":"de","alignment":{"proj":""}}]}]"#,
    );
}
