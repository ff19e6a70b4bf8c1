//! The Dictionary tab inside the workbench: reaching it, its requests and
//! answers as effects and messages, the history record, its pickers, and
//! the word under the cursor sent from the Translate tab.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};

use super::overlay_tests::{key, typed};
use super::tests::translated;
use super::{Overlay, PickFor, State, Tab};
use crate::store::lookups::NewLookup;
use crate::tui::effect::{Effect, Msg};
use crate::tui::tabs::dictionary::fixtures::fly_fi;
use crate::tui::tabs::dictionary::{DictFocus, DictReply, DictRequest, Pair, Side};
use crate::tui::tabs::translate::align::word_at;

/// The languages fixture loaded, the tab on English → Finnish.
fn with_languages() -> State {
    let mut s = super::overlay_tests::with_languages();
    s.dictionary.pair = Pair::new("en", "fi");
    s
}

fn lookup_of(effects: &[Effect]) -> Option<(u64, Pair, Vec<String>)> {
    effects.iter().find_map(|e| match e {
        Effect::Dictionary(DictRequest::Lookup { id, pair, terms }) => {
            Some((*id, pair.clone(), terms.clone()))
        }
        _ => None,
    })
}

#[test]
fn key_2_opens_the_tab_on_its_search_line_and_brackets_cycle_through_it() {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('2'));
    assert_eq!((s.tab, s.dictionary.focus), (Tab::Dictionary, DictFocus::Search));
    typed(&mut s, "q2]");
    assert_eq!(s.dictionary.query.text(), "q2]", "printable keys are text there");
    assert!(!s.quit);
    key(&mut s, KeyCode::Char('1'));
    assert_eq!(s.tab, Tab::Dictionary);
    s.dictionary.focus = DictFocus::Results;
    key(&mut s, KeyCode::Char(']'));
    assert_eq!(s.tab, Tab::Transliterate);
    key(&mut s, KeyCode::Char('4'));
    key(&mut s, KeyCode::Char('2'));
    assert_eq!(
        (s.tab, s.dictionary.focus),
        (Tab::Transliterate, DictFocus::Results),
        "its input took 42"
    );
    s.show_tab(Tab::Manage);
    key(&mut s, KeyCode::Char('['));
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('['));
    assert_eq!((s.tab, s.dictionary.focus), (Tab::Dictionary, DictFocus::Search));
    // Esc leaves the search line even before the first look-up.
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('['));
    assert_eq!(s.tab, Tab::Translate);
}

#[test]
fn a_lookup_is_asked_answered_and_recorded_in_the_history() {
    let mut s = with_languages();
    s.profile = Some("work".into());
    s.show_tab(Tab::Dictionary);
    typed(&mut s, "fly");
    let fx = key(&mut s, KeyCode::Enter);
    let (id, pair, terms) = lookup_of(&fx).expect("a look-up");
    assert_eq!((pair, terms), (Pair::new("en", "fi"), vec!["fly".to_owned()]));
    let recorded = s.message(
        Msg::Dictionary(DictReply::Lookup {
            id,
            result: Ok(vec![fly_fi()]),
        }),
        std::time::Instant::now(),
    );
    assert_eq!(
        recorded,
        [Effect::RecordLookup(NewLookup {
            profile: "work".into(),
            from: "en".into(),
            to: "fi".into(),
            term: "fly".into(),
            found: 6,
        })]
    );
    // Results have the keys now: q quits from there.
    key(&mut s, KeyCode::Char('q'));
    assert!(s.quit);
}

#[test]
fn the_pickers_choose_from_the_dictionary_scope_and_are_remembered() {
    let mut s = with_languages();
    s.show_tab(Tab::Dictionary);
    s.dictionary.focus = DictFocus::Results;
    key(&mut s, KeyCode::Char('f'));
    assert!(matches!(
        &s.overlay,
        Some(Overlay::Picker(p)) if p.what == PickFor::Dictionary(Side::From)
    ));
    s.overlay = None;
    // A new source keeps the target when the dictionary has the pair, else its first one.
    let fx = s.dictionary_chosen(Side::From, vec!["zh-Hans".into()]);
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(s.dictionary.pair, Pair::new("zh-Hans", "en"));
    key(&mut s, KeyCode::Char('t'));
    let Some(Overlay::Picker(p)) = &s.overlay else {
        panic!("no target picker")
    };
    assert_eq!(p.what, PickFor::Dictionary(Side::To));
    assert_eq!(p.picker.codes(), ["en"], "only what zh-Hans translates to");
    s.overlay = None;
    let fx = key(&mut s, KeyCode::Char('x'));
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(s.dictionary.pair, Pair::new("en", "zh-Hans"));
}

