//! Bulk migrations in the Migrations view: every VM of an availability set
//! (or the VMs named with it) moved in one action, at most the bulk's cap at
//! once, each followed at its own Retry-After, failures with their full
//! reason. The bulk itself is the client's [`BulkMigration`] (plain data,
//! the same the CLI's `migrate start --availability-set` stores), so a
//! restart — of the workbench or of the CLI — resumes it.
//!
//! # Data flow
//!
//! The form with an availability set gives [`ManageOutcome::MigrateSet`];
//! the executor reads the set and answers with the new bulk
//! ([`ManageReply::BulkCreated`](super::ManageReply)). At each tick
//! [`MigrationsView::bulk_due`] asks for the starts the cap allows and the
//! looks that are due; their answers go to [`MigrationsView::bulk_started`]
//! and [`MigrationsView::bulk_looked`]. Times are unix milliseconds from the
//! caller's clock.

use std::time::Duration;

use crate::client::manage::{BulkMigration, Look, ManageError, Migration};

use super::ManageOutcome;
use super::migrations::MigrationsView;

impl MigrationsView {
    /// The bulk migrations, newest first.
    pub fn bulks(&self) -> &[BulkMigration] {
        &self.bulks
    }

    /// Resumes the bulks an earlier run (or the CLI) stored.
    pub fn restore_bulks(&mut self, bulks: Vec<BulkMigration>) {
        self.bulks = bulks;
    }

    /// A bulk the executor made from the set's VMs.
    pub fn bulk_created(&mut self, bulk: BulkMigration) {
        self.bulks.retain(|b| b.id != bulk.id);
        self.bulks.insert(0, bulk);
    }

    /// What is due at `now_ms`: the starts each bulk's cap allows and the
    /// looks whose time came, but for those already out (`out`: bulk id, VM).
    pub fn bulk_due(&self, now_ms: i64, out: &[(String, String)]) -> Vec<ManageOutcome> {
        let is_out = |id: &str, vm: &str| out.iter().any(|(b, v)| b == id && v == vm);
        let mut due = Vec::new();
        for b in &self.bulks {
            let starts = b.to_start().into_iter().filter(|vm| !is_out(&b.id, vm));
            due.extend(starts.map(|vm| ManageOutcome::BulkStart {
                bulk: b.id.clone(),
                vm_ref: b.vm_ref(&vm),
                input: b.input.clone(),
            }));
            let looks = b.due(now_ms).into_iter().filter(|v| !is_out(&b.id, &v.vm));
            due.extend(looks.map(|v| ManageOutcome::BulkLook {
                bulk: b.id.clone(),
                vm: v.vm.clone(),
                location: v.location.clone().unwrap_or_default(),
                status_url: v.status_url.clone(),
            }));
        }
        due
    }

    /// When the next look of any bulk is due (unix ms); now when a start waits.
    pub fn bulk_wake_ms(&self, now_ms: i64, out: &[(String, String)]) -> Option<i64> {
        let starts = self.bulks.iter().any(|b| {
            b.to_start()
                .iter()
                .any(|vm| !out.iter().any(|(i, v)| *i == b.id && v == vm))
        });
        let looks = self.bulks.iter().filter_map(BulkMigration::next_wake_ms).min();
        match starts {
            true => Some(now_ms),
            false => looks,
        }
    }

    /// A start's answer; `delay` until its first look.
    pub fn bulk_started(
        &mut self,
        id: &str,
        vm: &str,
        result: Result<Migration, ManageError>,
        delay: Duration,
        now_ms: i64,
    ) {
        if let Some(b) = self.bulks.iter_mut().find(|b| b.id == id) {
            b.started(vm, result, delay, now_ms);
        }
    }

    /// A look's answer; `delay` until the next. Returns the bulk when this
    /// answer ended it.
    pub fn bulk_looked(
        &mut self,
        id: &str,
        vm: &str,
        result: Result<Look, ManageError>,
        delay: Duration,
        now_ms: i64,
    ) -> Option<&BulkMigration> {
        let b = self.bulks.iter_mut().find(|b| b.id == id)?;
        let was_done = b.is_done();
        b.looked(vm, result, delay, now_ms);
        (!was_done && b.is_done()).then_some(&*b)
    }
}
