//! The Manage tab's clock and replies: what is due (the syncs'
//! auto-refresh, the followed refresh's status, each watched migration's
//! next poll), what is out on the wire, and the answers coming back.
//!
//! # Data flow
//!
//! The caller asks [`ManageTab::next_due`] for its next wake-up, calls
//! [`ManageTab::tick`] then and carries out the [`ManageOutcome`]s it gets
//! (as it does for keys, after [`ManageTab::sent`] noted them); the
//! answers come back as [`ManageReply`]s to [`ManageTab::reply`], which may
//! return a toast. Nothing here waits or does IO: times are passed in, as a
//! monotonic `Instant` for the timers and unix seconds for what is shown and
//! stored.

use std::time::{Duration, Instant};

use super::migrations::WatchStatus;
use super::{ManageOutcome, ManageTab, View};
use crate::api::manage::{DatabaseRefreshResult, OperationStatusResult, ShareSynchronizationList};
use crate::client::manage::PollTiming;
use crate::tui::widgets::toast::Kind;

/// How a page of synchronizations is taken in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncsLoad {
    /// A first page replacing the rows (a load, `r`, a new filter or sort).
    Fresh,
    /// The page at `nextLink`, appended.
    More,
    /// The auto-refresh's first page, merged into the rows.
    Merge,
}

/// One look at a watched migration.
#[derive(Clone, Debug, PartialEq)]
pub enum Polled {
    /// Still running; poll again after `Retry-After`, if sent. The
    /// percentage comes from an `Azure-AsyncOperation` status.
    Running {
        retry_after: Option<Duration>,
        percent: Option<f64>,
    },
    /// 200/204.
    Done,
    /// The operation failed (its CloudError).
    Failed(String),
    /// The poll itself failed (network, token): the operation's state is
    /// unknown, so the watch goes on later.
    Unreachable(String),
}

/// An answer from the management service.
#[derive(Debug)]
pub enum ManageReply {
    Syncs {
        load: SyncsLoad,
        /// The `$filter` and `$orderby` it was asked with: an answer to an
        /// older query (the filter or sort changed meanwhile) is dropped.
        query: (Option<String>, Option<String>),
        /// The page and its remaining-reads header.
        result: Result<(ShareSynchronizationList, Option<u64>), String>,
    },
    /// The refresh call (`IsSuccess` false is an answer, not an error).
    Refreshed(Result<DatabaseRefreshResult, String>),
    /// A followed refresh's status read (its activity).
    RefreshStatus {
        activity: String,
        result: Result<OperationStatusResult, String>,
    },
    /// The migrate call's answer.
    Migration {
        vm: String,
        result: Result<Accepted, String>,
    },
    Polled {
        id: String,
        result: Polled,
    },
    /// Values for a form field's picker (code, name, note), or why none.
    Choices {
        field: super::ManageField,
        title: String,
        result: Result<Vec<crate::tui::overlays::picker::Item>, String>,
    },
    /// The bulk made from an availability set's VMs, or why not.
    BulkCreated(Result<crate::client::manage::BulkMigration, String>),
    /// A bulk VM's start; `delay` until its first look.
    BulkStarted {
        bulk: String,
        vm: String,
        result: Result<crate::client::manage::Migration, crate::client::manage::ManageError>,
        delay: Duration,
    },
    /// A look at a bulk VM; `delay` until the next.
    BulkLooked {
        bulk: String,
        vm: String,
        result: Result<crate::client::manage::Look, crate::client::manage::ManageError>,
        delay: Duration,
    },
}

/// An accepted migration.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Accepted {
    /// `None` when it finished at once (200).
    pub location: Option<String>,
    /// `Azure-AsyncOperation`, when sent.
    pub status_url: Option<String>,
    pub retry_after: Option<Duration>,
}

/// A poll whose answer did not come (`Polled::Unreachable`) is tried again after this.
const UNREACHABLE_RETRY: i64 = 30;

