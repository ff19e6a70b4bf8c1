//! The progress of a bulk migration as it runs.
//!
//! - On a terminal: one block, redrawn in place — `set: N of M done` with
//!   the counts, then one line per VM with a gauge, its state, the next look
//!   and a failure's whole reason (wrapped by the terminal, never cut; the
//!   rows it takes are counted at the terminal's width before the redraw).
//! - Piped: one line per change, `[N/M done] vm  state`, N counting the
//!   final lines as they are printed.
//!
//! `--json` shows nothing while it runs (the result is printed at the end).

use std::collections::HashMap;
use std::io::IsTerminal;

use unicode_width::UnicodeWidthStr;

use super::manage::out;
use super::manage_bulk::now_ms;
use crate::client::manage::{BulkMigration, BulkState, BulkVm};

/// How a bulk's progress is shown.
pub(super) struct View {
    mode: Mode,
    /// Piped: the last line shown per VM.
    shown: HashMap<String, String>,
    done: usize,
    /// Live: the block last drawn and the terminal rows it took.
    drawn: Vec<String>,
    rows: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Quiet,
    Lines,
    Live,
}

impl View {
    pub fn new(quiet: bool) -> Self {
        let mode = if quiet {
            Mode::Quiet
        } else if std::io::stdout().is_terminal() && std::env::var_os("TERM").is_some_and(|t| t != "dumb") {
            Mode::Live
        } else {
            Mode::Lines
        };
        View {
            mode,
            shown: HashMap::new(),
            done: 0,
            drawn: Vec::new(),
            rows: 0,
        }
    }

    /// Whether the block on the terminal already shows the end (no summary needed).
    pub fn is_live(&self) -> bool {
        self.mode == Mode::Live
    }

    pub fn show(&mut self, b: &BulkMigration) {
        match self.mode {
            Mode::Quiet => {}
            Mode::Lines => self.lines(b),
            Mode::Live => self.live(b),
        }
    }

    fn live(&mut self, b: &BulkMigration) {
        let block = block(b, now_ms());
        if block == self.drawn {
            return;
        }
        let width = crossterm::terminal::size().map_or(80, |(w, _)| usize::from(w.max(1)));
        let mut text = String::new();
        if self.rows > 0 {
            // Up to the block's first row, then clear to the end of the screen.
            text.push_str(&format!("\x1b[{}A\r\x1b[J", self.rows));
        }
        for l in &block {
            text.push_str(l);
            text.push('\n');
        }
        out(&text);
        self.rows = rows(&block, width);
        self.drawn = block;
    }

    fn lines(&mut self, b: &BulkMigration) {
        let total = b.vms.len();
        for v in &b.vms {
            if v.state == BulkState::Pending {
                continue;
            }
            // A new line when the state, percentage or problem changes, not
            // for the countdown to the next look.
            let key = match &v.state {
                BulkState::Running { percent } => format!("{percent:?} {:?}", v.last_problem),
                _ => state_text(v, 0),
            };
            if self.shown.get(&v.vm) == Some(&key) {
                continue;
            }
            if v.state.is_final() {
                self.done += 1;
            }
            out(&format!(
                "[{}/{total} done] {}  {}\n",
                self.done,
                v.vm,
                state_text(v, now_ms())
            ));
            self.shown.insert(v.vm.clone(), key);
        }
    }
}

/// `InProgress 40% (next look in 1s)`, `Succeeded`, `Failed: <the whole reason>`.
fn state_text(v: &BulkVm, now_ms: i64) -> String {
    match &v.state {
        BulkState::Pending => "Pending (waiting for a slot)".to_owned(),
        BulkState::Running { percent } => {
            let pct = percent.map_or(String::new(), |p| format!(" {p:.0}%"));
            let next = v.next_poll_ms.map_or(String::new(), |t| {
                let secs = ((t - now_ms).max(0) as f64 / 1000.0).ceil();
                if secs > 0.0 {
                    format!(" (next look in {secs}s)")
                } else {
                    " (looking)".to_owned()
                }
            });
            let problem = v
                .last_problem
                .as_ref()
                .map_or(String::new(), |p| format!("; last look failed: {p}"));
            format!("InProgress{pct}{next}{problem}")
        }
        BulkState::Succeeded => "Succeeded".to_owned(),
        BulkState::Failed { reason } => format!("Failed: {reason}"),
    }
}

