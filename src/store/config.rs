//! The config file: `$XDG_CONFIG_HOME/glossa/config.toml` (`GLOSSA_CONFIG`
//! names another), a `default` profile and named `[profiles.NAME]` tables.
//!
//! A profile without `endpoint` is the embedded local engine; with one, a
//! remote Translator resource. Credentials are never values here: a profile
//! says where they come from (`"secrets"`, `"keyring"`, `{ env = "VAR" }`,
//! see [`SecretSource`]); a value in clear (`{ value = "…" }`) is refused
//! unless the profile sets `allow_plaintext_secrets = true`. No file means no
//! profiles, and `glossa` behaves exactly as without one. Resolution against
//! the command line is `session::profile`'s; the secrets file is `secrets.rs`'s.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

mod edit;
mod sources;
use super::secrets::SecretName;
use crate::client::AuthMode;
pub use edit::{save_theme, with_theme};
pub use sources::{SecretSource, TokenSetting};

/// Overrides the config file's path.
pub const CONFIG_ENV: &str = "GLOSSA_CONFIG";
/// Overrides the secrets file's path (else `secrets.toml` beside the config).
pub const SECRETS_ENV: &str = "GLOSSA_SECRETS";
/// The profile that always exists: the embedded local engine, no settings.
pub const BUILTIN_LOCAL: &str = "local";

/// Why the config could not be used (exit code 2 at the command line).
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    /// `line:column: message`; never the line's text (it might hold a pasted key).
    #[error("{}:{at}: {message}", path.display())]
    Parse {
        path: PathBuf,
        at: String,
        message: String,
    },
    #[error(
        "{}: profile {profile}: {field} is written in clear; keep it in the secrets file ({}) \
         with `glossa config set-secret {profile} {field}` (or the OS keyring with --keyring), \
         or set allow_plaintext_secrets = true in the profile",
        path.display(), secrets.display()
    )]
    Plaintext {
        path: PathBuf,
        profile: String,
        field: String,
        secrets: PathBuf,
    },
    #[error("{}: profile {profile}: {message}", path.display())]
    Invalid {
        path: PathBuf,
        profile: String,
        message: String,
    },
    #[error("no profile {name:?} ({}); known profiles: {}", where_.display(), known.join(", "))]
    UnknownProfile {
        name: String,
        where_: PathBuf,
        known: Vec<String>,
    },
}

/// The files Glossa reads; `None` when there is no config directory (no `HOME`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paths {
    pub config: Option<PathBuf>,
    pub secrets: Option<PathBuf>,
}

impl Paths {
    /// From `GLOSSA_CONFIG` / `GLOSSA_SECRETS`, else the config directory.
    pub fn from_env() -> Self {
        let var = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let config =
            var(CONFIG_ENV).or_else(|| dirs::config_dir().map(|d| d.join("glossa").join("config.toml")));
        let beside = config.as_deref().map(|c| c.with_file_name("secrets.toml"));
        Self {
            secrets: var(SECRETS_ENV).or(beside),
            config,
        }
    }
}

/// A profile: how to reach a Translator service and the management endpoints.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// A global or custom endpoint; none = the embedded local engine.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub auth: Option<AuthMode>,
    pub key_in_query: Option<bool>,
    pub auth_url: Option<String>,
    pub resource_id: Option<String>,
    /// Where the subscription key comes from (absent: the secrets file, if it has one).
    pub key: Option<SecretSource>,
    /// Where the directory bearer token comes from (`auth = "bearer"`).
    pub token: Option<SecretSource>,
    pub attempts: Option<u32>,
    pub deadline: Option<u64>,
    pub concurrency: Option<u16>,
    /// The embedded local service's sandbox clock speed.
    pub time_scale: Option<f64>,
    /// The user insists: `{ value = "…" }` sources are accepted in this profile.
    #[serde(default)]
    pub allow_plaintext_secrets: bool,
    pub management: Option<Management>,
}

