//! The glossary: per language pair, a term and the translation to force for
//! it (sent as the dynamic dictionary markup, see `client::glossary`).
//!
//! Every write goes through [`NewEntry::check`]: term and translation
//! trimmed, non-empty, on one line and bounded; language codes in their
//! canonical case (`zh-hans` → `zh-Hans`), so the table's
//! `UNIQUE (from_lang, to_lang, term)` means one entry per pair and term.
//! The term itself keeps its case: `Apple` and `apple` may both exist.

use rusqlite::{OptionalExtension, Row, params};

use super::{Store, StoreError};
use crate::api::params::is_language_code;

/// The most characters of a term (a dictionary look-up's limit is 100).
pub const MAX_TERM: usize = 100;
/// The most characters of a forced translation.
pub const MAX_TRANSLATION: usize = 200;
/// The most characters of a note.
pub const MAX_NOTE: usize = 500;

/// One stored entry.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GlossaryEntry {
    pub id: i64,
    pub from: String,
    pub to: String,
    pub term: String,
    pub translation: String,
    /// Match the term only as written (else any case).
    pub case_sensitive: bool,
    pub note: String,
    /// Unix seconds.
    pub created: i64,
    pub updated: i64,
}

/// An entry as the user gives it (the TUI's form, an imported row).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewEntry {
    pub from: String,
    pub to: String,
    pub term: String,
    pub translation: String,
    pub case_sensitive: bool,
    pub note: String,
}

