//! The chaos soak: 1,000 mixed client calls (all six POST operations, some
//! big enough to be split into several requests) through a service that
//! fails 30 % of its requests. Every call either succeeds with exactly the
//! answer a fault-free service gives (order kept, nothing lost, nothing
//! duplicated) or ends in a typed retryable error; no answer is a 500 the
//! injector did not make (a panic in the service).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use glossa::api::Secret;
use glossa::api::model::ExampleElement;
use glossa::api::params::{BreakSentenceParams, DictionaryParams, TransliterateParams};
use glossa::client::{Client, ClientError, RetryPolicy};
use glossa::service::ServiceConfig;
use glossa::service::chaos::{ChaosConfig, Fault};

use crate::common::*;

const CALLS: usize = 1_000;

/// Call `i`: its operation and texts (distinct per call and per element).
async fn call(c: &Client, i: usize) -> Result<serde_json::Value, ClientError> {
    // Every 25th call is over the 100-element limit: the client splits it.
    let n = if i.is_multiple_of(25) { 110 } else { 1 + i % 4 };
    let texts: Vec<String> = (0..n)
        .map(|j| {
            format!(
                "Call {i} element {j}. The cat sleeps near the river {}.",
                i * 7 + j
            )
        })
        .collect();
    Ok(match i % 6 {
        0 => json(c.detect(&texts).await?.value),
        1 => {
            let r = c.translate(&texts).from("en").to("fi").include_alignment(true);
            json(r.send().await?.value)
        }
        2 => json(
            c.break_sentence(&BreakSentenceParams::default(), &texts)
                .await?
                .value,
        ),
        3 => {
            let kana: Vec<String> = (0..n).map(|j| format!("こんにちは{i}と{j}")).collect();
            let params = TransliterateParams {
                language: "ja".into(),
                from_script: "Jpan".into(),
                to_script: "Latn".into(),
            };
            json(c.transliterate(&params, &kana).await?.value)
        }
        4 => {
            let words = ["bank", "fly", "house", "river", "cat", "light"];
            let terms: Vec<&str> = (0..n).map(|j| words[(i + j) % words.len()]).collect();
            let params = DictionaryParams {
                from: "en".into(),
                to: "fi".into(),
            };
            json(c.lookup(&params, &terms).await?.value)
        }
        _ => {
            let pairs: Vec<ExampleElement> = (0..n.min(10))
                .map(|j| ExampleElement {
                    text: ["bank", "fly"][(i + j) % 2].into(),
                    translation: ["银行", "飞"][(i + j) % 2].into(),
                })
                .collect();
            let params = DictionaryParams {
                from: "en".into(),
                to: "zh-Hans".into(),
            };
            json(c.examples(&params, &pairs).await?.value)
        }
    })
}

