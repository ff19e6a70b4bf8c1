//! Access tokens of `/sts/v1.0/issueToken`: JWTs (HS256) valid 10 minutes
//! (spec §5), signed with a secret that never leaves the process.
//!
//! The claims follow a decoded real token (api-facts §5): `region`,
//! `subscription-id`, `product-id`, `azure-resource-id`, `scope`, `aud`,
//! `iss`, `exp`. The subscription id is a digest of the key, never the key
//! itself. The resource id is the service's `--resource-id` (empty without
//! one): such a token also stands in for a directory-issued one (auth.rs).

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::clock::Clock;
use crate::api::ResourceId;

/// How long a token is valid.
pub const TOKEN_TTL_SECS: u64 = 600;
const AUDIENCE: &str = "urn:ms.microsofttranslator";
const ISSUER: &str = "urn:ms.cognitiveservices";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    region: String,
    #[serde(rename = "subscription-id")]
    subscription_id: String,
    #[serde(rename = "product-id")]
    product_id: String,
    #[serde(rename = "cognitive-services-endpoint")]
    endpoint: String,
    #[serde(rename = "azure-resource-id")]
    resource_id: String,
    scope: String,
    aud: String,
    iat: u64,
    exp: u64,
    iss: String,
}

/// The token in an `Authorization` value: `Bearer <token>`, the scheme's
/// case ignored (RFC 9110 §11.1) and any run of spaces after it.
pub fn bearer_token(authorization: &str) -> Option<&str> {
    let (scheme, token) = authorization.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

/// The JOSE header every token of ours carries.
#[derive(Deserialize)]
struct Header {
    alg: String,
}

/// How far in the future `iat` may lie (clock skew between issuers).
const IAT_SKEW_SECS: u64 = 300;

/// What a valid token says about its holder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Lowercase; `global` for a global resource.
    pub region: String,
    /// The `azure-resource-id` claim; empty when the issuer had none.
    pub resource_id: String,
}

/// Mints and checks tokens.
pub struct TokenIssuer {
    secret: [u8; 32],
    clock: Clock,
    resource_id: String,
}

impl TokenIssuer {
    pub fn new(clock: Clock) -> Self {
        Self::with_secret(rand::random(), clock)
    }

    fn with_secret(secret: [u8; 32], clock: Clock) -> Self {
        Self {
            secret,
            clock,
            resource_id: String::new(),
        }
    }

    /// The issuer, minting tokens that name `resource` in `azure-resource-id`.
    pub fn for_resource(mut self, resource: Option<&ResourceId>) -> Self {
        self.resource_id = resource.map_or_else(String::new, |r| r.as_str().to_owned());
        self
    }