/// What is due and what is out.
#[derive(Debug)]
pub struct Timers {
    /// When the syncs were last answered (the auto-refresh counts from it).
    syncs_at: Option<Instant>,
    syncs_out: bool,
    /// Followed refreshes with a status read on the wire, and how often
    /// each is read.
    reading: Vec<String>,
    pub refresh_every: Duration,
    /// Watched migrations with a poll on the wire.
    polling: Vec<String>,
    /// Bulk VMs (bulk id, VM) with a start or a look on the wire.
    bulk_out: Vec<(String, String)>,
    pub timing: PollTiming,
    /// The watched list changed since it was last stored.
    save: bool,
}

impl Default for Timers {
    fn default() -> Self {
        Self {
            syncs_at: None,
            syncs_out: false,
            reading: Vec::new(),
            refresh_every: Duration::from_secs(10),
            polling: Vec::new(),
            bulk_out: Vec::new(),
            timing: PollTiming::default(),
            save: false,
        }
    }
}

impl Timers {
    /// A bulk VM's request came back.
    fn back(&mut self, bulk: &str, vm: &str) {
        self.bulk_out.retain(|(b, v)| !(b == bulk && v == vm));
    }
}

fn secs(d: Duration) -> i64 {
    i64::try_from(d.as_secs()).unwrap_or(i64::MAX)
}

impl ManageTab {
    /// Notes a request about to go out (from a key or a tick), so it is
    /// not asked for again while it runs.
    pub fn sent(&mut self, outcome: &ManageOutcome) {
        let t = &mut self.timers;
        match outcome {
            ManageOutcome::LoadSyncs { .. } | ManageOutcome::ReloadSyncs { .. } => t.syncs_out = true,
            ManageOutcome::Refresh(r) => self.refresh.pending = Some(r.clone()),
            ManageOutcome::RefreshStatus { activity, .. } if !t.reading.contains(activity) => {
                t.reading.push(activity.clone());
            }
            ManageOutcome::ForgetRefresh(_) => t.save = true,
            ManageOutcome::BulkStart { bulk, vm_ref, .. } => {
                t.bulk_out.push((bulk.clone(), vm_ref.vm.clone()))
            }
            ManageOutcome::BulkLook { bulk, vm, .. } => t.bulk_out.push((bulk.clone(), vm.clone())),
            ManageOutcome::PollMigration { id, .. } if !t.polling.contains(id) => t.polling.push(id.clone()),
            ManageOutcome::Forget(_) => t.save = true,
            _ => {}
        }
    }

    /// When the syncs are due: at once before the first load, then every
    /// interval after the last answer; never while paused, loading, or out of sight.
    fn syncs_due(&self, visible: bool) -> Option<Instant> {
        let t = &self.timers;
        if !visible || self.view != View::Syncs || self.syncs.paused || t.syncs_out {
            return None;
        }
        match t.syncs_at {
            None => Some(Instant::now() - Duration::from_millis(1)),
            Some(at) => Some(at + self.syncs.interval),
        }
    }

    /// The next status read of a followed refresh (unix seconds).
    fn refresh_due(&self) -> Option<i64> {
        let reading = &self.timers.reading;
        let followed = self.refresh.followed().iter();
        let next = followed.filter(|f| !reading.contains(&f.activity));
        next.filter_map(|f| f.next_read).min()
    }

    /// The next moment something is due. `visible`: the tab is shown (the
    /// auto-refresh and the countdowns run only then; polls always do).
    pub fn next_due(&self, now: Instant, unix: i64, visible: bool) -> Option<Instant> {
        let at = |t: i64| now + Duration::from_secs(u64::try_from(t - unix).unwrap_or(0));
        let polls = self
            .migrations
            .watched()
            .iter()
            .filter(|w| !self.timers.polling.contains(&w.id))
            .filter_map(|w| w.next_poll)
            .min()
            .map(at);
        let reads = self.refresh_due().map(at);
        let bulks = (self.migrations.bulk_wake_ms(unix * 1000, &self.timers.bulk_out))
            .map(|ms| now + Duration::from_millis(u64::try_from(ms - unix * 1000).unwrap_or(0)));
        // The elapsed times and countdowns on screen move once a second.
        let clock = (visible
            && self.view == View::Migrations
            && self.migrations.watched().iter().any(|w| !w.status.is_final()))
        .then(|| now + Duration::from_secs(1));
        [self.syncs_due(visible), reads, polls, bulks, clock]
            .into_iter()
            .flatten()
            .min()
    }

