//! The client through a service that fails 30 % of its requests: every
//! result arrives, in order, nothing lost or duplicated.

use std::time::Duration;

use glossa::api::Secret;
use glossa::client::{Auth, ClientError, RetryPolicy};
use glossa::service::ServiceConfig;
use glossa::service::chaos::{ChaosConfig, Fault};

use crate::batching::{sentences, translate_twice_into_itself};
use crate::common::*;

async fn chaotic(rate: f64, seed: u64) -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        chaos: Some(ChaosConfig {
            rate,
            seed: Some(seed),
            delay: Duration::from_millis(1_500),
        }),
        ..ServiceConfig::default()
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_thousand_elements_two_targets_through_thirty_percent_faults() {
    let svc = chaotic(0.3, 1).await;
    let policy = RetryPolicy {
        max_attempts: 12,
        // Shorter than the slow answer: those attempts time out and are retried.
        attempt_timeout: Duration::from_millis(1_000),
        ..fast_retries()
    };
    let c = svc
        .builder()
        .auth(Auth::Token {
            key: Secret::new(KEY),
            region: None,
            auth_base: None,
        })
        .retry(policy)
        .build()
        .unwrap();
    let texts = sentences(3_000);
    let r = translate_twice_into_itself(&c, &texts).await;
    let chaos = svc.running.chaos().unwrap();
    let faults = chaos.injected_total();
    let retries = c.stats().retries.load(std::sync::atomic::Ordering::SeqCst);
    eprintln!(
        "requests {} (batches {}), faults {faults} (429 {}, 503 {}, 500 {}, reset {}, slow {}), retries {retries}",
        c.requests_sent(),
        r.requests.len(),
        chaos.injected(Fault::TooManyRequests),
        chaos.injected(Fault::Unavailable),
        chaos.injected(Fault::Internal),
        chaos.injected(Fault::Reset),
        chaos.injected(Fault::Slow),
    );
    assert!(faults >= 5, "faults were injected: {faults}");
    assert!(
        retries >= faults - chaos.injected(Fault::Slow),
        "every fault but slow ones was retried"
    );
}

#[tokio::test]
async fn non_retryable_errors_surface_unchanged_under_chaos() {
    let svc = chaotic(0.3, 7).await;
    let c = svc.builder().auth(Auth::key("wrong-key")).build().unwrap();
    for _ in 0..10 {
        let err = c.detect(&["hello"]).await.unwrap_err();
        assert!(
            matches!(&err, ClientError::Api(f) if f.code == 401000),
            "a 401 is never retried into something else: {err}"
        );
    }
}
