//! The Translate tab: the editor, one pane per target language with the
//! word alignment lit up, and the request cycle behind them. It is a
//! [`TabComponent`](crate::tui::component::TabComponent) like the other tabs
//! (`component.rs`); the shell owns the overlays it opens (pickers, options,
//! glossary, alternatives) and applies what they choose through its methods.
//!
//! Files: `cycle.rs` the request cycle, `document.rs` a long or Markdown
//! text translated in parts with its progress, `source.rs` the editor and the
//! draft, `targets.rs` the panes and the word cursor, `glossary.rs` the
//! terms forced, `actions.rs` swap, copies, look-ups and scripts, `mouse.rs`,
//! `draw/` the panes and the status line.
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

mod actions;
pub mod align;
mod component;
mod cycle;
mod document;
pub mod draw;
mod glossary;
mod mouse;
mod round_trip;
mod source;
mod targets;

pub use self::document::{DocEvent, DocRequest, Job, Known, Parts, Stop};
pub use self::glossary::GlossaryMarks;
pub use self::round_trip::Trips;

use std::time::Duration;

use crate::api::engine::Engine;
use crate::api::model::TranslateResult;
use crate::client::ClientError;
use crate::tui::overlays::history::recorder::Recorder;
use crate::tui::overlays::options::TranslateOptions;
use crate::tui::tabs::debounce::Debounce;
use crate::tui::tabs::translate::align::{Alignment, Highlight};
use crate::tui::widgets::pane_view::PaneView;
use ratatui_textarea::{TextArea, WrapMode};

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

/// Which pane has the focus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Focus {
    Editor,
    /// A target pane, by its place on screen (`Translate::targets` order).
    Target(usize),
}

/// Where the editor's text stands with the store.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DraftSync {
    /// Whether there is a store to keep the draft in (no store: no
    /// [`SaveDraft`](crate::tui::effect::Effect::SaveDraft), nothing pending).
    pub keeps: bool,
    /// The text changed since the draft was last handed to the store.
    pub dirty: bool,
    /// Changes handed to the store, and the newest committed.
    pub seq: u64,
    pub saved: u64,
}

/// The Translate tab.
pub struct Translate {
    /// The source text being typed.
    pub editor: TextArea<'static>,
    pub focus: Focus,
    /// One per target pane.
    pub panes: Vec<PaneView>,
    /// The source, when shown read-only (a target has the focus).
    pub source_view: PaneView,
    /// Sentences shaded and the current one marked in every pane.
    pub sentence_view: bool,
    /// Each target translated back, under it (`R`).
    pub trips: Trips,
    /// Text copied elsewhere replaces the source (`W`).
    pub watching: bool,
    /// The file opened as the source (`glossa FILE`); Ctrl+S saves beside it.
    pub file: Option<std::path::PathBuf>,
    /// How the source is read: plain, or the file's html or Markdown.
    pub kind: crate::doc::Kind,
    /// The translation in parts under way or stopped (a long text, Markdown).
    pub job: Option<Job>,
    /// The parts translated so far, reused while the settings stay.
    pub parts: Parts,
    /// Every glossary entry (the store's), loaded at start and after each change.
    pub glossary: Vec<crate::store::glossary::GlossaryEntry>,
    /// The glossary terms of the editor's text, for drawing and the status.
    pub glossary_marks: GlossaryMarks,
    /// When a translation goes into the history (one entry per editing stretch).
    pub recorder: Recorder,
    pub draft: DraftSync,
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

/// The editor's placeholder.
pub const PLACEHOLDER: &str = "Type or paste text to translate…";

/// An empty editor, wrapping at words.
pub fn new_editor() -> TextArea<'static> {
    let mut editor = TextArea::default();
    editor.set_wrap_mode(WrapMode::Word);
    editor.set_placeholder_text(PLACEHOLDER);
    editor
}

impl Translate {
    pub fn new(targets: Vec<String>) -> Self {
        let mut tab = Self {
            editor: new_editor(),
            focus: Focus::Editor,
            panes: Vec::new(),
            source_view: PaneView::default(),
            sentence_view: false,
            trips: Trips::default(),
            watching: false,
            file: None,
            kind: crate::doc::Kind::Plain,
            job: None,
            parts: Parts::default(),
            glossary: Vec::new(),
            glossary_marks: GlossaryMarks::default(),
            recorder: Recorder::default(),
            draft: DraftSync::default(),
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
        };
        tab.sync_panes(None);
        tab
    }
}

#[cfg(test)]
#[path = "app_tests.rs"]
mod detect_tests;

#[cfg(test)]
#[path = "document_tests.rs"]
mod document_tests;
