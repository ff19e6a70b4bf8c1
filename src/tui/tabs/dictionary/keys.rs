//! The Dictionary tab's keys: the search line (text, Enter looks up, Up and
//! Down walk the tab's history, Esc goes to the results) and the pages
//! (move, drill down with Enter, pivot with `d`, back with Esc/Backspace,
//! copy, choose or swap the languages, ask again).

use crossterm::event::{KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Position;

use super::page::{Page, Pair};
use super::{DictFocus, DictOutcome, DictionaryTab, Side};
use crate::api::languages::LanguagesResponse;
use crate::tui::keymap::Action;

/// Rows a page key moves.
const PAGE: isize = 10;
/// Rows a turn of the wheel moves.
const WHEEL: isize = 3;

impl DictionaryTab {
    /// Whether `action` does something on this tab (hints, help).
    pub fn handles(&self, action: Action) -> bool {
        handles_in(self.focus, action)
    }

    /// Whether some focus of the tab uses `action` (the help overlay).
    pub fn handles_any(action: Action) -> bool {
        handles_in(DictFocus::Search, action) || handles_in(DictFocus::Results, action)
    }

    /// A key: `action` if the keymap made one, else text for the search line.
    pub fn handle(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        languages: Option<&LanguagesResponse>,
    ) -> DictOutcome {
        match self.focus {
            DictFocus::Search => self.search_key(action, key, languages),
            DictFocus::Results => match action {
                Some(a) => self.results_key(a, languages),
                None => DictOutcome::Ignored,
            },
        }
    }

    /// Pasted text: into the search line (lines become separate terms).
    pub fn paste(&mut self, text: &str) {
        self.focus = DictFocus::Search;
        let joined: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if self.query.insert(&joined.join(", ")) {
            self.edited();
        }
    }

    fn search_key(
        &mut self,
        action: Option<Action>,
        key: &KeyEvent,
        languages: Option<&LanguagesResponse>,
    ) -> DictOutcome {
        match action {
            None => {
                if self.query.edit(key) {
                    self.edited();
                }
                DictOutcome::Handled
            }
            Some(Action::Select) => self.submit(languages),
            Some(Action::LeaveEditor) => {
                self.focus = DictFocus::Results;
                DictOutcome::Handled
            }
            Some(Action::ScrollUp) => self.recall(true),
            Some(Action::ScrollDown) => self.recall(false),
            _ => DictOutcome::Ignored,
        }
    }

    fn edited(&mut self) {
        self.problem = None;
        self.recall = None;
    }

    /// Up (older) or Down (newer) through the tab's history: the term and
    /// its languages fill the search line; past the newest, what was typed
    /// comes back.
    fn recall(&mut self, older: bool) -> DictOutcome {
        let typed = || (self.query.text().to_owned(), self.pair.clone());
        let (at, text, pair) = match (&self.recall, older) {
            (None, false) => return DictOutcome::Handled,
            (None, true) => {
                let (text, pair) = typed();
                (0, text, pair)
            }
            (Some((i, text, pair)), true) => (i + 1, text.clone(), pair.clone()),
            (Some((0, text, pair)), false) => {
                let (text, pair) = (text.clone(), pair.clone());
                self.recall = None;
                return self.fill(&text, pair);
            }
            (Some((i, text, pair)), false) => (i - 1, text.clone(), pair.clone()),
        };
        let Some(r) = self.recent.get(at) else {
            return DictOutcome::Handled;
        };
        let (term, rpair) = (r.term.clone(), r.pair.clone());
        self.recall = Some((at, text, pair));
        self.fill(&term, rpair)
    }

    fn fill(&mut self, text: &str, pair: Pair) -> DictOutcome {
        self.query = Default::default();
        self.query.insert(text);
        let changed = pair != self.pair;
        self.pair = pair;
        match changed {
            true => DictOutcome::PairChanged,
            false => DictOutcome::Handled,
        }
    }

    /// The history position Up/Down reached, if walking it.
    pub fn recalled(&self) -> Option<usize> {
        self.recall.as_ref().map(|r| r.0)
    }

    fn results_key(&mut self, action: Action, languages: Option<&LanguagesResponse>) -> DictOutcome {
        match action {
            Action::FocusEditor => self.focus = DictFocus::Search,
            Action::Back => {
                if self.stack.len() > 1 {
                    self.stack.pop();
                } else {
                    self.focus = DictFocus::Search;
                }
            }
            Action::Select => return self.drill(),
            Action::LookupWord => return self.pivot(languages),
            Action::PickSource => return DictOutcome::Pick(Side::From),
            Action::PickTargets => return DictOutcome::Pick(Side::To),
            Action::Swap => {
                self.pair = self.pair.reversed();
                self.focus = DictFocus::Search;
                return DictOutcome::PairChanged;
            }
            Action::CopyTarget => return self.copy_selected(),
            Action::Speak => return self.speak_selected(),
            Action::CopyAll => return self.copy_page(),
            Action::Refresh => return self.refresh(languages),
            Action::ScrollUp => self.step(-1),
            Action::ScrollDown => self.step(1),
            Action::PageUp => self.step(-PAGE),
            Action::PageDown => self.step(PAGE),
            _ => return DictOutcome::Ignored,
        }
        DictOutcome::Handled
    }

    /// The mouse: a click on the search line focuses it, elsewhere the
    /// results; the wheel moves the selection.
    /// A click on the search line (`search`, where the last frame drew it)
    /// focuses it; elsewhere, the results.
    pub fn mouse(&mut self, m: MouseEvent, search: ratatui::layout::Rect) {
        let at = Position::new(m.column, m.row);
        match m.kind {
            MouseEventKind::Down(MouseButton::Left) if search.contains(at) => {
                self.focus = DictFocus::Search;
            }
            MouseEventKind::Down(MouseButton::Left) if !self.stack.is_empty() => {
                self.focus = DictFocus::Results
            }
            MouseEventKind::ScrollDown => self.step(WHEEL),
            MouseEventKind::ScrollUp => self.step(-WHEEL),
            _ => {}
        }
    }

    fn step(&mut self, delta: isize) {
        if let Some(page) = self.stack.last_mut() {
            page.step(delta);
        }
    }

    /// Enter on a page: a translation shows its back-translations; a
    /// back-translation loads the examples of (it, the translation).
    pub(super) fn drill(&mut self) -> DictOutcome {
        let next = match self.stack.last_mut() {
            Some(Page::Lookup(p)) => match p.chosen() {
                Some((found, t)) => Page::translation(p.pair.clone(), found, t),
                None => {
                    p.open_when_loaded = p.load == super::Load::Loading;
                    return DictOutcome::Handled;
                }
            },
            Some(Page::Translation(p)) => {
                let Some(b) = p.back.get(p.selected) else {
                    return DictOutcome::Handled;
                };
                let (pair, term) = (p.pair.clone(), b.normalized_text.clone());
                let translation = p.translation.normalized_target.clone();
                return self.push_examples(pair, term, translation);
            }
            _ => return DictOutcome::Handled,
        };
        self.push(next);
        DictOutcome::Handled
    }

    /// `d`: a translation (or an example's translated term) looked up in the
    /// reverse direction; a back-translation — a word of the source
    /// language — looked up in the page's direction.
    fn pivot(&mut self, languages: Option<&LanguagesResponse>) -> DictOutcome {
        let (pair, term) = match self.stack.last() {
            Some(Page::Lookup(p)) => match p.chosen() {
                Some((_, t)) => (p.pair.reversed(), t.normalized_target.clone()),
                None => return DictOutcome::Handled,
            },
            Some(Page::Translation(p)) => match p.back.get(p.selected) {
                Some(b) => (p.pair.clone(), b.normalized_text.clone()),
                None => (p.pair.reversed(), p.translation.normalized_target.clone()),
            },
            Some(Page::Examples(p)) => (p.pair.reversed(), p.translation.clone()),
            None => return DictOutcome::Handled,
        };
        self.push_lookup(pair, vec![term], languages)
    }
}

/// The actions the search line, or the pages, act on.
fn handles_in(focus: DictFocus, action: Action) -> bool {
    use Action::*;
    match focus {
        DictFocus::Search => matches!(action, Select | LeaveEditor | ScrollUp | ScrollDown),
        DictFocus::Results => matches!(
            action,
            FocusEditor
                | Select
                | Back
                | LookupWord
                | PickSource
                | PickTargets
                | Swap
                | CopyTarget
                | CopyAll
                | Speak
                | Refresh
                | ScrollUp
                | ScrollDown
                | PageUp
                | PageDown
        ),
    }
}
