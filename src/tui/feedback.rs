//! What a drawn frame tells the next update: where things were drawn, for
//! the mouse, and so how many rows a page is. The view writes it (it alone
//! knows the layout) and returns it; the loop hands it to the state as
//! [`Input::Drawn`](crate::tui::effect::Input), so the view never writes
//! into the state.

use ratatui::layout::Rect;

/// The last frame's layout, as the state's keys and mouse need it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Feedback {
    /// The Translate tab's source pane (the editor or the read-only source).
    pub source: Rect,
    /// Inner (text) areas of the Translate tab's target panes, in screen order.
    pub targets: Vec<Rect>,
    /// The Transliterate tab's input and panes.
    pub translit: crate::tui::translit::Hits,
    /// The Dictionary tab's search line.
    pub dictionary_search: Rect,
}

impl Feedback {
    /// The rows of a page in a pane of `height` rows (one kept for context).
    pub fn page(height: u16) -> usize {
        usize::from(height).saturating_sub(1).max(1)
    }
}