/// `[profiles.NAME.management]`: the Manage tab's and the management commands' settings.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Management {
    pub url: Option<String>,
    pub lcs_url: Option<String>,
    pub login_url: Option<String>,
    pub token: Option<TokenSetting>,
    pub subscription: Option<String>,
    pub resource_group: Option<String>,
    pub share_account: Option<String>,
    pub share: Option<String>,
    pub project: Option<String>,
    pub sync_interval: Option<u64>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    default: Option<String>,
    /// The workbench's theme (`--theme` and `GLOSSA_THEME` win over it).
    theme: Option<String>,
    #[serde(default)]
    profiles: BTreeMap<String, Profile>,
}

/// The loaded config: where it came from, the default and the profiles.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub paths: Paths,
    /// Whether the config file exists (no file = no profiles).
    pub found: bool,
    pub default: Option<String>,
    /// The workbench's theme: a name or a theme file's path (checked when
    /// the workbench starts, where a bad one is a notice, not a refusal).
    pub theme: Option<String>,
    pub profiles: BTreeMap<String, Profile>,
}

/// One line of the profile list (`glossa config profiles`, the TUI's picker).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct ProfileSummary {
    pub name: String,
    /// `"local"` (the embedded engine) or `"remote"`.
    pub kind: &'static str,
    /// The endpoint's host (or the whole URL when it has none), or `embedded engine`.
    pub label: String,
    pub is_default: bool,
    /// The built-in `local` profile, not in the file.
    pub builtin: bool,
}

impl Config {
    /// The config at [`Paths::from_env`]'s paths.
    pub fn load() -> Result<Self, ConfigError> {
        Self::load_from(Paths::from_env())
    }

    /// The config at `paths`; a missing file is an empty config.
    pub fn load_from(paths: Paths) -> Result<Self, ConfigError> {
        let Some(path) = paths.config.clone() else {
            return Ok(Self {
                paths,
                ..Self::default()
            });
        };
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::parse(&text, paths),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Self {
                paths,
                ..Self::default()
            }),
            Err(source) => Err(ConfigError::Read { path, source }),
        }
    }

    /// Parses and checks a config file's text.
    pub fn parse(text: &str, paths: Paths) -> Result<Self, ConfigError> {
        let path = paths.config.clone().unwrap_or_default();
        let file: File = toml::from_str(text).map_err(|e| ConfigError::Parse {
            at: line_col(text, e.span()),
            message: e.message().trim().to_owned(),
            path: path.clone(),
        })?;
        let secrets = paths.secrets.clone().unwrap_or_default();
        for (name, profile) in &file.profiles {
            check(name, profile).map_err(|message| ConfigError::Invalid {
                path: path.clone(),
                profile: name.clone(),
                message,
            })?;
            if let Some(field) = plaintext(profile).filter(|_| !profile.allow_plaintext_secrets) {
                return Err(ConfigError::Plaintext {
                    path,
                    profile: name.clone(),
                    field: field.to_owned(),
                    secrets,
                });
            }
        }
        let config = Self {
            paths,
            found: true,
            default: file.default,
            theme: file.theme,
            profiles: file.profiles,
        };
        if let Some(d) = &config.default {
            config.profile(d)?;
        }
        Ok(config)
    }

    /// The profile `name`: one of the file's, or the built-in `local`.
    pub fn profile(&self, name: &str) -> Result<&Profile, ConfigError> {
        static LOCAL: Profile = Profile {
            endpoint: None,
            region: None,
            auth: None,
            key_in_query: None,
            auth_url: None,
            resource_id: None,
            key: None,
            token: None,
            attempts: None,
            deadline: None,
            concurrency: None,
            time_scale: None,
            allow_plaintext_secrets: false,
            management: None,
        };
        match self.profiles.get(name) {
            Some(p) => Ok(p),
            None if name == BUILTIN_LOCAL => Ok(&LOCAL),
            None => Err(ConfigError::UnknownProfile {
                name: name.to_owned(),
                where_: self.paths.config.clone().unwrap_or_default(),
                known: self.profiles().into_iter().map(|p| p.name).collect(),
            }),
        }
    }

    /// Every profile, the file's in name order and then the built-in `local`
    /// (unless the file defines one).
    pub fn profiles(&self) -> Vec<ProfileSummary> {
        let mut list: Vec<ProfileSummary> = self
            .profiles
            .iter()
            .map(|(name, p)| ProfileSummary {
                name: name.clone(),
                kind: if p.endpoint.is_some() { "remote" } else { "local" },
                label: p
                    .endpoint
                    .as_deref()
                    .map_or_else(|| "embedded engine".to_owned(), host_label),
                is_default: self.default.as_deref() == Some(name),
                builtin: false,
            })
            .collect();
        if !self.profiles.contains_key(BUILTIN_LOCAL) {
            list.push(ProfileSummary {
                name: BUILTIN_LOCAL.to_owned(),
                kind: "local",
                label: "embedded engine".to_owned(),
                is_default: false,
                builtin: true,
            });
        }
        list
    }
}

