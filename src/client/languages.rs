//! `GET /languages` with a cache that follows the spec's advice (§8): keep
//! the response with its ETag and refresh periodically, at most every 24
//! hours. A cached answer younger than that is used without a request; an
//! older one is revalidated with `If-None-Match`, and a 304 keeps it.
//!
//! One entry per (endpoint, scope, Accept-Language) in a [`LanguagesCache`]
//! (the user's store). A damaged entry is ignored and replaced. Languages
//! needs no credentials, so none are sent.

use sha2::{Digest, Sha256};

use super::transport::Call;
use super::{Client, ClientError, Reply};
use crate::api::Operation;
use crate::api::languages::LanguagesResponse;
use crate::api::params::LanguagesParams;

/// Cached answers are used without asking for this long.
pub const MAX_AGE_SECS: u64 = 24 * 60 * 60;

/// Where the answer came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// A fresh cache entry; no request was sent.
    Cache,
    /// The service said 304 Not Modified to our ETag.
    Revalidated,
    /// A full answer from the service.
    Network,
}

/// The languages answer and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Languages {
    pub response: LanguagesResponse,
    pub etag: Option<String>,
    pub source: Source,
}

/// A cached languages answer: the body as the service sent it (JSON), its
/// ETag, and when it was fetched (seconds since the epoch).
#[derive(Clone, Debug, PartialEq)]
pub struct CachedLanguages {
    pub endpoint: String,
    pub etag: Option<String>,
    pub fetched_at: u64,
    pub body: String,
}

/// Where the languages answers are kept between runs (the workbench's
/// store). Keyed by endpoint, query and Accept-Language ([`cache_key`]).
/// Failing to read is a miss; failing to write is logged, never an error.
pub trait LanguagesCache: Send + Sync {
    fn get(&self, key: &str) -> Option<CachedLanguages>;
    fn put(&self, key: &str, entry: &CachedLanguages) -> Result<(), String>;
}

/// The key of one (endpoint, query, Accept-Language) answer.
pub fn cache_key(endpoint: &str, params: &LanguagesParams) -> String {
    let mut h = Sha256::new();
    h.update(endpoint.as_bytes());
    for (k, v) in params.to_query() {
        h.update(format!("\0{k}={v}").as_bytes());
    }
    h.update(format!("\0{}", params.accept_language.as_deref().unwrap_or("")).as_bytes());
    let digest = h.finalize();
    digest[..8].iter().map(|b| format!("{b:02x}")).collect()
}

impl Client {
    /// The languages the service supports, from the cache when fresh.
    /// `params.if_none_match` is ignored: the cache sends its own ETag.
    pub async fn languages(&self, params: &LanguagesParams) -> Result<Reply<Languages>, ClientError> {
        self.languages_with(params, false).await
    }

    /// As `languages`, but always asks the service (still with the ETag).
    pub async fn languages_fresh(&self, params: &LanguagesParams) -> Result<Reply<Languages>, ClientError> {
        self.languages_with(params, true).await
    }

    async fn languages_with(
        &self,
        params: &LanguagesParams,
        force: bool,
    ) -> Result<Reply<Languages>, ClientError> {
        let endpoint = self.inner.endpoint.base().to_owned();
        let now = self.inner.clock.now_unix();
        let cache = self.inner.languages_cache.as_deref();
        let key = cache_key(&endpoint, params);
        let cached = cache.and_then(|c| c.get(&key)).and_then(|e| {
            let body = serde_json::from_str::<LanguagesResponse>(&e.body).ok()?;
            (e.endpoint == endpoint).then_some((e, body))
        });
        if let Some((e, body)) = &cached
            && !force
            && now.saturating_sub(e.fetched_at) < MAX_AGE_SECS
        {
            return Ok(Reply {
                value: Languages {
                    response: body.clone(),
                    etag: e.etag.clone(),
                    source: Source::Cache,
                },
                requests: Vec::new(),
            });
        }
        let mut call = Call::new(Operation::Languages, params.to_query());
        if let Some(lang) = &params.accept_language {
            call.headers.push(("accept-language", lang.clone()));
        }
        let etag = cached.as_ref().and_then(|(e, _)| e.etag.clone());
        if let Some(tag) = &etag {
            call.headers.push(("if-none-match", tag.clone()));
        }
        let reply = self.inner.execute(&call).await?;
        let (body, source) = match (reply.meta.status, cached) {
            (304, Some((_, body))) => (body, Source::Revalidated),
            (304, None) => return Err(reply.meta.malformed("304 Not Modified without a cached copy")),
            _ => {
                let body: LanguagesResponse = serde_json::from_slice(&reply.body)
                    .map_err(|e| reply.meta.malformed(format!("not the documented JSON: {e}")))?;
                (body, Source::Network)
            }
        };
        let etag = reply.meta.etag.clone().or(etag);
        if let Some(c) = cache {
            let entry = CachedLanguages {
                endpoint,
                etag: etag.clone(),
                fetched_at: now,
                body: serde_json::to_string(&body).unwrap_or_default(),
            };
            if let Err(e) = c.put(&key, &entry) {
                tracing::warn!(target: "glossa::client", "languages cache not written: {e}");
            }
        }
        Ok(Reply {
            value: Languages {
                response: body,
                etag,
                source,
            },
            requests: vec![reply.meta],
        })
    }
}
