//! The file prompt (`open_file`: Ctrl+O on the Translate tab, or "open
//! file…" in the command palette): a path line that opens a text file as
//! the source exactly as `glossa FILE` does — its name in the source's
//! title, HTML as HTML, Markdown with its markup kept, Ctrl+S saving beside
//! it.
//!
//! # Data flow
//!
//! Nothing here touches the disk. Tab asks the executor to list the
//! directory of the text typed ([`Effect::ListDir`]); the entries come back
//! as [`Msg::Listed`] and complete the text (`complete.rs`) if it did not
//! change meanwhile. Enter asks it to read the file ([`Effect::ReadFile`]:
//! `~` expanded, at most 4 MiB of UTF-8 text, not binary); the text comes
//! back as [`Msg::FileRead`] and the prompt answers [`Choice::OpenFile`],
//! or it stays open saying why the file was not opened.

pub mod complete;
mod draw;
#[cfg(test)]
mod tests;

use crossterm::event::{KeyEvent, KeyEventKind};
use ratatui::Frame;

use super::picker::query::Query;
use super::{Areas, Choice, KeyCtx, OverlayComponent, Reply};
use crate::tui::component::Shared;
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::{Feedback, Shown};
use crate::tui::keymap::{Action, Context};
use crate::tui::state::State;

/// The open file prompt.
#[derive(Debug, Default)]
pub struct FilePrompt {
    query: Query,
    /// The entries the last Tab left to choose from.
    candidates: Vec<String>,
    /// Why the last Enter opened nothing.
    error: Option<String>,
    /// The path being read (Enter pressed).
    opening: Option<String>,
}

impl FilePrompt {
    /// A prompt whose line starts with `text` (the opened file's directory).
    pub fn new(text: &str) -> Self {
        let mut prompt = FilePrompt::default();
        prompt.query.insert(text);
        prompt
    }

    /// The path typed.
    pub fn text(&self) -> &str {
        self.query.text()
    }

    /// Why the last Enter opened nothing.
    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }

    /// What the last Tab left to choose from.
    pub fn candidates(&self) -> &[String] {
        &self.candidates
    }

    fn edited(&mut self) {
        self.candidates.clear();
        self.error = None;
    }
}

impl OverlayComponent for FilePrompt {
    fn contexts(&self) -> Vec<Context> {
        vec![Context::Prompt]
    }

    fn takes_text(&self) -> bool {
        true
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, _ctx: &mut KeyCtx) -> Reply {
        match action {
            Some(Action::Back) => Reply::Close,
            Some(Action::Select) => {
                let text = self.query.text().trim().to_owned();
                if text.is_empty() {
                    self.error = Some("type the path of a text file".to_owned());
                    return Reply::Pending;
                }
                self.error = None;
                self.opening = Some(text.clone());
                Reply::Effects(vec![Effect::ReadFile(text)])
            }
            Some(Action::Complete) => Reply::Effects(vec![Effect::ListDir(self.query.text().to_owned())]),
            Some(a) if a.is_global() => Reply::Pass(a),
            Some(_) => Reply::Pending,
            None => {
                if key.kind != KeyEventKind::Release && self.query.edit(key) {
                    self.edited();
                }
                Reply::Pending
            }
        }
    }

    fn message(&mut self, msg: Msg, _shared: &Shared) -> Result<Reply, Msg> {
        match msg {
            Msg::Listed { text, entries } => {
                if text == self.query.text() {
                    match entries {
                        Ok(entries) => {
                            let done = complete::complete(&text, &entries);
                            if done.text != text {
                                self.query = Query::default();
                                self.query.insert(&done.text);
                            }
                            self.error = (done.candidates.is_empty() && done.text == text)
                                .then(|| "nothing there starts so".to_owned());
                            self.candidates = done.candidates;
                        }
                        Err(e) => self.error = Some(e),
                    }
                }
                Ok(Reply::Pending)
            }
            Msg::FileRead { text, result } if self.opening.as_deref() == Some(&text) => {
                self.opening = None;
                match result {
                    Ok((path, content)) => Ok(Reply::Done(Choice::OpenFile(path, content))),
                    Err(e) => {
                        self.error = Some(e);
                        Ok(Reply::Pending)
                    }
                }
            }
            msg => Err(msg),
        }
    }

    fn paste(&mut self, text: &str) -> Option<Reply> {
        let line = text.lines().next().unwrap_or_default();
        if self.query.insert(line) {
            self.edited();
        }
        Some(Reply::Pending)
    }

    fn draw(&self, frame: &mut Frame, at: Areas, state: &State, _drawn: &Feedback) -> Option<Shown> {
        draw::draw(frame, self, at.screen, &state.theme);
        None
    }
}
