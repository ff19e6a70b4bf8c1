//! The languages cache in the store: the client's [`LanguagesCache`] over
//! the `languages_cache` table, with its own connection (the client calls
//! it from its tasks), opened at the first use.

use std::path::PathBuf;
use std::sync::Mutex;

use rusqlite::{OptionalExtension, params};

use super::Store;
use crate::client::{CachedLanguages, LanguagesCache};

/// The client's languages cache, kept in the store at `path`.
pub struct StoreCache {
    path: PathBuf,
    store: Mutex<Option<Store>>,
}

impl StoreCache {
    pub fn new(path: PathBuf) -> Self {
        Self {
            path,
            store: Mutex::new(None),
        }
    }

    /// The cache in the user's store, or `None` when there is no data directory.
    pub fn default_location() -> Option<Self> {
        Store::default_path().map(Self::new)
    }

    fn with<T>(&self, f: impl FnOnce(&Store) -> Result<T, String>) -> Result<T, String> {
        let mut guard = self.store.lock().map_err(|_| "cache lock poisoned".to_owned())?;
        if guard.is_none() {
            *guard = Some(Store::open(&self.path).map_err(|e| e.to_string())?);
        }
        f(guard.as_ref().expect("opened above"))
    }
}

impl Store {
    /// A cached languages answer.
    pub fn cached_languages(&self, key: &str) -> rusqlite::Result<Option<CachedLanguages>> {
        self.conn
            .prepare_cached("SELECT endpoint, etag, fetched, body FROM languages_cache WHERE key = ?1")?
            .query_row(params![key], |r| {
                Ok(CachedLanguages {
                    endpoint: r.get(0)?,
                    etag: r.get(1)?,
                    fetched_at: r.get::<_, i64>(2)?.max(0) as u64,
                    body: r.get(3)?,
                })
            })
            .optional()
    }

    /// Keeps a languages answer, replacing the one under `key`.
    pub fn put_languages(&self, key: &str, e: &CachedLanguages) -> rusqlite::Result<()> {
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO languages_cache (key, endpoint, etag, fetched, body)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![key, e.endpoint, e.etag, e.fetched_at as i64, e.body])?;
        Ok(())
    }
}

impl LanguagesCache for StoreCache {
    fn get(&self, key: &str) -> Option<CachedLanguages> {
        self.with(|s| s.cached_languages(key).map_err(|e| e.to_string()))
            .ok()
            .flatten()
    }

    fn put(&self, key: &str, entry: &CachedLanguages) -> Result<(), String> {
        self.with(|s| s.put_languages(key, entry).map_err(|e| e.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_replace() {
        let dir = std::env::temp_dir().join(format!("glossa-store-lang-{}", uuid::Uuid::new_v4()));
        let cache = StoreCache::new(dir.join("glossa.db"));
        assert_eq!(cache.get("k"), None);
        let mut e = CachedLanguages {
            endpoint: "http://127.0.0.1:1".into(),
            etag: Some("\"a\"".into()),
            fetched_at: 10,
            body: "{}".into(),
        };
        cache.put("k", &e).unwrap();
        assert_eq!(cache.get("k"), Some(e.clone()));
        e.etag = None;
        e.fetched_at = 20;
        cache.put("k", &e).unwrap();
        assert_eq!(cache.get("k"), Some(e));
        let _ = std::fs::remove_dir_all(dir);
    }
}
