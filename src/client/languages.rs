//! `GET /languages` with a cache that follows the spec's advice (§8): keep
//! the response with its ETag and refresh periodically, at most every 24
//! hours. A cached answer younger than that is used without a request; an
//! older one is revalidated with `If-None-Match`, and a 304 keeps it.
//!
//! One file per (endpoint, scope, Accept-Language) under the cache
//! directory, written atomically (temporary file + rename). A damaged file is
//! ignored and replaced. Languages needs no credentials, so none are sent.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::transport::Call;
use super::{Client, ClientError, Reply};
use crate::api::Operation;
use crate::api::languages::LanguagesResponse;
use crate::api::params::LanguagesParams;

/// Cached answers are used without asking for this long.
pub const MAX_AGE_SECS: u64 = 24 * 60 * 60;

#[derive(Serialize, Deserialize)]
struct Entry {
    endpoint: String,
    etag: Option<String>,
    fetched_at: u64,
    body: LanguagesResponse,
}

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

fn cache_file(dir: &Path, endpoint: &str, params: &LanguagesParams) -> PathBuf {
    let mut h = Sha256::new();
    h.update(endpoint.as_bytes());
    for (k, v) in params.to_query() {
        h.update(format!("\0{k}={v}").as_bytes());
    }
    h.update(format!("\0{}", params.accept_language.as_deref().unwrap_or("")).as_bytes());
    let digest = h.finalize();
    let name: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    dir.join("languages").join(format!("{name}.json"))
}

fn read_entry(path: &Path, endpoint: &str) -> Option<Entry> {
    let bytes = std::fs::read(path).ok()?;
    let e: Entry = serde_json::from_slice(&bytes).ok()?;
    (e.endpoint == endpoint).then_some(e)
}

fn write_entry(path: &Path, entry: &Entry) -> std::io::Result<()> {
    let dir = path.parent().expect("cache files live in a directory");
    std::fs::create_dir_all(dir)?;
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, serde_json::to_vec(entry)?)?;
    std::fs::rename(&tmp, path)
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
        let path = self
            .inner
            .languages_cache
            .as_deref()
            .map(|d| cache_file(d, &endpoint, params));
        let cached = path.as_deref().and_then(|p| read_entry(p, &endpoint));
        if let Some(e) = &cached
            && !force
            && now.saturating_sub(e.fetched_at) < MAX_AGE_SECS
        {
            return Ok(Reply {
                value: Languages {
                    response: e.body.clone(),
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
        let etag = cached.as_ref().and_then(|e| e.etag.clone());
        if let Some(tag) = &etag {
            call.headers.push(("if-none-match", tag.clone()));
        }
        let reply = self.inner.execute(&call).await?;
        let (body, source) = match (reply.meta.status, cached) {
            (304, Some(e)) => (e.body, Source::Revalidated),
            (304, None) => return Err(reply.meta.malformed("304 Not Modified without a cached copy")),
            _ => {
                let body: LanguagesResponse = serde_json::from_slice(&reply.body)
                    .map_err(|e| reply.meta.malformed(format!("not the documented JSON: {e}")))?;
                (body, Source::Network)
            }
        };
        let etag = reply.meta.etag.clone().or(etag);
        let entry = Entry {
            endpoint,
            etag: etag.clone(),
            fetched_at: now,
            body,
        };
        if let Some(p) = &path
            && let Err(e) = write_entry(p, &entry)
        {
            tracing::warn!(target: "glossa::client", "languages cache not written: {e}");
        }
        Ok(Reply {
            value: Languages {
                response: entry.body,
                etag,
                source,
            },
            requests: vec![reply.meta],
        })
    }
}
