//! The source: the editor's text and cursor, edits and pastes, the draft
//! kept in the store, and recording a translation in the history.

use std::borrow::Cow;
use std::time::Instant;

use ratatui_textarea::{CursorMove, TextArea, WrapMode};

use super::{Focus, PLACEHOLDER, Translate};
use crate::store::history::{NewEntry, Rendition};
use crate::tui::effect::Effect;

impl Translate {
    /// The editor's text.
    pub fn text(&self) -> String {
        self.editor.lines().join("\n")
    }

    /// The source as the read-only pane shows it: the text the shown results
    /// are of, else the editor's.
    pub fn source_shown(&self) -> Cow<'_, str> {
        match self.results_for.as_str() {
            "" => Cow::Owned(self.text()),
            text => Cow::Borrowed(text),
        }
    }

    /// The editor cursor as a byte offset in `text()`.
    pub fn cursor_byte(&self) -> usize {
        let (row, col) = (self.editor.cursor().0, self.editor.cursor().1);
        let lines = self.editor.lines();
        let before: usize = lines.iter().take(row).map(|l| l.len() + 1).sum();
        let line = lines.get(row).map_or("", String::as_str);
        before + line.char_indices().nth(col).map_or(line.len(), |(b, _)| b)
    }

    /// Replaces the editor's text (a swap, a restored draft, a history
    /// entry reopened), the cursor at (row, column) or as near as there is.
    pub fn set_source(&mut self, text: &str, cursor: (usize, usize)) {
        let mut e = TextArea::from(text.split('\n'));
        e.set_wrap_mode(WrapMode::Word);
        e.set_placeholder_text(PLACEHOLDER);
        let row = cursor.0.min(e.lines().len().saturating_sub(1));
        let col = cursor.1.min(e.lines()[row].chars().count());
        e.move_cursor(CursorMove::Jump(
            u16::try_from(row).unwrap_or(u16::MAX),
            u16::try_from(col).unwrap_or(u16::MAX),
        ));
        self.editor = e;
        self.draft.dirty = true;
    }

    /// The editor's text changed (typing, a paste): translate again after
    /// the debounce, save the draft, tell the recorder.
    pub fn text_edited(&mut self, now: Instant) {
        self.edited(now);
        self.draft.dirty = true;
        let blank = self.editor.lines().iter().all(|l| l.trim().is_empty());
        self.recorder.edited(now, blank);
    }

    /// Pasted text (control characters already defused): into the editor at
    /// its cursor, in one edit.
    pub fn paste_text(&mut self, text: &str, now: Instant) {
        self.focus = Focus::Editor;
        if self.editor.insert_str(text) {
            self.text_edited(now);
        }
    }

    /// The draft to save, once per change of the editor's text, with its
    /// change number ([`Msg::DraftSaved`](crate::tui::effect::Msg) acknowledges it).
    pub fn take_draft(&mut self) -> Option<(u64, crate::store::drafts::Draft)> {
        if !std::mem::take(&mut self.draft.dirty) || !self.draft.keeps {
            return None;
        }
        self.draft.seq += 1;
        let c = self.editor.cursor();
        let draft = crate::store::drafts::Draft {
            text: self.text(),
            cursor: (c.0, c.1),
        };
        Some((self.draft.seq, draft))
    }

    /// The store committed the draft's change `seq`.
    pub fn draft_saved(&mut self, seq: u64) {
        self.draft.saved = self.draft.saved.max(seq);
    }

    /// Whether the text on screen is not yet committed to the store.
    pub fn draft_pending(&self) -> bool {
        self.draft.saved < self.draft.seq
    }

    /// A translation of the current text was applied: the effect that
    /// records it under `profile`, if the recorder's rule says so.
    pub fn record_translation(&mut self, profile: Option<&str>) -> Option<Effect> {
        let r = self.results.as_ref()?;
        let entry = NewEntry {
            profile: profile.unwrap_or_default().to_owned(),
            source: self.results_for.clone(),
            from: self.from.clone(),
            detected: r.detected_language.as_ref().map(|d| d.language.clone()),
            targets: self.targets.clone(),
            results: r
                .translations
                .iter()
                .map(|x| Rendition {
                    to: x.to.clone(),
                    text: x.text.clone(),
                })
                .collect(),
        };
        self.recorder.translated(entry).map(Effect::RecordHistory)
    }
}
