//! Compute in the sandbox: VMs in an availability set and their migrations
//! to a flexible scale set (api-facts §7), as long-running operations.
//!
//! A migration is stored when it starts (start, run time, outcome);
//! [`Migration::state_at`] derives running / succeeded / failed and a
//! percentage from sandbox time. `vm-web-4` is seeded to fail half-way
//! through with `AllocationFailed`, so a failed operation can be seen.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::api::manage::{ApiErrorBase, MigrationInput};

pub const SUBSCRIPTION: &str = "11111111-1111-1111-1111-111111111111";
pub const RESOURCE_GROUP: &str = "demo-rg";
pub const LOCATION: &str = "westeurope";
pub const AVAILABILITY_SET: &str = "web-avset";
/// The VM whose migration always fails half-way.
pub const FAILING_VM: &str = "vm-web-4";
/// How long a migration runs, in sandbox time.
pub const RUN_MS: i64 = 5 * 60 * 1000;
/// The poll interval suggested in `Retry-After`, in sandbox time.
pub const POLL_MS: i64 = 30 * 1000;

/// The VM sizes the sandbox knows (real names; compared case-insensitively).
pub const VM_SIZES: [&str; 10] = [
    "Standard_B2s",
    "Standard_D1_v2",
    "Standard_D2_v3",
    "Standard_D2s_v3",
    "Standard_D4s_v3",
    "Standard_D2s_v5",
    "Standard_D4s_v5",
    "Standard_E2s_v5",
    "Standard_E4s_v5",
    "Standard_F2s_v2",
];

const VMS: [(&str, &str, i64); 4] = [
    ("vm-web-1", "Standard_D2s_v3", 0),
    ("vm-web-2", "Standard_D2s_v3", 1),
    ("vm-web-3", "Standard_D4s_v3", 2),
    ("vm-web-4", "Standard_D2s_v3", 0),
];

pub fn seed(tx: &Transaction) -> rusqlite::Result<()> {
    for (name, size, fd) in VMS {
        tx.execute(
            "INSERT INTO vms (subscription, resource_group, name, location, availability_set, size, zone, fault_domain)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7)",
            params![SUBSCRIPTION, RESOURCE_GROUP, name, LOCATION, AVAILABILITY_SET, size, fd],
        )?;
    }
    Ok(())
}

/// Where a migration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MigrationState {
    Running,
    Succeeded,
    Failed,
}

/// A started migration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Migration {
    pub id: String,
    pub subscription: String,
    pub vm: String,
    pub location: String,
    pub started_ms: i64,
    pub run_ms: i64,
    pub failed: bool,
    pub error_code: Option<String>,
    pub error_message: Option<String>,
}

impl Migration {
    /// The state and percentage (0-100) at sandbox time `now_ms`.
    pub fn state_at(&self, now_ms: i64) -> (MigrationState, u8) {
        let elapsed = (now_ms - self.started_ms).max(0);
        if elapsed < self.run_ms {
            let pct = (elapsed * 100 / self.run_ms.max(1)).clamp(0, 99) as u8;
            (MigrationState::Running, pct)
        } else if self.failed {
            // A failed migration stops where it failed.
            (MigrationState::Failed, 50)
        } else {
            (MigrationState::Succeeded, 100)
        }
    }
}

/// Why a migration may not start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// No such VM (404).
    NotFound,
    /// The input is invalid (400): one entry per problem, the first leads.
    Invalid(Vec<ApiErrorBase>),
    /// Already migrating or migrated, or not in an availability set (409).
    Conflict { code: &'static str, message: String },
}

fn problem(target: &str, message: String) -> ApiErrorBase {
    ApiErrorBase {
        code: "InvalidParameter".into(),
        message,
        target: Some(target.into()),
    }
}

/// Checks the input against the known zones, sizes and fault domains.
pub fn check_input(input: &MigrationInput) -> Vec<ApiErrorBase> {
    let mut problems = Vec::new();
    if let Some(zone) = &input.target_zone
        && !["1", "2", "3"].contains(&zone.as_str())
    {
        problems.push(problem(
            "targetZone",
            format!(
                "The value '{zone}' of parameter 'targetZone' is not valid. Allowed values are '1', '2', '3'."
            ),
        ));
    }
    if let Some(size) = &input.target_vm_size
        && !VM_SIZES.iter().any(|s| s.eq_ignore_ascii_case(size))
    {
        problems.push(problem(
            "targetVMSize",
            format!("The value '{size}' of parameter 'targetVMSize' is not a known virtual machine size."),
        ));
    }
    if let Some(fd) = input.target_fault_domain
        && !(0..=2).contains(&fd)
    {
        problems.push(problem(
            "targetFaultDomain",
            format!(
                "The value {fd} of parameter 'targetFaultDomain' is out of range. Allowed values are 0 to 2."
            ),
        ));
    }
    problems
}

