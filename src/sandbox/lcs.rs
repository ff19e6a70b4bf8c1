//! LCS database movement in the sandbox: the seeded project's environments,
//! the refresh validation rules (api-facts §8, `lcs/rules.rs`), the
//! 3-per-24-hours limit and the refresh operations, whose state is a function
//! of sandbox time (`lcs/timeline.rs`).
//!
//! A refresh is stored once, when it starts (`lcs_operations`: start, how
//! long it waits, how long it runs, how it ends); [`Operation::status_at`] derives
//! NotStarted → InProgress → Completed (or Failed) from the clock, so nothing
//! runs in the background and a restart loses nothing.

mod rules;
mod timeline;

use rusqlite::{Connection, OptionalExtension, Transaction, params};

pub use self::rules::{Refusal, check};
pub use self::timeline::{Operation, lcs_timestamp, operation, start, throttled_since};

/// The seeded LCS project.
pub const PROJECT_ID: u64 = 1_234_567;
/// The environments of [`PROJECT_ID`] (README: "Management sandbox").
pub const PROD: &str = "5362377c-0000-4000-8000-000000000001";
pub const UAT: &str = "5362377c-0000-4000-8000-000000000002";
pub const TEST: &str = "5362377c-0000-4000-8000-000000000003";
pub const US_TEST: &str = "5362377c-0000-4000-8000-000000000004";
pub const DEV_BOX: &str = "5362377c-0000-4000-8000-000000000005";
pub const OLD_RELEASE: &str = "5362377c-0000-4000-8000-000000000006";
pub const SMALL_DB: &str = "5362377c-0000-4000-8000-000000000007";
pub const OLD_FR: &str = "5362377c-0000-4000-8000-000000000008";
pub const OLD_PU: &str = "5362377c-0000-4000-8000-000000000009";
pub const OTHER_TENANT: &str = "5362377c-0000-4000-8000-00000000000a";
pub const US_SPARTAN: &str = "5362377c-0000-4000-8000-00000000000b";
/// A valid target whose refreshes always fail half-way through.
pub const FAILS_MIDWAY: &str = "5362377c-0000-4000-8000-00000000000c";

/// How many refreshes a project may start per 24 hours of sandbox time.
pub const MAX_OPERATIONS: i64 = 3;
pub const WINDOW_MS: i64 = 24 * 3600 * 1000;
/// How long a new refresh stays NotStarted.
pub const QUEUED_MS: i64 = 2 * 60 * 1000;

const TENANT: &str = "contoso.onmicrosoft.com";

/// (id, name, kind, tenant, geo, release, platform update, FR version, DB GB, max DB GB, spartan)
#[rustfmt::skip]
type Row = (&'static str, &'static str, &'static str, &'static str, &'static str, &'static str, i64, i64, i64, i64, bool);
#[rustfmt::skip]
const ENVIRONMENTS: [Row; 12] = [
    (PROD, "Contoso Production", "Production", TENANT, "europe", "10.0.41", 65, 2, 40, 500, false),
    (UAT, "Contoso UAT", "Sandbox", TENANT, "europe", "10.0.41", 65, 2, 30, 250, false),
    (TEST, "Contoso Test", "Sandbox", TENANT, "europe", "10.0.41", 65, 2, 20, 250, false),
    (US_TEST, "Contoso US Test", "Sandbox", TENANT, "unitedstates", "10.0.41", 65, 2, 20, 250, false),
    (DEV_BOX, "Contoso Dev Box", "CloudHosted", TENANT, "europe", "10.0.41", 65, 2, 5, 100, false),
    (OLD_RELEASE, "Contoso Old Release", "Sandbox", TENANT, "europe", "10.0.39", 63, 2, 20, 250, false),
    (SMALL_DB, "Contoso Small", "Sandbox", TENANT, "europe", "10.0.41", 65, 2, 5, 10, false),
    (OLD_FR, "Contoso Old Reporting", "Sandbox", TENANT, "europe", "10.0.41", 65, 1, 20, 250, false),
    (OLD_PU, "Contoso Legacy", "Sandbox", TENANT, "europe", "10.0.41", 20, 2, 20, 250, false),
    (OTHER_TENANT, "Fabrikam Test", "Sandbox", "fabrikam.onmicrosoft.com", "europe", "10.0.41", 65, 2, 20, 250, false),
    (US_SPARTAN, "Contoso US Spartan", "Sandbox", TENANT, "unitedstates", "10.0.41", 65, 2, 20, 250, true),
    (FAILS_MIDWAY, "Contoso Staging", "Sandbox", TENANT, "europe", "10.0.41", 65, 2, 20, 250, false),
];

/// (id, name, kind) of the seeded environments of [`PROJECT_ID`] (what
/// `glossa environments list` offers with the local sandbox: LCS has no listing).
pub fn demo_environments() -> Vec<(&'static str, &'static str, &'static str)> {
    ENVIRONMENTS.iter().map(|e| (e.0, e.1, e.2)).collect()
}

/// Seeds the project's environments.
pub fn seed(tx: &Transaction) -> rusqlite::Result<()> {
    let mut stmt = tx.prepare(
        "INSERT INTO lcs_environments (project_id, environment_id, name, kind, tenant, geo, release,
         platform_update, fr_version, db_size_gb, max_db_gb, spartan)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    for (id, name, kind, tenant, geo, release, pu, fr, db, max, spartan) in ENVIRONMENTS {
        stmt.execute(params![
            PROJECT_ID as i64,
            id,
            name,
            kind,
            tenant,
            geo,
            release,
            pu,
            fr,
            db,
            max,
            spartan
        ])?;
    }
    Ok(())
}

/// One environment as the rules need it.
#[derive(Clone, Debug)]
pub struct Environment {
    pub id: String,
    pub name: String,
    pub kind: String,
    pub tenant: String,
    pub geo: String,
    pub release: String,
    pub platform_update: i64,
    pub fr_version: i64,
    pub db_size_gb: i64,
    pub max_db_gb: i64,
    pub spartan: bool,
}

pub fn environment(conn: &Connection, project: u64, id: &str) -> rusqlite::Result<Option<Environment>> {
    conn.query_row(
        "SELECT environment_id, name, kind, tenant, geo, release, platform_update, fr_version,
                db_size_gb, max_db_gb, spartan
         FROM lcs_environments WHERE project_id = ?1 AND environment_id = ?2",
        params![project as i64, id],
        |r| {
            Ok(Environment {
                id: r.get(0)?,
                name: r.get(1)?,
                kind: r.get(2)?,
                tenant: r.get(3)?,
                geo: r.get(4)?,
                release: r.get(5)?,
                platform_update: r.get(6)?,
                fr_version: r.get(7)?,
                db_size_gb: r.get(8)?,
                max_db_gb: r.get(9)?,
                spartan: r.get(10)?,
            })
        },
    )
    .optional()
}

pub fn project_exists(conn: &Connection, project: u64) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM lcs_environments WHERE project_id = ?1)",
        [project as i64],
        |r| r.get(0),
    )
}
