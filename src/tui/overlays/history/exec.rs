//! The history's IO: run by `run/history_worker.rs` off the loop, or inline
//! by the executor when the store has no file (a store in memory); both
//! through one [`Ledger`], whose answers go back to the state as messages. Problems come back as one-line texts for a
//! toast or the view; without a store nothing is recorded.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use super::recorder::{Record, Recorder};
use super::{HistoryQuery, Mode, Rows};
use crate::store::Store;
use crate::store::history::NewEntry;
use crate::tui::effect::{Effect, HistoryReply};

/// The history's IO between effects: which entry each editing stretch
/// wrote, so a second record of a stretch updates the entry even before the
/// state heard the first one's id. Held by the history worker's thread, or
/// by the executor when the store is in memory.
#[derive(Debug, Default)]
pub struct Ledger {
    ids: HashMap<u64, i64>,
}

impl Ledger {
    /// Carries out a history effect on `store` (others are not this
    /// module's); the answer for the state, if there is one to give.
    /// Without a store nothing is kept and a search says why.
    pub fn run(&mut self, store: Option<&Store>, effect: Effect) -> Option<HistoryReply> {
        let Some(store) = store else {
            return match effect {
                Effect::SearchHistory(q) => Some(HistoryReply::Rows {
                    rows: search(None, &q),
                    q,
                }),
                _ => None,
            };
        };
        match effect {
            Effect::RecordHistory(Record {
                stretch,
                entry,
                known,
            }) => {
                let id = self.ids.get(&stretch).copied().or(known);
                match write(store, id, &entry) {
                    Ok(written) if Some(written) == id => None,
                    Ok(written) => {
                        self.ids.insert(stretch, written);
                        Some(HistoryReply::Recorded { stretch, id: written })
                    }
                    Err(e) => Some(HistoryReply::NotRecorded(e)),
                }
            }
            Effect::SearchHistory(q) => {
                let rows = search(Some(store), &q);
                Some(HistoryReply::Rows { q, rows })
            }
            Effect::RecordLookup(lookup) => match store.record_lookup(&lookup) {
                Ok(_) => None,
                Err(e) => Some(HistoryReply::NotRecorded(e.to_string())),
            },
            Effect::DeleteHistory { mode, id } => {
                self.ids
                    .retain(|_, written| *written != id || mode != Mode::Translations);
                delete(Some(store), mode, id).err().map(HistoryReply::NotDeleted)
            }
            _ => None,
        }
    }
}

/// Updates entry `id` (if it still exists) or inserts `entry`; its id.
pub fn write(store: &Store, id: Option<i64>, entry: &NewEntry) -> Result<i64, String> {
    if let Some(id) = id
        && store.update_history(id, entry).map_err(|e| e.to_string())?
    {
        return Ok(id);
    }
    store.record_history(entry).map_err(|e| e.to_string())
}

/// The rows for `q`.
pub fn search(store: Option<&Store>, q: &HistoryQuery) -> Result<Rows, String> {
    let Some(store) = store else {
        return Err("no data directory".to_owned());
    };
    let rows = match q.mode {
        Mode::Translations => store.search_history(&q.text, q.limit).map(Rows::Translations),
        Mode::Lookups => store.search_lookups(&q.text, q.limit).map(Rows::Lookups),
    };
    rows.map_err(|e| e.to_string())
}

pub fn delete(store: Option<&Store>, mode: Mode, id: i64) -> Result<(), String> {
    let Some(store) = store else { return Ok(()) };
    let done = match mode {
        Mode::Translations => store.delete_history(id),
        Mode::Lookups => store.delete_lookup(id),
    };
    done.map(|_| ()).map_err(|e| e.to_string())
}

/// At start-up: when the restored draft is the newest entry's text, its
/// translation refreshes that entry instead of recording a copy of it.
pub fn resume(store: &Store, recorder: &mut Recorder, draft: &str, now: Instant) {
    let Ok(newest) = store.recent_history(1, 0) else {
        return;
    };
    let Some(e) = newest.into_iter().next().filter(|e| e.source == draft) else {
        return;
    };
    let idle = Duration::from_secs(u64::try_from(Store::now() - e.updated).unwrap_or(0));
    recorder.resume(&e, idle, now);
}
