//! Response headers: request ids, trace ids, metering, ETag.

use crate::common::*;

fn header(resp: &reqwest::Response, name: &str) -> String {
    resp.headers()
        .get(name)
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

#[tokio::test]
async fn request_id_prefixes_per_operation() {
    let svc = start().await;
    let body = r#"[{"Text":"Hello","Translation":"Hola"}]"#;
    for (path, prefix) in [
        ("/translate?api-version=3.0&to=en", "TRAN."),
        ("/dictionary/lookup?api-version=3.0&from=en&to=es", "DTLK."),
        ("/dictionary/examples?api-version=3.0&from=en&to=es", "DTEX."),
        (
            "/transliterate?api-version=3.0&language=ja&fromScript=Jpan&toScript=Latn",
            "TLIT.",
        ),
        ("/breaksentence?api-version=3.0", "BKST."),
        ("/detect?api-version=3.0", "DTCT."),
    ] {
        let resp = svc.post(path, body).send().await.unwrap();
        let id = header(&resp, "x-requestid");
        assert!(id.starts_with(prefix), "{path}: {id}");
        assert_eq!(id.split('.').count(), 5, "{id}");
    }
    let resp = svc.get("/languages?api-version=3.0").send().await.unwrap();
    assert!(header(&resp, "x-requestid").starts_with("LANG."));
}

#[tokio::test]
async fn client_trace_id_is_echoed_from_header_or_query() {
    let svc = start().await;
    let id = "0f8fad5b-d9cb-469f-a165-70867728950e";
    let resp = svc
        .post("/detect?api-version=3.0", r#"[{"Text":"Hi"}]"#)
        .header("X-ClientTraceId", id)
        .send()
        .await
        .unwrap();
    assert_eq!(header(&resp, "x-clienttraceid"), id);
    let resp = svc
        .post(
            &format!("/detect?api-version=3.0&ClientTraceId={id}"),
            r#"[{"Text":"Hi"}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(header(&resp, "x-clienttraceid"), id);
}

#[tokio::test]
async fn metering_and_system_on_translate() {
    let svc = start().await;
    let resp = svc
        .post(
            "/translate?api-version=3.0&to=en&to=en&from=en",
            r#"[{"Text":"Hello"},{"Text":"😀"}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "content-type"), "application/json; charset=utf-8");
    assert_eq!(
        header(&resp, "x-metered-usage"),
        "14",
        "(5 + 2) characters × 2 targets"
    );
    assert_eq!(header(&resp, "x-mt-system"), "Team,Team");
    let detect = svc
        .post("/detect?api-version=3.0", r#"[{"Text":"Hi"}]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(header(&detect, "x-metered-usage"), "");
}

#[tokio::test]
async fn glossa_engine_names_one_engine_per_target_in_target_order() {
    let svc = start().await;
    // Two texts, three targets: English is the text itself, Japanese and
    // Chinese the word-by-word gloss; X-MT-System stays as the contract has it.
    let resp = svc
        .post(
            "/translate?api-version=3.0&to=ja&to=en&to=zh-Hans&from=en",
            r#"[{"Text":"I drink water."},{"Text":"The cat sleeps."}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(header(&resp, "x-glossa-engine"), "gloss,same,gloss");
    assert_eq!(header(&resp, "x-mt-system"), "Team,Team,Team");
    let exposed = header(&resp, "access-control-expose-headers");
    assert!(exposed.contains("X-Glossa-Engine"), "{exposed}");
    // Detected per text: the Japanese text is itself in Japanese.
    let resp = svc
        .post(
            "/translate?api-version=3.0&to=ja",
            r#"[{"Text":"私は水を飲みます。"}]"#,
        )
        .send()
        .await
        .unwrap();
    assert_eq!(header(&resp, "x-glossa-engine"), "same");
    // Other operations do not carry it.
    let detect = svc
        .post("/detect?api-version=3.0", r#"[{"Text":"Hi"}]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(header(&detect, "x-glossa-engine"), "");
}

#[tokio::test]
async fn languages_etag_and_localized_names() {
    let svc = start().await;
    let resp = svc.get("/languages?api-version=3.0").send().await.unwrap();
    let etag = header(&resp, "etag");
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    assert_eq!(header(&resp, "content-type"), "application/json");
    let again = svc
        .get("/languages?api-version=3.0")
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
    assert_eq!(header(&again, "etag"), etag);
    assert!(again.bytes().await.unwrap().is_empty());
    let stale = svc
        .get("/languages?api-version=3.0")
        .header("If-None-Match", "\"stale\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 200);
    let scoped = svc
        .get("/languages?api-version=3.0&scope=translation")
        .send()
        .await
        .unwrap();
    assert_ne!(
        header(&scoped, "etag"),
        etag,
        "the ETag is of the requested groups"
    );
    for (locale, english) in [
        ("de", "Englisch"),
        ("fr-FR,fr;q=0.9", "anglais"),
        ("garbage!!", "English"),
    ] {
        let v: serde_json::Value = svc
            .get("/languages?api-version=3.0&scope=translation")
            .header("Accept-Language", locale)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(v["translation"]["en"]["name"], english, "{locale}");
        assert_eq!(v["translation"]["en"]["nativeName"], "English");
    }
}
