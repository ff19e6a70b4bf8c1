//! The state's one entry: [`State::update`] takes every [`Input`] — keys,
//! pastes, the mouse, time and the executor's replies — and returns the
//! [`Effect`]s to carry out. After the input it settles what is derived
//! from the state (the alignment highlight, the editor's glossary marks) so
//! that the view only reads, and turns what changed into effects (the
//! draft, the watched migrations): the loop polls nothing.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};

use super::{Overlay, State};
use crate::tui::effect::{Effect, Input, Msg};
use crate::tui::feedback::{Feedback, Scroller};

impl State {
    /// Applies `input` at `now`; returns what the executor should do.
    pub fn update(&mut self, input: Input, now: Instant) -> Vec<Effect> {
        // What cannot change the screen (a request record with the log
        // closed) derives nothing anew.
        let derive = self.redraws(&input);
        let mut effects = match input {
            Input::Key(key) => self.on_key(key, now),
            Input::Paste(text) => self.on_paste(&text, now),
            Input::Mouse(m) => self.on_mouse(m, now),
            Input::Tick => self.on_tick(now),
            Input::Msg(msg) => self.on_msg(msg, now),
            Input::Drawn(feedback) => {
                self.drawn(feedback);
                return Vec::new();
            }
        };
        self.settle(&mut effects, derive);
        effects
    }

    /// Whether `input` can change the screen: every input but a frame's
    /// layout and a request record while the request log is closed (they
    /// come with every call).
    pub fn redraws(&self, input: &Input) -> bool {
        match input {
            Input::Drawn(_) => false,
            Input::Msg(Msg::Request(_)) => matches!(self.overlay, Some(Overlay::Log(_))),
            _ => true,
        }
    }

    /// The last frame's layout: kept for the mouse and paging, and each
    /// scrolled part takes the scroll it was drawn with.
    fn drawn(&mut self, feedback: Feedback) {
        for &(scroller, shown) in &feedback.scrolled {
            match scroller {
                Scroller::Source => self.translate.source_view.drawn(shown),
                Scroller::Target(i) => {
                    if let Some(p) = self.translate.panes.get_mut(i) {
                        p.drawn(shown);
                    }
                }
                Scroller::Preview(i) => {
                    if let Some(p) = self.translit.previews.get_mut(i) {
                        p.view.drawn(shown);
                    }
                }
                Scroller::Sentences => self.translit.sentence_view.drawn(shown),
                Scroller::Syncs => self.manage.syncs.table.drawn(shown),
                Scroller::SyncDetail => {
                    if let Some(view) = self.manage.syncs.detail.as_mut() {
                        view.drawn(shown);
                    }
                }
                Scroller::DictionaryPage => self.dictionary.page_drawn(shown),
                Scroller::Overlay => {
                    if let Some(o) = self.overlay.as_mut() {
                        o.component_mut().drawn(shown);
                    }
                }
            }
        }
        self.feedback = feedback;
    }

    /// Derived data (the editor's text joined once for both) and the saves
    /// an input made due.
    fn settle(&mut self, effects: &mut Vec<Effect>, derive: bool) {
        if derive {
            self.translate.settle();
        }
        if let Some((seq, draft)) = self.translate.take_draft() {
            effects.push(Effect::SaveDraft { seq, draft });
        }
        if self.manage.take_save() {
            effects.push(Effect::SaveWatches {
                migrations: self.manage.migrations.watched().to_vec(),
                refreshes: self.manage.refresh.followed().to_vec(),
                bulks: self.manage.migrations.bulks().to_vec(),
            });
        }
    }

    /// Shorthand for `update(Input::Key(key), now)`.
    pub fn key(&mut self, key: KeyEvent, now: Instant) -> Vec<Effect> {
        self.update(Input::Key(key), now)
    }

    /// Shorthand for `update(Input::Paste(..), now)`.
    pub fn paste(&mut self, text: &str, now: Instant) -> Vec<Effect> {
        self.update(Input::Paste(text.to_owned()), now)
    }

    /// Shorthand for `update(Input::Mouse(m), now)`.
    pub fn mouse(&mut self, m: MouseEvent, now: Instant) -> Vec<Effect> {
        self.update(Input::Mouse(m), now)
    }

    /// Shorthand for `update(Input::Tick, now)`.
    pub fn tick(&mut self, now: Instant) -> Vec<Effect> {
        self.update(Input::Tick, now)
    }

    /// Shorthand for `update(Input::Msg(msg), now)`.
    pub fn message(&mut self, msg: Msg, now: Instant) -> Vec<Effect> {
        self.update(Input::Msg(msg), now)
    }
}
