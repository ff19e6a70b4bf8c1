//! Every documented validation code, over HTTP (api-facts §1-2).

use crate::common::*;

const T: &str = r#"[{"Text":"Hello"}]"#;

#[tokio::test]
async fn api_version_content_type_method_and_trace_id() {
    let svc = start().await;
    assert_eq!(svc.code("/detect", T).await, 400021);
    assert_eq!(svc.code("/detect?api-version=2.0", T).await, 400021);
    assert_eq!(svc.get_code("/languages?api-version=3.1").await, 400021);
    for ctype in [None, Some("text/plain"), Some("application/jsonx")] {
        let mut req = svc
            .http
            .post(format!("{}/detect?api-version=3.0", svc.url))
            .header("Ocp-Apim-Subscription-Key", KEY)
            .body(T);
        if let Some(c) = ctype {
            req = req.header("Content-Type", c);
        }
        assert_eq!(error_code(req.send().await.unwrap()).await, 415000, "{ctype:?}");
    }
    let put = svc
        .http
        .put(format!("{}/translate?api-version=3.0&to=en", svc.url));
    assert_eq!(error_code(put.send().await.unwrap()).await, 405000);
    assert_eq!(
        svc.get_code("/translator/text/v3.0/detect?api-version=3.0").await,
        405000
    );
    let bad_trace = svc
        .post("/detect?api-version=3.0", T)
        .header("X-ClientTraceId", "nope");
    assert_eq!(error_code(bad_trace.send().await.unwrap()).await, 400043);
    assert_eq!(
        svc.code("/detect?api-version=3.0&ClientTraceId=123", T).await,
        400043
    );
    assert_eq!(svc.get_code("/nowhere").await, 404000);
}

#[tokio::test]
async fn malformed_bodies() {
    let svc = start().await;
    for (body, code) in [
        ("", 400074),
        ("[{\"Text\":", 400074),
        ("{\"Text\":\"a\"}", 400074),
        ("[{\"Text\":\"\\ud800\"}]", 400074),
        ("[]", 400005),
        ("[{\"Txt\":\"a\"}]", 400005),
        ("[{\"Text\":5}]", 400005),
        ("[\"Hello\"]", 400020),
        ("[[1]]", 400020),
    ] {
        assert_eq!(svc.code("/detect?api-version=3.0", body).await, code, "{body}");
    }
    let invalid_utf8 = svc
        .post("/detect?api-version=3.0", "")
        .body(b"[{\"Text\":\"\xff\"}]".to_vec());
    assert_eq!(error_code(invalid_utf8.send().await.unwrap()).await, 400074);
    let deep = format!("{}{}", "[".repeat(5_000), "]".repeat(5_000));
    assert_eq!(svc.code("/detect?api-version=3.0", &deep).await, 400074);
    assert_eq!(
        svc.code(
            "/dictionary/examples?api-version=3.0&from=en&to=es",
            r#"[{"Text":"fly"}]"#
        )
        .await,
        400064
    );
}

/// (path and query, expected code) for every language and script rule.
const LANGUAGE_AND_SCRIPT_CASES: &[(&str, u32)] = &[
    ("/translate?api-version=3.0", 400036),
    ("/translate?api-version=3.0&to=xx-Nope", 400036),
    ("/translate?api-version=3.0&to=en&from=qq", 400035),
    ("/translate?api-version=3.0&to=en&suggestedFrom=qq", 400035),
    ("/translate?api-version=3.0&to=hu&from=en", 400036),
    ("/translate?api-version=3.0&to=en&from=hu", 400035),
    ("/translate?api-version=3.0&to=en&toScript=L4tn", 400004),
    ("/translate?api-version=3.0&to=en&toScript=Cyrl", 400080),
    ("/translate?api-version=3.0&to=en&from=en&fromScript=Arab", 400080),
    ("/translate?api-version=3.0&to=en&fromScript=1", 400018),
    ("/translate?api-version=3.0&to=en&to=fi&toScript=Latn", 400070),
    ("/translate?api-version=3.0&to=en&textType=xml", 400071),
    ("/translate?api-version=3.0&to=en&category=a%20b", 400002),
    (
        "/translate?api-version=3.0&to=en&category=abc-TECH&allowFallback=false",
        400075,
    ),
    (
        "/transliterate?api-version=3.0&fromScript=Jpan&toScript=Latn",
        400003,
    ),
    ("/transliterate?api-version=3.0&language=ja&toScript=Latn", 400018),
    (
        "/transliterate?api-version=3.0&language=ja&fromScript=Jpan",
        400004,
    ),
    (
        "/transliterate?api-version=3.0&language=en&fromScript=Latn&toScript=Cyrl",
        400019,
    ),
    ("/breaksentence?api-version=3.0&language=qq", 400019),
    ("/breaksentence?api-version=3.0&language=en&script=Cyrl", 400006),
    ("/breaksentence?api-version=3.0&script=C", 400073),
    ("/dictionary/lookup?api-version=3.0&to=es", 400035),
    ("/dictionary/lookup?api-version=3.0&from=en", 400036),
    ("/dictionary/lookup?api-version=3.0&from=en&to=hu", 400023),
    ("/dictionary/lookup?api-version=3.0&from=hu&to=en", 400035),
];

