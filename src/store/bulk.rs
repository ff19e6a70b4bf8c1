//! The bulk migrations of each management endpoint, kept so that a
//! restart resumes them (`glossa migrate watch`; the workbench may read the
//! same list): one JSON list per endpoint in the `kv` table, under
//! `bulk-migrations:{endpoint}`, written after every change.
//!
//! As for the watched migrations (`tui/runtime/watch_store.rs`), the
//! embedded local service gets a new port at every start: its addresses are
//! stored without their origin (the `local` list) and given the current one
//! when read, and a remote endpoint's list is its own.

use super::{Store, StoreError};
use crate::client::manage::BulkMigration;

/// The list key of the embedded local service.
const LOCAL: &str = "local";
/// The most bulk migrations kept per endpoint (the oldest finished go first).
pub const MAX_KEPT: usize = 20;

/// Which list of the store belongs to this run's management endpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndpointKey {
    /// `local` or the management base URL.
    key: String,
    /// The local service's origin (`http://127.0.0.1:PORT`).
    local_origin: Option<String>,
}

impl EndpointKey {
    /// The embedded local service, now at `origin`.
    pub fn local(origin: &str) -> Self {
        Self {
            key: LOCAL.to_owned(),
            local_origin: Some(origin.trim_end_matches('/').to_owned()),
        }
    }

    /// A remote management endpoint.
    pub fn remote(management_url: &str) -> Self {
        Self {
            key: management_url.trim_end_matches('/').to_owned(),
            local_origin: None,
        }
    }

    /// `local` or the management base URL.
    pub fn name(&self) -> &str {
        &self.key
    }

    /// An address as stored: the local origin taken off.
    pub fn strip(&self, url: &mut String) {
        if let Some(rest) = self.local_origin.as_deref().and_then(|o| url.strip_prefix(o))
            && rest.starts_with('/')
        {
            *url = rest.to_owned();
        }
    }

    /// An address as read: the local origin put back.
    pub fn rebase(&self, url: &mut String) {
        if let Some(origin) = &self.local_origin
            && url.starts_with('/')
        {
            *url = format!("{origin}{url}");
        }
    }

    fn kv(&self) -> String {
        format!("bulk-migrations:{}", self.key)
    }
}

impl Store {
    /// This endpoint's bulk migrations, oldest first.
    pub fn bulk_migrations(&self, endpoint: &EndpointKey) -> Result<Vec<BulkMigration>, StoreError> {
        let mut list: Vec<BulkMigration> = self.get_json(&endpoint.kv())?.unwrap_or_default();
        for b in &mut list {
            b.map_urls(|u| endpoint.rebase(u));
        }
        Ok(list)
    }

    /// Stores `bulk` (replacing the one with its id, or added last); a list
    /// over [`MAX_KEPT`] loses its oldest finished ones. Read, changed and
    /// written in one transaction, so two runs writing different bulks keep both.
    pub fn put_bulk_migration(&self, endpoint: &EndpointKey, bulk: &BulkMigration) -> Result<(), StoreError> {
        let tx = self.conn.unchecked_transaction()?;
        let mut list: Vec<BulkMigration> = self.get_json(&endpoint.kv())?.unwrap_or_default();
        let mut stored = bulk.clone();
        stored.map_urls(|u| endpoint.strip(u));
        match list.iter_mut().find(|b| b.id == stored.id) {
            Some(slot) => *slot = stored,
            None => list.push(stored),
        }
        while list.len() > MAX_KEPT {
            match list.iter().position(BulkMigration::is_done) {
                Some(i) => list.remove(i),
                None => list.remove(0),
            };
        }
        self.put_json(&endpoint.kv(), &list)?;
        tx.commit()?;
        Ok(())
    }

    /// Forgets the bulk migration `id` of this endpoint.
    pub fn remove_bulk_migration(&self, endpoint: &EndpointKey, id: &str) -> Result<(), StoreError> {
        let mut list: Vec<BulkMigration> = self.get_json(&endpoint.kv())?.unwrap_or_default();
        list.retain(|b| b.id != id);
        self.put_json(&endpoint.kv(), &list)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::api::manage::MigrationInput;
    use crate::client::manage::{GroupRef, Migration};

    fn bulk(vm: &str, port: u16) -> BulkMigration {
        let group = GroupRef {
            subscription: "s".into(),
            resource_group: "rg".into(),
        };
        let mut b = BulkMigration::new(
            &group,
            "web-avset",
            vec![vm.into()],
            MigrationInput::default(),
            4,
            0,
        );
        b.started(
            vm,
            Ok(Migration {
                location: Some(format!("http://127.0.0.1:{port}/op/1?monitor=true")),
                async_operation: None,
                retry_after: None,
                request_id: None,
            }),
            Duration::from_secs(1),
            0,
        );
        b
    }

    #[test]
    fn local_addresses_move_to_the_new_port_and_endpoints_stay_apart() {
        let store = Store::in_memory().unwrap();
        let first = EndpointKey::local("http://127.0.0.1:4001/");
        assert!(store.bulk_migrations(&first).unwrap().is_empty());
        let b = bulk("vm-web-1", 4001);
        store.put_bulk_migration(&first, &b).unwrap();
        let raw: String = store
            .conn()
            .query_row(
                "SELECT value FROM kv WHERE key = 'bulk-migrations:local'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert!(!raw.contains("4001"), "{raw}");
        let again = EndpointKey::local("http://127.0.0.1:5002");
        let list = store.bulk_migrations(&again).unwrap();
        assert_eq!(
            list[0].vms[0].location.as_deref(),
            Some("http://127.0.0.1:5002/op/1?monitor=true")
        );
        let remote = EndpointKey::remote("https://management.azure.com/");
        assert!(store.bulk_migrations(&remote).unwrap().is_empty());
        let mut changed = list[0].clone();
        changed.looked(
            "vm-web-1",
            Ok(crate::client::manage::Look::Succeeded),
            Duration::ZERO,
            9,
        );
        store.put_bulk_migration(&again, &changed).unwrap();
        let list = store.bulk_migrations(&again).unwrap();
        assert_eq!(list.len(), 1, "replaced by id");
        assert!(list[0].is_done());
        store.remove_bulk_migration(&again, &changed.id).unwrap();
        assert!(store.bulk_migrations(&again).unwrap().is_empty());
    }

    #[test]
    fn the_oldest_finished_go_first_past_the_limit() {
        let store = Store::in_memory().unwrap();
        let key = EndpointKey::remote("https://m");
        let running = bulk("keep", 1);
        store.put_bulk_migration(&key, &running).unwrap();
        for i in 0..MAX_KEPT {
            let mut b = bulk(&format!("vm-{i}"), 1);
            b.looked(
                &format!("vm-{i}"),
                Ok(crate::client::manage::Look::Succeeded),
                Duration::ZERO,
                1,
            );
            store.put_bulk_migration(&key, &b).unwrap();
        }
        let list = store.bulk_migrations(&key).unwrap();
        assert_eq!(list.len(), MAX_KEPT);
        assert_eq!(list[0].id, running.id, "the unfinished one stays");
        assert_eq!(list[1].vms[0].vm, "vm-1", "vm-0, the oldest finished, went");
    }
}
