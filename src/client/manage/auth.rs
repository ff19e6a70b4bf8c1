//! Tokens for the management endpoints.
//!
//! | source | how |
//! |---|---|
//! | `Static` | a token given by the user (`--token`, `GLOSSA_MANAGEMENT_TOKEN`), used as is |
//! | `AzureCli` | `az account get-access-token --resource <resource> -o json`, cached until near expiry |
//! | `DeviceCode` | the OAuth 2.0 device authorization grant (RFC 8628) at `{login_url}/{tenant}/oauth2/v2.0/` (device_code.rs) |
//! | `LocalService` | the local service's `/sts/v1.0/issueToken` with its key, refreshed after 8 minutes |
//!
//! ARM and LCS are different audiences, so tokens are cached per audience.
//! Tokens are `Secret`s: they never reach Debug, logs or error messages.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::device_code::DeviceFlow;
use super::error::{ManageError, clean};
use crate::api::Secret;

/// The default directory sign-in address.
pub const LOGIN_URL: &str = "https://login.microsoftonline.com";
/// The Azure CLI's public client id, used for the device code flow by default.
pub const DEFAULT_CLIENT_ID: &str = "04b07795-8ddb-461a-bbee-02f9e1bf7b46";
/// The resource (audience) of ARM tokens.
pub const ARM_RESOURCE: &str = "https://management.azure.com/";
/// The resource (audience) of LCS tokens.
pub const LCS_RESOURCE: &str = "https://lcsapi.lcs.dynamics.com";
/// A token is renewed this long before it expires.
const MARGIN: Duration = Duration::from_secs(120);
/// The local service's tokens live 10 minutes; renew after 8.
const LOCAL_LIFETIME: Duration = Duration::from_secs(8 * 60);

/// Which service a token is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Audience {
    Arm,
    Lcs,
}

impl Audience {
    pub fn resource(self) -> &'static str {
        match self {
            Audience::Arm => ARM_RESOURCE,
            Audience::Lcs => LCS_RESOURCE,
        }
    }
}

/// A sign-in chosen by the user (a profile's `management.token = "azure-cli"`
/// or `"device-code"`) rather than found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignIn {
    AzureCli,
    DeviceCode,
}

/// Where bearer tokens come from.
#[derive(Clone, Debug)]
pub enum TokenSource {
    Static(Secret),
    AzureCli,
    DeviceCode {
        login_url: String,
        tenant: String,
        client_id: String,
        /// `None`: `<resource>/user_impersonation` of the audience.
        scope: Option<String>,
    },
    /// The local service at `base`, minting with its key.
    LocalService {
        base: String,
        key: Secret,
    },
}

impl TokenSource {
    /// The usual choice: an explicit token, else the Azure CLI when it is
    /// installed, else the device code flow at `login_url`.
    pub fn choose(token: Option<Secret>, login_url: Option<&str>) -> Self {
        Self::choose_with(token, login_url, None)
    }

    /// [`TokenSource::choose`], with the sign-in a profile asked for (when
    /// there is no explicit token) instead of looking for the Azure CLI.
    pub fn choose_with(token: Option<Secret>, login_url: Option<&str>, sign_in: Option<SignIn>) -> Self {
        match (token, sign_in) {
            (Some(t), _) if !t.is_empty() => TokenSource::Static(t),
            (_, Some(SignIn::AzureCli)) => TokenSource::AzureCli,
            (_, None) if az_installed() => TokenSource::AzureCli,
            _ => TokenSource::DeviceCode {
                login_url: login_url.unwrap_or(LOGIN_URL).trim_end_matches('/').to_owned(),
                tenant: "organizations".into(),
                client_id: DEFAULT_CLIENT_ID.into(),
                scope: None,
            },
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            TokenSource::Static(_) => "token",
            TokenSource::AzureCli => "azure-cli",
            TokenSource::DeviceCode { .. } => "device-code",
            TokenSource::LocalService { .. } => "local",
        }
    }

    /// Whether asking again may give a different token (after a 401).
    pub fn renewable(&self) -> bool {
        !matches!(self, TokenSource::Static(_))
    }
}

/// Shows the device code flow's message to the user ("To sign in, use a web
/// browser to open ... and enter the code ...").
pub type Prompt = Arc<dyn Fn(&str) + Send + Sync>;

/// The token source with its cache.
pub(crate) struct Tokens {
    pub source: TokenSource,
    pub prompt: Prompt,
    cache: tokio::sync::Mutex<HashMap<Audience, (Secret, Instant)>>,
}

impl Tokens {
    pub fn new(source: TokenSource, prompt: Prompt) -> Self {
        Self {
            source,
            prompt,
            cache: tokio::sync::Mutex::new(HashMap::new()),
        }
    }

