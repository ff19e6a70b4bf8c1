//! The glossary overlay as pure state, then in the workbench: keys in,
//! edits and requests out; and its snapshot.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::*;
use crate::tui::effect::Effect;
use crate::tui::tabs::translate::DEBOUNCE;
use crate::tui::{Overlay, State};

fn entry(id: i64, from: &str, to: &str, term: &str, translation: &str) -> GlossaryEntry {
    GlossaryEntry {
        id,
        from: from.into(),
        to: to.into(),
        term: term.into(),
        translation: translation.into(),
        case_sensitive: false,
        note: String::new(),
        created: 0,
        updated: 0,
    }
}

fn entries() -> Vec<GlossaryEntry> {
    vec![
        entry(1, "en", "fr", "Glossa", "Glossa"),
        entry(2, "en", "fr", "workbench", "atelier"),
        entry(3, "en", "ja", "Glossa", "グロッサ"),
        entry(4, "de", "fr", "Werkbank", "atelier"),
    ]
}

fn key(c: KeyCode) -> KeyEvent {
    KeyEvent::new(c, KeyModifiers::NONE)
}

/// A state on en → fr with the glossary loaded.
fn state() -> State {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["fr".into()]);
    s.translate.from = Some("en".into());
    s.translate.set_glossary(entries());
    s
}

fn press(s: &mut State, c: KeyCode) -> Vec<Effect> {
    s.key(key(c), Instant::now())
}

fn typed(s: &mut State, text: &str) {
    for c in text.chars() {
        press(s, KeyCode::Char(c));
    }
}

#[test]
fn the_list_shows_the_current_pairs_or_all() {
    let targets = vec!["fr".to_owned()];
    let pair = Pair {
        from: Some("en"),
        targets: &targets,
    };
    let mut p = GlossaryPopup::new();
    let all = entries();
    let terms = |p: &GlossaryPopup| -> Vec<i64> { p.visible(&all, pair).iter().map(|e| e.id).collect() };
    assert_eq!(terms(&p), [1, 2]);
    p.handle(Some(Action::AllPairs), &key(KeyCode::Char('p')), &all, pair);
    assert_eq!(terms(&p), [1, 2, 3, 4]);
    // With auto, every entry into a target.
    let auto = Pair {
        from: None,
        targets: &targets,
    };
    assert_eq!(GlossaryPopup::new().visible(&all, auto).len(), 3);
}

#[test]
fn g_opens_it_and_a_new_entry_is_written_then_translated_again() {
    let mut s = state();
    press(&mut s, KeyCode::Esc); // leave the editor: single keys are commands
    press(&mut s, KeyCode::Char('g'));
    assert!(matches!(s.overlay, Some(Overlay::Glossary(_))));
    press(&mut s, KeyCode::Char('a'));
    let Some(Overlay::Glossary(p)) = &s.overlay else {
        panic!()
    };
    let form = p.form().expect("the form is open");
    assert_eq!(form.entry().from, "en", "the current pair is filled in");
    assert_eq!(form.entry().to, "fr");
    typed(&mut s, "Ratatui q");
    press(&mut s, KeyCode::Tab);
    typed(&mut s, "Rata-toui");
    let fx = press(&mut s, KeyCode::Enter);
    assert_eq!(
        fx,
        [Effect::Glossary(GlossaryEdit::Add(NewEntry {
            from: "en".into(),
            to: "fr".into(),
            term: "Ratatui q".into(),
            translation: "Rata-toui".into(),
            case_sensitive: false,
            note: String::new(),
        }))]
    );
    let Some(Overlay::Glossary(p)) = &s.overlay else {
        panic!()
    };
    assert!(p.form().is_none(), "back to the list");
}

