//! The management sandbox: the state behind `glossa serve`'s management
//! operations (data-share synchronizations, LCS database refreshes, VM
//! migrations), kept in SQLite so that a restart loses nothing.
//!
//! - [`Sandbox::open`] opens `--data-dir/sandbox.sqlite3` (WAL) or an
//!   in-memory database, brings the schema up to date ([`schema`]) and seeds
//!   the demo resources on first creation (README: "Management sandbox").
//! - Time is [`SandboxClock`]: the service clock sped up by `--time-scale`,
//!   counted from the sandbox's own epoch (stored, so a restart continues
//!   where it was). Operations progress as functions of this time, computed
//!   when read, so nothing runs in the background.
//! - One connection behind a mutex: requests are short, and SQLite
//!   serializes writers anyway.

pub mod compute;
pub mod compute_list;
pub mod lcs;
pub mod odata;
pub mod schema;
pub mod shares;
pub mod syncs;

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension};

use crate::clock::Clock;

/// Why the sandbox could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("sandbox database: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("sandbox directory: {0}")]
    Io(#[from] std::io::Error),
    #[error("--time-scale must be a positive number, not {0}")]
    TimeScale(f64),
}

/// The sandbox's sense of time, in milliseconds since the Unix epoch.
#[derive(Clone, Debug)]
pub struct SandboxClock {
    clock: Clock,
    scale: f64,
    /// Real time and sandbox time at the anchor (the first open, or the
    /// last open that changed the scale).
    epoch_ms: i64,
    epoch_sandbox_ms: i64,
}

impl SandboxClock {
    pub fn new(clock: Clock, scale: f64, epoch_ms: i64) -> Self {
        Self::anchored(clock, scale, epoch_ms, epoch_ms)
    }

    /// A clock at `sandbox_ms` when the real time was `real_ms`.
    pub fn anchored(clock: Clock, scale: f64, real_ms: i64, sandbox_ms: i64) -> Self {
        Self {
            clock,
            scale,
            epoch_ms: real_ms,
            epoch_sandbox_ms: sandbox_ms,
        }
    }

    /// Real milliseconds since the Unix epoch, from the service clock.
    pub fn real_ms(&self) -> i64 {
        match &self.clock {
            Clock::System => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
            other => other.now_unix() as i64 * 1000,
        }
    }

    /// Sandbox time: the anchor plus the real time since, times the scale.
    pub fn now_ms(&self) -> i64 {
        let real = self.real_ms() - self.epoch_ms;
        self.epoch_sandbox_ms + (real as f64 * self.scale) as i64
    }

    /// How many real milliseconds `sandbox_ms` of sandbox time take
    /// (e.g. for a `Retry-After` that means something in real time).
    pub fn real_duration_ms(&self, sandbox_ms: i64) -> i64 {
        (sandbox_ms as f64 / self.scale).ceil() as i64
    }

    pub fn scale(&self) -> f64 {
        self.scale
    }
}

pub struct Sandbox {
    conn: Mutex<Connection>,
    pub clock: SandboxClock,
}

impl Sandbox {
    /// Opens (creating and seeding if new) the sandbox under `data_dir`, or
    /// in memory without one.
    pub fn open(data_dir: Option<&Path>, time_scale: f64, clock: Clock) -> Result<Self, SandboxError> {
        if !(time_scale.is_finite() && time_scale > 0.0) {
            return Err(SandboxError::TimeScale(time_scale));
        }
        let mut conn = match data_dir {
            Some(dir) => {
                std::fs::create_dir_all(dir)?;
                let conn = Connection::open(dir.join("sandbox.sqlite3"))?;
                conn.pragma_update(None, "journal_mode", "WAL")?;
                // With WAL this cannot corrupt the database; a crash may only
                // lose the last commits. It spares an fsync per commit.
                conn.pragma_update(None, "synchronous", "NORMAL")?;
                conn
            }
            None => Connection::open_in_memory()?,
        };
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let provisional = SandboxClock::new(clock.clone(), 1.0, 0);
        schema::migrate(&mut conn)?;
        let (real, sandbox) = epoch(&conn, provisional.real_ms(), time_scale)?;
        let clock = SandboxClock::anchored(clock, time_scale, real, sandbox);
        seed_once(&mut conn, clock.now_ms())?;
        Ok(Self {
            conn: Mutex::new(conn),
            clock,
        })
    }

