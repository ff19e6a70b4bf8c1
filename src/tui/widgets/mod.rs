//! The parts every tab draws with: the data table, the wrapped text pane
//! and its wrapping, wide-character care, toasts and the theme.

pub mod pane_view;
pub mod split;
pub mod table;
pub mod text_pane;
pub mod theme;
pub mod toast;
pub mod wide;
pub mod wrap;