/// Starts the migration of `vm`, or says why not.
pub fn start(
    conn: &mut Connection,
    subscription: &str,
    resource_group: &str,
    vm: &str,
    input: &MigrationInput,
    now_ms: i64,
) -> rusqlite::Result<Result<Migration, Refused>> {
    let found: Option<(String, String, Option<String>)> = conn
        .query_row(
            "SELECT name, location, availability_set FROM vms
             WHERE lower(subscription) = lower(?1) AND resource_group = ?2 AND name = ?3",
            params![subscription, resource_group, vm],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    let Some((name, location, avset)) = found else {
        return Ok(Err(Refused::NotFound));
    };
    let problems = check_input(input);
    if !problems.is_empty() {
        return Ok(Err(Refused::Invalid(problems)));
    }
    if avset.is_none() {
        return Ok(Err(Refused::Conflict {
            code: "OperationNotAllowed",
            message: format!("Virtual machine '{name}' is not in an availability set."),
        }));
    }
    let tx = conn.transaction()?;
    for m in of_vm(&tx, subscription, resource_group, &name)? {
        match m.state_at(now_ms).0 {
            MigrationState::Running => {
                return Ok(Err(Refused::Conflict {
                    code: "OperationNotAllowed",
                    message: format!(
                        "Virtual machine '{name}' is already being migrated to a virtual machine scale set (operation {}).",
                        m.id
                    ),
                }));
            }
            MigrationState::Succeeded => {
                return Ok(Err(Refused::Conflict {
                    code: "Conflict",
                    message: format!(
                        "Virtual machine '{name}' has already been migrated to a virtual machine scale set."
                    ),
                }));
            }
            MigrationState::Failed => {} // a failed migration may be retried
        }
    }
    let failed = name.eq_ignore_ascii_case(FAILING_VM);
    let m = Migration {
        id: uuid::Uuid::new_v4().to_string(),
        subscription: subscription.to_ascii_lowercase(),
        vm: name.clone(),
        location,
        started_ms: now_ms,
        run_ms: if failed { RUN_MS / 2 } else { RUN_MS },
        failed,
        error_code: failed.then(|| "AllocationFailed".to_owned()),
        error_message: failed.then(|| {
            "Allocation failed. We do not have sufficient capacity for the requested VM size in this region. \
             Read more about improving likelihood of allocation success at http://aka.ms/allocation-guidance"
                .to_owned()
        }),
    };
    tx.execute(
        "INSERT INTO migrations (id, subscription, resource_group, vm, location, target_zone, target_size,
         target_fault_domain, started_ms, run_ms, outcome, error_code, error_message)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            m.id,
            m.subscription,
            resource_group,
            m.vm,
            m.location,
            input.target_zone,
            input.target_vm_size,
            input.target_fault_domain,
            m.started_ms,
            m.run_ms,
            if failed { "Failed" } else { "Succeeded" },
            m.error_code,
            m.error_message
        ],
    )?;
    tx.commit()?;
    Ok(Ok(m))
}

const SELECT: &str =
    "SELECT id, subscription, vm, location, started_ms, run_ms, outcome, error_code, error_message
                      FROM migrations";

fn row(r: &rusqlite::Row) -> rusqlite::Result<Migration> {
    Ok(Migration {
        id: r.get(0)?,
        subscription: r.get(1)?,
        vm: r.get(2)?,
        location: r.get(3)?,
        started_ms: r.get(4)?,
        run_ms: r.get(5)?,
        failed: r.get::<_, String>(6)? == "Failed",
        error_code: r.get(7)?,
        error_message: r.get(8)?,
    })
}

fn of_vm(
    conn: &Connection,
    subscription: &str,
    resource_group: &str,
    vm: &str,
) -> rusqlite::Result<Vec<Migration>> {
    let mut stmt = conn.prepare(&format!(
        "{SELECT} WHERE lower(subscription) = lower(?1) AND resource_group = ?2 AND vm = ?3"
    ))?;
    let rows = stmt.query_map(params![subscription, resource_group, vm], row)?;
    rows.collect()
}

/// The migration `id`, if it exists.
pub fn migration(conn: &Connection, id: &str) -> rusqlite::Result<Option<Migration>> {
    conn.query_row(&format!("{SELECT} WHERE id = ?1 COLLATE NOCASE"), [id], row)
        .optional()
}

/// The state and percentage of migration `id` now (for the workbench).
pub fn progress(sandbox: &super::Sandbox, id: &str) -> rusqlite::Result<Option<(MigrationState, u8)>> {
    let now = sandbox.now_ms();
    Ok(sandbox.with(|conn| migration(conn, id))?.map(|m| m.state_at(now)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::Clock;

    #[test]
    fn progress_follows_sandbox_time() {
        let clock = Clock::manual(1_000_000);
        let sandbox = super::super::Sandbox::open(None, 60.0, clock.clone()).unwrap();
        let now = sandbox.now_ms();
        let input = MigrationInput::default();
        let m = sandbox
            .with(|c| start(c, SUBSCRIPTION, "DEMO-RG", "vm-web-1", &input, now))
            .unwrap()
            .unwrap();
        assert_eq!(
            progress(&sandbox, &m.id).unwrap(),
            Some((MigrationState::Running, 0))
        );
        clock.advance(3); // 3 of 5 sandbox minutes
        assert_eq!(
            progress(&sandbox, &m.id).unwrap(),
            Some((MigrationState::Running, 60))
        );
        clock.advance(2);
        assert_eq!(
            progress(&sandbox, &m.id).unwrap(),
            Some((MigrationState::Succeeded, 100))
        );
        assert_eq!(progress(&sandbox, "nope").unwrap(), None);
    }
}