    /// Time passed: the requests now due, already noted as sent.
    pub fn tick(&mut self, now: Instant, unix: i64, visible: bool) -> Vec<ManageOutcome> {
        self.migrations.set_now(unix);
        let mut out = Vec::new();
        if self.syncs_due(visible).is_some_and(|t| t <= now) {
            // The first load shows "loading"; the auto-refresh merges quietly.
            out.push(match self.timers.syncs_at {
                None => self.syncs.reload(),
                Some(_) => self.syncs.auto_reload(),
            });
        }
        let reading = &self.timers.reading;
        let reads = self.refresh.due(unix).into_iter();
        out.extend(reads.filter(|f| !reading.contains(&f.activity)).map(|f| f.read()));
        out.extend(self.migrations.bulk_due(unix * 1000, &self.timers.bulk_out));
        let due: Vec<&str> = self.migrations.due(unix);
        out.extend(
            self.migrations
                .watched()
                .iter()
                .filter(|w| due.contains(&w.id.as_str()) && !self.timers.polling.contains(&w.id))
                .map(|w| w.poll()),
        );
        for o in &out {
            self.sent(o);
        }
        out
    }

    /// The `$filter` and `$orderby` the syncs are shown with now.
    pub fn syncs_query(&self) -> (Option<String>, Option<String>) {
        (self.syncs.filter_request(), self.syncs.orderby())
    }

    /// Whether the watched migrations changed since the last call (store them).
    pub fn take_save(&mut self) -> bool {
        std::mem::take(&mut self.timers.save)
    }

    /// An answer came back; returns a toast for things that finished.
    pub fn reply(&mut self, reply: ManageReply, now: Instant, unix: i64) -> Option<(String, Kind)> {
        self.migrations.set_now(unix);
        match reply {
            ManageReply::Syncs { load, query, result } => {
                self.timers.syncs_out = false;
                if query != self.syncs_query() {
                    return None;
                }
                self.timers.syncs_at = Some(now);
                match (load, result) {
                    (SyncsLoad::Fresh, Ok((list, reads))) => self.syncs.loaded(list, reads),
                    (SyncsLoad::More, Ok((list, reads))) => self.syncs.loaded_more(list, reads),
                    (SyncsLoad::Merge, Ok((list, reads))) => self.syncs.merged(list, reads),
                    (_, Err(e)) => self.syncs.failed(e),
                }
                None
            }
            ManageReply::Refreshed(Ok(r)) => {
                let accepted = r.is_success;
                self.refresh.result(r, unix);
                self.timers.save |= accepted;
                None
            }
            ManageReply::Refreshed(Err(e)) => {
                self.refresh.failed(e);
                None
            }
            ManageReply::RefreshStatus { activity, result } => {
                self.timers.reading.retain(|a| *a != activity);
                let every = secs(self.timers.refresh_every).max(1);
                match result {
                    Ok(s) => {
                        let ended = self.refresh.status_update(&activity, s, unix, every);
                        let toast = ended.map(refresh_toast);
                        self.timers.save |= toast.is_some();
                        toast
                    }
                    Err(e) => {
                        self.refresh.status_unread(&activity, e.clone(), unix, every);
                        Some((format!("Refresh status not read: {e}"), Kind::Error))
                    }
                }
            }
            ManageReply::Migration { vm, result } => self.migration_started(vm, result, unix),
            ManageReply::Polled { id, result } => self.polled(&id, result, unix),
            // The component turns them into a picker first.
            ManageReply::Choices { result: Err(e), .. } => {
                Some((format!("Nothing to pick: {e}"), Kind::Error))
            }
            ManageReply::Choices { .. } => None,
            ManageReply::BulkCreated(Ok(bulk)) => {
                let text = format!("Migrating {} VM(s) of {}", bulk.vms.len(), bulk.availability_set);
                self.migrations.bulk_created(bulk);
                self.timers.save = true;
                Some((text, Kind::Info))
            }
            ManageReply::BulkCreated(Err(e)) => {
                self.migrations.set_refused(&e);
                Some((format!("Bulk migration not started: {e}"), Kind::Error))
            }
            ManageReply::BulkStarted {
                bulk,
                vm,
                result,
                delay,
            } => {
                self.timers.bulk_out.retain(|(b, v)| !(*b == bulk && *v == vm));
                self.migrations
                    .bulk_started(&bulk, &vm, result, delay, unix * 1000);
                self.timers.save = true;
                None
            }
            ManageReply::BulkLooked {
                bulk,
                vm,
                result,
                delay,
            } => {
                self.timers.back(&bulk, &vm);
                let ended = self
                    .migrations
                    .bulk_looked(&bulk, &vm, result, delay, unix * 1000);
                let toast = ended.map(|b| {
                    let c = b.counts();
                    let kind = if c.failed > 0 { Kind::Error } else { Kind::Ok };
                    let text = format!(
                        "{}: {} succeeded, {} failed",
                        b.availability_set, c.succeeded, c.failed
                    );
                    (text, kind)
                });
                self.timers.save = true;
                toast
            }
        }
    }

