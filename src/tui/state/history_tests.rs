//! The history in the state: what gets recorded as replies arrive (one
//! entry per editing stretch), and the History view's keys.

use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers as M};

use super::{Focus, Overlay, State, Tab};
use crate::api::model::{DetectedLanguage, TranslateResult, Translation};
use crate::client::ClientError;
use crate::store::history::{Entry, Found, Rendition};
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::history::recorder::{REST, Record};
use crate::tui::overlays::history::{HistoryQuery, Mode, PAGE, Rows};
use crate::tui::tabs::translate::DEBOUNCE;

fn press(s: &mut State, code: KeyCode, mods: M, now: Instant) -> Vec<Effect> {
    s.key(KeyEvent::new(code, mods), now)
}

fn typed(s: &mut State, text: &str, now: Instant) -> Vec<Effect> {
    text.chars()
        .flat_map(|c| press(s, KeyCode::Char(c), M::NONE, now))
        .collect()
}

/// The debounce expires at `now` and the reply comes back (`ok` or failed):
/// what the state wants recorded.
fn reply(s: &mut State, now: Instant, ok: bool) -> Vec<Record> {
    let fx = s.tick(now + DEBOUNCE);
    let Some(Effect::Translate {
        generation,
        text,
        targets,
        ..
    }) = fx.into_iter().next()
    else {
        return Vec::new();
    };
    let result = TranslateResult {
        detected_language: Some(DetectedLanguage {
            language: "en".into(),
            score: 1.0,
        }),
        translations: targets
            .iter()
            .map(|to| Translation {
                text: format!("{text} ({to})"),
                to: to.clone(),
                transliteration: None,
                alignment: None,
                sent_len: None,
            })
            .collect(),
        source_text: None,
    };
    let result = if ok {
        Ok((result, 1, Vec::new()))
    } else {
        Err(ClientError::Input("boom".into()))
    };
    s.message(
        Msg::Translated {
            generation,
            text,
            result,
        },
        std::time::Instant::now(),
    )
    .into_iter()
    .filter_map(|e| match e {
        Effect::RecordHistory(r) => Some(r),
        _ => None,
    })
    .collect()
}

/// What the executor does with a record: the first of a stretch gets an id.
fn written(s: &mut State, records: &[Record], id: i64) {
    for r in records {
        if s.translate.recorder.id_of(r.stretch).is_none() {
            s.translate.recorder.written(r.stretch, id);
        }
    }
}

#[test]
fn one_entry_per_editing_stretch() {
    let mut s = State::new("local engine".into());
    let t0 = Instant::now();
    typed(&mut s, "Hel", t0);
    let first = reply(&mut s, t0, true);
    assert_eq!(first.len(), 1);
    assert_eq!(first[0].entry.source, "Hel");
    assert_eq!(first[0].entry.targets, ["ja", "zh-Hans"]);
    assert_eq!(first[0].entry.results[1].text, "Hel (zh-Hans)");
    assert_eq!(first[0].entry.detected.as_deref(), Some("en"));
    written(&mut s, &first, 10);
    typed(&mut s, "lo world", t0 + Duration::from_secs(2));
    let second = reply(&mut s, t0 + Duration::from_secs(2), true);
    assert_eq!(second[0].stretch, first[0].stretch, "the same entry, updated");
    assert_eq!(s.translate.recorder.id_of(second[0].stretch), Some(10));
    assert_eq!(second[0].entry.source, "Hello world");
    // A failed reply records nothing.
    typed(&mut s, "!", t0 + Duration::from_secs(3));
    assert!(reply(&mut s, t0 + Duration::from_secs(3), false).is_empty());
    // Cleared, then something new: a new entry.
    for _ in 0.."Hello world!".len() {
        press(&mut s, KeyCode::Backspace, M::NONE, t0 + Duration::from_secs(4));
    }
    assert!(
        reply(&mut s, t0 + Duration::from_secs(4), true).is_empty(),
        "nothing sent for no text"
    );
    typed(&mut s, "Hello again", t0 + Duration::from_secs(5));
    let third = reply(&mut s, t0 + Duration::from_secs(5), true);
    assert_ne!(third[0].stretch, first[0].stretch);
    assert_eq!(
        s.translate.recorder.id_of(third[0].stretch),
        None,
        "not written yet"
    );
}

