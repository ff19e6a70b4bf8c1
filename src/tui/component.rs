//! The one shape of a tab: [`TabComponent`], implemented by the Translate,
//! Dictionary, Transliterate and Manage tabs, so that the shell (`state/`, `view/`,
//! `overlays/help`) routes keys, pastes, the mouse, time, drawing, hints and help
//! to the tab shown without knowing which it is. A tab answers a key with an
//! [`Outcome`]: one enum for every tab (no per-tab Ignored/Handled copies).
//! Replies are offered to each tab in turn ([`TabComponent::message`]); a
//! tab takes its own [`Msg`] variants and hands the others back.

use std::time::Instant;

use crossterm::event::{KeyEvent, MouseEvent};
use ratatui::Frame;
use ratatui::layout::Rect;

use crate::api::languages::LanguagesResponse;
use crate::tui::effect::{Effect, Msg};
use crate::tui::feedback::Feedback;
use crate::tui::keymap::{Action, Context, Keymap};
use crate::tui::state::PickFor;
use crate::tui::widgets::theme::Theme;
use crate::tui::widgets::toast::Kind;

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
    /// The config file's profile in use (what the history records under).
    pub profile: Option<&'a str>,
    /// An overlay covers the tab and has the keys.
    pub covered: bool,
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
    /// A toast of a kind (a failure, something done).
    Toast(String, Kind),
    /// The tab's texts changed (new results): an overlay anchored in them
    /// (the alternatives popup) closes.
    Retexted,
    /// The remembered choices changed: the shell saves them.
    PrefsChanged,
    /// Open the shell's overlay for this action (the options, the glossary).
    Open(Action),
    /// Open the alternatives popup at a target word.
    Alternatives(Box<crate::tui::overlays::alternatives::Opening>),
    /// Show the Dictionary tab looking this term up.
    LookUp(String, crate::tui::tabs::dictionary::Pair),
    /// Several, in order.
    All(Vec<Outcome>),
    /// Open a single-choice picker over `items` for `what`.
    Choose {
        title: String,
        items: Vec<crate::tui::overlays::picker::Item>,
        selected: Option<String>,
        what: PickFor,
    },
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
    /// A reply: what it asks of the shell, or `Err(msg)` when it is not
    /// this tab's.
    // A reply not taken goes back as it came, by value (a move; boxing
    // would allocate for every reply offered).
    #[allow(clippy::result_large_err)]
    fn message(&mut self, msg: Msg, _shared: &Shared, _now: Instant) -> Result<Outcome, Msg> {
        Err(msg)
    }
    /// Pasted text (control characters already defused).
    fn paste(&mut self, text: &str, now: Instant);
    /// The mouse (no overlay is open).
    fn mouse(&mut self, m: MouseEvent, shared: &Shared) -> Outcome;
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

#[cfg(test)]
mod tests {
    use super::TabComponent;
    use crate::tui::keymap::{Action, Keymap};
    use crate::tui::tabs::dictionary::DictionaryTab;
    use crate::tui::tabs::manage::ManageTab;
    use crate::tui::tabs::translate::Translate;
    use crate::tui::tabs::translit::TranslitTab;

    /// The actions the default keymap binds in `contexts`.
    fn bound(contexts: &[crate::tui::keymap::Context]) -> Vec<Action> {
        let keymap = Keymap::defaults();
        let mut actions: Vec<Action> = keymap
            .help()
            .into_iter()
            .filter(|(c, _)| contexts.contains(c))
            .flat_map(|(_, hints)| hints.into_iter().map(|h| h.action))
            .collect();
        actions.sort_by_key(|a| format!("{a:?}"));
        actions.dedup();
        actions
    }

    /// What a tab says it acts on and what its key tables bind cannot drift
    /// apart: an action it claims has a key where its keys work (else no
    /// hint or help line shows it), and a key of its own tables is an action
    /// it acts on (else the key does nothing and the help hides it).
    #[test]
    fn each_tab_acts_on_exactly_what_its_key_tables_bind() {
        let tabs: [(&str, Box<dyn TabComponent>); 4] = [
            ("translate", Box::new(Translate::new(vec!["fi".into()]))),
            ("dictionary", Box::new(DictionaryTab::default())),
            ("translit", Box::new(TranslitTab::new())),
            (
                "manage",
                Box::new(ManageTab::new("share", std::time::Duration::from_secs(30))),
            ),
        ];
        for (name, tab) in &tabs {
            let reachable = bound(tab.help_contexts());
            let own = bound(tab.own_contexts());
            let claimed: Vec<Action> = Action::ALL
                .iter()
                .copied()
                .filter(|&a| tab.handles_any(a))
                .collect();
            let unbound: Vec<_> = claimed.iter().filter(|a| !reachable.contains(a)).collect();
            let idle: Vec<_> = own.iter().filter(|a| !claimed.contains(a)).collect();
            assert!(
                unbound.is_empty(),
                "{name} acts on actions no key of its tables gives: {unbound:?}"
            );
            assert!(
                idle.is_empty(),
                "{name}'s tables bind actions it does nothing with: {idle:?}"
            );
        }
    }
}
