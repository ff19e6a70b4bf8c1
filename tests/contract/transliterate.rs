//! `POST /transliterate` and the transliteration group of `/languages`:
//! the documented samples field for field, every listed pair answering, and
//! each error code.

use serde_json::json;

use crate::common::*;

const TL: &str = "/transliterate?api-version=3.0";

#[tokio::test]
async fn documented_samples() {
    let svc = start().await;
    for prefix in ["", "/translator/text/v3.0"] {
        // The docs' Japanese example, exactly.
        let r = svc
            .ok(
                &format!("{prefix}{TL}&language=ja&fromScript=Jpan&toScript=Latn"),
                r#"[{"Text":"こんにちは"},{"Text":"さようなら"}]"#,
            )
            .await;
        assert_eq!(
            r,
            json!([{"text":"konnnichiha","script":"Latn"},{"text":"sayounara","script":"Latn"}])
        );
    }
    // The recorded zh-Hans answer, exactly; codes are matched without case.
    let r = svc
        .ok(
            &format!("{TL}&language=ZH-hans&fromScript=hans&toScript=latn"),
            r#"[{"text":"这里怎么一回事?"}]"#,
        )
        .await;
    assert_eq!(r, json!([{"text":"zhèlǐ zěnme yìhuíshì?","script":"Latn"}]));
    let r = svc
        .ok(
            &format!("{TL}&language=ru&fromScript=Cyrl&toScript=Latn"),
            r#"[{"Text":"Привет, мир"},{"Text":""}]"#,
        )
        .await;
    assert_eq!(
        r,
        json!([{"text":"Privet, mir","script":"Latn"},{"text":"","script":"Latn"}])
    );
}

#[tokio::test]
async fn serbian_by_script_and_cyrillic_round_trips() {
    let svc = start().await;
    // `sr` is resolved by its script to the scope's `sr-Latn` (issue 23).
    for lang in ["sr", "sr-Latn"] {
        let r = svc
            .ok(
                &format!("{TL}&language={lang}&fromScript=Latn&toScript=Cyrl"),
                r#"[{"Text":"Dobar dan, Ljubljana"}]"#,
            )
            .await;
        assert_eq!(r, json!([{"text":"Добар дан, Љубљана","script":"Cyrl"}]));
    }
    // The sentence view of the workbench asks breaksentence in sr-Latn.
    let r = svc
        .ok(
            "/breaksentence?api-version=3.0&language=sr-Latn",
            r#"[{"Text":"Dobar dan. Kako ste?"}]"#,
        )
        .await;
    assert_eq!(r, json!([{"sentLen":[11, 9]}]));
    // Russian Cyrillic → Latin → Cyrillic gives the text back.
    let latin = svc
        .ok(
            &format!("{TL}&language=ru&fromScript=Cyrl&toScript=Latn"),
            r#"[{"Text":"Я живу хорошо"}]"#,
        )
        .await;
    assert_eq!(latin[0]["text"], "YA zhivu khorosho");
    let back = svc
        .ok(
            &format!("{TL}&language=ru&fromScript=Latn&toScript=Cyrl"),
            r#"[{"Text":"YA zhivu khorosho"}]"#,
        )
        .await;
    assert_eq!(back[0]["text"], "Я живу хорошо");
}

#[tokio::test]
async fn languages_group_shape_and_every_pair_answers() {
    let svc = start().await;
    let doc = svc
        .get_json("/languages?api-version=3.0&scope=transliteration")
        .await;
    let group = doc["transliteration"].as_object().unwrap();
    assert!(group.len() >= 30, "{}", group.len());
    let ja = &group["ja"];
    assert_eq!(ja["name"], "Japanese");
    assert_eq!(ja["nativeName"], "日本語");
    assert!(ja.get("dir").is_none(), "no dir at language level");
    let jpan = &ja["scripts"][0];
    let keys: Vec<&str> = jpan.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys.len(), 5, "{keys:?}");
    assert_eq!(jpan["code"], "Jpan");
    assert_eq!(jpan["dir"], "ltr");
    assert_eq!(jpan["toScripts"][0]["code"], "Latn");
    assert_eq!(jpan["toScripts"][0]["name"], "Latin");
    assert_eq!(jpan["toScripts"][0].as_object().unwrap().len(), 4);
    assert_eq!(group["ar"]["scripts"][0]["dir"], "rtl");
    let hans: Vec<&str> = group["zh-Hans"]["scripts"][0]["toScripts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["code"].as_str().unwrap())
        .collect();
    assert_eq!(hans, ["Latn", "Hant"]);
    assert_eq!(group["sr-Cyrl"]["scripts"].as_array().unwrap().len(), 1);
    assert_eq!(group["th"]["scripts"].as_array().unwrap().len(), 1);
    for (lang, entry) in group {
        for from in entry["scripts"].as_array().unwrap() {
            for to in from["toScripts"].as_array().unwrap() {
                let (f, t) = (from["code"].as_str().unwrap(), to["code"].as_str().unwrap());
                let path = format!("{TL}&language={lang}&fromScript={f}&toScript={t}");
                let r = svc.ok(&path, r#"[{"Text":"abc 123"}]"#).await;
                assert_eq!(r[0]["script"], t, "{path}");
                assert!(r[0]["text"].is_string(), "{path}");
            }
        }
    }
}

#[tokio::test]
async fn error_codes() {
    let svc = start().await;
    let body = r#"[{"Text":"abc"}]"#;
    for (query, code) in [
        ("&fromScript=Jpan&toScript=Latn", 400003),
        ("&language=en&fromScript=Latn&toScript=Cyrl", 400019),
        ("&language=tg&fromScript=Cyrl&toScript=Latn", 400019),
        ("&language=ja&toScript=Latn", 400018),
        ("&language=ja&fromScript=J4pn&toScript=Latn", 400018),
        ("&language=ja&fromScript=Jpan", 400004),
        ("&language=ja&fromScript=Jpan&toScript=Lat", 400004),
        ("&language=ja&fromScript=Cyrl&toScript=Latn", 400006),
        ("&language=th&fromScript=Latn&toScript=Thai", 400006),
        ("&language=ja&fromScript=Jpan&toScript=Cyrl", 400080),
        ("&language=sr-Cyrl&fromScript=Cyrl&toScript=Cyrl", 400080),
        ("&language=zh-Hans&fromScript=Hans&toScript=Jpan", 400080),
    ] {
        assert_eq!(svc.code(&format!("{TL}{query}"), body).await, code, "{query}");
    }
    let ok = format!("{TL}&language=ja&fromScript=Jpan&toScript=Latn");
    assert_eq!(svc.code(&ok, "[]").await, 400005);
    assert_eq!(svc.code(&ok, "not json").await, 400074);
}

#[tokio::test]
async fn detect_says_which_languages_transliterate() {
    let svc = start().await;
    let r = svc
        .ok(
            "/detect?api-version=3.0",
            r#"[{"Text":"Съешь же ещё этих мягких французских булок, да выпей чаю."}]"#,
        )
        .await;
    assert_eq!(r[0]["language"], "ru");
    assert_eq!(r[0]["isTransliterationSupported"], true);
}
