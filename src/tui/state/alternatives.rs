//! The word alternatives popup's part of the state: Enter (or a second
//! click) on a target word opens it with the source word the alignment
//! gives (the Translate tab's [`Opening`]), its look-up goes out as the
//! Dictionary tab's request; its answer is taken before the Dictionary tab
//! sees it. Its keys are its own (`overlays/alternatives/overlay.rs`).

use super::{Overlay, State};
use crate::store::lookups::NewLookup;
use crate::tui::effect::Effect;
use crate::tui::overlays::alternatives::{Alternatives, Opening, Shown};
use crate::tui::tabs::dictionary::DictReply;

impl State {
    /// Opens the alternatives popup on `opening` (a target word); its
    /// look-up goes out as the Dictionary tab's request.
    pub(super) fn open_alternatives(&mut self, opening: Opening) -> Vec<Effect> {
        let id = self.dictionary.request_id();
        let (popup, request) = Alternatives::open(opening, id, self.languages.as_ref());
        self.overlay = Some(Overlay::Alternatives(Box::new(popup)));
        request.map(Effect::Dictionary).into_iter().collect()
    }

    /// A dictionary answer: the popup's own, else the Dictionary tab's.
    /// Returns it when it is not the popup's, with the effect that records
    /// the popup's look-up in the history (as the Dictionary tab's are).
    pub(super) fn alternatives_reply(&mut self, reply: DictReply) -> (Option<DictReply>, Vec<Effect>) {
        let mut reply = Some(reply);
        let Some(Overlay::Alternatives(popup)) = &mut self.overlay else {
            return (reply, Vec::new());
        };
        if popup.reply(&mut reply)
            && let Shown::Loaded { result, .. } = &popup.shown
            && let Some((term, pair)) = popup.source.as_ref().zip(popup.pair.as_ref())
        {
            let record = Effect::RecordLookup(NewLookup {
                profile: self.profile.clone().unwrap_or_default(),
                from: pair.from.clone(),
                to: pair.to.clone(),
                term: term.clone(),
                found: u32::try_from(result.translations.len()).unwrap_or(u32::MAX),
            });
            return (reply, vec![record]);
        }
        (reply, Vec::new())
    }
}