    /// A token for `audience`, from the cache while it is fresh. One fetch at
    /// a time (a single device-code prompt when calls run together).
    pub async fn get(&self, http: &reqwest::Client, audience: Audience) -> Result<Secret, ManageError> {
        if let TokenSource::Static(t) = &self.source {
            return Ok(t.clone());
        }
        let mut cache = self.cache.lock().await;
        if let Some((t, until)) = cache.get(&audience)
            && Instant::now() < *until
        {
            return Ok(t.clone());
        }
        let (token, lifetime) = match &self.source {
            TokenSource::Static(_) => unreachable!("returned above"),
            TokenSource::AzureCli => azure_cli(audience.resource()).await?,
            TokenSource::DeviceCode {
                login_url,
                tenant,
                client_id,
                scope,
            } => {
                let scope = scope.clone().unwrap_or_else(|| {
                    format!("{}/user_impersonation", audience.resource().trim_end_matches('/'))
                });
                let flow = DeviceFlow {
                    login_url,
                    tenant,
                    client_id,
                    scope: &scope,
                };
                flow.run(http, &*self.prompt).await?
            }
            TokenSource::LocalService { base, key } => (local_token(http, base, key).await?, LOCAL_LIFETIME),
        };
        // The local lifetime already leaves its margin (8 of 10 minutes).
        let usable = match self.source {
            TokenSource::LocalService { .. } => lifetime,
            _ => lifetime.saturating_sub(MARGIN).max(Duration::from_secs(1)),
        };
        let until = Instant::now() + usable;
        cache.insert(audience, (token.clone(), until));
        Ok(token)
    }

    /// Forgets a token the service refused.
    pub async fn invalidate(&self, audience: Audience) {
        self.cache.lock().await.remove(&audience);
    }
}

/// Whether an `az` executable is on PATH.
pub fn az_installed() -> bool {
    let names: &[&str] = if cfg!(windows) {
        &["az.cmd", "az.exe"]
    } else {
        &["az"]
    };
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| names.iter().any(|n| dir.join(n).is_file()))
    })
}

#[derive(serde::Deserialize)]
struct AzToken {
    #[serde(rename = "accessToken")]
    access_token: String,
    /// Unix seconds (newer CLIs).
    #[serde(default)]
    expires_on: Option<u64>,
}

async fn azure_cli(resource: &str) -> Result<(Secret, Duration), ManageError> {
    let resource = resource.to_owned();
    let out = tokio::task::spawn_blocking(move || {
        std::process::Command::new(if cfg!(windows) { "az.cmd" } else { "az" })
            .args(["account", "get-access-token", "--resource", &resource, "-o", "json"])
            .stdin(std::process::Stdio::null())
            .output()
    })
    .await
    .map_err(|e| ManageError::Token(format!("the Azure CLI did not run: {e}")))?
    .map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ManageError::Config(
            "the Azure CLI (az) is not installed: pass --token (or GLOSSA_MANAGEMENT_TOKEN), or install it and run `az login`".into(),
        ),
        _ => ManageError::Token(format!("cannot run the Azure CLI: {e}")),
    })?;
    if !out.status.success() {
        let err = clean(&String::from_utf8_lossy(&out.stderr));
        return Err(ManageError::Token(format!(
            "az account get-access-token failed: {err}"
        )));
    }
    let t: AzToken = serde_json::from_slice(&out.stdout)
        .map_err(|_| ManageError::Token("az account get-access-token printed no accessToken".into()))?;
    let lifetime = t
        .expires_on
        .and_then(|at| {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_secs();
            at.checked_sub(now).map(Duration::from_secs)
        })
        .unwrap_or(Duration::from_secs(5 * 60));
    Ok((Secret::new(t.access_token), lifetime))
}

async fn local_token(http: &reqwest::Client, base: &str, key: &Secret) -> Result<Secret, ManageError> {
    let url = format!("{}/sts/v1.0/issueToken", base.trim_end_matches('/'));
    let resp = http
        .post(url)
        .header("ocp-apim-subscription-key", key.expose())
        .header("content-length", "0")
        .send()
        .await
        .map_err(|e| ManageError::Token(format!("the local token service: {}", e.without_url())))?;
    let status = resp.status().as_u16();
    let body = resp.bytes().await.unwrap_or_default();
    let text = std::str::from_utf8(&body).unwrap_or("").trim();
    if status != 200 || text.is_empty() || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(ManageError::Token(format!(
            "the local token service answered HTTP {status}"
        )));
    }
    Ok(Secret::new(text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_tokens() {
        let s = TokenSource::Static(Secret::new("tok-secret-1"));
        let l = TokenSource::LocalService {
            base: "http://127.0.0.1:1".into(),
            key: Secret::new("key-secret-2"),
        };
        let shown = format!("{s:?} {l:?} {s:#?}");
        assert!(
            !shown.contains("secret-1") && !shown.contains("secret-2"),
            "{shown}"
        );
    }

    #[test]
    fn explicit_token_first() {
        let t = TokenSource::choose(Some(Secret::new("t")), None);
        assert_eq!(t.name(), "token");
        assert!(!t.renewable());
    }
}
