//! Carries out the Manage tab's requests ([`ManageOutcome`]) with the
//! management client, each in its own task; the answers come back as
//! [`Msg::Manage`]. The only IO of the Manage tab besides storing the
//! watched migrations (`watch_store.rs`).

use tokio::sync::mpsc::UnboundedSender;

use crate::api::manage::DatabaseRefreshResult;
use crate::client::manage::{ManageClient, ManageError, Poll, ShareRef, VmRef, clean_cell};
use crate::tui::effect::Msg;
use crate::tui::tabs::manage::{Accepted, ManageField, ManageOutcome, ManageReply, Polled, SyncsLoad, View};

/// The resources the Manage tab works on (flags, environment, or the
/// sandbox's demo names).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ManageTarget {
    pub subscription: Option<String>,
    pub resource_group: Option<String>,
    pub account: Option<String>,
    pub share: Option<String>,
    pub project: Option<String>,
}

impl ManageTarget {
    /// The local sandbox's seeded resources (README "Management sandbox").
    pub fn sandbox() -> Self {
        use crate::sandbox::{lcs, syncs};
        Self {
            subscription: Some(syncs::SUBSCRIPTION.to_owned()),
            resource_group: Some(syncs::RESOURCE_GROUP.to_owned()),
            account: Some(syncs::ACCOUNT.to_owned()),
            share: Some(syncs::DEMO_SHARE.to_owned()),
            project: Some(lcs::PROJECT_ID.to_string()),
        }
    }

    /// Values given by the user win over `other`'s.
    pub fn or(self, other: ManageTarget) -> Self {
        Self {
            subscription: self.subscription.or(other.subscription),
            resource_group: self.resource_group.or(other.resource_group),
            account: self.account.or(other.account),
            share: self.share.or(other.share),
            project: self.project.or(other.project),
        }
    }

    fn need<'a>(v: &'a Option<String>, flag: &str, env: &str) -> Result<&'a str, String> {
        v.as_deref()
            .ok_or_else(|| format!("no {flag}: start with --{flag} or set {env}"))
    }

    pub(super) fn share_ref(&self) -> Result<ShareRef, String> {
        Ok(ShareRef {
            subscription: Self::need(&self.subscription, "subscription", "GLOSSA_SUBSCRIPTION")?.to_owned(),
            resource_group: Self::need(&self.resource_group, "resource-group", "GLOSSA_RESOURCE_GROUP")?
                .to_owned(),
            account: Self::need(&self.account, "share-account", "GLOSSA_SHARE_ACCOUNT")?.to_owned(),
            share: Self::need(&self.share, "share", "GLOSSA_SHARE")?.to_owned(),
        })
    }

    pub(super) fn vm_ref(&self, vm: String) -> Result<VmRef, String> {
        Ok(VmRef {
            subscription: Self::need(&self.subscription, "subscription", "GLOSSA_SUBSCRIPTION")?.to_owned(),
            resource_group: Self::need(&self.resource_group, "resource-group", "GLOSSA_RESOURCE_GROUP")?
                .to_owned(),
            vm,
        })
    }
}

/// The management client (or why there is none) and the resources.
pub struct ManageExec {
    pub client: Result<ManageClient, String>,
    pub target: ManageTarget,
    /// Where the LCS environments used are remembered (`local` or the URL).
    pub lcs_key: String,
    /// The embedded sandbox answers (its demo environments are offered).
    pub local: bool,
}

/// Whether a failed poll means the operation failed (the service said so,
/// or the Location cannot be used) rather than that it could not be asked.
fn poll_is_final(e: &ManageError) -> bool {
    match e {
        ManageError::Cloud { .. } | ManageError::Input(_) | ManageError::DataShare { .. } => true,
        ManageError::Http { status, .. } => {
            (400..500).contains(status) && !matches!(status, 401 | 403 | 408 | 429)
        }
        _ => false,
    }
}

