//! The draft's writer: a thread with its own connection to the store, so a
//! slow write (this machine's disk stalls `pwrite` for tens of ms at times)
//! never holds up a key's frame. The loop hands over the newest draft at
//! every change (only the newest pending one is written: typing faster
//! than the disk loses no text, it skips stale copies) and waits at most
//! [`WAIT`] for the commit; each commit also comes back as
//! [`Msg::DraftSaved`], and when the disk is slower than that the editor's
//! title says "saving…" until the text on screen is committed. Dropping the writer commits what is
//! pending, then joins the thread, so quitting never loses the last keys.

use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;

use tokio::sync::mpsc::UnboundedSender;

use crate::store::Store;
use crate::store::drafts::{Draft, TRANSLATE};
use crate::tui::effect::Msg;

#[derive(Default)]
struct Pending {
    next: Option<(u64, Draft)>,
    /// The newest change committed.
    saved: u64,
    closed: bool,
}

type Shared = Arc<(Mutex<Pending>, Condvar)>;

/// How long the loop waits for a draft's commit before drawing anyway.
pub const WAIT: std::time::Duration = std::time::Duration::from_millis(2);

pub struct DraftWriter {
    shared: Shared,
    thread: Option<JoinHandle<()>>,
}

impl DraftWriter {
    /// A writer of the store at `path`; `None` if it cannot be opened (the
    /// loop then saves inline through its own connection).
    pub fn spawn(path: PathBuf, tx: UnboundedSender<Msg>) -> Option<Self> {
        let store = Store::open(&path).ok()?;
        let shared: Shared = Arc::default();
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("glossa-draft".into())
            .spawn(move || write_loop(&store, &theirs, &tx))
            .ok()?;
        Some(Self {
            shared,
            thread: Some(thread),
        })
    }

    /// Change number `seq` of the draft: written as soon as the thread is free.
    pub fn save(&self, seq: u64, draft: Draft) {
        let (lock, wake) = &*self.shared;
        let mut pending = lock.lock().unwrap_or_else(|e| e.into_inner());
        pending.next = Some((seq, draft));
        wake.notify_all();
    }

    /// Waits at most `limit` for change `seq` to be committed: a write
    /// usually takes tens of microseconds, and a frame drawn after it needs
    /// no "saving…" (no flicker while typing) nor a second frame.
    pub fn wait_saved(&self, seq: u64, limit: std::time::Duration) -> bool {
        let (lock, wake) = &*self.shared;
        let pending = lock.lock().unwrap_or_else(|e| e.into_inner());
        let (pending, _) = wake
            .wait_timeout_while(pending, limit, |p| p.saved < seq && !p.closed)
            .unwrap_or_else(|e| e.into_inner());
        pending.saved >= seq
    }
}

impl Drop for DraftWriter {
    fn drop(&mut self) {
        let (lock, wake) = &*self.shared;
        lock.lock().unwrap_or_else(|e| e.into_inner()).closed = true;
        wake.notify_all();
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn write_loop(store: &Store, shared: &Shared, tx: &UnboundedSender<Msg>) {
    let (lock, wake) = &**shared;
    loop {
        let job = {
            let mut pending = lock.lock().unwrap_or_else(|e| e.into_inner());
            while pending.next.is_none() && !pending.closed {
                pending = wake.wait(pending).unwrap_or_else(|e| e.into_inner());
            }
            match pending.next.take() {
                Some(job) => job,
                None => return,
            }
        };
        let (seq, draft) = job;
        let error = store.save_draft(TRANSLATE, &draft).err().map(|e| e.to_string());
        let saved = error.is_none();
        // The message first: once `wait_saved` returns, the loop finds it
        // in the channel and applies it before drawing.
        let _ = tx.send(Msg::DraftSaved { seq, error });
        if saved {
            let mut pending = lock.lock().unwrap_or_else(|e| e.into_inner());
            pending.saved = pending.saved.max(seq);
            wake.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_draft_handed_over_is_committed_and_the_last_one_wins() {
        let dir = std::env::temp_dir().join(format!("glossa-draft-writer-{}", uuid::Uuid::new_v4()));
        let path = dir.join("glossa.db");
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
        let writer = DraftWriter::spawn(path.clone(), tx).expect("a writer");
        for n in 1..=50u64 {
            let draft = Draft {
                text: format!("text {n}"),
                cursor: (0, n as usize),
            };
            writer.save(n, draft);
        }
        assert!(
            writer.wait_saved(50, std::time::Duration::from_secs(10)),
            "committed in time"
        );
        drop(writer); // commits what is pending, then joins
        let mut last = 0;
        while let Ok(Msg::DraftSaved { seq, error }) = rx.try_recv() {
            assert_eq!(error, None);
            assert!(seq > last, "in order");
            last = seq;
        }
        assert_eq!(last, 50, "the newest change is acknowledged");
        let saved = Store::open(&path).unwrap().draft(TRANSLATE).unwrap().unwrap();
        assert_eq!(saved.text, "text 50");
        let _ = std::fs::remove_dir_all(dir);
    }
}
