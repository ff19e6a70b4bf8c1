//! Retries, backoff, deadlines and malformed answers, against fake servers
//! that misbehave exactly as told.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::routing::post;
use glossa::client::{Auth, Client, ClientError, Endpoint, RetryPolicy};

use crate::common::fast_retries;

const DETECTED: &str =
    r#"[{"language":"en","score":1.0,"isTranslationSupported":true,"isTransliterationSupported":false}]"#;

/// Serves `/detect` with `answer(n)` for the n-th request (from 0).
async fn fake<F>(answer: F) -> (String, Arc<AtomicU32>)
where
    F: Fn(u32) -> (StatusCode, HeaderMap, &'static str) + Clone + Send + Sync + 'static,
{
    let count = Arc::new(AtomicU32::new(0));
    let seen = count.clone();
    let app = Router::new().route(
        "/detect",
        post(move || {
            let n = seen.fetch_add(1, Ordering::SeqCst);
            let answer = answer.clone();
            async move {
                let (status, headers, body) = answer(n);
                (status, headers, body).into_response()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, count)
}

fn client(url: &str, policy: RetryPolicy) -> Client {
    Client::builder(Endpoint::parse(url).unwrap())
        .auth(Auth::key("k"))
        .retry(policy)
        .languages_cache(None)
        .build()
        .unwrap()
}

fn retry_after(secs: &str) -> HeaderMap {
    let mut h = HeaderMap::new();
    h.insert("retry-after", secs.parse().unwrap());
    h
}

#[tokio::test]
async fn retryable_statuses_are_retried_and_retry_after_honored() {
    let (url, count) = fake(|n| match n {
        0 => (
            StatusCode::TOO_MANY_REQUESTS,
            retry_after("1"),
            r#"{"error":{"code":429001,"message":"slow down"}}"#,
        ),
        1 => (StatusCode::SERVICE_UNAVAILABLE, HeaderMap::new(), ""),
        2 => (StatusCode::INTERNAL_SERVER_ERROR, HeaderMap::new(), "{}"),
        3 => (StatusCode::REQUEST_TIMEOUT, HeaderMap::new(), ""),
        _ => (StatusCode::OK, HeaderMap::new(), DETECTED),
    })
    .await;
    let c = client(&url, fast_retries());
    let started = Instant::now();
    let r = c.detect(&["hello"]).await.unwrap();
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "Retry-After: 1 was waited"
    );
    assert_eq!(r.requests[0].attempts, 5);
    assert_eq!(count.load(Ordering::SeqCst), 5);
    assert_eq!(c.stats().retries.load(Ordering::SeqCst), 4);
}

#[tokio::test]
async fn other_client_errors_fail_at_once() {
    let (url, count) = fake(|_| {
        (
            StatusCode::FORBIDDEN,
            HeaderMap::new(),
            r#"{"error":{"code":403001,"message":"free quota used"}}"#,
        )
    })
    .await;
    let err = client(&url, fast_retries()).detect(&["x"]).await.unwrap_err();
    assert_eq!(err.code(), Some(403001));
    assert_eq!(count.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn attempts_are_bounded() {
    let (url, count) = fake(|_| (StatusCode::SERVICE_UNAVAILABLE, HeaderMap::new(), "")).await;
    let policy = RetryPolicy {
        max_attempts: 3,
        ..fast_retries()
    };
    let err = client(&url, policy).detect(&["x"]).await.unwrap_err();
    assert!(
        matches!(&err, ClientError::Api(f) if f.status == 503 && f.attempts == 3),
        "{err}"
    );
    assert_eq!(count.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn the_deadline_ends_retries() {
    let (url, _) = fake(|_| (StatusCode::SERVICE_UNAVAILABLE, retry_after("1"), "")).await;
    let policy = RetryPolicy {
        max_attempts: 50,
        deadline: Duration::from_millis(2_500),
        ..fast_retries()
    };
    let started = Instant::now();
    let err = client(&url, policy).detect(&["x"]).await.unwrap_err();
    assert!(matches!(err, ClientError::Deadline { .. }), "{err}");
    assert!(started.elapsed() < Duration::from_millis(2_500));
}

#[tokio::test]
async fn a_retry_after_longer_than_allowed_ends_retries() {
    let (url, count) = fake(|_| (StatusCode::TOO_MANY_REQUESTS, retry_after("3600"), "")).await;
    let err = client(&url, fast_retries()).detect(&["x"]).await.unwrap_err();
    assert_eq!(err.code(), Some(429000));
    assert_eq!(count.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn malformed_answers_are_typed_errors() {
    for body in ["{not json", "[]", r#"[{"language":1}]"#] {
        let (url, _) = fake(move |_| (StatusCode::OK, HeaderMap::new(), body)).await;
        let err = client(&url, fast_retries()).detect(&["x"]).await.unwrap_err();
        assert!(matches!(err, ClientError::Malformed { .. }), "{body}: {err}");
    }
}

#[tokio::test]
async fn dropped_connections_are_retried_then_reported() {
    // Accepts and closes at once, as a crashed server or a reset would.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let accepted = Arc::new(AtomicU32::new(0));
    let n = accepted.clone();
    tokio::spawn(async move {
        while let Ok((sock, _)) = listener.accept().await {
            n.fetch_add(1, Ordering::SeqCst);
            drop(sock);
        }
    });
    let policy = RetryPolicy {
        max_attempts: 4,
        ..fast_retries()
    };
    let err = client(&url, policy).detect(&["x"]).await.unwrap_err();
    assert!(
        matches!(&err, ClientError::Transport { attempts: 4, .. }),
        "{err}"
    );
    assert_eq!(accepted.load(Ordering::SeqCst), 4);
}

#[tokio::test]
async fn a_slow_answer_times_out_and_is_retried() {
    let (url, count) = fake(|_| (StatusCode::OK, HeaderMap::new(), DETECTED)).await;
    // The first attempt goes to a server that never answers.
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let silent_url = format!("http://{}", silent.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((sock, _)) = silent.accept().await {
            held.push(sock);
        }
    });
    let policy = RetryPolicy {
        max_attempts: 2,
        attempt_timeout: Duration::from_millis(300),
        ..fast_retries()
    };
    let err = client(&silent_url, policy).detect(&["x"]).await.unwrap_err();
    assert!(
        matches!(&err, ClientError::Transport { attempts: 2, message, .. } if message.contains("no answer")),
        "{err}"
    );
    client(&url, policy).detect(&["x"]).await.unwrap();
    assert_eq!(count.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn every_request_carries_one_trace_id_across_its_retries() {
    let seen = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let log = seen.clone();
    let app = Router::new().route(
        "/detect",
        post(move |headers: HeaderMap| {
            let log = log.clone();
            async move {
                let id = headers
                    .get("x-clienttraceid")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("")
                    .to_owned();
                let mut log = log.lock().unwrap();
                log.push(id);
                if log.len() % 2 == 1 {
                    (StatusCode::SERVICE_UNAVAILABLE, "").into_response()
                } else {
                    (StatusCode::OK, DETECTED).into_response()
                }
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let c = client(&url, fast_retries());
    let first = c.detect(&["a"]).await.unwrap();
    let second = c.detect(&["b"]).await.unwrap();
    let ids = seen.lock().unwrap().clone();
    assert_eq!(ids.len(), 4);
    assert!(uuid::Uuid::parse_str(&ids[0]).is_ok(), "{ids:?}");
    assert_eq!(ids[0], ids[1], "a retry keeps the request's trace id");
    assert_ne!(ids[1], ids[2], "a new request gets a new one");
    assert_eq!(first.requests[0].client_trace_id, ids[0]);
    assert_eq!(second.requests[0].client_trace_id, ids[2]);
}
