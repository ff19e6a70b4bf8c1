//! Fault injection (`glossa serve --chaos RATE`): a fraction of the requests,
//! on every route (issueToken, languages and unknown paths included), fail
//! with a fault a well-behaved client retries, so that client retry logic can
//! be exercised against the local service.
//!
//! The faults, chosen uniformly:
//! - 429 with `Retry-After: 1` and the 429001 body;
//! - 503 with `Retry-After: 1` and the 503000 body;
//! - 500 with the 500000 body;
//! - a connection reset: a 200 head whose body fails on its first poll. hyper
//!   then aborts the connection before the head is flushed, so a client sees
//!   the connection close with no answer at all, never a status. Checked with
//!   reqwest 0.13: `send()` returns `Err` with `is_request()` true, whose
//!   source is hyper's `IncompleteMessage` ("connection closed before message
//!   completed"); reqwest's default policy does not retry it;
//! - a slow answer: `--chaos-delay-ms` of waiting, then the normal answer.
//!
//! Every fault carries an `X-RequestId` (the operation's prefix, taken from
//! the path) and echoes a valid `X-ClientTraceId`, like any other answer; the
//! access log line ends in `chaos=<kind>`.
//!
//! Deterministic: one seeded `StdRng` behind a mutex, and every request takes
//! exactly two draws (whether, then which) in arrival order, so the same seed
//! and the same sequence of requests give the same faults. Without a seed one
//! is drawn from entropy and logged at startup, so a run can be replayed.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Response, StatusCode, header};
use axum::middleware::Next;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use super::family::{self, Family};
use super::intake::{presented_trace_id, query_pairs};
use super::reply::{ApiError, Meta, raw};
use super::{AppState, CUSTOM_ENDPOINT_PREFIX};
use crate::api::headers::REQUEST_ID;
use crate::api::params::{Query, parse_client_trace_id};
use crate::api::{ErrorCode, Operation};

/// How long a slow answer waits unless told otherwise.
pub const DEFAULT_DELAY_MS: u64 = 3000;

/// How faults are injected.
#[derive(Clone, Debug)]
pub struct ChaosConfig {
    /// The fraction of requests that fail, in [0, 1].
    pub rate: f64,
    /// Seed of the fault sequence; `None` draws one from entropy.
    pub seed: Option<u64>,
    /// How long a slow answer waits before answering.
    pub delay: Duration,
}

impl Default for ChaosConfig {
    fn default() -> Self {
        Self {
            rate: 0.0,
            seed: None,
            delay: Duration::from_millis(DEFAULT_DELAY_MS),
        }
    }
}

/// `--chaos RATE`: a number from 0 to 1.
pub fn parse_rate(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(r) if (0.0..=1.0).contains(&r) => Ok(r),
        _ => Err("the fault rate must be a number from 0 to 1, e.g. 0.25".into()),
    }
}

/// One kind of injected fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    TooManyRequests,
    Unavailable,
    Internal,
    Reset,
    Slow,
}

impl Fault {
    /// Every kind, in draw order.
    pub const ALL: [Fault; 5] = [
        Fault::TooManyRequests,
        Fault::Unavailable,
        Fault::Internal,
        Fault::Reset,
        Fault::Slow,
    ];

    /// The name used in logs.
    pub const fn name(self) -> &'static str {
        match self {
            Fault::TooManyRequests => "429",
            Fault::Unavailable => "503",
            Fault::Internal => "500",
            Fault::Reset => "reset",
            Fault::Slow => "slow",
        }
    }

    const fn index(self) -> usize {
        self as usize
    }
}

/// The fault injector of a running service: its generator and what it did.
pub struct Chaos {
    rate: f64,
    seed: u64,
    delay: Duration,
    rng: Mutex<StdRng>,
    injected: [AtomicU64; 5],
}

impl Chaos {
    pub fn new(config: &ChaosConfig) -> Self {
        let seed = config.seed.unwrap_or_else(rand::random);
        Self {
            rate: config.rate,
            seed,
            delay: config.delay,
            rng: Mutex::new(StdRng::seed_from_u64(seed)),
            injected: Default::default(),
        }
    }

