//! The secrets file: `secrets.toml` beside `config.toml` (`GLOSSA_SECRETS`
//! names another), mode 0600, written only by `glossa config set-secret`:
//!
//! ```toml
//! [profiles.work]
//! key = "…"
//! token = "…"
//! management_token = "…"
//! ```
//!
//! It is created 0600 and replaced atomically (a 0600 temporary file renamed
//! over it). A secrets file that group or others may read is refused, as ssh
//! refuses such a private key: a warning scrolls past in a script while the
//! key stays exposed, and the fix is one `chmod`. Errors name lines, never
//! their text. The OS keyring is `keyring.rs`'s.

pub mod keyring;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::api::Secret;

/// The credentials a profile can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecretName {
    /// The Translator subscription key.
    Key,
    /// The Translator directory (bearer) token.
    Token,
    /// The management endpoints' bearer token.
    ManagementToken,
}

impl SecretName {
    pub const ALL: [SecretName; 3] = [SecretName::Key, SecretName::Token, SecretName::ManagementToken];

    /// The name in the secrets file and the keyring.
    pub fn as_str(self) -> &'static str {
        match self {
            SecretName::Key => "key",
            SecretName::Token => "token",
            SecretName::ManagementToken => "management_token",
        }
    }

    /// `key`, `token`, `management_token` (or `management-token`).
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|n| n.as_str() == s.replace('-', "_"))
    }
}

/// Why a secret could not be read or stored.
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    #[error("cannot read the secrets file {}: {source}", path.display())]
    Read { path: PathBuf, source: std::io::Error },
    #[error("cannot write the secrets file {}: {source}", path.display())]
    Write { path: PathBuf, source: std::io::Error },
    #[error(
        "the secrets file {} may be read by others (mode {mode:04o}); refusing to use it: \
         run `chmod 600 {}`",
        path.display(), path.display()
    )]
    Exposed { path: PathBuf, mode: u32 },
    #[error("the secrets file {}:{line}: {message}", path.display())]
    Malformed {
        path: PathBuf,
        line: usize,
        message: &'static str,
    },
    #[error("no secrets file: there is no config directory (set GLOSSA_SECRETS)")]
    NoPath,
    #[error("{0}")]
    Keyring(String),
}

/// The secrets file at a path.
#[derive(Clone, Debug)]
pub struct SecretsFile {
    pub path: PathBuf,
}

/// `[profiles.NAME] name = "value"` as read.
type Entries = BTreeMap<String, BTreeMap<String, Secret>>;

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct FileShape {
    #[serde(default)]
    profiles: BTreeMap<String, EntryShape>,
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryShape {
    key: Option<Secret>,
    token: Option<Secret>,
    management_token: Option<Secret>,
}

impl SecretsFile {
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self { path: path.into() }
    }

    /// The secret `name` of `profile`; `None` when the file or the entry is absent.
    pub fn get(&self, profile: &str, name: SecretName) -> Result<Option<Secret>, SecretError> {
        let mut all = self.read()?;
        Ok(all.remove(profile).and_then(|mut e| e.remove(name.as_str())))
    }

    /// Every entry (none without a file); refuses a file others may read.
    fn read(&self) -> Result<Entries, SecretError> {
        let path = &self.path;
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Entries::new()),
            Err(source) => {
                return Err(SecretError::Read {
                    path: path.clone(),
                    source,
                });
            }
        };
        check_mode(path)?;
        let shape: FileShape = toml::from_str(&text).map_err(|e| SecretError::Malformed {
            path: path.clone(),
            line: e
                .span()
                .map_or(0, |s| text[..s.start.min(text.len())].matches('\n').count() + 1),
            // Not toml's message: it may quote the line, and so the secret.
            message: "not [profiles.NAME] tables of key / token / management_token strings",
        })?;
        Ok(shape
            .profiles
            .into_iter()
            .map(|(name, e)| {
                let fields = [(SecretName::Key, e.key), (SecretName::Token, e.token)];
                let fields = fields
                    .into_iter()
                    .chain([(SecretName::ManagementToken, e.management_token)]);
                let map = fields
                    .filter_map(|(n, v)| Some((n.as_str().to_owned(), v?)))
                    .collect();
                (name, map)
            })
            .collect())
    }

    /// Stores `value` as `profile`'s `name`, keeping the other entries; the
    /// file is created 0600 and replaced atomically.
    pub fn set(&self, profile: &str, name: SecretName, value: &Secret) -> Result<(), SecretError> {
        let mut all = self.read()?;
        all.entry(profile.to_owned())
            .or_default()
            .insert(name.as_str().to_owned(), value.clone());
        self.write(&all)
    }

    fn write(&self, all: &Entries) -> Result<(), SecretError> {
        let fail = |source| SecretError::Write {
            path: self.path.clone(),
            source,
        };
        let mut profiles = toml::Table::new();
        for (name, entry) in all {
            let table = entry
                .iter()
                .map(|(k, v)| (k.clone(), toml::Value::String(v.expose().to_owned())))
                .collect();
            profiles.insert(name.clone(), toml::Value::Table(table));
        }
        let mut doc = toml::Table::new();
        doc.insert("profiles".into(), toml::Value::Table(profiles));
        let body = toml::to_string(&doc).map_err(|e| fail(std::io::Error::other(e.to_string())))?;
        let text = format!(
            "# Glossa's secrets, written by `glossa config set-secret`. Keep this file mode 0600.\n\n{body}"
        );
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let tmp = temp_beside(&self.path);
        let written = write_private(&tmp, text.as_bytes()).and_then(|()| std::fs::rename(&tmp, &self.path));
        if written.is_err() {
            let _ = std::fs::remove_file(&tmp);
        }
        written.map_err(fail)
    }
}

/// `.NAME.tmp-PID` in the same directory (a rename never crosses file systems).
pub(super) fn temp_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!(".{name}.tmp-{}", std::process::id()))
}

/// Creates `path` readable by its owner only, with `bytes`, flushed to disk.
fn write_private(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut f = options.open(path)?;
    // A stale temporary file keeps the mode it was created with.
    #[cfg(unix)]
    f.set_permissions(std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// Refuses a file group or others may read or write (unix; elsewhere the
/// user profile's ACLs apply).
fn check_mode(path: &Path) -> Result<(), SecretError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let meta = std::fs::metadata(path).map_err(|source| SecretError::Read {
            path: path.to_owned(),
            source,
        })?;
        let mode = meta.permissions().mode() & 0o777;
        if mode & 0o077 != 0 {
            return Err(SecretError::Exposed {
                path: path.to_owned(),
                mode,
            });
        }
    }
    let _ = path;
    Ok(())
}

#[cfg(test)]
#[path = "secrets/tests.rs"]
mod tests;
