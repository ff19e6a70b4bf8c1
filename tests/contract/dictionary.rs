//! Dictionary lookup and examples over HTTP: the shapes of api-facts §4 with
//! the bundled data.

use serde_json::json;

use crate::common::start;

#[tokio::test]
async fn lookup_shape_field_for_field() {
    let svc = start().await;
    let resp = svc
        .post(
            "/dictionary/lookup?api-version=3.0&from=en&to=zh-Hans",
            r#"[{"Text":"Bank"},{"Text":"qzxqzx"}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["x-metered-usage"], "10");
    assert!(
        resp.headers()["x-requestid"]
            .to_str()
            .unwrap()
            .starts_with("DTLK.")
    );
    let r: serde_json::Value = resp.json().await.unwrap();
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(keys(&r[0]), ["displaySource", "normalizedSource", "translations"]);
    assert_eq!(r[0]["normalizedSource"], "bank");
    let t = &r[0]["translations"];
    assert_eq!(t[0]["normalizedTarget"], "银行");
    assert_eq!(
        keys(&t[0]),
        [
            "backTranslations",
            "confidence",
            "displayTarget",
            "normalizedTarget",
            "posTag",
            "prefixWord"
        ]
    );
    assert_eq!(t[0]["posTag"], "NOUN");
    assert_eq!(t[0]["prefixWord"], "");
    let sum: f64 = t
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["confidence"].as_f64().unwrap())
        .sum();
    assert!(sum <= 1.0 && sum > 0.99, "{sum}");
    let back = &t[0]["backTranslations"][0];
    assert_eq!(
        keys(back),
        ["displayText", "frequencyCount", "normalizedText", "numExamples"]
    );
    assert_eq!(back["normalizedText"], "bank");
    assert_eq!(
        back["numExamples"], 12,
        "the HSK sentence pairs with bank and 银行"
    );
    assert_eq!(
        r[1],
        json!({"normalizedSource": "qzxqzx", "displaySource": "qzxqzx", "translations": []})
    );
}

