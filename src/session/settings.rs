//! The settings a session is made from, as plain data: what the command
//! line gave (converted by `cli`), filled from a config profile
//! (`profile`), read by [`super::Session::connect`] and the workbench.

use super::manage::ManageAccess;
use crate::api::Secret;
use crate::client::AuthMode;
use crate::client::manage::SignIn;

/// How the client reaches a Translator service.
#[derive(Clone, Debug, Default)]
pub struct ServiceSettings {
    /// The endpoint; without one, the embedded local service.
    pub endpoint: Option<String>,
    pub key: Option<Secret>,
    /// A directory-issued bearer token (auth bearer).
    pub token: Option<Secret>,
    pub region: Option<String>,
    /// Key when not set.
    pub auth: Option<AuthMode>,
    pub key_in_query: bool,
    /// The token service's base URL.
    pub auth_url: Option<String>,
    /// Ocp-Apim-ResourceId for a directory bearer token.
    pub resource_id: Option<String>,
    /// Attempts per request [6].
    pub attempts: Option<u32>,
    /// Seconds per request, retries included [120].
    pub deadline: Option<u64>,
    /// Requests on the wire at once [4].
    pub concurrency: Option<u16>,
}

/// The workbench's own settings: where its Manage tab goes and how the
/// embedded local service runs.
#[derive(Clone, Debug)]
pub struct WorkbenchSettings {
    /// The resource-management (ARM) base URL.
    pub management_url: Option<String>,
    pub lcs_url: Option<String>,
    pub management_token: Option<Secret>,
    /// The directory sign-in address for the device code flow.
    pub login_url: Option<String>,
    pub subscription: Option<String>,
    pub resource_group: Option<String>,
    pub share_account: Option<String>,
    pub share: Option<String>,
    pub project: Option<String>,
    /// Seconds between auto-refreshes of the synchronizations list.
    pub sync_interval: u64,
    /// The embedded local service's sandbox clock speed-up.
    pub time_scale: f64,
    /// The sign-in a profile asked for when there is no management token.
    pub sign_in: Option<SignIn>,
    /// `--theme` / `GLOSSA_THEME`: a theme's name or a theme file's path.
    pub theme: Option<String>,
    /// The text file opened as the source (`glossa FILE`).
    pub file: Option<std::path::PathBuf>,
}

/// `--sync-interval` without the flag or a profile.
pub const DEFAULT_SYNC_INTERVAL: u64 = 30;

impl Default for WorkbenchSettings {
    /// As the command line has them with no flag given.
    fn default() -> Self {
        Self {
            management_url: None,
            lcs_url: None,
            management_token: None,
            login_url: None,
            subscription: None,
            resource_group: None,
            share_account: None,
            share: None,
            project: None,
            sync_interval: DEFAULT_SYNC_INTERVAL,
            time_scale: 1.0,
            sign_in: None,
            theme: None,
            file: None,
        }
    }
}

impl WorkbenchSettings {
    /// Where the Manage tab's operations go and how it signs in.
    pub fn access(&self) -> ManageAccess {
        ManageAccess {
            management_url: self.management_url.clone(),
            lcs_url: self.lcs_url.clone(),
            token: self.management_token.clone(),
            login_url: self.login_url.clone(),
            sign_in: self.sign_in,
        }
    }
}
