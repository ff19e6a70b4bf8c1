//! Data Share synchronizations: the demo shares, their history, and how it
//! moves with sandbox time.
//!
//! Timeline of one synchronization (start `S`, planned duration `D`):
//! `Queued` before `S`, `InProgress` while `S <= now < S + D` (no
//! `endTime`/`durationMs` yet), then its final status (`Succeeded`,
//! `Failed` with a message, `Cancelled` by its consumer) with
//! `endTime = S + D` and `durationMs = D`.
//!
//! New synchronizations: each share with a cadence (see [`SHARES`]) gets one
//! per slot, slots being the multiples of the cadence since the Unix epoch
//! that come after the seed. A slot at `t` is queued at `t` and starts at
//! `t + QUEUE_MS`. Slots are generated lazily, when the share is read, from
//! an `StdRng` seeded by the share and the slot, and inserted with their
//! deterministic id (`INSERT OR IGNORE`), so a restart or a second read
//! changes nothing. Only slots of the last [`RETENTION_MS`] are generated
//! after a long pause (a bounded catch-up at any `--time-scale`).

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rusqlite::{Connection, OptionalExtension, Transaction, params};

use crate::api::manage::{ShareSynchronization, SynchronizationMode};

pub const SUBSCRIPTION: &str = "11111111-1111-1111-1111-111111111111";
pub const RESOURCE_GROUP: &str = "demo-rg";
pub const ACCOUNT: &str = "demo-account";
/// The share with the most synchronizations (the first of [`SHARES`]).
pub const DEMO_SHARE: &str = "sales-share";

const MINUTE: i64 = 60_000;
const HOUR: i64 = 60 * MINUTE;
const DAY: i64 = 24 * HOUR;
/// How long a new synchronization is queued before it starts.
pub const QUEUE_MS: i64 = 2 * MINUTE;
/// How far back generation catches up.
pub const RETENTION_MS: i64 = 30 * DAY;

/// A seeded share: name, synchronizations seeded over the last 30 days, and
/// the cadence of new ones (`None`: none).
pub struct SeedShare {
    pub name: &'static str,
    pub seeded: usize,
    pub cadence_ms: Option<i64>,
}

pub const SHARES: [SeedShare; 3] = [
    SeedShare {
        name: DEMO_SHARE,
        seeded: 240,
        cadence_ms: Some(HOUR),
    },
    SeedShare {
        name: "hr-share",
        seeded: 40,
        cadence_ms: Some(6 * HOUR),
    },
    SeedShare {
        name: "empty-share",
        seeded: 0,
        cadence_ms: None,
    },
];

/// (name, email, tenant) of the consumers.
const CONSUMERS: [(&str, &str, &str); 6] = [
    ("Ana Lima", "ana.lima@fabrikam.com", "Fabrikam"),
    ("Kenji Sato", "kenji.sato@fabrikam.com", "Fabrikam"),
    ("Priya Raman", "priya.raman@contoso.com", "Contoso"),
    ("Lars Eriksen", "lars@northwindtraders.com", "Northwind Traders"),
    ("Fatima Zahra", "f.zahra@woodgrove.com", "Woodgrove Bank"),
    ("O'Neil Brooks", "oneil.brooks@adatum.com", "Adatum"),
];

const FAILURES: [&str; 5] = [
    "The source dataset 'sales/orders' was not found. It may have been deleted or renamed.",
    "Access to the storage account 'contososalesdata' was denied (403 AuthorizationPermissionMismatch). Grant the share's managed identity the Storage Blob Data Reader role.",
    "The snapshot could not be copied: the target container 'landing' has a legal hold.",
    "The SQL source 'salesdb' timed out after 3600 seconds.",
    "Internal error. Retry the synchronization; if it persists, contact support with the synchronization id.",
];

/// One row of `syncs`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyncRow {
    pub id: String,
    pub consumer_email: Option<String>,
    pub consumer_name: Option<String>,
    pub consumer_tenant_name: Option<String>,
    pub mode: SynchronizationMode,
    pub start_ms: i64,
    pub duration_ms: Option<i64>,
    pub final_status: String,
    pub message: Option<String>,
}

impl SyncRow {
    /// A synchronization drawn from `rng`, starting at `start_ms`.
    fn draw(rng: &mut StdRng, start_ms: i64) -> Self {
        let (name, email, tenant) = CONSUMERS[rng.random_range(0..CONSUMERS.len())];
        let full = rng.random_bool(0.15);
        let duration = if full {
            rng.random_range(5 * MINUTE..45 * MINUTE)
        } else {
            rng.random_range(20_000..8 * MINUTE)
        };
        let roll: f64 = rng.random();
        let (status, message, duration) = if roll < 0.08 {
            let m = FAILURES[rng.random_range(0..FAILURES.len())];
            ("Failed", Some(m.to_owned()), duration / 3)
        } else if roll < 0.11 {
            ("Cancelled", Some(format!("Cancelled by {email}.")), duration / 2)
        } else {
            ("Succeeded", None, duration)
        };
        let id = uuid::Builder::from_random_bytes(rng.random()).into_uuid();
        SyncRow {
            id: id.to_string(),
            consumer_email: Some(email.into()),
            consumer_name: Some(name.into()),
            consumer_tenant_name: Some(tenant.into()),
            mode: if full {
                SynchronizationMode::FullSync
            } else {
                SynchronizationMode::Incremental
            },
            start_ms,
            duration_ms: Some(duration),
            final_status: status.into(),
            message,
        }
    }

