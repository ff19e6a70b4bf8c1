//! The app-wide messages of the workbench's data flow (STYLE.md §2): an
//! [`Input`] is everything the update hears (keys, pastes, the mouse, time
//! and the replies); an [`Effect`] is what an update asks the executor to
//! do, as data, complete when it is built; a [`Msg`] is what comes back to
//! the update. Every tab's requests and replies have a variant here.

use super::overlays::glossary::GlossaryEdit;
use super::overlays::history::recorder::Record;
use super::overlays::history::{HistoryQuery, Mode as HistoryMode};
use super::overlays::options::TranslateOptions;
use super::tabs::dictionary::{DictReply, DictRequest};
use super::tabs::manage::{ManageOutcome, ManageReply};
use crate::api::engine::Engine;
use crate::api::languages::LanguagesResponse;
use crate::api::model::TranslateResult;
use crate::client::glossary::Rule;
use crate::client::{ClientError, RequestRecord};

/// What [`State::update`](crate::tui::State::update) hears: the one entry
/// of the state.
#[derive(Debug)]
pub enum Input {
    Key(crossterm::event::KeyEvent),
    Paste(String),
    Mouse(crossterm::event::MouseEvent),
    /// A deadline passed (debounce, toast, the Manage tab's timers).
    Tick,
    /// A reply of the executor's.
    Msg(Msg),
    /// A frame was drawn with this layout.
    Drawn(crate::tui::feedback::Feedback),
}

/// What the executor should do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    Translate {
        generation: u64,
        text: String,
        from: Option<String>,
        targets: Vec<String>,
        options: TranslateOptions,
        /// The glossary's rules for `from` → each target (none with auto).
        glossary: Vec<Rule>,
    },
    /// Translate each target of `result` back into the source language (`source` is
    /// the text `result` translates; `from` the source language, else the detected
    /// one); answered by [`Msg::RoundTripped`].
    RoundTrip {
        generation: u64,
        source: String,
        from: Option<String>,
        result: crate::api::model::TranslateResult,
    },
    /// Write a glossary change to the store, then translate again.
    Glossary(GlossaryEdit),
    /// Put `text` on the clipboard; `label` names it in the toast.
    Copy { label: &'static str, text: String },
    /// Write each (path, text); answered by [`Msg::Saved`].
    SaveFiles(Vec<(std::path::PathBuf, String)>),
    /// Translate a long or Markdown text in parts; answered by
    /// [`Msg::Document`]s, then [`Msg::Translated`].
    TranslateDocument(Box<super::tabs::translate::DocRequest>),
    /// Stop the translation in parts of request `generation`.
    CancelDocument(u64),
    /// Read the file whose path was typed (`~` expanded) as the source;
    /// answered by [`Msg::FileRead`].
    ReadFile(String),
    /// List the directory of the path typed, to complete it; answered by
    /// [`Msg::Listed`].
    ListDir(String),
    /// Start (true) or stop watching the clipboard; new text comes as
    /// [`Msg::Clipboard`].
    WatchClipboard(bool),
    /// Speak `text` in `language` (or stop, when it is being spoken); answered by
    /// [`Msg::Spoken`].
    Speak { text: String, language: String },
    /// Remember the theme chosen as the config file's `theme` (a name or a
    /// theme file's path); a failure comes back as [`Msg::NotSaved`].
    SaveTheme(String),
    /// Write the remembered choices (targets, source language, options,
    /// the Dictionary tab's pair).
    SavePrefs(crate::tui::runtime::prefs::Prefs),
    /// Write change `seq` of the Translate tab's draft; answered by
    /// [`Msg::DraftSaved`].
    SaveDraft {
        seq: u64,
        draft: crate::store::drafts::Draft,
    },
    /// Write the migrations the Manage tab watches (resumed at the next start).
    SaveWatches {
        migrations: Vec<crate::tui::tabs::manage::migrations::Watched>,
        refreshes: Vec<crate::tui::tabs::manage::refresh_follow::Followed>,
        bulks: Vec<crate::client::manage::BulkMigration>,
    },
    /// A request of the Manage tab.
    Manage(ManageOutcome),
    /// A request of the Dictionary tab.
    Dictionary(DictRequest),
    /// Write a dictionary look-up into the history.
    RecordLookup(crate::store::lookups::NewLookup),
    /// Reconnect with this profile of the config file.
    SwitchProfile(String),
    /// Write a translation into the history (its stretch's entry, or a new one).
    RecordHistory(Record),
    /// Ask the history; the rows go back to the History view.
    SearchHistory(HistoryQuery),
    /// Delete a row of the history: an entry or a look-up.
    DeleteHistory { mode: HistoryMode, id: i64 },
    /// A request of the Transliterate tab.
    Translit(super::tabs::translit::TranslitRequest),
}