/// The host of a URL (with its port when it has one), or the text itself.
pub fn host_label(url: &str) -> String {
    reqwest::Url::parse(url)
        .ok()
        .and_then(|u| {
            u.host_str()
                .map(|h| u.port().map_or_else(|| h.to_owned(), |p| format!("{h}:{p}")))
        })
        .unwrap_or_else(|| url.to_owned())
}

/// `line:column` (1-based) of a byte span's start (TOML errors: the config, themes).
pub(crate) fn line_col(text: &str, span: Option<std::ops::Range<usize>>) -> String {
    let Some(at) = span.map(|s| s.start.min(text.len())) else {
        return "?".into();
    };
    let before = &text.as_bytes()[..at];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let col = at - before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1) + 1;
    format!("{line}:{col}")
}

/// The first secret written in clear, if any.
fn plaintext(p: &Profile) -> Option<&'static str> {
    let clear = |s: &Option<SecretSource>| matches!(s, Some(SecretSource::Value(_)));
    if clear(&p.key) {
        return Some("key");
    }
    if clear(&p.token) {
        return Some("token");
    }
    let m = p.management.as_ref().and_then(|m| m.token.as_ref());
    matches!(m, Some(TokenSetting::Stored(SecretSource::Value(_)))).then_some("management_token")
}

/// A profile name: 1 to 64 ASCII letters, digits, `-`, `_`, `.` (usable in a keyring user name).
pub fn valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

/// Where `p` says `which` comes from (`secrets`, `keyring`, `env VAR`,
/// `azure-cli`, …); `None` when it does not say.
pub fn secret_source(p: &Profile, which: SecretName) -> Option<String> {
    let stored = |s: &SecretSource| match s {
        SecretSource::Secrets => "secrets".to_owned(),
        SecretSource::Keyring => "keyring".to_owned(),
        other => other.describe(),
    };
    match which {
        SecretName::Key => p.key.as_ref().map(stored),
        SecretName::Token => p.token.as_ref().map(stored),
        SecretName::ManagementToken => p.management.as_ref()?.token.as_ref().map(|t| match t {
            TokenSetting::AzureCli => "azure-cli".to_owned(),
            TokenSetting::DeviceCode => "device-code".to_owned(),
            TokenSetting::Stored(s) => stored(s),
        }),
    }
}

/// The ranges the command line enforces, and names usable in the keyring.
fn check(name: &str, p: &Profile) -> Result<(), String> {
    if !valid_name(name) {
        return Err("a profile name is 1 to 64 letters, digits, '-', '_' or '.'".into());
    }
    let range = |what: &str, v: Option<u64>, lo: u64, hi: u64| match v {
        Some(v) if !(lo..=hi).contains(&v) => Err(format!("{what} must be {lo} to {hi}")),
        _ => Ok(()),
    };
    range("attempts", p.attempts.map(u64::from), 1, 100)?;
    range("deadline", p.deadline, 1, u64::MAX)?;
    range("concurrency", p.concurrency.map(u64::from), 1, 64)?;
    let sync = p.management.as_ref().and_then(|m| m.sync_interval);
    range("management.sync_interval", sync, 2, 3600)?;
    if let Some(t) = p.time_scale
        && !(t.is_finite() && t > 0.0 && t <= 1_000_000.0)
    {
        return Err("time_scale must be above 0 and at most 1000000".into());
    }
    Ok(())
}

/// `glossa config init`'s file: every setting, commented.
pub const TEMPLATE: &str = include_str!("config/template.toml");

/// Writes [`TEMPLATE`] to `path`, refusing to replace a file.
pub fn write_template(path: &Path) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(TEMPLATE.as_bytes())
}

#[cfg(test)]
#[path = "config/tests.rs"]
mod tests;
