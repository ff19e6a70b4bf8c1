//! The Translate tab's request cycle.
//!
//! Data flow (STYLE.md §2): an edit re-arms the debounce; a tick of it may
//! return [`Effect`]s as data (a request, `tui/effect.rs`), which the
//! executor carries out by spawning client calls; a reply comes back as a
//! [`Msg`].
//! Nothing here awaits, locks or does IO, so it is tested by feeding edits,
//! ticks and messages.
//!
//! Live translation: every edit re-arms a 300 ms debounce; when it expires
//! the source is sent with a new generation number. Replies of an older
//! generation are dropped; the last results stay on screen meanwhile.

pub mod align;

use std::time::{Duration, Instant};

use crate::api::engine::Engine;
use crate::api::model::TranslateResult;
use crate::client::ClientError;
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::options::TranslateOptions;
use crate::tui::tabs::debounce::Debounce;
use crate::tui::tabs::translate::align::{Alignment, Highlight};

/// How long typing must pause before a translation is requested.
pub const DEBOUNCE: Duration = Duration::from_millis(300);

/// Where a request stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Loading {
    #[default]
    Idle,
    Waiting,
    Failed(String),
    /// Auto-detection chose a language the targets cannot be reached from
    /// (400023): what was detected, with what score, and the service's words.
    /// The status line offers the source picker instead of the bare error.
    Undetectable {
        language: String,
        score: f32,
        error: String,
    },
}

/// The failure of a request sent with `from` = `from` for `text`: a 400023
/// of auto-detection names the language the detector (the local engine's,
/// the one the local service uses) finds in `text` and its score.
fn failure(e: &ClientError, from: Option<&str>, text: &str) -> Loading {
    const INVALID_PAIR: u32 = crate::api::error::ErrorCode::InvalidLanguagePair.code();
    match (e.code(), from, crate::engine::detect(text)) {
        (Some(INVALID_PAIR), None, Some(d)) => Loading::Undetectable {
            language: d.best.language.to_owned(),
            score: d.best.score,
            error: e.to_string(),
        },
        _ => Loading::Failed(e.to_string()),
    }
}

/// One request's answer: the result, the characters metered and the engine
/// of each of its translations.
pub type Answer = (TranslateResult, u64, Vec<Option<Engine>>);

/// The answers of the requests one translation went out as
/// ([`TranslateOptions::calls`]) made one: the translations (and their
/// engines) in `targets` order, the metering summed, the detection and the
/// source text of the first answer that has them.
pub fn merge(parts: Vec<Answer>, targets: &[String]) -> Answer {
    let mut merged = TranslateResult {
        detected_language: None,
        translations: Vec::new(),
        source_text: None,
    };
    let (mut metered, mut rows) = (0, Vec::new());
    for (r, m, engines) in parts {
        metered += m;
        merged.detected_language = merged.detected_language.or(r.detected_language);
        merged.source_text = merged.source_text.or(r.source_text);
        let engines = engines.into_iter().chain(std::iter::repeat(None));
        rows.extend(r.translations.into_iter().zip(engines));
    }
    let place = |to: &str| targets.iter().position(|t| t.eq_ignore_ascii_case(to));
    rows.sort_by_key(|(t, _)| place(&t.to).unwrap_or(usize::MAX));
    let engines = rows.iter().map(|(_, e)| *e).collect();
    merged.translations = rows.into_iter().map(|(t, _)| t).collect();
    (merged, metered, engines)
}

/// The Translate tab.
pub struct Translate {
    /// Target language codes, in pane order.
    pub targets: Vec<String>,
    /// `None` is "auto" (detect).
    pub from: Option<String>,
    /// Profanity, text type, alignment, category… (the options popup).
    pub options: TranslateOptions,
    /// The newest results (kept while a newer request runs).
    pub results: Option<TranslateResult>,
    /// The source text the results belong to.
    pub results_for: String,
    pub loading: Loading,
    /// Characters charged by the last reply.
    pub metered: u64,
    /// The engine of each translation of `results` (their order), when the
    /// service said (the local one does): a gloss is labelled as such.
    pub engines: Vec<Option<Engine>>,
    /// The alignment of `results`, indexed when they arrived.
    pub alignment: Option<Alignment>,
    /// What the source cursor lights up (recomputed when it moves).
    pub highlight: Option<Highlight>,
    generation: u64,
    /// When the text goes out; a refresh (new targets, options, or the
    /// refresh key) sends it even unchanged.
    debounce: Debounce,
}