    /// Runs `f` with the connection (a transaction is `f`'s to take).
    pub fn with<R>(&self, f: impl FnOnce(&mut Connection) -> rusqlite::Result<R>) -> rusqlite::Result<R> {
        let mut conn = self.conn.lock().unwrap_or_else(|e| e.into_inner());
        f(&mut conn)
    }

    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
}

fn meta<T: std::str::FromStr>(conn: &Connection, key: &str) -> rusqlite::Result<Option<T>> {
    let v: Option<String> = conn
        .query_row("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
        .optional()?;
    Ok(v.and_then(|v| v.parse().ok()))
}

fn set_meta(conn: &Connection, key: &str, value: impl ToString) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)",
        rusqlite::params![key, value.to_string()],
    )?;
    Ok(())
}

/// A sandbox opened on first use (the embedded service of the workbench and
/// the one-shot commands: translating needs no SQLite). If the database
/// under the data directory cannot be opened then, an in-memory one stands
/// in and the reason is logged; `glossa serve` opens eagerly instead
/// ([`LazySandbox::open_now`]) so a bad `--data-dir` stops it at start.
pub struct LazySandbox {
    cell: std::sync::OnceLock<Sandbox>,
    data_dir: Option<std::path::PathBuf>,
    time_scale: f64,
    clock: Clock,
}

impl LazySandbox {
    pub fn new(data_dir: Option<std::path::PathBuf>, time_scale: f64, clock: Clock) -> Self {
        Self {
            cell: std::sync::OnceLock::new(),
            data_dir,
            time_scale,
            clock,
        }
    }

    /// Opens it now, failing as [`Sandbox::open`] does.
    pub fn open_now(&self) -> Result<&Sandbox, SandboxError> {
        if let Some(s) = self.cell.get() {
            return Ok(s);
        }
        let s = Sandbox::open(self.data_dir.as_deref(), self.time_scale, self.clock.clone())?;
        Ok(self.cell.get_or_init(|| s))
    }
}

impl std::ops::Deref for LazySandbox {
    type Target = Sandbox;

    fn deref(&self) -> &Sandbox {
        self.cell.get_or_init(|| {
            Sandbox::open(self.data_dir.as_deref(), self.time_scale, self.clock.clone()).unwrap_or_else(|e| {
                tracing::error!(
                    "management sandbox not opened under the data directory ({e}); using one in memory"
                );
                let scale = if self.time_scale.is_finite() && self.time_scale > 0.0 {
                    self.time_scale
                } else {
                    1.0
                };
                Sandbox::open(None, scale, self.clock.clone()).expect("an in-memory SQLite database opens")
            })
        })
    }
}

/// The sandbox's anchor (real ms, sandbox ms): stored on first open, read
/// afterwards. A new `scale` re-anchors at the sandbox time the old scale
/// gives now, so sandbox time never runs backwards across restarts (the
/// time it was closed counts at the old scale).
fn epoch(conn: &Connection, now_ms: i64, scale: f64) -> rusqlite::Result<(i64, i64)> {
    let Some(real) = meta::<i64>(conn, "epoch_ms")? else {
        set_meta(conn, "epoch_ms", now_ms)?;
        set_meta(conn, "epoch_sandbox_ms", now_ms)?;
        set_meta(conn, "scale", scale)?;
        return Ok((now_ms, now_ms));
    };
    let sandbox = meta::<i64>(conn, "epoch_sandbox_ms")?.unwrap_or(real);
    let old = meta::<f64>(conn, "scale")?.unwrap_or(scale);
    if old == scale {
        return Ok((real, sandbox));
    }
    let at = sandbox + ((now_ms - real) as f64 * old) as i64;
    set_meta(conn, "epoch_ms", now_ms)?;
    set_meta(conn, "epoch_sandbox_ms", at)?;
    set_meta(conn, "scale", scale)?;
    Ok((now_ms, at))
}

