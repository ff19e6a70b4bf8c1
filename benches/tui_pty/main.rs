//! The workbench as a user feels it: the real `glossa` binary in a
//! pseudo-terminal (the harness of `tests/tui`), timed from the outside.
//!
//! - first frame: spawn → first byte, → "Glossa" visible (the first paint,
//!   which says "starting the local engine…"; goal ≤ 30 ms), → the local
//!   engine ready (its status line without "starting"; reported, no goal);
//! - key-to-screen: one character written, until the emulated screen shows it
//!   in the editor (the text, or the cursor for a space); goal p99 ≤ 10 ms.
//!   The text is prose with a pause after each sentence, so live translation
//!   (300 ms debounce) runs and answers while typing goes on, as it does for
//!   a person;
//! - idle: bytes written to the terminal (goal 0: no redraws) and CPU time,
//!   once the translation has landed, with no input;
//! - memory (memory.rs): peak resident memory after start-up and after a
//!   ~10 KB paste was translated, and the paste's time to the screen.
//!
//! Besides its table it prints one `BENCH key value unit` line per number,
//! which scripts/bench.sh collects.
//!
//! `cargo bench --bench tui_pty` (release binary). `cargo test --all-targets`
//! runs it as a quick smoke test (few iterations) — so do `-- --quick` and
//! `GLOSSA_BENCH_QUICK=1`.

#[path = "../../tests/tui/pty.rs"]
mod pty;
#[path = "../../tests/tui/screen.rs"]
mod screen;

mod memory;

use std::time::{Duration, Instant};

use pty::{Key, Pty, TIMEOUT, has_cjk};
use screen::{find_box, reversed_cell, squeezed, text_in};

const PROSE: &str = "The old man reads a long letter in the morning. My sister buys a new \
house near the river. A small cat sleeps on the red door mat. The teacher opens the window and \
the children sing. Our neighbour writes to the bank about an account. ";

/// The typing pause after a sentence: longer than the 300 ms debounce.
const SENTENCE_PAUSE: Duration = Duration::from_millis(400);

struct Plan {
    starts: usize,
    chars: usize,
    idle: Duration,
    paste: usize,
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Nearest-rank percentile of sorted samples.
fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    percentile(samples, 0.5)
}

/// The status line names the local engine and no longer says it is starting.
fn engine_ready(screen: &str) -> bool {
    screen.contains("local engine") && !screen.contains("starting the local engine")
}

fn verdict(ok: bool) -> &'static str {
    if ok { "ok" } else { "missed" }
}

/// Waits for the first frame and quits; the three times since spawn.
fn first_frame() -> [Duration; 3] {
    let mut pty = Pty::spawn();
    let glossa = pty.wait_for("\"Glossa\"", |s| s.contains("Glossa"), TIMEOUT);
    let engine = pty.wait_for("the local engine ready", engine_ready, TIMEOUT);
    let first = pty.first_byte().expect("output before the first frame");
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0, "exit status after Ctrl+C");
    let since = |t: Instant| t.duration_since(pty.spawned());
    [since(first), since(glossa), since(engine)]
}

/// The editor's inside: its squeezed text and where its cursor is drawn.
fn editor(screen: &vt100::Screen) -> Option<(String, Option<(u16, u16)>)> {
    let area = find_box(screen, "Source")?;
    Some((squeezed(&text_in(screen, area)), reversed_cell(screen, area)))
}

/// Types `text` one character at a time; the latency of each.
fn key_to_screen(pty: &mut Pty, text: &str) -> Vec<Duration> {
    let mut latencies = Vec::with_capacity(text.len());
    for (i, ch) in text.char_indices() {
        let want = squeezed(&text[..i + ch.len_utf8()]);
        let (_, cursor) = pty.with_screen(editor).expect("the editor on screen");
        let mut buf = [0u8; 4];
        let written = Instant::now();
        pty.write_raw(ch.encode_utf8(&mut buf).as_bytes());
        let shown = pty.wait_for_screen(
            &format!("{ch:?} (character {}) in the editor", i + 1),
            |s| editor(s).is_some_and(|(t, c)| t == want && c != cursor),
            TIMEOUT,
        );
        latencies.push(shown.saturating_duration_since(written));
        if ch == '.' {
            // A person pausing after a sentence; translation starts.
            std::thread::sleep(SENTENCE_PAUSE);
        }
    }
    latencies
}

/// CPU time (user + system) the process has used, from /proc (Linux only).
fn cpu_time(pid: Option<u32>) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid?)).ok()?;
    // Fields after the command name, which is in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // USER_HZ is 100 on every Linux this runs on.
    Some(Duration::from_millis(ticks * 10))
}

/// No translation in flight and the ja and zh-Hans panes show theirs.
fn translated(s: &vt100::Screen) -> bool {
    let pane = |code| screen::pane(s, code).is_some_and(|p| has_cjk(&p));
    !s.contents().contains("translating") && pane("ja") && pane("zh-Hans")
}

/// The numbers as `BENCH key value unit` lines for scripts/bench.sh,
/// printed after the table.
#[derive(Default)]
struct Numbers(Vec<String>);

impl Numbers {
    fn add(&mut self, key: &str, value: f64, unit: &str) {
        self.0.push(format!("BENCH tui_pty.{key} {value:.3} {unit}"));
    }
}

