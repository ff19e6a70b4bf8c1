//! LCS database movement in the sandbox: the seeded project's environments,
//! the refresh validation rules (api-facts §8), the 3-per-24-hours limit and
//! the refresh operations, whose state is a function of sandbox time.
//!
//! A refresh is stored once, when it starts (`lcs_operations`: start, how
//! long it waits, how long it runs, how it ends); [`status_of`] derives
//! NotStarted → InProgress → Completed (or Failed) from the clock, so nothing
//! runs in the background and a restart loses nothing.

use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::api::manage::OperationStatus;

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

/// Why a refresh may not start: the LCS-style `ErrorMessage`.
pub type Refusal = String;

fn is_guid(s: &str) -> bool {
    uuid::Uuid::try_parse(s).is_ok()
}

/// The portal's refresh rules (api-facts §8), in this order: project,
/// environments, same environment, target kind (production, Tier-1), source
/// kind, tenant, geo (unless either database is Spartan-managed), platform
/// update > 20, release, Financial Reporting version, database size.
pub fn check(
    conn: &Connection,
    project: &str,
    source: &str,
    target: &str,
) -> rusqlite::Result<Result<(u64, Environment, Environment), Refusal>> {
    let Some(project_id) = project
        .parse::<u64>()
        .ok()
        .filter(|&p| project_exists(conn, p).unwrap_or(false))
    else {
        return Ok(Err(format!(
            "Project {project} was not found or you do not have access to it."
        )));
    };
    let mut envs = Vec::with_capacity(2);
    for (role, id) in [("Source", source), ("Target", target)] {
        if !is_guid(id) {
            return Ok(Err(format!(
                "{role} environment id '{id}' is not a valid environment id (a GUID is expected)."
            )));
        }
        match environment(conn, project_id, id)? {
            Some(env) => envs.push(env),
            None => {
                return Ok(Err(format!(
                    "{role} environment {id} was not found in project {project_id}."
                )));
            }
        }
    }
    let (Some(tgt), Some(src)) = (envs.pop(), envs.pop()) else {
        return Ok(Err("Source or target environment was not found.".into()));
    };
    Ok(rules(&src, &tgt).map(|()| (project_id, src, tgt)))
}

fn rules(src: &Environment, tgt: &Environment) -> Result<(), Refusal> {
    let fail = |m: String| Err(m);
    if src.id.eq_ignore_ascii_case(&tgt.id) {
        return fail("Source and target environments cannot be the same environment.".into());
    }
    match tgt.kind.as_str() {
        "Production" => {
            return fail(format!(
                "Target environment '{}' is a production environment. Database refresh into production is not supported; \
                 use the golden configuration flow (sandbox to production) in the LCS portal.",
                tgt.name
            ));
        }
        "CloudHosted" => {
            return fail(format!(
                "Target environment '{}' is a cloud-hosted (Tier-1) environment. Database refresh is only supported \
                 into sandbox (Tier-2 and higher) environments.",
                tgt.name
            ));
        }
        _ => {}
    }
    if src.kind == "CloudHosted" {
        return fail(format!(
            "Source environment '{}' is a cloud-hosted (Tier-1) environment. Only production and sandbox environments \
             can be the source of a database refresh.",
            src.name
        ));
    }
    if !src.tenant.eq_ignore_ascii_case(&tgt.tenant) {
        return fail("Source and target environments must belong to the same Microsoft Entra tenant.".into());
    }
    if src.geo != tgt.geo && !(src.spartan || tgt.spartan) {
        return fail(format!(
            "Source environment is in Azure geography '{}' and target environment in '{}'. Database refresh is only \
             supported within the same Azure geography.",
            src.geo, tgt.geo
        ));
    }
    for env in [src, tgt] {
        if env.platform_update <= 20 {
            return fail(format!(
                "Environment '{}' is on platform update {}. Database refresh requires platform update 21 or later.",
                env.name, env.platform_update
            ));
        }
    }
    if src.release != tgt.release {
        return fail(format!(
            "Source and target environments must be on the same application release (source {}, target {}).",
            src.release, tgt.release
        ));
    }
    if tgt.fr_version < src.fr_version {
        return fail(format!(
            "Target Financial Reporting version ({}) is lower than the source version ({}).",
            tgt.fr_version, src.fr_version
        ));
    }
    if src.db_size_gb > tgt.max_db_gb {
        return fail(format!(
            "Source database allocated capacity ({} GB) exceeds the maximum database capacity of target environment '{}' ({} GB).",
            src.db_size_gb, tgt.name, tgt.max_db_gb
        ));
    }
    Ok(())
}

