//! Fault injection (`--chaos`): which faults, how often, what a client sees,
//! and that the same seed gives the same faults.

use std::time::{Duration, Instant};

use glossa::api::Secret;
use glossa::service::ServiceConfig;
use glossa::service::chaos::{Chaos, ChaosConfig, Fault};

use crate::common::*;

const DELAY: Duration = Duration::from_millis(20);
const DETECT: &str = "/detect?api-version=3.0";
const BODY: &str = r#"[{"Text":"Bonjour tout le monde"}]"#;
const TRACE: &str = "8a3f6b4e-2c1d-4e5f-9a0b-1c2d3e4f5a6b";

async fn start_chaos(rate: f64, seed: u64) -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        chaos: Some(ChaosConfig {
            rate,
            seed: Some(seed),
            delay: DELAY,
        }),
        ..ServiceConfig::default()
    })
    .await
}

fn chaos(svc: &Svc) -> &Chaos {
    svc.running.chaos().expect("started with --chaos")
}

/// What the client saw: a fault kind, or a normal answer (`None`).
fn seen(result: &Result<reqwest::Response, reqwest::Error>) -> Option<Fault> {
    match result {
        Err(_) => Some(Fault::Reset),
        Ok(r) => match r.status().as_u16() {
            429 => Some(Fault::TooManyRequests),
            503 => Some(Fault::Unavailable),
            500 => Some(Fault::Internal),
            _ => None,
        },
    }
}

/// One request to each kind of route in turn: translator operations at the
/// root and under the custom prefix, the token service, languages.
fn request(svc: &Svc, i: usize) -> reqwest::RequestBuilder {
    match i % 4 {
        0 => svc.post(DETECT, BODY),
        1 => svc.get("/languages?api-version=3.0&scope=transliteration"),
        2 => svc
            .http
            .post(format!("{}/sts/v1.0/issueToken", svc.url))
            .header("Ocp-Apim-Subscription-Key", KEY),
        _ => svc.post("/translator/text/v3.0/breaksentence?api-version=3.0", BODY),
    }
}

/// Sends `n` requests one after the other; at rate 1.0 a normal answer is a
/// slow one, and took at least the delay.
async fn kinds_at_full_rate(svc: &Svc, n: usize) -> Vec<Fault> {
    let mut kinds = Vec::new();
    for i in 0..n {
        let started = Instant::now();
        let result = request(svc, i).send().await;
        let kind = seen(&result).unwrap_or_else(|| {
            assert!(
                started.elapsed() >= DELAY,
                "a normal answer at rate 1.0 is a slow one"
            );
            Fault::Slow
        });
        if let Ok(r) = result {
            let _ = r.bytes().await;
        }
        kinds.push(kind);
    }
    kinds
}

#[tokio::test]
async fn full_rate_fails_every_request_and_the_seed_fixes_the_sequence() {
    let (a, b) = (start_chaos(1.0, 7).await, start_chaos(1.0, 7).await);
    let first = kinds_at_full_rate(&a, 40).await;
    let second = kinds_at_full_rate(&b, 40).await;
    assert_eq!(first, second, "same seed, same faults");
    for kind in Fault::ALL {
        let n = first.iter().filter(|&&k| k == kind).count() as u64;
        assert!(n > 0, "{kind:?} never drawn in 40 requests");
        assert_eq!(chaos(&a).injected(kind), n, "{kind:?} counted as seen");
    }
    assert_eq!(chaos(&a).injected_total(), 40);
    let other = kinds_at_full_rate(&start_chaos(1.0, 8).await, 40).await;
    assert_ne!(first, other, "another seed, other faults");
}

