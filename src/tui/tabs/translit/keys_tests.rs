//! Pure tests of the tab's keys: focus, copies, views, swap, hostile input.

use std::time::Instant;

use crossterm::event::KeyCode;

use super::tests::{answer_all, detected, languages, press, scripts, typed};
use super::*;
use crate::api::model::BreakSentenceResult;
use crate::tui::tabs::translate::DEBOUNCE;

#[test]
fn copy_of_the_focused_preview_and_of_the_input() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("zh-Hans".into()), Instant::now());
    let requests = typed(&mut t, "汉语", &l);
    answer_all(&mut t, &requests, &l);
    let now = Instant::now();
    // In the input, `y` and `c` are text.
    assert_eq!(press(&mut t, KeyCode::Esc, now), Outcome::Handled);
    assert_eq!(t.focus, Focus::Pane(0));
    let copied = |text: &str| Outcome::Copy {
        label: "the preview",
        text: text.into(),
    };
    assert_eq!(press(&mut t, KeyCode::Char('y'), now), copied("Latn of 汉语"));
    press(&mut t, KeyCode::Tab, now);
    assert_eq!(press(&mut t, KeyCode::Char('y'), now), copied("Hant of 汉语"));
    press(&mut t, KeyCode::Tab, now);
    assert_eq!(t.focus, Focus::Input, "Tab past the last preview: the input");
    press(&mut t, KeyCode::BackTab, now);
    assert_eq!(t.focus, Focus::Pane(1));
    let input = Outcome::Copy {
        label: "the input",
        text: "汉语".into(),
    };
    assert_eq!(press(&mut t, KeyCode::Char('c'), now), input);
    // Enter goes back into the input; then `y` is typed.
    press(&mut t, KeyCode::Enter, now);
    assert_eq!(t.focus, Focus::Input);
    press(&mut t, KeyCode::Char('y'), now);
    assert_eq!(t.text(), "汉语y");
}

#[test]
fn views_switch_with_v_and_ask_for_what_they_show() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("ru".into()), Instant::now());
    typed(&mut t, "Привет. Как дела?", &l);
    let now = Instant::now();
    press(&mut t, KeyCode::Esc, now);
    press(&mut t, KeyCode::Char('v'), now);
    assert_eq!(t.view, View::Detect);
    // The language is chosen: detection only now that its view is shown.
    let requests = t.tick(now, Some(&l));
    assert!(matches!(
        requests[..],
        [TranslitRequest::Detect { generation: 1, .. }]
    ));
    press(&mut t, KeyCode::Char('v'), now);
    assert_eq!(t.view, View::Sentences);
    let requests = t.tick(now, Some(&l));
    let [
        TranslitRequest::BreakSentence {
            generation, language, ..
        },
    ] = &requests[..]
    else {
        panic!("one breaksentence: {requests:?}");
    };
    assert_eq!(language.as_deref(), Some("ru"));
    let reply = TranslitReply::Sentences {
        generation: *generation,
        result: Ok(BreakSentenceResult {
            detected_language: None,
            sent_len: vec![8, 9],
        }),
    };
    assert!(t.reply(reply, Some(&l)).0);
    let s = t.sentences.current(1).expect("the sentences of this text");
    assert_eq!(s.ranges.len(), 2);
    assert_eq!(&s.text[s.ranges[1].clone()], "Как дела?");
    assert_eq!(s.shown, "Привет. ▏Как дела?");
    assert_eq!(&s.shown[s.shown_ranges[1].clone()], "Как дела?");
    assert_eq!(&s.shown[s.marks[0].clone()], "▏");
    assert!(!s.mismatch);
    // Once asked, never again for the same text.
    press(&mut t, KeyCode::Char('v'), now);
    press(&mut t, KeyCode::Char('V'), now);
    assert_eq!(t.view, View::Sentences);
    assert!(t.tick(now, Some(&l)).is_empty());
}

#[test]
fn swap_puts_a_preview_back_into_the_input_in_its_language() {
    let l = languages();
    let mut t = TranslitTab::new();
    let requests = typed(&mut t, "Привет", &l);
    assert!(matches!(requests[..], [TranslitRequest::Detect { .. }]));
    let (_, next) = t.reply(
        TranslitReply::Detected {
            generation: 1,
            result: Ok(detected("ru", 1.0)),
        },
        Some(&l),
    );
    assert_eq!(scripts(&next), [("ru", "Cyrl", "Latn")]);
    let reply = TranslitReply::Transliterated {
        generation: 1,
        to_script: "Latn".into(),
        result: Ok("Privet".into()),
    };
    t.reply(reply, Some(&l));
    let now = Instant::now();
    press(&mut t, KeyCode::Esc, now);
    assert_eq!(press(&mut t, KeyCode::Char('x'), now), Outcome::Handled);
    assert_eq!(t.text(), "Privet");
    assert_eq!((t.focus, t.chosen.as_deref()), (Focus::Input, Some("ru")));
    let requests = t.tick(now, Some(&l));
    assert_eq!(scripts(&requests), [("ru", "Latn", "Cyrl")]);
}

#[test]
fn empty_text_clears_and_hostile_input_never_panics() {
    let l = languages();
    let mut t = TranslitTab::new();
    typed(&mut t, "Привет", &l);
    let now = Instant::now();
    for _ in 0..6 {
        press(&mut t, KeyCode::Backspace, now);
    }
    assert!(t.tick(now + DEBOUNCE, Some(&l)).is_empty());
    assert!((t.plan.is_none(), t.previews.len(), t.sent()) == (true, 0, ""));
    // A huge paste with RTL, wide and combining text.
    let huge = "مرحبا بالعالم 你好 é\u{301} ".repeat(500);
    t.paste(&huge, now);
    let requests = t.tick(now + DEBOUNCE, Some(&l));
    assert!(matches!(requests[..], [TranslitRequest::Detect { .. }]));
    assert_eq!(t.text().len(), huge.len(), "nothing lost");
    // Keys that mean nothing here, on every focus and view.
    for code in [
        KeyCode::PageDown,
        KeyCode::Up,
        KeyCode::Char('y'),
        KeyCode::Char('x'),
    ] {
        press(&mut t, KeyCode::Esc, now);
        press(&mut t, code, now);
        press(&mut t, KeyCode::Char('v'), now);
    }
}
