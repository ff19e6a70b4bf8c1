//! The dictionary look-ups: each term asked for, its languages and how many
//! translations came back (0: not found). Looking up the same term again
//! (same languages and profile) right after moves that row to now instead
//! of adding a second one. Bounded like the history: the newest [`KEEP`].
//!
//! Terms are short, so search is `LIKE` over the rows (every term of the
//! query must occur, case ignored as in `search.rs`); no index needed.

use std::ops::Range;

use rusqlite::{OptionalExtension, params, params_from_iter};
use serde::Serialize;

use super::history::sql_count;
use super::search::{self, Terms};
use super::{Store, StoreError};

/// The look-ups kept; recording one drops the oldest beyond these.
pub const KEEP: usize = 10_000;

/// What is recorded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct NewLookup {
    pub profile: String,
    pub from: String,
    pub to: String,
    pub term: String,
    /// Translations found (0 when the dictionary has none).
    pub found: u32,
}

/// A recorded look-up (`at` in seconds since the epoch).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Lookup {
    pub id: i64,
    pub at: i64,
    pub profile: String,
    pub from: String,
    pub to: String,
    pub term: String,
    pub found: u32,
}

/// A look-up a search found, with where the terms occur in its term.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FoundLookup {
    pub lookup: Lookup,
    pub marks: Vec<Range<usize>>,
}

const COLUMNS: &str = "id, at, profile, from_lang, to_lang, term, found";

fn lookup(r: &rusqlite::Row<'_>) -> rusqlite::Result<Lookup> {
    Ok(Lookup {
        id: r.get(0)?,
        at: r.get(1)?,
        profile: r.get(2)?,
        from: r.get(3)?,
        to: r.get(4)?,
        term: r.get(5)?,
        found: u32::try_from(r.get::<_, i64>(6)?).unwrap_or(0),
    })
}

impl Store {
    /// Records a look-up now; returns its row's id.
    pub fn record_lookup(&self, l: &NewLookup) -> Result<i64, StoreError> {
        self.record_lookup_at(l, Store::now(), KEEP)
    }

    /// Records a look-up at `now`: the newest row again when it is the same
    /// question, else a new row; then drops the oldest beyond `keep`.
    pub fn record_lookup_at(&self, l: &NewLookup, now: i64, keep: usize) -> Result<i64, StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let last: Option<(i64, String, String, String, String)> = tx
            .prepare_cached(
                "SELECT id, profile, from_lang, to_lang, term FROM lookups ORDER BY at DESC, id DESC LIMIT 1",
            )?
            .query_row([], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })
            .optional()?;
        let same = last.filter(|(_, p, f, t, term)| (p, f, t, term) == (&l.profile, &l.from, &l.to, &l.term));
        let id = match same {
            Some((id, ..)) => {
                tx.prepare_cached("UPDATE lookups SET at = ?2, found = ?3 WHERE id = ?1")?
                    .execute(params![id, now, l.found])?;
                id
            }
            None => {
                tx.prepare_cached(
                    "INSERT INTO lookups (at, profile, from_lang, to_lang, term, found)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                )?
                .execute(params![now, l.profile, l.from, l.to, l.term, l.found])?;
                tx.last_insert_rowid()
            }
        };
        tx.prepare_cached(
            "DELETE FROM lookups WHERE id IN (
                 SELECT id FROM lookups ORDER BY at ASC, id ASC
                 LIMIT max(0, (SELECT count(*) FROM lookups) - ?1))",
        )?
        .execute(params![sql_count(keep)])?;
        tx.commit()?;
        Ok(id)
    }

    /// The newest look-ups.
    pub fn recent_lookups(&self, limit: usize) -> Result<Vec<Lookup>, StoreError> {
        let sql = format!("SELECT {COLUMNS} FROM lookups ORDER BY at DESC, id DESC LIMIT ?1");
        Ok(self
            .conn
            .prepare_cached(&sql)?
            .query_map(params![sql_count(limit)], lookup)?
            .collect::<Result<Vec<_>, _>>()?)
    }

    /// The newest `limit` look-ups whose term holds every term of `query`;
    /// an empty query lists the newest.
    pub fn search_lookups(&self, query: &str, limit: usize) -> Result<Vec<FoundLookup>, StoreError> {
        let terms = Terms::parse(query);
        let rows = if terms.is_empty() {
            self.recent_lookups(limit)?
        } else {
            let mut clauses = Vec::new();
            let mut args: Vec<String> = Vec::new();
            for term in &terms.all {
                let mut any = Vec::new();
                for pattern in search::like_patterns(term) {
                    args.push(pattern);
                    any.push(format!("term LIKE ?{} ESCAPE '\\'", args.len()));
                }
                clauses.push(format!("({})", any.join(" OR ")));
            }
            let sql = format!(
                "SELECT {COLUMNS} FROM lookups WHERE {} ORDER BY at DESC, id DESC LIMIT {}",
                clauses.join(" AND "),
                sql_count(limit)
            );
            self.conn
                .prepare_cached(&sql)?
                .query_map(params_from_iter(args.iter()), lookup)?
                .collect::<Result<Vec<_>, _>>()?
        };
        Ok(rows
            .into_iter()
            .map(|l| FoundLookup {
                marks: search::marks(&l.term, &terms),
                lookup: l,
            })
            .collect())
    }

    /// Deletes look-up `id`; whether it existed.
    pub fn delete_lookup(&self, id: i64) -> Result<bool, StoreError> {
        let n = self
            .conn
            .prepare_cached("DELETE FROM lookups WHERE id = ?1")?
            .execute(params![id])?;
        Ok(n > 0)
    }

    /// Deletes every look-up; returns how many there were.
    pub fn clear_lookups(&self) -> Result<usize, StoreError> {
        Ok(self.conn.execute("DELETE FROM lookups", [])?)
    }
}

