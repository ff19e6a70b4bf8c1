//! The refresh operations over sandbox time: starting one (and counting it
//! towards the 3-per-24-hours limit), reading one back, and its state at a
//! given sandbox time.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Environment, FAILS_MIDWAY, MAX_OPERATIONS, QUEUED_MS, WINDOW_MS};
use crate::api::manage::OperationStatus;

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
