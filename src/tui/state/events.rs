//! Replies and the mouse, applied to the [`State`].

use std::time::Instant;

use crossterm::event::{MouseEvent, MouseEventKind};

use super::State;
use crate::tui::effect::{Effect, HistoryReply, Msg};
use crate::tui::widgets::toast::Kind;

impl State {
    /// A reply came back (at `now`, the clock the caller injects): the
    /// open overlay's if it takes it, else the tab's that takes it, else
    /// the shell's own.
    pub(super) fn on_msg(&mut self, msg: Msg, now: Instant) -> Vec<Effect> {
        let msg = match self.overlay_message(msg, now) {
            Ok(effects) => return effects,
            Err(msg) => msg,
        };
        let msg = match self.tabs_message(msg, now) {
            Ok(effects) => return effects,
            Err(msg) => msg,
        };
        match msg {
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
            Msg::Notice(text) => self.manage_notice(text, now),
            Msg::History(HistoryReply::NotDeleted(e)) => {
                self.toasts.push(format!("Not deleted: {e}"), Kind::Error, now);
            }
            Msg::Copied(Ok((toast, kind))) => self.toasts.push(toast, kind, now),
            Msg::Copied(Err(e)) => self.toasts.push(format!("Not copied: {e}"), Kind::Error, now),
            Msg::Saved(Ok(names)) => self.toasts.push(format!("Saved {names}"), Kind::Ok, now),
            Msg::Saved(Err(e)) => self.toasts.push(format!("Not saved: {e}"), Kind::Error, now),
            Msg::Spoken(Ok((toast, kind))) => self.toasts.push(toast, kind, now),
            Msg::Spoken(Err(e)) => self.toasts.push(format!("Not spoken: {e}"), Kind::Error, now),
            Msg::NotSaved(text) => self.toasts.push(text, Kind::Error, now),
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
            // Another tab's, or rows for a History view closed since.
            _ => {}
        }
        Vec::new()
    }

    /// The mouse: a press closes the open overlay (the command palette:
    /// back to what it was opened over); else the tab shown takes it.
    pub(super) fn on_mouse(&mut self, m: MouseEvent, now: Instant) -> Vec<Effect> {
        if self.overlay.is_some() {
            if let MouseEventKind::Down(_) = m.kind {
                self.overlay = self.overlay.take().and_then(super::Overlay::beneath);
            }
            return Vec::new();
        }
        let outcome = self.with_tab(|tab, shared| tab.mouse(m, shared));
        self.tab_outcome(outcome, None, now)
    }
}
