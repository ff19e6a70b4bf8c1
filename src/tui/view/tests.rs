//! Snapshots of the Translate tab (TestBackend, 120×35).

use std::time::Instant;

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use crate::api::model::{DetectedLanguage, TranslateResult, Translation};
use crate::tui::effect::Msg;
use crate::tui::tabs::translate::Loading;
use crate::tui::view;
use crate::tui::{Focus, Overlay, State};

fn render(state: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    crate::tui::draw_fed(&mut terminal, state);
    terminal.backend().to_string()
}

pub(crate) fn translated(state: &mut State, source: &str, targets: &[(&str, &str)]) {
    state.paste(source, Instant::now());
    let effects = state.tick(Instant::now() + crate::tui::tabs::translate::DEBOUNCE);
    let generation = match effects.first() {
        Some(crate::tui::effect::Effect::Translate { generation, .. }) => *generation,
        _ => panic!("a request was due"),
    };
    let result = TranslateResult {
        detected_language: Some(DetectedLanguage {
            language: "en".into(),
            score: 0.93,
        }),
        translations: targets
            .iter()
            .map(|(to, text)| Translation {
                text: (*text).into(),
                to: (*to).into(),
                transliteration: None,
                alignment: None,
                sent_len: None,
            })
            .collect(),
        source_text: None,
    };
    state.translate.message(Msg::Translated {
        generation,
        text: source.into(),
        result: Ok((result, 44, Vec::new())),
    });
}

#[test]
fn empty() {
    let mut s = State::new("local engine".into());
    insta::assert_snapshot!(render(&mut s, 120, 35));
}

#[test]
fn three_targets() {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["ja".into(), "zh-Hans".into(), "fi".into()]);
    translated(
        &mut s,
        "I have a bank account.",
        &[
            ("ja", "私は銀行口座を持っています。"),
            ("zh-Hans", "我有一个银行账户。"),
            ("fi", "Minulla on pankkitili."),
        ],
    );
    insta::assert_snapshot!(render(&mut s, 120, 35));
}

#[test]
fn error_keeps_the_last_results() {
    let mut s = State::new("https://api.cognitive.microsofttranslator.com".into());
    translated(&mut s, "Hello", &[("ja", "こんにちは"), ("zh-Hans", "你好")]);
    s.translate.loading =
        Loading::Failed("401000 The request is not authorized (HTTP 401, X-RequestId TRAN.1)".into());
    insta::assert_snapshot!(render(&mut s, 120, 35));
}

#[test]
fn undetectable_source_offers_the_picker() {
    let mut s = State::new("local engine".into());
    translated(&mut s, "Hello", &[("ja", "こんにちは")]);
    s.translate.loading = Loading::Undetectable {
        language: "da".into(),
        score: 0.42,
        error: "400023 The local engine cannot translate from da to ja.".into(),
    };
    insta::assert_snapshot!(render(&mut s, 120, 35));
}

