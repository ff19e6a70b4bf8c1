//! Update tests of the overlays: pickers, options, the request log, scripts.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};

use super::{Focus, Overlay, State};
use crate::api::languages::LanguagesResponse;
use crate::client::RequestRecord;
use crate::tui::effect::{Effect, Input, Msg};

pub(super) fn key(s: &mut State, code: KeyCode) -> Vec<Effect> {
    s.key(KeyEvent::new(code, M::NONE), Instant::now())
}

pub(super) fn typed(s: &mut State, text: &str) {
    for c in text.chars() {
        key(s, KeyCode::Char(c));
    }
}

pub(super) fn with_languages() -> State {
    let mut s = State::new("local engine".into());
    let languages: LanguagesResponse =
        serde_json::from_str(include_str!("../overlays/picker/languages.json")).expect("the fixture parses");
    s.message(Msg::Languages(Ok(languages)), std::time::Instant::now());
    assert!(s.languages.is_some());
    s
}

#[test]
fn pane_titles_come_from_the_languages_list() {
    let s = with_languages();
    assert!(
        s.translate.panes[0].label.starts_with("ja · Japanese"),
        "{}",
        s.translate.panes[0].label
    );
}

#[test]
fn the_target_picker_adds_a_language_and_remembers() {
    let mut s = with_languages();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('t'));
    assert!(matches!(s.overlay, Some(Overlay::Picker(..))));
    typed(&mut s, "fi");
    let fx = key(&mut s, KeyCode::Enter);
    assert_eq!(fx, [s.save_prefs()]);
    assert!(s.overlay.is_none());
    assert_eq!(s.translate.targets, ["ja", "zh-Hans", "fi"]);
    assert_eq!(s.translate.panes.len(), 3);
    assert!(s.translate.panes[2].label.starts_with("fi · Finnish"));
    assert!(s.translate.due().is_some(), "a new request is due");
    // Esc cancels without a change.
    key(&mut s, KeyCode::Char('t'));
    typed(&mut s, "q");
    assert!(!s.quit, "q is text in the picker");
    assert!(key(&mut s, KeyCode::Esc).is_empty());
    assert_eq!(s.translate.targets.len(), 3);
}

#[test]
fn the_source_picker_chooses_a_language_or_auto() {
    let mut s = with_languages();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('f'));
    typed(&mut s, "english");
    let fx = key(&mut s, KeyCode::Enter);
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(s.translate.from.as_deref(), Some("en"));
    let fx = s.tick(Instant::now());
    assert!(matches!(&fx[..], [] | [Effect::Translate { .. }]));
}

#[test]
fn without_the_languages_list_a_picker_says_so() {
    let mut s = State::new("local engine".into());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('t'));
    assert!(s.overlay.is_none());
    assert!(s.toasts.iter().any(|t| t.text.contains("not loaded")));
}

#[test]
fn options_changed_in_the_popup_are_sent_and_saved() {
    let mut s = State::new("local engine".into());
    s.paste("Hello", Instant::now());
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('o'));
    assert!(matches!(s.overlay, Some(Overlay::Options(_))));
    key(&mut s, KeyCode::Enter); // profanity action: NoAction → Marked
    let fx = key(&mut s, KeyCode::Esc);
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(
        s.translate.options.profanity_action,
        crate::api::params::ProfanityAction::Marked
    );
    let fx = s.tick(Instant::now() + Duration::from_secs(1));
    let [Effect::Translate { options, .. }] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(
        options.profanity_action,
        crate::api::params::ProfanityAction::Marked
    );
}

#[test]
fn the_request_log_fills_and_opens_with_l() {
    let mut s = State::new("local engine".into());
    let record = RequestRecord {
        method: "POST".into(),
        path: "/translate",
        status: Some(200),
        error: None,
        elapsed: Duration::from_millis(12),
        request_id: Some("TRAN.1".into()),
        client_trace_id: "t-1".into(),
        attempt: 1,
        body: None,
    };
    let input = Input::Msg(Msg::Request(record.clone()));
    assert!(!s.redraws(&input), "no redraw while the log is closed");
    s.update(input, Instant::now());
    key(&mut s, KeyCode::Esc);
    s.key(KeyEvent::new(KeyCode::Char('L'), M::SHIFT), Instant::now());
    assert!(matches!(s.overlay, Some(Overlay::Log(_))));
    let input = Input::Msg(Msg::Request(record));
    assert!(s.redraws(&input), "redrawn while open");
    s.update(input, Instant::now());
    assert_eq!(s.log.len(), 2);
    key(&mut s, KeyCode::Esc);
    assert!(s.overlay.is_none());
}

#[test]
fn a_target_script_fills_the_others_with_their_own() {
    let mut s = with_languages();
    key(&mut s, KeyCode::Esc);
    assert_eq!(s.translate.focus, Focus::Target(0));
    let fx = s.key(KeyEvent::new(KeyCode::Char('T'), M::SHIFT), Instant::now());
    assert_eq!(fx, [s.save_prefs()]);
    assert_eq!(s.translate.options.script_of("ja"), Some("Latn"));
    let sent = s.translate.options_to_send(s.languages.as_ref());
    assert_eq!(
        sent.script_of("zh-Hans"),
        Some("Hans"),
        "the service needs one per target"
    );
    // Cycling past the last script turns it off again.
    s.key(KeyEvent::new(KeyCode::Char('T'), M::SHIFT), Instant::now());
    assert_eq!(s.translate.options.script_of("ja"), None);
    assert!(
        s.translate
            .options_to_send(s.languages.as_ref())
            .to_script
            .is_empty()
    );
}

