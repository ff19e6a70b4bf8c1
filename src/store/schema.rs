//! The store's tables, versioned: `PRAGMA user_version` counts the
//! migrations applied, and [`migrate`] applies the rest in one transaction.
//! Append a migration to change the schema; never edit one that shipped
//! (`tests` opens a database made by the first ones and checks its data).

use rusqlite::Connection;

/// Each entry is one schema version.
pub const MIGRATIONS: &[&str] = &[
    // 1: what the workbench kept in JSON files before (prefs.json,
    // migrations.json, the languages cache directory), and the draft.
    "
    -- Small remembered values as JSON: 'prefs' (targets, source, options).
    CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated INTEGER NOT NULL);
    -- The editor's text, saved as it changes; one row per slot ('translate').
    CREATE TABLE drafts (
        slot TEXT PRIMARY KEY,
        text TEXT NOT NULL,
        cursor_row INTEGER NOT NULL DEFAULT 0,
        cursor_col INTEGER NOT NULL DEFAULT 0,
        updated INTEGER NOT NULL
    );
    -- Watched migrations per management endpoint ('local' or the base URL), a JSON list.
    CREATE TABLE watches (endpoint TEXT PRIMARY KEY, list TEXT NOT NULL, updated INTEGER NOT NULL);
    -- GET /languages answers with their ETag, per endpoint + query + Accept-Language.
    CREATE TABLE languages_cache (
        key TEXT PRIMARY KEY,
        endpoint TEXT NOT NULL,
        etag TEXT,
        fetched INTEGER NOT NULL,
        body TEXT NOT NULL
    );
    ",
    // 2: the translation history, searchable. `results` is the JSON list of
    // {to, text}; `results_text` their texts, for the full-text index.
    // The trigram tokenizer finds substrings in any script (Chinese has no
    // spaces); queries shorter than 3 characters fall back to LIKE.
    "
    CREATE TABLE history (
        id INTEGER PRIMARY KEY,
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        profile TEXT NOT NULL DEFAULT '',
        source TEXT NOT NULL,
        from_lang TEXT,
        detected TEXT,
        targets TEXT NOT NULL,
        results TEXT NOT NULL,
        results_text TEXT NOT NULL
    );
    CREATE INDEX history_by_time ON history (updated DESC);
    CREATE VIRTUAL TABLE history_fts USING fts5(
        source, results_text, content='history', content_rowid='id', tokenize='trigram'
    );
    CREATE TRIGGER history_ai AFTER INSERT ON history BEGIN
        INSERT INTO history_fts (rowid, source, results_text) VALUES (new.id, new.source, new.results_text);
    END;
    CREATE TRIGGER history_ad AFTER DELETE ON history BEGIN
        INSERT INTO history_fts (history_fts, rowid, source, results_text)
        VALUES ('delete', old.id, old.source, old.results_text);
    END;
    CREATE TRIGGER history_au AFTER UPDATE ON history BEGIN
        INSERT INTO history_fts (history_fts, rowid, source, results_text)
        VALUES ('delete', old.id, old.source, old.results_text);
        INSERT INTO history_fts (rowid, source, results_text) VALUES (new.id, new.source, new.results_text);
    END;
    ",
    // 3: dictionary look-ups (the Translate tab's word look-up, the
    // Dictionary tab): what was asked and how many translations came back.
    "
    CREATE TABLE lookups (
        id INTEGER PRIMARY KEY,
        at INTEGER NOT NULL,
        profile TEXT NOT NULL DEFAULT '',
        from_lang TEXT NOT NULL,
        to_lang TEXT NOT NULL,
        term TEXT NOT NULL,
        found INTEGER NOT NULL
    );
    CREATE INDEX lookups_by_time ON lookups (at DESC);
    ",
    // 4: the glossary: a term's forced translation for a language pair,
    // sent as the dynamic dictionary markup when the source is known.
    "
    CREATE TABLE glossary (
        id INTEGER PRIMARY KEY,
        from_lang TEXT NOT NULL,
        to_lang TEXT NOT NULL,
        term TEXT NOT NULL,
        translation TEXT NOT NULL,
        case_sensitive INTEGER NOT NULL DEFAULT 0,
        note TEXT NOT NULL DEFAULT '',
        created INTEGER NOT NULL,
        updated INTEGER NOT NULL,
        UNIQUE (from_lang, to_lang, term)
    );
    ",
];

