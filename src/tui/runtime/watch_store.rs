//! The watched migrations and the followed database refreshes, kept between
//! runs so reopening the workbench resumes them: the store's `watches`
//! table, one list of each per management endpoint (the refreshes under
//! `refreshes <endpoint>`), written whenever a list changes.
//!
//! A watch started against one endpoint is never polled against another.
//! The embedded local service gets a new port at every start, so its
//! Locations are stored without their origin ("local" list) and given the
//! current one when read. `migrations.json`, where earlier versions kept
//! them, is imported once ([`import_legacy`]).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::store::Store;
use crate::store::bulk::EndpointKey;
use crate::tui::tabs::manage::migrations::Watched;
use crate::tui::tabs::manage::refresh_follow::Followed;

/// Which lists of the store belong to this run's management endpoint
/// (`store::bulk`'s key: `local` with the origin to strip and put back, or
/// the management URL).
#[derive(Clone, Debug)]
pub struct WatchStore {
    endpoint: EndpointKey,
}

impl WatchStore {
    /// The lists of the embedded local service now at `origin`.
    pub fn local(origin: &str) -> Self {
        Self {
            endpoint: EndpointKey::local(origin),
        }
    }

    /// The lists of a remote management endpoint.
    pub fn remote(management_url: &str) -> Self {
        Self {
            endpoint: EndpointKey::remote(management_url),
        }
    }

    /// This endpoint's watched migrations, with the reason when they could
    /// not be read (then none).
    pub fn load(&self, store: &Store) -> (Vec<Watched>, Option<String>) {
        match store.watches::<Watched>(self.endpoint.name()) {
            Ok(mut list) => {
                for w in &mut list {
                    self.endpoint.rebase(&mut w.id);
                    if let Some(u) = w.status_url.as_mut() {
                        self.endpoint.rebase(u);
                    }
                }
                (list, None)
            }
            Err(e) => (Vec::new(), Some(format!("watched migrations not read: {e}"))),
        }
    }

    /// Replaces this endpoint's list; the other endpoints' lists stay.
    pub fn save(&self, store: &Store, watched: &[Watched]) -> Result<(), crate::store::StoreError> {
        let list = watched
            .iter()
            .cloned()
            .map(|mut w| {
                self.endpoint.strip(&mut w.id);
                if let Some(u) = w.status_url.as_mut() {
                    self.endpoint.strip(u);
                }
                w
            })
            .collect::<Vec<_>>();
        store.put_watches(self.endpoint.name(), &list)
    }
}

impl WatchStore {
    /// The key of this endpoint's followed refreshes in the same table
    /// (LCS activity ids, no URL to rebase).
    fn refreshes_key(&self) -> String {
        format!("refreshes {}", self.endpoint.name())
    }

    /// This endpoint's followed refreshes, with the reason when they could
    /// not be read (then none).
    pub fn load_refreshes(&self, store: &Store) -> (Vec<Followed>, Option<String>) {
        match store.watches::<Followed>(&self.refreshes_key()) {
            Ok(list) => (list, None),
            Err(e) => (Vec::new(), Some(format!("followed refreshes not read: {e}"))),
        }
    }

    /// The key of this endpoint's bulk migrations (`store::bulk`, the
    /// CLI's too).
    pub fn bulk_key(&self) -> &EndpointKey {
        &self.endpoint
    }

    /// This endpoint's bulk migrations, with the reason when they could not
    /// be read (then none).
    pub fn load_bulks(&self, store: &Store) -> (Vec<crate::client::manage::BulkMigration>, Option<String>) {
        match store.bulk_migrations(&self.endpoint) {
            Ok(list) => (list, None),
            Err(e) => (Vec::new(), Some(format!("bulk migrations not read: {e}"))),
        }
    }

    /// Writes each bulk (by id; the store keeps the newest 20).
    pub fn save_bulks(
        &self,
        store: &Store,
        bulks: &[crate::client::manage::BulkMigration],
    ) -> Result<(), crate::store::StoreError> {
        bulks
            .iter()
            .try_for_each(|b| store.put_bulk_migration(&self.endpoint, b))
    }

    /// Replaces this endpoint's followed refreshes.
    pub fn save_refreshes(&self, store: &Store, list: &[Followed]) -> Result<(), crate::store::StoreError> {
        store.put_watches(&self.refreshes_key(), list)
    }
}

/// `$XDG_DATA_HOME/glossa/migrations.json`, where earlier versions kept the watches.
pub fn legacy_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("glossa").join("migrations.json"))
}

