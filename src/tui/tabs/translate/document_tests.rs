//! Translation in parts as the state sees it: a Markdown file or a long
//! text goes out as a document, the bar follows the requests, Esc stops it
//! keeping what came back, refresh goes on from there, and Ctrl+S waits for
//! the whole translation. A snapshot with the bar at 80×24.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::{DocEvent, DocRequest, Stop};
use crate::api::model::{TranslateResult, Translation};
use crate::doc::Kind;
use crate::tui::component::Outcome;
use crate::tui::effect::{Effect, Input, Msg};
use crate::tui::keymap::Context;
use crate::tui::state::State;

fn result(text: &str) -> TranslateResult {
    TranslateResult {
        detected_language: None,
        translations: ["ja", "zh-Hans"]
            .iter()
            .map(|to| Translation {
                text: format!("[{to}] {text}"),
                to: (*to).into(),
                transliteration: None,
                alignment: None,
                sent_len: None,
            })
            .collect(),
        source_text: None,
    }
}

/// The state with `text` opened as `file` and its request sent.
fn opened(file: &str, text: &str) -> (State, DocRequest) {
    let mut s = State::new("local engine".into());
    s.translate.open_file(Path::new(file), text, Instant::now());
    let fx = s.update(Input::Tick, Instant::now() + Duration::from_secs(1));
    match fx.as_slice() {
        [Effect::TranslateDocument(r)] => {
            let r = (**r).clone();
            (s, r)
        }
        other => panic!("a translation in parts: {other:?}"),
    }
}

fn event(s: &mut State, generation: u64, event: DocEvent) {
    s.message(Msg::Document { generation, event }, Instant::now());
}

fn esc(s: &mut State) -> Vec<Effect> {
    s.key(KeyEvent::new(KeyCode::Esc, M::NONE), Instant::now())
}

#[test]
fn a_markdown_file_goes_in_parts_with_a_bar_and_esc_stops_it_keeping_what_came() {
    let text = "# Notes\n\nFirst paragraph.\n\nSecond paragraph.\n";
    let (mut s, req) = opened("/d/notes.md", text);
    assert_eq!((req.kind, req.text.as_str()), (Kind::Markdown, text));
    assert!(req.known.is_empty());
    let job = s.translate.job.clone().expect("a job");
    assert_eq!(job.label(), "Translating notes.md: cutting into parts…");
    assert_eq!(
        s.contexts().first(),
        Some(&Context::Translating),
        "Esc is the bar's"
    );
    event(
        &mut s,
        req.generation,
        DocEvent::Planned {
            requests: 3,
            kept: Arc::default(),
        },
    );
    event(
        &mut s,
        req.generation,
        DocEvent::Progress {
            parts: vec![("Notes".into(), result("Notes"))],
        },
    );
    let job = s.translate.job.clone().expect("a job");
    assert_eq!(
        (job.label().as_str(), job.ratio()),
        ("Translating notes.md: 1/3 parts", 1.0 / 3.0)
    );
    // A stale generation's events are not heard.
    event(
        &mut s,
        req.generation - 1,
        DocEvent::Planned {
            requests: 9,
            kept: Arc::default(),
        },
    );
    assert_eq!(s.translate.job.as_ref().map(|j| j.total), Some(3));
    // Esc stops it (the executor answers with what came back).
    assert_eq!(esc(&mut s), [Effect::CancelDocument(req.generation)]);
    assert!(s.translate.job.as_ref().is_some_and(|j| j.cancelling));
    assert!(esc(&mut s).is_empty(), "once");
    let partial = "# [ja] Notes\n\nFirst paragraph.\n\nSecond paragraph.\n".to_owned();
    let mut answer = result("x");
    answer.translations[0].text = partial.clone();
    event(
        &mut s,
        req.generation,
        DocEvent::Stopped {
            text: text.into(),
            result: (answer, 10, Vec::new()),
            why: Stop::Cancelled,
        },
    );
    assert_eq!(
        s.translate.results.as_ref().unwrap().translations[0].text,
        partial
    );
    assert_ne!(s.contexts().first(), Some(&Context::Translating));
    // Not saved half done.
    match s.translate.save_translations() {
        Outcome::Note(n) => assert!(n.contains("only 1 of 3 parts"), "{n}"),
        other => panic!("{other:?}"),
    }
    // Typing does not send it again; refresh does, with the part that came.
    s.key(KeyEvent::new(KeyCode::Char('!'), M::NONE), Instant::now());
    let later = Instant::now() + Duration::from_secs(2);
    assert!(s.update(Input::Tick, later).is_empty(), "paused");
    s.key(KeyEvent::new(KeyCode::Enter, M::ALT), later);
    let fx = s.update(Input::Tick, later + Duration::from_secs(1));
    let [Effect::TranslateDocument(again)] = fx.as_slice() else {
        panic!("refresh goes on: {fx:?}")
    };
    assert!(again.generation > req.generation);
    assert_eq!(
        again.known.get("Notes"),
        Some(&result("Notes")),
        "the part that came is kept"
    );
    assert!(s.translate.job.as_ref().is_some_and(|j| j.running()));
}

