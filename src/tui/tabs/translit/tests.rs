//! Pure tests of the tab: keys through the default keymap, ticks and
//! replies fed by hand, the requests and outcomes checked. No IO.

use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::plan::{Plan, covers, letter_counts, plan};
use super::*;
use crate::api::languages::LanguagesResponse;
use crate::api::model::BreakSentenceResult;
use crate::tui::keymap::Keymap;
use crate::tui::tabs::translate::DEBOUNCE;

/// What the local engine's `glossa languages --json` returned (all scopes).
pub(super) fn languages() -> LanguagesResponse {
    serde_json::from_str(include_str!("../../overlays/picker/languages.json")).expect("the fixture parses")
}

pub(super) use super::fixtures::detected;

/// A key as the workbench routes it: the keymap with the tab's contexts.
pub(super) fn press(t: &mut TranslitTab, code: KeyCode, now: Instant) -> Outcome {
    let event = KeyEvent::new(code, KeyModifiers::NONE);
    let action = Keymap::defaults().action(&t.contexts(), &event);
    t.handle(action, &event, &super::Hits::default(), now)
}

pub(super) fn type_text(t: &mut TranslitTab, text: &str, now: Instant) {
    for c in text.chars() {
        press(t, KeyCode::Char(c), now);
    }
}

/// Typed, debounced: the requests of the tick.
pub(super) fn typed(t: &mut TranslitTab, text: &str, l: &LanguagesResponse) -> Vec<TranslitRequest> {
    let t0 = Instant::now();
    type_text(t, text, t0);
    t.tick(t0 + DEBOUNCE, Some(l))
}

/// The previews' answers, each "«script» of «text»" unless given.
pub(super) fn answer_all(t: &mut TranslitTab, requests: &[TranslitRequest], l: &LanguagesResponse) {
    for r in requests {
        if let TranslitRequest::Transliterate {
            generation,
            to_script,
            text,
            ..
        } = r
        {
            let result = Ok(format!("{to_script} of {text}"));
            let reply = TranslitReply::Transliterated {
                generation: *generation,
                to_script: to_script.clone(),
                result,
            };
            assert!(t.reply(reply, Some(l)).0);
        }
    }
}

pub(super) fn scripts(requests: &[TranslitRequest]) -> Vec<(&str, &str, &str)> {
    requests
        .iter()
        .filter_map(|r| match r {
            TranslitRequest::Transliterate {
                language,
                from_script,
                to_script,
                ..
            } => Some((language.as_str(), from_script.as_str(), to_script.as_str())),
            _ => None,
        })
        .collect()
}

#[test]
fn typing_is_debounced_then_detected_then_transliterated_into_every_to_script() {
    let l = languages();
    let mut t = TranslitTab::new();
    let t0 = Instant::now();
    type_text(&mut t, "汉语", t0);
    assert!(t.tick(t0 + DEBOUNCE / 2, Some(&l)).is_empty(), "still typing");
    type_text(&mut t, "银行", t0 + DEBOUNCE / 2);
    assert!(
        t.tick(t0 + DEBOUNCE, Some(&l)).is_empty(),
        "re-armed by the last key"
    );
    let requests = t.tick(t0 + DEBOUNCE * 2, Some(&l));
    assert_eq!(
        requests,
        vec![TranslitRequest::Detect {
            generation: 1,
            text: "汉语银行".into()
        }]
    );
    assert_eq!(t.busy(), Some("detecting…"));
    let reply = TranslitReply::Detected {
        generation: 1,
        result: Ok(detected("zh-Hans", 1.0)),
    };
    let (changed, next) = t.reply(reply, Some(&l));
    assert!(changed);
    assert_eq!(
        scripts(&next),
        [("zh-Hans", "Hans", "Latn"), ("zh-Hans", "Hans", "Hant")]
    );
    assert_eq!(t.previews.len(), 2);
    answer_all(&mut t, &next, &l);
    assert_eq!(t.previews[1].slot.value.as_deref(), Some("Hant of 汉语银行"));
    assert_eq!(t.busy(), None);
    // Nothing new: the same text is not asked again.
    t.fill_in(t0);
    assert!(t.tick(t0 + DEBOUNCE * 4, Some(&l)).is_empty());
}

#[test]
fn stale_generations_are_dropped_and_the_last_previews_stay() {
    let l = languages();
    let mut t = TranslitTab::new();
    let first = typed(&mut t, "Привет", &l);
    t.reply(
        TranslitReply::Detected {
            generation: 1,
            result: Ok(detected("ru", 1.0)),
        },
        Some(&l),
    );
    let _ = first;
    let old = vec![TranslitRequest::Transliterate {
        generation: 1,
        text: "Привет".into(),
        language: "ru".into(),
        from_script: "Cyrl".into(),
        to_script: "Latn".into(),
    }];
    answer_all(&mut t, &old, &l);
    // More text: generation 2 goes out; replies of generation 1 are dropped.
    let second = typed(&mut t, ", мир", &l);
    assert!(matches!(
        second[..],
        [TranslitRequest::Detect { generation: 2, .. }]
    ));
    let stale = TranslitReply::Detected {
        generation: 1,
        result: Ok(detected("uk", 0.5)),
    };
    assert_eq!(t.reply(stale, Some(&l)), (false, Vec::new()));
    let stale = TranslitReply::Transliterated {
        generation: 1,
        to_script: "Latn".into(),
        result: Ok("stale".into()),
    };
    assert!(!t.reply(stale, Some(&l)).0);
    assert_eq!(
        t.previews[0].slot.value.as_deref(),
        Some("Latn of Привет"),
        "kept while updating"
    );
    let (_, next) = t.reply(
        TranslitReply::Detected {
            generation: 2,
            result: Ok(detected("ru", 1.0)),
        },
        Some(&l),
    );
    assert_eq!(scripts(&next), [("ru", "Cyrl", "Latn")]);
    assert_eq!(t.previews[0].slot.status, Status::Waiting);
    assert_eq!(t.previews[0].slot.value.as_deref(), Some("Latn of Привет"));
}

