//! The Transliterate tab on screen: the whole workbench drawn into a
//! `TestBackend` (120×35, one 80×24), driven through `State` as the event
//! loop drives it: keys, ticks, `Msg::Translit` answers.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::fixtures::answer_all;
use super::tests::languages;
use super::*;
use crate::tui::effect::{Effect, Msg};
use crate::tui::tabs::translate::DEBOUNCE;
use crate::tui::{State, Tab};

fn render(state: &State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("a test terminal");
    terminal
        .draw(|f| {
            crate::tui::draw(f, state);
        })
        .expect("drawn");
    terminal.backend().to_string()
}

fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now())
}

/// The workbench on the Transliterate tab, with or without the languages list.
fn on_tab(with_languages: bool) -> State {
    let mut s = State::new("local engine".into());
    if with_languages {
        s.message(Msg::Languages(Ok(languages())), std::time::Instant::now());
    }
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('3'));
    assert_eq!((s.tab, s.translit.focus), (Tab::Transliterate, Focus::Input));
    s
}

/// Types `text`, lets the debounce expire and answers every request as the
/// service would: detection `language`, previews from `previews` by script.
fn answered(s: &mut State, text: &str, language: &str, previews: &[(&str, &str)]) {
    for c in text.chars() {
        key(s, KeyCode::Char(c));
    }
    let pending = s.tick(Instant::now() + DEBOUNCE);
    answer_all(s, pending, language, |script, _| {
        previews.iter().find(|p| p.0 == script).map(|p| p.1.to_owned())
    });
}

const RUSSIAN: &str = "Привет, мир! Как дела? Сегодня хорошая погода.";
const LATIN: &str = "Privet, mir! Kak dela? Segodnya khoroshaya pogoda.";

#[test]
fn russian_with_its_latin_preview_120x35() {
    let mut s = on_tab(true);
    answered(&mut s, RUSSIAN, "ru", &[("Latn", LATIN)]);
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn chinese_two_previews_the_second_focused_120x35() {
    let mut s = on_tab(true);
    answered(
        &mut s,
        "我们去银行。汉语很有意思。",
        "zh-Hans",
        &[
            ("Latn", "wǒmen qù yínháng. hànyǔ hěn yǒu yìsi."),
            ("Hant", "我們去銀行。漢語很有意思。"),
        ],
    );
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Tab);
    assert_eq!(s.translit.focused_preview(), Some(1));
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn detect_view_120x35() {
    let mut s = on_tab(true);
    answered(&mut s, RUSSIAN, "ru", &[("Latn", LATIN)]);
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('v'));
    assert_eq!(s.translit.view, View::Detect);
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn sentence_view_120x35() {
    let mut s = on_tab(true);
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('v'));
    key(&mut s, KeyCode::Char('v'));
    key(&mut s, KeyCode::Char('i'));
    answered(&mut s, RUSSIAN, "ru", &[("Latn", LATIN)]);
    assert_eq!(
        s.translit.sentences.value.as_ref().map(|v| v.ranges.len()),
        Some(3)
    );
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn before_the_languages_list_arrives_120x35() {
    let mut s = on_tab(false);
    answered(&mut s, RUSSIAN, "ru", &[]);
    insta::assert_snapshot!(render(&s, 120, 35));
}

#[test]
fn arabic_rtl_at_80x24() {
    let mut s = on_tab(true);
    answered(&mut s, "مرحبا بالعالم", "ar", &[("Latn", "mrḥbạ bạlʿạlm")]);
    insta::assert_snapshot!(render(&s, 80, 24));
}

#[test]
fn text_in_a_script_the_language_does_not_convert_from_120x35() {
    let mut s = on_tab(true);
    let now = Instant::now();
    s.translit.choose(Some("ru".into()), now);
    answered(&mut s, "こんにちは", "ja", &[]);
    let screen = render(&s, 120, 35);
    assert!(screen.contains("Hiragana (Hira)"), "{screen}");
    assert!(screen.contains("Cyrillic (Cyrl), Latin (Latn)"), "{screen}");
}

#[test]
fn tiny_and_odd_sizes_never_panic() {
    let mut s = on_tab(true);
    let huge = "Привет, мир! ".repeat(800);
    s.paste(&huge, Instant::now());
    answered(&mut s, "", "ru", &[("Latn", &"Privet, mir! ".repeat(800))]);
    for view in View::ALL {
        s.translit.view = view;
        for (w, h) in [
            (120, 35),
            (80, 24),
            (40, 10),
            (39, 9),
            (1, 1),
            (200, 12),
            (41, 60),
        ] {
            render(&s, w, h);
        }
    }
}

#[test]
fn pasted_control_characters_are_defused_as_in_the_editor() {
    let mut s = on_tab(true);
    s.paste("\u{7}При\u{1b}[31mвет\r\nмир\u{0}\t!", Instant::now());
    assert_eq!(s.translit.text(), "При[31mвет\nмир\t!");
    assert_eq!(s.translate.text(), "", "the Translate tab's editor is left alone");
}