#[test]
fn the_end_is_an_ordinary_translation_and_ctrl_s_saves_it() {
    let text = "# Notes\n\nText.\n";
    let (mut s, req) = opened("/d/notes.md", text);
    event(
        &mut s,
        req.generation,
        DocEvent::Planned {
            requests: 1,
            kept: Arc::default(),
        },
    );
    let done = result("done");
    s.message(
        Msg::Translated {
            generation: req.generation,
            text: text.into(),
            result: Ok((done, 5, Vec::new())),
        },
        Instant::now(),
    );
    assert!(s.translate.job.is_none(), "no bar any more");
    match s.translate.save_translations() {
        Outcome::Effects(e) => match e.as_slice() {
            [Effect::SaveFiles(files)] => {
                assert_eq!(files[0].0, Path::new("/d/notes.ja.md"));
                assert_eq!(files[0].1, "[ja] done");
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_long_text_goes_in_parts_and_a_short_one_as_one_request() {
    let mut s = State::new("local engine".into());
    s.paste("A short text.", Instant::now());
    let fx = s.update(Input::Tick, Instant::now() + Duration::from_secs(1));
    assert!(matches!(fx.as_slice(), [Effect::Translate { .. }]), "{fx:?}");
    assert!(s.translate.job.is_none());
    // Two targets: 25,001 characters are over one request's 50,000.
    let long = "Sentence of words. ".repeat(1_316);
    assert!(long.len() * 2 > 50_000);
    let mut s = State::new("local engine".into());
    s.paste(&long, Instant::now());
    let fx = s.update(Input::Tick, Instant::now() + Duration::from_secs(1));
    assert!(
        matches!(fx.as_slice(), [Effect::TranslateDocument(r)] if r.kind == Kind::Plain),
        "{fx:?}"
    );
    assert_eq!(s.translate.job.as_ref().and_then(|j| j.name.clone()), None);
    // A failure stops it, says why and how far it got.
    let generation = match &fx[0] {
        Effect::TranslateDocument(r) => r.generation,
        _ => unreachable!(),
    };
    event(
        &mut s,
        generation,
        DocEvent::Planned {
            requests: 2,
            kept: Arc::default(),
        },
    );
    event(
        &mut s,
        generation,
        DocEvent::Stopped {
            text: long.clone(),
            result: (result("x"), 0, Vec::new()),
            why: Stop::Failed("429001 too many requests".into()),
        },
    );
    assert!(matches!(&s.translate.loading, super::Loading::Failed(e) if e.contains("429001")));
    let screen = render(&mut s, 100, 24);
    assert!(
        screen.contains("failed at 0/2 parts: Alt+Enter goes on"),
        "{screen}"
    );
}

fn render(s: &mut State, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    crate::tui::draw_fed(&mut terminal, s);
    terminal.backend().to_string()
}

#[test]
fn snapshot_80x24_the_progress_bar() {
    let text = "# Meeting\n\nNotes of the *meeting*.\n\n- More notes.\n".repeat(3);
    let (mut s, req) = opened("/home/me/notes.md", &text);
    event(
        &mut s,
        req.generation,
        DocEvent::Planned {
            requests: 40,
            kept: Arc::default(),
        },
    );
    for _ in 0..12 {
        event(&mut s, req.generation, DocEvent::Progress { parts: Vec::new() });
    }
    let screen = render(&mut s, 80, 24);
    assert!(screen.contains("Translating notes.md: 12/40 parts"), "{screen}");
    assert!(
        screen.contains("Esc stop translating"),
        "the hint, before the others: {screen}"
    );
    insta::assert_snapshot!(screen);
}