/// What came back.
#[derive(Debug)]
pub enum Msg {
    Translated {
        generation: u64,
        text: String,
        /// The result, the characters metered and the engine of each of its
        /// translations (Glossa's `X-Glossa-Engine`; empty from Azure).
        result: Result<(TranslateResult, u64, Vec<Option<Engine>>), ClientError>,
    },
    /// The back-translations of round trip request `generation` (one per target).
    RoundTripped {
        generation: u64,
        result: Result<Vec<crate::client::round_trip::RoundTrip>, String>,
    },
    /// The translation scope of the languages list.
    Languages(Result<LanguagesResponse, ClientError>),
    /// One HTTP exchange finished (for the request log).
    Request(RequestRecord),
    /// An answer of the management service.
    Manage(ManageReply),
    /// An answer for the Dictionary tab.
    Dictionary(DictReply),
    /// Something the user must read and act on (the device-code sign-in).
    Notice(String),
    /// A copy was made or sent (the toast and its kind: "copied" only when
    /// known to have worked) or not (why).
    Copied(Result<(String, crate::tui::widgets::toast::Kind), String>),
    /// The files written (their names), or the first failure.
    Saved(Result<String, String>),
    /// How a translation in parts goes (request `generation`).
    Document {
        generation: u64,
        event: super::tabs::translate::DocEvent,
    },
    /// The file whose path was typed (`text`): its path and text, or why
    /// it was not opened.
    FileRead {
        text: String,
        result: Result<(std::path::PathBuf, String), String>,
    },
    /// The entries of the directory of the path typed (`text`).
    Listed {
        text: String,
        entries: Result<Vec<super::overlays::prompt::complete::Listed>, String>,
    },
    /// Text copied in another program while the clipboard is watched, or why the
    /// watch ended (it cannot be read).
    Clipboard(Result<String, String>),
    /// What became of a [`Effect::Speak`]: the toast, or why nothing is heard.
    Spoken(Result<(String, crate::tui::widgets::toast::Kind), String>),
    /// A write to the store failed (prefs, watches); the text says what.
    NotSaved(String),
    /// A glossary edit was written: the toast's text and every entry now
    /// (or why not).
    GlossaryWritten(Result<(String, Vec<crate::store::glossary::GlossaryEntry>), String>),
    /// Change `seq` of the draft is committed to the store (or failed).
    DraftSaved { seq: u64, error: Option<String> },
    /// A profile's session is ready (or could not be made); the executor
    /// swaps it in and tells the state with [`Msg::Switched`].
    Connected(Box<Connected>),
    /// The executor now talks to profile `profile`'s service.
    Switched(Box<Switched>),
    /// The history worker's answer.
    History(HistoryReply),
    /// An answer to a request of the Transliterate tab.
    Translit(super::tabs::translit::TranslitReply),
}

/// What the history worker (`run/history_worker.rs`) says back.
#[derive(Debug)]
pub enum HistoryReply {
    /// Stretch `stretch`'s entry was inserted as `id`.
    Recorded {
        stretch: u64,
        id: i64,
    },
    NotRecorded(String),
    Rows {
        q: super::overlays::history::HistoryQuery,
        rows: Result<super::overlays::history::Rows, String>,
    },
    NotDeleted(String),
}

/// What the state hears of a profile switch: the names to show and the
/// Manage tab's configuration for the new service.
#[derive(Debug)]
pub struct Switched {
    pub profile: String,
    /// "local engine" or the endpoint.
    pub service: String,
    pub manage: crate::tui::tabs::manage::ManageConfig,
}

/// The answer to [`Effect::SwitchProfile`].
pub struct Connected {
    pub profile: String,
    pub result: Result<(crate::session::Session, crate::session::WorkbenchSettings), String>,
}

impl std::fmt::Debug for Connected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ok = self.result.as_ref().map(|_| "session").map_err(String::as_str);
        f.debug_struct("Connected")
            .field("profile", &self.profile)
            .field("result", &ok)
            .finish()
    }
}
