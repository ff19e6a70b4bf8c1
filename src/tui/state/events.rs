//! Replies and the mouse, applied to the [`State`].

use std::time::Instant;

use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::{Position, Rect};

use super::{Focus, State};
use crate::tui::effect::{Effect, Msg};
use crate::tui::widgets::toast::Kind;
use crate::tui::widgets::wrap;

/// Rows a wheel notch scrolls.
const WHEEL: isize = 3;

impl State {
    /// A reply came back (at `now`, the clock the caller injects).
    pub(super) fn on_msg(&mut self, msg: Msg, now: Instant) -> Vec<Effect> {
        match msg {
            Msg::Translated { .. } => {
                if !self.translate.message(msg) {
                    return Vec::new();
                }
                // New texts: the word cursors (and an alternatives popup
                // anchored at a word) pointed into the old ones.
                if matches!(self.overlay, Some(super::Overlay::Alternatives(_))) {
                    self.overlay = None;
                }
                for (i, p) in self.panes.iter_mut().enumerate() {
                    p.cursor = None;
                    p.follow = self.focus == Focus::Target(i);
                }
                if let Focus::Target(i) = self.focus {
                    self.focus_target(i);
                }
                // Applied and not a failure: a translation of the current text.
                if self.translate.loading == crate::tui::tabs::translate::Loading::Idle {
                    return self.record_translation().into_iter().collect();
                }
            }
            Msg::Languages(Ok(languages)) => {
                self.languages = Some(languages);
                self.sync_panes();
                self.translit.languages_changed(now);
            }
            Msg::Languages(Err(e)) => {
                self.toasts
                    .push(format!("Languages list not loaded: {e}"), Kind::Error, now);
            }
            Msg::Request(record) => self.log.push(now, &record),
            Msg::Manage(reply) => self.manage_reply(reply, now),
            Msg::Dictionary(reply) => {
                let (reply, mut effects) = self.alternatives_reply(reply);
                if let Some(reply) = reply {
                    effects.extend(self.dictionary_reply(reply));
                }
                return effects;
            }
            Msg::Notice(text) => self.manage_notice(text, now),
            Msg::History(reply) => self.history_reply(reply, now),
            Msg::Translit(reply) => return self.translit_reply(reply, now),
            Msg::DraftSaved { seq, error } => {
                if let Some(e) = error {
                    let text = format!("Draft not saved: {e}");
                    self.toasts.push(text, Kind::Error, now);
                }
                self.draft_saved = self.draft_saved.max(seq);
            }
            Msg::Copied(Ok((toast, kind))) => self.toasts.push(toast, kind, now),
            Msg::Copied(Err(e)) => self.toasts.push(format!("Not copied: {e}"), Kind::Error, now),
            Msg::NotSaved(text) => self.toasts.push(text, Kind::Error, now),
            Msg::GlossaryWritten(Ok((note, entries))) => {
                self.set_glossary(entries);
                self.toasts.push(note, Kind::Ok, now);
                self.translate.refresh(now);
            }
            Msg::GlossaryWritten(Err(e)) => self.toasts.push(e, Kind::Error, now),
            Msg::Switched(switched) => self.switched_profile(*switched, now),
            Msg::Connected(connected) => {
                // The executor's: a session that could not be made comes
                // here only as its failure.
                if let Err(e) = connected.result {
                    let text = match connected.profile.as_str() {
                        "" => e,
                        name => format!("Profile {name}: {e}"),
                    };
                    self.toasts.push(text, Kind::Error, now);
                }
            }
        }
        Vec::new()
    }

    /// A click focuses the pane under it (a word in a target pane becomes
    /// its cursor; a click on the word already under the cursor of the
    /// focused pane opens its alternatives); the wheel scrolls the pane
    /// under the pointer.
    pub(super) fn on_mouse(&mut self, m: MouseEvent, _now: Instant) -> Vec<Effect> {
        if self.overlay.is_none() && self.with_tab(|tab, shared| tab.mouse(m, shared)).is_some() {
            return Vec::new();
        }
        if self.overlay.is_some() {
            if let MouseEventKind::Down(_) = m.kind {
                self.overlay = None;
            }
            return Vec::new();
        }
        let at = Position::new(m.column, m.row);
        let hits = &self.feedback;
        let pane = hits.targets.iter().position(|r| r.contains(at));
        match (m.kind, pane) {
            (MouseEventKind::Down(MouseButton::Left), Some(i)) => {
                let area = hits.targets[i];
                return self.click_target(i, area, at);
            }
            (MouseEventKind::Down(MouseButton::Left), None) if hits.source.contains(at) => {
                self.focus = Focus::Editor;
            }
            (MouseEventKind::ScrollDown, Some(i)) => self.panes[i].scroll_by(WHEEL),
            (MouseEventKind::ScrollUp, Some(i)) => self.panes[i].scroll_by(-WHEEL),
            (MouseEventKind::ScrollDown, None) if hits.source.contains(at) => {
                self.editor.scroll((WHEEL as i16, 0));
            }
            (MouseEventKind::ScrollUp, None) if hits.source.contains(at) => {
                self.editor.scroll((-WHEEL as i16, 0));
            }
            _ => {}
        }
        Vec::new()
    }

    fn click_target(&mut self, i: usize, area: Rect, at: Position) -> Vec<Effect> {
        let was_focused = self.focus == Focus::Target(i);
        self.focus_target(i);
        let Some(k) = self.translation_index(i) else {
            return Vec::new();
        };
        let Some(text) = self
            .translate
            .results
            .as_ref()
            .map(|r| r.translations[k].text.as_str())
        else {
            return Vec::new();
        };
        let rows = wrap::rows(text, area.width);
        let row = self.panes[i].scroll + usize::from(at.y - area.y);
        let Some(byte) = wrap::byte_at(text, &rows, row, usize::from(at.x - area.x)) else {
            return Vec::new();
        };
        let align = self.translate.alignment.as_ref();
        let word = |b: usize| align.and_then(|a| a.target_word_at(k, b));
        let again = was_focused && word(byte).is_some() && self.panes[i].cursor.and_then(word) == word(byte);
        self.panes[i].cursor = Some(byte);
        if again {
            self.refresh_highlight();
            return self.word_alternatives();
        }
        Vec::new()
    }
}