#[tokio::test]
async fn language_and_script_codes() {
    let svc = start().await;
    for &(path, code) in LANGUAGE_AND_SCRIPT_CASES {
        assert_eq!(svc.code(path, T).await, code, "{path}");
    }
    assert_eq!(
        svc.get_code("/languages?api-version=3.0&scope=words").await,
        400001
    );
}

fn elements(n: usize, text: &str) -> String {
    let one = serde_json::json!({ "Text": text }).to_string();
    format!("[{}]", vec![one; n].join(","))
}

#[tokio::test]
async fn limits() {
    let svc = start().await;
    assert_eq!(
        svc.code("/detect?api-version=3.0", &elements(101, "a")).await,
        400072
    );
    assert_eq!(
        svc.code("/breaksentence?api-version=3.0", &elements(101, "a"))
            .await,
        400072
    );
    let lookup = "/dictionary/lookup?api-version=3.0&from=en&to=es";
    assert_eq!(svc.code(lookup, &elements(11, "a")).await, 400072);
    assert_eq!(svc.code(lookup, &elements(1, &"a".repeat(101))).await, 400050);
    let tl = "/transliterate?api-version=3.0&language=ja&fromScript=Jpan&toScript=Latn";
    assert_eq!(svc.code(tl, &elements(1, &"a".repeat(1_001))).await, 400050);
    assert_eq!(svc.code(tl, &elements(6, &"a".repeat(900))).await, 400077);
    // 25,001 emoji are 50,002 UTF-16 units: one element too long.
    assert_eq!(
        svc.code("/detect?api-version=3.0", &elements(1, &"😀".repeat(25_001)))
            .await,
        400050
    );
    assert_eq!(
        svc.code("/detect?api-version=3.0", &elements(2, &"a".repeat(25_001)))
            .await,
        400077
    );
    // translate counts characters once per target: 20,000 × 3 > 50,000.
    let body = elements(1, &"a".repeat(20_000));
    assert!(
        svc.ok("/translate?api-version=3.0&to=en&to=en&from=en", &body)
            .await
            .is_array()
    );
    assert_eq!(
        svc.code("/translate?api-version=3.0&to=en&to=en&to=en&from=en", &body)
            .await,
        400077
    );
    // A body far past any valid request is refused before it is read.
    let huge = "x".repeat(8 << 20);
    assert_eq!(svc.code("/detect?api-version=3.0", &huge).await, 400077);
}

/// A chunked body with no Content-Length is cut off at the bound too.
#[tokio::test]
async fn chunked_body_past_the_bound() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let svc = start().await;
    let addr = svc.url.trim_start_matches("http://").to_owned();
    let mut sock = tokio::net::TcpStream::connect(addr).await.unwrap();
    let head = format!(
        "POST /detect?api-version=3.0 HTTP/1.1\r\nHost: local\r\nOcp-Apim-Subscription-Key: {KEY}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
    );
    sock.write_all(head.as_bytes()).await.unwrap();
    let chunk = format!("{:x}\r\n{}\r\n", 1 << 20, "a".repeat(1 << 20));
    for _ in 0..8 {
        if sock.write_all(chunk.as_bytes()).await.is_err() {
            break; // the service answered and closed: fine
        }
    }
    let mut buf = vec![0u8; 4096];
    let n = sock.read(&mut buf).await.unwrap();
    let answer = String::from_utf8_lossy(&buf[..n]);
    assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
    assert!(answer.contains("400077"), "{answer}");
}
