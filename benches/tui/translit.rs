//! The Transliterate tab: ~2 KB of Chinese with its two previews (pinyin and
//! Traditional), as the event loop builds it: keys, the debounce's tick,
//! the detect answer, one answer per `toScript`.

use std::time::Instant;

use crossterm::event::KeyCode;
use glossa::api::languages::LanguagesResponse;
use glossa::tui::effect::Msg;
use glossa::tui::tabs::translate::DEBOUNCE;
use glossa::tui::tabs::translit::fixtures;
use glossa::tui::{State, Tab};

use crate::press;

const SENTENCE: &str = "我们去银行。汉语很有意思。";

/// The workbench on the Transliterate tab with every preview answered.
pub fn state() -> State {
    let mut s = State::new("local engine".into());
    let languages: LanguagesResponse =
        serde_json::from_str(include_str!("../../src/tui/overlays/picker/languages.json"))
            .expect("the fixture parses");
    s.message(Msg::Languages(Ok(languages)), std::time::Instant::now());
    press(&mut s, KeyCode::Esc);
    press(&mut s, KeyCode::Char('3'));
    assert_eq!(s.tab, Tab::Transliterate);
    let text = SENTENCE.repeat(2000 / SENTENCE.len() + 1);
    s.paste(&text, Instant::now());
    let pending = s.tick(Instant::now() + DEBOUNCE);
    fixtures::answer_all(&mut s, pending, "zh-Hans", |script, text| {
        Some(match script {
            "Latn" => "wǒmen qù yínháng. hànyǔ hěn yǒu yìsi. ".repeat(text.len() / SENTENCE.len()),
            _ => text.replace('们', "們").replace('银', "銀").replace('汉', "漢"),
        })
    });
    assert_eq!(s.translit.previews.len(), 2, "both previews answered");
    s
}