/// Why an entry cannot be kept.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EntryError {
    #[error("{0} is empty")]
    Empty(&'static str),
    #[error("{0} has a line break")]
    LineBreak(&'static str),
    #[error("{0} has a control character")]
    Control(&'static str),
    #[error("{field} is longer than {max} characters")]
    TooLong { field: &'static str, max: usize },
    #[error("{value:?} is not a language code (letters, digits and '-', e.g. de or zh-Hans)")]
    Language { value: String },
    #[error("source and target language are the same ({0})")]
    SamePair(String),
    #[error("{from}→{to} already has the term {term:?}")]
    Duplicate { from: String, to: String, term: String },
}

/// What an upsert did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Upserted {
    Added(i64),
    Updated(i64),
    /// The same translation, case flag and note were there already.
    Unchanged(i64),
}

/// What an import did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImportCounts {
    pub added: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// Entries dropped first (`--replace`).
    pub removed: usize,
}

impl NewEntry {
    /// The entry trimmed and in canonical form, or what is wrong with it.
    pub fn check(&self) -> Result<NewEntry, EntryError> {
        let from = canonical_code(self.from.trim())?;
        let to = canonical_code(self.to.trim())?;
        if from.eq_ignore_ascii_case(&to) {
            return Err(EntryError::SamePair(from));
        }
        Ok(NewEntry {
            term: text("term", &self.term, MAX_TERM, false)?,
            translation: text("translation", &self.translation, MAX_TRANSLATION, false)?,
            note: text("note", &self.note, MAX_NOTE, true)?,
            case_sensitive: self.case_sensitive,
            from,
            to,
        })
    }
}

fn text(field: &'static str, value: &str, max: usize, may_be_empty: bool) -> Result<String, EntryError> {
    let value = value.trim();
    if value.is_empty() && !may_be_empty {
        return Err(EntryError::Empty(field));
    }
    if value.contains(['\n', '\r']) {
        return Err(EntryError::LineBreak(field));
    }
    if value.chars().any(char::is_control) {
        return Err(EntryError::Control(field));
    }
    if value.chars().count() > max {
        return Err(EntryError::TooLong { field, max });
    }
    Ok(value.to_owned())
}

/// A language code in its usual case: language lower, script title, region upper.
pub fn canonical_code(code: &str) -> Result<String, EntryError> {
    if !is_language_code(code) {
        return Err(EntryError::Language {
            value: code.to_owned(),
        });
    }
    let parts: Vec<String> = code
        .split('-')
        .enumerate()
        .map(|(i, p)| match (i, p.len()) {
            (0, _) => p.to_ascii_lowercase(),
            (_, 4) if p.bytes().all(|b| b.is_ascii_alphabetic()) => {
                let mut s = p.to_ascii_lowercase();
                s[..1].make_ascii_uppercase();
                s
            }
            (_, 2) => p.to_ascii_uppercase(),
            _ => p.to_owned(),
        })
        .collect();
    Ok(parts.join("-"))
}

const COLUMNS: &str = "id, from_lang, to_lang, term, translation, case_sensitive, note, created, updated";

fn entry(r: &Row) -> rusqlite::Result<GlossaryEntry> {
    Ok(GlossaryEntry {
        id: r.get(0)?,
        from: r.get(1)?,
        to: r.get(2)?,
        term: r.get(3)?,
        translation: r.get(4)?,
        case_sensitive: r.get::<_, i64>(5)? != 0,
        note: r.get(6)?,
        created: r.get(7)?,
        updated: r.get(8)?,
    })
}

/// A UNIQUE violation as the entry it repeats.
fn duplicate(e: rusqlite::Error, n: &NewEntry) -> StoreError {
    match e {
        rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::ConstraintViolation => {
            StoreError::Entry(EntryError::Duplicate {
                from: n.from.clone(),
                to: n.to.clone(),
                term: n.term.clone(),
            })
        }
        e => StoreError::Query(e),
    }
}

impl Store {
    /// Every entry, or those of one pair (codes compared in any case), by
    /// pair then term.
    pub fn glossary(&self, pair: Option<(&str, &str)>) -> Result<Vec<GlossaryEntry>, StoreError> {
        let (from, to) = pair.unwrap_or(("", ""));
        let sql = format!(
            "SELECT {COLUMNS} FROM glossary
             WHERE ?1 = '' OR (from_lang = ?1 COLLATE NOCASE AND to_lang = ?2 COLLATE NOCASE)
             ORDER BY from_lang, to_lang, lower(term), term"
        );
        let mut stmt = self.conn.prepare_cached(&sql)?;
        let rows = stmt.query_map(params![from, to], entry)?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// One entry by id.
    pub fn glossary_entry(&self, id: i64) -> Result<Option<GlossaryEntry>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM glossary WHERE id = ?1");
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_row(params![id], entry)
            .optional()?)
    }

    pub fn glossary_count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn
            .query_row("SELECT count(*) FROM glossary", [], |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    /// Adds the entry, or updates the one of the same pair and term.
    pub fn glossary_upsert(&self, new: &NewEntry) -> Result<Upserted, StoreError> {
        let n = new.check()?;
        let found: Option<(i64, String, i64, String)> = self
            .conn
            .prepare_cached(
                "SELECT id, translation, case_sensitive, note FROM glossary
                 WHERE from_lang = ?1 AND to_lang = ?2 AND term = ?3",
            )?
            .query_row(params![n.from, n.to, n.term], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
            })
            .optional()?;
        let now = Store::now();
        match found {
            Some((id, tr, cs, note))
                if tr == n.translation && (cs != 0) == n.case_sensitive && note == n.note =>
            {
                Ok(Upserted::Unchanged(id))
            }
            Some((id, ..)) => {
                self.conn
                    .prepare_cached(
                        "UPDATE glossary SET translation = ?2, case_sensitive = ?3, note = ?4, updated = ?5
                         WHERE id = ?1",
                    )?
                    .execute(params![id, n.translation, n.case_sensitive, n.note, now])?;
                Ok(Upserted::Updated(id))
            }
            None => {
                self.conn
                    .prepare_cached(
                        "INSERT INTO glossary
                         (from_lang, to_lang, term, translation, case_sensitive, note, created, updated)
                         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
                    )?
                    .execute(params![
                        n.from,
                        n.to,
                        n.term,
                        n.translation,
                        n.case_sensitive,
                        n.note,
                        now
                    ])?;
                Ok(Upserted::Added(self.conn.last_insert_rowid()))
            }
        }
    }

    /// Replaces entry `id` (its pair and term may change); `false` when there is
    /// no such entry. Taking another entry's pair and term is an error.
    pub fn glossary_update(&self, id: i64, new: &NewEntry) -> Result<bool, StoreError> {
        let n = new.check()?;
        let changed = self
            .conn
            .prepare_cached(
                "UPDATE glossary SET from_lang = ?2, to_lang = ?3, term = ?4, translation = ?5,
                 case_sensitive = ?6, note = ?7, updated = ?8 WHERE id = ?1",
            )?
            .execute(params![
                id,
                n.from,
                n.to,
                n.term,
                n.translation,
                n.case_sensitive,
                n.note,
                Store::now()
            ])
            .map_err(|e| duplicate(e, &n))?;
        Ok(changed > 0)
    }

    /// Deletes entry `id`; `false` when there was none.
    pub fn glossary_delete(&self, id: i64) -> Result<bool, StoreError> {
        let n = self
            .conn
            .prepare_cached("DELETE FROM glossary WHERE id = ?1")?
            .execute(params![id])?;
        Ok(n > 0)
    }

    /// Upserts every entry in one transaction (all or nothing); with `replace`
    /// the glossary is emptied first. A `dry_run` counts and rolls back.
    pub fn glossary_import(
        &self,
        entries: &[NewEntry],
        replace: bool,
        dry_run: bool,
    ) -> Result<ImportCounts, StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let mut counts = ImportCounts::default();
        if replace {
            counts.removed = tx.execute("DELETE FROM glossary", [])?;
        }
        for e in entries {
            match self.glossary_upsert(e)? {
                Upserted::Added(_) => counts.added += 1,
                Upserted::Updated(_) => counts.updated += 1,
                Upserted::Unchanged(_) => counts.unchanged += 1,
            }
        }
        if dry_run {
            tx.rollback()?;
        } else {
            tx.commit()?;
        }
        Ok(counts)
    }
}

#[cfg(test)]
#[path = "glossary_tests.rs"]
mod tests;
