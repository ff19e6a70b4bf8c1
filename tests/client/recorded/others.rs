//! Recorded dictionary, transliterate, breaksentence, languages and error answers.

use super::*;

#[tokio::test]
async fn recorded_dictionary_lookup() {
    let (f, replay) = replayed("dictionary_lookup").await;
    let params = DictionaryParams {
        from: "en".into(),
        to: "es".into(),
    };
    let r = replay.client().lookup(&params, &f.texts()).await.unwrap();
    check_success(&f, &replay, &r, "/dictionary/lookup");
    let l = &r.value[0];
    assert_eq!(
        (l.normalized_source.as_str(), l.display_source.as_str()),
        ("fly", "fly")
    );
    let targets: Vec<(&str, PosTag, f64)> = l
        .translations
        .iter()
        .map(|t| (t.display_target.as_str(), t.pos_tag, t.confidence))
        .collect();
    assert_eq!(
        targets,
        [
            ("volar", PosTag::Verb, 0.4081),
            ("mosca", PosTag::Noun, 0.2668),
            ("operan", PosTag::Verb, 0.1144),
            ("pilotar", PosTag::Verb, 0.095),
            ("moscas", PosTag::Verb, 0.0644),
            ("marcha", PosTag::Noun, 0.0514),
        ]
    );
    let total: f64 = l.translations.iter().map(|t| t.confidence).sum();
    assert!((total - 1.0).abs() < 0.001, "confidences sum to 1: {total}");
    let back = &l.translations[5].back_translations[0];
    assert_eq!(
        (
            back.normalized_text.as_str(),
            back.display_text.as_str(),
            back.num_examples,
            back.frequency_count
        ),
        ("march", "March", 15, 5355)
    );
    assert!(l.translations.iter().all(|t| t.prefix_word.is_empty()));
}

#[tokio::test]
async fn recorded_dictionary_examples() {
    let (f, replay) = replayed("dictionary_examples").await;
    let params = DictionaryParams {
        from: "en".into(),
        to: "es".into(),
    };
    let pairs = f.pairs();
    let r = replay.client().examples(&params, &pairs).await.unwrap();
    check_meta(&f, &r);
    same_json(&f, &r.value);
    let seen = replay.only();
    assert_eq!(seen.path(), "/dictionary/examples");
    let sent: Vec<ExampleElement> = serde_json::from_slice(&seen.body).unwrap();
    assert_eq!(sent, pairs);
    assert_eq!(r.value.len(), 2);
    let fly = &r.value[0];
    assert_eq!(
        (fly.normalized_source.as_str(), fly.normalized_target.as_str()),
        ("fly", "volar")
    );
    assert_eq!(fly.examples.len(), 15);
    let e = &fly.examples[6];
    assert_eq!(
        format!("{}{}{}", e.source_prefix, e.source_term, e.source_suffix),
        "I have to fly home in the morning."
    );
    assert_eq!(
        format!("{}{}{}", e.target_prefix, e.target_term, e.target_suffix),
        "Tengo que volar a casa por la mañana."
    );
    assert!(
        fly.examples
            .iter()
            .all(|e| e.source_term == "fly" && e.target_term == "volar")
    );
    assert!(r.value[1].examples.is_empty(), "no examples for beef/came");
}

// ---------------------------------------------------------------- transliterate, breaksentence

#[tokio::test]
async fn recorded_transliterate_multiple() {
    let (f, replay) = replayed("transliterate_multiple").await;
    let params = TransliterateParams {
        language: "hi".into(),
        from_script: "Deva".into(),
        to_script: "Latn".into(),
    };
    let r = replay.client().transliterate(&params, &f.texts()).await.unwrap();
    check_success(&f, &replay, &r, "/transliterate");
    let got: Vec<(&str, &str)> = r
        .value
        .iter()
        .map(|t| (t.text.as_str(), t.script.as_str()))
        .collect();
    assert_eq!(
        got,
        [("yhekakasautihekasautihai", "Latn"), ("yhekakasoutihai", "Latn")]
    );
}

#[tokio::test]
async fn recorded_breaksentence_detecting() {
    let (f, replay) = replayed("breaksentence_multiple_languages").await;
    let r = replay
        .client()
        .break_sentence(&BreakSentenceParams::default(), &f.texts())
        .await
        .unwrap();
    check_success(&f, &replay, &r, "/breaksentence");
    assert_eq!(r.metered_usage(), 0, "no X-Metered-Usage header");
    let langs: Vec<&str> = r
        .value
        .iter()
        .map(|b| b.detected_language.as_ref().unwrap().language.as_str())
        .collect();
    assert_eq!(langs, ["en", "ar"]);
    for (b, text) in r.value.iter().zip(f.texts()) {
        assert_eq!(b.sent_len.iter().sum::<u32>(), utf16_len(&text));
    }
}

