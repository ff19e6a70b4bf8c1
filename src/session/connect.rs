//! Connecting to a Translator service: the given endpoint with the given
//! credentials, or — without an endpoint — the embedded local service
//! ([`LocalService`]). Shared by the one-shot commands and the TUI.

use std::time::Duration;

use super::{LocalOptions, LocalService, ServiceSettings};
use crate::api::Secret;
use crate::client::{
    Auth, AuthMode, Client, ClientError, Endpoint, KeyPlacement, RequestRecord, RetryPolicy,
};
use crate::store::config::ConfigError;

/// A failure with its exit code.
#[derive(Debug)]
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn usage(message: impl Into<String>) -> Self {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

impl From<ClientError> for Failure {
    fn from(e: ClientError) -> Self {
        let code = match &e {
            ClientError::Api(_) => 1,
            ClientError::Input(_) | ClientError::Config(_) => 2,
            ClientError::Transport { .. } | ClientError::Deadline { .. } | ClientError::Malformed { .. } => 3,
        };
        Failure {
            code,
            message: e.to_string(),
        }
    }
}

impl From<ConfigError> for Failure {
    fn from(e: ConfigError) -> Self {
        Failure::usage(e.to_string())
    }
}

/// Sees every request of a session (the `--verbose` log, the TUI's request log).
pub type Observer = Box<dyn Fn(&RequestRecord) + Send + Sync>;

/// A client and, without an endpoint, the local service it talks to.
pub struct Session {
    pub client: Client,
    local: Option<LocalService>,
}

impl Session {
    /// Connects; `needs_key` refuses to go on without credentials (every
    /// operation but languages needs them). `observer` sees every request.
    pub async fn connect(
        args: &ServiceSettings,
        needs_key: bool,
        observer: Option<Observer>,
    ) -> Result<Self, Failure> {
        Self::connect_with(args, needs_key, observer, LocalOptions::default()).await
    }

    /// [`Session::connect`], with the local service (if one is started) set up as `options` say.
    pub async fn connect_with(
        args: &ServiceSettings,
        needs_key: bool,
        observer: Option<Observer>,
        options: LocalOptions,
    ) -> Result<Self, Failure> {
        let policy = RetryPolicy {
            max_attempts: args.attempts.unwrap_or(6),
            deadline: Duration::from_secs(args.deadline.unwrap_or(120)),
            ..RetryPolicy::default()
        };
        let (endpoint, local, key) = match &args.endpoint {
            Some(url) => (Endpoint::parse(url)?, None, args.key.clone()),
            None => {
                // The embedded local service: loopback, a random port and key.
                let local = LocalService::start(args.region.clone(), options).await?;
                let key = local.key().clone();
                (Endpoint::parse(&local.url())?, Some(local), Some(key))
            }
        };
        let placement = if args.key_in_query {
            KeyPlacement::Query
        } else {
            KeyPlacement::Header
        };
        let need = |what: &str, env: &str| Failure::usage(format!("no {what}: set {env} or pass --{what}"));
        let auth = match (args.auth.unwrap_or(AuthMode::Key), key) {
            (AuthMode::Bearer, _) if local.is_none() => Auth::Bearer {
                token: args.token.clone().ok_or_else(|| need("token", "GLOSSA_TOKEN"))?,
                resource_id: args.resource_id.clone(),
                region: args.region.clone(),
            },
            (AuthMode::Bearer, Some(key)) => {
                // Locally, the service's own token stands in for the directory's.
                let minting = Client::builder(endpoint.clone())
                    .auth(Auth::Key {
                        key,
                        region: args.region.clone(),
                        placement,
                    })
                    .build()?;
                Auth::Bearer {
                    token: minting.issue_token().await?.value,
                    resource_id: args.resource_id.clone(),
                    region: args.region.clone(),
                }
            }
            (AuthMode::Token, Some(key)) => Auth::Token {
                key,
                region: args.region.clone(),
                auth_base: args.auth_url.clone(),
            },
            (AuthMode::Key, Some(key)) => Auth::Key {
                key,
                region: args.region.clone(),
                placement,
            },
            (_, None) if needs_key => return Err(need("key", "GLOSSA_KEY")),
            (_, None) => Auth::Anonymous,
        };
        let cache = crate::store::languages::StoreCache::default_location()
            .map(|c| std::sync::Arc::new(c) as std::sync::Arc<dyn crate::client::LanguagesCache>);
        let mut builder = Client::builder(endpoint)
            .languages_cache(cache)
            .auth(auth)
            .retry(policy)
            .concurrency(usize::from(args.concurrency.unwrap_or(4)));
        if let Some(f) = observer {
            builder = builder.observer(f);
        }
        Ok(Session {
            client: builder.build()?,
            local,
        })
    }

    /// Whether this is the embedded local service.
    pub fn is_local(&self) -> bool {
        self.local.is_some()
    }

    /// The local service's base URL and key (its sandbox answers the
    /// management operations, with tokens from its issueToken).
    pub fn local_access(&self) -> Option<(String, Secret)> {
        self.local.as_ref().map(|l| (l.url(), l.key().clone()))
    }

    /// Stops the local service, if there is one.
    pub async fn close(self) {
        if let Some(local) = self.local {
            local.stop().await;
        }
    }
}