    fn migration_started(
        &mut self,
        vm: String,
        result: Result<Accepted, String>,
        unix: i64,
    ) -> Option<(String, Kind)> {
        match result {
            Ok(Accepted {
                location: Some(location),
                status_url,
                retry_after,
            }) => {
                let wait = self.timers.timing.delay(retry_after);
                self.migrations
                    .watch(location.clone(), vm.clone(), unix, wait.as_secs());
                self.migrations.set_status_url(&location, status_url);
                self.timers.save = true;
                Some((format!("Migration of {vm} accepted"), Kind::Info))
            }
            Ok(Accepted { location: None, .. }) => {
                let id = format!("{vm}@{unix}");
                self.migrations.watch(id.clone(), vm.clone(), unix, 0);
                self.migrations.update(&id, WatchStatus::Succeeded, unix, None);
                self.timers.save = true;
                Some((format!("{vm} migrated"), Kind::Ok))
            }
            Err(e) => {
                self.migrations.refused(&e);
                Some((format!("Migration of {vm} refused: {e}"), Kind::Error))
            }
        }
    }

    fn polled(&mut self, id: &str, result: Polled, unix: i64) -> Option<(String, Kind)> {
        self.timers.polling.retain(|p| p != id);
        let vm = self.migrations.watched().iter().find(|w| w.id == id)?.vm.clone();
        let toast = match result {
            Polled::Running { retry_after, percent } => {
                let wait = secs(self.timers.timing.delay(retry_after));
                let running = WatchStatus::Running { percent };
                self.migrations.update(id, running, unix, Some(unix + wait));
                None
            }
            Polled::Unreachable(e) => {
                // The last known progress stays.
                let running = match self.migrations.watched().iter().find(|w| w.id == id) {
                    Some(w) if !w.status.is_final() => w.status.clone(),
                    _ => WatchStatus::Running { percent: None },
                };
                self.migrations
                    .update(id, running, unix, Some(unix + UNREACHABLE_RETRY));
                Some((format!("{vm}: poll failed ({e}); trying again"), Kind::Error))
            }
            Polled::Done => {
                self.migrations.update(id, WatchStatus::Succeeded, unix, None);
                Some((format!("{vm} migrated to the scale set"), Kind::Ok))
            }
            Polled::Failed(e) => {
                self.migrations
                    .update(id, WatchStatus::Failed(e.clone()), unix, None);
                Some((format!("{vm} migration failed: {e}"), Kind::Error))
            }
        };
        self.timers.save = true;
        toast
    }
}

/// What a toast says of a followed refresh that ended.
fn refresh_toast(f: &super::refresh_follow::Followed) -> (String, Kind) {
    use crate::api::manage::OperationStatus;
    match (f.status(), f.reason()) {
        (Some(OperationStatus::Completed), _) => ("Database refresh completed".into(), Kind::Ok),
        (Some(s), Some(r)) => (format!("Database refresh ended: {s:?}: {r}"), Kind::Error),
        (Some(s), None) => (format!("Database refresh ended: {s:?}"), Kind::Error),
        (None, r) => (
            format!("Database refresh not followed: {}", r.unwrap_or_default()),
            Kind::Error,
        ),
    }
}
