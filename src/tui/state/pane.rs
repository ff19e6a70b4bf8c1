//! A read-only pane's cursor and scroll, and where things were drawn.

use std::cell::{Cell, RefCell};

/// Cursor and scroll of a read-only pane. The scroll is a `Cell` because
/// the view, which alone knows the pane's size, keeps the cursor in sight
/// (as ratatui's `ListState` is adjusted while rendering).
#[derive(Debug, Default)]
pub struct PaneView {
    /// Byte offset of the word cursor (target panes, when focused).
    pub cursor: Option<usize>,
    /// First visible row.
    pub scroll: Cell<usize>,
    /// Bring the cursor (or the first lit word) into view at the next draw.
    pub follow: Cell<bool>,
    /// The pane's title: code, English and native name.
    pub label: String,
    /// Shorter forms of the label for a narrow pane, longest first: code and
    /// English name, then the code alone.
    pub short: [String; 2],
    /// Right-to-left script: marked in the title, lines right-aligned.
    pub rtl: bool,
    /// The text's rows at the last drawn width, keyed by (width, hash of
    /// the text): wrapping is the costliest part of a frame.
    rows: RefCell<(u16, u64, Vec<std::ops::Range<usize>>)>,
}

impl PaneView {
    /// `text` wrapped at `width` ([`super::wrap::rows`]), from the cache when
    /// neither changed.
    pub fn rows(&self, text: &str, width: u16) -> std::cell::Ref<'_, [std::ops::Range<usize>]> {
        use std::hash::{BuildHasher, BuildHasherDefault};
        let hash = BuildHasherDefault::<rustc_hash::FxHasher>::default().hash_one(text);
        {
            let mut cache = self.rows.borrow_mut();
            if cache.0 != width || cache.1 != hash || cache.2.is_empty() {
                *cache = (width, hash, crate::tui::wrap::rows(text, width));
            }
        }
        std::cell::Ref::map(self.rows.borrow(), |c| c.2.as_slice())
    }

    pub(super) fn scroll_by(&self, rows: isize) {
        let s = self.scroll.get().saturating_add_signed(rows);
        self.scroll.set(s);
        self.follow.set(false);
    }
}
