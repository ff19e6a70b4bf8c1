//! The history's IO: run by `run/history_worker.rs` off the loop, or inline
//! by the executor when the store has no file (a store in memory). Problems come back as one-line texts for a
//! toast or the view; without a store nothing is recorded.

use std::time::{Duration, Instant};

use super::recorder::{Record, Recorder};
use super::{HistoryQuery, Mode, Rows};
use crate::store::Store;
use crate::store::history::NewEntry;
use crate::tui::State;
use crate::tui::effect::Effect;
use crate::tui::toast::Kind;

/// Carries out a history effect (others are not this module's).
pub fn execute(state: &mut State, store: Option<&Store>, effect: Effect) {
    let now = Instant::now();
    match effect {
        Effect::RecordHistory(r) => {
            if let Err(e) = record(store, &mut state.recorder, r)
                && state.recorder.first_failure()
            {
                let text = format!("Not recorded in the history: {e}");
                state.toasts.push(text, Kind::Error, now);
            }
        }
        Effect::SearchHistory(q) => {
            let rows = search(store, &q);
            state.history_rows(&q, rows, Store::now());
        }
        Effect::RecordLookup(lookup) => {
            if let Some(store) = store
                && let Err(e) = store.record_lookup(&lookup)
            {
                let text = format!("Look-up not recorded in the history: {e}");
                state.toasts.push(text, Kind::Error, now);
            }
        }
        Effect::DeleteHistory { mode, id } => {
            if let Err(e) = delete(store, mode, id) {
                state.toasts.push(format!("Not deleted: {e}"), Kind::Error, now);
            }
        }
        _ => {}
    }
}

/// Writes `record`: updates its stretch's entry when the recorder knows
/// it (and it still exists), else inserts one and tells the recorder.
pub fn record(store: Option<&Store>, recorder: &mut Recorder, record: Record) -> Result<(), String> {
    let Some(store) = store else { return Ok(()) };
    let Record { stretch, entry } = record;
    let id = write(store, recorder.id_of(stretch), &entry)?;
    recorder.written(stretch, id);
    Ok(())
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