/// The demo resources, once: checked at every open, so a run killed between
/// creating the schema and seeding it seeds at the next start. The seed and
/// its `seeded` mark commit together. A database of an earlier version,
/// seeded without the mark, is recognised by its shares.
fn seed_once(conn: &mut Connection, now_ms: i64) -> rusqlite::Result<()> {
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    if meta::<i64>(&tx, "seeded")?.is_none() {
        let shares: i64 = tx.query_row("SELECT count(*) FROM shares", [], |r| r.get(0))?;
        if shares == 0 {
            seed(&tx, now_ms)?;
        }
        set_meta(&tx, "seeded", now_ms)?;
    }
    tx.commit()
}

/// The demo resources. Each domain seeds its own tables.
fn seed(tx: &rusqlite::Transaction, now_ms: i64) -> rusqlite::Result<()> {
    syncs::seed(tx, now_ms)?;
    lcs::seed(tx)?;
    compute::seed(tx)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_scale_speeds_up_from_the_stored_epoch() {
        let clock = Clock::manual(1_000_000);
        let dir = std::env::temp_dir().join(format!("glossa-sandbox-{}", uuid::Uuid::new_v4()));
        let s = Sandbox::open(Some(&dir), 60.0, clock.clone()).unwrap();
        let t0 = s.now_ms();
        clock.advance(10);
        assert_eq!(s.now_ms() - t0, 600_000, "10 s real = 10 min sandbox");
        assert_eq!(s.clock.real_duration_ms(60_000), 1000);
        drop(s);
        let again = Sandbox::open(Some(&dir), 60.0, clock.clone()).unwrap();
        assert_eq!(again.now_ms() - t0, 600_000, "a restart keeps the epoch");
        drop(again);
        let slower = Sandbox::open(Some(&dir), 1.0, clock.clone()).unwrap();
        assert_eq!(
            slower.now_ms() - t0,
            600_000,
            "a new scale does not move time back"
        );
        clock.advance(10);
        assert_eq!(slower.now_ms() - t0, 610_000, "then runs at the new scale");
        drop(slower);
        let reopened = Sandbox::open(Some(&dir), 1.0, clock.clone()).unwrap();
        assert_eq!(reopened.now_ms() - t0, 610_000);
        assert!(matches!(
            Sandbox::open(None, 0.0, clock),
            Err(SandboxError::TimeScale(_))
        ));
        std::fs::remove_dir_all(dir).unwrap();
    }

    fn count(s: &Sandbox, table: &str) -> i64 {
        s.with(|c| c.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| r.get(0)))
            .unwrap()
    }

    #[test]
    fn a_schema_left_unseeded_by_a_kill_is_seeded_at_the_next_open_and_only_once() {
        let clock = Clock::manual(1_000_000);
        let dir = std::env::temp_dir().join(format!("glossa-sandbox-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        // What a kill right after the schema's commit leaves behind.
        let mut conn = Connection::open(dir.join("sandbox.sqlite3")).unwrap();
        schema::migrate(&mut conn).unwrap();
        drop(conn);
        let s = Sandbox::open(Some(&dir), 1.0, clock.clone()).unwrap();
        let (shares, vms, envs) = (
            count(&s, "shares"),
            count(&s, "vms"),
            count(&s, "lcs_environments"),
        );
        assert!(
            shares > 0 && vms == 4 && envs > 0,
            "seeded: {shares} {vms} {envs}"
        );
        let syncs = count(&s, "syncs");
        drop(s);
        let again = Sandbox::open(Some(&dir), 1.0, clock).unwrap();
        assert_eq!(count(&again, "shares"), shares, "not seeded twice");
        assert_eq!(count(&again, "vms"), 4);
        assert_eq!(count(&again, "syncs"), syncs);
        drop(again);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_lazy_sandbox_opens_on_first_use_and_falls_back_to_memory() {
        let file = std::env::temp_dir().join(format!("glossa-not-a-dir-{}", uuid::Uuid::new_v4()));
        std::fs::write(&file, b"x").unwrap();
        let lazy = LazySandbox::new(Some(file.clone()), 1.0, Clock::manual(1_000_000));
        assert!(lazy.open_now().is_err(), "serve reports a bad data directory");
        let n: i64 = lazy
            .with(|c| c.query_row("SELECT COUNT(*) FROM vms", [], |r| r.get(0)))
            .unwrap();
        assert_eq!(
            n, 4,
            "the embedded service still has its seeded sandbox, in memory"
        );
        assert!(lazy.open_now().is_ok(), "opened once, kept");
        std::fs::remove_file(file).unwrap();
    }
}
