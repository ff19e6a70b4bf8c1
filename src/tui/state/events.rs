//! Replies and the mouse, applied to the [`State`].

use std::time::Instant;

use crossterm::event::{MouseEvent, MouseEventKind};

use super::State;
use crate::tui::effect::{Effect, Msg};
use crate::tui::widgets::toast::Kind;

impl State {
    /// A reply came back (at `now`, the clock the caller injects).
    pub(super) fn on_msg(&mut self, msg: Msg, now: Instant) -> Vec<Effect> {
        match msg {
            Msg::Translated { .. } => {
                let Some(effects) = self.translate.apply(msg, self.profile.as_deref()) else {
                    return Vec::new();
                };
                // New texts: an alternatives popup anchored at a word
                // pointed into the old ones.
                if matches!(self.overlay, Some(super::Overlay::Alternatives(_))) {
                    self.overlay = None;
                }
                return effects;
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
                self.translate.draft_saved(seq);
            }
            Msg::Copied(Ok((toast, kind))) => self.toasts.push(toast, kind, now),
            Msg::Copied(Err(e)) => self.toasts.push(format!("Not copied: {e}"), Kind::Error, now),
            Msg::NotSaved(text) => self.toasts.push(text, Kind::Error, now),
            Msg::GlossaryWritten(Ok((note, entries))) => {
                self.translate.set_glossary(entries);
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

    /// The mouse: a press outside an open overlay closes it; else the tab
    /// shown takes it.
    pub(super) fn on_mouse(&mut self, m: MouseEvent, now: Instant) -> Vec<Effect> {
        if self.overlay.is_some() {
            if let MouseEventKind::Down(_) = m.kind {
                self.overlay = None;
            }
            return Vec::new();
        }
        let outcome = self.with_tab(|tab, shared| tab.mouse(m, shared));
        self.tab_outcome(outcome, None, now)
    }
}