/// A refresh that was started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    pub activity_id: String,
    pub project_id: u64,
    pub source_id: String,
    pub target_id: String,
    pub started_ms: i64,
    pub queued_ms: i64,
    pub run_ms: i64,
    pub outcome: OperationStatus,
}

impl Operation {
    /// The state at sandbox time `now_ms`, and when it ended if it has.
    pub fn status_at(&self, now_ms: i64) -> (OperationStatus, Option<i64>) {
        let end = self.started_ms + self.queued_ms + self.run_ms;
        if now_ms < self.started_ms + self.queued_ms {
            (OperationStatus::NotStarted, None)
        } else if now_ms < end {
            (OperationStatus::InProgress, None)
        } else {
            (self.outcome, Some(end))
        }
    }
}

/// Starts a refresh (the rules have passed): records it and the call that
/// counts towards the limit. Source DB size sets the run time; a refresh
/// into [`FAILS_MIDWAY`] fails half-way.
pub fn start(
    conn: &mut Connection,
    source: &Environment,
    target: &Environment,
    project: u64,
    now_ms: i64,
) -> rusqlite::Result<Operation> {
    let run_ms = (20 + source.db_size_gb) * 60 * 1000;
    let failing = target.id.eq_ignore_ascii_case(FAILS_MIDWAY);
    let op = Operation {
        activity_id: uuid::Uuid::new_v4().to_string(),
        project_id: project,
        source_id: source.id.clone(),
        target_id: target.id.clone(),
        started_ms: now_ms,
        queued_ms: QUEUED_MS,
        run_ms: if failing { run_ms / 2 } else { run_ms },
        outcome: if failing {
            OperationStatus::Failed
        } else {
            OperationStatus::Completed
        },
    };
    let tx = conn.transaction()?;
    tx.execute(
        "INSERT INTO lcs_operations (activity_id, project_id, source_id, target_id, started_ms, queued_ms, run_ms, outcome)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            op.activity_id,
            project as i64,
            op.source_id,
            op.target_id,
            op.started_ms,
            op.queued_ms,
            op.run_ms,
            format!("{:?}", op.outcome)
        ],
    )?;
    tx.execute(
        "INSERT INTO lcs_calls (project_id, at_ms) VALUES (?1, ?2)",
        params![project as i64, now_ms],
    )?;
    tx.commit()?;
    Ok(op)
}

/// When the limit is reached: the time of the oldest call in the window
/// (the window frees up 24 hours after it).
pub fn throttled_since(conn: &Connection, project: u64, now_ms: i64) -> rusqlite::Result<Option<i64>> {
    let (count, oldest): (i64, Option<i64>) = conn.query_row(
        "SELECT COUNT(*), MIN(at_ms) FROM lcs_calls WHERE project_id = ?1 AND at_ms > ?2",
        params![project as i64, now_ms - WINDOW_MS],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    Ok(oldest.filter(|_| count >= MAX_OPERATIONS))
}

/// The refresh `activity_id` of `project` in which `environment` is the
/// source or the target.
pub fn operation(
    conn: &Connection,
    project: u64,
    environment: &str,
    activity_id: &str,
) -> rusqlite::Result<Option<Operation>> {
    conn.query_row(
        "SELECT activity_id, project_id, source_id, target_id, started_ms, queued_ms, run_ms, outcome
         FROM lcs_operations
         WHERE activity_id = ?1 COLLATE NOCASE AND project_id = ?2
           AND (source_id = ?3 COLLATE NOCASE OR target_id = ?3 COLLATE NOCASE)",
        params![activity_id, project as i64, environment],
        |r| {
            let outcome: String = r.get(7)?;
            Ok(Operation {
                activity_id: r.get(0)?,
                project_id: r.get::<_, i64>(1)? as u64,
                source_id: r.get(2)?,
                target_id: r.get(3)?,
                started_ms: r.get(4)?,
                queued_ms: r.get(5)?,
                run_ms: r.get(6)?,
                outcome: if outcome == "Failed" {
                    OperationStatus::Failed
                } else {
                    OperationStatus::Completed
                },
            })
        },
    )
    .optional()
}

/// A .NET-style UTC timestamp with 7 fractional digits and no offset, as
/// LCS writes `VersionEOL` and the throttling message.
pub fn lcs_timestamp(ms: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(ms) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:07}",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        t.nanosecond() / 100
    )
}
