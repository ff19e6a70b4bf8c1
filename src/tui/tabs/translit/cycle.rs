//! The tab's request cycle: debounce, generations, what is asked and what
//! came back.
//!
//! An edit re-arms the debounce ([`crate::tui::tabs::translate::DEBOUNCE`]); when it
//! expires a changed text gets a new generation. Then, per generation, each
//! request is made at most once: `detect` (when the language is auto, or the
//! detect view is shown), `breaksentence` (when the sentence view is shown)
//! and, once the language is known (chosen, or the detect reply), one
//! `transliterate` per `toScript` of the [`Plan`]. Replies carry their
//! generation; an older one is dropped. Switching the view or the languages
//! list arriving only fills in what the current generation lacks.

use std::time::Instant;

use super::plan::{self, Plan};
use super::slot::{Sentences, Slot, Status, TranslitReply, TranslitRequest};
use super::{Preview, TranslitTab};
use crate::api::languages::LanguagesResponse;

impl TranslitTab {
    /// The text changed: (re-)arms the debounce.
    pub(super) fn edited(&mut self, now: Instant) {
        self.debounce.edited(now);
    }

    /// Ask again now, even for an unchanged text.
    pub fn refresh(&mut self, now: Instant) {
        self.debounce.refresh(now);
    }

    /// The languages list arrived (or changed): plan the previews again.
    pub fn languages_changed(&mut self, now: Instant) {
        self.planned = 0;
        self.fill_in(now);
    }

    /// Fill in what the current text lacks at the next tick, without cutting
    /// short a debounce under way (the text may still be typed).
    pub(super) fn fill_in(&mut self, now: Instant) {
        self.debounce.soon(now);
    }

    /// When the pending debounce expires.
    pub fn due(&self) -> Option<Instant> {
        self.debounce.due()
    }

    /// Time passed: when the debounce has expired, a changed text gets a new
    /// generation and what it lacks is asked for.
    pub fn tick(&mut self, now: Instant, languages: Option<&LanguagesResponse>) -> Vec<TranslitRequest> {
        if !self.debounce.expired(now) {
            return Vec::new();
        }
        let text = self.text();
        if text.trim().is_empty() {
            self.clear();
            return Vec::new();
        }
        if text != self.sent || self.debounce.forced() {
            self.debounce.sent();
            self.generation += 1;
            self.sent = text;
        }
        self.requests(languages)
    }

    /// Everything the current generation lacks for the view shown.
    fn requests(&mut self, languages: Option<&LanguagesResponse>) -> Vec<TranslitRequest> {
        let g = self.generation;
        let mut out = Vec::new();
        if (self.chosen.is_none() || self.view == super::View::Detect) && self.detect.wanted(g) {
            self.detect.ask(g);
            out.push(TranslitRequest::Detect {
                generation: g,
                text: self.sent.clone(),
            });
        }
        if self.view == super::View::Sentences && self.sentences.wanted(g) {
            self.sentences.ask(g);
            out.push(TranslitRequest::BreakSentence {
                generation: g,
                text: self.sent.clone(),
                language: self.chosen.clone(),
            });
        }
        out.extend(self.preview_requests(languages));
        out
    }

    /// The language of the current generation: chosen, or detected for it.
    pub fn language(&self) -> Option<&str> {
        match &self.chosen {
            Some(c) => Some(c),
            None => self.detect.current(self.generation).map(|d| d.language.as_str()),
        }
    }

    /// Once the language is known: the plan, and one request per `toScript`.
    fn preview_requests(&mut self, languages: Option<&LanguagesResponse>) -> Vec<TranslitRequest> {
        let g = self.generation;
        if self.planned == g {
            return Vec::new();
        }
        let Some(language) = self.language() else {
            return Vec::new();
        };
        let plan = plan::plan(languages, language, &self.sent);
        self.planned = g;
        let Plan::Ready { language, from, to } = &plan else {
            self.previews.clear();
            self.plan = Some(plan);
            return Vec::new();
        };
        // The same scripts keep their panes (and last texts) while updating.
        let same = matches!(&self.plan, Some(Plan::Ready { language: l, from: f, to: t })
            if l == language && f == from && t == to);
        if !same {
            self.previews = to.iter().cloned().map(Preview::new).collect();
        }
        let mut out = Vec::new();
        for p in &mut self.previews {
            p.slot.ask(g);
            out.push(TranslitRequest::Transliterate {
                generation: g,
                text: self.sent.clone(),
                language: language.clone(),
                from_script: from.clone(),
                to_script: p.target.code.clone(),
            });
        }
        self.plan = Some(plan);
        out
    }

    /// Applies an answer; returns whether anything changed and what to ask
    /// next (the previews, once a detection is in).
    pub fn reply(
        &mut self,
        reply: TranslitReply,
        languages: Option<&LanguagesResponse>,
    ) -> (bool, Vec<TranslitRequest>) {
        let g = self.generation;
        match reply {
            TranslitReply::Detected { generation, result } if generation == g => {
                let changed = self.detect.answer(generation, result);
                (changed, self.preview_requests(languages))
            }
            TranslitReply::Transliterated {
                generation,
                to_script,
                result,
            } if generation == g => {
                let pane = self.previews.iter_mut().find(|p| p.target.code == to_script);
                let changed = pane.is_some_and(|p| p.slot.answer(generation, result));
                (changed, Vec::new())
            }
            TranslitReply::Sentences { generation, result } if generation == g => {
                let text = &self.sent;
                let result = result.map(|r| {
                    let (ranges, mismatch) = crate::tui::tabs::translate::align::pieces(text, &r.sent_len);
                    Sentences::new(text, ranges, mismatch, r.detected_language)
                });
                (self.sentences.answer(generation, result), Vec::new())
            }
            _ => (false, Vec::new()),
        }
    }

    /// An empty text: nothing to show, nothing pending.
    fn clear(&mut self) {
        self.sent.clear();
        self.generation += 1;
        self.planned = self.generation;
        self.plan = None;
        self.previews.clear();
        self.detect = Slot::default();
        self.sentences = Slot::default();
    }

    /// Whether any request of the current generation is still out.
    pub fn busy(&self) -> Option<&'static str> {
        if self.detect.status == Status::Waiting {
            Some("detecting…")
        } else if self.previews.iter().any(|p| p.slot.status == Status::Waiting) {
            Some("transliterating…")
        } else if self.sentences.status == Status::Waiting {
            Some("breaking sentences…")
        } else {
            None
        }
    }
}
