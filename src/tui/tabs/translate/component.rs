//! The Translate tab as a [`TabComponent`]: its keys, pastes, the mouse,
//! the debounce, drawing and its status line.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;

use super::{Focus, Translate, draw};
use crate::tui::component::{Outcome, Shared, TabComponent};
use crate::tui::effect::{Effect, HistoryReply, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context};
use crate::tui::state::{PickFor, State};
use crate::tui::widgets::toast::Kind;

impl Translate {
    /// Where its keys are, innermost first.
    pub fn contexts(&self) -> Vec<Context> {
        let pane = match self.focus {
            Focus::Editor => Context::Editor,
            Focus::Target(_) => Context::Targets,
        };
        match self.job.as_ref().is_some_and(|j| j.running()) {
            true => vec![Context::Translating, pane, Context::Translate],
            false => vec![pane, Context::Translate],
        }
    }

    /// Everything settled after an input: the highlight and the glossary
    /// marks of the editor's text (joined once for both).
    pub fn settle(&mut self) {
        let text = self.text();
        self.highlight_in(&text);
        self.glossary_marks_in(text);
    }

    fn act(&mut self, action: Action, shared: &Shared, now: Instant) -> Outcome {
        match action {
            Action::LeaveEditor => self.focus_target(0),
            Action::FocusEditor => self.focus = Focus::Editor,
            Action::LookupWord => return self.lookup_word(),
            Action::WordAlternatives => return self.word_alternatives(),
            Action::FocusNext | Action::FocusPrev => self.step_focus(action == Action::FocusNext),
            Action::WordLeft | Action::WordRight => self.step_word(action == Action::WordRight),
            Action::ScrollUp => self.scroll_focused(-1),
            Action::ScrollDown => self.scroll_focused(1),
            Action::PageUp => self.scroll_focused(-self.page(shared.feedback)),
            Action::PageDown => self.scroll_focused(self.page(shared.feedback)),
            Action::SentenceView => self.sentence_view = !self.sentence_view,
            Action::RoundTrip => return self.toggle_round_trip(),
            Action::Speak => return self.speak(),
            Action::WatchClipboard => return self.toggle_watch(),
            Action::SaveTranslations => return self.save_translations(),
            Action::OpenFile => return Outcome::Open(Action::OpenFile),
            Action::CancelTranslation => {
                return match self.cancel_document() {
                    Some(effect) => Outcome::Effects(vec![effect]),
                    None => Outcome::Ignored,
                };
            }
            Action::Refresh => self.refresh(now),
            Action::Swap => return self.swap(shared.languages, now),
            Action::CopyTarget | Action::CopyAll | Action::CopySource | Action::CopyAlignment => {
                return self.copy(action);
            }
            Action::ToScript => return self.cycle_script(shared.languages, now),
            Action::PickTargets => return Outcome::Pick(PickFor::Targets),
            Action::PickSource => return Outcome::Pick(PickFor::Source),
            Action::Options | Action::Glossary => return Outcome::Open(action),
            _ => return Outcome::Ignored,
        }
        Outcome::Handled
    }
}

impl TabComponent for Translate {
    fn contexts(&self) -> Vec<Context> {
        Translate::contexts(self)
    }

    fn own_contexts(&self) -> &'static [Context] {
        &[Context::Translate, Context::Targets]
    }

    fn help_contexts(&self) -> &'static [Context] {
        crate::tui::overlays::help::TRANSLATE_HELP
    }

    fn handles(&self, action: Action) -> bool {
        State::handles(action)
    }

    fn handles_any(&self, action: Action) -> bool {
        State::handles(action)
    }

    fn key(&mut self, action: Option<Action>, key: &KeyEvent, shared: &Shared, now: Instant) -> Outcome {
        match action {
            Some(action) => self.act(action, shared, now),
            None if self.focus == Focus::Editor => {
                if self.editor.input(*key) {
                    self.text_edited(now);
                }
                Outcome::Handled
            }
            None => Outcome::Handled,
        }
    }

    /// Its translations, the draft's commits, the glossary written, and
    /// the history's word on what it recorded.
    fn message(&mut self, msg: Msg, shared: &Shared, now: Instant) -> Result<Outcome, Msg> {
        Ok(match msg {
            Msg::Translated { .. } => match self.apply(msg, shared.profile) {
                Some(mut effects) => {
                    effects.extend(self.round_trip_effect());
                    Outcome::All(vec![Outcome::Retexted, Outcome::Effects(effects)])
                }
                None => Outcome::Handled,
            },
            Msg::RoundTripped { generation, result } => self.round_tripped(generation, result),
            Msg::Document { generation, event } => {
                let stopped = matches!(event, super::DocEvent::Stopped { .. });
                match (self.document_event(generation, event), stopped) {
                    (true, true) => Outcome::Retexted,
                    _ => Outcome::Handled,
                }
            }
            Msg::Clipboard(copied) => self.copied_elsewhere(copied, now),
            Msg::DraftSaved { seq, error } => {
                self.draft_saved(seq);
                match error {
                    Some(e) => Outcome::Toast(format!("Draft not saved: {e}"), Kind::Error),
                    None => Outcome::Handled,
                }
            }
            Msg::GlossaryWritten(Ok((note, entries))) => {
                self.set_glossary(entries);
                self.refresh(now);
                Outcome::Toast(note, Kind::Ok)
            }
            Msg::GlossaryWritten(Err(e)) => Outcome::Toast(e, Kind::Error),
            Msg::History(HistoryReply::Recorded { stretch, id }) => {
                self.recorder.written(stretch, id);
                Outcome::Handled
            }
            // Said once: a store that cannot record fails every time.
            Msg::History(HistoryReply::NotRecorded(e)) => match self.recorder.first_failure() {
                true => Outcome::Toast(format!("Not recorded in the history: {e}"), Kind::Error),
                false => Outcome::Handled,
            },
            msg => return Err(msg),
        })
    }

    fn paste(&mut self, text: &str, now: Instant) {
        self.paste_text(text, now);
    }

    fn mouse(&mut self, m: MouseEvent, shared: &Shared) -> Outcome {
        self.on_mouse(m, shared.feedback)
    }

    fn shown(&mut self) {
        self.focus = Focus::Editor;
    }

    fn due(&self, _now: Instant, _visible: bool, _shared: &Shared) -> Option<Instant> {
        Translate::due(self)
    }

    fn tick(&mut self, now: Instant, _visible: bool, shared: &Shared) -> Vec<Effect> {
        let text = self.text();
        if !self.due_now(now, &text) {
            return Vec::new();
        }
        let (options, rules) = (self.options_to_send(shared.languages), self.glossary_rules());
        vec![self.send(&text, options, rules)]
    }

    fn draw(&self, frame: &mut Frame, area: Rect, shared: &Shared, drawn: &mut Feedback) {
        let (source, targets) = draw::layout::areas(self, area);
        draw::draw_source(frame, self, shared, source, drawn);
        draw::draw_targets(frame, self, shared, &targets, drawn);
    }

    fn draw_status(&self, frame: &mut Frame, area: Rect, shared: &Shared) {
        draw::draw_status(frame, self, shared, area);
    }
}