#[cfg(test)]
#[allow(clippy::single_range_in_vec_init)]
mod tests {
    use super::*;

    fn ask(term: &str, found: u32) -> NewLookup {
        NewLookup {
            from: "en".into(),
            to: "es".into(),
            term: term.into(),
            found,
            ..NewLookup::default()
        }
    }

    #[test]
    fn lookups_are_listed_newest_first_and_a_repeat_moves_up() {
        let s = Store::in_memory().unwrap();
        let a = s.record_lookup_at(&ask("fly", 3), 10, KEEP).unwrap();
        s.record_lookup_at(&ask("Сплин", 0), 20, KEEP).unwrap();
        s.record_lookup_at(&ask("Сплин", 0), 30, KEEP).unwrap();
        assert_eq!(
            s.recent_lookups(10).unwrap().len(),
            2,
            "the repeat updated its row"
        );
        let again = s.record_lookup_at(&ask("fly", 4), 40, KEEP).unwrap();
        assert_ne!(a, again, "not the newest: a new row");
        let terms: Vec<_> = s
            .recent_lookups(10)
            .unwrap()
            .into_iter()
            .map(|l| (l.term, l.found))
            .collect();
        assert_eq!(terms, [("fly".into(), 4), ("Сплин".into(), 0), ("fly".into(), 3)]);
    }

    #[test]
    fn lookups_search_ignores_case_and_escapes_like() {
        let s = Store::in_memory().unwrap();
        for (i, t) in ["сплин", "spleen", "100%", "a_b", "ab"].iter().enumerate() {
            s.record_lookup_at(&ask(t, 1), i as i64, KEEP).unwrap();
        }
        let found = s.search_lookups("СП", 10).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(
            (found[0].lookup.term.as_str(), found[0].marks.clone()),
            ("сплин", vec![0..4])
        );
        assert_eq!(s.search_lookups("SPL", 10).unwrap()[0].lookup.term, "spleen");
        assert_eq!(s.search_lookups("0%", 10).unwrap()[0].lookup.term, "100%");
        let under: Vec<_> = s
            .search_lookups("_", 10)
            .unwrap()
            .into_iter()
            .map(|f| f.lookup.term)
            .collect();
        assert_eq!(under, ["a_b"], "_ is not a wildcard");
        assert_eq!(s.search_lookups("", 2).unwrap().len(), 2);
    }

    #[test]
    fn lookups_are_bounded_and_deleted() {
        let s = Store::in_memory().unwrap();
        for i in 0..5 {
            s.record_lookup_at(&ask(&format!("w{i}"), 1), i, 3).unwrap();
        }
        let left: Vec<_> = s
            .recent_lookups(10)
            .unwrap()
            .into_iter()
            .map(|l| l.term)
            .collect();
        assert_eq!(left, ["w4", "w3", "w2"]);
        let id = s.recent_lookups(1).unwrap()[0].id;
        assert!(s.delete_lookup(id).unwrap());
        assert!(!s.delete_lookup(id).unwrap());
        assert_eq!(s.clear_lookups().unwrap(), 2);
    }
}