#[tokio::test]
async fn an_inflected_form_reaches_the_entry_of_its_base_form() {
    let svc = start().await;
    let r = svc
        .ok(
            "/dictionary/lookup?api-version=3.0&from=en&to=fi",
            r#"[{"Text":"was"},{"Text":"children"},{"Text":"went"},{"Text":"Houses"},{"Text":"house"}]"#,
        )
        .await;
    for (i, base) in ["be", "child", "go", "house", "house"].iter().enumerate() {
        assert_eq!(r[i]["normalizedSource"], *base, "{}", r[i]);
        let display = r[i]["displaySource"].as_str().unwrap().to_lowercase();
        assert_eq!(display, *base, "the base form's display form");
        let t = r[i]["translations"].as_array().unwrap();
        assert!(!t.is_empty(), "{base}: found through its base form");
        let backs = t[0]["backTranslations"].as_array().unwrap();
        assert!(
            backs.iter().any(|b| b["normalizedText"] == *base),
            "the back-translations contain the base form: {}",
            t[0]
        );
    }
    // A word that is a headword itself is never taken for an inflection.
    let saw = svc
        .ok(
            "/dictionary/lookup?api-version=3.0&from=en&to=fi",
            r#"[{"Text":"saw"}]"#,
        )
        .await;
    assert_eq!(saw[0]["normalizedSource"], "saw");
    // Finnish case endings, the other way.
    let fi = svc
        .ok(
            "/dictionary/lookup?api-version=3.0&from=fi&to=en",
            r#"[{"Text":"talossa"}]"#,
        )
        .await;
    assert_eq!(fi[0]["normalizedSource"], "talo");
    assert!(!fi[0]["translations"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn lookup_every_bundled_pair() {
    let svc = start().await;
    for (from, to, term, expect) in [
        ("en", "fi", "dog", "koira"),
        ("fi", "en", "koira", "dog"),
        ("en", "ja", "cat", "猫"),
        ("ja", "en", "猫", "cat"),
        ("zh-Hans", "en", "银行", "bank"),
        ("en", "bg", "dog", "куче"),
        ("bg", "en", "куче", "dog"),
        ("en", "id", "dog", "anjing"),
        ("en", "nb", "dog", "hund"),
        ("pl", "en", "pies", "dog"),
        ("en", "pl", "dog", "pies"),
        ("el", "en", "σκύλος", "dog"),
    ] {
        let r = svc
            .ok(
                &format!("/dictionary/lookup?api-version=3.0&from={from}&to={to}"),
                &json!([{ "Text": term }]).to_string(),
            )
            .await;
        let targets: Vec<&str> = r[0]["translations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["displayTarget"].as_str().unwrap())
            .collect();
        assert!(targets.contains(&expect), "{from}-{to} {term}: {targets:?}");
    }
}

#[tokio::test]
async fn examples_are_real_sentences() {
    let svc = start().await;
    let resp = svc
        .post(
            "/dictionary/examples?api-version=3.0&from=en&to=zh-Hans",
            r#"[{"Text":"bank","Translation":"银行"},{"Text":"dog","Translation":"koira"}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["x-metered-usage"], "14");
    assert!(
        resp.headers()["x-requestid"]
            .to_str()
            .unwrap()
            .starts_with("DTEX.")
    );
    let r: serde_json::Value = resp.json().await.unwrap();
    assert_eq!(r[0]["normalizedSource"], "bank");
    assert_eq!(r[0]["normalizedTarget"], "银行");
    let ex = r[0]["examples"].as_array().unwrap();
    assert_eq!(ex.len(), 12);
    for e in ex {
        assert_eq!(e["sourceTerm"].as_str().unwrap().to_lowercase(), "bank");
        assert_eq!(e["targetTerm"], "银行");
        let sentence = format!(
            "{}{}{}",
            e["sourcePrefix"].as_str().unwrap(),
            e["sourceTerm"].as_str().unwrap(),
            e["sourceSuffix"].as_str().unwrap()
        );
        assert!(sentence.ends_with('.'), "{sentence}");
    }
    assert_eq!(r[1]["examples"], json!([]), "no sentence has both");
    // A pair with a dictionary but no sentence pairs: an empty list, never invented.
    let r = svc
        .ok(
            "/dictionary/examples?api-version=3.0&from=en&to=fi",
            r#"[{"Text":"dog","Translation":"koira"}]"#,
        )
        .await;
    assert_eq!(r[0]["examples"], json!([]));
}

#[tokio::test]
async fn german_examples_are_real_sentences() {
    let svc = start().await;
    // The terms come in the body: no en-de dictionary is needed for examples.
    let r = svc
        .ok(
            "/dictionary/examples?api-version=3.0&from=en&to=de",
            r#"[{"Text":"house","Translation":"Haus"},{"Text":"house","Translation":"Katze"}]"#,
        )
        .await;
    assert_eq!(r[0]["normalizedSource"], "house");
    assert_eq!(r[0]["normalizedTarget"], "haus");
    let ex = r[0]["examples"].as_array().unwrap();
    assert_eq!(ex.len(), 15, "capped at 15");
    assert_eq!(ex[0]["sourcePrefix"], "It’s on the ");
    assert_eq!(ex[0]["targetPrefix"], "Das geht aufs ");
    assert_eq!(ex[0]["targetTerm"], "Haus");
    assert!(ex.iter().all(|e| {
        e["sourceTerm"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .starts_with("house")
    }));
    assert_eq!(r[1]["examples"], json!([]), "no sentence has both");
    let r = svc
        .ok(
            "/dictionary/examples?api-version=3.0&from=DE&to=en",
            r#"[{"Text":"gehen","Translation":"go"}]"#,
        )
        .await;
    let ex = r[0]["examples"].as_array().unwrap();
    assert!(!ex.is_empty());
    assert!(ex.iter().all(|e| e["targetTerm"] != ""));
}