    /// The wire form as of `now_ms`.
    pub fn at(&self, now_ms: i64) -> ShareSynchronization {
        let end = self.duration_ms.map(|d| self.start_ms + d);
        let (status, finished) = match end {
            _ if now_ms < self.start_ms => ("Queued", false),
            Some(end) if now_ms >= end => (self.final_status.as_str(), true),
            _ => ("InProgress", false),
        };
        let ticks = self.sub_ms_ticks();
        ShareSynchronization {
            consumer_email: self.consumer_email.clone(),
            consumer_name: self.consumer_name.clone(),
            consumer_tenant_name: self.consumer_tenant_name.clone(),
            duration_ms: finished
                .then_some(self.duration_ms)
                .flatten()
                .map(|d| d.clamp(0, i32::MAX.into()) as i32),
            start_time: Some(rfc3339(self.start_ms, ticks)),
            end_time: end.filter(|_| finished).map(|e| rfc3339(e, ticks)),
            message: self.message.clone().filter(|_| finished),
            status: Some(status.into()),
            synchronization_id: Some(self.id.clone()),
            synchronization_mode: Some(self.mode),
        }
    }

    /// The 100-ns ticks below the millisecond (0..10000), from the id, so
    /// times look like the service's 7-digit ones and stay stable.
    fn sub_ms_ticks(&self) -> i64 {
        self.id
            .bytes()
            .fold(7u32, |h, b| h.wrapping_mul(31).wrapping_add(b.into())) as i64
            % 10_000
    }
}

/// `2018-11-14T04:47:52.9614956Z`: milliseconds plus sub-ms ticks, UTC.
pub fn rfc3339(ms: i64, ticks: i64) -> String {
    let nanos = i128::from(ms) * 1_000_000 + i128::from(ticks) * 100;
    match time::OffsetDateTime::from_unix_timestamp_nanos(nanos) {
        Ok(t) => format!(
            "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:07}Z",
            t.year(),
            u8::from(t.month()),
            t.day(),
            t.hour(),
            t.minute(),
            t.second(),
            t.nanosecond() / 100
        ),
        Err(_) => "1970-01-01T00:00:00.0000000Z".into(),
    }
}

/// Seeds the demo account, its shares and their history before `now_ms`.
pub fn seed(tx: &Transaction, now_ms: i64) -> rusqlite::Result<()> {
    for (i, share) in SHARES.iter().enumerate() {
        tx.execute(
            "INSERT INTO shares (subscription, resource_group, account, share) VALUES (?1, ?2, ?3, ?4)",
            params![SUBSCRIPTION, RESOURCE_GROUP, ACCOUNT, share.name],
        )?;
        let share_id = tx.last_insert_rowid();
        let mut rng = StdRng::seed_from_u64(0x5EED_0000 + i as u64);
        let spacing = RETENTION_MS / share.seeded.max(1) as i64;
        for k in 0..share.seeded {
            // The newest is still running at the seed, the rest spread back.
            let start = now_ms - 90_000 - k as i64 * spacing - rng.random_range(0..spacing / 3);
            insert(tx, share_id, &SyncRow::draw(&mut rng, start))?;
        }
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
            params![generated_key(share_id), now_ms.to_string()],
        )?;
    }
    Ok(())
}

fn insert(conn: &Connection, share_id: i64, r: &SyncRow) -> rusqlite::Result<usize> {
    conn.execute(
        "INSERT OR IGNORE INTO syncs (id, share_id, consumer_email, consumer_name, consumer_tenant_name,
             mode, start_ms, duration_ms, final_status, message)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        params![
            r.id,
            share_id,
            r.consumer_email,
            r.consumer_name,
            r.consumer_tenant_name,
            r.mode.as_str(),
            r.start_ms,
            r.duration_ms,
            r.final_status,
            r.message
        ],
    )
}

fn generated_key(share_id: i64) -> String {
    format!("syncs_generated_ms:{share_id}")
}

/// What a path names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup {
    Share { id: i64, name: String },
    NoSubscription,
    NoResourceGroup,
    NoAccount,
    NoShare,
}

