//! Options: what `apply` puts in a request, serde, and the popup driven by keys through
//! the real keymap, plus snapshots (TestBackend, 120×35).

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::popup::Row;
use super::*;
use crate::api::params::TranslateParams;
use crate::client::{Client, Endpoint};
use crate::tui::keymap::{Action, Context, Key, Keymap};
use crate::tui::widgets::theme::Theme;

fn client() -> Client {
    // Built, never sent: nothing listens there and no test calls `send`.
    Client::builder(Endpoint::parse("http://127.0.0.1:9").unwrap())
        .languages_cache(None)
        .build()
        .unwrap()
}

fn targets(codes: &[&str]) -> Vec<String> {
    codes.iter().map(|c| (*c).to_owned()).collect()
}

/// What `apply` builds, compared with a builder given `expected` whole: the builder's
/// `Debug` shows every parameter it would send.
fn assert_applies(options: &TranslateOptions, to: &[&str], expected: &TranslateParams) {
    let built = options.apply(client().translate(["x"]), &targets(to));
    let wanted = client().translate(["x"]).params(expected.clone());
    assert_eq!(format!("{built:?}"), format!("{wanted:?}"));
}

fn pairs(q: &[(&'static str, String)]) -> Vec<String> {
    q.iter().map(|(k, v)| format!("{k}={v}")).collect()
}

#[test]
fn defaults_send_what_the_workbench_always_sent_and_nothing_more() {
    let expected = TranslateParams {
        to: targets(&["ja", "zh-Hans"]),
        include_alignment: true,
        include_sentence_length: true,
        ..TranslateParams::default()
    };
    assert_applies(&TranslateOptions::default(), &["ja", "zh-Hans"], &expected);
    assert_eq!(
        pairs(&expected.to_query()),
        [
            "to=ja",
            "to=zh-Hans",
            "includeAlignment=true",
            "includeSentenceLength=true"
        ]
    );
}

#[test]
fn everything_off_sends_only_the_targets() {
    let o = TranslateOptions {
        include_alignment: false,
        include_sentence_length: false,
        // Not applicable without Marked: not sent.
        profanity_marker: ProfanityMarker::Tag,
        category: "General".into(),
        ..TranslateOptions::default()
    };
    let expected = TranslateParams {
        to: targets(&["de"]),
        ..TranslateParams::default()
    };
    assert_applies(&o, &["de"], &expected);
    assert_eq!(pairs(&expected.to_query()), ["to=de"]);
}

#[test]
fn chosen_values_are_sent() {
    let o = TranslateOptions {
        profanity_action: ProfanityAction::Marked,
        profanity_marker: ProfanityMarker::Tag,
        text_type: TextType::Html,
        category: "a2eb72f9-TECH".into(),
        suggested_from: Some("en".into()),
        ..TranslateOptions::default()
    };
    let expected = TranslateParams {
        to: targets(&["fi"]),
        text_type: TextType::Html,
        category: Some("a2eb72f9-TECH".into()),
        profanity_action: ProfanityAction::Marked,
        profanity_marker: ProfanityMarker::Tag,
        // Alignment stays off with HTML: the service has none for it.
        include_alignment: false,
        include_sentence_length: true,
        suggested_from: Some("en".into()),
        ..TranslateParams::default()
    };
    assert_applies(&o, &["fi"], &expected);
    assert_eq!(
        pairs(&expected.to_query()),
        [
            "to=fi",
            "category=a2eb72f9-TECH",
            "suggestedFrom=en",
            "textType=html",
            "profanityAction=Marked",
            "profanityMarker=Tag",
            "includeSentenceLength=true"
        ]
    );
}

#[test]
fn deleted_sends_no_marker() {
    let o = TranslateOptions {
        profanity_action: ProfanityAction::Deleted,
        profanity_marker: ProfanityMarker::Tag,
        include_alignment: false,
        include_sentence_length: false,
        ..TranslateOptions::default()
    };
    let expected = TranslateParams {
        to: targets(&["de"]),
        profanity_action: ProfanityAction::Deleted,
        ..TranslateParams::default()
    };
    assert_applies(&o, &["de"], &expected);
    assert_eq!(pairs(&expected.to_query()), ["to=de", "profanityAction=Deleted"]);
}

#[test]
fn scripts_go_with_every_target_once_or_not_at_all() {
    let mut o = TranslateOptions {
        include_alignment: false,
        include_sentence_length: false,
        ..TranslateOptions::default()
    };
    o.to_script.insert("ja".into(), "Latn".into());
    o.to_script.insert("ZH-hans".into(), "Latn".into());
    // Every target has a script: each target once, with its script.
    let all = TranslateParams {
        to: targets(&["ja", "zh-Hans"]),
        to_script: targets(&["Latn", "Latn"]),
        ..TranslateParams::default()
    };
    assert_applies(&o, &["ja", "zh-Hans"], &all);
    assert_eq!(o.script_problem(&targets(&["ja", "zh-Hans"])), None);
    // One target without: scripts are left out (the counts must match) and the app is told.
    let none = TranslateParams {
        to: targets(&["ja", "de"]),
        ..TranslateParams::default()
    };
    assert_applies(&o, &["ja", "de"], &none);
    let problem = o.script_problem(&targets(&["ja", "de"])).unwrap();
    assert!(problem.contains("de has none"), "{problem}");
    // So such targets go out as two requests, each with its scripts or none.
    assert_eq!(
        o.calls(&targets(&["de", "ja"])),
        [targets(&["ja"]), targets(&["de"])]
    );
    assert_eq!(
        o.calls(&targets(&["ja", "zh-Hans"])),
        [targets(&["ja", "zh-Hans"])]
    );
    assert_eq!(o.calls(&targets(&["de", "fi"])), [targets(&["de", "fi"])]);
    // No target with a script: no problem.
    assert_eq!(o.script_problem(&targets(&["de"])), None);
}

#[test]
fn serde_roundtrip_and_defaults_for_missing_fields() {
    let mut o = TranslateOptions {
        profanity_action: ProfanityAction::Marked,
        profanity_marker: ProfanityMarker::Tag,
        text_type: TextType::Html,
        include_alignment: false,
        category: "custom-1".into(),
        suggested_from: Some("sr-Latn".into()),
        ..TranslateOptions::default()
    };
    o.to_script.insert("ja".into(), "Latn".into());
    let json = serde_json::to_string(&o).unwrap();
    assert!(json.contains(r#""text_type":"html""#), "{json}");
    assert!(json.contains(r#""profanity_action":"Marked""#), "{json}");
    assert_eq!(serde_json::from_str::<TranslateOptions>(&json).unwrap(), o);
    let toml_text = toml::to_string(&o).unwrap();
    assert_eq!(toml::from_str::<TranslateOptions>(&toml_text).unwrap(), o);
    // An older or partial file fills in the defaults.
    assert_eq!(
        serde_json::from_str::<TranslateOptions>("{}").unwrap(),
        TranslateOptions::default()
    );
}

#[test]
fn a_remembered_file_is_checked_like_typed_input() {
    for bad in [
        r#"{"category":"has space"}"#,
        r#"{"category":""}"#,
        r#"{"suggested_from":"en&x=1"}"#,
        r#"{"to_script":{"ja":"Latin"}}"#,
        r#"{"text_type":"xml"}"#,
    ] {
        assert!(serde_json::from_str::<TranslateOptions>(bad).is_err(), "{bad}");
    }
}

#[test]
fn checks() {
    assert!(check_category("general").is_ok());
    assert!(check_category("a2eb72f9-43a4-4f60-b8b9-2e0a7d9d2c32-TECH").is_ok());
    assert!(check_category("").is_err());
    assert!(check_category("a b").is_err());
    assert!(check_category("a\tb").is_err());
    assert!(check_category("a.b").is_err(), "the service refuses '.'");
    assert!(check_category(&"x".repeat(129)).is_err());
    for good in ["de", "zh-Hans", "sr-Cyrl-BA", "yue"] {
        assert!(check_language(good).is_ok(), "{good}");
    }
    for bad in [
        "",
        "-de",
        "de-",
        "de--x",
        "zh_Hans",
        "1de",
        "a-very-long-tag-indeed",
    ] {
        assert!(check_language(bad).is_err(), "{bad}");
    }
}

// The popup, driven through the default keymap as the app will drive it.

fn press(popup: &mut OptionsPopup, keys: &[&str]) -> PopupOutcome {
    let keymap = Keymap::defaults();
    let mut outcome = PopupOutcome::Pending;
    for k in keys {
        let key: Key = k.parse().unwrap();
        let event = KeyEvent::new(key.code(), key.modifiers());
        let action = keymap.action(&[popup.context(), Context::Translate], &event);
        outcome = popup.handle(action, &event);
    }
    outcome
}

fn typed(text: &str) -> Vec<String> {
    text.chars()
        .map(|c| if c == ' ' { "space".into() } else { c.to_string() })
        .collect()
}

fn press_all(popup: &mut OptionsPopup, keys: &[String]) -> PopupOutcome {
    let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
    press(popup, &keys)
}

#[test]
fn choices_cycle_and_esc_closes_with_the_result() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["enter", "space"]);
    assert_eq!(p.options().profanity_action, ProfanityAction::Deleted);
    press(&mut p, &["enter"]);
    assert_eq!(p.options().profanity_action, ProfanityAction::NoAction);
    // The marker is inert (and says why) unless Marked.
    press(&mut p, &["j", "enter"]);
    assert_eq!(p.options().profanity_marker, ProfanityMarker::Asterisk);
    press(&mut p, &["k", "enter", "j", "enter"]);
    assert_eq!(p.options().profanity_marker, ProfanityMarker::Tag);
    press(&mut p, &["down", "enter", "down", "space", "down", "space"]);
    let outcome = press(&mut p, &["esc"]);
    let expected = TranslateOptions {
        profanity_action: ProfanityAction::Marked,
        profanity_marker: ProfanityMarker::Tag,
        text_type: TextType::Html,
        include_alignment: false,
        include_sentence_length: false,
        ..TranslateOptions::default()
    };
    assert_eq!(outcome, PopupOutcome::Closed(expected));
}

#[test]
fn q_closes_unchanged_and_selection_stays_in_bounds() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["up", "pagedown", "down", "down"]);
    assert_eq!(p.row(), Row::SuggestedFrom);
    press(&mut p, &["pageup"]);
    assert_eq!(p.row(), Row::ProfanityAction);
    assert_eq!(
        press(&mut p, &["q"]),
        PopupOutcome::Closed(TranslateOptions::default())
    );
}

#[test]
fn editing_takes_text_and_enter_keeps_a_valid_value() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "k", "enter"]);
    assert!(p.takes_text());
    assert_eq!(p.context(), Context::Picker);
    // Clear "general", then type: q, j and ? are text now, not commands.
    press_all(&mut p, &vec!["backspace".to_owned(); 7]);
    press_all(&mut p, &typed("qj?"));
    // `?` is no category character (the service would answer 400): refused, still editing.
    press(&mut p, &["enter"]);
    assert!(p.takes_text());
    press(&mut p, &["backspace"]);
    press_all(&mut p, &typed("-1"));
    assert_eq!(press(&mut p, &["enter"]), PopupOutcome::Pending);
    assert!(!p.takes_text());
    assert_eq!(p.options().category, "qj-1");
    // Typing "General" back is the default, stored as such.
    press(&mut p, &["enter"]);
    press_all(&mut p, &vec!["backspace".to_owned(); 5]);
    press_all(&mut p, &typed("General"));
    press(&mut p, &["enter"]);
    assert_eq!(p.options().category, "general");
}

