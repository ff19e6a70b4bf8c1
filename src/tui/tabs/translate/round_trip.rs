//! The round trip (`R`): each target translated back into the source language
//! and shown under it, the words that differ from the source marked
//! (`client::round_trip`). On, it follows every new translation; its reply is
//! taken only for the results it was asked for.

use crate::client::round_trip::RoundTrip;
use crate::tui::component::Outcome;
use crate::tui::effect::Effect;
use crate::tui::widgets::toast::Kind;

use super::Translate;

/// The round trip's state on the Translate tab.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trips {
    pub on: bool,
    /// The number of the last request; a reply of another is stale.
    asked: u64,
    /// The back-translation of each target of the results (their order).
    pub back: Vec<RoundTrip>,
    pub waiting: bool,
}

impl Translate {
    /// `R`: on, the current results go back at once; off, the lines go.
    pub fn toggle_round_trip(&mut self) -> Outcome {
        self.trips.on = !self.trips.on;
        self.trips.back.clear();
        self.trips.waiting = false;
        let note =
            |on: bool| Outcome::Toast(format!("Round trip {}", if on { "on" } else { "off" }), Kind::Ok);
        match self.round_trip_effect() {
            Some(effect) => Outcome::All(vec![note(true), Outcome::Effects(vec![effect])]),
            None => note(self.trips.on),
        }
    }

    /// The request translating the current results back, when the round trip is on.
    pub(super) fn round_trip_effect(&mut self) -> Option<Effect> {
        let results = self
            .results
            .as_ref()
            .filter(|r| self.trips.on && !r.translations.is_empty())?;
        self.trips.asked += 1;
        self.trips.waiting = true;
        self.trips.back.clear();
        Some(Effect::RoundTrip {
            generation: self.trips.asked,
            source: self.results_for.clone(),
            from: self.from.clone(),
            result: results.clone(),
        })
    }

    /// The reply to round trip request `generation`.
    pub fn round_tripped(&mut self, generation: u64, result: Result<Vec<RoundTrip>, String>) -> Outcome {
        if generation != self.trips.asked || !self.trips.on {
            return Outcome::Handled;
        }
        self.trips.waiting = false;
        match result {
            Ok(back) => {
                self.trips.back = back;
                Outcome::Handled
            }
            Err(e) => Outcome::Toast(format!("Round trip failed: {e}"), Kind::Error),
        }
    }

    /// The back-translation of the results' translation `k`.
    pub fn round_trip(&self, k: usize) -> Option<&RoundTrip> {
        self.trips.on.then(|| self.trips.back.get(k)).flatten()
    }
}

#[cfg(test)]
#[path = "features_tests.rs"]
mod tests;
