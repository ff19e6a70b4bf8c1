//! The service's answers to the Transliterate tab, made up the way the
//! event loop would receive them, for the tab's snapshots and benches/tui.

use crate::api::model::{BreakSentenceResult, DetectAlternative, DetectResult, DetectedLanguage};
use crate::tui::State;
use crate::tui::effect::{Effect, Msg};
use crate::tui::tabs::translit::{TranslitReply, TranslitRequest};

/// A detection of `language` with one alternative (Ukrainian).
pub fn detected(language: &str, score: f32) -> DetectResult {
    DetectResult {
        language: language.into(),
        score,
        is_translation_supported: true,
        is_transliteration_supported: true,
        alternatives: vec![DetectAlternative {
            language: "uk".into(),
            score: 0.31,
            is_translation_supported: true,
            is_transliteration_supported: true,
        }],
    }
}

/// Answers `pending` and every request the answers lead to: the detection
/// says `language` (score 0.98), each preview is `preview(toScript, text)`
/// (`None`: the service refuses that script), sentences come from the engine.
pub fn answer_all(
    s: &mut State,
    mut pending: Vec<Effect>,
    language: &str,
    preview: impl Fn(&str, &str) -> Option<String>,
) {
    while let Some(effect) = pending.pop() {
        let Effect::Translit(request) = effect else {
            continue;
        };
        let reply = match request {
            TranslitRequest::Detect { generation, .. } => TranslitReply::Detected {
                generation,
                result: Ok(detected(language, 0.98)),
            },
            TranslitRequest::Transliterate {
                generation,
                to_script,
                text,
                ..
            } => TranslitReply::Transliterated {
                result: preview(&to_script, &text).ok_or_else(|| "no such script".to_owned()),
                generation,
                to_script,
            },
            TranslitRequest::BreakSentence { generation, text, .. } => {
                let sent_len = crate::engine::sentence_lengths(&text, Some(language));
                TranslitReply::Sentences {
                    generation,
                    result: Ok(BreakSentenceResult {
                        detected_language: Some(DetectedLanguage {
                            language: language.into(),
                            score: 1.0,
                        }),
                        sent_len: sent_len.into_iter().map(|n| n as u32).collect(),
                    }),
                }
            }
        };
        let next = s.message(Msg::Translit(reply), std::time::Instant::now());
        pending.extend(next.into_iter().filter(|e| matches!(e, Effect::Translit(_))));
    }
}