#[test]
fn an_invalid_value_keeps_editing_with_a_message() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "enter"]);
    press_all(&mut p, &typed("en us"));
    press(&mut p, &["enter"]);
    assert!(p.takes_text(), "still editing");
    assert!(
        p.error().is_some_and(|m| m.contains("not a language code")),
        "{:?}",
        p.error()
    );
    press(&mut p, &["backspace", "backspace", "backspace"]);
    press(&mut p, &["enter"]);
    assert!(!p.takes_text());
    assert_eq!(p.options().suggested_from.as_deref(), Some("en"));
    // Emptied: no suggestion.
    press(&mut p, &["enter", "backspace", "backspace", "enter"]);
    assert_eq!(p.options().suggested_from, None);
}

#[test]
fn esc_cancels_the_edit_not_the_popup() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "k", "enter"]);
    press_all(&mut p, &typed("xyz"));
    assert_eq!(press(&mut p, &["esc"]), PopupOutcome::Pending);
    assert!(!p.takes_text());
    assert_eq!(p.options().category, "general");
    assert_eq!(
        press(&mut p, &["esc"]),
        PopupOutcome::Closed(TranslateOptions::default())
    );
}

#[test]
fn paste_and_releases() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    p.paste("ignored: not editing");
    assert_eq!(p, OptionsPopup::new(&TranslateOptions::default()));
    press(&mut p, &["pagedown", "enter"]);
    p.paste("zh-\nHans");
    press(&mut p, &["enter"]);
    assert_eq!(p.options().suggested_from.as_deref(), Some("zh-Hans"));
    let mut release = KeyEvent::new(
        crossterm::event::KeyCode::Esc,
        crossterm::event::KeyModifiers::NONE,
    );
    release.kind = KeyEventKind::Release;
    assert_eq!(p.handle(Some(Action::Back), &release), PopupOutcome::Pending);
}