    /// An issuer whose signing secret lives in `dir` (created 0600 on first
    /// use), so tokens stay valid across a restart of the service.
    pub fn persistent(dir: &std::path::Path, clock: Clock) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join("token-signing.key");
        if let Ok(bytes) = std::fs::read(&path)
            && let Ok(secret) = <[u8; 32]>::try_from(bytes.as_slice())
        {
            return Ok(Self::with_secret(secret, clock));
        }
        let secret: [u8; 32] = rand::random();
        let mut opts = std::fs::OpenOptions::new();
        opts.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
        std::io::Write::write_all(&mut opts.open(&path)?, &secret)?;
        Ok(Self::with_secret(secret, clock))
    }

    fn sign(&self, data: &str) -> Vec<u8> {
        // HMAC takes a key of any length; 32 bytes cannot fail.
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&self.secret).expect("HMAC accepts any key length");
        mac.update(data.as_bytes());
        mac.finalize().into_bytes().to_vec()
    }

    /// A new token for the holder of `key` in `region` (`global` when none).
    pub fn issue(&self, key: &str, region: Option<&str>) -> String {
        let now = self.clock.now_unix();
        let digest = Sha256::digest(key.as_bytes());
        let claims = Claims {
            region: region.unwrap_or("global").to_ascii_lowercase(),
            subscription_id: digest[..16].iter().map(|b| format!("{b:02x}")).collect(),
            product_id: "TextTranslator.S1".into(),
            endpoint: "http://localhost/internal/v1.0/".into(),
            resource_id: self.resource_id.clone(),
            scope: "https://api.microsofttranslator.com/".into(),
            aud: AUDIENCE.into(),
            iat: now,
            exp: now + TOKEN_TTL_SECS,
            iss: ISSUER.into(),
        };
        let header = B64.encode(br#"{"alg":"HS256","typ":"JWT"}"#);
        let payload = B64.encode(serde_json::to_vec(&claims).unwrap_or_default());
        let signing_input = format!("{header}.{payload}");
        let signature = B64.encode(self.sign(&signing_input));
        format!("{signing_input}.{signature}")
    }

    /// Whether `token` is one of ours: signed by us with `alg` HS256 (no
    /// `none`, no other algorithm), our audience and issuer, issued no later
    /// than now (plus [`IAT_SKEW_SECS`]) and not expired. Returns what it says.
    pub fn verify(&self, token: &str) -> Option<Verified> {
        let (signing_input, signature) = token.rsplit_once('.')?;
        let (header, payload) = signing_input.split_once('.')?;
        let header: Header = serde_json::from_slice(&B64.decode(header).ok()?).ok()?;
        if header.alg != "HS256" {
            return None;
        }
        let presented = B64.decode(signature).ok()?;
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.secret).ok()?;
        mac.update(signing_input.as_bytes());
        mac.verify_slice(&presented).ok()?;
        let claims: Claims = serde_json::from_slice(&B64.decode(payload).ok()?).ok()?;
        let now = self.clock.now_unix();
        let fresh = now < claims.exp && claims.iat <= now + IAT_SKEW_SECS && claims.iat < claims.exp;
        (fresh && claims.aud == AUDIENCE && claims.iss == ISSUER).then_some(Verified {
            region: claims.region,
            resource_id: claims.resource_id,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_expire_after_ten_minutes() {
        let clock = Clock::manual(1_700_000_000);
        let issuer = TokenIssuer::new(clock.clone());
        let t = issuer.issue("secret-key-123", Some("WestEurope"));
        assert_eq!(t.split('.').count(), 3, "JWT-shaped");
        assert!(!t.contains("secret-key-123"));
        let verified = issuer.verify(&t).unwrap();
        assert_eq!(verified.region, "westeurope");
        assert_eq!(verified.resource_id, "", "no --resource-id, no resource claim");
        clock.advance(TOKEN_TTL_SECS - 1);
        assert!(issuer.verify(&t).is_some());
        clock.advance(1);
        assert!(issuer.verify(&t).is_none());
    }

    #[test]
    fn persistent_secret_survives_restart() {
        let dir = std::env::temp_dir().join(format!("glossa-token-{}", std::process::id()));
        let a = TokenIssuer::persistent(&dir, Clock::default()).unwrap();
        let t = a.issue("k", None);
        let b = TokenIssuer::persistent(&dir, Clock::default()).unwrap();
        assert!(b.verify(&t).is_some());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(dir.join("token-signing.key"))
                .unwrap()
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn forged_or_foreign_tokens_are_refused() {
        let issuer = TokenIssuer::new(Clock::default());
        let other = TokenIssuer::new(Clock::default());
        let t = other.issue("k", None);
        assert!(issuer.verify(&t).is_none());
        let mut tampered = issuer.issue("k", None);
        tampered.insert(tampered.len() / 2, 'x');
        assert!(issuer.verify(&tampered).is_none());
        for junk in ["", ".", "a.b", "a.b.c", "Bearer", "😀.😀.😀"] {
            assert!(issuer.verify(junk).is_none());
        }
    }

    /// A token with these header and claims, signed by `issuer`.
    fn forge(issuer: &TokenIssuer, header: &str, edit: impl FnOnce(&mut serde_json::Value)) -> String {
        let good = issuer.issue("k", None);
        let payload = good.split('.').nth(1).unwrap();
        let mut claims: serde_json::Value = serde_json::from_slice(&B64.decode(payload).unwrap()).unwrap();
        edit(&mut claims);
        let input = format!(
            "{}.{}",
            B64.encode(header),
            B64.encode(serde_json::to_vec(&claims).unwrap())
        );
        format!("{input}.{}", B64.encode(issuer.sign(&input)))
    }

    #[test]
    fn alg_iss_and_iat_are_checked() {
        let clock = Clock::manual(1_700_000_000);
        let issuer = TokenIssuer::new(clock.clone());
        let hs = r#"{"alg":"HS256","typ":"JWT"}"#;
        assert!(
            issuer.verify(&forge(&issuer, hs, |_| {})).is_some(),
            "the forge is faithful"
        );
        for alg in [
            r#"{"alg":"none","typ":"JWT"}"#,
            r#"{"alg":"HS512"}"#,
            r#"{"typ":"JWT"}"#,
            "x",
        ] {
            assert!(issuer.verify(&forge(&issuer, alg, |_| {})).is_none(), "{alg}");
        }
        let iss = forge(&issuer, hs, |c| c["iss"] = "urn:someone-else".into());
        assert!(issuer.verify(&iss).is_none(), "another issuer");
        let now = 1_700_000_000u64;
        let future = forge(&issuer, hs, |c| {
            c["iat"] = (now + IAT_SKEW_SECS + 1).into();
            c["exp"] = (now + 10_000).into();
        });
        assert!(issuer.verify(&future).is_none(), "issued in the future");
        let skewed = forge(&issuer, hs, |c| c["iat"] = (now + 60).into());
        assert!(issuer.verify(&skewed).is_some(), "a minute of skew is tolerated");
        let no_iat = forge(&issuer, hs, |c| {
            c.as_object_mut().unwrap().remove("iat");
        });
        assert!(issuer.verify(&no_iat).is_none(), "iat is required");
    }

    #[test]
    fn bearer_scheme_is_case_insensitive() {
        for (value, token) in [
            ("Bearer abc", Some("abc")),
            ("BEARER abc", Some("abc")),
            ("bearer   abc ", Some("abc")),
            ("  Bearer abc", Some("abc")),
            ("Basic abc", None),
            ("Bearer", None),
            ("Bearer   ", None),
            ("Bearerabc", None),
        ] {
            assert_eq!(bearer_token(value), token, "{value:?}");
        }
    }

    #[test]
    fn tokens_name_the_configured_resource() {
        let id = ResourceId::parse("/subscriptions/s/resourceGroups/g/providers/p/accounts/a/").unwrap();
        let issuer = TokenIssuer::new(Clock::default()).for_resource(Some(&id));
        let t = issuer.issue("k", None);
        let verified = issuer.verify(&t).unwrap();
        assert_eq!(verified.resource_id, id.as_str());
        assert_eq!(verified.region, "global");
    }
}
