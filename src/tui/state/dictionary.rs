//! The Dictionary tab's part of the state: its keys (what the tab leaves
//! alone may still be a global key), its pickers, its answers (each
//! completed look-up recorded in the history), and `d` / Ctrl+L on the
//! Translate tab, which opens the word under the cursor in the tab with the
//! Translate tab's languages.

use std::time::Instant;

use super::{Overlay, PickFor, State, Tab};
use crate::tui::effect::Effect;
use crate::tui::overlays::picker::{self, Mode, Picker};
use crate::tui::tabs::dictionary::{Pair, Side};
use crate::tui::widgets::toast::Kind;

impl State {
    /// Opens the picker of the tab's source (every language the dictionary
    /// has) or target (those of the source).
    pub(super) fn pick_dictionary(&mut self, side: Side, now: Instant) {
        let Some(languages) = &self.languages else {
            self.toasts
                .push("The languages list is not loaded yet", Kind::Info, now);
            return;
        };
        let pair = &self.dictionary.pair;
        let (title, items, selected) = match side {
            Side::From => (
                "Dictionary: from",
                picker::items_from_dictionary(languages),
                &pair.from,
            ),
            Side::To => (
                "Dictionary: to",
                picker::dictionary_targets(languages, &pair.from),
                &pair.to,
            ),
        };
        if items.is_empty() {
            let text = format!("The dictionary has nothing from {}", pair.from);
            self.toasts.push(text, Kind::Info, now);
            return;
        }
        let picker = Picker::new(
            title,
            items,
            Mode::Single { auto: false },
            std::slice::from_ref(selected),
        );
        self.overlay = Some(Overlay::picker(picker, PickFor::Dictionary(side)));
    }

    /// A language chosen for the tab: a new source keeps the target when the
    /// dictionary has that pair, else takes its first target.
    pub(super) fn dictionary_chosen(&mut self, side: Side, codes: Vec<String>) -> Vec<Effect> {
        let Some(code) = codes.into_iter().next() else {
            return Vec::new();
        };
        let pair = &mut self.dictionary.pair;
        match side {
            Side::From => {
                pair.from = code;
                if let Some(l) = &self.languages {
                    let targets = picker::dictionary_targets(l, &pair.from);
                    if !targets.iter().any(|t| t.code == pair.to)
                        && let Some(first) = targets.first()
                    {
                        pair.to = first.code.clone();
                    }
                }
            }
            Side::To => pair.to = code,
        }
        vec![self.save_prefs()]
    }

    /// Shows the Dictionary tab looking `term` up from `pair` (a word sent
    /// from the Translate tab, a look-up of the History view); the languages
    /// become the tab's and are remembered.
    pub(super) fn look_up_in_tab(&mut self, term: &str, pair: Pair, now: Instant) -> Vec<Effect> {
        self.tab = Tab::Dictionary;
        let outcome = self.dictionary.open(term, pair, self.languages.as_ref());
        let mut effects = self.tab_outcome(outcome.into(), None, now);
        effects.push(self.save_prefs());
        effects
    }
}
