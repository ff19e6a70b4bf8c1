//! Opening the store: the file, its pragmas, the migrations, and the one
//! clear error a user sees when it cannot be used.

use std::path::{Path, PathBuf};
use std::time::Duration;

use rusqlite::Connection;

use super::schema;

/// Why the store cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot create {}: {source}", .path.display())]
    Dir { path: PathBuf, source: std::io::Error },
    #[error("store {}: {source}", .path.display())]
    Sqlite { path: PathBuf, source: rusqlite::Error },
    #[error(
        "store {} has schema version {found}, newer than this glossa knows ({known}); \
         upgrade glossa or use another data directory",
        .path.display()
    )]
    Newer { path: PathBuf, found: u32, known: u32 },
    #[error("store: {0}")]
    Query(#[from] rusqlite::Error),
    #[error("glossary: {0}")]
    Entry(#[from] super::glossary::EntryError),
    #[error("store: damaged value for {key}: {source}")]
    Json { key: String, source: serde_json::Error },
}

/// The user's database.
pub struct Store {
    pub(super) conn: Connection,
    path: Option<PathBuf>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store").field("path", &self.path).finish()
    }
}

impl Store {
    /// `$XDG_DATA_HOME/glossa/glossa.db`.
    pub fn default_path() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("glossa").join("glossa.db"))
    }

    /// Opens (creating and migrating as needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Dir {
                path: dir.to_owned(),
                source,
            })?;
        }
        let sqlite = |source| StoreError::Sqlite {
            path: path.to_owned(),
            source,
        };
        create_private(path).map_err(|source| StoreError::Dir {
            path: path.to_owned(),
            source,
        })?;
        let conn = Connection::open(path).map_err(sqlite)?;
        // WAL: readers (an export) never block the workbench's writes. With
        // synchronous=NORMAL a commit survives the process being killed
        // (kill -9); only a power loss may take the last commits.
        conn.pragma_update(None, "journal_mode", "WAL").map_err(sqlite)?;
        conn.pragma_update(None, "synchronous", "NORMAL")
            .map_err(sqlite)?;
        Self::ready(conn, Some(path.to_owned()))
    }

    /// A store that lives in memory (tests; a data directory that cannot be used).
    pub fn in_memory() -> Result<Self, StoreError> {
        Self::ready(Connection::open_in_memory()?, None)
    }

    fn ready(mut conn: Connection, path: Option<PathBuf>) -> Result<Self, StoreError> {
        let shown = path.clone().unwrap_or_else(|| PathBuf::from(":memory:"));
        let sqlite = |source| StoreError::Sqlite {
            path: shown.clone(),
            source,
        };
        conn.busy_timeout(Duration::from_secs(3)).map_err(sqlite)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(sqlite)?;
        let found = schema::version(&conn).map_err(sqlite)?;
        let known = schema::MIGRATIONS.len() as u32;
        if found > known {
            return Err(StoreError::Newer {
                path: shown,
                found,
                known,
            });
        }
        schema::migrate(&mut conn).map_err(sqlite)?;
        Ok(Self { conn, path })
    }

    /// The file, or `None` in memory.
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The schema version (the number of migrations applied).
    pub fn version(&self) -> u32 {
        schema::version(&self.conn).unwrap_or(0)
    }

    /// The connection, for the store's own modules and their tests.
    pub fn conn(&self) -> &Connection {
        &self.conn
    }

    /// Seconds since the epoch, the store's timestamps.
    pub fn now() -> i64 {
        crate::clock::Clock::System.now_unix() as i64
    }
}

/// Creates the database file readable by its owner only (the history is
/// the user's text); SQLite gives its -wal and -shm files the same mode.
/// An existing file keeps the mode the user gave it.
fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}
