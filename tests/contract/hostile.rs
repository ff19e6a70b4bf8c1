//! The hostile-input sweep: hundreds of generated malformed requests across
//! every endpoint — bad JSON, wrong types, lone surrogates, invalid UTF-8,
//! huge bodies, deep nesting, bad query strings, wrong methods and content
//! types, and seeded random mutations of valid bodies. Every answer is a
//! JSON body with a status below 500 (a documented 4xx where the request is
//! certainly wrong, with a catalogued code on the translator routes), and
//! the service answers normally afterwards.

use std::collections::BTreeMap;

use futures_util::StreamExt;
use glossa::api::ErrorCode;
use glossa::sandbox::lcs;
use reqwest::Method;

use crate::common::*;
use crate::hostile_inputs::{Rng, bad_bodies, bad_list_queries, bad_queries, mutate};

const SUB: &str = "/subscriptions/11111111-1111-1111-1111-111111111111";
const TEXT: &str = r#"[{"Text":"Good morning"}]"#;

/// One generated request.
struct Case {
    what: String,
    method: Method,
    path: String,
    content_type: Option<&'static str>,
    body: Vec<u8>,
    /// Certainly malformed: must be refused with a 4xx.
    refused: bool,
    /// A translator operation: errors carry a catalogued code.
    translator: bool,
}

/// An endpoint: its path and query, a valid body, and which API it is.
struct Endpoint {
    path: String,
    body: &'static str,
    /// A translator operation: errors carry a catalogued code, and a body
    /// is always required.
    translator: bool,
    /// Data Share's list and LCS's refresh take no body: whatever is sent
    /// is ignored.
    bodyless: bool,
}

fn endpoints() -> Vec<Endpoint> {
    let ops: [(&str, &str); 6] = [
        ("/translate?api-version=3.0&to=fi", TEXT),
        ("/detect?api-version=3.0", TEXT),
        ("/breaksentence?api-version=3.0", TEXT),
        (
            "/transliterate?api-version=3.0&language=ja&fromScript=Jpan&toScript=Latn",
            r#"[{"Text":"こんにちは"}]"#,
        ),
        (
            "/dictionary/lookup?api-version=3.0&from=en&to=fi",
            r#"[{"Text":"fly"}]"#,
        ),
        (
            "/dictionary/examples?api-version=3.0&from=en&to=zh-Hans",
            r#"[{"Text":"bank","Translation":"银行"}]"#,
        ),
    ];
    let mut all = Vec::new();
    for prefix in ["", glossa::service::CUSTOM_ENDPOINT_PREFIX] {
        for (op, body) in ops {
            all.push(Endpoint {
                path: format!("{prefix}{op}"),
                body,
                translator: true,
                bodyless: false,
            });
        }
    }
    let rg = format!("{SUB}/resourceGroups/demo-rg/providers");
    let (project, prod, uat) = (lcs::PROJECT_ID, lcs::PROD, lcs::UAT);
    for (path, body) in [
        (
            format!(
                "{rg}/Microsoft.DataShare/accounts/demo-account/shares/sales-share/listSynchronizations?api-version=2021-08-01"
            ),
            "{}",
        ),
        (
            format!("/databasemovement/v1/refresh/project/{project}/source/{prod}/target/{uat}"),
            "",
        ),
        (
            format!(
                "{rg}/Microsoft.Compute/virtualMachines/vm-web-1/migrateToVirtualMachineScaleSet?api-version=2026-03-01"
            ),
            r#"{"targetZone":"1"}"#,
        ),
    ] {
        all.push(Endpoint {
            bodyless: !path.contains("Microsoft.Compute"),
            path,
            body,
            translator: false,
        });
    }
    all
}

fn cases() -> Vec<Case> {
    let json = Some("application/json");
    let mut cases = Vec::new();
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for ep in endpoints() {
        for (what, body) in bad_bodies() {
            let case = Case {
                what: format!("body: {what}"),
                method: Method::POST,
                path: ep.path.clone(),
                content_type: json,
                body,
                refused: !ep.bodyless && (ep.translator || !what.starts_with("empty")),
                translator: ep.translator,
            };
            cases.push(case);
        }
        if ep.translator {
            for (what, path) in bad_queries(&ep.path) {
                let body = ep.body.as_bytes().to_vec();
                cases.push(Case {
                    what: format!("query: {what}"),
                    method: Method::POST,
                    path,
                    content_type: json,
                    body,
                    refused: false,
                    translator: ep.translator,
                });
            }
        }
        if ep.path.contains("listSynchronizations") {
            for (what, path) in bad_list_queries(&ep.path) {
                cases.push(Case {
                    what: format!("query: {what}"),
                    method: Method::POST,
                    path,
                    content_type: json,
                    body: Vec::new(),
                    refused: true,
                    translator: false,
                });
            }
        }
        for method in [Method::GET, Method::PUT, Method::DELETE, Method::PATCH] {
            let body = ep.body.as_bytes().to_vec();
            cases.push(Case {
                what: format!("method {method}"),
                method,
                path: ep.path.clone(),
                content_type: json,
                body,
                refused: true,
                translator: ep.translator,
            });
        }
        for ctype in [
            None,
            Some("text/plain"),
            Some("application/xml"),
            Some("multipart/form-data; boundary=x"),
        ] {
            let body = ep.body.as_bytes().to_vec();
            cases.push(Case {
                what: format!("content type {ctype:?}"),
                method: Method::POST,
                path: ep.path.clone(),
                content_type: ctype,
                body,
                refused: !ep.bodyless,
                translator: ep.translator,
            });
        }
        for i in 0..8 {
            let body = mutate(ep.body, &mut rng);
            cases.push(Case {
                what: format!("mutation {i}"),
                method: Method::POST,
                path: ep.path.clone(),
                content_type: json,
                body,
                refused: false,
                translator: ep.translator,
            });
        }
    }
    cases
}

