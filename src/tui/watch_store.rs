//! The watched migrations, kept between runs so reopening the workbench
//! resumes them: `$XDG_DATA_HOME/glossa/migrations.json`, written
//! atomically whenever the list changes.
//!
//! The file holds one list per management endpoint, so a watch started
//! against one is never polled against another. The embedded local
//! service gets a new port at every start, so its Locations are stored
//! without their origin ("local" list) and given the current one when read.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::manage::migrations::Watched;

/// The list key of the embedded local service.
const LOCAL: &str = "local";

#[derive(Debug, Default, Serialize, Deserialize)]
struct File {
    #[serde(default)]
    endpoints: BTreeMap<String, Vec<Watched>>,
}

/// Where the watched migrations of one management endpoint are kept.
#[derive(Clone, Debug)]
pub struct WatchStore {
    path: PathBuf,
    /// `LOCAL` or the management base URL.
    key: String,
    /// The local service's origin (`http://127.0.0.1:PORT`), stripped when
    /// writing and put back when reading.
    local_origin: Option<String>,
}

impl WatchStore {
    /// `$XDG_DATA_HOME/glossa/migrations.json`.
    pub fn default_path() -> Option<PathBuf> {
        dirs::data_dir().map(|d| d.join("glossa").join("migrations.json"))
    }

    /// The store of the embedded local service now at `origin`.
    pub fn local(path: PathBuf, origin: &str) -> Self {
        Self {
            path,
            key: LOCAL.to_owned(),
            local_origin: Some(origin.trim_end_matches('/').to_owned()),
        }
    }

    /// The store of a remote management endpoint.
    pub fn remote(path: PathBuf, management_url: &str) -> Self {
        Self {
            path,
            key: management_url.trim_end_matches('/').to_owned(),
            local_origin: None,
        }
    }

    fn read(path: &Path) -> Result<File, String> {
        match std::fs::read(path) {
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(File::default()),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
            Ok(bytes) => {
                serde_json::from_slice(&bytes).map_err(|e| format!("ignored damaged {}: {e}", path.display()))
            }
        }
    }

    /// This endpoint's watched migrations, with the reason when the file
    /// could not be read (then none).
    pub fn load(&self) -> (Vec<Watched>, Option<String>) {
        match Self::read(&self.path) {
            Ok(mut file) => {
                let mut list = file.endpoints.remove(&self.key).unwrap_or_default();
                if let Some(origin) = &self.local_origin {
                    let rebase = |u: &mut String| {
                        if u.starts_with('/') {
                            *u = format!("{origin}{u}");
                        }
                    };
                    for w in &mut list {
                        rebase(&mut w.id);
                        w.status_url.as_mut().map(rebase);
                    }
                }
                (list, None)
            }
            Err(e) => (Vec::new(), Some(e)),
        }
    }

    /// Replaces this endpoint's list; the other endpoints' lists stay.
    pub fn save(&self, watched: &[Watched]) -> io::Result<()> {
        let mut file = Self::read(&self.path).unwrap_or_default();
        let list = watched
            .iter()
            .cloned()
            .map(|mut w| {
                let strip = |u: &mut String| {
                    if let Some(rest) = self.local_origin.as_deref().and_then(|o| u.strip_prefix(o))
                        && rest.starts_with('/')
                    {
                        *u = rest.to_owned();
                    }
                };
                strip(&mut w.id);
                w.status_url.as_mut().map(strip);
                w
            })
            .collect::<Vec<_>>();
        if list.is_empty() {
            file.endpoints.remove(&self.key);
        } else {
            file.endpoints.insert(self.key.clone(), list);
        }
        super::prefs::write_json_atomic(&self.path, &file)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::manage::migrations::WatchStatus;

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
        let dir = std::env::temp_dir().join(format!("glossa-watch-{}", uuid::Uuid::new_v4()));
        let path = dir.join("migrations.json");
        let first = WatchStore::local(path.clone(), "http://127.0.0.1:4001");
        assert_eq!(first.load(), (Vec::new(), None), "no file: nothing watched");
        let mut w = watched("http://127.0.0.1:4001/subscriptions/s/operations/1?monitor=true");
        w.status_url = Some("http://127.0.0.1:4001/subscriptions/s/operations/1".into());
        first.save(&[w]).unwrap();
        let remote = WatchStore::remote(path.clone(), "https://management.azure.com/");
        remote
            .save(&[watched(
                "https://management.azure.com/subscriptions/s/operations/2",
            )])
            .unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(!text.contains("4001"), "the local origin is not stored: {text}");

        let again = WatchStore::local(path.clone(), "http://127.0.0.1:5002");
        let (list, problem) = again.load();
        assert_eq!(problem, None);
        assert_eq!(
            list.iter().map(|w| w.id.as_str()).collect::<Vec<_>>(),
            ["http://127.0.0.1:5002/subscriptions/s/operations/1?monitor=true"]
        );
        assert_eq!(
            list[0].status_url.as_deref(),
            Some("http://127.0.0.1:5002/subscriptions/s/operations/1")
        );
        let (list, _) = remote.load();
        assert_eq!(list.len(), 1, "the remote list is its own");
        again.save(&[]).unwrap();
        assert_eq!(again.load().0, Vec::new());
        assert_eq!(remote.load().0.len(), 1, "emptying one list leaves the other");

        std::fs::write(&path, b"{damaged").unwrap();
        let (list, problem) = again.load();
        assert!(list.is_empty() && problem.unwrap().contains("damaged"));
        std::fs::remove_dir_all(dir).unwrap();
    }
}