impl Translate {
    pub fn new(targets: Vec<String>) -> Self {
        Self {
            targets,
            from: None,
            options: TranslateOptions::default(),
            results: None,
            results_for: String::new(),
            loading: Loading::Idle,
            metered: 0,
            engines: Vec::new(),
            alignment: None,
            highlight: None,
            generation: 0,
            debounce: Debounce::default(),
        }
    }

    /// Recomputes what the source cursor (a byte offset in `text`) lights up;
    /// nothing while the results belong to another text.
    pub fn point_at(&mut self, text: &str, byte: usize) {
        self.highlight = match &self.alignment {
            Some(a) if text == self.results_for => Some(a.at_source(byte)),
            _ => None,
        };
    }

    /// Recomputes what the cursor of target `k` (a byte offset in its text)
    /// lights up; `None` when that pane has no result or cursor yet.
    pub fn point_at_target(&mut self, at: Option<(usize, usize)>) {
        self.highlight = match (&self.alignment, at) {
            (Some(a), Some((k, byte))) => Some(a.for_target(k, byte)),
            _ => None,
        };
    }

    /// Translate again at once, even if the text did not change.
    pub fn refresh(&mut self, now: Instant) {
        self.debounce.refresh(now);
    }

    /// When the pending debounce expires, if one is armed.
    pub fn due(&self) -> Option<Instant> {
        self.debounce.due()
    }
}

impl Translate {
    /// The editor's text changed: (re-)arms the debounce. The text itself is
    /// read when it expires, so typing costs no copy of it.
    pub fn edited(&mut self, now: Instant) {
        self.debounce.edited(now);
    }

    /// Time passed; when the debounce has expired, `text` (the editor's
    /// content) is sent unless it is empty or already translated. The tests'
    /// shorthand: the shell's `on_tick` sends with the options to send and
    /// the glossary's rules.
    #[cfg(test)]
    pub fn tick(&mut self, now: Instant, text: &str) -> Vec<Effect> {
        if !self.due_now(now, text) {
            return Vec::new();
        }
        let options = self.options.clone();
        vec![self.send(text, options, Vec::new())]
    }

    /// Whether a request for `text` is due at `now` (a blank text clears
    /// the results instead).
    pub fn due_now(&mut self, now: Instant, text: &str) -> bool {
        if !self.debounce.expired(now) {
            return false;
        }
        if text.trim().is_empty() {
            self.results = None;
            self.loading = Loading::Idle;
            return false;
        }
        !(text == self.results_for && self.loading == Loading::Idle && !self.debounce.forced())
    }

    /// The request for `text`, numbered, complete as built: the options to
    /// send and the glossary's rules are the caller's.
    pub fn send(
        &mut self,
        text: &str,
        options: TranslateOptions,
        glossary: Vec<crate::client::glossary::Rule>,
    ) -> Effect {
        self.debounce.sent();
        self.generation += 1;
        self.loading = Loading::Waiting;
        Effect::Translate {
            generation: self.generation,
            text: text.to_owned(),
            from: self.from.clone(),
            targets: self.targets.clone(),
            options,
            glossary,
        }
    }

