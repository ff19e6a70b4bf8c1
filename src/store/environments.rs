//! The LCS environment ids a profile used before. LCS offers no listing of
//! a project's environments (api-facts §8: refresh and fetchstatus only),
//! so the pickers and `glossa environments list` offer the ids this user's
//! own refreshes named, per LCS endpoint (`local` or its base URL) and
//! project: most recently used first, with how often and in which role.
//! Kept as one JSON list per endpoint in the `kv` table.

use serde::{Deserialize, Serialize};

use super::{Store, StoreError};

/// The most ids kept per endpoint (the least recently used go first).
pub const MAX_KEPT: usize = 200;

/// One environment id used before.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KnownEnvironment {
    pub project: String,
    /// The GUID, lower-cased.
    pub environment: String,
    /// `source`, `target` or `status`: the role of its last use.
    pub role: String,
    /// Unix seconds of the last use.
    pub last_used: i64,
    pub uses: u32,
}

fn kv(endpoint: &str) -> String {
    format!("lcs-environments:{}", endpoint.trim_end_matches('/'))
}

impl Store {
    /// Records that `environment` of `project` was used in `role` at `endpoint`.
    pub fn remember_environment(
        &self,
        endpoint: &str,
        project: &str,
        environment: &str,
        role: &str,
    ) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let key = kv(endpoint);
        let mut list: Vec<KnownEnvironment> = self.get_json(&key)?.unwrap_or_default();
        let id = environment.trim().to_ascii_lowercase();
        let project = project.trim().to_owned();
        let now = Store::now();
        match list
            .iter_mut()
            .find(|e| e.environment == id && e.project == project)
        {
            Some(e) => {
                e.uses = e.uses.saturating_add(1);
                e.last_used = now;
                e.role = role.to_owned();
            }
            None => list.push(KnownEnvironment {
                project,
                environment: id,
                role: role.to_owned(),
                last_used: now,
                uses: 1,
            }),
        }
        list.sort_by_key(|e| std::cmp::Reverse(e.last_used));
        list.truncate(MAX_KEPT);
        self.put_json(&key, &list)?;
        tx.commit()?;
        Ok(())
    }

    /// The environments used at `endpoint` (of `project`, when given), most
    /// recently used first.
    pub fn known_environments(
        &self,
        endpoint: &str,
        project: Option<&str>,
    ) -> Result<Vec<KnownEnvironment>, StoreError> {
        let list: Vec<KnownEnvironment> = self.get_json(&kv(endpoint))?.unwrap_or_default();
        Ok(list
            .into_iter()
            .filter(|e| project.is_none_or(|p| e.project == p.trim()))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_remembered_per_endpoint_and_project_newest_first() {
        let store = Store::in_memory().unwrap();
        let a = "5362377C-0000-4000-8000-000000000002";
        store
            .remember_environment("local", "1234567", a, "source")
            .unwrap();
        store
            .remember_environment(
                "local",
                "1234567",
                "5362377c-0000-4000-8000-000000000003",
                "target",
            )
            .unwrap();
        store.remember_environment("local", "99", a, "source").unwrap();
        store
            .remember_environment("https://lcs/", "1234567", a, "status")
            .unwrap();
        let list = store.known_environments("local", Some("1234567")).unwrap();
        assert_eq!(list.len(), 2);
        store
            .remember_environment("local", "1234567", a, "status")
            .unwrap();
        let list = store.known_environments("local", Some("1234567")).unwrap();
        let mine = list
            .iter()
            .find(|e| e.environment == a.to_ascii_lowercase())
            .unwrap();
        assert_eq!((mine.uses, mine.role.as_str()), (2, "status"), "one row, counted");
        assert!(list.windows(2).all(|w| w[0].last_used >= w[1].last_used));
        assert_eq!(store.known_environments("local", None).unwrap().len(), 3);
        assert_eq!(store.known_environments("https://lcs", None).unwrap().len(), 1);
        assert!(
            store
                .known_environments("https://other", None)
                .unwrap()
                .is_empty()
        );
    }
}
