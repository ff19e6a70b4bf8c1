//! Translation in parts: a Markdown file, or a text longer than one request
//! (50,000 characters counted once per target), goes out as a document
//! ([`crate::doc`]) whose parts the executor sends request by request
//! (`runtime/document.rs`), the progress coming back after each one.
//!
//! # Data flow
//!
//! ```text
//! tick → send: in_parts(text)? → Effect::TranslateDocument(DocRequest) with
//!        the parts already translated (Parts, for the same settings)
//! executor → Msg::Document(Planned { requests, kept })   the bar's total
//!          → Msg::Document(Progress { parts })           after each request
//!          → Msg::Translated (all done: as for one request)
//!          | Msg::Document(Stopped { result, why })     cancelled or failed:
//!            the translated parts shown, the rest as it is
//! Esc (cancel_translation, while it runs) → Effect::CancelDocument
//! ```
//!
//! Nothing translated is lost: every part that came back is kept (by its
//! text) while the language, targets, options and glossary stay the same,
//! so a cancelled translation goes on where it stopped (refresh), and an
//! edit to a long file sends only the parts it changed. A stopped
//! translation is not sent again by typing, only by the refresh key.

use std::collections::HashMap;
use std::sync::Arc;

use super::{Loading, Translate};
use crate::api::limits::{Operation, char_count};
use crate::api::model::TranslateResult;
use crate::doc::Kind;
use crate::tui::effect::Effect;
use crate::tui::overlays::options::TranslateOptions;

/// The parts' translations already known, by the part's text.
pub type Known = Arc<HashMap<String, TranslateResult>>;

/// What the executor needs to translate a text in parts.
#[derive(Clone, Debug, PartialEq)]
pub struct DocRequest {
    pub generation: u64,
    pub text: String,
    pub kind: Kind,
    pub from: Option<String>,
    pub targets: Vec<String>,
    pub options: TranslateOptions,
    pub glossary: Vec<crate::client::glossary::Rule>,
    /// Parts already translated with these settings.
    pub known: Known,
}

/// Why a translation in parts stopped before its end.
#[derive(Clone, Debug, PartialEq)]
pub enum Stop {
    /// Esc.
    Cancelled,
    /// A request failed (after the client's retries): the service's words.
    Failed(String),
}

/// What the executor says of a translation in parts.
#[derive(Debug)]
pub enum DocEvent {
    /// The requests it takes (those of the parts not known yet), and the
    /// known parts the text still has (the rest are dropped).
    Planned { requests: usize, kept: Known },
    /// One more request came back with these parts' translations.
    Progress { parts: Vec<(String, TranslateResult)> },
    /// It stopped: what was translated, the rest of the text as it is.
    Stopped {
        text: String,
        result: super::Answer,
        why: Stop,
    },
}

/// The translation in parts under way (or stopped), for the progress bar.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Job {
    /// The file's name ("notes.txt"), if the text is a file's.
    pub name: Option<String>,
    /// Requests back, and in all (0 until planned).
    pub done: usize,
    pub total: usize,
    /// Esc was pressed; the executor is stopping it.
    pub cancelling: bool,
    /// Why it stopped, once it has.
    pub stopped: Option<Stop>,
}

impl Job {
    /// Whether requests are still going out.
    pub fn running(&self) -> bool {
        self.stopped.is_none()
    }

    /// The bar's label: `Translating notes.txt: 12/40 parts`.
    pub fn label(&self) -> String {
        let what = match &self.name {
            Some(name) => format!("Translating {name}"),
            None => "Translating".to_owned(),
        };
        match (self.total, self.cancelling) {
            (_, true) => format!("{what}: stopping at {}/{} parts…", self.done, self.total),
            (0, _) => format!("{what}: cutting into parts…"),
            _ => format!("{what}: {}/{} parts", self.done, self.total),
        }
    }

    /// The bar's fill, 0 to 1.
    pub fn ratio(&self) -> f64 {
        match self.total {
            0 => 0.0,
            total => (self.done as f64 / total as f64).clamp(0.0, 1.0),
        }
    }
}

/// The parts known, and the settings they were translated with.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    key: Option<PartsKey>,
    pub known: Known,
}

