//! Crafted answers: what the SDKs accept that the recordings do not show.

use super::*;

#[tokio::test]
async fn crafted_translate_with_unknown_fields_everywhere() {
    let (f, replay) = replayed("crafted_translate_extra_fields").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("cs")
        .send()
        .await
        .unwrap();
    // x-requestid, X-METERED-USAGE and x-mt-system, read whatever their casing.
    check_meta(&f, &r);
    assert_eq!(r.request_ids(), ["TRAN.CRAFTED.EXTRA"]);
    assert_eq!(r.metered_usage(), 30);
    let t = &r.value[0];
    let d = t.detected_language.as_ref().unwrap();
    assert_eq!((d.language.as_str(), d.score), ("en", 1.0));
    assert_eq!(t.source_text.as_ref().unwrap().text, "This is a test.");
    let tr = &t.translations[0];
    assert_eq!((tr.text.as_str(), tr.to.as_str()), ("Tohle je test.", "cs"));
    assert_eq!(tr.transliteration.as_ref().unwrap().script, "Latn");
    let proj = &tr.alignment.as_ref().unwrap().proj;
    assert_eq!(proj.entries().len(), 3);
    assert_eq!(proj.entries()[2].source(), 10..=14);
    let lens = tr.sent_len.as_ref().unwrap();
    assert_eq!(
        (lens.src_sent_len.as_slice(), lens.trans_sent_len.as_slice()),
        (&[15][..], &[14][..])
    );
    // The second result has only what is required.
    let plain = &r.value[1];
    assert!(plain.detected_language.is_none() && plain.source_text.is_none());
    assert_eq!(plain.translations[0].text, "Dobré ráno");
    assert!(plain.translations[0].alignment.is_none() && plain.translations[0].sent_len.is_none());
}

#[tokio::test]
async fn crafted_translate_with_null_optional_fields() {
    let (f, replay) = replayed("crafted_translate_nulls").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("cs")
        .send()
        .await
        .unwrap();
    check_meta(&f, &r);
    let t = &r.value[0];
    assert!(t.detected_language.is_none() && t.source_text.is_none());
    let tr = &t.translations[0];
    assert_eq!(tr.text, "Dobré ráno");
    assert!(tr.transliteration.is_none() && tr.alignment.is_none() && tr.sent_len.is_none());
}

#[tokio::test]
async fn crafted_detect_with_and_without_alternatives() {
    let (f, replay) = replayed("crafted_detect").await;
    let r = replay.client().detect(&f.texts()).await.unwrap();
    // X-REQUESTID and x-metered-usage: 0.
    check_meta(&f, &r);
    check_sent(&f, &replay, "/detect");
    let de = &r.value[0];
    assert_eq!(de.language, "de");
    assert!((de.score - 0.92).abs() < 1e-6);
    assert!(de.is_translation_supported && !de.is_transliteration_supported);
    let alts: Vec<&str> = de.alternatives.iter().map(|a| a.language.as_str()).collect();
    assert_eq!(alts, ["nl", "sk"]);
    let en = &r.value[1];
    assert_eq!((en.language.as_str(), en.score), ("en", 1.0));
    assert!(en.alternatives.is_empty(), "absent alternatives are none");
}

#[tokio::test]
async fn crafted_detect_with_null_alternatives() {
    let (f, replay) = replayed("crafted_detect_null_alternatives").await;
    let r = replay.client().detect(&f.texts()).await;
    let r = r.unwrap_or_else(|e| panic!("{}: {e}", f.name));
    check_meta(&f, &r);
    assert_eq!(r.value[0].language, "en");
    assert!(r.value[0].alternatives.is_empty());
}

#[tokio::test]
async fn crafted_lookup_with_unknown_fields_and_tag() {
    let (f, replay) = replayed("crafted_lookup_extra_fields").await;
    let params = DictionaryParams {
        from: "en".into(),
        to: "es".into(),
    };
    let r = replay.client().lookup(&params, &f.texts()).await.unwrap();
    check_meta(&f, &r);
    let l = &r.value[0];
    assert_eq!(l.translations.len(), 2);
    assert_eq!(l.translations[0].pos_tag, PosTag::Verb);
    assert_eq!(l.translations[0].back_translations[0].frequency_count, 4637);
    assert_eq!(
        l.translations[1].pos_tag,
        PosTag::Other,
        "an unknown tag is Other"
    );
    assert!(l.translations[1].back_translations.is_empty());
}

