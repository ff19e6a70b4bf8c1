//! The management client: Data Share list synchronizations (ARM), the LCS
//! database refresh and its status, and Compute migrate to scale set with
//! its Location polling (ARM long-running operation).
//!
//! ```text
//! ManageClient::builder(TokenSource).management_url(..).lcs_url(..).build()?
//!   .list_synchronizations(&share, filter, orderby)  → Pager  (nextLink, re-POSTed as is)
//!   .refresh(project, source, target)                → RefreshStarted | RefreshRefused
//!   .follow_refresh(.., |status| ..)                 → the final OperationStatusResult
//!   .migrate(&vm, &input)                            → Migration { location, retry_after }
//!   .watch_migration(location, |poll| ..)            → Done | CloudError
//!   .list_shares(&account) / .list_vms(&group)      → ListPager (nextLink by GET)
//!   .availability_set(&group, name)                 → AvailabilitySet (its VMs)
//!   .look(location, status_url)                     → Look (one poll of a bulk's VM)
//! BulkMigration (bulk.rs): a set's VMs, capped, each at its Retry-After; plain data
//!        │ send.rs — path checks done before, a token per audience, retries
//!        ▼         (429/5xx/transport, Retry-After), RequestRecords to the observer
//! ```
//!
//! Plain http is allowed to loopback only, as for the Translator client:
//! tokens must not cross a network in clear. A nextLink or Location must
//! stay on the origin it came from, so a token is never sent elsewhere.

pub mod auth;
mod bulk;
mod device_code;
mod error;
mod lists;
mod migrate;
mod refresh;
mod send;
mod syncs;

use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;

pub use self::auth::{Audience, Prompt, SignIn, TokenSource};
pub use self::bulk::{BulkCounts, BulkMigration, BulkState, BulkVm, DEFAULT_MAX_PARALLEL, Look};
pub use self::device_code::DeviceFlow;
pub use self::error::{ManageError, clean_full};
pub use self::lists::{AccountRef, GroupRef, ListPager};
pub use self::migrate::{Migration, Poll, PollTiming};
pub use self::refresh::RefreshStarted;
pub use self::syncs::{Page, Pager};
use super::{RequestRecord, RetryPolicy, install_tls};
use crate::api::manage::{check_non_empty, check_resource_group};
use crate::client::endpoint::is_loopback;

/// The real ARM endpoint.
pub const MANAGEMENT_URL: &str = "https://management.azure.com";
/// The real LCS API endpoint.
pub const LCS_URL: &str = "https://lcsapi.lcs.dynamics.com";

/// A data share: the path of list synchronizations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShareRef {
    pub subscription: String,
    pub resource_group: String,
    pub account: String,
    pub share: String,
}

/// A virtual machine: the path of migrate to scale set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VmRef {
    pub subscription: String,
    pub resource_group: String,
    pub vm: String,
}

type Observer = Arc<dyn Fn(&RequestRecord) + Send + Sync>;

pub(crate) struct Inner {
    http: reqwest::Client,
    management: Url,
    lcs: Url,
    tokens: auth::Tokens,
    policy: RetryPolicy,
    timing: PollTiming,
    observer: Option<Observer>,
}

/// A management client. Cheap to clone; clones share the connection pool
/// and the token cache.
#[derive(Clone)]
pub struct ManageClient {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for ManageClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ManageClient")
            .field("management", &self.inner.management.as_str())
            .field("lcs", &self.inner.lcs.as_str())
            .field("auth", &self.inner.tokens.source.name())
            .finish()
    }
}

/// Settings of a `ManageClient`.
pub struct ManageClientBuilder {
    management: String,
    lcs: String,
    source: TokenSource,
    policy: RetryPolicy,
    timing: PollTiming,
    observer: Option<Observer>,
    prompt: Prompt,
    connect_timeout: Duration,
}

impl ManageClientBuilder {
    /// The ARM base URL (default https://management.azure.com).
    pub fn management_url(mut self, url: impl Into<String>) -> Self {
        self.management = url.into();
        self
    }

    /// The LCS API base URL (default https://lcsapi.lcs.dynamics.com).
    pub fn lcs_url(mut self, url: impl Into<String>) -> Self {
        self.lcs = url.into();
        self
    }

    pub fn retry(mut self, policy: RetryPolicy) -> Self {
        self.policy = policy;
        self
    }

    /// How long-running operations are polled (Retry-After default and bounds).
    pub fn poll_timing(mut self, timing: PollTiming) -> Self {
        self.timing = timing;
        self
    }

    /// Called after every attempt on the wire.
    pub fn observer(mut self, f: impl Fn(&RequestRecord) + Send + Sync + 'static) -> Self {
        self.observer = Some(Arc::new(f));
        self
    }

    /// Shows the device code sign-in message (default: stderr).
    pub fn prompt(mut self, f: impl Fn(&str) + Send + Sync + 'static) -> Self {
        self.prompt = Arc::new(f);
        self
    }

    pub fn connect_timeout(mut self, t: Duration) -> Self {
        self.connect_timeout = t;
        self
    }

