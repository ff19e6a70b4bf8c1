//! What the tab asks and what comes back: [`TranslitRequest`],
//! [`TranslitReply`], and per kind of answer a [`Slot`] (the newest value,
//! the generation it belongs to, the one last asked for, where it stands).
//! The sentences are turned into byte ranges once, when they arrive.

use std::ops::Range;

use crate::api::model::{BreakSentenceResult, DetectResult, DetectedLanguage};

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
    pub(super) fn wanted(&self, generation: u64) -> bool {
        self.asked != generation
    }

    pub(super) fn ask(&mut self, generation: u64) {
        self.asked = generation;
        self.status = Status::Waiting;
    }

    /// Applies an answer of the generation asked for; `false` when stale.
    pub(super) fn answer(&mut self, generation: u64, result: Result<T, String>) -> bool {
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
    pub(super) fn new(
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