/// The number of migrations applied.
pub fn version(conn: &Connection) -> rusqlite::Result<u32> {
    conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .map(|v| v.max(0) as u32)
}

/// Applies the missing migrations in one transaction; returns the version
/// the database had before.
pub fn migrate(conn: &mut Connection) -> rusqlite::Result<u32> {
    migrate_to(conn, MIGRATIONS.len() as u32)
}

/// Applies the migrations up to version `to` (tests build older databases with it).
pub fn migrate_to(conn: &mut Connection, to: u32) -> rusqlite::Result<u32> {
    let before = version(conn)?;
    if before >= to {
        return Ok(before);
    }
    let tx = conn.transaction()?;
    for (i, sql) in MIGRATIONS
        .iter()
        .enumerate()
        .take(to as usize)
        .skip(before as usize)
    {
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", (i + 1) as i64)?;
    }
    tx.commit()?;
    Ok(before)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::drafts::{Draft, TRANSLATE};
    use crate::store::{Store, StoreError};

    fn temp_db() -> (std::path::PathBuf, std::path::PathBuf) {
        let dir = std::env::temp_dir().join(format!("glossa-schema-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("glossa.db");
        (dir, path)
    }

    #[test]
    fn migrations_apply_once_and_in_order() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(migrate(&mut conn).unwrap(), 0, "new");
        assert_eq!(
            migrate(&mut conn).unwrap(),
            MIGRATIONS.len() as u32,
            "then up to date"
        );
        assert_eq!(version(&conn).unwrap(), MIGRATIONS.len() as u32);
    }

    #[test]
    fn a_version_1_database_keeps_its_data_when_migrated() {
        let (dir, path) = temp_db();
        {
            // What the first release of the store wrote.
            let mut conn = Connection::open(&path).unwrap();
            migrate_to(&mut conn, 1).unwrap();
            conn.execute(
                "INSERT INTO drafts (slot, text, cursor_row, cursor_col, updated) VALUES ('translate', 'hola', 0, 4, 1)",
                [],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO kv (key, value, updated) VALUES ('prefs', '{\"targets\":[\"fr\"]}', 1)",
                [],
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        assert_eq!(store.version(), MIGRATIONS.len() as u32);
        assert_eq!(
            store.draft(TRANSLATE).unwrap(),
            Some(Draft {
                text: "hola".into(),
                cursor: (0, 4)
            })
        );
        let prefs: serde_json::Value = store.get_json("prefs").unwrap().unwrap();
        assert_eq!(prefs["targets"][0], "fr");
        // The tables of the later versions exist and the history is searchable.
        let n: i64 = store
            .conn()
            .query_row(
                "SELECT count(*) FROM history_fts WHERE history_fts MATCH 'hola'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(n, 0);
        for table in ["lookups", "glossary"] {
            let n: i64 = store
                .conn()
                .query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
                .unwrap();
            assert_eq!(n, 0, "{table}");
        }
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_newer_database_is_refused_untouched() {
        let (dir, path) = temp_db();
        {
            let conn = Connection::open(&path).unwrap();
            conn.pragma_update(None, "user_version", 99).unwrap();
        }
        let e = Store::open(&path).unwrap_err();
        assert!(matches!(e, StoreError::Newer { found: 99, .. }), "{e}");
        assert!(e.to_string().contains("upgrade glossa"), "{e}");
        let conn = Connection::open(&path).unwrap();
        assert_eq!(version(&conn).unwrap(), 99);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn a_file_that_is_not_a_database_is_a_clear_error() {
        let (dir, path) = temp_db();
        std::fs::write(&path, b"this is not sqlite, it is a text file of some length....").unwrap();
        let e = Store::open(&path).unwrap_err().to_string();
        assert!(e.contains("glossa.db"), "{e}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
