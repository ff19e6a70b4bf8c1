//! One logical request: credentials, the wire, retries, and what came back.
//!
//! Each request carries a fresh `X-ClientTraceId` (kept across its retries,
//! so one id names the whole story in a support case). Attempts hold a
//! permit of the client's semaphore only while on the wire, so waits do not
//! block other calls. Logs and observer records name the operation path,
//! status, time and `X-RequestId` — never the query (a key may be in it) or
//! headers.

use std::time::{Duration, Instant};

use bytes::Bytes;
use reqwest::header::HeaderMap;

use super::auth::{Auth, KeyPlacement, Presented, present_bearer, present_key};
use super::error::{ApiFailure, ClientError};
use super::retry::{Attempts, Stop, parse_retry_after, retryable_status};
use super::{Inner, RequestRecord};
use crate::api::engine::Engine;
use crate::api::headers::{CLIENT_TRACE_ID, GLOSSA_ENGINE, METERED_USAGE, MT_SYSTEM, REQUEST_ID};
use crate::api::params::API_VERSION;
use crate::api::{Operation, Secret};

/// What one logical request needs.
#[derive(Clone, Debug)]
pub(crate) struct Call {
    pub op: Operation,
    pub query: Vec<(&'static str, String)>,
    /// JSON body (POST operations).
    pub body: Option<Bytes>,
    /// Extra headers (`Accept-Language`, `If-None-Match`).
    pub headers: Vec<(&'static str, String)>,
}

impl Call {
    pub fn new(op: Operation, query: Vec<(&'static str, String)>) -> Self {
        Self {
            op,
            query,
            body: None,
            headers: Vec::new(),
        }
    }
}

/// Response metadata of one request.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResponseMeta {
    pub status: u16,
    pub request_id: Option<String>,
    pub client_trace_id: String,
    /// `X-Metered-Usage`: characters charged.
    pub metered_usage: Option<u64>,
    /// `X-MT-System`: the kind of system that translated.
    pub mt_system: Option<String>,
    /// Glossa's `X-Glossa-Engine` (the local service only): the engine of
    /// each target, paired with the target's code from the request's `to`
    /// (so answers of a split or grouped call can be told apart). Empty when
    /// the header is absent, as from Azure.
    pub engines: Vec<(String, Engine)>,
    pub etag: Option<String>,
    /// Attempts made, the successful one included.
    pub attempts: u32,
    pub elapsed: Duration,
}

impl ResponseMeta {
    /// A success status whose body is not what the contract says.
    pub(crate) fn malformed(&self, message: impl Into<String>) -> ClientError {
        ClientError::Malformed {
            message: message.into(),
            request_id: self.request_id.clone(),
            client_trace_id: self.client_trace_id.clone(),
        }
    }
}

/// A successful answer (2xx or 304).
pub(crate) struct RawReply {
    pub meta: ResponseMeta,
    pub body: Bytes,
}

enum Outcome {
    Answer(u16, HeaderMap, Bytes),
    Failed(String),
}

pub(crate) fn header(h: &HeaderMap, name: &str) -> Option<String> {
    h.get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
}

/// The `X-Glossa-Engine` entries paired with the request's targets (its `to`
/// parameters, in order); entries the client does not know are left out.
fn engines(value: Option<&str>, query: &[(&'static str, String)]) -> Vec<(String, Engine)> {
    let Some(value) = value else {
        return Vec::new();
    };
    let targets = query.iter().filter(|(k, _)| *k == "to").map(|(_, v)| v);
    targets
        .zip(Engine::list(value))
        .filter_map(|(to, e)| Some((to.clone(), e?)))
        .collect()
}

impl Inner {
    /// Sends `call` until it succeeds, fails for good, or runs out of attempts or time.
    pub(crate) async fn execute(&self, call: &Call) -> Result<RawReply, ClientError> {
        let trace_id = uuid::Uuid::new_v4().to_string();
        let mut attempts = Attempts::new(self.policy);
        loop {
            let attempt = attempts.begin();
            let (presented, used_token) = self.credentials(call.op).await?;
            let Some(timeout) = attempts.timeout() else {
                return Err(deadline(
                    attempts.deadline(),
                    attempt - 1,
                    "no time left",
                    &trace_id,
                ));
            };
            let outcome = self.attempt(call, &presented, &trace_id, attempt, timeout).await;
            let (retry_after, failure) = match outcome {
                Outcome::Answer(status, headers, body) => {
                    let meta = ResponseMeta {
                        status,
                        request_id: header(&headers, REQUEST_ID),
                        client_trace_id: trace_id.clone(),
                        metered_usage: header(&headers, METERED_USAGE).and_then(|v| v.trim().parse().ok()),
                        mt_system: header(&headers, MT_SYSTEM),
                        engines: engines(header(&headers, GLOSSA_ENGINE).as_deref(), &call.query),
                        etag: header(&headers, "etag"),
                        attempts: attempt,
                        elapsed: attempts.elapsed(),
                    };
                    if (200..300).contains(&status) || status == 304 {
                        return Ok(RawReply { meta, body });
                    }
                    if status == 401
                        && let Some(used) = &used_token
                        && attempts.reauthorize()
                    {
                        // A token that expired or was revoked: one fresh try,
                        // which is not counted as a retry.
                        self.tokens.invalidate(used).await;
                        continue;
                    }
                    let (code, message) = ApiFailure::from_body(status, &body);
                    let retry_after = header(&headers, "retry-after").and_then(|v| parse_retry_after(&v));
                    let failure = ApiFailure {
                        status,
                        code,
                        message,
                        request_id: meta.request_id,
                        client_trace_id: trace_id.clone(),
                        retry_after,
                        attempts: attempt,
                    };
                    if !retryable_status(status) {
                        return Err(ClientError::Api(Box::new(failure)));
                    }
                    (retry_after, ClientError::Api(Box::new(failure)))
                }
                Outcome::Failed(message) => (
                    None,
                    ClientError::Transport {
                        message,
                        attempts: attempt,
                        client_trace_id: trace_id.clone(),
                    },
                ),
            };
            let wait = match attempts.next(retry_after) {
                Ok(wait) => wait,
                Err(Stop::Exhausted) => return Err(failure),
                Err(Stop::Deadline) => {
                    return Err(deadline(
                        attempts.deadline(),
                        attempt,
                        &failure.to_string(),
                        &trace_id,
                    ));
                }
            };
            self.stats
                .retries
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            tracing::debug!(target: "glossa::client", "retrying {} in {}ms after: {failure}", call.op.path(), wait.as_millis());
            tokio::time::sleep(wait).await;
        }
    }

    /// One attempt on the wire, within `timeout`.
    async fn attempt(
        &self,
        call: &Call,
        presented: &Presented,
        trace_id: &str,
        number: u32,
        timeout: Duration,
    ) -> Outcome {
        let url = match call.op {
            Operation::IssueToken => format!("{}{}", self.auth_base, call.op.path()),
            op => self.endpoint.url(op),
        };
        let mut query: Vec<(&str, &str)> = Vec::new();
        if call.op != Operation::IssueToken {
            query.push(("api-version", API_VERSION));
        }
        query.extend(call.query.iter().map(|(k, v)| (*k, v.as_str())));
        query.extend(presented.query.iter().map(|(k, v)| (*k, v.as_str())));
        let method = if call.op == Operation::Languages {
            reqwest::Method::GET
        } else {
            reqwest::Method::POST
        };
        let mut req = self
            .http
            .request(method.clone(), url)
            .query(&query)
            .header(CLIENT_TRACE_ID, trace_id);
        for (k, v) in presented.headers.iter().chain(&call.headers) {
            req = req.header(*k, v);
        }
        req = match &call.body {
            Some(body) => req
                .header("content-type", "application/json; charset=UTF-8")
                .body(body.clone()),
            None if method == reqwest::Method::POST => req.header("content-length", "0"),
            None => req,
        };
        let _permit = self.permits.acquire().await;
        self.stats
            .requests
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let started = Instant::now();
        let sent = async {
            let resp = req.send().await?;
            let status = resp.status().as_u16();
            let headers = resp.headers().clone();
            let body = resp.bytes().await?;
            Ok::<_, reqwest::Error>((status, headers, body))
        };
        let outcome = match tokio::time::timeout(timeout, sent).await {
            Ok(Ok((status, headers, body))) => Outcome::Answer(status, headers, body),
            Ok(Err(e)) => Outcome::Failed(describe(e)),
            Err(_) => Outcome::Failed(format!("no answer within {:.1}s", timeout.as_secs_f32())),
        };
        self.record(RequestRecord {
            method: method.as_str().to_owned(),
            path: call.op.path(),
            status: match &outcome {
                Outcome::Answer(s, ..) => Some(*s),
                Outcome::Failed(_) => None,
            },
            error: match &outcome {
                Outcome::Failed(m) => Some(m.clone()),
                Outcome::Answer(..) => None,
            },
            elapsed: started.elapsed(),
            client_trace_id: trace_id.to_owned(),
            attempt: number,
            request_id: match &outcome {
                Outcome::Answer(_, h, _) => header(h, REQUEST_ID),
                Outcome::Failed(_) => None,
            },
            body: match &outcome {
                Outcome::Answer(s, _, b) => super::error_body(*s, b),
                Outcome::Failed(_) => None,
            },
        });
        outcome
    }

    /// The credentials for one attempt, and the token used if it was one
    /// from the token cache (so a 401 can invalidate it).
    async fn credentials(&self, op: Operation) -> Result<(Presented, Option<Secret>), ClientError> {
        match (&self.auth, op) {
            (_, Operation::Languages) | (Auth::Anonymous, _) => Ok((Presented::default(), None)),
            (
                Auth::Key {
                    key,
                    region,
                    placement,
                },
                _,
            ) => Ok((present_key(key, region.as_deref(), *placement), None)),
            (Auth::Token { key, region, .. }, Operation::IssueToken) => {
                Ok((present_key(key, region.as_deref(), KeyPlacement::Header), None))
            }
            (Auth::Token { .. }, _) => {
                let token = self
                    .tokens
                    .get(|| async {
                        // Boxed: issueToken goes through `execute` too (retries, deadline).
                        let reply =
                            Box::pin(self.execute(&Call::new(Operation::IssueToken, Vec::new()))).await?;
                        self.stats
                            .token_fetches
                            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        token_from_body(&reply)
                    })
                    .await?;
                Ok((present_bearer(&token, None), Some(token)))
            }
            (
                Auth::Bearer {
                    token,
                    resource_id,
                    region,
                },
                _,
            ) => {
                let directory = (!self.endpoint.is_custom()).then_some((resource_id, region));
                Ok((present_bearer(token, directory), None))
            }
        }
    }

    fn record(&self, r: RequestRecord) {
        tracing::debug!(
            target: "glossa::client",
            "{} {} {} {}ms {}",
            r.method,
            r.path,
            r.status.map_or_else(|| "-".to_owned(), |s| s.to_string()),
            r.elapsed.as_millis(),
            r.request_id.as_deref().unwrap_or("-")
        );
        if let Some(observer) = &self.observer {
            observer(&r);
        }
    }
}

/// The token in an issueToken answer: the bare token as text (api-facts §5).
pub(crate) fn token_from_body(reply: &RawReply) -> Result<Secret, ClientError> {
    let text = std::str::from_utf8(&reply.body).unwrap_or("").trim();
    let plausible = !text.is_empty() && text.len() < 16 * 1024 && text.bytes().all(|b| b.is_ascii_graphic());
    if !plausible {
        return Err(reply
            .meta
            .malformed("the token service answered with something that is not a token"));
    }
    Ok(Secret::new(text))
}

fn deadline(deadline: Duration, attempts: u32, last: &str, trace_id: &str) -> ClientError {
    ClientError::Deadline {
        deadline,
        attempts,
        last: last.to_owned(),
        client_trace_id: trace_id.to_owned(),
    }
}

/// A transport error as one line, without the URL (it may hold a key) and
/// with its causes ("connection reset by peer" is in a source).
pub(crate) fn describe(e: reqwest::Error) -> String {
    let e = e.without_url();
    let mut parts = vec![e.to_string()];
    let mut source = std::error::Error::source(&e);
    while let Some(s) = source {
        let text = s.to_string();
        if !parts.iter().any(|p| p.contains(&text)) {
            parts.push(text);
        }
        source = s.source();
    }
    parts.join(": ")
}