/// Sends a case with the key and a token; checks the answer, returns its status.
async fn check(svc: &Svc, token: &str, case: Case) -> u16 {
    let mut req = svc
        .http
        .request(case.method.clone(), format!("{}{}", svc.url, case.path))
        .header("Ocp-Apim-Subscription-Key", KEY)
        .header("Authorization", format!("Bearer {token}"))
        .header("x-ms-version", "2017-09-15")
        .body(case.body);
    if let Some(ctype) = case.content_type {
        req = req.header("Content-Type", ctype);
    }
    let label = format!(
        "{} {} — {}",
        case.method,
        &case.path[..case.path.len().min(120)],
        case.what
    );
    let resp = req
        .send()
        .await
        .unwrap_or_else(|e| panic!("{label}: no answer: {e:?}"));
    let status = resp.status().as_u16();
    let text = resp.text().await.unwrap_or_else(|e| panic!("{label}: body: {e}"));
    assert!(status < 500, "{label}: {status} {text}");
    if case.refused {
        assert!((400..500).contains(&status), "{label}: {status} {text}");
    }
    if status >= 400 {
        let body: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{label}: {e}: {text}"));
        if case.translator {
            let code = body["error"]["code"]
                .as_u64()
                .unwrap_or_else(|| panic!("{label}: {text}")) as u32;
            assert!(
                ErrorCode::from_code(code).is_some(),
                "{label}: {code} is not catalogued"
            );
            assert_eq!(u32::from(status), code / 1000, "{label}: {text}");
        }
    }
    status
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn five_hundred_malformed_requests_get_4xx_and_the_service_stays_healthy() {
    let svc = start().await;
    let token = issue_token(&svc.http, &svc.url).await;
    // The bodies mutated below are valid as they stand.
    for ep in endpoints() {
        let valid = Case {
            what: "valid".into(),
            method: Method::POST,
            path: ep.path.clone(),
            content_type: Some("application/json"),
            body: ep.body.as_bytes().to_vec(),
            refused: false,
            translator: ep.translator,
        };
        let status = check(&svc, &token, valid).await;
        assert!((200..300).contains(&status), "{}: {status}", ep.path);
    }
    let cases = cases();
    let n = cases.len();
    assert!(n >= 500, "only {n} cases");
    let statuses: Vec<u16> = futures_util::stream::iter(cases)
        .map(|c| check(&svc, &token, c))
        .buffer_unordered(8)
        .collect()
        .await;
    let mut by_status = BTreeMap::<u16, usize>::new();
    for s in &statuses {
        *by_status.entry(*s).or_default() += 1;
    }
    eprintln!("{n} hostile requests: {by_status:?}");
    assert!(statuses.iter().all(|s| *s < 500));
    // Healthy after: a normal request of each kind.
    assert_eq!(svc.ok("/detect?api-version=3.0", TEXT).await[0]["language"], "en");
    let t = svc.ok("/translate?api-version=3.0&from=en&to=fi", TEXT).await;
    assert!(t[0]["translations"][0]["text"].is_string(), "{t}");
    let langs = svc.get("/languages?api-version=3.0").send().await.unwrap();
    assert_eq!(langs.status(), 200);
}

/// A client still sending a body the service refused for its size gets the
/// 400077 answer (the rest is read and dropped), not a broken pipe, and the
/// next request on the same keep-alive connections is answered too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_refused_for_its_size_is_answered_not_cut_off() {
    let svc = start().await;
    let huge = format!(r#"[{{"Text":"{}"}}]"#, "a".repeat(3 << 20));
    let one = |i: usize| {
        let (svc, huge) = (&svc, &huge);
        async move {
            let resp = svc.post("/detect?api-version=3.0", huge).send().await;
            let resp = resp.unwrap_or_else(|e| panic!("request {i}: no answer: {e:?}"));
            assert_eq!(error_code(resp).await, 400077, "request {i}");
            assert_eq!(svc.ok("/detect?api-version=3.0", TEXT).await[0]["language"], "en");
        }
    };
    futures_util::stream::iter(0..80)
        .map(one)
        .buffer_unordered(8)
        .collect::<Vec<()>>()
        .await;
}