#[test]
fn round_trip_under_each_target_at_120x35() {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["de".into(), "fr".into()]);
    translated(
        &mut s,
        "I have a bank account.",
        &[
            ("de", "Ich habe ein Bankkonto."),
            ("fr", "J'ai un compte bancaire."),
        ],
    );
    let generation = match s.translate.toggle_round_trip() {
        crate::tui::component::Outcome::All(all) => all
            .iter()
            .find_map(|o| match o {
                crate::tui::component::Outcome::Effects(e) => match e.first() {
                    Some(crate::tui::effect::Effect::RoundTrip { generation, .. }) => Some(*generation),
                    _ => None,
                },
                _ => None,
            })
            .expect("a round trip request"),
        other => panic!("{other:?}"),
    };
    let trip = |text: &str, changed, missing: &[&str]| crate::client::round_trip::RoundTrip {
        text: text.into(),
        changed,
        missing: missing.iter().map(|m| (*m).to_owned()).collect(),
    };
    s.translate.round_tripped(
        generation,
        Ok(vec![
            trip("I have a bank account.", vec![], &[]),
            trip(
                "I have a banking account.",
                std::iter::once(9..16).collect(),
                &["bank"],
            ),
        ]),
    );
    let screen = render(&mut s, 120, 35);
    assert!(
        screen.contains("— back: 1 word new, 1 word missing: bank —"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn watching_the_clipboard_at_80x24() {
    let mut s = State::new("local engine".into());
    s.translate.toggle_watch();
    translated(
        &mut s,
        "Guten Morgen",
        &[("ja", "おはよう"), ("zh-Hans", "早上好")],
    );
    let screen = render(&mut s, 80, 24);
    assert!(screen.contains("· watching the clipboard"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_file_opened_as_the_source_is_named_in_its_title_at_80x24() {
    let mut s = State::new("local engine".into());
    s.translate.file = Some("/home/me/notes.txt".into());
    translated(&mut s, "Hello", &[("ja", "こんにちは"), ("zh-Hans", "你好")]);
    let screen = render(&mut s, 80, 24);
    assert!(screen.contains("Source notes.txt — auto"), "{screen}");
    insta::assert_snapshot!(screen);
}

#[test]
fn a_source_with_no_language_says_so_instead_of_a_zero_score() {
    let mut s = State::new("local engine".into());
    translated(&mut s, "4", &[("ja", "4")]);
    if let Some(d) = s
        .translate
        .results
        .as_mut()
        .and_then(|r| r.detected_language.as_mut())
    {
        // What the service answers for digits: the target language, score 0.
        (d.language, d.score) = ("ja".into(), 0.0);
    }
    let screen = render(&mut s, 120, 35);
    assert!(
        screen.contains("Source — auto: no language to detect"),
        "{screen}"
    );
    assert!(!screen.contains("0.00"), "{screen}");
}

#[test]
fn tiny_terminal() {
    let mut s = State::new("local engine".into());
    insta::assert_snapshot!(render(&mut s, 30, 8));
}

fn press(state: &mut State, code: crossterm::event::KeyCode, mods: crossterm::event::KeyModifiers) {
    state.key(crossterm::event::KeyEvent::new(code, mods), Instant::now());
}

#[test]
fn keys_route_through_the_keymap() {
    use crossterm::event::{KeyCode, KeyModifiers as M};
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Char('q'), M::NONE);
    press(&mut s, KeyCode::Char('?'), M::SHIFT);
    assert_eq!(
        s.translate.editor.lines()[0],
        "q?",
        "in the editor printable keys are text"
    );
    assert!(!s.quit && s.overlay.is_none());
    press(&mut s, KeyCode::Esc, M::NONE);
    assert_eq!(s.translate.focus, Focus::Target(0));
    press(&mut s, KeyCode::Char('?'), M::SHIFT);
    assert!(matches!(s.overlay, Some(Overlay::Help(_))));
    insta::assert_snapshot!("help_overlay", render(&mut s, 120, 35));
    press(&mut s, KeyCode::Esc, M::NONE);
    assert!(s.overlay.is_none());
    press(&mut s, KeyCode::Char('i'), M::NONE);
    assert_eq!(s.translate.focus, Focus::Editor);
    press(&mut s, KeyCode::Char('c'), M::CONTROL);
    assert!(s.quit, "Ctrl+C quits from the editor");
    let mut s = State::new("local engine".into());
    press(&mut s, KeyCode::Esc, M::NONE);
    press(&mut s, KeyCode::Char('q'), M::NONE);
    assert!(s.quit);
}

#[test]
fn alignment_highlighted() {
    let mut s = bank_account_aligned();
    s.translate.refresh_highlight();
    let h = s.translate.highlight.as_ref().unwrap();
    assert_eq!(
        h.targets[0].spans().to_vec(),
        vec![7..11],
        "the cursor is after 'account': 'tili' lights up"
    );
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).unwrap();
    terminal
        .draw(|f| {
            view::draw(f, &s);
        })
        .unwrap();
    let buffer = terminal.backend().buffer();
    let row = (0..35u16)
        .find(|&y| {
            (0..120u16)
                .map(|x| buffer[(x, y)].symbol())
                .collect::<String>()
                .contains("pankki tili")
        })
        .expect("the fi pane shows its text");
    let lit: String = (0..120u16)
        .filter(|&x| Some(buffer[(x, row)].bg) == s.theme.align_highlight.bg)
        .map(|x| buffer[(x, row)].symbol().to_owned())
        .collect();
    assert_eq!(lit, "tili", "exactly the aligned word is drawn lit");
    let screen = render(&mut s, 120, 35);
    assert!(screen.contains("ja · no alignment"), "{screen}");
    insta::assert_snapshot!(screen);
}

/// Labels as the languages list gives them (the tests load no list).
fn label(s: &mut State, pane: usize, code: &str, name: &str, native: &str) {
    s.translate.panes[pane].label = format!("{code} · {name} {native}");
    s.translate.panes[pane].short = [format!("{code} · {name}"), code.to_owned()];
}

#[test]
fn gloss_labelled_word_by_word_at_80x24() {
    use crate::api::engine::Engine;
    let mut s = State::new("local engine".into());
    translated(
        &mut s,
        "I drink water.",
        &[("ja", "私 飲む 水。"), ("zh-Hans", "我喝水。")],
    );
    label(&mut s, 0, "ja", "Japanese", "日本語");
    label(&mut s, 1, "zh-Hans", "Chinese Simplified", "中文 (简体)");
    s.translate.engines = vec![Some(Engine::Gloss), Some(Engine::Apertium)];
    let screen = render(&mut s, 80, 24);
    // ja fits whole with its label; zh-Hans, translated by Apertium, says so.
    assert!(
        screen.contains(" ja · Japanese 日本語 · word by word "),
        "{screen}"
    );
    assert!(!screen.contains("中文 (简体) · word"), "{screen}");
    assert!(screen.contains("· Apertium "), "{screen}");
    insta::assert_snapshot!(screen);
    // Narrower: the label wins over the names.
    s.translate.engines = vec![Some(Engine::Gloss), Some(Engine::Gloss)];
    let screen = render(&mut s, 60, 20);
    assert!(screen.contains(" ja · word by word "), "{screen}");
    assert!(screen.contains(" zh-Hans · word by word "), "{screen}");
}

#[test]
fn word_alternatives_popup_at_80x24() {
    use crate::api::engine::Engine;
    use crossterm::event::{KeyCode, KeyModifiers as M};
    let mut s = bank_account_aligned();
    s.translate.engines = vec![Some(Engine::Gloss), Some(Engine::Gloss)];
    label(&mut s, 0, "fi", "Finnish", "Suomi");
    label(&mut s, 1, "ja", "Japanese", "日本語");
    press(&mut s, KeyCode::Tab, M::NONE);
    let fx = s.key(
        crossterm::event::KeyEvent::new(KeyCode::Enter, M::NONE),
        Instant::now(),
    );
    let Some(crate::tui::effect::Effect::Dictionary(crate::tui::tabs::dictionary::DictRequest::Lookup {
        id,
        ..
    })) = fx.first()
    else {
        panic!("a look-up: {fx:?}")
    };
    let loading = render(&mut s, 80, 24);
    assert!(loading.contains("Looking up “bank”…"), "{loading}");
    s.message(
        Msg::Dictionary(crate::tui::tabs::dictionary::DictReply::Lookup {
            id: *id,
            result: Ok(vec![crate::tui::tabs::dictionary::fixtures::bank_fi()]),
        }),
        std::time::Instant::now(),
    );
    let screen = render(&mut s, 80, 24);
    for part in [
        "pankki ← bank",
        "NOUN",
        "VERB",
        "ranta",
        "in the text",
        "Esc/q close",
        "d in Dictionary tab",
    ] {
        assert!(screen.contains(part), "{part}:\n{screen}");
    }
    insta::assert_snapshot!(screen);
}

#[test]
fn at_80x24_with_help() {
    let mut s = State::new("local engine".into());
    translated(
        &mut s,
        "Hello world.",
        &[("ja", "こんにちは世界。"), ("zh-Hans", "你好世界。")],
    );
    insta::assert_snapshot!("translated_80x24", render(&mut s, 80, 24));
    s.key(
        crossterm::event::KeyEvent::new(
            crossterm::event::KeyCode::F(1),
            crossterm::event::KeyModifiers::NONE,
        ),
        Instant::now(),
    );
    let screen = render(&mut s, 80, 24);
    // Too tall for 80×24: it opens at the top and says there is more.
    assert!(
        screen.contains("Everywhere") && screen.contains(" rows 1–20 of 52 ↓ "),
        "{screen}"
    );
    insta::assert_snapshot!("help_80x24", screen);
    press(
        &mut s,
        crossterm::event::KeyCode::End,
        crossterm::event::KeyModifiers::NONE,
    );
    let end = render(&mut s, 80, 24);
    assert!(end.contains("Target panes"), "{end}");
}

#[test]
fn rtl_pane_and_target_script_line() {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["ar".into(), "ja".into()]);
    translated(
        &mut s,
        "Good morning",
        &[("ar", "صباح الخير"), ("ja", "おはようございます")],
    );
    let mut r = s.translate.results.clone().unwrap();
    r.translations[1].transliteration = Some(crate::api::model::Transliterated {
        text: "ohayou gozaimasu".into(),
        script: "Latn".into(),
    });
    s.translate.results = Some(r);
    let screen = render(&mut s, 120, 35);
    assert!(screen.contains("ar · RTL"), "{screen}");
    assert!(
        screen.contains("— Latn —") && screen.contains("ohayou gozaimasu"),
        "{screen}"
    );
    insta::assert_snapshot!(screen);
}

#[test]
fn a_huge_paste_is_taken_whole_and_drawn() {
    let mut s = State::new("local engine".into());
    let chunk = "The cat sleeps.\u{7}\u{1b}[31m Красный кот 猫。\r\n";
    let text = chunk.repeat(8000);
    s.paste(&text, Instant::now());
    let fx = s.tick(Instant::now() + crate::tui::tabs::translate::DEBOUNCE);
    // 296,000 characters: translated in parts.
    let Some(crate::tui::effect::Effect::TranslateDocument(request)) = fx.first() else {
        panic!("a request was due: {fx:?}")
    };
    let sent = &request.text;
    let clean = "The cat sleeps.[31m Красный кот 猫。\n".repeat(8000);
    assert_eq!(
        sent, &clean,
        "control characters dropped, CRLF made LF, nothing else lost"
    );
    let screen = render(&mut s, 80, 24);
    assert!(screen.contains("The cat sleeps."), "{screen}");
}

#[test]
fn profile_picker() {
    use crate::store::config::{Config, Paths};
    let text = "default = \"work\"\n[profiles.work]\nendpoint = \"https://api.cognitive.microsofttranslator.com\"\n[profiles.demo]\ntime_scale = 60.0\n[profiles.staging]\nendpoint = \"https://staging.cognitiveservices.azure.com\"\n";
    let mut s = State::new("https://api.cognitive.microsofttranslator.com".into());
    s.profiles = Config::parse(text, Paths::default()).unwrap().profiles();
    s.profile = Some("work".into());
    press(
        &mut s,
        crossterm::event::KeyCode::Esc,
        crossterm::event::KeyModifiers::NONE,
    );
    press(
        &mut s,
        crossterm::event::KeyCode::Char('P'),
        crossterm::event::KeyModifiers::NONE,
    );
    assert!(matches!(s.overlay, Some(Overlay::Picker(..))));
    insta::assert_snapshot!(render(&mut s, 80, 24));
}

/// "bank account" translated into fi and ja; fi aligned ("bank"→"pankki",
/// "account"→"tili"), ja not.
pub(crate) fn bank_account_aligned() -> State {
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["fi".into(), "ja".into()]);
    translated(
        &mut s,
        "bank account",
        &[("fi", "pankki tili"), ("ja", "銀行口座")],
    );
    let mut r = s.translate.results.clone().unwrap();
    r.translations[0].alignment = Some(crate::api::model::Alignment {
        proj: "0:3-0:5 5:11-7:10".parse().unwrap(),
    });
    s.translate.alignment = Some(crate::tui::tabs::translate::align::Alignment::new(
        "bank account",
        &r,
    ));
    s.translate.results = Some(r);
    s
}

/// The target panes' top border, where their titles are (side by side).
fn pane_titles(screen: &str) -> &str {
    let side_by_side = |l: &&str| l.matches('┌').count() >= 2;
    screen.lines().find(side_by_side).unwrap_or_default()
}

#[test]
fn after_a_swap_each_pane_shows_its_own_language() {
    use crossterm::event::{KeyCode, KeyModifiers as M};
    let mut s = State::new("local engine".into());
    s.set_targets(vec!["zh-Hans".into(), "ja".into()]);
    translated(
        &mut s,
        "Hello world.",
        &[("zh-Hans", "你好世界。"), ("ja", "こんにちは世界。")],
    );
    label(&mut s, 0, "zh-Hans", "Chinese (Simplified)", "中文 (简体)");
    press(&mut s, KeyCode::Esc, M::NONE);
    press(&mut s, KeyCode::Char('x'), M::NONE);
    assert_eq!(s.translate.targets, ["en", "ja"]);
    let swapped = render(&mut s, 120, 35);
    assert!(
        !swapped.contains("Chinese"),
        "no pane is titled zh-Hans now:\n{swapped}"
    );
    // The reply of the swapped request: the first pane is English, titled so.
    let fx = s.tick(Instant::now() + crate::tui::tabs::translate::DEBOUNCE);
    let Some(crate::tui::effect::Effect::Translate { generation, text, .. }) = fx.first() else {
        panic!("the swap translates again: {fx:?}")
    };
    assert_eq!(text, "你好世界。");
    let tr = |to: &str, text: &str| Translation {
        text: text.into(),
        to: to.into(),
        transliteration: None,
        alignment: None,
        sent_len: None,
    };
    let result = TranslateResult {
        detected_language: None,
        translations: vec![tr("en", "Hello world."), tr("ja", "こんにちは世界。")],
        source_text: None,
    };
    s.message(
        Msg::Translated {
            generation: *generation,
            text: text.clone(),
            result: Ok((result, 5, Vec::new())),
        },
        std::time::Instant::now(),
    );
    let screen = render(&mut s, 120, 35);
    let titles = pane_titles(&screen);
    assert!(titles.contains(" en ") && !titles.contains("zh-Hans"), "{screen}");
    insta::assert_snapshot!(screen);
}
