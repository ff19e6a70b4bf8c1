//! The round trip (toggle, requests, replies), hearing a text and the clipboard watch.

use crate::api::model::{DetectedLanguage, TranslateResult, Translation};
use crate::client::round_trip::RoundTrip;
use crate::tui::component::Outcome;
use crate::tui::effect::Effect;

use super::super::Translate;

fn with_results() -> Translate {
    let mut t = Translate::new(vec!["de".into(), "fr".into()]);
    let tr = |to: &str, text: &str| Translation {
        text: text.into(),
        to: to.into(),
        transliteration: None,
        alignment: None,
        sent_len: None,
    };
    t.results = Some(TranslateResult {
        detected_language: Some(DetectedLanguage {
            language: "en".into(),
            score: 0.9,
        }),
        translations: vec![tr("de", "Ich habe ein Konto."), tr("fr", "J'ai un compte.")],
        source_text: None,
    });
    t.results_for = "I have an account.".into();
    t
}

fn effects(o: &Outcome) -> Vec<&Effect> {
    match o {
        Outcome::Effects(e) => e.iter().collect(),
        Outcome::All(all) => all.iter().flat_map(effects).collect(),
        _ => Vec::new(),
    }
}

fn back(text: &str) -> RoundTrip {
    RoundTrip {
        text: text.into(),
        ..RoundTrip::default()
    }
}

#[test]
fn turning_it_on_sends_the_results_back_and_the_reply_fills_each_target() {
    let mut t = with_results();
    let on = t.toggle_round_trip();
    let sent = effects(&on);
    let Some(Effect::RoundTrip {
        generation,
        source,
        from,
        result,
    }) = sent.first()
    else {
        panic!("a round trip is due: {on:?}");
    };
    assert_eq!((source.as_str(), from.as_deref()), ("I have an account.", None));
    assert_eq!(result.translations.len(), 2);
    assert!(t.trips.waiting);
    assert_eq!(t.round_trip(0), None);
    t.round_tripped(
        *generation,
        Ok(vec![back("I have an account."), back("I have a account.")]),
    );
    assert!(!t.trips.waiting);
    assert_eq!(
        t.round_trip(1).map(|r| r.text.as_str()),
        Some("I have a account.")
    );
}

#[test]
fn a_reply_to_an_older_request_or_after_turning_it_off_is_dropped() {
    let mut t = with_results();
    let first = match effects(&t.toggle_round_trip()).first() {
        Some(Effect::RoundTrip { generation, .. }) => *generation,
        _ => panic!("a round trip is due"),
    };
    // New results went back since: the first reply is stale.
    assert!(t.round_trip_effect().is_some());
    t.round_tripped(first, Ok(vec![back("old"), back("old")]));
    assert_eq!(t.round_trip(0), None);
    // Off: nothing is shown and nothing is sent, whatever comes back.
    let off = t.toggle_round_trip();
    assert!(effects(&off).is_empty());
    t.round_tripped(first + 1, Ok(vec![back("late"), back("late")]));
    assert_eq!(t.round_trip(0), None);
    assert!(t.round_trip_effect().is_none());
}

#[test]
fn on_without_results_waits_for_the_first_translation() {
    let mut t = Translate::new(vec!["de".into()]);
    assert!(effects(&t.toggle_round_trip()).is_empty());
    assert!(t.trips.on && !t.trips.waiting);
}

#[test]
fn a_failure_is_told_and_leaves_no_lines() {
    let mut t = with_results();
    let generation = match effects(&t.toggle_round_trip()).first() {
        Some(Effect::RoundTrip { generation, .. }) => *generation,
        _ => panic!("a round trip is due"),
    };
    let said = t.round_tripped(generation, Err("429 too many requests".into()));
    assert!(
        matches!(said, Outcome::Toast(ref m, _) if m.contains("429")),
        "{said:?}"
    );
    assert_eq!(t.round_trip(0), None);
}

#[test]
fn s_speaks_the_focused_target_and_alt_s_the_source_in_its_language() {
    let mut t = with_results();
    t.sync_panes(None);
    t.focus = super::super::Focus::Target(1);
    let spoken = |o: Outcome| match o {
        Outcome::Effects(e) => match e.as_slice() {
            [Effect::Speak { text, language }] => (text.clone(), language.clone()),
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    };
    assert_eq!(spoken(t.speak()), ("J'ai un compte.".to_owned(), "fr".to_owned()));
    t.focus = super::super::Focus::Editor;
    t.editor.insert_str("I have an account.");
    assert_eq!(
        spoken(t.speak()),
        ("I have an account.".to_owned(), "en".to_owned())
    );
    // Nothing translated, nothing detected: nothing to hear.
    let fresh = Translate::new(vec!["de".into()]);
    assert!(matches!(fresh.speak(), Outcome::Note(_)));
}

#[test]
fn w_watches_the_clipboard_and_copied_text_replaces_the_source_at_once() {
    let mut t = with_results();
    let on = t.toggle_watch();
    assert!(t.watching);
    assert!(
        matches!(effects(&on).as_slice(), [Effect::WatchClipboard(true)]),
        "{on:?}"
    );
    let now = std::time::Instant::now();
    t.copied_elsewhere(Ok("Guten Morgen".into()), now);
    assert_eq!(t.text(), "Guten Morgen");
    // Translated at once, not after the typing debounce.
    assert_eq!(t.due(), Some(now));
    // The clipboard stops answering: the watch ends and says why.
    let said = t.copied_elsewhere(Err("the display went away".into()), now);
    assert!(!t.watching);
    assert!(
        matches!(said, Outcome::Toast(ref m, _) if m.contains("display went away")),
        "{said:?}"
    );
    // Off: a late text changes nothing.
    t.copied_elsewhere(Ok("late".into()), now);
    assert_eq!(t.text(), "Guten Morgen");
    let off = {
        t.watching = true;
        t.toggle_watch()
    };
    assert!(
        matches!(effects(&off).as_slice(), [Effect::WatchClipboard(false)]),
        "{off:?}"
    );
}

#[test]
fn a_file_opened_as_the_source_saves_each_target_beside_it() {
    use super::super::actions::translation_path;
    use std::path::Path;
    assert_eq!(
        translation_path(Path::new("/d/notes.txt"), "ja"),
        Path::new("/d/notes.ja.txt")
    );
    assert_eq!(
        translation_path(Path::new("README"), "zh-Hans"),
        Path::new("README.zh-Hans")
    );
    let mut t = with_results();
    // No file: Ctrl+S says how to open one.
    assert!(matches!(t.save_translations(), Outcome::Note(ref m) if m.contains("glossa FILE")));
    t.open_file(
        Path::new("/d/page.html"),
        "I have an account.",
        std::time::Instant::now(),
    );
    assert_eq!(
        t.options.text_type,
        crate::api::params::TextType::Html,
        "HTML is translated as HTML"
    );
    assert_eq!(t.text(), "I have an account.");
    match t.save_translations() {
        Outcome::Effects(e) => match e.as_slice() {
            [Effect::SaveFiles(files)] => {
                let paths: Vec<_> = files.iter().map(|(p, _)| p.clone()).collect();
                assert_eq!(
                    paths,
                    vec![Path::new("/d/page.de.html"), Path::new("/d/page.fr.html")]
                );
                assert_eq!(files[0].1, "Ich habe ein Konto.");
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // The text changed since the results came: they are not its translation.
    t.editor.insert_str(" More.");
    assert!(matches!(t.save_translations(), Outcome::Note(_)));
}