#[tokio::test]
async fn recorded_breaksentence_language_and_script() {
    let (f, replay) = replayed("breaksentence_language_script").await;
    let params = BreakSentenceParams {
        language: Some("zh-Hans".into()),
        script: Some("Latn".into()),
    };
    let r = replay.client().break_sentence(&params, &f.texts()).await.unwrap();
    check_success(&f, &replay, &r, "/breaksentence");
    assert!(r.value[0].detected_language.is_none(), "language was given");
    assert_eq!(r.value[0].sent_len, [18]);
    assert_eq!(utf16_len(&f.texts()[0]), 18);
}

// ---------------------------------------------------------------- languages

#[tokio::test]
async fn recorded_languages_translation() {
    let f = Fixture::load("languages_translation");
    let r = languages(&f, vec![Scope::Translation]).await;
    same_json(&f, &r.value.response);
    let t = r.value.response.translation.as_ref().unwrap();
    assert_eq!(t.len(), 4);
    assert_eq!(t["ar"].dir, Dir::Rtl);
    assert_eq!(t["af"].dir, Dir::Ltr);
    assert_eq!(t["fr-CA"].native_name, "Français (Canada)");
    assert!(t.contains_key("mn-Mong"));
    assert!(r.value.response.transliteration.is_none() && r.value.response.dictionary.is_none());
}

#[tokio::test]
async fn recorded_languages_transliteration() {
    let f = Fixture::load("languages_transliteration");
    let r = languages(&f, vec![Scope::Transliteration]).await;
    same_json(&f, &r.value.response);
    let t = r.value.response.transliteration.as_ref().unwrap();
    let zh = &t["zh-Hans"];
    assert_eq!(zh.scripts.len(), 2);
    let to: Vec<&str> = zh.scripts[0].to_scripts.iter().map(|s| s.code.as_str()).collect();
    assert_eq!((zh.scripts[0].code.as_str(), to), ("Hans", vec!["Latn", "Hant"]));
    assert_eq!(t["ar"].scripts[0].dir, Dir::Rtl);
    assert_eq!(t["ar"].scripts[0].to_scripts[0].dir, Dir::Ltr);
    assert_eq!(t["th"].scripts.len(), 1);
}

#[tokio::test]
async fn recorded_languages_dictionary() {
    let f = Fixture::load("languages_dictionary");
    let r = languages(&f, vec![Scope::Dictionary]).await;
    same_json(&f, &r.value.response);
    let d = r.value.response.dictionary.as_ref().unwrap();
    let en: Vec<(&str, Dir)> = d["en"]
        .translations
        .iter()
        .map(|t| (t.code.as_str(), t.dir))
        .collect();
    assert_eq!(
        en,
        [
            ("af", Dir::Ltr),
            ("ar", Dir::Rtl),
            ("zh-Hans", Dir::Ltr),
            ("es", Dir::Ltr),
            ("tlh-Latn", Dir::Ltr)
        ]
    );
    assert_eq!(d["ar"].dir, Dir::Rtl);
    assert_eq!(d["af"].translations[0].code, "en");
}

// ---------------------------------------------------------------- errors

#[tokio::test]
async fn recorded_401_labelled_text_plain_is_a_typed_error() {
    let f = Fixture::load("error_401_text_plain");
    assert!(f.header("content-type").unwrap().starts_with("text/plain"));
    let replay = Replay::start(&f).await;
    let r = replay.client().translate(["Hello"]).to("en").send().await;
    let a = api_failure(&f, r);
    assert_eq!((a.status, a.code), (401, 401000));
    assert_eq!(a.known_code(), Some(ErrorCode::Unauthorized));
    assert_eq!(
        a.message,
        "The request is not authorized because credentials are missing or invalid."
    );
    assert_eq!(a.request_id.as_deref(), Some("TRAN.PS1P.8BE7.0622T1018.4F006B"));
    assert_eq!(a.attempts, 1, "a 401 is not retried");
    assert_eq!(replay.seen.lock().unwrap().len(), 1);
}

#[tokio::test]
async fn recorded_400036_is_a_typed_error() {
    let (f, replay) = replayed("error_400036").await;
    let r = replay
        .client()
        .translate(["Das ist ein Test."])
        .from("de")
        .to("en")
        .send()
        .await;
    let a = api_failure(&f, r);
    assert_eq!((a.status, a.code), (400, 400036));
    assert_eq!(a.known_code(), Some(ErrorCode::InvalidTo));
    assert_eq!(a.message, "The target language is not valid.");
    assert_eq!(a.request_id.as_deref(), f.header("x-requestid"));
    assert_eq!(a.attempts, 1);
}
