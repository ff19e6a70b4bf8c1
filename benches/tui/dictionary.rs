//! The Dictionary tab with data: ten terms looked up at once (60
//! translations under their parts of speech), and forty example pairs side
//! by side with their terms lit (three pages deep, so the breadcrumb too).

use glossa::tui::effect::{Effect, Msg};
use glossa::tui::tabs::dictionary::{DictOutcome, DictReply, DictRequest, Pair, fixtures};
use glossa::tui::{State, Tab};

use crate::press;
use crossterm::event::KeyCode;

/// The workbench on the Dictionary tab, `terms` looked up and answered.
fn looked_up(terms: &[&str], pair: Pair) -> State {
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc);
    press(&mut s, KeyCode::Char('2'));
    assert_eq!(s.tab, Tab::Dictionary);
    let DictOutcome::Request(DictRequest::Lookup { id, .. }) =
        s.dictionary.open(&terms.join(", "), pair, None)
    else {
        panic!("no look-up asked")
    };
    let answer = terms
        .iter()
        .map(|t| {
            let mut r = fixtures::fly_fi();
            r.display_source = (*t).to_owned();
            r
        })
        .collect();
    s.message(
        Msg::Dictionary(DictReply::Lookup {
            id,
            result: Ok(answer),
        }),
        std::time::Instant::now(),
    );
    s
}

pub fn lookup() -> State {
    let terms = [
        "fly", "run", "bank", "light", "fair", "bear", "match", "spring", "bark", "date",
    ];
    looked_up(&terms, Pair::new("en", "fi"))
}

pub fn examples() -> State {
    let mut s = looked_up(&["fly"], Pair::new("en", "zh-Hans"));
    press(&mut s, KeyCode::Enter);
    let fx = press(&mut s, KeyCode::Enter);
    let Some(Effect::Dictionary(DictRequest::Examples { id, .. })) = fx.first().cloned() else {
        panic!("no examples asked: {fx:?}")
    };
    let mut found = fixtures::fly_examples();
    let one = found.examples.clone();
    for _ in 0..9 {
        found.examples.extend(one.iter().cloned());
    }
    s.message(
        Msg::Dictionary(DictReply::Examples {
            id,
            result: Ok(vec![found]),
        }),
        std::time::Instant::now(),
    );
    s
}
