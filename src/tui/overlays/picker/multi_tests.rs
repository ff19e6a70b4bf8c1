//! Several choices (the targets): Tab ticks and un-ticks, Enter accepts the
//! ticked rows in order, adding the highlighted one unless Tab touched it.

use crossterm::event::KeyCode;

use super::tests::{codes, tap, targets, top, type_text};
use super::*;

#[test]
fn multi_opens_with_the_targets_and_appends_in_order() {
    let mut p = targets(&["ja", "ZH-hans"]);
    assert_eq!(p.selected(), ["ja", "zh-Hans"]);
    type_text(&mut p, "suomi");
    assert_eq!(tap(&mut p, KeyCode::Tab), Outcome::Pending);
    assert_eq!(p.selected(), ["ja", "zh-Hans", "fi"]);
    assert_eq!(top(&mut p, "ja", 1), ["ja"]);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(p.selected(), ["zh-Hans", "fi"]);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(p.selected(), ["zh-Hans", "fi", "ja"]);
    // Enter on a selected row accepts as is.
    assert_eq!(
        tap(&mut p, KeyCode::Enter),
        Outcome::Chosen(codes(&["zh-Hans", "fi", "ja"]))
    );
}

#[test]
fn enter_adds_the_highlighted_language_first() {
    let mut p = targets(&["ja"]);
    top(&mut p, "german", 1);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["ja", "de"])));
}

#[test]
fn enter_does_not_add_back_a_row_just_unticked() {
    let mut p = targets(&["ja", "de"]);
    assert_eq!(top(&mut p, "ja", 1), ["ja"]);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(p.selected(), ["de"]);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["de"])));
    // Moving off and back does not make it untouched again.
    let mut p = targets(&["ja", "de"]);
    top(&mut p, "ja", 1);
    tap(&mut p, KeyCode::Tab);
    tap(&mut p, KeyCode::Down);
    tap(&mut p, KeyCode::Up);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["de"])));
    // Un-ticking the only one leaves nothing to accept.
    let mut p = targets(&["ja"]);
    top(&mut p, "ja", 1);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Pending);
    assert_eq!(p.notice(), Some(EMPTY_CHOICE));
    // Another row, never touched, is still added by Enter.
    top(&mut p, "german", 1);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["de"])));
}

#[test]
fn escape_cancels_whatever_was_toggled() {
    let mut p = targets(&["ja"]);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(tap(&mut p, KeyCode::Esc), Outcome::Cancelled);
}

#[test]
fn an_empty_choice_is_refused_with_a_message() {
    let mut p = targets(&["ja"]);
    top(&mut p, "ja", 1);
    tap(&mut p, KeyCode::Tab);
    assert!(p.selected().is_empty());
    type_text(&mut p, "qqq");
    assert!(p.codes().is_empty());
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Pending);
    assert_eq!(p.notice(), Some(EMPTY_CHOICE));
    // The next key clears it.
    tap(&mut p, KeyCode::Backspace);
    assert_eq!(p.notice(), None);
}

#[test]
fn unlisted_targets_are_kept_and_removable() {
    let mut p = targets(&["xx", "ja"]);
    assert_eq!(p.selected(), ["xx", "ja"]);
    assert_eq!(top(&mut p, "xx", 1), ["xx"]);
    tap(&mut p, KeyCode::Tab);
    assert_eq!(tap(&mut p, KeyCode::Enter), Outcome::Chosen(codes(&["ja"])));
}
