//! A read-only pane's cursor and scroll, and its wrapped rows cached.

use std::cell::RefCell;

/// Cursor and scroll of a read-only pane. The view, which alone knows the
/// pane's size, draws it from `scroll` moved to keep the cursor in sight
/// when asked to `follow`, and says so in its feedback: the state then takes
/// that as the pane's scroll.
#[derive(Debug, Default)]
pub struct PaneView {
    /// Byte offset of the word cursor (target panes, when focused).
    pub cursor: Option<usize>,
    /// First visible row.
    pub scroll: usize,
    /// Bring the cursor (or the first lit word) into view at the next draw.
    pub follow: bool,
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
                *cache = (width, hash, crate::tui::widgets::wrap::rows(text, width));
            }
        }
        std::cell::Ref::map(self.rows.borrow(), |c| c.2.as_slice())
    }

    pub(crate) fn scroll_by(&mut self, rows: isize) {
        self.scroll = self.scroll.saturating_add_signed(rows);
        self.follow = false;
    }

    /// The scroll the last frame drew it with.
    pub(crate) fn drawn(&mut self, shown: crate::tui::feedback::Shown) {
        self.scroll = shown.top;
        self.follow = false;
    }
}