impl ManageExec {
    /// Starts carrying out `outcome`; keys-only outcomes do nothing.
    pub fn execute(&self, outcome: ManageOutcome, tx: &UnboundedSender<Msg>) {
        let client = match &self.client {
            Ok(c) => c.clone(),
            Err(e) => return self.unavailable(outcome, e, tx),
        };
        let target = self.target.clone();
        let tx = tx.clone();
        let send = move |reply| {
            let _ = tx.send(Msg::Manage(reply));
        };
        let Some(outcome) = super::manage_bulk::execute(&client, &target, outcome, send.clone()) else {
            return;
        };
        match outcome {
            ManageOutcome::LoadSyncs {
                filter,
                orderby,
                next,
            } => {
                let load = if next.is_some() {
                    SyncsLoad::More
                } else {
                    SyncsLoad::Fresh
                };
                tokio::spawn(async move {
                    let result = syncs(&client, &target, &filter, &orderby, next).await;
                    let query = (filter, orderby);
                    send(ManageReply::Syncs { load, query, result });
                });
            }
            ManageOutcome::ReloadSyncs { filter, orderby } => {
                tokio::spawn(async move {
                    let result = syncs(&client, &target, &filter, &orderby, None).await;
                    let (query, load) = ((filter, orderby), SyncsLoad::Merge);
                    send(ManageReply::Syncs { load, query, result });
                });
            }
            ManageOutcome::Refresh(r) => {
                tokio::spawn(async move {
                    let project = r.project_id.to_string();
                    let result = match client.refresh(&project, &r.source, &r.target).await {
                        Ok(started) => Ok(started.result),
                        Err(ManageError::RefreshRefused { message, activity_id }) => {
                            Ok(DatabaseRefreshResult {
                                is_success: false,
                                operation_activity_id: activity_id,
                                error_message: Some(message),
                                version_eol: None,
                            })
                        }
                        Err(e) => Err(e.to_string()),
                    };
                    send(ManageReply::Refreshed(result));
                });
            }
            ManageOutcome::RefreshStatus {
                project,
                environment,
                activity,
            } => {
                tokio::spawn(async move {
                    let result = client.refresh_status(&project, &environment, &activity).await;
                    let result = result.map_err(|e| e.to_string());
                    send(ManageReply::RefreshStatus { activity, result });
                });
            }
            ManageOutcome::Migrate { vm, input } => {
                tokio::spawn(async move {
                    let result = match target.vm_ref(vm.clone()) {
                        Ok(vm_ref) => client
                            .migrate(&vm_ref, &input)
                            .await
                            .map(|m| Accepted {
                                location: m.location,
                                status_url: m.async_operation,
                                retry_after: m.retry_after,
                            })
                            .map_err(|e| e.to_string()),
                        Err(e) => Err(e),
                    };
                    send(ManageReply::Migration { vm, result });
                });
            }
            ManageOutcome::PollMigration { id, status_url } => {
                tokio::spawn(async move {
                    let result = poll(&client, &id, status_url.as_deref()).await;
                    send(ManageReply::Polled { id, result });
                });
            }
            ManageOutcome::Ignored
            | ManageOutcome::Handled
            | ManageOutcome::Copy { .. }
            | ManageOutcome::Pause(_)
            | ManageOutcome::Forget(_)
            | ManageOutcome::ForgetRefresh(_)
            | ManageOutcome::MigrateSet { .. }
            | ManageOutcome::ListVms { .. }
            | ManageOutcome::ListShares
            | ManageOutcome::UseShare(_)
            | ManageOutcome::ListEnvironments { .. }
            | ManageOutcome::BulkStart { .. }
            | ManageOutcome::BulkLook { .. } => {}
        }
    }

    /// No client: every request answers with the reason at once.
    fn unavailable(&self, outcome: ManageOutcome, why: &str, tx: &UnboundedSender<Msg>) {
        let e = why.to_owned();
        let reply = match outcome {
            ManageOutcome::LoadSyncs {
                next,
                filter,
                orderby,
            } => ManageReply::Syncs {
                load: if next.is_some() {
                    SyncsLoad::More
                } else {
                    SyncsLoad::Fresh
                },
                query: (filter, orderby),
                result: Err(e),
            },
            ManageOutcome::ReloadSyncs { filter, orderby } => ManageReply::Syncs {
                load: SyncsLoad::Merge,
                query: (filter, orderby),
                result: Err(e),
            },
            ManageOutcome::Refresh(_) => ManageReply::Refreshed(Err(e)),
            ManageOutcome::RefreshStatus { activity, .. } => ManageReply::RefreshStatus {
                activity,
                result: Err(e),
            },
            ManageOutcome::Migrate { vm, .. } => ManageReply::Migration { vm, result: Err(e) },
            ManageOutcome::MigrateSet { .. } => ManageReply::BulkCreated(Err(e)),
            ManageOutcome::ListShares => ManageReply::Choices {
                field: ManageField {
                    view: View::Syncs,
                    field: 0,
                },
                title: "Shares".into(),
                result: Err(e),
            },
            ManageOutcome::ListVms { field } => ManageReply::Choices {
                field: ManageField {
                    view: View::Migrations,
                    field,
                },
                title: "Virtual machines".into(),
                result: Err(e),
            },
            ManageOutcome::PollMigration { id, .. } => ManageReply::Polled {
                id,
                result: Polled::Unreachable(e),
            },
            _ => return,
        };
        let _ = tx.send(Msg::Manage(reply));
    }
}