#[test]
fn new_languages_or_a_long_pause_start_a_new_entry() {
    let mut s = State::new("local engine".into());
    let t0 = Instant::now();
    typed(&mut s, "Good morning", t0);
    let a = reply(&mut s, t0, true)[0].stretch;
    s.set_targets(vec!["fi".into()]);
    s.translate.refresh(t0);
    let b = reply(&mut s, t0, true);
    assert_ne!(b[0].stretch, a, "other targets: another entry");
    assert_eq!(b[0].entry.targets, ["fi"]);
    let later = t0 + REST + Duration::from_secs(1);
    typed(&mut s, "!", later);
    let c = reply(&mut s, later, true);
    assert_ne!(c[0].stretch, b[0].stretch, "edited after a rest");
    typed(&mut s, "!", later + Duration::from_secs(60));
    let d = reply(&mut s, later + Duration::from_secs(60), true);
    assert_eq!(d[0].stretch, c[0].stretch);
}

#[test]
fn the_language_in_effect_decides_not_how_it_was_chosen() {
    let mut s = State::new("local engine".into());
    let t0 = Instant::now();
    typed(&mut s, "Good morning", t0);
    // Detected as English (the replies say so), then English chosen: the same entry.
    let a = reply(&mut s, t0, true)[0].stretch;
    s.translate.from = Some("en".into());
    s.translate.refresh(t0);
    let b = reply(&mut s, t0, true);
    assert_eq!(b[0].stretch, a, "auto → en for an English text");
    assert_eq!(b[0].entry.from.as_deref(), Some("en"));
    // Back to auto, still detected English: still the same entry.
    s.translate.from = None;
    s.translate.refresh(t0);
    assert_eq!(reply(&mut s, t0, true)[0].stretch, a);
    // Another source language chosen: another entry.
    s.translate.from = Some("de".into());
    s.translate.refresh(t0);
    assert_ne!(reply(&mut s, t0, true)[0].stretch, a, "en → de");
}

#[test]
fn white_space_is_never_recorded() {
    let mut s = State::new("local engine".into());
    let t0 = Instant::now();
    s.paste("   \n  ", t0);
    assert!(reply(&mut s, t0, true).is_empty());
    s.translate.refresh(t0);
    assert!(reply(&mut s, t0, true).is_empty());
}

fn entry(id: i64, source: &str, targets: &[&str]) -> Found {
    Found {
        entry: Entry {
            id,
            created: 100,
            updated: 100,
            source: source.into(),
            from: Some("en".into()),
            targets: targets.iter().map(|t| (*t).to_owned()).collect(),
            results: targets
                .iter()
                .map(|t| Rendition {
                    to: (*t).into(),
                    text: format!("{source} in {t}"),
                })
                .collect(),
            ..Entry::default()
        },
        ..Found::default()
    }
}

fn searched(fx: &[Effect]) -> HistoryQuery {
    match fx.last() {
        Some(Effect::SearchHistory(q)) => q.clone(),
        other => panic!("a search was due: {other:?}"),
    }
}

/// The History view open (from the target panes, with `H`) on two entries.
fn opened() -> (State, HistoryQuery) {
    let mut s = State::new("local engine".into());
    let now = Instant::now();
    press(&mut s, KeyCode::Esc, M::NONE, now);
    let fx = press(&mut s, KeyCode::Char('H'), M::SHIFT, now);
    assert!(matches!(s.overlay, Some(Overlay::History(_))));
    let q = searched(&fx);
    assert_eq!(
        q,
        HistoryQuery {
            mode: Mode::Translations,
            text: String::new(),
            limit: PAGE
        }
    );
    let rows = Rows::Translations(vec![
        entry(7, "Good night", &["fr"]),
        entry(3, "I have a bank account.", &["fi", "de"]),
    ]);
    s.history_rows(&q, Ok(rows), 1_000);
    (s, q)
}