fn render(popup: &OptionsPopup) -> String {
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).unwrap();
    terminal
        .draw(|f| popup.render(f, f.area(), &Theme::default()))
        .unwrap();
    terminal.backend().to_string()
}

#[test]
fn snapshot_defaults() {
    insta::assert_snapshot!(render(&OptionsPopup::new(&TranslateOptions::default())));
}

#[test]
fn snapshot_marked_html_with_scripts() {
    let mut o = TranslateOptions {
        profanity_action: ProfanityAction::Marked,
        text_type: TextType::Html,
        category: "a2eb72f9-43a4-4f60-b8b9-2e0a7d9d2c32-TECH".into(),
        suggested_from: Some("en".into()),
        ..TranslateOptions::default()
    };
    o.to_script.insert("ja".into(), "Latn".into());
    o.to_script.insert("zh-Hans".into(), "Latn".into());
    let mut p = OptionsPopup::new(&o);
    press(&mut p, &["j"]);
    insta::assert_snapshot!(render(&p));
}

#[test]
fn snapshot_editing_with_an_error() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "k", "enter"]);
    press_all(&mut p, &typed(" my cat"));
    press(&mut p, &["enter"]);
    insta::assert_snapshot!(render(&p));
}

#[test]
fn the_cursor_follows_the_edited_value() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "k", "enter", "backspace", "x"]);
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).unwrap();
    terminal
        .draw(|f| p.render(f, f.area(), &Theme::default()))
        .unwrap();
    let at = terminal.get_cursor_position().unwrap();
    let buffer = terminal.backend().buffer();
    let row: String = (0..120).map(|x| buffer[(x, at.y)].symbol()).collect();
    let value_end = row.find("generax").expect("the edited row") + "generax".len();
    // One cell after the typed text ("│" and "‹" are one column but several bytes).
    let column = row[..value_end].chars().count();
    assert_eq!(usize::from(at.x), column, "{row}");
}

