//! The workbench's frames at 200×60: one frame of each tab and overlay,
//! drawn with realistic data into a `TestBackend` (layout, wrapping,
//! styling, ratatui's diff — nothing else). Goal: ≤ 1 ms per frame.
//!
//! - `frame_200x60/<scene>`: the frame alone, for every scene in [`SCENES`];
//! - `key_then_frame`, `target_word_then_frame` (translate.rs): a key, its
//!   highlight query and the frame on the Translate tab;
//! - `history_search_then_frame` (history.rs): a character typed into the
//!   History view's search line, the store's search over the full history
//!   (10,000 entries) and the frame — what the executor does inline.
//!
//! A tab is one module with a `fn state(&Plan) -> State` per scene and one
//! line each in [`SCENES`].
//!
//! `cargo bench --bench tui`. `cargo test --all-targets` runs every
//! function once as a smoke test, with a small history (so do `--quick`
//! and `GLOSSA_BENCH_QUICK=1`).

mod dictionary;
mod history;
mod manage;
mod translate;
mod translit;

use std::hint::black_box;
use std::time::Instant;

use criterion::{Criterion, criterion_group, criterion_main};
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use glossa::tui::State;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

/// The size every frame is drawn at.
pub const COLS: u16 = 200;
pub const ROWS: u16 = 60;

/// How much data the fixtures hold.
pub struct Plan {
    /// Entries in the history store.
    pub history: usize,
}

impl Plan {
    fn from_env() -> Self {
        let args: Vec<String> = std::env::args().collect();
        // `cargo test` runs bench binaries without `--bench`.
        let quick = !args.iter().any(|a| a == "--bench")
            || args.iter().any(|a| a == "--quick")
            || std::env::var_os("GLOSSA_BENCH_QUICK").is_some_and(|v| v == "1");
        Plan {
            history: if quick { 300 } else { 10_000 },
        }
    }
}

/// A named screen: how to build the state that shows it.
type Scene = (&'static str, fn(&Plan) -> State);

/// Every tab and overlay measured, in tab order.
const SCENES: &[Scene] = &[
    ("translate_3x2KB", |_| translate::state()),
    ("dictionary_lookup_10_terms", |_| dictionary::lookup()),
    ("dictionary_examples_40", |_| dictionary::examples()),
    ("transliterate_2KB_2_previews", |_| translit::state()),
    ("manage_syncs_200", |_| manage::syncs()),
    ("manage_refresh", |_| manage::refresh()),
    ("manage_migrations_12", |_| manage::migrations()),
    ("history_overlay", |p| history::state(p).0),
    ("help_overlay", |_| help()),
];

/// A key on the workbench, now.
pub fn press(s: &mut State, code: KeyCode) -> Vec<glossa::tui::effect::Effect> {
    s.key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now())
}

/// The help overlay over the translated Translate tab.
fn help() -> State {
    let mut s = translate::state();
    press(&mut s, KeyCode::Esc);
    press(&mut s, KeyCode::Char('?'));
    assert!(
        matches!(s.overlay, Some(glossa::tui::Overlay::Help(_))),
        "? opens the help"
    );
    s
}

/// A test terminal of the measured size.
pub fn terminal() -> Terminal<TestBackend> {
    Terminal::new(TestBackend::new(COLS, ROWS)).expect("a test terminal")
}

fn frames(c: &mut Criterion) {
    let plan = Plan::from_env();
    let mut group = c.benchmark_group(format!("frame_{COLS}x{ROWS}"));
    for (name, build) in SCENES {
        let s = build(&plan);
        let mut terminal = terminal();
        group.bench_function(*name, |b| {
            b.iter(|| {
                terminal
                    .draw(|f| {
                        black_box(glossa::tui::draw(f, black_box(&s)));
                    })
                    .expect("drawn");
            })
        });
    }
    group.finish();
}

fn keys(c: &mut Criterion) {
    translate::keys(c);
    history::search(c, &Plan::from_env());
}

criterion_group!(benches, frames, keys);
criterion_main!(benches);
