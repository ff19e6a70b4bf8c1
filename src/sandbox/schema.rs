//! The sandbox's tables, versioned: `PRAGMA user_version` counts the
//! migrations applied, and [`migrate`] applies the rest in one transaction.
//! Append a migration to change the schema; never edit an applied one.

use rusqlite::Connection;

/// Each entry is one schema version.
pub const MIGRATIONS: &[&str] = &[
    // 1: the three domains.
    "
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

    -- Data Share: accounts and shares by (subscription, lower-case group, account, share).
    CREATE TABLE shares (
        id INTEGER PRIMARY KEY,
        subscription TEXT NOT NULL,
        resource_group TEXT NOT NULL COLLATE NOCASE,
        account TEXT NOT NULL,
        share TEXT NOT NULL,
        UNIQUE (subscription, resource_group, account, share)
    );
    CREATE TABLE syncs (
        id TEXT PRIMARY KEY,                  -- synchronizationId
        share_id INTEGER NOT NULL REFERENCES shares(id),
        consumer_email TEXT,
        consumer_name TEXT,
        consumer_tenant_name TEXT,
        mode TEXT NOT NULL,                   -- Incremental | FullSync
        start_ms INTEGER NOT NULL,            -- sandbox time
        duration_ms INTEGER,                  -- planned; NULL while open-ended
        final_status TEXT NOT NULL,           -- Succeeded | Failed | Cancelled
        message TEXT
    );
    CREATE INDEX syncs_by_share ON syncs (share_id, start_ms);

    -- LCS: projects, environments, refresh operations, API calls (3 per 24 h).
    CREATE TABLE lcs_environments (
        project_id INTEGER NOT NULL,
        environment_id TEXT NOT NULL COLLATE NOCASE,  -- GUID
        name TEXT NOT NULL,
        kind TEXT NOT NULL,                   -- Production | Sandbox | CloudHosted
        tenant TEXT NOT NULL,
        geo TEXT NOT NULL,
        release TEXT NOT NULL,
        platform_update INTEGER NOT NULL,
        fr_version INTEGER NOT NULL,
        db_size_gb INTEGER NOT NULL,
        max_db_gb INTEGER NOT NULL,
        spartan INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (project_id, environment_id)
    );
    CREATE TABLE lcs_operations (
        activity_id TEXT PRIMARY KEY,         -- OperationActivityId of the refresh
        project_id INTEGER NOT NULL,
        source_id TEXT NOT NULL,
        target_id TEXT NOT NULL,
        started_ms INTEGER NOT NULL,
        queued_ms INTEGER NOT NULL,           -- NotStarted for this long
        run_ms INTEGER NOT NULL,              -- then InProgress for this long
        outcome TEXT NOT NULL                 -- the final OperationStatus
    );
    CREATE TABLE lcs_calls (project_id INTEGER NOT NULL, at_ms INTEGER NOT NULL);

    -- Compute: VMs in availability sets, migrations to scale sets.
    CREATE TABLE vms (
        subscription TEXT NOT NULL,
        resource_group TEXT NOT NULL COLLATE NOCASE,
        name TEXT NOT NULL COLLATE NOCASE,
        location TEXT NOT NULL,
        availability_set TEXT,
        size TEXT NOT NULL,
        zone TEXT,
        fault_domain INTEGER NOT NULL,
        PRIMARY KEY (subscription, resource_group, name)
    );
    CREATE TABLE migrations (
        id TEXT PRIMARY KEY,                  -- operation id in Location
        subscription TEXT NOT NULL,
        resource_group TEXT NOT NULL COLLATE NOCASE,
        vm TEXT NOT NULL COLLATE NOCASE,
        location TEXT NOT NULL,
        target_zone TEXT,
        target_size TEXT,
        target_fault_domain INTEGER,
        started_ms INTEGER NOT NULL,
        run_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL,                -- Succeeded | Failed
        error_code TEXT,
        error_message TEXT
    );
    ",
];

/// Applies the missing migrations (seeding is the caller's, checked apart:
/// `sandbox::seed_once`).
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let version: usize = conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))? as usize;
    let tx = conn.transaction()?;
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(version) {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
    }
    tx.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_apply_once_and_in_order() {
        let mut conn = Connection::open_in_memory().unwrap();
        let version = |c: &Connection| {
            c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
                .unwrap()
        };
        assert_eq!(version(&conn), 0, "new");
        migrate(&mut conn).unwrap();
        assert_eq!(version(&conn) as usize, MIGRATIONS.len());
        migrate(&mut conn).unwrap();
        assert_eq!(
            version(&conn) as usize,
            MIGRATIONS.len(),
            "then up to date, nothing applied twice"
        );
    }
}
