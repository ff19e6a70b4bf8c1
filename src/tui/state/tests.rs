//! Update tests: keys, replies and the mouse in, state and effects out.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::{Focus, State};
use crate::api::model::{Alignment, DetectedLanguage, TranslateResult, Translation};
use crate::tui::effect::{Effect, Msg};
use crate::tui::tabs::translate::DEBOUNCE;

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

/// "bank account" translated to fi (aligned) and ja (not).
pub(super) fn translated() -> State {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["fi".into(), "ja".into()]);
    s.paste("bank account", Instant::now());
    let fx = s.tick(Instant::now() + DEBOUNCE);
    let Some(Effect::Translate { generation, .. }) = fx.first() else {
        panic!("a request was due: {fx:?}")
    };
    let tr = |to: &str, text: &str, proj: Option<&str>| Translation {
        text: text.into(),
        to: to.into(),
        transliteration: None,
        alignment: proj.map(|p| Alignment {
            proj: p.parse().unwrap(),
        }),
        sent_len: None,
    };
    let result = TranslateResult {
        detected_language: Some(DetectedLanguage {
            language: "en".into(),
            score: 1.0,
        }),
        translations: vec![
            tr("fi", "pankki tili", Some("0:3-0:5 5:11-7:10")),
            tr("ja", "銀行口座", None),
        ],
        source_text: None,
    };
    s.message(
        Msg::Translated {
            generation: *generation,
            text: "bank account".into(),
            result: Ok((result, 12, Vec::new())),
        },
        std::time::Instant::now(),
    );
    s.translate.refresh_highlight();
    s
}

#[test]
fn moving_through_target_words_lights_the_source() {
    let mut s = translated();
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.translate.focus, Focus::Target(0));
    assert_eq!(
        s.translate.panes[0].cursor,
        Some(0),
        "the cursor enters on the first word"
    );
    s.translate.refresh_highlight();
    let h = s.translate.highlight.clone().unwrap();
    assert_eq!(h.source.spans().to_vec(), vec![0..4], "pankki → bank");
    key(&mut s, KeyCode::Char('l'));
    s.translate.refresh_highlight();
    assert_eq!(s.translate.panes[0].cursor, Some(7));
    let h = s.translate.highlight.clone().unwrap();
    assert_eq!(h.source.spans().to_vec(), vec![5..12], "tili → account");
    key(&mut s, KeyCode::Char('l'));
    assert_eq!(s.translate.panes[0].cursor, Some(7), "stays on the last word");
    key(&mut s, KeyCode::Char('h'));
    assert_eq!(s.translate.panes[0].cursor, Some(0));
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.translate.focus, Focus::Target(1));
    s.translate.refresh_highlight();
    let h = s.translate.highlight.clone().unwrap();
    assert_eq!(
        h.source,
        crate::tui::tabs::translate::align::PaneHighlight::Unavailable,
        "ja has no alignment"
    );
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.translate.focus, Focus::Editor, "Tab cycles back to the editor");
    key(&mut s, KeyCode::BackTab);
    assert_eq!(s.translate.focus, Focus::Target(1));
    key(&mut s, KeyCode::Char('i'));
    assert_eq!(s.translate.focus, Focus::Editor);
}

#[test]
fn copies_are_effects_with_their_text() {
    let mut s = translated();
    key(&mut s, KeyCode::Esc);
    let copied = |fx: Vec<Effect>| match fx.as_slice() {
        [Effect::Copy { label, text }] => (*label, text.clone()),
        other => panic!("{other:?}"),
    };
    assert_eq!(
        copied(key(&mut s, KeyCode::Char('y'))),
        ("the target", "pankki tili".into())
    );
    let (_, all) = copied(key(&mut s, KeyCode::Char('Y')));
    assert_eq!(all, "[fi] pankki tili\n\n[ja] 銀行口座");
    assert_eq!(copied(key(&mut s, KeyCode::Char('c'))).1, "bank account");
    let (_, pairs) = copied(key(&mut s, KeyCode::Char('A')));
    assert!(
        pairs.contains("bank → pankki") && pairs.contains("(no alignment)"),
        "{pairs}"
    );
    let mut empty = State::new("local engine".into());
    key(&mut empty, KeyCode::Esc);
    assert!(key(&mut empty, KeyCode::Char('Y')).is_empty(), "nothing to copy");
    assert!(!empty.toasts.is_empty(), "and a toast says so");
}

