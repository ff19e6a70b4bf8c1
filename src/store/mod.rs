//! The user's data: one SQLite database (WAL) in the XDG data directory,
//! `$XDG_DATA_HOME/glossa/glossa.db`, with a versioned schema
//! (`schema.rs`). It keeps the source draft (saved as the user types), the
//! remembered choices, the watched migrations, the languages cache, the
//! translation history with full-text search, the dictionary look-ups and
//! the glossary. Secrets are never stored here.
//!
//! The workbench owns one [`Store`] on its event loop; the CLI opens its own
//! (`glossa export`). WAL lets both read while the other writes.
//!
//! Beside it, in the XDG config directory, the user's own files: the config
//! file with its profiles (`config.rs`) and the secrets file (`secrets.rs`).

pub mod bulk;
pub mod config;
mod db;
pub mod drafts;
pub mod environments;
pub mod export;
pub mod glossary;
pub mod history;
pub mod kv;
pub mod languages;
pub mod lookups;
pub mod schema;
pub mod search;
pub mod secrets;

pub use db::{Store, StoreError};
