//! Bilingual dictionaries: the GLD format the bundled ones are stored in
//! (and the fst word-frequency lists), the
//! dictd reader (installed dictionaries, and the bundled ones' sources), the
//! entry layout, the inversion rule, the library of bundled and installed
//! dictionaries, and lookup with confidences and back-translations.

pub mod dictd;
pub mod entry;
pub mod freq;
pub mod gld;
pub mod grammar;
pub mod invert;
pub mod library;
pub mod lookup;
pub mod pos;
mod source;

pub use dictd::normalize;
pub use library::Library;
pub use lookup::{Alternative, Back, Candidate, Lookup, candidates, lookup};
pub use pos::{Gender, Pos};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_gaps;
#[cfg(test)]
mod tests_top;
