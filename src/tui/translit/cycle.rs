//! The tab's request cycle: debounce, generations, what is asked and what
//! came back.
//!
//! An edit re-arms the debounce ([`crate::tui::app::DEBOUNCE`]); when it
//! expires a changed text gets a new generation. Then, per generation, each
//! request is made at most once: `detect` (when the language is auto, or the
//! detect view is shown), `breaksentence` (when the sentence view is shown)
//! and, once the language is known (chosen, or the detect reply), one
//! `transliterate` per `toScript` of the [`Plan`]. Replies carry their
//! generation; an older one is dropped. Switching the view or the languages
//! list arriving only fills in what the current generation lacks.

use std::ops::Range;
use std::time::Instant;

use super::plan::{self, Plan};
use super::{Preview, TranslitTab};
use crate::api::languages::LanguagesResponse;
use crate::api::model::{BreakSentenceResult, DetectResult, DetectedLanguage};
use crate::tui::app::DEBOUNCE;

/// A request of the tab, carried out by `run/translit.rs`.
#[derive(Clone, Debug, PartialEq)]
pub enum TranslitRequest {
    Detect {
        generation: u64,
        text: String,
    },
    Transliterate {
        generation: u64,
        text: String,
        language: String,
        from_script: String,
        to_script: String,
    },
    BreakSentence {
        generation: u64,
        text: String,
        language: Option<String>,
    },
}

/// An answer, back as `Msg::Translit`; errors as their one-line message.
#[derive(Clone, Debug, PartialEq)]
pub enum TranslitReply {
    Detected {
        generation: u64,
        result: Result<DetectResult, String>,
    },
    Transliterated {
        generation: u64,
        to_script: String,
        result: Result<String, String>,
    },
    Sentences {
        generation: u64,
        result: Result<BreakSentenceResult, String>,
    },
}

/// Where a request stands.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Status {
    #[default]
    Idle,
    Waiting,
    Failed(String),
}

/// One kind of answer: the newest value (kept while a newer one is asked
/// for), its generation, and the generation last asked for.
#[derive(Debug)]
pub struct Slot<T> {
    pub value: Option<T>,
    pub status: Status,
    /// The generation `value` belongs to.
    pub of: u64,
    asked: u64,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Self {
            value: None,
            status: Status::Idle,
            of: 0,
            asked: 0,
        }
    }
}

impl<T> Slot<T> {
    fn wanted(&self, generation: u64) -> bool {
        self.asked != generation
    }

    fn ask(&mut self, generation: u64) {
        self.asked = generation;
        self.status = Status::Waiting;
    }

    /// Applies an answer of the generation asked for; `false` when stale.
    fn answer(&mut self, generation: u64, result: Result<T, String>) -> bool {
        if generation != self.asked {
            return false;
        }
        match result {
            Ok(v) => {
                self.value = Some(v);
                self.of = generation;
                self.status = Status::Idle;
            }
            Err(e) => self.status = Status::Failed(e),
        }
        true
    }

    /// The value, if it belongs to `generation`.
    pub fn current(&self, generation: u64) -> Option<&T> {
        self.value.as_ref().filter(|_| self.of == generation)
    }
}

/// The sentences of a text, as byte ranges into it.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentences {
    /// The text the ranges are in.
    pub text: String,
    pub ranges: Vec<Range<usize>>,
    /// The text as drawn: a boundary mark between sentences.
    pub shown: String,
    /// `ranges` in `shown`, and the marks' ranges.
    pub shown_ranges: Vec<Range<usize>>,
    pub marks: Vec<Range<usize>>,
    /// The lengths did not add up to the text (clamped or moved).
    pub mismatch: bool,
    pub detected: Option<DetectedLanguage>,
}

/// Drawn between two sentences.
pub const BOUNDARY: &str = "▏";

impl Sentences {
    /// The sentences of `text` and the text as drawn, marks between them
    /// (computed once, when the answer arrives).
    fn new(
        text: &str,
        ranges: Vec<Range<usize>>,
        mismatch: bool,
        detected: Option<DetectedLanguage>,
    ) -> Self {
        let mut shown = String::with_capacity(text.len() + ranges.len() * BOUNDARY.len());
        let (mut shown_ranges, mut marks) = (Vec::new(), Vec::new());
        for (i, r) in ranges.iter().enumerate() {
            if i > 0 {
                marks.push(shown.len()..shown.len() + BOUNDARY.len());
                shown.push_str(BOUNDARY);
            }
            let start = shown.len();
            shown.push_str(text.get(r.clone()).unwrap_or_default());
            shown_ranges.push(start..shown.len());
        }
        // What the lengths left uncovered is still shown.
        if let Some(rest) = text.get(ranges.last().map_or(0, |r| r.end)..) {
            shown.push_str(rest);
        }
        Self {
            text: text.to_owned(),
            ranges,
            shown,
            shown_ranges,
            marks,
            mismatch,
            detected,
        }
    }
}

impl TranslitTab {
    /// The text changed: (re-)arms the debounce.
    pub(super) fn edited(&mut self, now: Instant) {
        self.due = Some(now + DEBOUNCE);
    }

    /// Ask again now, even for an unchanged text.
    pub fn refresh(&mut self, now: Instant) {
        self.force = true;
        self.due = Some(now);
    }

    /// The languages list arrived (or changed): plan the previews again.
    pub fn languages_changed(&mut self, now: Instant) {
        self.planned = 0;
        self.fill_in(now);
    }

    /// Fill in what the current text lacks at the next tick, without cutting
    /// short a debounce under way (the text may still be typed).
    pub(super) fn fill_in(&mut self, now: Instant) {
        self.due.get_or_insert(now);
    }

    /// When the pending debounce expires.
    pub fn due(&self) -> Option<Instant> {
        self.due
    }

    /// Time passed: when the debounce has expired, a changed text gets a new
    /// generation and what it lacks is asked for.
    pub fn tick(&mut self, now: Instant, languages: Option<&LanguagesResponse>) -> Vec<TranslitRequest> {
        match self.due {
            Some(due) if now >= due => self.due = None,
            _ => return Vec::new(),
        }
        let text = self.text();
        if text.trim().is_empty() {
            self.clear();
            return Vec::new();
        }
        if text != self.sent || self.force {
            self.force = false;
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
                    let (ranges, mismatch) = crate::tui::align::pieces(text, &r.sent_len);
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
