//! What `glossa export` reads: the history, the look-ups and the glossary as
//! a [`Table`] of named columns and JSON values, independent of the output
//! format (the CLI's `data.rs` writes it as CSV, TSV or JSON). Times are RFC 3339
//! in UTC; the history's `targets` and `results` are JSON values (a list of
//! codes; a list of `{to, text}`).

use rusqlite::params;
use serde_json::{Map, Value};

use super::{Store, StoreError};

/// What to export.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dataset {
    History,
    Lookups,
    Glossary,
}

/// Rows of named columns.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Table {
    pub columns: Vec<&'static str>,
    pub rows: Vec<Vec<Value>>,
}

impl Table {
    /// The rows as JSON objects, keys in column order.
    pub fn objects(&self) -> Vec<Map<String, Value>> {
        self.rows
            .iter()
            .map(|row| {
                self.columns
                    .iter()
                    .zip(row)
                    .map(|(c, v)| ((*c).to_owned(), v.clone()))
                    .collect()
            })
            .collect()
    }
}

/// Unix seconds as RFC 3339 (UTC); out of range stays a number.
pub fn rfc3339(secs: i64) -> Value {
    time::OffsetDateTime::from_unix_timestamp(secs)
        .ok()
        .and_then(|t| t.format(&time::format_description::well_known::Rfc3339).ok())
        .map_or(Value::from(secs), Value::from)
}

/// A JSON column kept as text: parsed when it parses, else the text.
fn json_text(s: String) -> Value {
    serde_json::from_str(&s).unwrap_or(Value::String(s))
}

impl Store {
    /// The rows of `what` created (glossary: changed) at or after `since`
    /// (unix seconds), oldest first.
    pub fn export(&self, what: Dataset, since: Option<i64>) -> Result<Table, StoreError> {
        let since = since.unwrap_or(i64::MIN);
        let (columns, sql): (Vec<&'static str>, &str) = match what {
            Dataset::History => (
                vec![
                    "id",
                    "created",
                    "updated",
                    "profile",
                    "source",
                    "from_lang",
                    "detected",
                    "targets",
                    "results",
                ],
                "SELECT id, created, updated, profile, source, from_lang, detected, targets, results
                 FROM history WHERE created >= ?1 ORDER BY created, id",
            ),
            Dataset::Lookups => (
                vec!["id", "at", "profile", "from_lang", "to_lang", "term", "found"],
                "SELECT id, at, profile, from_lang, to_lang, term, found
                 FROM lookups WHERE at >= ?1 ORDER BY at, id",
            ),
            Dataset::Glossary => (
                vec![
                    "from",
                    "to",
                    "term",
                    "translation",
                    "case_sensitive",
                    "note",
                    "created",
                    "updated",
                ],
                "SELECT from_lang, to_lang, term, translation, case_sensitive, note, created, updated
                 FROM glossary WHERE updated >= ?1 ORDER BY from_lang, to_lang, term",
            ),
        };
        let mut stmt = self.conn.prepare(sql)?;
        let rows = stmt.query_map(params![since], |r| {
            Ok(match what {
                Dataset::History => vec![
                    Value::from(r.get::<_, i64>(0)?),
                    rfc3339(r.get(1)?),
                    rfc3339(r.get(2)?),
                    Value::from(r.get::<_, String>(3)?),
                    Value::from(r.get::<_, String>(4)?),
                    Value::from(r.get::<_, Option<String>>(5)?),
                    Value::from(r.get::<_, Option<String>>(6)?),
                    json_text(r.get(7)?),
                    json_text(r.get(8)?),
                ],
                Dataset::Lookups => vec![
                    Value::from(r.get::<_, i64>(0)?),
                    rfc3339(r.get(1)?),
                    Value::from(r.get::<_, String>(2)?),
                    Value::from(r.get::<_, String>(3)?),
                    Value::from(r.get::<_, String>(4)?),
                    Value::from(r.get::<_, String>(5)?),
                    Value::from(r.get::<_, i64>(6)?),
                ],
                Dataset::Glossary => vec![
                    Value::from(r.get::<_, String>(0)?),
                    Value::from(r.get::<_, String>(1)?),
                    Value::from(r.get::<_, String>(2)?),
                    Value::from(r.get::<_, String>(3)?),
                    Value::from(r.get::<_, i64>(4)? != 0),
                    Value::from(r.get::<_, String>(5)?),
                    rfc3339(r.get(6)?),
                    rfc3339(r.get(7)?),
                ],
            })
        })?;
        Ok(Table {
            columns,
            rows: rows.collect::<rusqlite::Result<_>>()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::glossary::NewEntry;

    #[test]
    fn history_lookups_and_glossary_come_out_as_tables() {
        let store = Store::in_memory().unwrap();
        store
            .conn()
            .execute(
                "INSERT INTO history (created, updated, source, from_lang, targets, results, results_text)
                 VALUES (100, 100, 'old', 'en', '[\"fr\"]', '[]', ''),
                        (1700000000, 1700000001, 'Hello, \"world\"', NULL, '[\"fr\",\"ja\"]',
                         '[{\"to\":\"fr\",\"text\":\"Bonjour\"}]', 'Bonjour')",
                [],
            )
            .unwrap();
        let t = store.export(Dataset::History, Some(1_000)).unwrap();
        assert_eq!(t.rows.len(), 1, "--since leaves the old row out");
        let row = &t.objects()[0];
        assert_eq!(row["created"], "2023-11-14T22:13:20Z");
        assert_eq!(row["source"], "Hello, \"world\"");
        assert_eq!(row["from_lang"], Value::Null);
        assert_eq!(row["targets"], serde_json::json!(["fr", "ja"]));
        assert_eq!(row["results"][0]["text"], "Bonjour");
        assert_eq!(store.export(Dataset::History, None).unwrap().rows.len(), 2);

        store
            .conn()
            .execute(
                "INSERT INTO lookups (at, from_lang, to_lang, term, found) VALUES (5, 'en', 'es', 'fly', 3)",
                [],
            )
            .unwrap();
        let t = store.export(Dataset::Lookups, None).unwrap();
        assert_eq!(t.objects()[0]["found"], 3);

        let e = NewEntry {
            from: "en".into(),
            to: "fr".into(),
            term: "Glossa".into(),
            translation: "Glossa".into(),
            ..NewEntry::default()
        };
        store.glossary_upsert(&e).unwrap();
        let t = store.export(Dataset::Glossary, None).unwrap();
        assert_eq!(&t.columns[..4], &["from", "to", "term", "translation"]);
        assert_eq!(t.objects()[0]["case_sensitive"], false);
    }
}
