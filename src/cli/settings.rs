//! The clap options as the session's plain settings, and back: a profile
//! fills the settings (`session::profile`), the command line keeps the result.

use super::{ManageArgs, ServiceArgs, WorkbenchArgs};
use crate::session::profile::{Given, Source};
use crate::session::{ManageAccess, ServiceSettings, WorkbenchSettings};

/// The matches say whether an option came from a flag, the environment or clap's default.
impl Given for clap::ArgMatches {
    fn source(&self, id: &str) -> Option<Source> {
        use clap::parser::ValueSource;
        self.value_source(id).map(|s| match s {
            ValueSource::EnvVariable => Source::Env,
            ValueSource::DefaultValue => Source::Default,
            _ => Source::Flag,
        })
    }
}

impl ServiceArgs {
    /// The settings these options give.
    pub fn settings(&self) -> ServiceSettings {
        ServiceSettings {
            endpoint: self.endpoint.clone(),
            key: self.key.clone(),
            token: self.token.clone(),
            region: self.region.clone(),
            auth: self.auth,
            key_in_query: self.key_in_query,
            auth_url: self.auth_url.clone(),
            resource_id: self.resource_id.clone(),
            attempts: self.attempts,
            deadline: self.deadline,
            concurrency: self.concurrency,
        }
    }

    /// These options set as `s` has them (`--json` and `--verbose` kept).
    pub fn set(&mut self, s: ServiceSettings) {
        let ServiceSettings {
            endpoint,
            key,
            token,
            region,
            auth,
            key_in_query,
            auth_url,
            resource_id,
            attempts,
            deadline,
            concurrency,
        } = s;
        *self = ServiceArgs {
            endpoint,
            key,
            token,
            region,
            auth,
            key_in_query,
            auth_url,
            resource_id,
            attempts,
            deadline,
            concurrency,
            ..std::mem::take(self)
        };
    }
}

impl WorkbenchArgs {
    /// The settings these options give.
    pub fn settings(&self) -> WorkbenchSettings {
        WorkbenchSettings {
            management_url: self.management_url.clone(),
            lcs_url: self.lcs_url.clone(),
            management_token: self.management_token.clone(),
            login_url: self.login_url.clone(),
            subscription: self.subscription.clone(),
            resource_group: self.resource_group.clone(),
            share_account: self.share_account.clone(),
            share: self.share.clone(),
            project: self.project.clone(),
            sync_interval: self.sync_interval,
            time_scale: self.time_scale,
            sign_in: self.sign_in,
            theme: self.theme.clone(),
            file: self.file.clone(),
        }
    }

    /// These options set as `s` has them.
    pub fn set(&mut self, s: WorkbenchSettings) {
        let WorkbenchSettings {
            management_url,
            lcs_url,
            management_token,
            login_url,
            subscription,
            resource_group,
            share_account,
            share,
            project,
            sync_interval,
            time_scale,
            sign_in,
            theme,
            file,
        } = s;
        *self = WorkbenchArgs {
            management_url,
            lcs_url,
            management_token,
            login_url,
            subscription,
            resource_group,
            share_account,
            share,
            project,
            sync_interval,
            time_scale,
            sign_in,
            theme,
            file,
        };
    }
}

impl ManageArgs {
    /// Where the command's operations go and how it signs in.
    pub fn access(&self) -> ManageAccess {
        ManageAccess {
            management_url: self.management_url.clone(),
            lcs_url: self.lcs_url.clone(),
            token: self.token.clone(),
            login_url: self.login_url.clone(),
            sign_in: self.sign_in,
        }
    }
}