/// What a part's translation depends on besides its text.
#[derive(Clone, Debug, PartialEq)]
struct PartsKey {
    kind: Kind,
    from: Option<String>,
    targets: Vec<String>,
    options: TranslateOptions,
    glossary: Vec<crate::client::glossary::Rule>,
}

impl Translate {
    /// Whether `text` goes out in parts: a Markdown file always (its markup
    /// goes through html), else a text longer than one request.
    pub fn in_parts(&self, text: &str) -> bool {
        let max = Operation::Translate
            .limits()
            .map_or(50_000, |l| l.max_request_chars);
        self.kind == Kind::Markdown || char_count(text) * self.targets.len().max(1) > max
    }

    /// The request for `text` in parts, numbered as [`send`](Self::send) does.
    pub(super) fn send_document(
        &mut self,
        generation: u64,
        text: &str,
        options: TranslateOptions,
        glossary: Vec<crate::client::glossary::Rule>,
    ) -> Effect {
        let kind = match (self.kind, options.text_type) {
            (Kind::Plain, crate::api::params::TextType::Html) => Kind::Html,
            (kind, _) => kind,
        };
        let key = PartsKey {
            kind,
            from: self.from.clone(),
            targets: self.targets.clone(),
            options: options.clone(),
            glossary: glossary.clone(),
        };
        if self.parts.key.as_ref() != Some(&key) {
            self.parts = Parts {
                key: Some(key),
                known: Known::default(),
            };
        }
        self.job = Some(Job {
            name: self.file_name(),
            ..Job::default()
        });
        Effect::TranslateDocument(Box::new(DocRequest {
            generation,
            text: text.to_owned(),
            kind,
            from: self.from.clone(),
            targets: self.targets.clone(),
            options,
            glossary,
            known: Arc::clone(&self.parts.known),
        }))
    }

    /// The opened file's name, for titles and the progress bar.
    pub fn file_name(&self) -> Option<String> {
        let file = self.file.as_ref()?.file_name()?;
        Some(file.to_string_lossy().into_owned())
    }

    /// Esc while a translation in parts runs: the executor stops it (what
    /// was translated comes back as [`DocEvent::Stopped`]).
    pub fn cancel_document(&mut self) -> Option<Effect> {
        let job = self.job.as_mut().filter(|j| j.running() && !j.cancelling)?;
        job.cancelling = true;
        Some(Effect::CancelDocument(self.generation))
    }

    /// Whether a cancelled translation waits for the refresh key.
    pub(super) fn paused(&self) -> bool {
        matches!(
            &self.job,
            Some(Job {
                stopped: Some(Stop::Cancelled),
                ..
            })
        )
    }

    /// What the executor said of request `generation` in parts; whether
    /// anything changed.
    pub fn document_event(&mut self, generation: u64, event: DocEvent) -> bool {
        if generation != self.generation {
            return false;
        }
        let Some(job) = self.job.as_mut() else {
            return false;
        };
        match event {
            DocEvent::Planned { requests, kept } => {
                job.total = requests;
                self.parts.known = kept;
            }
            DocEvent::Progress { parts } => {
                job.done += 1;
                Arc::make_mut(&mut self.parts.known).extend(parts);
            }
            DocEvent::Stopped { text, result, why } => {
                self.loading = match &why {
                    Stop::Failed(e) => Loading::Failed(e.clone()),
                    Stop::Cancelled => Loading::Idle,
                };
                job.cancelling = false;
                job.stopped = Some(why);
                self.show_results(text, result);
            }
        }
        true
    }

    /// Results to show (and to align with `text`).
    pub(super) fn show_results(&mut self, text: String, (r, metered, engines): super::Answer) {
        self.alignment = Some(super::Alignment::new(&text, &r));
        self.engines = engines;
        self.results = Some(r);
        self.results_for = text;
        self.metered = metered;
    }

    /// Why the results cannot be saved as the file's translation: a
    /// translation in parts that has not finished.
    pub(super) fn unfinished(&self) -> Option<String> {
        let job = self.job.as_ref()?;
        Some(match &job.stopped {
            None => format!("{}: wait for it, or Esc to stop", job.label()),
            Some(_) => format!(
                "only {} of {} parts are translated: refresh goes on from there, then save",
                job.done, job.total
            ),
        })
    }
}
