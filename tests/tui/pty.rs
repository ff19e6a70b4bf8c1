//! The real `glossa` binary in a pseudo-terminal, read through a terminal
//! emulator — for the end-to-end tests (`tests/tui`) and the PTY benchmark
//! (`benches/tui_pty.rs`, which includes this file with `#[path]`).
//!
//! Data flow: the child writes to the PTY; a reader thread feeds every chunk
//! to a `vt100::Parser`, keeps the raw bytes and the arrival time, and wakes
//! the waiters through a condition variable. `wait_for` re-checks its
//! condition on each chunk, so a test waits exactly as long as the app takes
//! (never a fixed sleep) and a failure shows the screen as it was.

#![allow(dead_code)] // the tests and the bench each use part of it

use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use portable_pty::{Child, CommandBuilder, MasterPty, PtySize, native_pty_system};

pub const ROWS: u16 = 35;
pub const COLS: u16 = 120;
/// Generous: a loaded CI machine may be slow, and a passing wait returns at once.
pub const TIMEOUT: Duration = Duration::from_secs(20);

/// The variables a run is isolated by, and their directories under its root.
pub const ISOLATED: [(&str, &str); 5] = [
    ("HOME", "home"),
    ("XDG_CONFIG_HOME", "config"),
    ("XDG_CACHE_HOME", "cache"),
    ("XDG_DATA_HOME", "data"),
    ("XDG_STATE_HOME", "state"),
];

/// Keys as the bytes a terminal sends for them.
#[derive(Clone, Copy, Debug)]
pub enum Key {
    Esc,
    Enter,
    CtrlC,
    Backspace,
    Tab,
    Up,
    Down,
    Left,
    Right,
    F12,
}

impl Key {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Key::Esc => b"\x1b",
            Key::Enter => b"\r",
            Key::CtrlC => b"\x03",
            Key::Backspace => b"\x7f",
            Key::Tab => b"\t",
            Key::Up => b"\x1b[A",
            Key::Down => b"\x1b[B",
            Key::Right => b"\x1b[C",
            Key::Left => b"\x1b[D",
            Key::F12 => b"\x1b[24~",
        }
    }
}

/// What the reader thread has seen so far.
struct Output {
    parser: vt100::Parser,
    raw: Vec<u8>,
    first_byte: Option<Instant>,
    last_chunk: Instant,
    /// The child closed its side (it exited) or reading failed.
    closed: bool,
}

