//! Copying inside tmux: `tmux load-buffer -w -`, the text on its stdin.
//!
//! A default tmux drops an application's OSC 52 (`set-clipboard` is
//! `external`) and its DCS passthrough (`allow-passthrough` is off), so
//! the one way that works out of the box is to ask tmux itself: the text
//! goes into tmux's paste buffer and, with `-w` (tmux 3.2+), on to the
//! outer terminal's clipboard when tmux can set it. The exit status says
//! whether it worked; the text is never logged nor put in an error.

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// tmux's paste buffer: the `tmux` command in the app, a fake in tests.
pub trait TmuxBuffer: Send {
    /// Puts `text` in tmux's buffer; the error says why not (no text in it).
    fn load(&mut self, text: &str) -> Result<(), String>;
}

/// The real `tmux load-buffer -w -`.
#[derive(Debug, Default)]
pub struct LoadBuffer;

/// How long tmux gets before the copy counts as failed (and it is killed).
const TIMEOUT: Duration = Duration::from_secs(2);

impl TmuxBuffer for LoadBuffer {
    fn load(&mut self, text: &str) -> Result<(), String> {
        let mut child = Command::new("tmux")
            .args(["load-buffer", "-w", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("tmux did not start: {e}"))?;
        // Written by a thread of its own: a tmux that stops reading cannot
        // block the workbench past the timeout (killing tmux ends the write).
        let writer = child.stdin.take().map(|mut stdin| {
            let text = text.to_owned();
            std::thread::spawn(move || stdin.write_all(text.as_bytes()))
        });
        let status = wait(&mut child)?;
        if let Some(Ok(Err(e))) = writer.map(std::thread::JoinHandle::join) {
            return Err(format!("writing to tmux: {e}"));
        }
        if status.success() {
            return Ok(());
        }
        let mut said = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            use std::io::Read;
            let _ = stderr.read_to_string(&mut said);
        }
        let said = said.lines().next().unwrap_or("").trim();
        let said: String = said.chars().take(120).collect();
        Err(if said.is_empty() {
            status.to_string()
        } else {
            format!("{status}: {said}")
        })
    }
}

/// Waits for `child` up to [`TIMEOUT`], killing it past that.
fn wait(child: &mut Child) -> Result<std::process::ExitStatus, String> {
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Ok(status),
            Ok(None) if start.elapsed() < TIMEOUT => std::thread::sleep(Duration::from_millis(2)),
            Ok(None) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("tmux did not answer within {} s", TIMEOUT.as_secs()));
            }
            Err(e) => return Err(format!("waiting for tmux: {e}")),
        }
    }
}