#[test]
fn d_on_a_target_pane_looks_its_word_up_from_that_language_to_the_source() {
    let mut s = translated();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Right); // "tili" in "pankki tili"
    let fx = key(&mut s, KeyCode::Char('d'));
    assert_eq!(s.tab, Tab::Dictionary);
    let (_, pair, terms) = lookup_of(&fx).expect("a look-up");
    assert_eq!((pair, terms), (Pair::new("fi", "en"), vec!["tili".to_owned()]));
    assert!(fx.contains(&s.save_prefs()));
    assert_eq!(
        (s.dictionary.focus, s.dictionary.query.text()),
        (DictFocus::Results, "tili")
    );
}

#[test]
fn ctrl_l_in_the_editor_looks_up_the_source_word_into_the_first_target() {
    let mut s = translated();
    // The cursor is at the end of "bank account": the word before it.
    let fx = s.key(KeyEvent::new(KeyCode::Char('l'), M::CONTROL), Instant::now());
    let (_, pair, terms) = lookup_of(&fx).expect("a look-up");
    assert_eq!((pair, terms), (Pair::new("en", "fi"), vec!["account".to_owned()]));
    // Without a source language (auto, nothing detected yet) it says why.
    let mut s = State::new("local engine".into());
    s.paste("bank", Instant::now());
    let fx = s.key(KeyEvent::new(KeyCode::Char('l'), M::CONTROL), Instant::now());
    assert!(fx.is_empty());
    assert_eq!(s.tab, Tab::Translate);
    assert!(
        s.toasts
            .iter()
            .any(|t| t.text.contains("source language is not known"))
    );
}

#[test]
fn the_word_at_a_byte_is_the_one_under_it_or_just_before_on_its_line() {
    let text = "Hello, wide 世界!\nnext";
    let at = |b: usize| word_at(text, b).map(|r| &text[r]);
    assert_eq!(at(0), Some("Hello"));
    assert_eq!(at(6), Some("Hello"), "after the comma");
    assert_eq!(at(8), Some("wide"));
    assert_eq!(at(13), Some("世界"), "inside a character: its start");
    assert_eq!(at(text.len()), Some("next"));
    assert_eq!(word_at("  \n", 1), None);
}

#[test]
fn enter_on_a_look_up_of_the_history_view_looks_it_up_again_in_the_tab() {
    use crate::store::lookups::{FoundLookup, Lookup};
    use crate::tui::overlays::history::{Mode, Rows};
    let mut s = with_languages();
    key(&mut s, KeyCode::Esc);
    let fx = s.key(KeyEvent::new(KeyCode::Char('H'), M::SHIFT), Instant::now());
    let Some(Effect::SearchHistory(q)) = fx.last().cloned() else {
        panic!("no search")
    };
    let fx = key(&mut s, KeyCode::Tab);
    let Some(Effect::SearchHistory(q2)) = fx.last().cloned() else {
        panic!("no search of the look-ups")
    };
    assert_eq!((q.mode, q2.mode), (Mode::Translations, Mode::Lookups));
    let lookup = Lookup {
        id: 4,
        term: "lentää".into(),
        from: "fi".into(),
        to: "en".into(),
        found: 3,
        ..Lookup::default()
    };
    let found = FoundLookup {
        lookup,
        marks: Vec::new(),
    };
    s.history_rows(&q2, Ok(Rows::Lookups(vec![found])), 1_000);
    let fx = key(&mut s, KeyCode::Enter);
    assert!(s.overlay.is_none());
    assert_eq!(s.tab, Tab::Dictionary);
    let (_, pair, terms) = lookup_of(&fx).expect("a look-up");
    assert_eq!((pair, terms), (Pair::new("fi", "en"), vec!["lentää".to_owned()]));
}

/// The whole workbench on the tab: tab line, status with the depth, hints.
#[test]
fn wired_dictionary_tab_at_the_back_translations_120x35() {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut s = with_languages();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('2'));
    typed(&mut s, "fly");
    let fx = key(&mut s, KeyCode::Enter);
    let (id, ..) = lookup_of(&fx).expect("a look-up");
    s.message(
        Msg::Dictionary(DictReply::Lookup {
            id,
            result: Ok(vec![fly_fi()]),
        }),
        std::time::Instant::now(),
    );
    key(&mut s, KeyCode::Down);
    key(&mut s, KeyCode::Enter);
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).expect("a test terminal");
    terminal
        .draw(|f| {
            crate::tui::view::draw(f, &s);
        })
        .expect("drawn");
    insta::assert_snapshot!(terminal.backend().to_string());
}
