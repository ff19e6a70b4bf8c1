//! The tabs: Translate (`translate`: its request cycle and alignment; its
//! keys and panes are the shell's, in `state/` and `view/`), Dictionary,
//! Transliterate and Manage (each a
//! [`TabComponent`](crate::tui::component::TabComponent)).

pub mod debounce;
pub mod dictionary;
pub mod manage;
pub mod translate;
pub mod translit;
