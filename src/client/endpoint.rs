//! Where requests go: the global endpoint form (operations at the root, e.g.
//! `https://api.cognitive.microsofttranslator.com/translate`) or the custom
//! endpoint form (`{custom_endpoint}/translator/text/v3.0/translate`, spec
//! §5), and where the token service is.

use reqwest::Url;

use super::error::ClientError;
use crate::api::Operation;

/// The real global endpoint.
pub const GLOBAL: &str = "https://api.cognitive.microsofttranslator.com";
/// The path of the custom-endpoint form.
pub const CUSTOM_PATH: &str = "/translator/text/v3.0";

/// A parsed endpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Endpoint {
    /// Base URL without a trailing slash; operation paths are appended.
    base: String,
    /// Scheme, host and port.
    origin: String,
    custom: bool,
}

impl Endpoint {
    /// Reads an endpoint URL.
    ///
    /// - a path ending in `/translator/text/v3.0` is the custom form as given;
    /// - a `*.cognitiveservices.azure.com` host is a custom endpoint, to which
    ///   the custom path is added;
    /// - anything else (the global endpoints, a local service) is the global form.
    ///
    /// Plain `http` is refused except to a loopback host: keys and tokens
    /// must not cross a network in clear.
    pub fn parse(input: &str) -> Result<Self, ClientError> {
        let url = Url::parse(input.trim())
            .map_err(|e| ClientError::Config(format!("endpoint {input:?} is not a URL: {e}")))?;
        let host = url
            .host_str()
            .ok_or_else(|| ClientError::Config(format!("endpoint {input:?} has no host")))?;
        match url.scheme() {
            "https" => {}
            "http" if is_loopback(host) => {}
            "http" => {
                return Err(ClientError::Config(format!(
                    "endpoint {input:?} is plain http to a remote host; use https"
                )));
            }
            other => {
                return Err(ClientError::Config(format!(
                    "endpoint scheme {other:?} is not http(s)"
                )));
            }
        }
        if url.query().is_some() || !url.username().is_empty() || url.password().is_some() {
            return Err(ClientError::Config(
                "endpoint must not carry a query or credentials".into(),
            ));
        }
        let origin = url.origin().ascii_serialization();
        let path = url.path().trim_end_matches('/');
        let (base, custom) = if path.ends_with(CUSTOM_PATH) {
            (format!("{origin}{path}"), true)
        } else if host.ends_with(".cognitiveservices.azure.com") {
            (format!("{origin}{path}{CUSTOM_PATH}"), true)
        } else {
            (format!("{origin}{path}"), false)
        };
        Ok(Self { base, origin, custom })
    }

    /// The real global endpoint.
    pub fn global() -> Self {
        Self::parse(GLOBAL).expect("the global endpoint parses")
    }

    /// Whether this is the custom-endpoint form.
    pub fn is_custom(&self) -> bool {
        self.custom
    }

    /// Whether this is one of Microsoft's endpoints (global or custom).
    pub fn is_microsoft(&self) -> bool {
        self.origin.ends_with(".microsofttranslator.com")
            || self.origin.ends_with(".cognitiveservices.azure.com")
    }

    /// The base URL, e.g. `http://127.0.0.1:5000`.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// The URL of an operation (without query).
    pub fn url(&self, op: Operation) -> String {
        format!("{}{}", self.base, op.path())
    }

    /// The token service base to use when none is configured: Microsoft's
    /// global or regional authentication host for Microsoft's global
    /// endpoints (spec §4.8), else the endpoint's own origin (a custom
    /// endpoint, the local service).
    pub fn default_auth_base(&self, region: Option<&str>) -> String {
        if self.is_microsoft() && !self.custom {
            match region.filter(|r| !r.eq_ignore_ascii_case("global")) {
                Some(r) => format!("https://{}.api.cognitive.microsoft.com", r.to_lowercase()),
                None => "https://api.cognitive.microsoft.com".to_owned(),
            }
        } else {
            self.origin.clone()
        }
    }
}

pub(crate) fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost") || h.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_and_local_are_root_form() {
        let g = Endpoint::global();
        assert!(!g.is_custom() && g.is_microsoft());
        assert_eq!(
            g.url(Operation::Translate),
            "https://api.cognitive.microsofttranslator.com/translate"
        );
        let l = Endpoint::parse("http://127.0.0.1:5000/").unwrap();
        assert_eq!(l.url(Operation::Detect), "http://127.0.0.1:5000/detect");
        assert_eq!(l.default_auth_base(None), "http://127.0.0.1:5000");
        assert_eq!(
            g.default_auth_base(Some("westeurope")),
            "https://westeurope.api.cognitive.microsoft.com"
        );
        assert_eq!(
            g.default_auth_base(Some("global")),
            "https://api.cognitive.microsoft.com"
        );
    }

    #[test]
    fn custom_forms() {
        let c = Endpoint::parse("https://my-res.cognitiveservices.azure.com").unwrap();
        assert!(c.is_custom());
        assert_eq!(
            c.url(Operation::Translate),
            "https://my-res.cognitiveservices.azure.com/translator/text/v3.0/translate"
        );
        let l = Endpoint::parse("http://localhost:5000/translator/text/v3.0/").unwrap();
        assert!(l.is_custom());
        assert_eq!(
            l.url(Operation::Languages),
            "http://localhost:5000/translator/text/v3.0/languages"
        );
        assert_eq!(l.default_auth_base(None), "http://localhost:5000");
    }

    #[test]
    fn refuses_what_cannot_be_safe() {
        assert!(Endpoint::parse("http://example.com").is_err());
        assert!(Endpoint::parse("http://[::1]:8080").is_ok());
        assert!(Endpoint::parse("ftp://localhost").is_err());
        assert!(Endpoint::parse("https://h/?Subscription-Key=x").is_err());
        assert!(Endpoint::parse("https://user:pw@h/").is_err());
        assert!(Endpoint::parse("not a url").is_err());
    }
}