/// Finds a share; the resource group, account and share compare
/// case-insensitively (as ARM names do), the subscription exactly.
pub fn find(
    conn: &Connection,
    sub: &str,
    group: &str,
    account: &str,
    share: &str,
) -> rusqlite::Result<Lookup> {
    let count = |sql: &str, p: &[&dyn rusqlite::ToSql]| -> rusqlite::Result<i64> {
        conn.query_row(sql, p, |r| r.get(0))
    };
    let found: Option<(i64, String)> = conn
        .query_row(
            "SELECT id, share FROM shares WHERE subscription = ?1 AND resource_group = ?2
                 AND account = ?3 COLLATE NOCASE AND share = ?4 COLLATE NOCASE",
            params![sub, group, account, share],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    if let Some((id, name)) = found {
        return Ok(Lookup::Share { id, name });
    }
    Ok(
        if count("SELECT count(*) FROM shares WHERE subscription = ?1", &[&sub])? == 0 {
            Lookup::NoSubscription
        } else if count(
            "SELECT count(*) FROM shares WHERE subscription = ?1 AND resource_group = ?2",
            &[&sub, &group],
        )? == 0
        {
            Lookup::NoResourceGroup
        } else if count(
            "SELECT count(*) FROM shares WHERE subscription = ?1 AND resource_group = ?2 AND account = ?3 COLLATE NOCASE",
            &[&sub, &group, &account],
        )? == 0
        {
            Lookup::NoAccount
        } else {
            Lookup::NoShare
        },
    )
}

/// Inserts the synchronizations of `share`'s slots up to `now_ms` (the rule
/// in the module docs); returns how many were new.
pub fn generate(conn: &mut Connection, share_id: i64, share: &str, now_ms: i64) -> rusqlite::Result<usize> {
    let Some(cadence) = SHARES.iter().find(|s| s.name == share).and_then(|s| s.cadence_ms) else {
        return Ok(0);
    };
    let tx = conn.transaction()?;
    let key = generated_key(share_id);
    let done: i64 = tx
        .query_row("SELECT value FROM meta WHERE key = ?1", [&key], |r| {
            r.get::<_, String>(0)
        })
        .optional()?
        .and_then(|v| v.parse().ok())
        .unwrap_or(now_ms);
    if done >= now_ms {
        return Ok(0);
    }
    let from = done.max(now_ms - RETENTION_MS);
    let mut slot = (from.div_euclid(cadence) + 1) * cadence;
    let mut added = 0;
    while slot <= now_ms {
        let mut rng = StdRng::seed_from_u64(seed_of(share, slot));
        added += insert(&tx, share_id, &SyncRow::draw(&mut rng, slot + QUEUE_MS))?;
        slot += cadence;
    }
    tx.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        params![key, now_ms.to_string()],
    )?;
    tx.commit()?;
    Ok(added)
}

/// A stable seed from the share's name and the slot (FNV-1a).
fn seed_of(share: &str, slot: i64) -> u64 {
    share
        .bytes()
        .chain(slot.to_le_bytes())
        .fold(0xcbf2_9ce4_8422_2325, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        })
}

/// The synchronizations of a share that exist at `as_of_ms` (queued by
/// then), oldest first.
pub fn load(conn: &Connection, share_id: i64, as_of_ms: i64) -> rusqlite::Result<Vec<SyncRow>> {
    let mut stmt = conn.prepare(
        "SELECT id, consumer_email, consumer_name, consumer_tenant_name, mode, start_ms, duration_ms,
                final_status, message
         FROM syncs WHERE share_id = ?1 AND start_ms - ?2 <= ?3 ORDER BY start_ms, id",
    )?;
    let rows = stmt.query_map(params![share_id, QUEUE_MS, as_of_ms], |r| {
        let mode: String = r.get(4)?;
        Ok(SyncRow {
            id: r.get(0)?,
            consumer_email: r.get(1)?,
            consumer_name: r.get(2)?,
            consumer_tenant_name: r.get(3)?,
            mode: if mode == "FullSync" {
                SynchronizationMode::FullSync
            } else {
                SynchronizationMode::Incremental
            },
            start_ms: r.get(5)?,
            duration_ms: r.get(6)?,
            final_status: r.get(7)?,
            message: r.get(8)?,
        })
    })?;
    rows.collect()
}

/// The reads a subscription may make per sandbox hour.
pub const READS_PER_HOUR: i64 = 15_000;

/// Counts one read of `sub` in the current sandbox hour and returns what
/// remains of [`READS_PER_HOUR`] (never below 0).
pub fn take_read(conn: &Connection, sub: &str, now_ms: i64) -> rusqlite::Result<i64> {
    let hour = now_ms.div_euclid(HOUR);
    let prefix = format!("reads:{sub}:");
    let key = format!("{prefix}{hour}");
    conn.execute(
        "DELETE FROM meta WHERE substr(key, 1, length(?1)) = ?1 AND key <> ?2",
        params![prefix, key],
    )?;
    conn.execute(
        "INSERT INTO meta (key, value) VALUES (?1, '1')
         ON CONFLICT (key) DO UPDATE SET value = CAST(value AS INTEGER) + 1",
        [&key],
    )?;
    let used: i64 = conn.query_row(
        "SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?1",
        [&key],
        |r| r.get(0),
    )?;
    Ok((READS_PER_HOUR - used).max(0))
}

#[cfg(test)]
#[path = "syncs_tests.rs"]
mod tests;
