//! How a client proves who it is (spec §5, api-facts §5).
//!
//! | mode | sends |
//! |---|---|
//! | `Key` | `Ocp-Apim-Subscription-Key` (+ `Ocp-Apim-Subscription-Region`) |
//! | `Key` in the query | `Subscription-Key` (+ `Subscription-Region`) query parameters |
//! | `Token` | `Authorization: Bearer` with a token from issueToken, cached (see `token.rs`) |
//! | `Bearer`, global endpoint | `Authorization: Bearer` + `Ocp-Apim-ResourceId` (+ region) |
//! | `Bearer`, custom endpoint | `Authorization: Bearer` alone |
//!
//! Every credential is a `Secret`; it is exposed only here, when a header or
//! query pair is built.

use crate::api::Secret;

/// Which of the modes a user asks for (`--auth`, a profile's `auth`); the
/// session turns it into an [`Auth`] with the credentials it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AuthMode {
    Key,
    Token,
    Bearer,
}

/// Where a subscription key travels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeyPlacement {
    #[default]
    Header,
    /// `Subscription-Key` / `Subscription-Region` query parameters (spec §5 rule 4).
    Query,
}

/// The credentials of a client.
#[derive(Clone, Debug, Default)]
pub enum Auth {
    /// No credentials: only `languages` works.
    #[default]
    Anonymous,
    /// A subscription key, with the region of a regional or multi-service resource.
    Key {
        key: Secret,
        region: Option<String>,
        placement: KeyPlacement,
    },
    /// A key exchanged for 10-minute access tokens at the token service.
    /// `auth_base` is the token service's base URL; `None` picks the default
    /// for the endpoint (`Endpoint::default_auth_base`).
    Token {
        key: Secret,
        region: Option<String>,
        auth_base: Option<String>,
    },
    /// A directory-issued (Microsoft Entra ID) bearer token, e.g. from a
    /// managed identity. `resource_id` is required against the global endpoint.
    Bearer {
        token: Secret,
        resource_id: Option<String>,
        region: Option<String>,
    },
}

impl Auth {
    /// A key for a global resource, in the header.
    pub fn key(key: impl Into<String>) -> Self {
        Auth::Key {
            key: Secret::new(key),
            region: None,
            placement: KeyPlacement::Header,
        }
    }

    /// A key with the region of a regional or multi-service resource.
    pub fn key_region(key: impl Into<String>, region: impl Into<String>) -> Self {
        Auth::Key {
            key: Secret::new(key),
            region: Some(region.into()),
            placement: KeyPlacement::Header,
        }
    }

    /// The name of the mode, for logs and `glossa config`.
    pub fn mode_name(&self) -> &'static str {
        match self {
            Auth::Anonymous => "none",
            Auth::Key {
                placement: KeyPlacement::Query,
                ..
            } => "key (query)",
            Auth::Key { .. } => "key",
            Auth::Token { .. } => "token",
            Auth::Bearer { .. } => "bearer",
        }
    }
}

/// Headers and query pairs that carry the credentials of one request.
#[derive(Default)]
pub(crate) struct Presented {
    pub headers: Vec<(&'static str, String)>,
    pub query: Vec<(&'static str, String)>,
}

/// The key (and region) as the token service or a key-mode request wants them.
pub(crate) fn present_key(key: &Secret, region: Option<&str>, placement: KeyPlacement) -> Presented {
    use crate::api::headers::{QUERY_KEY, QUERY_REGION, SUBSCRIPTION_KEY, SUBSCRIPTION_REGION};
    let mut p = Presented::default();
    let region = region.map(str::to_owned);
    match placement {
        KeyPlacement::Header => {
            p.headers.push((SUBSCRIPTION_KEY, key.expose().to_owned()));
            p.headers.extend(region.map(|r| (SUBSCRIPTION_REGION, r)));
        }
        KeyPlacement::Query => {
            p.query.push((QUERY_KEY, key.expose().to_owned()));
            p.query.extend(region.map(|r| (QUERY_REGION, r)));
        }
    }
    p
}

/// `Authorization: Bearer …`, plus, for a directory token against the global
/// endpoint, the resource id and region.
pub(crate) fn present_bearer(
    token: &Secret,
    directory: Option<(&Option<String>, &Option<String>)>,
) -> Presented {
    use crate::api::headers::{RESOURCE_ID, SUBSCRIPTION_REGION};
    let mut p = Presented::default();
    p.headers
        .push(("authorization", format!("Bearer {}", token.expose())));
    if let Some((resource_id, region)) = directory {
        p.headers.extend(resource_id.clone().map(|r| (RESOURCE_ID, r)));
        p.headers.extend(region.clone().map(|r| (SUBSCRIPTION_REGION, r)));
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_never_shows_credentials() {
        let modes = [
            Auth::key("k-123-secret"),
            Auth::Token {
                key: Secret::new("k-123-secret"),
                region: Some("westus".into()),
                auth_base: None,
            },
            Auth::Bearer {
                token: Secret::new("k-123-secret"),
                resource_id: None,
                region: None,
            },
        ];
        for m in modes {
            let shown = format!("{m:?} {m:#?} {}", m.mode_name());
            assert!(!shown.contains("k-123-secret"), "{shown}");
        }
    }

    #[test]
    fn key_in_query_carries_region_in_query() {
        let p = present_key(&Secret::new("k"), Some("westus"), KeyPlacement::Query);
        assert!(p.headers.is_empty());
        assert_eq!(
            p.query,
            vec![
                ("Subscription-Key", "k".into()),
                ("Subscription-Region", "westus".into())
            ]
        );
    }

    #[test]
    fn directory_token_headers() {
        let rid = Some("/subscriptions/s/resourceGroups/g/providers/p/accounts/a/".to_owned());
        let p = present_bearer(&Secret::new("t"), Some((&rid, &None)));
        assert_eq!(p.headers.len(), 2);
        assert_eq!(p.headers[0], ("authorization", "Bearer t".into()));
        let p = present_bearer(&Secret::new("t"), None);
        assert_eq!(p.headers.len(), 1);
    }
}
