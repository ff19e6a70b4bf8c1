//! Bilingual dictionaries: the dictd reader, the entry layout, the library of
//! bundled and installed dictionaries, and lookup with confidences and
//! back-translations.

pub mod dictd;
pub mod entry;
pub mod library;
pub mod lookup;
pub mod pos;

pub use dictd::normalize;
pub use library::Library;
pub use lookup::{Alternative, Back, Candidate, Lookup, candidates, lookup};
pub use pos::{Gender, Pos};

#[cfg(test)]
mod tests;