fn with_profiles() -> State {
    use crate::store::config::{Config, Paths};
    let text = "default = \"work\"\n[profiles.work]\nendpoint = \"https://api.cognitive.microsofttranslator.com\"\n[profiles.demo]\n";
    let config = Config::parse(text, Paths::default()).unwrap();
    let mut s = State::new("api.cognitive.microsofttranslator.com".into());
    s.profiles = config.profiles();
    s.profile = Some("work".into());
    s
}

#[test]
fn the_profile_picker_reconnects_with_another_profile() {
    let mut s = with_profiles();
    key(&mut s, KeyCode::Esc);
    key(&mut s, KeyCode::Char('P'));
    assert!(matches!(
        &s.overlay,
        Some(Overlay::Picker(p)) if p.what == super::PickFor::Profile
    ));
    // The active profile is chosen again: nothing to do.
    assert!(key(&mut s, KeyCode::Enter).is_empty());
    assert!(s.overlay.is_none());
    key(&mut s, KeyCode::Char('P'));
    typed(&mut s, "demo");
    let fx = key(&mut s, KeyCode::Enter);
    assert_eq!(fx, vec![Effect::SwitchProfile("demo".into())]);
    assert_eq!(s.profile.as_deref(), Some("work"), "until the session is ready");
    // Ready: the new service, its languages and the text asked for again.
    s.languages = Some(LanguagesResponse::default());
    s.translate.metered = 24;
    let manage = crate::tui::tabs::manage::ManageConfig {
        label: "local sandbox".into(),
        share: "demo-share".into(),
        sync_interval: Duration::from_secs(30),
        refresh_every: Duration::from_secs(1),
        project: None,
        watched: Vec::new(),
        refreshes: Vec::new(),
        bulks: Vec::new(),
        problem: None,
    };
    let switched = crate::tui::effect::Switched {
        profile: "demo".into(),
        service: "local engine".into(),
        manage,
    };
    s.message(Msg::Switched(Box::new(switched)), Instant::now());
    assert_eq!(s.translate.metered, 0, "the old endpoint's metering is not shown");
    assert_eq!(
        (s.profile.as_deref(), s.service.as_str()),
        (Some("demo"), "local engine")
    );
    assert!(s.languages.is_none() && s.translate.due().is_some());
    // In the editor, P is text.
    key(&mut s, KeyCode::Char('i'));
    key(&mut s, KeyCode::Char('P'));
    assert!(s.overlay.is_none() && s.translate.text().ends_with('P'));
}

#[test]
fn a_second_script_is_sent_next_to_a_target_without_one() {
    let mut s = with_languages();
    // nb is not in the transliteration scope: the service names no script of it.
    s.set_targets(vec!["ja".into(), "nb".into()]);
    s.paste("good morning", Instant::now());
    key(&mut s, KeyCode::Esc);
    s.key(KeyEvent::new(KeyCode::Char('T'), M::SHIFT), Instant::now());
    let fx = s.tick(Instant::now() + crate::tui::tabs::translate::DEBOUNCE);
    let Some(Effect::Translate { options, targets, .. }) = fx.first() else {
        panic!("a request is due: {fx:?}")
    };
    // What goes out: each request's toScript one per `to` (400070), ja's included.
    let calls = options.calls(targets);
    assert_eq!(calls, [vec!["ja".to_owned()], vec!["nb".to_owned()]]);
    let sent: Vec<_> = calls.iter().map(|c| options.script_problem(c)).collect();
    assert_eq!(sent, [None, None], "no request drops its scripts");
    assert_eq!(options.script_of("ja"), Some("Latn"));
    // The two answers, merged, show ja's second script under its text.
    let Some(Effect::Translate { generation, text, .. }) = fx.first() else {
        unreachable!()
    };
    let answer = |to: &str, text: &str, latn: Option<&str>| crate::api::model::TranslateResult {
        detected_language: None,
        translations: vec![crate::api::model::Translation {
            text: text.into(),
            to: to.into(),
            transliteration: latn.map(|l| crate::api::model::Transliterated {
                text: l.into(),
                script: "Latn".into(),
            }),
            alignment: None,
            sent_len: None,
        }],
        source_text: None,
    };
    let parts = vec![
        (answer("ja", "おはよう", Some("ohayou")), 12, vec![None]),
        (answer("nb", "god morgen", None), 12, vec![None]),
    ];
    let merged = crate::tui::tabs::translate::merge(parts, targets);
    s.message(
        Msg::Translated {
            generation: *generation,
            text: text.clone(),
            result: Ok(merged),
        },
        std::time::Instant::now(),
    );
    let mut terminal = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|f| {
            crate::tui::view::draw(f, &s);
        })
        .unwrap();
    let screen = terminal.backend().to_string();
    for part in ["— Latn —", "ohayou", "god morgen"] {
        assert!(screen.contains(part), "{part}:\n{screen}");
    }
}
