//! Keys and tokens: the command line's, else the profile's source read —
//! only when the run needs them, or when reporting whether they are set.

use super::{Filler, Need};
use crate::api::Secret;
use crate::session::Failure;
use crate::store::config::{Config, SecretSource};
use crate::store::secrets::{SecretError, SecretName, SecretsFile, keyring};

impl Filler<'_> {
    /// A key or token: given, else read from the profile's source when needed.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn secret(
        &mut self,
        id: &'static str,
        which: SecretName,
        env: &str,
        slot: &mut Option<Secret>,
        source: Option<&SecretSource>,
        applies: bool,
        need: Need,
    ) -> Result<(), Failure> {
        if slot.is_some() {
            let from = self.given_source(id, Some(env));
            self.record(id, "set", from);
            return Ok(());
        }
        if let Need::No(why) = need {
            self.record(id, "not used", why);
            return Ok(());
        }
        let Some((profile, _)) = self.profile else {
            self.record(id, "not set", "");
            return Ok(());
        };
        if !applies {
            self.record(
                id,
                "not used",
                format!("profile {profile}'s goes only to its own endpoint"),
            );
            return Ok(());
        }
        let (src, explicit) = source.map_or((SecretSource::Secrets, false), |s| (s.clone(), true));
        let whence = format!("{} (profile {profile})", src.describe());
        let reporting = self.report.is_some();
        match load(self.config, profile, which, &src) {
            Ok(Some(v)) => {
                *slot = Some(v);
                self.record(id, "set", whence);
            }
            Ok(None) if explicit && !reporting => return Err(Failure::usage(missing(profile, which, &src))),
            Ok(None) => self.record(id, "not set", whence),
            Err(SecretError::NoPath) if !explicit => self.record(id, "not set", whence),
            Err(e) if reporting => self.record(id, "unavailable", format!("{whence}: {e}")),
            Err(e) => {
                return Err(Failure::usage(format!(
                    "profile {profile}: {}: {e}",
                    which.as_str()
                )));
            }
        }
        Ok(())
    }
}

/// The secret from its source; `None` when the source has none.
fn load(
    config: &Config,
    profile: &str,
    which: SecretName,
    src: &SecretSource,
) -> Result<Option<Secret>, SecretError> {
    match src {
        SecretSource::Secrets => match &config.paths.secrets {
            Some(path) => SecretsFile::new(path).get(profile, which),
            None => Err(SecretError::NoPath),
        },
        SecretSource::Keyring => keyring::get(profile, which),
        SecretSource::Env(var) => Ok(std::env::var(var).ok().filter(|v| !v.is_empty()).map(Secret::new)),
        SecretSource::Value(v) => Ok(Some(v.clone())),
    }
}

/// Where to put a secret the profile says is there but is not.
fn missing(profile: &str, which: SecretName, src: &SecretSource) -> String {
    let name = which.as_str();
    match src {
        SecretSource::Env(var) => {
            format!("profile {profile}: {name}: the environment variable {var} is not set")
        }
        SecretSource::Keyring => format!(
            "profile {profile}: no {name} in the OS keyring; store it with `glossa config set-secret {profile} {name} --keyring`"
        ),
        _ => format!(
            "profile {profile}: no {name} in the secrets file; store it with `glossa config set-secret {profile} {name}`"
        ),
    }
}