#[test]
fn typing_searches_and_enter_reopens_the_entry() {
    let (mut s, _) = opened();
    let now = Instant::now();
    let fx = typed(&mut s, "bank q", now);
    assert_eq!(fx.len(), 6, "one search per key");
    assert_eq!(searched(&fx).text, "bank q");
    assert!(!s.quit, "q is search text");
    // The answer to an older question is dropped.
    let old = HistoryQuery {
        mode: Mode::Translations,
        text: "bank".into(),
        limit: PAGE,
    };
    s.history_rows(&old, Ok(Rows::Translations(Vec::new())), 1_000);
    let q = searched(&press(&mut s, KeyCode::Backspace, M::NONE, now));
    assert_eq!(q.text, "bank");
    let rows = Rows::Translations(vec![
        entry(7, "Good night", &["fr"]),
        entry(3, "I have a bank account.", &["fi", "de"]),
    ]);
    s.history_rows(&q, Ok(rows), 1_000);
    press(&mut s, KeyCode::Down, M::NONE, now);
    let fx = press(&mut s, KeyCode::Enter, M::NONE, now);
    assert_eq!(fx, [s.save_prefs()]);
    assert!(s.overlay.is_none());
    assert_eq!((s.tab, s.translate.focus), (Tab::Translate, Focus::Editor));
    assert_eq!(s.translate.text(), "I have a bank account.");
    assert_eq!(s.translate.targets, ["fi", "de"]);
    assert_eq!(s.translate.from.as_deref(), Some("en"));
    assert_eq!(s.translate.editor.cursor(), (0, 22), "the cursor at the end");
    // It is translated again; the reply refreshes entry 3, an edit starts anew.
    let records = reply(&mut s, now, true);
    assert_eq!(s.translate.recorder.id_of(records[0].stretch), Some(3));
    typed(&mut s, " Two.", now);
    let records = reply(&mut s, now, true);
    assert_eq!(s.translate.recorder.id_of(records[0].stretch), None);
}

#[test]
fn delete_asks_first() {
    let (mut s, q) = opened();
    let now = Instant::now();
    assert!(press(&mut s, KeyCode::Delete, M::NONE, now).is_empty());
    assert!(press(&mut s, KeyCode::Char('n'), M::NONE, now).is_empty(), "kept");
    assert!(matches!(s.overlay, Some(Overlay::History(_))));
    assert!(press(&mut s, KeyCode::Char('d'), M::CONTROL, now).is_empty());
    let fx = press(&mut s, KeyCode::Char('y'), M::NONE, now);
    assert_eq!(
        fx,
        [
            Effect::DeleteHistory {
                mode: Mode::Translations,
                id: 7
            },
            Effect::SearchHistory(q)
        ]
    );
}

#[test]
fn tab_switches_to_look_ups_and_esc_closes() {
    let (mut s, _) = opened();
    let now = Instant::now();
    let q = searched(&press(&mut s, KeyCode::Tab, M::NONE, now));
    assert_eq!(q.mode, Mode::Lookups);
    assert!(
        press(&mut s, KeyCode::Enter, M::NONE, now).is_empty(),
        "no look-up to reopen"
    );
    let fx = s.paste("fly", now);
    assert_eq!(searched(&fx).text, "fly");
    assert!(press(&mut s, KeyCode::Esc, M::NONE, now).is_empty());
    assert!(s.overlay.is_none());
}

#[test]
fn ctrl_r_opens_from_the_editor_and_h_from_the_manage_tab() {
    let mut s = State::new("local engine".into());
    let now = Instant::now();
    let fx = press(&mut s, KeyCode::Char('H'), M::SHIFT, now);
    assert!(fx.is_empty() && s.overlay.is_none(), "H is text in the editor");
    assert_eq!(s.translate.text(), "H");
    searched(&press(&mut s, KeyCode::Char('r'), M::CONTROL, now));
    assert!(matches!(s.overlay, Some(Overlay::History(_))));
    press(&mut s, KeyCode::Char('r'), M::CONTROL, now);
    assert!(s.overlay.is_none(), "Ctrl+R closes it again");
    press(&mut s, KeyCode::Esc, M::NONE, now);
    press(&mut s, KeyCode::Char('4'), M::NONE, now);
    assert_eq!(s.tab, Tab::Manage);
    searched(&press(&mut s, KeyCode::Char('H'), M::SHIFT, now));
    assert!(matches!(s.overlay, Some(Overlay::History(_))));
}