#[test]
fn a_bad_entry_stays_in_the_form_with_the_reason() {
    let mut s = state();
    s.overlay = Some(Overlay::Glossary(Box::default()));
    press(&mut s, KeyCode::Char('a'));
    let fx = press(&mut s, KeyCode::Enter);
    assert!(fx.is_empty());
    let Some(Overlay::Glossary(p)) = &s.overlay else {
        panic!()
    };
    let form = p.form().expect("still editing");
    assert_eq!(form.error.as_deref(), Some("term is empty"));
    // Esc leaves the form, then the overlay.
    press(&mut s, KeyCode::Esc);
    let Some(Overlay::Glossary(p)) = &s.overlay else {
        panic!()
    };
    assert!(p.form().is_none());
    press(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none());
}

#[test]
fn edit_and_delete_with_confirmation() {
    let mut s = state();
    s.overlay = Some(Overlay::Glossary(Box::default()));
    press(&mut s, KeyCode::Down);
    press(&mut s, KeyCode::Char('e'));
    // The translation field has the focus: Ctrl+U clears it.
    s.key(
        KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL),
        Instant::now(),
    );
    typed(&mut s, "établi");
    press(&mut s, KeyCode::Down); // note
    press(&mut s, KeyCode::Down); // case
    press(&mut s, KeyCode::Char(' '));
    let fx = press(&mut s, KeyCode::Enter);
    let [Effect::Glossary(GlossaryEdit::Update(2, e))] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!((e.translation.as_str(), e.case_sensitive), ("établi", true));
    // d asks; n keeps; d then y deletes.
    press(&mut s, KeyCode::Char('d'));
    assert!(press(&mut s, KeyCode::Char('n')).is_empty());
    press(&mut s, KeyCode::Char('d'));
    assert_eq!(
        press(&mut s, KeyCode::Char('y')),
        [Effect::Glossary(GlossaryEdit::Delete(2))]
    );
}

#[test]
fn requests_carry_the_rules_of_the_pair_only_with_a_source() {
    let mut s = state();
    s.set_targets(vec!["fr".into(), "ja".into(), "de".into()]);
    s.paste("Glossa is a workbench", Instant::now());
    let fx = s.tick(Instant::now() + DEBOUNCE);
    let Some(Effect::Translate { glossary, .. }) = fx.first() else {
        panic!("{fx:?}")
    };
    let mut got: Vec<(&str, &str)> = glossary
        .iter()
        .map(|r| (r.to.as_str(), r.term.as_str()))
        .collect();
    got.sort();
    assert_eq!(got, [("fr", "Glossa"), ("fr", "workbench"), ("ja", "Glossa")]);
    s.translate.refresh_glossary_marks();
    assert_eq!(s.translate.glossary_marks.ranges, [0..6, 12..21]);
    assert_eq!(
        s.translate.glossary_status(),
        Some(("glossary: 2 terms forced".into(), false))
    );
    // Auto: nothing is sent, and the status says why.
    s.translate.from = None;
    s.translate.refresh(Instant::now());
    let fx = s.tick(Instant::now() + DEBOUNCE);
    let Some(Effect::Translate { glossary, .. }) = fx.first() else {
        panic!("{fx:?}")
    };
    assert!(glossary.is_empty());
    s.translate.refresh_glossary_marks();
    assert!(s.translate.glossary_marks.ranges.is_empty());
    assert_eq!(
        s.translate.glossary_status(),
        Some(("glossary idle: choose a source language".into(), true))
    );
}

#[test]
fn snapshot_of_the_overlay() {
    let mut s = state();
    s.paste("Glossa is a workbench for the Translator API.", Instant::now());
    s.translate.focus = crate::tui::Focus::Editor;
    s.overlay = Some(Overlay::Glossary(Box::default()));
    press(&mut s, KeyCode::Down);
    let mut terminal = Terminal::new(TestBackend::new(100, 24)).unwrap();
    terminal
        .draw(|f| {
            crate::tui::draw(f, &s);
        })
        .unwrap();
    insta::assert_snapshot!("glossary_list", terminal.backend().to_string());
    press(&mut s, KeyCode::Char('a'));
    terminal
        .draw(|f| {
            crate::tui::draw(f, &s);
        })
        .unwrap();
    insta::assert_snapshot!("glossary_form", terminal.backend().to_string());
}
