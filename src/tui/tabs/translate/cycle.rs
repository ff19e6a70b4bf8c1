//! The request cycle.
//!
//! Live translation: every edit re-arms a 300 ms debounce; when it expires
//! the source is sent with a new generation number. Replies of an older
//! generation are dropped; the last results stay on screen meanwhile.

use std::time::Instant;

use super::{Loading, Translate, failure};
use crate::tui::effect::{Effect, Msg};
use crate::tui::overlays::options::TranslateOptions;

impl Translate {
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
    pub fn tick_text(&mut self, now: Instant, text: &str) -> Vec<Effect> {
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
            self.job = None;
            return false;
        }
        // A cancelled translation in parts goes on only when asked to.
        if self.paused() && !self.debounce.forced() {
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
        if self.in_parts(text) {
            return self.send_document(self.generation, text, options, glossary);
        }
        self.job = None;
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
                self.job = None;
                match result {
                    Ok(answer) => {
                        self.show_results(text, answer);
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
    use super::super::{DEBOUNCE, merge};
    use super::*;
    use crate::api::engine::Engine;
    use crate::api::model::{TranslateResult, Translation};
    use crate::client::ClientError;

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
        assert!(t.tick_text(t0 + DEBOUNCE / 2, "Hel").is_empty());
        t.edited(t0 + DEBOUNCE / 2);
        assert!(t.tick_text(t0 + DEBOUNCE, "Hello").is_empty(), "re-armed");
        let fx = t.tick_text(t0 + DEBOUNCE * 2, "Hello");
        assert_eq!(fx.len(), 1);
        assert!(matches!(&fx[0], Effect::Translate { generation: 1, text, .. } if text == "Hello"));
        assert_eq!(t.loading, Loading::Waiting);
        assert!(t.tick_text(t0 + DEBOUNCE * 3, "Hello").is_empty());
    }

    #[test]
    fn stale_replies_are_dropped_and_results_stay() {
        let mut t = Translate::new(vec!["fi".into()]);
        let t0 = Instant::now();
        for (i, text) in ["Hei", "Hei maailma"].iter().enumerate() {
            t.edited(t0);
            let fx = t.tick_text(t0 + DEBOUNCE * (i as u32 + 1), text);
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
        assert!(t.tick_text(t0 + DEBOUNCE, "  ").is_empty());
        assert!(t.due().is_none());
    }
}
