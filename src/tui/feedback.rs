//! What a drawn frame tells the next update: where things were drawn, for
//! the mouse, and so how many rows a page is, and where each scrolled part
//! was drawn from. The view writes it (it alone
//! knows the layout) and returns it; the loop hands it to the state as
//! [`Input::Drawn`](crate::tui::effect::Input), so the view never writes
//! into the state.

use ratatui::layout::Rect;

/// A scrolled part of the screen, by what it shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scroller {
    /// The Translate tab's read-only source.
    Source,
    /// The Translate tab's target pane, by its place on screen.
    Target(usize),
    /// The Transliterate tab's preview, by its place.
    Preview(usize),
    /// The Transliterate tab's sentence view.
    Sentences,
    /// The Manage tab's table of sync runs.
    Syncs,
    /// The Manage tab's sync run shown in full.
    SyncDetail,
    /// The Dictionary tab's page on top of its stack.
    DictionaryPage,
    /// The open overlay's scrolled part (the help's columns, the History
    /// view's rows, the alternatives popup's lines).
    Overlay,
}

/// How a scrolled part was drawn: its first row (the scroll clamped, and
/// moved to what it had to keep in sight) and how many rows it showed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    pub top: usize,
    pub rows: usize,
}

/// The last frame's layout, as the state's keys and mouse need it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Feedback {
    /// The Translate tab's source pane (the editor or the read-only source).
    pub source: Rect,
    /// Inner (text) areas of the Translate tab's target panes, in screen order.
    pub targets: Vec<Rect>,
    /// The Transliterate tab's input and panes.
    pub translit: crate::tui::tabs::translit::Hits,
    /// The Dictionary tab's search line.
    pub dictionary_search: Rect,
    /// Where each scrolled part was drawn from; the state takes these as
    /// its scroll positions (a view asked to follow a word was moved).
    pub scrolled: Vec<(Scroller, Shown)>,
}

impl Feedback {
    /// Notes how `scroller` was drawn.
    pub fn shown(&mut self, scroller: Scroller, shown: Shown) {
        self.scrolled.push((scroller, shown));
    }

    /// The rows of a page in a pane of `height` rows (one kept for context).
    pub fn page(height: u16) -> usize {
        usize::from(height).saturating_sub(1).max(1)
    }
}