#[test]
fn a_chosen_language_skips_detection() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("ja".into()), Instant::now());
    let requests = typed(&mut t, "こんにちは", &l);
    assert!(
        requests
            .iter()
            .all(|r| !matches!(r, TranslitRequest::Detect { .. }))
    );
    assert_eq!(scripts(&requests), [("ja", "Jpan", "Latn")]);
    // Romaji in Japanese: the other way.
    t.set_text("konnichiwa");
    t.edited(Instant::now());
    let requests = t.tick(Instant::now() + DEBOUNCE, Some(&l));
    assert_eq!(scripts(&requests), [("ja", "Latn", "Jpan")]);
    // Back to auto: detection again, for the same text.
    t.choose(None, Instant::now());
    let requests = t.tick(Instant::now(), Some(&l));
    assert!(matches!(requests[..], [TranslitRequest::Detect { .. }]));
}

#[test]
fn a_failed_preview_is_its_panes_state() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("ru".into()), Instant::now());
    let requests = typed(&mut t, "Привет", &l);
    let TranslitRequest::Transliterate { generation, .. } = &requests[0] else {
        panic!("a transliteration: {requests:?}");
    };
    let reply = TranslitReply::Transliterated {
        generation: *generation,
        to_script: "Latn".into(),
        result: Err("400036 The target script is invalid".into()),
    };
    assert!(t.reply(reply, Some(&l)).0);
    assert!(matches!(&t.previews[0].slot.status, Status::Failed(e) if e.contains("400036")));
}

#[test]
fn sentence_lengths_in_utf16_units_become_byte_ranges() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("ja".into()), Instant::now());
    t.view = View::Sentences;
    let requests = typed(&mut t, "😀です。はい", &l);
    let generation = t.generation();
    assert!(
        requests
            .iter()
            .any(|r| matches!(r, TranslitRequest::BreakSentence { .. }))
    );
    let reply = TranslitReply::Sentences {
        generation,
        // 😀 is two UTF-16 units: 2 + 3, then 2; and a hostile extra length.
        result: Ok(BreakSentenceResult {
            detected_language: None,
            sent_len: vec![5, 2, 40],
        }),
    };
    t.reply(reply, Some(&l));
    let s = t.sentences.current(generation).expect("sentences");
    assert_eq!(&s.text[s.ranges[0].clone()], "😀です。");
    assert_eq!(&s.text[s.ranges[1].clone()], "はい");
    assert!(s.mismatch, "the lengths ran past the text");
}

#[test]
fn the_script_is_read_from_the_letters() {
    let l = languages();
    assert_eq!(letter_counts("Привет, world!")[0], ("Cyrl", 6));
    assert!(covers("Jpan", "Hira") && covers("Jpan", "Hani") && covers("Kore", "Hang"));
    assert!(!covers("Kore", "Hira"));
    let ready = |p: Plan| match p {
        Plan::Ready { language, from, to } => (language, from, to.len()),
        other => panic!("not ready: {other:?}"),
    };
    assert_eq!(
        ready(plan(Some(&l), "ja", "漢字とカタカナ")),
        ("ja".into(), "Jpan".into(), 1)
    );
    assert_eq!(
        ready(plan(Some(&l), "ko", "한국어 漢字")),
        ("ko".into(), "Kore".into(), 1)
    );
    // A bare code goes to the variant whose scripts the text is in.
    assert_eq!(ready(plan(Some(&l), "sr", "Добар дан")).0, "sr-Cyrl");
    assert_eq!(ready(plan(Some(&l), "sr", "Dobar dan")).0, "sr-Latn");
    assert!(matches!(
        plan(Some(&l), "ru", "مرحبا"),
        Plan::OtherScript { written, from, .. } if written == "Arab" && from.len() == 2
    ));
    assert_eq!(plan(Some(&l), "ru", "123 !?"), Plan::NoLetters);
    assert!(matches!(plan(Some(&l), "fi", "Hei"), Plan::Unsupported { .. }));
    assert_eq!(plan(None, "ru", "Привет"), Plan::NoLanguages);
}

#[test]
fn the_languages_list_arriving_late_plans_the_previews() {
    let l = languages();
    let mut t = TranslitTab::new();
    t.choose(Some("ru".into()), Instant::now());
    let t0 = Instant::now();
    type_text(&mut t, "Привет", t0);
    assert!(t.tick(t0 + DEBOUNCE, None).is_empty());
    assert_eq!(t.plan, Some(Plan::NoLanguages));
    // While a debounce runs, the list arriving does not cut it short.
    type_text(&mut t, "!", t0);
    t.languages_changed(t0);
    assert_eq!(t.due(), Some(t0 + DEBOUNCE));
    let requests = t.tick(t0 + DEBOUNCE, Some(&l));
    assert_eq!(scripts(&requests), [("ru", "Cyrl", "Latn")]);
}
