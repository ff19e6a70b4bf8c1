//! The history's IO off the loop: a thread with its own connection to the
//! store takes the history effects in order (a record, a search, a delete)
//! and answers with [`Msg::History`]. A write can stall on a slow disk and a
//! search of a full history takes milliseconds; neither holds up a frame.
//!
//! Order is kept (one queue), so a delete lands after the records before it.
//! A search made stale by a newer one is skipped. The worker knows which
//! entry each editing stretch wrote, so a second record of a stretch
//! updates the entry even before the loop heard the first one's id.
//! Dropping the worker lets it finish the queue, then joins it.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

use tokio::sync::mpsc::UnboundedSender;

use crate::store::Store;
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::history::exec::Ledger;

/// A history effect; a search with its number (a newer one makes it stale).
struct Job {
    effect: Effect,
    search: Option<u64>,
}

pub struct HistoryWorker {
    jobs: Option<Sender<Job>>,
    /// The number of the newest search asked for.
    searches: Arc<AtomicU64>,
    thread: Option<JoinHandle<()>>,
}

impl HistoryWorker {
    /// A worker on the store at `path`; `None` if it cannot be opened (the
    /// loop then runs the effects inline).
    pub fn spawn(path: PathBuf, tx: UnboundedSender<Msg>) -> Option<Self> {
        let store = Store::open(&path).ok()?;
        let (jobs, rx) = channel();
        let searches = Arc::new(AtomicU64::new(0));
        let newest = Arc::clone(&searches);
        let thread = std::thread::Builder::new()
            .name("glossa-history".into())
            .spawn(move || work(&store, &rx, &newest, &tx))
            .ok()?;
        Some(Self {
            jobs: Some(jobs),
            searches,
            thread: Some(thread),
        })
    }

    /// Queues a history effect; other effects are not the worker's.
    pub fn submit(&self, effect: Effect) {
        let search = match &effect {
            Effect::SearchHistory(_) => Some(self.searches.fetch_add(1, Ordering::SeqCst) + 1),
            Effect::RecordHistory(_) | Effect::DeleteHistory { .. } | Effect::RecordLookup(_) => None,
            _ => return,
        };
        if let Some(jobs) = &self.jobs {
            let _ = jobs.send(Job { effect, search });
        }
    }
}

impl Drop for HistoryWorker {
    fn drop(&mut self) {
        // Closing the queue ends the thread once it has done what is queued.
        self.jobs.take();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn work(store: &Store, jobs: &Receiver<Job>, newest: &AtomicU64, tx: &UnboundedSender<Msg>) {
    let mut ledger = Ledger::default();
    for Job { effect, search } in jobs {
        if search.is_some_and(|seq| seq < newest.load(Ordering::SeqCst)) {
            continue;
        }
        if let Some(reply) = ledger.run(Some(store), effect) {
            let _ = tx.send(Msg::History(reply));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::history::NewEntry;
    use crate::tui::effect::HistoryReply;
    use crate::tui::overlays::history::recorder::Record;
    use crate::tui::overlays::history::{HistoryQuery, Mode};

    fn record(stretch: u64, source: &str, known: Option<i64>) -> Effect {
        Effect::RecordHistory(Record {
            stretch,
            entry: NewEntry {
                profile: String::new(),
                source: source.into(),
                from: Some("en".into()),
                detected: None,
                targets: vec!["ja".into()],
                results: Vec::new(),
            },
            known,
        })
    }

    fn search(text: &str) -> Effect {
        Effect::SearchHistory(HistoryQuery {
            mode: Mode::Translations,
            text: text.into(),
            limit: 50,
        })
    }

    #[test]
    fn records_update_their_stretch_deletes_keep_order_and_the_newest_search_answers() {
        let dir = std::env::temp_dir().join(format!("glossa-history-worker-{}", uuid::Uuid::new_v4()));
        let path = dir.join("glossa.db");
        drop(Store::open(&path).expect("a store"));
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let worker = HistoryWorker::spawn(path.clone(), tx).expect("a worker");
        // Two records of one stretch, handed over before any id came back.
        worker.submit(record(1, "Good", None));
        worker.submit(record(1, "Good morning", None));
        worker.submit(record(2, "Other text", None));
        for q in ["G", "Go", "Goo", "Good"] {
            worker.submit(search(q));
        }
        drop(worker); // finishes the queue, then joins
        let (mut recorded, mut answered) = (Vec::new(), Vec::new());
        while let Ok(Msg::History(reply)) = rx.try_recv() {
            match reply {
                HistoryReply::Recorded { stretch, .. } => recorded.push(stretch),
                HistoryReply::Rows { q, rows } => answered.push((q.text, rows.expect("rows"))),
                other => panic!("{other:?}"),
            }
        }
        assert_eq!(recorded, [1, 2], "one insert per stretch");
        let (last, rows) = answered.last().expect("a search answered");
        assert_eq!(last, "Good", "the newest search is answered");
        match rows {
            crate::tui::overlays::history::Rows::Translations(found) => {
                assert_eq!(found.len(), 1, "{found:?}");
                assert_eq!(found[0].entry.source, "Good morning");
            }
            other => panic!("{other:?}"),
        }
        let store = Store::open(&path).unwrap();
        let all = store.recent_history(10, 0).unwrap();
        assert_eq!(all.len(), 2);

        // A delete after a record of the same stretch: the next record inserts anew.
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let worker = HistoryWorker::spawn(path.clone(), tx).expect("a worker");
        let id = all.iter().find(|e| e.source == "Other text").unwrap().id;
        worker.submit(record(7, "Other text again", Some(id)));
        worker.submit(Effect::DeleteHistory {
            mode: Mode::Translations,
            id,
        });
        worker.submit(record(7, "Other text, once more", Some(id)));
        drop(worker);
        // (SQLite may give the new row the deleted one's id: then nothing
        // needs saying back.)
        while let Ok(Msg::History(reply)) = rx.try_recv() {
            assert!(
                matches!(reply, HistoryReply::Recorded { stretch: 7, .. }),
                "{reply:?}"
            );
        }
        let sources: Vec<String> = store
            .recent_history(10, 0)
            .unwrap()
            .into_iter()
            .map(|e| e.source)
            .collect();
        assert!(
            sources.contains(&"Other text, once more".to_owned()),
            "{sources:?}"
        );
        assert!(!sources.iter().any(|s| s == "Other text again"), "{sources:?}");
        assert_eq!(sources.len(), 2, "{sources:?}");
        let _ = std::fs::remove_dir_all(dir);
    }
}
