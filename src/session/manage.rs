//! The management client's set-up, for the Manage tab and for
//! `glossa syncs | refresh | migrate`: the local service's sandbox (tokens
//! from its issueToken), or the real endpoints with a token from the
//! settings, the Azure CLI or the device code sign-in.

use crate::api::Secret;
use crate::client::manage::{MANAGEMENT_URL, ManageClient, ManageClientBuilder, SignIn, TokenSource};

/// Where the management operations go and how to sign in.
#[derive(Clone, Debug, Default)]
pub struct ManageAccess {
    /// The resource-management (ARM) base URL [https://management.azure.com].
    pub management_url: Option<String>,
    /// The LCS API base URL [the client's default].
    pub lcs_url: Option<String>,
    /// A bearer token for both.
    pub token: Option<Secret>,
    /// The directory sign-in address for the device code flow.
    pub login_url: Option<String>,
    /// The sign-in a profile asked for when there is no token.
    pub sign_in: Option<SignIn>,
}

impl ManageAccess {
    /// No URL given: the local service's sandbox is meant.
    pub fn wants_local(&self) -> bool {
        self.management_url.is_none() && self.lcs_url.is_none()
    }

    /// Where the LCS environments used are remembered: `local`, or the LCS
    /// base URL the requests go to.
    pub fn lcs_key(&self) -> String {
        match self.wants_local() {
            true => "local".to_owned(),
            false => self
                .lcs_url
                .clone()
                .unwrap_or_else(|| crate::client::manage::LCS_URL.to_owned())
                .trim_end_matches('/')
                .to_owned(),
        }
    }

    /// The ARM base URL the client goes to when not local.
    pub fn management(&self) -> &str {
        self.management_url.as_deref().unwrap_or(MANAGEMENT_URL)
    }

    /// The client's builder: with `local` (the local service's base URL and
    /// key) its sandbox answers both APIs; else these endpoints. The caller
    /// adds its observer (and prompt) and builds.
    pub fn builder(&self, local: Option<(String, Secret)>) -> ManageClientBuilder {
        match local {
            Some((url, key)) => ManageClient::builder(TokenSource::LocalService {
                base: url.clone(),
                key,
            })
            .management_url(&url)
            .lcs_url(&url),
            None => {
                let source =
                    TokenSource::choose_with(self.token.clone(), self.login_url.as_deref(), self.sign_in);
                let b = ManageClient::builder(source).management_url(self.management());
                match &self.lcs_url {
                    Some(u) => b.lcs_url(u),
                    None => b,
                }
            }
        }
    }
}
