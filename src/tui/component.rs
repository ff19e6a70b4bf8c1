//! The one shape of a tab: [`TabComponent`], implemented by the Dictionary,
//! Transliterate and Manage tabs, so that the shell (`state.rs`, `view.rs`,
//! `help.rs`) routes keys, pastes, the mouse, time, drawing, hints and help
//! to the tab shown without knowing which it is. A tab answers a key with an
//! [`Outcome`]: one enum for every tab (no per-tab Ignored/Handled copies).
//! Replies come back by their own [`Msg`](crate::tui::effect::Msg) variant.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::api::languages::LanguagesResponse;
use crate::tui::effect::Effect;
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context, Keymap};
use crate::tui::state::PickFor;
use crate::tui::widgets::theme::Theme;

/// What the shell lends a tab: what every tab may read.
pub struct Shared<'a> {
    pub languages: Option<&'a LanguagesResponse>,
    pub theme: &'a Theme,
    pub keymap: &'a Keymap,
    /// The last frame's layout.
    pub feedback: &'a Feedback,
    /// The translator service, as the status line names it.
    pub service: String,
    /// Where the management operations go.
    pub manage_service: &'a str,
    /// A lasting problem for the status line.
    pub notice: Option<&'a str>,
    /// Seconds since the Unix epoch, from the state's clock (what the Manage
    /// tab shows and stores; tests move it).
    pub unix: i64,
}

/// What a key asks of the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Not the tab's key: route it further out (the global keys).
    Ignored,
    /// Taken; only a redraw is needed.
    Handled,
    /// Work for the executor (requests, copies).
    Effects(Vec<Effect>),
    /// Open a language picker (the shell owns the overlays).
    Pick(PickFor),
    /// Tell the user something (a toast).
    Note(String),
    /// The remembered choices changed: the shell saves them.
    PrefsChanged,
}

/// A tab of the workbench.
pub trait TabComponent {
    /// Its keymap contexts where the keys are now, innermost first.
    fn contexts(&self) -> Vec<Context>;
    /// The contexts it owns: their bindings are listed in the help overlay
    /// when [`TabComponent::handles_any`] says so.
    fn own_contexts(&self) -> &'static [Context];
    /// The contexts whose keys work on it, its pop-ups included (the help
    /// overlay lists these).
    fn help_contexts(&self) -> &'static [Context];
    /// Whether it does something with `action` where the keys are now (the hints).
    fn handles(&self, action: Action) -> bool;
    /// Whether any of its views does something with `action` (the help).
    fn handles_any(&self, action: Action) -> bool;
    /// A key: `action` is what the keymap made of it with
    /// [`TabComponent::contexts`], `None` for text and unbound keys.
    fn key(&mut self, action: Option<Action>, key: &KeyEvent, shared: &Shared, now: Instant) -> Outcome;
    /// Pasted text (control characters already defused).
    fn paste(&mut self, text: &str, now: Instant);
    fn mouse(&mut self, m: MouseEvent, shared: &Shared);
    /// The tab became the one shown.
    fn shown(&mut self);
    /// When it next has something to do; `visible`: it is the tab shown.
    fn due(&self, now: Instant, visible: bool, shared: &Shared) -> Option<Instant>;
    /// Time passed: what is due now.
    fn tick(&mut self, now: Instant, visible: bool, shared: &Shared) -> Vec<Effect>;
    /// Draws the tab in `area`; where things went goes to `drawn`.
    fn draw(&self, frame: &mut Frame, area: Rect, shared: &Shared, drawn: &mut Feedback);
    /// Its status line.
    fn draw_status(&self, frame: &mut Frame, area: Rect, shared: &Shared);
}

/// Seconds since the Unix epoch on `clock`.
pub fn unix(clock: &crate::clock::Clock) -> i64 {
    i64::try_from(clock.now_unix()).unwrap_or(i64::MAX)
}
