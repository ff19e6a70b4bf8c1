//! The History view over a full history: `plan.history` entries (10,000,
//! the store's cap, in a full run) of English sources of one to four
//! sentences with their ja and fi renditions, one a minute back in time.
//!
//! - `frame_200x60/history_overlay`: the view as `H` opens it, the newest
//!   200 rows loaded, the fifth selected (main.rs);
//! - `history_search_then_frame`: a character typed into the search line
//!   (alternately `k` and Backspace: "ban" ⇄ "bank", both through the
//!   trigram index), the search on the store as the executor runs it
//!   (inline, `history::exec`) and the frame.

use criterion::Criterion;
use crossterm::event::KeyCode;
use glossa::store::Store;
use glossa::store::history::{KEEP, NewEntry, Rendition};
use glossa::tui::effect::{Effect, Msg};
use glossa::tui::overlays::history::exec;
use glossa::tui::{Overlay, State};

use crate::{Plan, press, terminal, translate};

const SENTENCES: &[&str] = &[
    "The bank on the corner opens at nine.",
    "Could you tell me where the nearest train station is?",
    "My sister buys a new house near the river.",
    "The children sing while the teacher opens the window.",
    "Our neighbour writes to the bank about an account.",
    "A small cat sleeps on the red door mat.",
    "The meeting was moved to Thursday afternoon.",
    "Please send the report before the end of the week.",
    "We walked to the station because the bus was late.",
    "The old man reads a long letter in the morning.",
    "Tomorrow would bring new problems, but for now everything was fine.",
];

/// An in-memory store with `n` entries, the newest now.
fn store(n: usize) -> Store {
    let store = Store::in_memory().expect("an in-memory store");
    let now = Store::now();
    for i in 0..n {
        let k = 1 + i % 4;
        let source: Vec<&str> = (0..k)
            .map(|j| SENTENCES[(i * 7 + j * 3) % SENTENCES.len()])
            .collect();
        let source = format!("{} ({i})", source.join(" "));
        let entry = NewEntry {
            profile: String::new(),
            from: None,
            detected: Some("en".into()),
            targets: vec!["ja".into(), "fi".into()],
            results: vec![
                Rendition {
                    to: "ja".into(),
                    text: "銀行は九時に開きます。".repeat(k),
                },
                Rendition {
                    to: "fi".into(),
                    text: format!("Pankki kulmassa aukeaa yhdeksältä. ({i})").repeat(k),
                },
            ],
            source,
        };
        let at = now - 60 * (n - i) as i64;
        store.record_history_at(&entry, at, KEEP).expect("recorded");
    }
    store
}

/// Runs the history effects on the store, as the executor does.
fn execute(s: &mut State, store: &Store, effects: Vec<Effect>) {
    let mut ledger = exec::Ledger::default();
    for e in effects {
        if let Some(reply) = ledger.run(Some(store), e) {
            s.message(Msg::History(reply), std::time::Instant::now());
        }
    }
}

/// The History view open over the translated Translate tab, with its rows.
pub fn state(plan: &Plan) -> (State, Store) {
    let store = store(plan.history);
    let mut s = translate::state();
    press(&mut s, KeyCode::Esc);
    let fx = press(&mut s, KeyCode::Char('H'));
    execute(&mut s, &store, fx);
    for _ in 0..4 {
        let fx = press(&mut s, KeyCode::Down);
        execute(&mut s, &store, fx);
    }
    let Some(Overlay::History(view)) = &s.overlay else {
        panic!("H opens the History view")
    };
    assert!(view.len() >= 200.min(plan.history), "rows loaded");
    (s, store)
}

/// A character in the search line, the store's search and the frame.
pub fn search(c: &mut Criterion, plan: &Plan) {
    let (mut s, store) = state(plan);
    for ch in "ban".chars() {
        let fx = press(&mut s, KeyCode::Char(ch));
        execute(&mut s, &store, fx);
    }
    let mut terminal = terminal();
    let mut typed = false;
    c.bench_function("history_search_then_frame", |b| {
        b.iter(|| {
            let code = if typed {
                KeyCode::Backspace
            } else {
                KeyCode::Char('k')
            };
            typed = !typed;
            let fx = press(&mut s, code);
            assert!(!fx.is_empty(), "the key asks the store");
            execute(&mut s, &store, fx);
            terminal
                .draw(|f| {
                    glossa::tui::draw(f, &s);
                })
                .expect("drawn");
        })
    });
}
