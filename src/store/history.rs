//! The translation history: what was translated (source, languages, the
//! translations) and when, searchable.
//!
//! Rows are `history` (migration 2); `history_fts` is an FTS5 index over
//! the source and the translations' texts with the trigram tokenizer, kept
//! by triggers, so a search finds any substring of three characters or more
//! in any script. Shorter terms (a two-character Chinese word) are found
//! with `LIKE` over the rows instead (`search.rs`). Results come newest
//! first, with the byte ranges the terms cover, for the view's highlights.
//!
//! The history is bounded: recording an entry drops the oldest beyond the
//! newest [`KEEP`] (by last update), in the same transaction.

use std::ops::Range;

use rusqlite::{OptionalExtension, params, params_from_iter};
use serde::{Deserialize, Serialize};

use super::search::{self, Terms};
use super::{Store, StoreError};

/// The entries kept; recording one drops the oldest beyond these.
pub const KEEP: usize = 10_000;

/// One translation of an entry.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rendition {
    pub to: String,
    pub text: String,
}

/// What is recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewEntry {
    /// The active profile's name ('' without profiles).
    pub profile: String,
    pub source: String,
    /// The source language asked for; `None` is auto-detect.
    pub from: Option<String>,
    /// The language the service detected, when it detected one.
    pub detected: Option<String>,
    pub targets: Vec<String>,
    pub results: Vec<Rendition>,
}

/// A recorded entry (times in seconds since the epoch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Entry {
    pub id: i64,
    pub created: i64,
    pub updated: i64,
    pub profile: String,
    pub source: String,
    pub from: Option<String>,
    pub detected: Option<String>,
    pub targets: Vec<String>,
    pub results: Vec<Rendition>,
}

/// An entry a search found, with where its terms occur: byte ranges in the
/// source and in each result's text (same order as `entry.results`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub entry: Entry,
    pub source_marks: Vec<Range<usize>>,
    pub result_marks: Vec<Vec<Range<usize>>>,
}

impl Found {
    fn new(entry: Entry, terms: &Terms) -> Self {
        Self {
            source_marks: search::marks(&entry.source, terms),
            result_marks: entry
                .results
                .iter()
                .map(|r| search::marks(&r.text, terms))
                .collect(),
            entry,
        }
    }
}

const COLUMNS: &str =
    "h.id, h.created, h.updated, h.profile, h.source, h.from_lang, h.detected, h.targets, h.results";

fn entry(r: &rusqlite::Row<'_>) -> rusqlite::Result<Entry> {
    let id: i64 = r.get(0)?;
    Ok(Entry {
        id,
        created: r.get(1)?,
        updated: r.get(2)?,
        profile: r.get(3)?,
        source: r.get(4)?,
        from: r.get(5)?,
        detected: r.get(6)?,
        targets: lenient(id, &r.get::<_, String>(7)?),
        results: lenient(id, &r.get::<_, String>(8)?),
    })
}

/// A damaged JSON column (edited by hand) reads as empty rather than
/// hiding the whole history.
fn lenient<T: serde::de::DeserializeOwned + Default>(id: i64, text: &str) -> T {
    serde_json::from_str(text).unwrap_or_else(|e| {
        tracing::warn!("history entry {id}: damaged column: {e}");
        T::default()
    })
}

fn json_columns(e: &NewEntry) -> (String, String, String) {
    let targets = serde_json::to_string(&e.targets).unwrap_or_else(|_| "[]".into());
    let results = serde_json::to_string(&e.results).unwrap_or_else(|_| "[]".into());
    let text = e
        .results
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n");
    (targets, results, text)
}

impl Store {
    /// Records an entry now, keeping the newest [`KEEP`]; returns its id.
    pub fn record_history(&self, e: &NewEntry) -> Result<i64, StoreError> {
        self.record_history_at(e, Store::now(), KEEP)
    }

