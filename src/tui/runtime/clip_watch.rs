//! The clipboard watch's thread: polls the clipboard (`clipwatch::Watcher`) every
//! `clipwatch::INTERVAL` until stopped, sending each new text — or why the
//! clipboard cannot be read — as `Msg::Clipboard`. Glossa's own copies are told
//! to it ([`ClipWatch::copied`]) so that they do not come back as news.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use tokio::sync::mpsc;

use crate::clipwatch::{Watcher, own_copy};
use crate::tui::effect::Msg;

/// A running watch.
pub struct ClipWatch {
    stop: Arc<AtomicBool>,
    /// The hash of Glossa's last copy (0: none).
    own: Arc<AtomicU64>,
}

impl ClipWatch {
    /// Starts watching, or sends why it cannot.
    pub fn start(tx: mpsc::UnboundedSender<Msg>) -> Option<ClipWatch> {
        let env = |k: &str| std::env::var(k).ok();
        let source = match crate::clipwatch::open(&env) {
            Ok(source) => source,
            Err(why) => {
                let _ = tx.send(Msg::Clipboard(Err(why)));
                return None;
            }
        };
        // What is there now is known before the watch is said to run (the next
        // frame), so that text copied after that is news.
        let mut watcher = Watcher::new(source);
        if let Err(why) = watcher.prime() {
            let _ = tx.send(Msg::Clipboard(Err(why)));
            return None;
        }
        let (stop, own) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
        let (stopped, copied) = (stop.clone(), own.clone());
        let spawned = std::thread::Builder::new()
            .name("clipboard-watch".into())
            .spawn(move || {
                while !stopped.load(Ordering::Relaxed) {
                    let own = Some(copied.load(Ordering::Relaxed)).filter(|h| *h != 0);
                    match watcher.poll(own) {
                        Ok(Some(text)) => {
                            if tx.send(Msg::Clipboard(Ok(text))).is_err() {
                                return;
                            }
                        }
                        Ok(None) => {}
                        Err(why) => {
                            let _ = tx.send(Msg::Clipboard(Err(why)));
                            return;
                        }
                    }
                    std::thread::sleep(crate::clipwatch::INTERVAL);
                }
            });
        spawned.ok().map(|_| ClipWatch { stop, own })
    }

    /// Glossa put `text` on the clipboard.
    pub fn copied(&self, text: &str) {
        self.own.store(own_copy(text), Ordering::Relaxed);
    }
}

impl Drop for ClipWatch {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
