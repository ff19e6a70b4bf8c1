//! The Translator client: the one way the TUI, the CLI and the tests reach a
//! Translator service, the real one or the local one.
//!
//! ```text
//! Client::builder(endpoint).auth(..).build()?
//!   .translate(texts).to("fi").to("ja").include_alignment(true).send().await?
//!        │ batch::plan  — elements and characters within the limits, long
//!        │                elements split at sentence boundaries
//!        │ ops           — one request per batch, at most `concurrency` at once
//!        │ transport     — credentials, X-ClientTraceId, retries with backoff
//!        │ batch::stitch — one result per input element, in input order
//!        ▼
//!   Reply { value: Vec<TranslateResult>, requests: Vec<ResponseMeta> }
//! ```
//!
//! Modules: `auth` (the modes of spec §5), `token` (the shared token cache),
//! `retry` (policy), `endpoint` (global / custom forms), `transport` (one
//! logical request), `ops` (the eight operations as builders), `languages`
//! (the ETag cache), `batch` (planning and stitching), `error`.

pub mod auth;
mod autodetect;
pub mod batch;
pub mod endpoint;
pub mod error;
pub mod glossary;
pub mod languages;
pub mod manage;
pub mod ops;
pub mod retry;
pub mod round_trip;
pub mod token;
mod transport;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

pub use self::auth::{Auth, AuthMode, KeyPlacement};
pub use self::endpoint::Endpoint;
pub use self::error::{ApiFailure, ClientError};
pub use self::languages::{CachedLanguages, LanguagesCache};
pub use self::retry::RetryPolicy;
use self::token::TokenCache;
pub use self::transport::ResponseMeta;
use crate::clock::Clock;

/// A typed result and the metadata of every request that produced it (more
/// than one when the input was batched).
#[derive(Clone, Debug, PartialEq)]
pub struct Reply<T> {
    pub value: T,
    pub requests: Vec<ResponseMeta>,
}

impl<T> Reply<T> {
    /// Characters charged over all requests (`X-Metered-Usage`).
    pub fn metered_usage(&self) -> u64 {
        self.requests.iter().filter_map(|m| m.metered_usage).sum()
    }

    /// The engine that produced target `to` by Glossa's `X-Glossa-Engine`
    /// over every request (the gloss if any part was glossed); `None` when no
    /// request said (Azure, or a service of an older Glossa).
    pub fn engine(&self, to: &str) -> Option<crate::api::engine::Engine> {
        self.requests
            .iter()
            .flat_map(|m| &m.engines)
            .filter(|(code, _)| code.eq_ignore_ascii_case(to))
            .map(|(_, e)| *e)
            .max()
    }

    /// The `X-RequestId` values, in request order.
    pub fn request_ids(&self) -> Vec<&str> {
        self.requests
            .iter()
            .filter_map(|m| m.request_id.as_deref())
            .collect()
    }
}

/// One attempt on the wire, as the request log shows it. Holds no secrets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RequestRecord {
    pub method: String,
    /// The operation's path (never the query string).
    pub path: &'static str,
    pub status: Option<u16>,
    /// Why no answer came, for transport failures.
    pub error: Option<String>,
    pub elapsed: Duration,
    pub request_id: Option<String>,
    /// The `X-ClientTraceId` this client sent (kept across retries).
    pub client_trace_id: String,
    /// Which attempt of its call this was: 1, then 2… for the retries.
    pub attempt: u32,
    /// The answer's body when it was an error (status ≥ 400), as text, at
    /// most [`ERROR_BODY_MAX`] bytes: what the service said, in full.
    pub body: Option<String>,
}

/// The most of an error body a [`RequestRecord`] keeps.
pub const ERROR_BODY_MAX: usize = 64 * 1024;

/// An error answer's body as a record keeps it (`None` below 400).
pub fn error_body(status: u16, body: &[u8]) -> Option<String> {
    if status < 400 || body.is_empty() {
        return None;
    }
    let cut = &body[..body.len().min(ERROR_BODY_MAX)];
    Some(String::from_utf8_lossy(cut).into_owned())
}

impl RequestRecord {
    /// One line for a log: `POST /translate 503 12ms <request id> (attempt 2)
    /// (why no answer)`. Never a key or token: the record holds none.
    pub fn log_line(&self) -> String {
        let status = self.status.map_or_else(|| "-".to_owned(), |s| s.to_string());
        let id = self.request_id.as_deref().unwrap_or("-");
        let mut line = format!(
            "{} {} {status} {}ms {id}",
            self.method,
            self.path,
            self.elapsed.as_millis()
        );
        if self.attempt > 1 {
            line.push_str(&format!(" (attempt {})", self.attempt));
        }
        if let Some(e) = &self.error {
            line.push_str(&format!(" ({e})"));
        }
        line
    }
}

/// Counters over the client's life.
#[derive(Debug, Default)]
pub struct Stats {
    /// Attempts put on the wire.
    pub requests: AtomicU64,
    /// Attempts that were retries.
    pub retries: AtomicU64,
    /// Tokens fetched from the token service.
    pub token_fetches: AtomicU64,
}

type Observer = Arc<dyn Fn(&RequestRecord) + Send + Sync>;

pub(crate) struct Inner {
    http: reqwest::Client,
    endpoint: Endpoint,
    auth: Auth,
    auth_base: String,
    policy: RetryPolicy,
    tokens: TokenCache,
    permits: Semaphore,
    concurrency: usize,
    stats: Stats,
    observer: Option<Observer>,
    languages_cache: Option<Arc<dyn LanguagesCache>>,
    clock: Clock,
}