#[tokio::test]
async fn crafted_examples_with_unknown_fields() {
    let (f, replay) = replayed("crafted_examples_extra_fields").await;
    let params = DictionaryParams {
        from: "en".into(),
        to: "es".into(),
    };
    let r = replay.client().examples(&params, &f.pairs()).await.unwrap();
    // X-RequestID and X-Metered-usage.
    check_meta(&f, &r);
    assert_eq!(r.value[0].examples.len(), 1);
    assert_eq!(r.value[0].examples[0].target_term, "volar");
}

#[tokio::test]
async fn crafted_transliterate_with_unknown_fields() {
    let (f, replay) = replayed("crafted_transliterate_extra_fields").await;
    let params = TransliterateParams {
        language: "ja".into(),
        from_script: "Jpan".into(),
        to_script: "Latn".into(),
    };
    let r = replay.client().transliterate(&params, &f.texts()).await.unwrap();
    check_meta(&f, &r);
    assert_eq!(
        (r.value[0].text.as_str(), r.value[0].script.as_str()),
        ("konnichiwa", "Latn")
    );
}

#[tokio::test]
async fn crafted_breaksentence_with_unknown_fields() {
    let (f, replay) = replayed("crafted_breaksentence_extra_fields").await;
    let r = replay
        .client()
        .break_sentence(&BreakSentenceParams::default(), &f.texts())
        .await
        .unwrap();
    check_meta(&f, &r);
    assert_eq!(r.value[0].sent_len, [13, 10]);
    assert_eq!(r.value[0].sent_len.iter().sum::<u32>(), utf16_len(&f.texts()[0]));
    assert_eq!(r.value[0].detected_language.as_ref().unwrap().language, "en");
}

#[tokio::test]
async fn crafted_languages_with_unknown_fields_and_group() {
    let f = Fixture::load("crafted_languages_extra_fields");
    let r = languages(&f, Vec::new()).await;
    assert_eq!(r.value.etag.as_deref(), Some("\"crafted-etag\""));
    let lang = &r.value.response;
    assert_eq!(lang.translation.as_ref().unwrap()["en"].dir, Dir::Ltr);
    let ja = &lang.transliteration.as_ref().unwrap()["ja"];
    assert_eq!(ja.scripts[0].to_scripts[0].code, "Latn");
    assert_eq!(lang.dictionary.as_ref().unwrap()["en"].translations[0].code, "es");
}

#[tokio::test]
async fn crafted_json_error_labelled_text_plain() {
    let (f, replay) = replayed("crafted_error_json_as_text_plain").await;
    let r = replay.client().translate(["Hello"]).to("xx").send().await;
    let a = api_failure(&f, r);
    assert_eq!((a.status, a.code), (400, 400036));
    assert_eq!(a.known_code(), Some(ErrorCode::InvalidTo));
    assert_eq!(
        a.message,
        "The target language (\"To\" field) is missing or invalid."
    );
    assert_eq!(a.request_id.as_deref(), Some("TRAN.CRAFTED.400036"));
}

#[tokio::test]
async fn crafted_error_with_string_code() {
    let (f, replay) = replayed("crafted_error_string_code").await;
    let r = replay.client().translate(["Hello"]).to("de").send().await;
    let a = api_failure(&f, r);
    assert_eq!(
        (a.status, a.code),
        (401, 401000),
        "a 3-digit code becomes 6 digits"
    );
    assert_eq!(a.known_code(), Some(ErrorCode::Unauthorized));
    assert!(
        a.message
            .starts_with("Access denied due to invalid subscription key"),
        "{}",
        a.message
    );
    assert_eq!(a.request_id.as_deref(), Some("TRAN.CRAFTED.STRCODE"));
}

#[tokio::test]
async fn crafted_error_with_unknown_fields() {
    let (f, replay) = replayed("crafted_error_extra_fields").await;
    let r = replay.client().translate(["Hello"]).to("de").send().await;
    let a = api_failure(&f, r);
    assert_eq!((a.status, a.code), (403, 403001));
    assert_eq!(a.known_code(), Some(ErrorCode::QuotaExceeded));
    assert!(
        a.message.starts_with("The operation is not allowed"),
        "{}",
        a.message
    );
    assert_eq!(a.attempts, 1, "a 403 is not retried");
}
