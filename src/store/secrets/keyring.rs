//! The OS keyring (macOS Keychain, Windows Credential Manager, the Secret
//! Service on Linux/BSD): service `glossa`, user `PROFILE/NAME`.
//!
//! Behind the default cargo feature `keyring` (the `keyring` crate, pure Rust:
//! zbus for the Secret Service, no system C library). Each call runs on a
//! thread of its own: with tokio-driven zbus, a blocking call from inside a
//! runtime panics ("Cannot start a runtime from within a runtime"), and a new
//! thread has no runtime whatever its caller has. Where there is no keyring
//! (no D-Bus session, a build without the feature) the error is one line
//! beginning "no OS keyring available".

use super::{SecretError, SecretName};
use crate::api::Secret;

/// The keyring's service name.
pub const SERVICE: &str = "glossa";

/// The keyring user of a profile's secret.
pub fn user(profile: &str, name: SecretName) -> String {
    format!("{profile}/{}", name.as_str())
}

/// The secret, `None` when the keyring has no such entry.
pub fn get(profile: &str, name: SecretName) -> Result<Option<Secret>, SecretError> {
    let user = user(profile, name);
    on_own_thread(move || imp::get(&user))
}

/// Stores the secret, replacing an earlier one.
pub fn set(profile: &str, name: SecretName, value: &Secret) -> Result<(), SecretError> {
    let (user, value) = (user(profile, name), value.clone());
    on_own_thread(move || imp::set(&user, &value))
}

fn on_own_thread<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, SecretError> + Send + 'static,
) -> Result<T, SecretError> {
    std::thread::spawn(f)
        .join()
        .unwrap_or_else(|_| Err(unavailable("the keyring library failed")))
}

fn unavailable(why: impl std::fmt::Display) -> SecretError {
    let line = why.to_string().replace('\n', " ");
    SecretError::Keyring(format!("no OS keyring available: {line}"))
}

#[cfg(feature = "keyring")]
mod imp {
    use keyring::{Entry, Error};

    use super::{SERVICE, SecretError, unavailable};
    use crate::api::Secret;

    fn failure(e: Error) -> SecretError {
        match e {
            Error::PlatformFailure(_) | Error::NoStorageAccess(_) => unavailable(e),
            other => SecretError::Keyring(format!(
                "the OS keyring refused: {}",
                other.to_string().replace('\n', " ")
            )),
        }
    }

    pub fn get(user: &str) -> Result<Option<Secret>, SecretError> {
        let entry = Entry::new(SERVICE, user).map_err(failure)?;
        match entry.get_password() {
            Ok(v) => Ok(Some(Secret::new(v))),
            Err(Error::NoEntry) => Ok(None),
            Err(e) => Err(failure(e)),
        }
    }

    pub fn set(user: &str, value: &Secret) -> Result<(), SecretError> {
        let entry = Entry::new(SERVICE, user).map_err(failure)?;
        entry.set_password(value.expose()).map_err(failure)
    }
}

#[cfg(not(feature = "keyring"))]
mod imp {
    use super::{SecretError, unavailable};
    use crate::api::Secret;

    const WHY: &str = "this glossa was built without the `keyring` feature";

    pub fn get(_: &str) -> Result<Option<Secret>, SecretError> {
        Err(unavailable(WHY))
    }

    pub fn set(_: &str, _: &Secret) -> Result<(), SecretError> {
        Err(unavailable(WHY))
    }
}