/// A Translator client. Cheap to clone; clones share the connection pool,
/// the token cache, the concurrency bound and the counters.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("endpoint", &self.inner.endpoint.base())
            .field("auth", &self.inner.auth.mode_name())
            .finish()
    }
}

/// Settings of a `Client`.
pub struct ClientBuilder {
    endpoint: Endpoint,
    auth: Auth,
    policy: RetryPolicy,
    concurrency: usize,
    observer: Option<Observer>,
    languages_cache: Option<Arc<dyn LanguagesCache>>,
    clock: Clock,
    connect_timeout: Duration,
}

impl ClientBuilder {
    pub fn auth(mut self, auth: Auth) -> Self {
        self.auth = auth;
        self
    }

    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// Most requests on the wire at once (default 4).
    pub fn concurrency(mut self, n: usize) -> Self {
        self.concurrency = n.max(1);
        self
    }

    /// Called after every attempt (the TUI's request log).
    pub fn observer(mut self, f: impl Fn(&RequestRecord) + Send + Sync + 'static) -> Self {
        self.observer = Some(Arc::new(f));
        self
    }

    /// Where languages answers are kept with their ETag; `None` (the
    /// default) asks the service every time.
    pub fn languages_cache(mut self, cache: Option<Arc<dyn LanguagesCache>>) -> Self {
        self.languages_cache = cache;
        self
    }

    /// The clock of the token cache and the languages cache (tests move it).
    pub fn clock(mut self, clock: Clock) -> Self {
        self.clock = clock;
        self
    }

    pub fn connect_timeout(mut self, t: Duration) -> Self {
        self.connect_timeout = t;
        self
    }

    pub fn build(self) -> Result<Client, ClientError> {
        if let Auth::Bearer {
            resource_id: None, ..
        } = &self.auth
            && self.endpoint.is_microsoft()
            && !self.endpoint.is_custom()
        {
            return Err(ClientError::Config(
                "a directory bearer token needs a resource id (Ocp-Apim-ResourceId) against the global endpoint".into(),
            ));
        }
        let auth_base = match &self.auth {
            Auth::Token {
                auth_base: Some(b), ..
            } => b.trim_end_matches('/').to_owned(),
            Auth::Token { region, .. } => self.endpoint.default_auth_base(region.as_deref()),
            _ => self.endpoint.default_auth_base(None),
        };
        install_tls();
        let mut http = reqwest::Client::builder()
            .user_agent(concat!("glossa/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(self.connect_timeout)
            .pool_idle_timeout(Duration::from_secs(60));
        if is_plain_http(self.endpoint.base()) && is_plain_http(&auth_base) {
            // Nothing this client contacts speaks TLS (the local service): no platform
            // verifier, whose set-up reads every system root certificate (~440 file
            // operations, a good part of a one-shot command's time). An https URL
            // reached anyway (a redirect) fails to verify.
            http = http.tls_certs_only(Vec::new());
        }
        let http = http
            .build()
            .map_err(|e| ClientError::Config(format!("HTTP client: {}", e.without_url())))?;
        Ok(Client {
            inner: Arc::new(Inner {
                http,
                endpoint: self.endpoint,
                auth: self.auth,
                auth_base,
                policy: self.policy,
                tokens: TokenCache::new(self.clock.clone()),
                permits: Semaphore::new(self.concurrency),
                concurrency: self.concurrency,
                stats: Stats::default(),
                observer: self.observer,
                languages_cache: self.languages_cache,
                clock: self.clock,
            }),
        })
    }
}

/// Whether `url` is a plain `http://` URL.
fn is_plain_http(url: &str) -> bool {
    url.get(..7).is_some_and(|s| s.eq_ignore_ascii_case("http://"))
}

/// Makes ring the process's TLS provider, unless the application installed
/// another. Needed before any `reqwest::Client` is built (ours, or a test's).
pub fn install_tls() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

impl Client {
    /// A builder for `endpoint`, with no credentials, default retries,
    /// concurrency 4 and no languages cache.
    pub fn builder(endpoint: Endpoint) -> ClientBuilder {
        ClientBuilder {
            endpoint,
            auth: Auth::Anonymous,
            policy: RetryPolicy::default(),
            concurrency: 4,
            observer: None,
            languages_cache: None,
            clock: Clock::System,
            connect_timeout: Duration::from_secs(10),
        }
    }

    pub fn endpoint(&self) -> &Endpoint {
        &self.inner.endpoint
    }

    /// The name of the auth mode (never the credential).
    pub fn auth_mode(&self) -> &'static str {
        self.inner.auth.mode_name()
    }

    pub fn stats(&self) -> &Stats {
        &self.inner.stats
    }

    /// How many requests it puts on the wire at once (a caller sending
    /// its own batches, as the workbench's translation in parts does).
    pub fn concurrency(&self) -> usize {
        self.inner.concurrency
    }

    /// Attempts put on the wire so far.
    pub fn requests_sent(&self) -> u64 {
        self.inner.stats.requests.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tls_tests {
    use super::is_plain_http;

    #[test]
    fn only_plain_http_urls_skip_the_certificate_store() {
        assert!(is_plain_http("http://127.0.0.1:5000") && is_plain_http("HTTP://localhost"));
        assert!(!is_plain_http("https://api.cognitive.microsofttranslator.com"));
        assert!(!is_plain_http("http:/x") && !is_plain_http("") && !is_plain_http("ftp://x"));
    }
}
