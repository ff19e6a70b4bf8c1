//! The keymap: the one table that will decide what a key means, what the footer hints say
//! and what the `?` help overlay lists (STYLE.md patterns 4 and 6). This first part holds
//! the vocabulary: [`Action`] (what the user means), [`Context`] (where a key is pressed)
//! and [`Key`] (a key in the keymap file's syntax and as crossterm reports it, in one
//! normal form).

mod action;
mod key;
#[cfg(test)]
mod tests;

pub use action::{Action, Context};
pub use key::{Key, KeyError};