    /// Records an entry at `now` (seconds), then drops the oldest entries
    /// beyond the newest `keep`, in one transaction.
    pub fn record_history_at(&self, e: &NewEntry, now: i64, keep: usize) -> Result<i64, StoreError> {
        let (targets, results, text) = json_columns(e);
        let tx = self.conn.unchecked_transaction()?;
        tx.prepare_cached(
            "INSERT INTO history (created, updated, profile, source, from_lang, detected, targets, results, results_text)
             VALUES (?1, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?
        .execute(params![now, e.profile, e.source, e.from, e.detected, targets, results, text])?;
        let id = tx.last_insert_rowid();
        tx.prepare_cached(
            "DELETE FROM history WHERE id IN (
                 SELECT id FROM history ORDER BY updated ASC, id ASC
                 LIMIT max(0, (SELECT count(*) FROM history) - ?1))",
        )?
        .execute(params![i64::try_from(keep).unwrap_or(i64::MAX)])?;
        tx.commit()?;
        Ok(id)
    }

    /// Replaces entry `id`'s text, languages and results (its creation time
    /// stays); `false` when it no longer exists.
    pub fn update_history(&self, id: i64, e: &NewEntry) -> Result<bool, StoreError> {
        self.update_history_at(id, e, Store::now())
    }

    pub fn update_history_at(&self, id: i64, e: &NewEntry, now: i64) -> Result<bool, StoreError> {
        let (targets, results, text) = json_columns(e);
        let n = self
            .conn
            .prepare_cached(
                "UPDATE history SET updated = ?2, profile = ?3, source = ?4, from_lang = ?5, detected = ?6,
                 targets = ?7, results = ?8, results_text = ?9 WHERE id = ?1",
            )?
            .execute(params![
                id, now, e.profile, e.source, e.from, e.detected, targets, results, text
            ])?;
        Ok(n > 0)
    }

    pub fn history_entry(&self, id: i64) -> Result<Option<Entry>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM history h WHERE h.id = ?1");
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![id], entry)
            .optional()?)
    }

    /// Deletes entry `id` (the index follows by trigger); whether it existed.
    pub fn delete_history(&self, id: i64) -> Result<bool, StoreError> {
        let n = self
            .conn
            .prepare_cached("DELETE FROM history WHERE id = ?1")?
            .execute(params![id])?;
        Ok(n > 0)
    }

    /// Deletes every entry; returns how many there were.
    pub fn clear_history(&self) -> Result<usize, StoreError> {
        Ok(self.conn.execute("DELETE FROM history", [])?)
    }

    pub fn history_count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM history", [], |r| r.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// The newest entries, `offset` skipped.
    pub fn recent_history(&self, limit: usize, offset: usize) -> Result<Vec<Entry>, StoreError> {
        let sql =
            format!("SELECT {COLUMNS} FROM history h ORDER BY h.updated DESC, h.id DESC LIMIT ?1 OFFSET ?2");
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(params![sql_count(limit), sql_count(offset)], entry)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows)
    }

    /// The newest `limit` entries whose source or translations hold every
    /// term of `query` (see `search.rs`); an empty query lists the newest.
    pub fn search_history(&self, query: &str, limit: usize) -> Result<Vec<Found>, StoreError> {
        let terms = Terms::parse(query);
        if terms.is_empty() {
            return Ok(self
                .recent_history(limit, 0)?
                .into_iter()
                .map(|e| Found::new(e, &terms))
                .collect());
        }
        let mut clauses = Vec::new();
        let mut args: Vec<String> = Vec::new();
        if let Some(fts) = terms.fts() {
            args.push(fts);
            clauses.push(format!(
                "h.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH ?{})",
                args.len()
            ));
        }
        for term in terms.short() {
            let mut any = Vec::new();
            for pattern in search::like_patterns(term) {
                args.push(pattern);
                let n = args.len();
                any.push(format!(
                    "h.source LIKE ?{n} ESCAPE '\\' OR h.results_text LIKE ?{n} ESCAPE '\\'"
                ));
            }
            clauses.push(format!("({})", any.join(" OR ")));
        }
        let sql = format!(
            "SELECT {COLUMNS} FROM history h WHERE {} ORDER BY h.updated DESC, h.id DESC LIMIT {}",
            clauses.join(" AND "),
            sql_count(limit)
        );
        let rows = self
            .conn
            .prepare_cached(&sql)?
            .query_map(params_from_iter(args.iter()), entry)?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(rows.into_iter().map(|e| Found::new(e, &terms)).collect())
    }
}

/// A count as SQLite takes it.
pub(super) fn sql_count(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

#[cfg(test)]
#[path = "history_tests.rs"]
mod tests;
