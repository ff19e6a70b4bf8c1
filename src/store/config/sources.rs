//! Where a credential comes from, as a profile writes it:
//!
//! ```toml
//! key = "secrets"                  # the secrets file's [profiles.NAME] key
//! key = "keyring"                  # the OS keyring: service "glossa", user "NAME/key"
//! key = { env = "WORK_KEY" }       # an environment variable
//! key = { value = "…" }            # in clear: refused unless allow_plaintext_secrets = true
//! ```
//!
//! The management token also takes `"azure-cli"` and `"device-code"`. The
//! deserializer never repeats what it was given: a key pasted by mistake
//! (`key = "0123abcd…"`) must not come back in an error message.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};

use crate::api::Secret;

/// Where a key or token is read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SecretSource {
    /// The secrets file's entry for the profile.
    Secrets,
    /// The OS keyring's entry `PROFILE/NAME` of the service `glossa`.
    Keyring,
    /// An environment variable.
    Env(String),
    /// In the config file itself (only with `allow_plaintext_secrets`).
    Value(Secret),
}

impl SecretSource {
    /// How `glossa config` names it.
    pub fn describe(&self) -> String {
        match self {
            SecretSource::Secrets => "secrets file".into(),
            SecretSource::Keyring => "keyring".into(),
            SecretSource::Env(v) => format!("env {v}"),
            SecretSource::Value(_) => "config file, in clear".into(),
        }
    }
}

/// The management token: a stored secret, or a sign-in to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenSetting {
    /// Ask the Azure CLI (`az account get-access-token`).
    AzureCli,
    /// The device code sign-in.
    DeviceCode,
    Stored(SecretSource),
}

/// The words and tables both forms take; `sign_in` adds the management ones.
fn parse<'de, D: Deserializer<'de>>(d: D, sign_in: bool) -> Result<TokenSetting, D::Error> {
    struct V(bool);
    impl<'de> Visitor<'de> for V {
        type Value = TokenSetting;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            let extra = if self.0 {
                r#""azure-cli", "device-code", "#
            } else {
                ""
            };
            write!(f, r#"{extra}"secrets", "keyring" or {{ env = "VARIABLE" }}"#)
        }

        fn visit_str<E: de::Error>(self, s: &str) -> Result<TokenSetting, E> {
            Ok(match s {
                "secrets" => TokenSetting::Stored(SecretSource::Secrets),
                "keyring" => TokenSetting::Stored(SecretSource::Keyring),
                "azure-cli" if self.0 => TokenSetting::AzureCli,
                "device-code" if self.0 => TokenSetting::DeviceCode,
                // Not echoed: it may be the secret itself.
                _ => {
                    return Err(E::custom(format_args!(
                        "not a source: write {} (a key itself belongs in the secrets file: \
                         `glossa config set-secret`)",
                        Expecting(&self)
                    )));
                }
            })
        }

        // Numbers and the like are refused without echoing them either.
        fn visit_i64<E: de::Error>(self, _: i64) -> Result<TokenSetting, E> {
            self.visit_str("")
        }

        fn visit_u64<E: de::Error>(self, _: u64) -> Result<TokenSetting, E> {
            self.visit_str("")
        }

        fn visit_f64<E: de::Error>(self, _: f64) -> Result<TokenSetting, E> {
            self.visit_str("")
        }

        fn visit_bool<E: de::Error>(self, _: bool) -> Result<TokenSetting, E> {
            self.visit_str("")
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<TokenSetting, A::Error> {
            let Some(field) = map.next_key::<String>()? else {
                return Err(de::Error::custom(format_args!(
                    "empty table: write {}",
                    Expecting(&self)
                )));
            };
            let source = match field.as_str() {
                "env" => {
                    let var: String = map.next_value()?;
                    if var.is_empty() || var.contains(['=', '\0']) {
                        return Err(de::Error::custom("env names an environment variable"));
                    }
                    SecretSource::Env(var)
                }
                "value" => SecretSource::Value(map.next_value()?),
                _ => {
                    return Err(de::Error::custom(
                        r#"a source table is { env = "VARIABLE" } or { value = "…" }"#,
                    ));
                }
            };
            if map.next_key::<String>()?.is_some() {
                return Err(de::Error::custom("a source table has one entry"));
            }
            Ok(TokenSetting::Stored(source))
        }
    }

    /// The visitor's `expecting`, for messages.
    struct Expecting<'a>(&'a V);
    impl fmt::Display for Expecting<'_> {
        fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
            de::Visitor::expecting(self.0, f)
        }
    }

    d.deserialize_any(V(sign_in))
}

impl<'de> serde::Deserialize<'de> for SecretSource {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match parse(d, false)? {
            TokenSetting::Stored(s) => Ok(s),
            _ => Err(de::Error::custom("a sign-in is a management token source only")),
        }
    }
}

impl<'de> serde::Deserialize<'de> for TokenSetting {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        parse(d, true)
    }
}
