//! Tokens for the management endpoints.
//!
//! | source | how |
//! |---|---|
//! | `Static` | a token given by the user (`--token`, `GLOSSA_MANAGEMENT_TOKEN`), used as is |
//! | `AzureCli` | `az account get-access-token --resource <resource> -o json`, cached until near expiry |
//! | `DeviceCode` | the OAuth 2.0 device authorization grant (RFC 8628) at `{login_url}/{tenant}/oauth2/v2.0/` |
//! | `LocalService` | the local service's `/sts/v1.0/issueToken` with its key, refreshed after 8 minutes |
//!
//! ARM and LCS are different audiences, so tokens are cached per audience.
//! Tokens are `Secret`s: they never reach Debug, logs or error messages.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

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
        match token {
            Some(t) if !t.is_empty() => TokenSource::Static(t),
            _ if az_installed() => TokenSource::AzureCli,
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

/// The device authorization grant (RFC 8628) against the directory.
pub struct DeviceFlow<'a> {
    pub login_url: &'a str,
    pub tenant: &'a str,
    pub client_id: &'a str,
    pub scope: &'a str,
}

#[derive(serde::Deserialize)]
struct DeviceCodeReply {
    device_code: String,
    #[serde(default)]
    user_code: String,
    #[serde(default)]
    verification_uri: String,
    #[serde(default)]
    message: Option<String>,
    #[serde(default = "default_expiry")]
    expires_in: u64,
    #[serde(default = "default_interval")]
    interval: u64,
}

fn default_expiry() -> u64 {
    900
}

fn default_interval() -> u64 {
    5
}

#[derive(serde::Deserialize)]
struct TokenReply {
    access_token: String,
    #[serde(default)]
    expires_in: Option<u64>,
}

#[derive(serde::Deserialize)]
struct OAuthError {
    error: String,
    #[serde(default)]
    error_description: Option<String>,
}

impl DeviceFlow<'_> {
    fn url(&self, what: &str) -> String {
        format!(
            "{}/{}/oauth2/v2.0/{what}",
            self.login_url.trim_end_matches('/'),
            self.tenant
        )
    }

    /// Asks for a device code, shows the message through `prompt`, and polls
    /// until the user signed in, refused, or the code expired.
    pub async fn run(
        &self,
        http: &reqwest::Client,
        prompt: &(dyn Fn(&str) + Send + Sync),
    ) -> Result<(Secret, Duration), ManageError> {
        let form = encode(&[("client_id", self.client_id), ("scope", self.scope)]);
        let (status, body) = post_form(http, &self.url("devicecode"), form).await?;
        if status != 200 {
            return Err(ManageError::Token(oauth_failure(status, &body)));
        }
        let code: DeviceCodeReply = serde_json::from_slice(&body)
            .map_err(|_| ManageError::Token("the device code answer has no device_code".into()))?;
        let message = code.message.clone().unwrap_or_else(|| {
            format!(
                "To sign in, open {} and enter the code {}",
                code.verification_uri, code.user_code
            )
        });
        prompt(&clean(&message));
        let expires = Instant::now() + Duration::from_secs(code.expires_in);
        // Some test servers say 0; never spin.
        let mut interval = Duration::from_secs(code.interval).max(Duration::from_millis(50));
        loop {
            tokio::time::sleep(interval).await;
            if Instant::now() >= expires {
                return Err(ManageError::Token(
                    "the device code expired before sign-in; run again".into(),
                ));
            }
            let form = encode(&[
                ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"),
                ("client_id", self.client_id),
                ("device_code", &code.device_code),
            ]);
            let (status, body) = post_form(http, &self.url("token"), form).await?;
            if status == 200 {
                let t: TokenReply = serde_json::from_slice(&body)
                    .map_err(|_| ManageError::Token("the token answer has no access_token".into()))?;
                let lifetime = Duration::from_secs(t.expires_in.unwrap_or(3600));
                return Ok((Secret::new(t.access_token), lifetime));
            }
            match serde_json::from_slice::<OAuthError>(&body).map(|e| e.error) {
                Ok(e) if e == "authorization_pending" => {}
                Ok(e) if e == "slow_down" => interval += Duration::from_secs(5),
                Ok(e) if e == "expired_token" => {
                    return Err(ManageError::Token(
                        "the device code expired before sign-in; run again".into(),
                    ));
                }
                _ => return Err(ManageError::Token(oauth_failure(status, &body))),
            }
        }
    }
}

fn encode(pairs: &[(&str, &str)]) -> String {
    form_urlencoded::Serializer::new(String::new())
        .extend_pairs(pairs)
        .finish()
}

async fn post_form(
    http: &reqwest::Client,
    url: &str,
    form: String,
) -> Result<(u16, bytes::Bytes), ManageError> {
    let resp = http
        .post(url)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .map_err(|e| ManageError::Token(format!("the sign-in service: {}", e.without_url())))?;
    let status = resp.status().as_u16();
    let body = resp
        .bytes()
        .await
        .map_err(|e| ManageError::Token(format!("the sign-in service: {}", e.without_url())))?;
    Ok((status, body))
}

fn oauth_failure(status: u16, body: &[u8]) -> String {
    match serde_json::from_slice::<OAuthError>(body) {
        Ok(e) => format!(
            "{} {}",
            clean(&e.error),
            clean(e.error_description.as_deref().unwrap_or(""))
        )
        .trim_end()
        .to_owned(),
        Err(_) => format!("the sign-in service answered HTTP {status}"),
    }
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