#[tokio::test]
async fn fault_bodies_carry_the_documented_codes_and_retry_after() {
    let svc = start_chaos(1.0, 7).await;
    let mut codes = Vec::new();
    for _ in 0..100 {
        let Ok(resp) = svc
            .post(DETECT, BODY)
            .header("X-ClientTraceId", TRACE)
            .send()
            .await
        else {
            continue;
        };
        if resp.status() == 200 {
            continue;
        }
        let headers = resp.headers().clone();
        let code = error_code(resp).await;
        let retry_after = headers.get("retry-after").map(|v| v.to_str().unwrap().to_owned());
        match code {
            429001 | 503000 => assert_eq!(retry_after.as_deref(), Some("1"), "{code}"),
            500000 => assert_eq!(retry_after, None),
            other => panic!("not a chaos fault: {other}"),
        }
        let id = headers["x-requestid"].to_str().unwrap();
        assert!(id.starts_with("DTCT."), "{id}");
        assert_eq!(headers["x-clienttraceid"], TRACE);
        if !codes.contains(&code) {
            codes.push(code);
        }
        if codes.len() == 3 {
            return;
        }
    }
    panic!("not every status fault was seen: {codes:?}");
}

#[tokio::test]
async fn faults_on_management_paths_have_their_apis_bodies() {
    let svc = start_chaos(1.0, 11).await;
    let sub = "11111111-1111-1111-1111-111111111111";
    let arm = format!(
        "{}/subscriptions/{sub}/resourceGroups/demo-rg/providers/Microsoft.DataShare/accounts/demo-account/shares/sales-share/listSynchronizations?api-version=2021-08-01",
        svc.url
    );
    let lcs = format!(
        "{}/databasemovement/v1/fetchstatus/project/1/environment/e/operationactivity/a",
        svc.url
    );
    let mut seen = std::collections::HashSet::new();
    for i in 0..120 {
        let url = if i % 2 == 0 { &arm } else { &lcs };
        let Ok(resp) = svc.http.post(url).send().await else {
            continue;
        };
        let status = resp.status().as_u16();
        if !matches!(status, 429 | 500 | 503) {
            continue;
        }
        let v: serde_json::Value = resp.json().await.unwrap();
        if i % 2 == 0 {
            assert!(v["error"]["code"].is_string(), "a string code: {v}");
        } else {
            assert!(v["Message"].is_string(), "{v}");
        }
        seen.insert((i % 2, status));
    }
    assert_eq!(seen.len(), 6, "every fault on both APIs: {seen:?}");
}

#[tokio::test]
async fn a_reset_is_a_transport_error_and_the_service_keeps_answering() {
    let svc = start_chaos(1.0, 7).await;
    let languages = || svc.get("/languages?api-version=3.0&scope=dictionary").send();
    let mut reset = false;
    for _ in 0..100 {
        match languages().await {
            Err(e) => {
                // No status at all: the connection closed before an answer.
                assert!(e.is_request() && e.status().is_none(), "{e:?}");
                assert!(format!("{e:?}").contains("IncompleteMessage"), "{e:?}");
                reset = true;
            }
            // After a reset, a slow answer is still the full document.
            Ok(r) if reset && r.status() == 200 => {
                let doc: serde_json::Value = r.json().await.unwrap();
                assert!(doc["dictionary"]["en"].is_object(), "{doc}");
                assert!(chaos(&svc).injected(Fault::Reset) > 0);
                return;
            }
            Ok(_) => {}
        }
    }
    panic!("no reset followed by a slow answer in 100 requests");
}

#[tokio::test]
async fn a_rate_of_0_3_fails_about_30_percent_and_the_rest_answer_normally() {
    let svc = start_chaos(0.3, 11).await;
    let mut errors = 0;
    for _ in 0..200 {
        let result = svc.post(DETECT, BODY).send().await;
        if seen(&result).is_some() {
            errors += 1;
            continue;
        }
        let resp = result.unwrap();
        assert_eq!(resp.status(), 200);
        let results: serde_json::Value = resp.json().await.unwrap();
        assert_eq!(results[0]["language"], "fr");
    }
    let c = chaos(&svc);
    let injected = c.injected_total();
    assert!(
        (40..=80).contains(&injected),
        "{injected} faults in 200 requests at 0.3"
    );
    assert_eq!(
        errors,
        injected - c.injected(Fault::Slow),
        "every fault but slow fails"
    );
}