/// A retryable failure after the retries ran out: what the injector makes.
fn typed_retryable(e: &ClientError) -> bool {
    match e {
        ClientError::Api(f) => matches!(f.code, 429001 | 503000 | 500000),
        ClientError::Transport { .. } | ClientError::Deadline { .. } => true,
        _ => false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_mixed_calls_through_thirty_percent_faults() {
    let clean = start().await;
    let chaotic = start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        chaos: Some(ChaosConfig {
            rate: 0.3,
            seed: Some(2026),
            delay: Duration::from_millis(400),
        }),
        ..ServiceConfig::default()
    })
    .await;
    // Few attempts, so some calls do run out of them and must fail typed.
    let policy = RetryPolicy {
        max_attempts: 4,
        attempt_timeout: Duration::from_millis(250),
        ..fast_retries()
    };
    let statuses = Arc::new(Mutex::new(BTreeMap::<String, usize>::new()));
    let seen = Arc::clone(&statuses);
    let attempts = Arc::new(Mutex::new(BTreeMap::<String, Vec<u32>>::new()));
    let numbered = Arc::clone(&attempts);
    let c = chaotic
        .builder()
        .auth(glossa::client::Auth::key(KEY))
        .retry(policy)
        .observer(move |r| {
            let key = r.status.map_or_else(|| "no answer".to_owned(), |s| s.to_string());
            *seen.lock().unwrap().entry(key).or_default() += 1;
            let mut by_trace = numbered.lock().unwrap();
            by_trace
                .entry(r.client_trace_id.clone())
                .or_default()
                .push(r.attempt);
        })
        .build()
        .unwrap();
    let reference = clean
        .builder()
        .auth(glossa::client::Auth::key(KEY))
        .build()
        .unwrap();

    let t0 = std::time::Instant::now();
    // Sixteen calls in flight at a time, whichever finish first (a call
    // waiting out its retries does not hold the others up).
    let mut outcomes: Vec<(usize, Result<serde_json::Value, ClientError>)> =
        futures_util::stream::iter(0..CALLS)
            .map(|i| {
                let c = &c;
                async move { (i, call(c, i).await) }
            })
            .buffer_unordered(16)
            .collect()
            .await;
    outcomes.sort_by_key(|(i, _)| *i);

    eprintln!("chaotic phase {:?}", t0.elapsed());
    let t0 = std::time::Instant::now();
    let mut expected: Vec<(usize, serde_json::Value)> = futures_util::stream::iter(0..CALLS)
        .map(|i| {
            let reference = &reference;
            async move {
                (
                    i,
                    call(reference, i).await.expect("the fault-free service answers"),
                )
            }
        })
        .buffer_unordered(16)
        .collect()
        .await;
    expected.sort_by_key(|(i, _)| *i);
    eprintln!("clean phase {:?}", t0.elapsed());
    let (mut ok, mut failed) = (0, BTreeMap::<String, usize>::new());
    for (i, outcome) in outcomes {
        match outcome {
            Ok(value) => {
                assert_eq!(value, expected[i].1, "call {i}: not the fault-free answer");
                ok += 1;
            }
            Err(e) => {
                assert!(typed_retryable(&e), "call {i}: {e}");
                let kind = format!("{e}").chars().take(40).collect::<String>();
                *failed.entry(kind).or_default() += 1;
            }
        }
    }
    let chaos = chaotic.running.chaos().unwrap();
    let statuses = statuses.lock().unwrap().clone();
    eprintln!(
        "{CALLS} calls: {ok} ok, {} failed typed {failed:?}; {} requests sent, {} retries; \
         injected {} (429 {}, 503 {}, 500 {}, reset {}, slow {}); statuses seen {statuses:?}",
        CALLS - ok,
        c.requests_sent(),
        c.stats().retries.load(std::sync::atomic::Ordering::SeqCst),
        chaos.injected_total(),
        chaos.injected(Fault::TooManyRequests),
        chaos.injected(Fault::Unavailable),
        chaos.injected(Fault::Internal),
        chaos.injected(Fault::Reset),
        chaos.injected(Fault::Slow),
    );
    let sent = c.requests_sent() as f64;
    let rate = chaos.injected_total() as f64 / sent;
    assert!(
        (0.2..0.4).contains(&rate),
        "about 30 % of requests faulted: {rate:.3}"
    );
    assert!(ok >= CALLS * 9 / 10, "most calls got through: {ok}");
    // Every 500 the client saw was injected (none from a panicking handler).
    let five_hundreds = statuses.get("500").copied().unwrap_or(0);
    assert!(
        five_hundreds as u64 <= chaos.injected(Fault::Internal),
        "{statuses:?}"
    );
    // Each request's attempts are numbered 1, 2… once each, under one trace id.
    for (trace, mut numbers) in attempts.lock().unwrap().clone() {
        numbers.sort_unstable();
        let expected: Vec<u32> = (1..=numbers.len() as u32).collect();
        assert_eq!(numbers, expected, "the attempts of {trace}");
    }
    // The service is healthy after: a call gets through. The faults go on
    // (30 %), so one call may meet them in all its four attempts (~1 %, and
    // a pooled connection the service reset adds to it): up to ten calls,
    // each failing only typed.
    let mut answer = None;
    for _ in 0..10 {
        match call(&c, 1).await {
            Ok(value) => {
                answer = Some(value);
                break;
            }
            Err(e) => assert!(typed_retryable(&e), "after the soak: {e}"),
        }
    }
    let answer = answer.expect("one of ten calls gets through the faults");
    assert_eq!(answer, call(&reference, 1).await.unwrap());
}

fn json(v: impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(v).expect("results serialize")
}