#[test]
fn swap_turns_the_first_target_into_the_source() {
    let mut s = translated();
    key(&mut s, KeyCode::Esc);
    let fx = key(&mut s, KeyCode::Char('x'));
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(s.translate.from.as_deref(), Some("fi"));
    assert_eq!(s.translate.targets, ["en", "ja"]);
    assert_eq!(s.translate.text(), "pankki tili");
    assert_eq!(s.translate.focus, Focus::Editor);
    let fx = s.tick(Instant::now());
    assert!(matches!(&fx[..], [Effect::Translate { from: Some(f), .. }] if f == "fi"));
}

#[test]
fn swap_keeps_one_pane_per_language() {
    let mut s = translated();
    s.set_targets(vec!["fi".into(), "en".into(), "ja".into()]);
    s.translate.panes[2].cursor = Some(3);
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('x'));
    assert_eq!(s.translate.targets, ["en", "ja"], "en was a target already");
    assert_eq!(s.translate.panes.len(), 2);
    let labels: Vec<_> = s.translate.panes.iter().map(|p| p.label.as_str()).collect();
    assert_eq!(labels, ["en", "ja"], "the titles follow the languages");
    assert_eq!(
        s.translate.panes[1].cursor, None,
        "the cursors start over on the new texts"
    );
}

#[test]
fn refresh_sends_the_same_text_again() {
    let mut s = translated();
    assert!(s.tick(Instant::now() + DEBOUNCE * 4).is_empty(), "nothing new");
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('r'));
    assert_eq!(s.tick(Instant::now()).len(), 1);
}

#[test]
fn a_click_puts_the_cursor_on_a_word_and_the_wheel_scrolls() {
    let mut s = translated();
    s.feedback.targets = vec![Rect::new(1, 20, 30, 10), Rect::new(33, 20, 30, 10)];
    s.feedback.source = Rect::new(0, 1, 120, 10);
    let click = |s: &mut State, kind, column, row| {
        s.mouse(
            MouseEvent {
                kind,
                column,
                row,
                modifiers: M::NONE,
            },
            Instant::now(),
        )
    };
    click(&mut s, MouseEventKind::Down(MouseButton::Left), 9, 20);
    assert_eq!(
        (s.translate.focus, s.translate.panes[0].cursor),
        (Focus::Target(0), Some(8)),
        "inside 'tili'"
    );
    s.translate.refresh_highlight();
    assert_eq!(
        s.translate.highlight.clone().unwrap().source.spans().to_vec(),
        vec![5..12]
    );
    click(&mut s, MouseEventKind::ScrollDown, 40, 22);
    assert_eq!(s.translate.panes[1].scroll, 3);
    click(&mut s, MouseEventKind::Down(MouseButton::Left), 5, 3);
    assert_eq!(s.translate.focus, Focus::Editor);
}

#[test]
fn new_results_reset_the_word_cursors() {
    let mut s = translated();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('l'));
    key(&mut s, KeyCode::Char('r'));
    let fx = s.tick(Instant::now());
    let Some(Effect::Translate { generation, text, .. }) = fx.first() else {
        panic!()
    };
    let mut r = s.translate.results.clone().unwrap();
    r.translations[0].text = "tili".into();
    r.translations[0].alignment = None;
    s.message(
        Msg::Translated {
            generation: *generation,
            text: text.clone(),
            result: Ok((r, 1, Vec::new())),
        },
        std::time::Instant::now(),
    );
    assert_eq!(
        s.translate.panes[0].cursor,
        Some(0),
        "back on the first word of the new text"
    );
}