    /// Applies a reply; stale ones (an older generation) are dropped.
    /// Returns whether anything changed.
    pub fn message(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Translated {
                generation,
                text,
                result,
            } => {
                if generation != self.generation {
                    return false;
                }
                match result {
                    Ok((r, metered, engines)) => {
                        self.alignment = Some(Alignment::new(&text, &r));
                        self.engines = engines;
                        self.results = Some(r);
                        self.results_for = text;
                        self.metered = metered;
                        self.loading = Loading::Idle;
                    }
                    Err(e) => self.loading = failure(&e, self.from.as_deref(), &text),
                }
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::model::Translation;

    fn result(text: &str) -> TranslateResult {
        TranslateResult {
            detected_language: None,
            translations: vec![Translation {
                text: text.into(),
                to: "fi".into(),
                transliteration: None,
                alignment: None,
                sent_len: None,
            }],
            source_text: None,
        }
    }

    #[test]
    fn debounced_then_sent_once() {
        let mut t = Translate::new(vec!["fi".into()]);
        let t0 = Instant::now();
        t.edited(t0);
        assert!(t.tick(t0 + DEBOUNCE / 2, "Hel").is_empty());
        t.edited(t0 + DEBOUNCE / 2);
        assert!(t.tick(t0 + DEBOUNCE, "Hello").is_empty(), "re-armed");
        let fx = t.tick(t0 + DEBOUNCE * 2, "Hello");
        assert_eq!(fx.len(), 1);
        assert!(matches!(&fx[0], Effect::Translate { generation: 1, text, .. } if text == "Hello"));
        assert_eq!(t.loading, Loading::Waiting);
        assert!(t.tick(t0 + DEBOUNCE * 3, "Hello").is_empty());
    }

    #[test]
    fn stale_replies_are_dropped_and_results_stay() {
        let mut t = Translate::new(vec!["fi".into()]);
        let t0 = Instant::now();
        for (i, text) in ["Hei", "Hei maailma"].iter().enumerate() {
            t.edited(t0);
            let fx = t.tick(t0 + DEBOUNCE * (i as u32 + 1), text);
            assert_eq!(fx.len(), 1);
        }
        let stale = Msg::Translated {
            generation: 1,
            text: "Hei".into(),
            result: Ok((result("old"), 3, Vec::new())),
        };
        assert!(!t.message(stale));
        assert!(t.results.is_none());
        let fresh = Msg::Translated {
            generation: 2,
            text: "Hei maailma".into(),
            result: Ok((result("new"), 11, Vec::new())),
        };
        assert!(t.message(fresh));
        assert_eq!(t.results.as_ref().unwrap().translations[0].text, "new");
        assert_eq!((t.metered, t.loading.clone()), (11, Loading::Idle));
        let failed = Msg::Translated {
            generation: 2,
            text: String::new(),
            result: Err(ClientError::Input("boom".into())),
        };
        assert!(t.message(failed));
        assert!(t.results.is_some(), "the last results stay visible");
        assert!(matches!(t.loading, Loading::Failed(_)));
    }

    #[test]
    fn split_answers_merge_in_target_order() {
        use crate::api::model::DetectedLanguage;
        let part = |to: &str, metered, engine| {
            let mut r = result(to);
            r.translations[0].to = to.into();
            (r, metered, vec![engine])
        };
        let mut ja = part("ja", 12, Some(Engine::Gloss));
        ja.0.detected_language = Some(DetectedLanguage {
            language: "en".into(),
            score: 1.0,
        });
        let targets = ["nb".to_owned(), "ja".to_owned()];
        let (r, metered, engines) = merge(vec![ja, part("nb", 12, None)], &targets);
        let order: Vec<_> = r.translations.iter().map(|t| t.to.as_str()).collect();
        assert_eq!(order, ["nb", "ja"]);
        assert_eq!(
            engines,
            [None, Some(Engine::Gloss)],
            "each engine with its translation"
        );
        assert_eq!(metered, 24);
        assert_eq!(r.detected_language.unwrap().language, "en");
    }

    #[test]
    fn empty_text_clears_without_a_request() {
        let mut t = Translate::new(vec!["fi".into()]);
        let t0 = Instant::now();
        t.edited(t0);
        assert!(t.tick(t0 + DEBOUNCE, "  ").is_empty());
        assert!(t.due().is_none());
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod detect_tests;