/// Waits for the translation of what was typed, then until one second
/// passes without output; the bytes written and CPU used in `window` after.
fn idle(pty: &Pty, window: Duration) -> (usize, Option<Duration>) {
    pty.wait_for_screen("the translation to land", translated, TIMEOUT);
    let settled = Instant::now() + TIMEOUT;
    loop {
        let mark = pty.bytes_written();
        std::thread::sleep(Duration::from_secs(1));
        if pty.bytes_written() == mark || Instant::now() > settled {
            break;
        }
    }
    let (bytes, cpu) = (pty.bytes_written(), cpu_time(pty.pid()));
    std::thread::sleep(window);
    let cpu = cpu.zip(cpu_time(pty.pid())).map(|(a, b)| b.saturating_sub(a));
    (pty.bytes_written() - bytes, cpu)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = !args.iter().any(|a| a == "--bench")
        || args.iter().any(|a| a == "--quick")
        || std::env::var_os("GLOSSA_BENCH_QUICK").is_some_and(|v| v == "1");
    let plan = if quick {
        Plan {
            starts: 2,
            chars: 40,
            idle: Duration::from_secs(1),
            paste: 2_000,
        }
    } else {
        Plan {
            starts: 10,
            chars: 300,
            idle: Duration::from_secs(5),
            paste: 10_000,
        }
    };

    let runs: Vec<[Duration; 3]> = (0..plan.starts).map(|_| first_frame()).collect();
    let text: String = PROSE.chars().cycle().take(plan.chars).collect();
    let mut pty = Pty::spawn();
    pty.wait_for("the local engine ready", engine_ready, TIMEOUT);
    let mut latencies = key_to_screen(&mut pty, &text);
    let (idle_bytes, idle_cpu) = idle(&pty, plan.idle);
    pty.send_key(Key::CtrlC);
    assert_eq!(pty.wait_exit(TIMEOUT), 0, "exit status after Ctrl+C");
    let paste = memory::paste(&memory::text(plan.paste));
    let mut numbers = Numbers::default();

    println!(
        "glossa workbench in a {}x{} pty{}",
        pty::COLS,
        pty::ROWS,
        if quick { " (quick run)" } else { "" }
    );
    println!("| measure | median | p95 | p99 | max | goal |");
    println!("|---|---|---|---|---|---|");
    let labels = [
        ("first_byte", "spawn → first byte"),
        ("first_frame", "spawn → \"Glossa\" visible"),
        ("engine_ready", "spawn → local engine ready"),
    ];
    for (k, (key, label)) in labels.iter().enumerate() {
        let mut samples: Vec<Duration> = runs.iter().map(|r| r[k]).collect();
        let med = median(&mut samples);
        let max = samples[samples.len() - 1];
        let goal = if k < 2 {
            format!("≤ 30 ms: {}", verdict(med <= Duration::from_millis(30)))
        } else {
            "—".to_owned()
        };
        println!(
            "| {label} (n={}) | {:.1} ms | | | {:.1} ms | {goal} |",
            samples.len(),
            ms(med),
            ms(max),
        );
        numbers.add(&format!("{key}_median"), ms(med), "ms");
    }
    latencies.sort();
    let p50 = percentile(&latencies, 0.5);
    let p99 = percentile(&latencies, 0.99);
    println!(
        "| key → screen (n={}) | {:.2} ms | {:.2} ms | {:.2} ms | {:.2} ms | p99 ≤ 10 ms: {} |",
        latencies.len(),
        ms(p50),
        ms(percentile(&latencies, 0.95)),
        ms(p99),
        ms(latencies[latencies.len() - 1]),
        verdict(p99 <= Duration::from_millis(10))
    );
    numbers.add("key_to_screen_p50", ms(p50), "ms");
    numbers.add("key_to_screen_p99", ms(p99), "ms");
    println!(
        "| idle {:?}: bytes written | {idle_bytes} | | | | 0: {} |",
        plan.idle,
        verdict(idle_bytes == 0)
    );
    numbers.add("idle_bytes", idle_bytes as f64, "B");
    if let Some(cpu) = idle_cpu {
        println!(
            "| idle {:?}: CPU time | {:.0} ms | | | | ~0 |",
            plan.idle,
            ms(cpu)
        );
        numbers.add("idle_cpu", ms(cpu), "ms");
    }
    report_paste(&paste, &mut numbers);
    println!("{}", numbers.0.join("\n"));
}

fn report_paste(paste: &memory::Paste, numbers: &mut Numbers) {
    let kb = paste.bytes as f64 / 1000.0;
    println!(
        "| {kb:.0} KB paste → translations shown | {:.0} ms | | | | — |",
        ms(paste.to_screen)
    );
    numbers.add("paste_to_screen", ms(paste.to_screen), "ms");
    for (key, label, rss) in [
        ("rss_started", "peak RSS, engine ready", paste.started),
        ("rss_pasted", "peak RSS, paste translated", paste.translated),
    ] {
        if let Some(rss) = rss {
            println!("| {label} | {:.1} MiB | | | | — |", rss.peak_mib());
            numbers.add(key, rss.peak_mib(), "MiB");
        }
    }
}