/// A ten-cell gauge of a VM's progress.
fn gauge(v: &BulkVm) -> String {
    let pct = match &v.state {
        BulkState::Pending => 0.0,
        BulkState::Running { percent } => percent.unwrap_or(0.0),
        BulkState::Succeeded => 100.0,
        // Where it stopped is unknown: an empty gauge.
        BulkState::Failed { .. } => 0.0,
    };
    let full = ((pct.clamp(0.0, 100.0) / 10.0).round()) as usize;
    format!("[{}{}]", "#".repeat(full), "-".repeat(10 - full))
}

/// The live block: the counts, then one line per VM.
fn block(b: &BulkMigration, now_ms: i64) -> Vec<String> {
    let c = b.counts();
    let mut lines = vec![format!(
        "{}: {} of {} done — {} succeeded, {} failed, {} running, {} waiting (at most {} at once)",
        b.availability_set,
        c.done(),
        c.total,
        c.succeeded,
        c.failed,
        c.running,
        c.pending,
        b.max_parallel
    )];
    let name_width = b.vms.iter().map(|v| v.vm.width()).max().unwrap_or(0);
    for v in &b.vms {
        lines.push(format!(
            "  {:<name_width$}  {}  {}",
            v.vm,
            gauge(v),
            state_text(v, now_ms)
        ));
    }
    lines
}

/// The terminal rows `lines` take at `width` columns (a long line wraps).
fn rows(lines: &[String], width: usize) -> usize {
    lines
        .iter()
        .map(|l| l.width().div_ceil(width.max(1)).max(1))
        .sum()
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::api::manage::MigrationInput;
    use crate::client::manage::{GroupRef, Look, ManageError, Migration};

    #[test]
    fn the_block_has_a_line_per_vm_with_its_gauge_and_whole_reason() {
        let group = GroupRef {
            subscription: "s".into(),
            resource_group: "rg".into(),
        };
        let vms = vec!["vm-a".into(), "vm-long-name".into(), "vm-c".into()];
        let mut b = BulkMigration::new(&group, "web-avset", vms, MigrationInput::default(), 2, 0);
        let accepted = || {
            Ok(Migration {
                location: Some("http://h/op".into()),
                async_operation: None,
                retry_after: None,
                request_id: None,
            })
        };
        b.started("vm-a", accepted(), Duration::from_secs(3), 0);
        b.started("vm-long-name", accepted(), Duration::from_secs(3), 0);
        b.looked(
            "vm-a",
            Ok(Look::Running {
                percent: Some(42.0),
                retry_after: None,
            }),
            Duration::from_secs(2),
            1000,
        );
        let reason = format!("AllocationFailed: {}", "z".repeat(300));
        b.looked(
            "vm-long-name",
            Ok(Look::Failed(reason.clone())),
            Duration::ZERO,
            1000,
        );
        let lines = block(&b, 1500);
        assert_eq!(
            lines[0],
            "web-avset: 1 of 3 done — 0 succeeded, 1 failed, 1 running, 1 waiting (at most 2 at once)"
        );
        assert_eq!(
            lines[1],
            "  vm-a          [####------]  InProgress 42% (next look in 2s)"
        );
        assert_eq!(
            lines[2],
            format!("  vm-long-name  [----------]  Failed: {reason}")
        );
        assert_eq!(
            lines[3],
            "  vm-c          [----------]  Pending (waiting for a slot)"
        );
        assert_eq!(rows(&lines, 1000), 4);
        assert_eq!(
            rows(&lines[2..3], 80),
            lines[2].len().div_ceil(80),
            "the reason wraps, whole"
        );
        assert!(rows(&lines[2..3], 80) >= 4);
        let e = ManageError::Transport {
            message: "reset".into(),
            attempts: 6,
        };
        b.looked("vm-a", Err(e), Duration::from_secs(1), 2000);
        assert!(block(&b, 2000)[1].ends_with("; last look failed: network error after 6 attempt(s): reset"));
    }
}
