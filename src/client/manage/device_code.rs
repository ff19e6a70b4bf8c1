//! The OAuth 2.0 device authorization grant (RFC 8628) at
//! `{login_url}/{tenant}/oauth2/v2.0/`: ask for a device code, show the
//! directory's message to the user, poll the token endpoint at the interval
//! it asks for (slower on `slow_down`) until sign-in, refusal or expiry.

use std::time::{Duration, Instant};

use super::error::{ManageError, clean};
use crate::api::Secret;

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