    pub fn build(self) -> Result<ManageClient, ManageError> {
        let management = base_url("management URL", &self.management)?;
        let lcs = base_url("LCS URL", &self.lcs)?;
        if let TokenSource::DeviceCode { login_url, .. } = &self.source {
            base_url("login URL", login_url)?;
        }
        install_tls();
        let http = reqwest::Client::builder()
            .user_agent(concat!("glossa/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(self.connect_timeout)
            .pool_idle_timeout(Duration::from_secs(60))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| ManageError::Config(format!("HTTP client: {}", e.without_url())))?;
        Ok(ManageClient {
            inner: Arc::new(Inner {
                http,
                management,
                lcs,
                tokens: auth::Tokens::new(self.source, self.prompt),
                policy: self.policy,
                timing: self.timing,
                observer: self.observer,
            }),
        })
    }
}

impl ManageClient {
    /// A builder with the real endpoints, default retries and polling.
    pub fn builder(source: TokenSource) -> ManageClientBuilder {
        ManageClientBuilder {
            management: MANAGEMENT_URL.into(),
            lcs: LCS_URL.into(),
            source,
            policy: RetryPolicy::default(),
            timing: PollTiming::default(),
            observer: None,
            prompt: Arc::new(|m: &str| eprintln!("{m}")),
            connect_timeout: Duration::from_secs(10),
        }
    }

    /// The name of the token source (never the token).
    pub fn auth_mode(&self) -> &'static str {
        self.inner.tokens.source.name()
    }
}

/// Text from a service made safe for one table cell or line (no control
/// characters, at most 300 characters).
pub fn clean_cell(s: &str) -> String {
    error::clean(s)
}

/// Reads a base URL: https, or http to loopback; no query or credentials.
fn base_url(what: &str, input: &str) -> Result<Url, ManageError> {
    let url = Url::parse(input.trim())
        .map_err(|e| ManageError::Config(format!("{what} {input:?} is not a URL: {e}")))?;
    check_origin_rules(what, &url)?;
    if url.query().is_some() || !url.username().is_empty() || url.password().is_some() {
        return Err(ManageError::Config(format!(
            "{what} must not carry a query or credentials"
        )));
    }
    Ok(url)
}

fn check_origin_rules(what: &str, url: &Url) -> Result<(), ManageError> {
    let host = url.host_str().unwrap_or("");
    match url.scheme() {
        "https" if !host.is_empty() => Ok(()),
        "http" if is_loopback(host) => Ok(()),
        "http" => Err(ManageError::Config(format!(
            "{what} is plain http to a remote host; use https"
        ))),
        other => Err(ManageError::Config(format!(
            "{what}: scheme {other:?} is not http(s)"
        ))),
    }
}

/// A path segment, percent-encoded (everything but the RFC 3986 unreserved characters).
fn seg(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `base` + the path segments (the base's own path kept).
fn join(base: &Url, segments: &[&str]) -> String {
    let mut s = base.as_str().trim_end_matches('/').to_owned();
    for p in segments {
        s.push('/');
        s.push_str(p);
    }
    s
}

/// An LCS environment id must be a hyphenated GUID.
fn check_guid(what: &str, v: &str) -> Result<(), String> {
    let v = v.trim();
    if v.len() == 36 && uuid::Uuid::try_parse(v).is_ok() {
        Ok(())
    } else {
        Err(format!(
            "{what} {v:?} is not a GUID (xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx)"
        ))
    }
}

impl ShareRef {
    fn check(&self) -> Result<(), ManageError> {
        check_non_empty("subscriptionId", &self.subscription)
            .and_then(|()| check_resource_group(&self.resource_group))
            .and_then(|()| check_non_empty("accountName", &self.account))
            .and_then(|()| check_non_empty("shareName", &self.share))
            .map_err(ManageError::Input)
    }
}

impl VmRef {
    fn check(&self) -> Result<(), ManageError> {
        check_non_empty("subscriptionId", &self.subscription)
            .and_then(|()| check_resource_group(&self.resource_group))
            .and_then(|()| check_non_empty("vmName", &self.vm))
            .map_err(ManageError::Input)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn segments_are_encoded() {
        assert_eq!(seg("a b/c?d#e%"), "a%20b%2Fc%3Fd%23e%25");
        assert_eq!(seg("demo-rg_1.x~"), "demo-rg_1.x~");
        assert_eq!(seg("é"), "%C3%A9");
    }

    #[test]
    fn urls_are_checked() {
        assert!(base_url("m", "http://127.0.0.1:9/").is_ok());
        assert!(base_url("m", "http://example.com/").is_err());
        assert!(base_url("m", "https://example.com/?a=1").is_err());
        assert!(base_url("m", "ftp://example.com/").is_err());
    }

    #[test]
    fn guids() {
        assert!(check_guid("e", "5362377c-1111-2222-3333-444455556666").is_ok());
        assert!(check_guid("e", "5362377c11112222333344445555666a").is_err());
        assert!(check_guid("e", "x").is_err());
    }
}