struct Shared {
    output: Mutex<Output>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Output> {
        // A panicking waiter must not hide the screen from the next one.
        self.output.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Fresh, empty HOME and XDG directories, removed on drop.
struct Dirs {
    root: PathBuf,
}

impl Dirs {
    fn new() -> Self {
        let root = std::env::temp_dir().join(format!("glossa-pty-{}", uuid::Uuid::new_v4()));
        for (_, d) in ISOLATED {
            std::fs::create_dir_all(root.join(d)).expect("create a temp dir");
        }
        Self { root }
    }
}

impl Drop for Dirs {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// `glossa` running in a 120×35 pseudo-terminal with an isolated environment.
pub struct Pty {
    shared: Arc<Shared>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    master: Box<dyn MasterPty + Send>,
    spawned: Instant,
    dirs: Dirs,
}

impl Pty {
    /// `glossa` with no arguments: the workbench on the local engine.
    pub fn spawn() -> Self {
        Self::spawn_with(&[], &[])
    }

    /// `glossa ARGS` with `env` added to the isolated environment.
    pub fn spawn_with(args: &[&str], env: &[(&str, &str)]) -> Self {
        let pair = native_pty_system()
            .openpty(PtySize {
                rows: ROWS,
                cols: COLS,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let dirs = Dirs::new();
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_glossa"));
        cmd.args(args);
        // Nothing from the developer's environment: no GLOSSA_ENDPOINT/KEY/
        // TOKEN/REGION, no user keymap, no NO_COLOR, no DISPLAY.
        cmd.env_clear();
        if let Some(path) = std::env::var_os("PATH") {
            cmd.env("PATH", path);
        }
        for (var, dir) in ISOLATED {
            cmd.env(var, dirs.root.join(dir));
        }
        cmd.env("TERM", "xterm-256color");
        cmd.env("LANG", "C.UTF-8");
        cmd.env("GLOSSA_CLIPBOARD", "off");
        for (k, v) in env {
            cmd.env(k, v);
        }
        cmd.cwd(dirs.root.join("home"));
        let spawned = Instant::now();
        let child = pair.slave.spawn_command(cmd).expect("spawn glossa in the pty");
        // Only the child holds the slave now, so its exit ends our reads.
        drop(pair.slave);
        let reader = pair.master.try_clone_reader().expect("pty reader");
        let writer = pair.master.take_writer().expect("pty writer");
        let shared = Arc::new(Shared {
            output: Mutex::new(Output {
                parser: vt100::Parser::new(nonzero(ROWS), nonzero(COLS), 0),
                raw: Vec::new(),
                first_byte: None,
                last_chunk: spawned,
                closed: false,
            }),
            changed: Condvar::new(),
        });
        let feed = Arc::clone(&shared);
        std::thread::spawn(move || read_loop(reader, &feed));
        Self {
            shared,
            writer,
            child,
            master: pair.master,
            spawned,
            dirs,
        }
    }

    /// When the child was started.
    pub fn spawned(&self) -> Instant {
        self.spawned
    }

    /// When the child first wrote anything.
    pub fn first_byte(&self) -> Option<Instant> {
        self.shared.lock().first_byte
    }

    /// Everything the child wrote so far (escape sequences included).
    pub fn raw(&self) -> Vec<u8> {
        self.shared.lock().raw.clone()
    }

    /// How many bytes the child wrote so far.
    pub fn bytes_written(&self) -> usize {
        self.shared.lock().raw.len()
    }

    /// The isolated HOME and XDG directories (`home`, `config`, `cache`,
    /// `data`, `state`) are under this one.
    pub fn root(&self) -> &std::path::Path {
        &self.dirs.root
    }

    /// The child's process id.
    pub fn pid(&self) -> Option<u32> {
        self.child.process_id()
    }

    /// `f` of the screen as it is now.
    pub fn with_screen<R>(&self, f: impl FnOnce(&vt100::Screen) -> R) -> R {
        f(self.shared.lock().parser.screen())
    }

    /// The screen as text, one line per row.
    pub fn screen_text(&self) -> String {
        self.shared.lock().parser.screen().contents()
    }

    /// Waits until `cond` holds for the screen text; panics after `timeout`
    /// with `what` and the screen. Returns when the deciding bytes arrived.
    pub fn wait_for(&self, what: &str, cond: impl Fn(&str) -> bool, timeout: Duration) -> Instant {
        self.wait_for_screen(what, |s| cond(&s.contents()), timeout)
    }

    /// Like `wait_for`, with the parsed screen (cells, attributes, cursor).
    pub fn wait_for_screen(
        &self,
        what: &str,
        cond: impl FnMut(&vt100::Screen) -> bool,
        timeout: Duration,
    ) -> Instant {
        match self.try_wait_for_screen(cond, timeout) {
            Ok(at) => at,
            Err(screen) => panic!(
                "timed out after {timeout:?} waiting for {what}; the screen:\n{}",
                frame(&screen)
            ),
        }
    }

    /// Waits until `cond` holds; on timeout, the screen text as the error.
    pub fn try_wait_for_screen(
        &self,
        mut cond: impl FnMut(&vt100::Screen) -> bool,
        timeout: Duration,
    ) -> Result<Instant, String> {
        let deadline = Instant::now() + timeout;
        let mut out = self.shared.lock();
        loop {
            if cond(out.parser.screen()) {
                return Ok(out.last_chunk);
            }
            let now = Instant::now();
            if now >= deadline || out.closed {
                return Err(out.parser.screen().contents());
            }
            out = self
                .shared
                .changed
                .wait_timeout(out, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
    }

    /// Waits until the child has written more than `mark` bytes in all.
    pub fn wait_for_output_after(&self, mark: usize, what: &str, timeout: Duration) -> Instant {
        let deadline = Instant::now() + timeout;
        let mut out = self.shared.lock();
        while out.raw.len() <= mark {
            let now = Instant::now();
            if now >= deadline || out.closed {
                let screen = out.parser.screen().contents();
                drop(out);
                panic!(
                    "no output after {what} within {timeout:?}; the screen:\n{}",
                    frame(&screen)
                );
            }
            out = self
                .shared
                .changed
                .wait_timeout(out, deadline - now)
                .unwrap_or_else(|e| e.into_inner())
                .0;
        }
        out.last_chunk
    }

    /// Writes raw bytes to the terminal's input.
    pub fn write_raw(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to the pty");
        self.writer.flush().expect("flush the pty");
    }

    /// Types text, as one write (a fast typist or a paste without brackets).
    pub fn type_str(&mut self, text: &str) {
        self.write_raw(text.as_bytes());
    }

    pub fn send_key(&mut self, key: Key) {
        self.write_raw(key.bytes());
    }

    /// Esc out of the editor, waiting until the hints say `q` quits: Esc
    /// and the next key must arrive as two reads, or the terminal reads Alt+key.
    pub fn leave_editor(&mut self) {
        // The editor's own hints first: a half-drawn frame can still show
        // the previous "q quit", and a key sent right after Esc would
        // reach the app in the same read, as Alt+key.
        self.wait_for(
            "an editor focused, its hints drawn",
            |s| !s.contains("Ctrl+C/q quit"),
            TIMEOUT,
        );
        self.send_key(Key::Esc);
        self.wait_for(
            "the focus out of the editor",
            |s| s.contains("Ctrl+C/q quit"),
            TIMEOUT,
        );
    }

    /// Sends `signal` (a `kill` name: TERM, INT, HUP, KILL) to the child.
    pub fn signal(&self, signal: &str) {
        let pid = self.pid().expect("the child's pid");
        let status = std::process::Command::new("kill")
            .args([format!("-{signal}"), pid.to_string()])
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{signal} {pid}");
    }

    /// The child's exit code, waiting up to `timeout`; panics (showing the
    /// screen) if it is still running then.
    pub fn wait_exit(&mut self, timeout: Duration) -> u32 {
        let deadline = Instant::now() + timeout;
        loop {
            match self.child.try_wait().expect("poll the child") {
                Some(status) => return status.exit_code(),
                None if Instant::now() >= deadline => panic!(
                    "glossa still running {timeout:?} after it was asked to quit; the screen:\n{}",
                    frame(&self.screen_text())
                ),
                // Polling the exit status, not synchronising with the screen.
                None => std::thread::sleep(Duration::from_millis(5)),
            }
        }
    }

    /// Whether the terminal is back in cooked mode (canonical input and echo),
    /// as a shell expects it after the app exits.
    #[cfg(unix)]
    pub fn is_cooked(&self) -> Option<bool> {
        use nix::sys::termios::LocalFlags;
        let t = self.master.get_termios()?;
        Some(t.local_flags.contains(LocalFlags::ICANON | LocalFlags::ECHO))
    }
}

impl Drop for Pty {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn read_loop(mut reader: Box<dyn Read + Send>, shared: &Shared) {
    let mut buf = [0u8; 8192];
    loop {
        // Linux reports EIO once the child closed the slave side.
        let n = reader.read(&mut buf).unwrap_or(0);
        let now = Instant::now();
        let mut out = shared.lock();
        if n == 0 {
            out.closed = true;
            shared.changed.notify_all();
            return;
        }
        out.parser.process(&buf[..n]);
        out.raw.extend_from_slice(&buf[..n]);
        out.first_byte.get_or_insert(now);
        out.last_chunk = now;
        shared.changed.notify_all();
    }
}

fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a terminal size is not zero")
}

/// The screen text in a box, for failure messages.
pub fn frame(screen: &str) -> String {
    let rule = "-".repeat(usize::from(COLS));
    format!(
        "+{rule}\n{}\n+{rule}",
        screen
            .lines()
            .map(|l| format!("|{l}"))
            .collect::<Vec<_>>()
            .join("\n")
    )
}

/// Whether `text` has Han, kana or Hangul — what the ja and zh-Hans panes show.
pub fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(c as u32,
            0x3040..=0x30FF   // hiragana, katakana
            | 0x3400..=0x4DBF // CJK extension A
            | 0x4E00..=0x9FFF // CJK unified ideographs
            | 0xAC00..=0xD7AF // Hangul
            | 0xF900..=0xFAFF)
    })
}
