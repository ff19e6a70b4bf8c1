//! The workbench's memory and a large paste: the peak resident set (VmHWM,
//! from /proc; Linux only) once the local engine is ready, and again once a
//! ~10 KB paste (bracketed, as a terminal sends it) has been translated into
//! every target — the engine then holds the dictionaries it read. Also the
//! time from the paste to its translations on screen (300 ms of it is the
//! debounce).

use std::time::{Duration, Instant};

use crate::pty::{Key, Pty, TIMEOUT};
use crate::{PROSE, engine_ready, translated};

/// Peak resident memory so far, in KiB.
#[derive(Clone, Copy, Debug)]
pub struct Rss {
    pub peak_kb: u64,
}

impl Rss {
    /// Of process `pid`, from /proc/PID/status.
    pub fn of(pid: Option<u32>) -> Option<Rss> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", pid?)).ok()?;
        let field = |name: &str| -> Option<u64> {
            let line = status.lines().find_map(|l| l.strip_prefix(name))?;
            line.split_whitespace().next()?.parse().ok()
        };
        Some(Rss {
            peak_kb: field("VmHWM:")?,
        })
    }

    pub fn peak_mib(self) -> f64 {
        self.peak_kb as f64 / 1024.0
    }
}

pub struct Paste {
    pub bytes: usize,
    pub started: Option<Rss>,
    pub translated: Option<Rss>,
    pub to_screen: Duration,
}

/// Prose of about `bytes` bytes, in paragraphs of about 600.
pub fn text(bytes: usize) -> String {
    let sentences: Vec<&str> = PROSE.split_inclusive(". ").collect();
    let (mut out, mut paragraph) = (String::with_capacity(bytes + 100), 0);
    for s in sentences.iter().cycle() {
        if out.len() >= bytes {
            break;
        }
        out.push_str(s);
        paragraph += s.len();
        if paragraph >= 600 {
            out.truncate(out.trim_end().len());
            out.push('\n');
            paragraph = 0;
        }
    }
    out
}

/// Starts the workbench, pastes `text` and waits for its translations.
pub fn paste(text: &str) -> Paste {
    let mut pty = Pty::spawn();
    pty.wait_for("the local engine ready", engine_ready, TIMEOUT);
    let started = Rss::of(pty.pid());
    let mut bytes = b"\x1b[200~".to_vec();
    bytes.extend_from_slice(text.as_bytes());
    bytes.extend_from_slice(b"\x1b[201~");
    let sent = Instant::now();
    pty.write_raw(&bytes);
    let shown = pty.wait_for_screen("the paste's translations", translated, TIMEOUT);
    let after = Rss::of(pty.pid());
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0, "exit status after Ctrl+C");
    Paste {
        bytes: text.len(),
        started,
        translated: after,
        to_screen: shown.saturating_duration_since(sent),
    }
}
