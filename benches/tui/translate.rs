//! The Translate tab: three targets of ~2 KB each with a word alignment, the
//! source cursor in the middle of the text (so highlights are drawn in every
//! pane).
//!
//! - `frame_200x60/translate_3x2KB`: the frame alone (main.rs);
//! - `key_then_frame`: a cursor key in the editor, the highlight query and
//!   the frame — what one key press costs the UI thread;
//! - `target_word_then_frame`: the same with the focus in a target pane.

use std::time::Instant;

use criterion::Criterion;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use glossa::api::model::{Alignment, DetectedLanguage, TranslateResult, Translation};
use glossa::tui::State;
use glossa::tui::effect::{Effect, Msg};
use glossa::tui::tabs::translate::DEBOUNCE;

const WORDS: &str = "the translator service detects the language of a text breaks it into sentences \
and translates it while the cursor moves through words that light up in every pane";

/// A target language and how a source word reads in it.
type Target = (&'static str, fn(&str) -> String);

/// A ~2 KB source, and per target a text whose words map one to one, with
/// the `proj` string linking them (UTF-16 offsets, inclusive ends).
fn fixture() -> (String, Vec<(String, String, String)>) {
    let words: Vec<&str> = WORDS.split(' ').collect();
    let mut source = String::new();
    while source.len() < 2000 {
        for (i, w) in words.iter().enumerate() {
            if !source.is_empty() {
                source.push(' ');
            }
            source.push_str(w);
            if i % 9 == 8 {
                source.push('.');
            }
        }
    }
    let render: [Target; 3] = [
        ("ja", |w| "語".repeat(w.len().div_ceil(2))),
        ("zh-Hans", |w| "词".repeat(w.len().div_ceil(3))),
        ("fi", |w| format!("{w}ssa")),
    ];
    let targets = render
        .iter()
        .map(|(code, f)| {
            let (mut text, mut proj) = (String::new(), Vec::new());
            let mut src_at = 0;
            for w in source.split(' ') {
                let bare = w.trim_end_matches('.');
                let t = f(bare);
                if !text.is_empty() {
                    text.push(' ');
                }
                let tgt_at = text.encode_utf16().count();
                text.push_str(&t);
                let tl = t.encode_utf16().count();
                proj.push(format!(
                    "{}:{}-{}:{}",
                    src_at,
                    src_at + bare.len() - 1,
                    tgt_at,
                    tgt_at + tl - 1
                ));
                src_at += w.len() + 1;
            }
            ((*code).to_owned(), text, proj.join(" "))
        })
        .collect();
    (source, targets)
}

/// The workbench on the Translate tab with the fixture translated and lit.
pub fn state() -> State {
    let (source, targets) = fixture();
    let mut s = State::new("local engine".into());
    s.set_targets(targets.iter().map(|t| t.0.clone()).collect());
    s.paste(&source, Instant::now());
    let fx = s.tick(Instant::now() + DEBOUNCE);
    let Some(Effect::Translate { generation, .. }) = fx.first() else {
        panic!("a request was due")
    };
    let result = TranslateResult {
        detected_language: Some(DetectedLanguage {
            language: "en".into(),
            score: 1.0,
        }),
        translations: targets
            .into_iter()
            .map(|(to, text, proj)| Translation {
                text,
                to,
                transliteration: None,
                alignment: Some(Alignment {
                    proj: proj.parse().expect("a valid proj"),
                }),
                sent_len: None,
            })
            .collect(),
        source_text: None,
    };
    s.message(
        Msg::Translated {
            generation: *generation,
            text: source,
            result: Ok((result, 6000, Vec::new())),
        },
        std::time::Instant::now(),
    );
    // The cursor to the middle of the text.
    for _ in 0..40 {
        s.key(KeyEvent::new(KeyCode::Up, KeyModifiers::NONE), Instant::now());
    }
    for _ in 0..60 {
        s.key(KeyEvent::new(KeyCode::Right, KeyModifiers::NONE), Instant::now());
    }
    s.translate.refresh_highlight();
    let lit = s
        .translate
        .highlight
        .as_ref()
        .map_or(0, |h| h.targets[0].spans().len());
    assert!(lit > 0, "the fixture lights something up");
    s
}

/// A key, its highlight query and the frame, in the editor and in a target pane.
pub fn keys(c: &mut Criterion) {
    let mut s = state();
    let mut terminal = crate::terminal();
    let mut right = true;
    c.bench_function("key_then_frame", |b| {
        b.iter(|| {
            let code = if right { KeyCode::Right } else { KeyCode::Left };
            right = !right;
            s.key(KeyEvent::new(code, KeyModifiers::NONE), Instant::now());
            s.translate.refresh_highlight();
            terminal
                .draw(|f| {
                    glossa::tui::draw(f, &s);
                })
                .expect("drawn");
        })
    });
    s.key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE), Instant::now());
    for _ in 0..30 {
        s.key(
            KeyEvent::new(KeyCode::Char('l'), KeyModifiers::NONE),
            Instant::now(),
        );
    }
    c.bench_function("target_word_then_frame", |b| {
        b.iter(|| {
            let key = if right { 'l' } else { 'h' };
            right = !right;
            s.key(
                KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE),
                Instant::now(),
            );
            s.translate.refresh_highlight();
            terminal
                .draw(|f| {
                    glossa::tui::draw(f, &s);
                })
                .expect("drawn");
        })
    });
}