    /// The seed in use (the one given, or the one drawn).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn rate(&self) -> f64 {
        self.rate
    }

    pub fn delay(&self) -> Duration {
        self.delay
    }

    /// How many faults of `kind` were injected so far.
    pub fn injected(&self, kind: Fault) -> u64 {
        self.injected[kind.index()].load(Ordering::Relaxed)
    }

    /// How many faults were injected so far, all kinds.
    pub fn injected_total(&self) -> u64 {
        Fault::ALL.iter().map(|&k| self.injected(k)).sum()
    }

    /// The fault for the next request, if any: always two draws, so the
    /// sequence depends only on the seed and the number of requests.
    fn draw(&self) -> Option<Fault> {
        let (roll, pick) = {
            let mut rng = self.rng.lock().unwrap_or_else(PoisonError::into_inner);
            (rng.random::<f64>(), rng.random_range(0..Fault::ALL.len()))
        };
        let fault = (roll < self.rate).then_some(Fault::ALL[pick])?;
        self.injected[fault.index()].fetch_add(1, Ordering::Relaxed);
        Some(fault)
    }
}

/// The middleware: draws for every request, answers with the fault or passes
/// the request on. The fault kind goes into the response's extensions for
/// the access log.
pub async fn inject(State(st): State<Arc<AppState>>, req: Request, next: Next) -> Response<Body> {
    let Some(chaos) = &st.chaos else {
        return next.run(req).await;
    };
    let Some(fault) = chaos.draw() else {
        return next.run(req).await;
    };
    let (method, path) = (req.method().clone(), req.uri().path().to_owned());
    let meta = meta_for(&req);
    // Management paths get their own API's body (service/family.rs).
    let fail = |status: StatusCode, code: ErrorCode| match Family::of(&path) {
        Family::Translator => ApiError::from(code).into_response(&meta),
        _ => family::error_response(status, &method, req.uri()),
    };
    let mut resp = match fault {
        Fault::TooManyRequests => retry_after(fail(
            StatusCode::TOO_MANY_REQUESTS,
            ErrorCode::TooManyRequestsQuota,
        )),
        Fault::Unavailable => retry_after(fail(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Unavailable)),
        Fault::Internal => fail(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal),
        Fault::Reset => reset(&meta),
        Fault::Slow => {
            tokio::time::sleep(chaos.delay).await;
            next.run(req).await
        }
    };
    let id = resp
        .headers()
        .get(REQUEST_ID)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("-");
    tracing::debug!(target: "glossa::chaos", "injected {} into {method} {path} {id}", fault.name());
    resp.extensions_mut().insert(fault);
    resp
}

/// X-RequestId with the prefix of the operation the path names, and the
/// client's trace id when it is a valid one.
fn meta_for(req: &Request) -> Meta {
    let mut meta = Meta::with_prefix(request_id_prefix(req.uri().path()));
    let query = query_pairs(req);
    meta.trace_id = presented_trace_id(req.headers(), Query(&query))
        .filter(|t| parse_client_trace_id(t).is_ok())
        .map(|t| t.trim().to_owned());
    meta
}

fn request_id_prefix(path: &str) -> &'static str {
    let (path, custom) = match path.strip_prefix(CUSTOM_ENDPOINT_PREFIX) {
        Some(rest) => (rest, true),
        None => (path, false),
    };
    Operation::ALL
        .iter()
        .filter(|op| !(custom && **op == Operation::IssueToken))
        .find(|op| op.path() == path)
        .map_or("GLSA", |op| op.request_id_prefix())
}

fn retry_after(mut resp: Response<Body>) -> Response<Body> {
    resp.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    resp
}

/// A 200 whose body fails at once: hyper drops the connection.
fn reset(meta: &Meta) -> Response<Body> {
    let mut resp = raw(meta, StatusCode::OK, super::reply::JSON_UTF8, Vec::new());
    *resp.body_mut() = Body::new(Broken);
    resp
}

/// A body that fails on its first poll.
struct Broken;

impl HttpBody for Broken {
    type Data = Bytes;
    type Error = std::io::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, std::io::Error>>> {
        let e = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "chaos: connection reset");
        std::task::Poll::Ready(Some(Err(e)))
    }
}

#[cfg(test)]
#[path = "chaos_tests.rs"]
mod tests;
