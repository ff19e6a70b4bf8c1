//! The word alternatives popup: opened by Enter on a target word (or a
//! second click), its look-up's answer, stale answers, Esc, the pivot to
//! the Dictionary tab, and the cases with nothing to look up.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::tests::translated;
use super::{Focus, Overlay, State, Tab};
use crate::api::model::{LookupResult, PosTag};
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::alternatives::{Alternatives, Shown};
use crate::tui::tabs::dictionary::fixtures::bank_fi;
use crate::tui::tabs::dictionary::{DictReply, DictRequest, Pair};

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

fn popup(s: &State) -> &Alternatives {
    match &s.overlay {
        Some(Overlay::Alternatives(p)) => p,
        other => panic!("no alternatives popup: {other:?}"),
    }
}

/// Enter on the first word of the fi pane: the popup and its look-up's id.
fn opened() -> (State, u64) {
    let mut s = translated();
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.translate.focus, Focus::Target(0));
    let fx = key(&mut s, KeyCode::Enter);
    let [Effect::Dictionary(DictRequest::Lookup { id, pair, terms })] = fx.as_slice() else {
        panic!("one look-up: {fx:?}")
    };
    assert_eq!(
        (pair, terms.as_slice()),
        (&Pair::new("en", "fi"), &["bank".to_owned()][..])
    );
    (s, *id)
}

fn answer(s: &mut State, id: u64, result: Result<Vec<LookupResult>, String>) -> Vec<Effect> {
    s.message(
        Msg::Dictionary(DictReply::Lookup { id, result }),
        std::time::Instant::now(),
    )
}

#[test]
fn enter_on_a_target_word_looks_up_its_aligned_source_word() {
    let (s, id) = opened();
    let p = popup(&s);
    assert_eq!((p.pane, p.word.as_str(), p.at.clone()), (0, "pankki", 0..6));
    assert_eq!(p.source.as_deref(), Some("bank"));
    assert_eq!((p.id, &p.shown), (Some(id), &Shown::Loading));
    assert_eq!(s.tab, Tab::Translate, "in place: the tab stays");
}

#[test]
fn the_answer_fills_the_popup_grouped_with_the_word_marked() {
    let (mut s, id) = opened();
    let fx = answer(&mut s, id, Ok(vec![bank_fi()]));
    let p = popup(&s);
    let Shown::Loaded { result, rows } = &p.shown else {
        panic!("loaded: {:?}", p.shown)
    };
    assert_eq!(result.translations.len(), 3);
    let pos: Vec<_> = rows
        .iter()
        .filter_map(|r| match r {
            crate::tui::tabs::dictionary::page::Row::Pos(_, pos) => Some(*pos),
            _ => None,
        })
        .collect();
    assert_eq!(pos, [PosTag::Noun, PosTag::Verb]);
    assert!(p.current_found());
    assert!(p.is_current(&result.translations[0]) && !p.is_current(&result.translations[1]));
    assert!(
        s.dictionary.stack.is_empty(),
        "the Dictionary tab did not take it"
    );
    // The look-up goes into the history, as the Dictionary tab's do.
    let recorded: Vec<_> = fx
        .into_iter()
        .filter_map(|e| match e {
            Effect::RecordLookup(l) => Some((l.from, l.to, l.term, l.found)),
            _ => None,
        })
        .collect();
    assert_eq!(recorded, [("en".into(), "fi".into(), "bank".into(), 3)]);
}

#[test]
fn a_stale_answer_is_dropped_and_the_dictionary_tab_ignores_it() {
    let (mut s, first) = opened();
    // The next word: the popup follows it with a new look-up.
    let fx = key(&mut s, KeyCode::Right);
    let [Effect::Dictionary(DictRequest::Lookup { id, terms, .. })] = fx.as_slice() else {
        panic!("a new look-up: {fx:?}")
    };
    assert_eq!(terms, &["account".to_owned()]);
    assert_ne!(*id, first);
    let second = *id;
    answer(&mut s, first, Ok(vec![bank_fi()]));
    assert_eq!(popup(&s).shown, Shown::Loading, "the older answer is stale");
    assert!(s.dictionary.stack.is_empty());
    // Closed before its answer: the answer goes nowhere.
    key(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none());
    answer(&mut s, second, Ok(vec![bank_fi()]));
    assert!(s.overlay.is_none() && s.dictionary.stack.is_empty());
}

