//! The palette's rows, generated from the keymap when it opens: the same
//! walk as the hint line ([`Keymap::hints`](crate::tui::keymap::Keymap::hints)),
//! so a row says exactly the key that would do it, user rebinding included.
//!
//! Three places, in this order:
//! - [`Place::Here`]: what a key does where the keys are now (the overlay
//!   under the palette, else the tab shown and its focused pane, and the
//!   global keys): the hint line's list, and while a tab's text field has
//!   the focus the tab's and global actions whose keys it types (the
//!   palette hands the tab the action, which it acts on in any focus);
//! - [`Place::Tab`]: what a key does on another tab (or on the tab under an
//!   overlay), as that tab is now: running it shows the tab first;
//! - [`Place::Elsewhere`]: every other action some table binds (a picker's,
//!   a pane's without the focus): listed so that every action can be found,
//!   drawn greyed, and Enter says where it works instead of running it.
//!
//! Besides the actions, one row per theme of the catalog (`Theme: light`,
//! the user's theme files too), after what runs here: typing `theme light`
//! finds it, Enter puts it in use as the theme key would (and remembers it).

use std::collections::HashSet;

use crate::tui::keymap::{Action, Context, Hint, Key, Keymap};
use crate::tui::state::{State, Tab};

/// Where an entry runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// Where the keys are now.
    Here,
    /// On this tab, once shown.
    Tab(Tab),
    /// Not from here: only in its context.
    Elsewhere,
}

/// One action as the palette lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The action (a theme row: [`Action::CycleTheme`], the theme key's).
    pub action: Action,
    /// The table that binds it (the description and the place shown).
    pub context: Context,
    pub description: std::borrow::Cow<'static, str>,
    /// Its keys for display: `"i/enter"`.
    pub keys: String,
    /// The key the palette presses to run it (the first one bound).
    pub key: Option<Key>,
    pub place: Place,
    /// A theme row: the theme Enter puts in use.
    pub theme: Option<String>,
}

impl Entry {
    fn new(hint: Hint, place: Place) -> Self {
        Entry {
            action: hint.action,
            context: hint.context,
            description: hint.description.into(),
            keys: hint.keys,
            key: hint.key,
            place,
            theme: None,
        }
    }

    /// A theme's row: `Theme: NAME`, "in use" for the one drawn.
    fn theme(name: &str, in_use: bool) -> Self {
        Entry {
            action: Action::CycleTheme,
            context: Context::Global,
            description: format!("Theme: {name}").into(),
            keys: if in_use {
                "in use".to_owned()
            } else {
                String::new()
            },
            key: None,
            place: Place::Here,
            theme: Some(name.to_owned()),
        }
    }

    /// The name column: the action's, `theme` for a theme row.
    pub fn name(&self) -> &'static str {
        match self.theme {
            Some(_) => "theme",
            None => self.action.name(),
        }
    }

    /// Whether Enter runs it.
    pub fn runnable(&self) -> bool {
        self.place != Place::Elsewhere
    }

    /// Where it works, as the palette's third column says it.
    pub fn whereabouts(&self) -> &'static str {
        self.context.title()
    }
}

/// Every entry for `state` as it is before the palette opens.
pub fn entries(state: &State) -> Vec<Entry> {
    let keymap = &state.keymap;
    let overlay = state.overlay.as_ref().map(|o| o.component());
    let here_contexts = match overlay {
        Some(o) => o.hint_contexts(),
        None => state.contexts(),
    };
    let here = match overlay {
        Some(_) => keymap.hints(&here_contexts),
        None => tab_hints(keymap, &here_contexts),
    };
    let mut entries: Vec<Entry> = here
        .into_iter()
        .filter(|h| h.action != Action::Palette && state.shows(h.action))
        .map(|h| Entry::new(h, Place::Here))
        .collect();
    let current = &state.themes.current().name;
    let themes = state.themes.entries().iter();
    entries.extend(themes.map(|t| Entry::theme(&t.name, &t.name == current)));
    for (tab, _, _) in Tab::SHOWN {
        if tab == state.tab && overlay.is_none() {
            continue;
        }
        let component = state.tab_of(tab);
        // The global keys are listed once, with the ones that work here.
        let own = tab_hints(keymap, &component.contexts())
            .into_iter()
            .filter(|h| h.context != Context::Global && component.handles(h.action));
        entries.extend(own.map(|h| Entry::new(h, Place::Tab(tab))));
    }
    let listed: HashSet<Action> = entries
        .iter()
        .filter(|e| e.theme.is_none())
        .map(|e| e.action)
        .collect();
    let mut elsewhere = HashSet::new();
    for (_, hints) in keymap.help() {
        for h in hints {
            let acted_on = State::handles(h.action)
                || Tab::SHOWN
                    .iter()
                    .any(|&(t, _, _)| state.tab_of(t).handles_any(h.action));
            if h.action != Action::Palette
                && acted_on
                && !listed.contains(&h.action)
                && elsewhere.insert(h.action)
            {
                entries.push(Entry::new(h, Place::Elsewhere));
            }
        }
    }
    entries
}

/// A tab's hints with `contexts` active; when a text field has the focus,
/// also what the tab's tables give the keys typed there (`1`, `x`, `s`…):
/// a tab acts on an action whatever has its focus, so the palette runs them.
fn tab_hints(keymap: &Keymap, contexts: &[Context]) -> Vec<Hint> {
    let mut hints = keymap.hints(contexts);
    let panes: Vec<Context> = contexts.iter().copied().filter(|c| !c.is_layer()).collect();
    if let Some((focus, outer)) = panes.split_first()
        && focus.takes_text()
    {
        for hint in keymap.hints(outer) {
            if hints.iter().all(|h| h.action != hint.action) {
                hints.push(hint);
            }
        }
    }
    hints
}
