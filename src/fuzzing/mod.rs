//! Fuzz harnesses: one function per cargo-fuzz target in `fuzz/`, kept here so
//! that the targets are three-line wrappers and a plain test
//! (`replay_tests.rs`) runs every committed corpus file through the same code
//! on stable, with no libFuzzer.
//!
//! Each function takes arbitrary bytes, cuts them into the inputs of one parser
//! (see each module for its layout), runs it, and asserts what must hold for any
//! input: no panic, positions in bounds and on character boundaries, and the
//! round trips and cross-checks listed in the module. A failed assertion is a
//! crash to libFuzzer and a failed test to the replay.
//!
//! ```text
//! bytes ─ parts() ─▶ alignment  api::alignment (proj) + tui::align (highlights)
//!                    odata      sandbox::odata ($filter, $orderby, evaluation)
//!                    request    service::router: body + query of each operation
//!                    markup     engine::markup (html, notranslate, dictionary)
//!                    glossary   client::glossary (marking, offset map, remap)
//!                    dictd      engine::dict (dictd index + body, entries)
//! ```

mod alignment;
mod dictd;
mod glossary;
mod markup;
mod odata;
mod request;

#[cfg(test)]
mod replay_tests;

use std::ops::Range;

pub use alignment::alignment;
pub use dictd::dictd;
pub use glossary::glossary;
pub use markup::markup;
pub use odata::odata;
pub use request::request;

/// Separates the fields of an input. 0xFF never occurs in UTF-8, so any text
/// can be a field, and the seeds stay readable.
pub const SEP: u8 = 0xFF;

/// The input cut at every [`SEP`], each field read as UTF-8 (invalid bytes
/// become U+FFFD, so every input reaches the parsers).
pub fn fields(data: &[u8]) -> Vec<String> {
    data.split(|&b| b == SEP)
        .map(|f| String::from_utf8_lossy(f).into_owned())
        .collect()
}

/// Asserts that `range` is a non-reversed range of `text` on character boundaries.
fn assert_slice(text: &str, range: &Range<usize>, what: &str) {
    assert!(
        range.start <= range.end && text.get(range.clone()).is_some(),
        "{what}: {range:?} is not a slice of a {}-byte text",
        text.len()
    );
}

/// Byte offsets to try as cursors in a text of `len` bytes: all of them for a
/// short text, about 256 spread over a long one, and a few past the end.
fn cursors(len: usize) -> impl Iterator<Item = usize> {
    let step = (len / 256).max(1);
    (0..=len).step_by(step).chain([len + 1, len + 7, usize::MAX])
}
