//! Small remembered values as JSON (the workbench's choices under
//! [`PREFS`]) and the watched migrations of each management endpoint.

use rusqlite::{OptionalExtension, params};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{Store, StoreError};

/// The workbench's remembered choices (targets, source, options).
pub const PREFS: &str = "prefs";

impl Store {
    /// The JSON text `sql` selects for `key`, parsed; a value that no
    /// longer parses is an error naming `what`.
    fn json_at<T: DeserializeOwned>(
        &self,
        sql: &str,
        key: &str,
        what: &str,
    ) -> Result<Option<T>, StoreError> {
        let raw: Option<String> = self
            .conn
            .prepare_cached(sql)?
            .query_row(params![key], |r| r.get(0))
            .optional()?;
        raw.map(|s| serde_json::from_str(&s))
            .transpose()
            .map_err(|source| StoreError::Json {
                key: what.to_owned(),
                source,
            })
    }

    /// The value under `key`; a value that no longer parses is an error
    /// naming the key (the caller falls back to its defaults).
    pub fn get_json<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, StoreError> {
        self.json_at("SELECT value FROM kv WHERE key = ?1", key, key)
    }

    pub fn put_json<T: Serialize>(&self, key: &str, value: &T) -> Result<(), StoreError> {
        let text = serde_json::to_string(value).map_err(|source| StoreError::Json {
            key: key.to_owned(),
            source,
        })?;
        self.conn
            .prepare_cached(
                "INSERT INTO kv (key, value, updated) VALUES (?1, ?2, ?3)
                 ON CONFLICT (key) DO UPDATE SET value = ?2, updated = ?3",
            )?
            .execute(params![key, text, Store::now()])?;
        Ok(())
    }

    /// The watched migrations of `endpoint` (`local` or a management base URL).
    pub fn watches<T: DeserializeOwned>(&self, endpoint: &str) -> Result<Vec<T>, StoreError> {
        let list = self.json_at(
            "SELECT list FROM watches WHERE endpoint = ?1",
            endpoint,
            &format!("watches of {endpoint}"),
        )?;
        Ok(list.unwrap_or_default())
    }

    pub fn put_watches<T: Serialize>(&self, endpoint: &str, list: &[T]) -> Result<(), StoreError> {
        let text = serde_json::to_string(list).map_err(|source| StoreError::Json {
            key: format!("watches of {endpoint}"),
            source,
        })?;
        self.conn
            .prepare_cached(
                "INSERT INTO watches (endpoint, list, updated) VALUES (?1, ?2, ?3)
                 ON CONFLICT (endpoint) DO UPDATE SET list = ?2, updated = ?3",
            )?
            .execute(params![endpoint, text, Store::now()])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_values_round_trip_and_damage_is_named() {
        let store = Store::in_memory().unwrap();
        assert_eq!(store.get_json::<Vec<String>>(PREFS).unwrap(), None);
        store.put_json(PREFS, &vec!["ja".to_owned()]).unwrap();
        assert_eq!(
            store.get_json::<Vec<String>>(PREFS).unwrap(),
            Some(vec!["ja".to_owned()])
        );
        let e = store.get_json::<u32>(PREFS).unwrap_err();
        assert!(e.to_string().contains("prefs"), "{e}");
        assert!(store.watches::<String>("local").unwrap().is_empty());
        store.put_watches("local", &["a".to_owned()]).unwrap();
        assert_eq!(store.watches::<String>("local").unwrap(), vec!["a".to_owned()]);
        assert!(store.watches::<String>("https://m").unwrap().is_empty());
    }
}