#[test]
fn esc_closes_and_the_pane_keeps_its_focus_and_cursor() {
    let (mut s, _) = opened();
    assert!(s.contexts().first() == Some(&crate::tui::keymap::Context::Alternatives));
    key(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none());
    assert_eq!(
        (s.translate.focus, s.translate.panes[0].cursor),
        (Focus::Target(0), Some(0))
    );
}

#[test]
fn new_results_close_the_popup_anchored_in_the_old_text() {
    let (mut s, _) = opened();
    s.translate.refresh(Instant::now());
    let fx = s.tick(Instant::now() + crate::tui::tabs::translate::DEBOUNCE * 2);
    let Some(Effect::Translate { generation, .. }) = fx.first() else {
        panic!("a request was due: {fx:?}")
    };
    let result = s.translate.results.clone().unwrap();
    s.message(
        Msg::Translated {
            generation: *generation,
            text: "bank account".into(),
            result: Ok((result, 12, Vec::new())),
        },
        std::time::Instant::now(),
    );
    assert!(s.overlay.is_none());
}

#[test]
fn a_refused_look_up_says_so() {
    let (mut s, id) = opened();
    let refused = "No dictionary entries from en to fi (400036)".to_owned();
    answer(&mut s, id, Err(refused.clone()));
    assert_eq!(popup(&s).shown, Shown::Failed(refused));
}

#[test]
fn d_opens_the_same_word_in_the_dictionary_tab() {
    let (mut s, _) = opened();
    let fx = key(&mut s, KeyCode::Char('d'));
    assert!(s.overlay.is_none());
    assert_eq!(s.tab, Tab::Dictionary);
    assert_eq!(s.dictionary.pair, Pair::new("en", "fi"));
    assert!(
        fx.iter().any(
            |e| matches!(e, Effect::Dictionary(DictRequest::Lookup { terms, .. }) if terms == &["bank"])
        ),
        "{fx:?}"
    );
}

#[test]
fn without_alignment_the_popup_says_so_and_asks_nothing() {
    let mut s = translated();
    s.translate.focus_target(1);
    s.translate.panes[1].cursor = Some(0);
    let fx = key(&mut s, KeyCode::Enter);
    assert!(fx.is_empty(), "{fx:?}");
    let Shown::Nothing(why) = &popup(&s).shown else {
        panic!("nothing to look up")
    };
    assert!(why.contains("no alignment"), "{why}");
}

#[test]
fn enter_with_nothing_translated_still_goes_to_the_editor() {
    let mut s = State::new("local engine".into());
    s.translate.focus_target(0);
    assert_eq!(s.translate.focus, Focus::Target(0));
    assert!(key(&mut s, KeyCode::Enter).is_empty());
    assert_eq!((s.translate.focus, s.overlay.is_none()), (Focus::Editor, true));
}

#[test]
fn a_second_click_on_the_word_opens_the_popup() {
    let mut s = translated();
    s.feedback.targets = vec![Rect::new(1, 10, 30, 5), Rect::new(32, 10, 30, 5)];
    let click = |s: &mut State, column| {
        s.mouse(
            MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row: 10,
                modifiers: M::NONE,
            },
            Instant::now(),
        )
    };
    // "pankki tili": the first click focuses and puts the cursor on "tili".
    assert!(click(&mut s, 9).is_empty());
    assert!(s.overlay.is_none());
    let fx = click(&mut s, 10);
    assert!(
        matches!(fx.as_slice(), [Effect::Dictionary(DictRequest::Lookup { terms, .. })] if terms == &["account"])
    );
    assert_eq!(popup(&s).word, "tili");
}

#[test]
fn a_glossed_target_is_known_by_its_engine() {
    use crate::api::engine::Engine;
    let mut s = translated();
    assert!(!s.translate.is_gloss(0), "nothing said: nothing labelled");
    s.translate.engines = vec![Some(Engine::Gloss), Some(Engine::Same)];
    assert!(s.translate.is_gloss(0) && !s.translate.is_gloss(1));
}