#[test]
fn the_selected_row_and_an_error_use_their_theme_roles() {
    let theme = Theme::monochrome();
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["j", "j"]);
    let mut terminal = Terminal::new(TestBackend::new(120, 35)).unwrap();
    terminal.draw(|f| p.render(f, f.area(), &theme)).unwrap();
    let find = |terminal: &Terminal<TestBackend>, text: &str| {
        let buffer = terminal.backend().buffer();
        (0..35u16)
            .find_map(|y| {
                let row: Vec<&str> = (0..120u16).map(|x| buffer[(x, y)].symbol()).collect();
                let line = row.concat();
                let byte = line.find(text)?;
                let x = line[..byte].chars().count() as u16;
                Some(buffer[(x, y)].style())
            })
            .unwrap_or_else(|| panic!("{text} not drawn"))
    };
    // Monochrome roles differ by modifiers only (cells also carry reset colours).
    assert_eq!(
        find(&terminal, "Text type").add_modifier,
        theme.selection.add_modifier
    );
    assert_eq!(
        find(&terminal, "Word alignment").add_modifier,
        theme.text.add_modifier
    );
    press(&mut p, &["pagedown", "enter", "e", "space", "n", "enter"]);
    terminal.draw(|f| p.render(f, f.area(), &theme)).unwrap();
    let error = find(&terminal, "is not a language code");
    assert_eq!(error.add_modifier, theme.error.add_modifier);
}

#[test]
fn a_tiny_area_draws_without_panicking() {
    let mut p = OptionsPopup::new(&TranslateOptions::default());
    press(&mut p, &["pagedown", "enter", "x"]);
    for (w, h) in [(1, 1), (10, 3), (30, 8), (40, 10)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal
            .draw(|f| p.render(f, f.area(), &Theme::default()))
            .unwrap();
    }
}