/// One look at a migration: its status URL when there is one (with the
/// progress), else — or when that cannot be read — its Location.
async fn poll(client: &ManageClient, location: &str, status_url: Option<&str>) -> Polled {
    if let Some(url) = status_url
        && let Ok((s, retry_after)) = client.operation_status(url).await
    {
        return match s.status.as_str() {
            "Succeeded" => Polled::Done,
            "Failed" | "Canceled" => Polled::Failed(match &s.error {
                Some(e) => clean_cell(&format!("{} {}: {}", s.status, e.code, e.message)),
                None => clean_cell(&s.status),
            }),
            _ => Polled::Running {
                retry_after,
                percent: s.percent_complete.filter(|p| p.is_finite()),
            },
        };
    }
    match client.poll_migration(location).await {
        Ok(Poll::Running { retry_after }) => Polled::Running {
            retry_after,
            percent: None,
        },
        Ok(Poll::Done) => Polled::Done,
        Err(e) if poll_is_final(&e) => Polled::Failed(e.to_string()),
        Err(e) => Polled::Unreachable(e.to_string()),
    }
}

async fn syncs(
    client: &ManageClient,
    target: &ManageTarget,
    filter: &Option<String>,
    orderby: &Option<String>,
    next: Option<String>,
) -> Result<(crate::api::manage::ShareSynchronizationList, Option<u64>), String> {
    let mut pager = match next {
        Some(link) => client.synchronizations_from(&link),
        None => {
            let share = target.share_ref()?;
            client.list_synchronizations(&share, filter.as_deref(), orderby.as_deref())
        }
    }
    .map_err(|e| e.to_string())?;
    match pager.next_page().await {
        Ok(Some(page)) => Ok((page.list, page.remaining_reads)),
        Ok(None) => Ok(Default::default()),
        Err(e) => Err(e.to_string()),
    }
}

/// How the Manage tab is reached in this run.
pub struct ManageSetup {
    pub exec: ManageExec,
    /// Which list of the store keeps its watched migrations.
    pub watches: crate::tui::runtime::watch_store::WatchStore,
    /// "local sandbox" or the management host, for the status line.
    pub label: String,
    /// The sandbox clock's speed-up, 1 for real endpoints.
    pub time_scale: f64,
}

impl ManageSetup {
    /// The embedded local service's sandbox, unless management URLs were
    /// given or the translator is remote; then the real endpoints with a
    /// token from the options, the Azure CLI or the device code sign-in.
    pub fn new(
        session: &crate::session::Session,
        args: &crate::session::WorkbenchSettings,
        tx: &UnboundedSender<Msg>,
    ) -> Self {
        use crate::tui::runtime::watch_store::WatchStore;
        let user = ManageTarget {
            subscription: args.subscription.clone(),
            resource_group: args.resource_group.clone(),
            account: args.share_account.clone(),
            share: args.share.clone(),
            project: args.project.clone(),
        };
        let access = args.access();
        let local = access.wants_local().then(|| session.local_access()).flatten();
        let (target, watches, label, time_scale) = match &local {
            Some((url, _)) => (
                user.or(ManageTarget::sandbox()),
                WatchStore::local(url),
                "local sandbox".to_owned(),
                args.time_scale,
            ),
            None => {
                let management = access.management();
                let label = reqwest::Url::parse(management)
                    .ok()
                    .and_then(|u| u.host_str().map(str::to_owned))
                    .unwrap_or_else(|| management.to_owned());
                (user, WatchStore::remote(management), label, 1.0)
            }
        };
        let is_local = local.is_some();
        let builder = access.builder(local);
        let (log, notice) = (tx.clone(), tx.clone());
        let client = builder
            .observer(move |r| {
                let _ = log.send(Msg::Request(r.clone()));
            })
            .prompt(move |text| {
                let _ = notice.send(Msg::Notice(text.to_owned()));
            })
            .build()
            .map_err(|e| e.to_string());
        ManageSetup {
            exec: ManageExec {
                client,
                target,
                lcs_key: access.lcs_key(),
                local: is_local,
            },
            watches,
            label,
            time_scale,
        }
    }
}
