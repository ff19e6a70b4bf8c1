//! Recorded translate answers.

use super::*;

#[tokio::test]
async fn recorded_translate_multiple_targets() {
    let (f, replay) = replayed("translate_multiple_targets").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("cs")
        .to("es")
        .to("de")
        .send()
        .await
        .unwrap();
    check_success(&f, &replay, &r, "/translate");
    let t = &r.value[0];
    let d = t.detected_language.as_ref().unwrap();
    assert_eq!((d.language.as_str(), d.score), ("en", 1.0));
    let got: Vec<(&str, &str)> = t
        .translations
        .iter()
        .map(|t| (t.to.as_str(), t.text.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            ("cs", "Tohle je test."),
            ("es", "Esto es una prueba."),
            ("de", "Dies ist ein Test.")
        ]
    );
    assert_eq!(
        r.requests[0].mt_system.as_deref(),
        Some("Microsoft,Microsoft,Microsoft")
    );
    assert_eq!(r.metered_usage(), 45);
}

#[tokio::test]
async fn recorded_translate_alignment() {
    let (f, replay) = replayed("translate_alignment").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("cs")
        .include_alignment(true)
        .send()
        .await
        .unwrap();
    let seen = check_success(&f, &replay, &r, "/translate");
    assert!(
        seen.query()
            .contains(&("includeAlignment".to_owned(), "true".to_owned()))
    );
    let tr = &r.value[0].translations[0];
    assert_eq!(tr.text, "Je krásné ráno");
    let proj = &tr.alignment.as_ref().unwrap().proj;
    let spans: Vec<_> = proj.entries().iter().map(|e| (e.source(), e.target())).collect();
    assert_eq!(spans, [(0..=1, 0..=1), (0..=1, 3..=8), (18..=24, 10..=13)]);
    // The indexes are UTF-16 units of the source and of the translation.
    let units = |s: &str, r: std::ops::RangeInclusive<u32>| {
        let u: Vec<u16> = s.encode_utf16().collect();
        String::from_utf16(&u[*r.start() as usize..=*r.end() as usize]).unwrap()
    };
    let last = proj.entries()[2];
    assert_eq!(units(&f.texts()[0], last.source()), "morning");
    assert_eq!(units(&tr.text, last.target()), "ráno");
    assert_eq!(proj.to_string(), "0:1-0:1 0:1-3:8 18:24-10:13");
}

#[tokio::test]
async fn recorded_translate_sentence_length() {
    let (f, replay) = replayed("translate_sentence_length").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("fr")
        .include_sentence_length(true)
        .send()
        .await
        .unwrap();
    check_success(&f, &replay, &r, "/translate");
    let tr = &r.value[0].translations[0];
    let lens = tr.sent_len.as_ref().unwrap();
    assert_eq!(lens.src_sent_len, [53, 157, 62]);
    assert_eq!(lens.trans_sent_len, [53, 157, 62]);
    let text = &f.texts()[0];
    assert_eq!(lens.src_sent_len.iter().sum::<u32>(), utf16_len(text));
    assert_eq!(lens.trans_sent_len.iter().sum::<u32>(), utf16_len(&tr.text));
    // Charged: the characters of the input.
    assert_eq!(r.metered_usage(), u64::from(utf16_len(text)));
}

#[tokio::test]
async fn recorded_translate_with_transliteration() {
    let (f, replay) = replayed("translate_transliteration").await;
    let r = replay
        .client()
        .translate(f.texts())
        .from("ar")
        .from_script("Latn")
        .to_script("zh-Hans", "Latn")
        .send()
        .await
        .unwrap();
    check_success(&f, &replay, &r, "/translate");
    let t = &r.value[0];
    assert!(t.detected_language.is_none(), "from was given");
    assert_eq!(t.source_text.as_ref().unwrap().text, "هذا اختبار.");
    let tr = &t.translations[0];
    assert_eq!((tr.to.as_str(), tr.text.as_str()), ("zh-Hans", "这是个测试。"));
    let tl = tr.transliteration.as_ref().unwrap();
    assert_eq!(
        (tl.script.as_str(), tl.text.as_str()),
        ("Latn", "zhè shìgè cèshì。")
    );
}

#[tokio::test]
async fn recorded_translate_latin_to_latin() {
    let (f, replay) = replayed("translate_latin_to_latin").await;
    let r = replay
        .client()
        .translate(f.texts())
        .from("hi")
        .from_script("Latn")
        .to_script("ta", "Latn")
        .send()
        .await
        .unwrap();
    let seen = check_success(&f, &replay, &r, "/translate");
    let q = seen.query();
    for (k, v) in [
        ("from", "hi"),
        ("fromScript", "Latn"),
        ("toScript", "Latn"),
        ("to", "ta"),
    ] {
        assert!(q.contains(&(k.to_owned(), v.to_owned())), "{k}={v} in {q:?}");
    }
    let t = &r.value[0];
    assert_eq!(t.source_text.as_ref().unwrap().text, "एपी कैसे हो");
    let tl = t.translations[0].transliteration.as_ref().unwrap();
    assert_eq!(tl.text, "eppadi irukkiraai?");
}

#[tokio::test]
async fn recorded_translate_profanity_marked() {
    let (f, replay) = replayed("translate_profanity").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("zh-cn")
        .profanity(ProfanityAction::Marked, ProfanityMarker::Asterisk)
        .send()
        .await
        .unwrap();
    let seen = check_success(&f, &replay, &r, "/translate");
    assert!(
        seen.query()
            .contains(&("profanityAction".to_owned(), "Marked".to_owned()))
    );
    let tr = &r.value[0].translations[0];
    assert!(tr.text.contains("***"), "{}", tr.text);
    // Asked for zh-cn, answered for zh-Hans: the client keeps what the service said.
    assert_eq!(tr.to, "zh-Hans");
}

#[tokio::test]
async fn recorded_translate_multiple_inputs() {
    let (f, replay) = replayed("translate_multiple_inputs").await;
    let r = replay
        .client()
        .translate(f.texts())
        .to("cs")
        .send()
        .await
        .unwrap();
    check_success(&f, &replay, &r, "/translate");
    let detected: Vec<&str> = r
        .value
        .iter()
        .map(|t| t.detected_language.as_ref().unwrap().language.as_str())
        .collect();
    assert_eq!(detected, ["en", "es", "de"]);
    assert!(r.value.iter().all(|t| t.translations[0].text == "Tohle je test."));
}

#[tokio::test]
async fn recorded_translate_html_without_detection() {
    let (f, replay) = replayed("translate_html_notranslate").await;
    let r = replay
        .client()
        .translate(f.texts())
        .from("en")
        .to("zh-chs")
        .text_type(TextType::Html)
        .send()
        .await
        .unwrap();
    let seen = check_success(&f, &replay, &r, "/translate");
    assert!(seen.query().contains(&("textType".to_owned(), "html".to_owned())));
    let t = &r.value[0];
    assert!(t.detected_language.is_none());
    assert_eq!(
        t.translations[0].text,
        f.texts()[0],
        "the notranslate span is kept"
    );
    assert_eq!(t.translations[0].to, "zh-Hans");
}
