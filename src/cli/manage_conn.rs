//! The connection of a management command: the client, and the local
//! service started in-process when no URL was given (its sandbox at the
//! top-level `--time-scale`); which of the store's lists belong to it.

use super::manage_args::ManageArgs;
use crate::client::RequestRecord;
use crate::client::manage::{GroupRef, ManageClient};
use crate::sandbox::syncs::{RESOURCE_GROUP as LOCAL_RESOURCE_GROUP, SUBSCRIPTION as LOCAL_SUBSCRIPTION};
use crate::session::{Failure, LocalOptions, LocalService, ManageAccess};
use crate::store::Store;
use crate::store::bulk::EndpointKey;

/// The client, and the local service it talks to when no URL was given.
/// The client, and the local service it talks to when no URL was given.
pub(super) struct Conn {
    pub client: ManageClient,
    pub local: Option<LocalService>,
    access: ManageAccess,
}

impl Conn {
    pub async fn open(args: &ManageArgs, time_scale: f64) -> Result<Conn, Failure> {
        let access = args.access();
        let local = if access.wants_local() {
            // The sandbox the workbench uses too: a refresh or migration
            // started by one run can be followed by the next.
            let options = LocalOptions {
                sandbox_at_start: true,
                ..LocalOptions::kept(Some(time_scale))
            };
            Some(LocalService::start(None, options).await?)
        } else {
            None
        };
        let builder = access.builder(local.as_ref().map(|l| (l.url(), l.key().clone())));
        let builder = if args.verbose {
            builder.observer(|r: &RequestRecord| eprintln!("glossa: {}", r.log_line()))
        } else {
            builder
        };
        Ok(Conn {
            client: builder.build()?,
            local,
            access,
        })
    }

    /// A path option, or the sandbox's demo name when talking to the local service.
    pub fn or_local(&self, given: &Option<String>, local: &str, flag: &str) -> Result<String, Failure> {
        match (given, &self.local) {
            (Some(v), _) => Ok(v.clone()),
            (None, Some(_)) => Ok(local.to_owned()),
            (None, None) => Err(Failure::usage(format!("--{flag} is required"))),
        }
    }

    /// The resource group of `--subscription` and `--resource-group`.
    pub fn group(
        &self,
        subscription: &Option<String>,
        resource_group: &Option<String>,
    ) -> Result<GroupRef, Failure> {
        Ok(GroupRef {
            subscription: self.or_local(subscription, LOCAL_SUBSCRIPTION, "subscription")?,
            resource_group: self.or_local(resource_group, LOCAL_RESOURCE_GROUP, "resource-group")?,
        })
    }

    /// Which of the store's lists belongs to this run's management endpoint.
    pub fn endpoint_key(&self) -> EndpointKey {
        match &self.local {
            Some(local) => EndpointKey::local(&local.url()),
            None => EndpointKey::remote(self.access.management()),
        }
    }

    /// The LCS endpoint the environment ids are remembered for.
    pub fn lcs_key(&self) -> String {
        lcs_key(&self.access)
    }

    /// A Location printed by an earlier run of the local service (another
    /// loopback port) is moved to this run's service; any other stays.
    pub fn local_location(&self, location: &str) -> String {
        let Some(local) = &self.local else {
            return location.to_owned();
        };
        match reqwest::Url::parse(location.trim()) {
            Ok(u)
                if u.scheme() == "http" && u.host_str().is_some_and(crate::client::endpoint::is_loopback) =>
            {
                let query = u.query().map(|q| format!("?{q}")).unwrap_or_default();
                format!("{}{}{query}", local.url().trim_end_matches('/'), u.path())
            }
            _ => location.to_owned(),
        }
    }

    pub async fn close(self) {
        if let Some(local) = self.local {
            local.stop().await;
        }
    }
}

/// `local`, or the LCS base URL the commands go to.
pub(super) fn lcs_key(access: &ManageAccess) -> String {
    access.lcs_key()
}

/// The user's store, or why it could not be opened.
pub(super) fn open_store() -> Result<Store, String> {
    let path = Store::default_path().ok_or("no data directory")?;
    Store::open(&path).map_err(|e| e.to_string())
}

/// Remembers the environment ids a refresh used (for `glossa environments
/// list` and the pickers); a store that cannot be written changes nothing.
pub(super) fn remember(conn: &Conn, project: &str, ids: &[(&str, &str)]) {
    let Ok(store) = open_store() else { return };
    for (id, role) in ids {
        if let Err(e) = store.remember_environment(&conn.lcs_key(), project, id, role) {
            tracing::warn!("environment id not remembered: {e}");
        }
    }
}

impl From<crate::store::StoreError> for Failure {
    fn from(e: crate::store::StoreError) -> Self {
        Failure::usage(format!("the store: {e}"))
    }
}