/// Moves the lists of an earlier version's `migrations.json` into the
/// store (an endpoint the store already has is left as the store has it)
/// and renames the file `migrations.json.imported`. A damaged file is
/// left where it is and reported.
pub fn import_legacy(store: &Store, path: &Path) -> Option<String> {
    #[derive(Deserialize)]
    struct File {
        #[serde(default)]
        endpoints: BTreeMap<String, Vec<Watched>>,
    }
    let bytes = std::fs::read(path).ok()?;
    let file: File = match serde_json::from_slice(&bytes) {
        Ok(f) => f,
        Err(e) => return Some(format!("{} not imported: {e}", path.display())),
    };
    for (endpoint, list) in file.endpoints {
        let have = store
            .watches::<Watched>(&endpoint)
            .map(|l| !l.is_empty())
            .unwrap_or(true);
        if !have && let Err(e) = store.put_watches(&endpoint, &list) {
            return Some(format!("{} not imported: {e}", path.display()));
        }
    }
    let _ = std::fs::rename(path, path.with_extension("json.imported"));
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::tabs::manage::migrations::WatchStatus;

    fn watched(id: &str) -> Watched {
        Watched {
            id: id.to_owned(),
            vm: "vm-web-1".into(),
            started_at: 1_700_000_000,
            status: WatchStatus::Running { percent: None },
            next_poll: Some(1_700_000_030),
            finished_at: None,
            status_url: None,
        }
    }

    #[test]
    fn local_locations_move_to_the_new_port_and_endpoints_stay_apart() {
        let store = Store::in_memory().unwrap();
        let first = WatchStore::local("http://127.0.0.1:4001");
        assert_eq!(first.load(&store), (Vec::new(), None), "nothing watched yet");
        let mut w = watched("http://127.0.0.1:4001/subscriptions/s/operations/1?monitor=true");
        w.status_url = Some("http://127.0.0.1:4001/subscriptions/s/operations/1".into());
        first.save(&store, &[w]).unwrap();
        let remote = WatchStore::remote("https://management.azure.com/");
        remote
            .save(
                &store,
                &[watched(
                    "https://management.azure.com/subscriptions/s/operations/2",
                )],
            )
            .unwrap();
        let text: String = store
            .conn()
            .query_row("SELECT list FROM watches WHERE endpoint = 'local'", [], |r| {
                r.get(0)
            })
            .unwrap();
        assert!(!text.contains("4001"), "the local origin is not stored: {text}");

        let again = WatchStore::local("http://127.0.0.1:5002");
        let (list, problem) = again.load(&store);
        assert_eq!(problem, None);
        assert_eq!(
            list.iter().map(|w| w.id.as_str()).collect::<Vec<_>>(),
            ["http://127.0.0.1:5002/subscriptions/s/operations/1?monitor=true"]
        );
        assert_eq!(
            list[0].status_url.as_deref(),
            Some("http://127.0.0.1:5002/subscriptions/s/operations/1")
        );
        let (list, _) = remote.load(&store);
        assert_eq!(list.len(), 1, "the remote list is its own");
        again.save(&store, &[]).unwrap();
        assert_eq!(again.load(&store).0, Vec::new());
        assert_eq!(
            remote.load(&store).0.len(),
            1,
            "emptying one list leaves the other"
        );

        store
            .conn()
            .execute(
                "UPDATE watches SET list = '{damaged' WHERE endpoint = 'local'",
                [],
            )
            .unwrap();
        let (list, problem) = again.load(&store);
        assert!(list.is_empty() && problem.unwrap().contains("damaged"));
    }

    #[test]
    fn an_earlier_versions_file_is_imported_once() {
        let dir = std::env::temp_dir().join(format!("glossa-watch-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("migrations.json");
        let w = watched("/subscriptions/s/operations/1?monitor=true");
        let file = serde_json::json!({ "endpoints": { "local": [w] } });
        std::fs::write(&path, file.to_string()).unwrap();
        let store = Store::in_memory().unwrap();
        assert_eq!(import_legacy(&store, &path), None);
        assert!(!path.exists() && dir.join("migrations.json.imported").exists());
        let (list, _) = WatchStore::local("http://127.0.0.1:7").load(&store);
        assert_eq!(
            list[0].id,
            "http://127.0.0.1:7/subscriptions/s/operations/1?monitor=true"
        );
        std::fs::write(&path, b"{damaged").unwrap();
        assert!(import_legacy(&store, &path).unwrap().contains("not imported"));
        assert!(path.exists(), "a damaged file stays for the user to look at");
        std::fs::remove_dir_all(dir).unwrap();
    }
}
