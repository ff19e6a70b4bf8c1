//! Success shapes of every operation, at the root and under
//! `/translator/text/v3.0/`.

use serde_json::json;

use crate::common::*;

const PREFIXES: [&str; 2] = ["", "/translator/text/v3.0"];

#[tokio::test]
async fn detect_shapes() {
    let svc = start().await;
    for p in PREFIXES {
        let r = svc
            .ok(
                &format!("{p}/detect?api-version=3.0"),
                r#"[{"Text":"Ich würde wirklich gern dein Auto um den Block fahren."},{"text":"東京"},{"Text":"12345"}]"#,
            )
            .await;
        assert_eq!(r[0]["language"], "de");
        assert!(r[0]["score"].as_f64().unwrap() > 0.8);
        assert_eq!(
            r[0]["isTranslationSupported"], true,
            "Ding's German dictionary is bundled"
        );
        assert_eq!(r[0]["isTransliterationSupported"], false);
        assert!(r[1]["language"].as_str().unwrap().starts_with("zh"));
        let alts = r[1]["alternatives"].as_array().unwrap();
        assert!(!alts.is_empty(), "Han-only text is ambiguous: {r}");
        for key in [
            "language",
            "score",
            "isTranslationSupported",
            "isTransliterationSupported",
        ] {
            assert!(alts[0].get(key).is_some(), "{key}");
        }
        assert_eq!(r[2]["language"], "und");
        assert_eq!(r[2]["score"], 0.0);
    }
}

#[tokio::test]
async fn breaksentence_counts_utf16_units() {
    let svc = start().await;
    let r = svc
        .ok(
            "/breaksentence?api-version=3.0",
            r#"[{"Text":"How are you? I am fine. What did you do today?"},{"Text":"hello world"}]"#,
        )
        .await;
    assert_eq!(r[0]["sentLen"], json!([13, 11, 22]));
    assert_eq!(r[1]["sentLen"], json!([11]));
    assert_eq!(r[1]["detectedLanguage"]["language"], "en");
    // Given a language: no detectedLanguage. Emoji count two units, CJK one.
    let r = svc
        .ok(
            "/translator/text/v3.0/breaksentence?api-version=3.0&language=en",
            r#"[{"Text":"😀 Dr. Smith came. He sat."}]"#,
        )
        .await;
    assert_eq!(
        r[0]["sentLen"],
        json!([19, 7]),
        "😀 is 2 units; Dr. is no sentence end"
    );
    assert!(r[0].get("detectedLanguage").is_none());
    let r = svc
        .ok(
            "/breaksentence?api-version=3.0&language=zh-Hans",
            r#"[{"Text":"我很好。你呢？"}]"#,
        )
        .await;
    assert_eq!(r[0]["sentLen"], json!([4, 3]));
}

#[tokio::test]
async fn translate_same_language_with_alignment_and_sentences() {
    let svc = start().await;
    let q = "/translate?api-version=3.0&to=en&includeAlignment=true&includeSentenceLength=true&toScript=Latn";
    for p in PREFIXES {
        let r = svc
            .ok(
                &format!("{p}{q}"),
                r#"[{"Text":"It is a beautiful morning. 😀 Yes."}]"#,
            )
            .await;
        assert_eq!(r[0]["detectedLanguage"]["language"], "en");
        let t = &r[0]["translations"][0];
        assert_eq!(t["to"], "en");
        assert_eq!(t["text"], "It is a beautiful morning. 😀 Yes.");
        assert_eq!(
            t["alignment"]["proj"],
            "0:1-0:1 3:4-3:4 6:6-6:6 8:16-8:16 18:24-18:24 30:32-30:32"
        );
        assert_eq!(
            t["sentLen"],
            json!({"srcSentLen": [27, 7], "transSentLen": [27, 7]})
        );
        assert_eq!(
            t["transliteration"],
            json!({"script": "Latn", "text": "It is a beautiful morning. 😀 Yes."})
        );
        assert!(r[0].get("sourceText").is_none());
    }
    // With from: no detectedLanguage; options absent: no optional fields.
    let r = svc
        .ok(
            "/translate?api-version=3.0&to=fi&from=fi",
            r#"[{"text":"Hyvää huomenta"}]"#,
        )
        .await;
    assert!(r[0].get("detectedLanguage").is_none());
    assert_eq!(
        r[0]["translations"][0],
        json!({"text": "Hyvää huomenta", "to": "fi"})
    );
    // html: no alignment available, said with an empty projection.
    let r = svc
        .ok(
            "/translate?api-version=3.0&to=en&from=en&textType=html&includeAlignment=true",
            r#"[{"Text":"<b>Hello</b> <span class=\"notranslate\">world</span>"}]"#,
        )
        .await;
    assert_eq!(r[0]["translations"][0]["alignment"]["proj"], "");
    // Japanese is not written with spaces: every word still gets an entry.
    let r = svc
        .ok(
            "/translate?api-version=3.0&to=ja&from=ja&includeAlignment=true",
            r#"[{"Text":"私は学生です"}]"#,
        )
        .await;
    let proj = r[0]["translations"][0]["alignment"]["proj"].as_str().unwrap();
    assert!(proj.split(' ').count() >= 3, "{proj}");
    // Several targets, in order.
    let r = svc
        .ok(
            "/translate?api-version=3.0&to=en&to=EN&from=en",
            r#"[{"Text":"Hi"}]"#,
        )
        .await;
    assert_eq!(r[0]["translations"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn languages_scopes() {
    let svc = start().await;
    let all = svc.get_json("/languages?api-version=3.0").await;
    let translation = all["translation"].as_object().unwrap();
    // Exactly the languages the bundled dictionaries gloss, plus Apertium's
    // where it is installed.
    let apertium: Vec<&str> = glossa::engine::apertium::Apertium::global()
        .map(|ap| ap.pairs().flat_map(|(a, b)| [a, b]).collect())
        .unwrap_or_default();
    let glossed = [
        "ar", "bg", "cs", "de", "el", "en", "es", "fi", "fr", "hi", "id", "it", "ja", "nb", "nl", "pl", "pt",
        "ru", "sv", "tr", "zh-Hans",
    ];
    for code in translation.keys() {
        assert!(
            glossed.contains(&code.as_str()) || apertium.contains(&code.as_str()),
            "{code}"
        );
    }
    for code in glossed {
        assert!(translation.contains_key(code), "{code}");
    }
    assert_eq!(translation["fi"]["name"], "Finnish");
    assert_eq!(translation["el"]["dir"], "ltr");
    assert!(
        translation["ja"]["nativeName"]
            .as_str()
            .unwrap()
            .contains("日本語")
    );
    assert!(all["transliteration"]["ja"]["scripts"].is_array());
    let dictionary = all["dictionary"].as_object().unwrap();
    let en: Vec<&str> = dictionary["en"]["translations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        en,
        [
            "ar", "bg", "cs", "de", "el", "es", "fi", "fr", "hi", "id", "it", "ja", "nb", "nl", "pl", "pt",
            "ru", "sv", "tr", "zh-Hans"
        ]
    );
    assert_eq!(dictionary["zh-Hans"]["translations"][0]["code"], "en");
    assert_eq!(dictionary["ja"]["translations"][0]["name"], "English");
    let only = svc
        .get_json("/translator/text/v3.0/languages?api-version=3.0&scope=dictionary")
        .await;
    assert_eq!(
        only.as_object().unwrap().keys().collect::<Vec<_>>(),
        ["dictionary"]
    );
}
