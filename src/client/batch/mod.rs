//! Batching: any number of elements of any size, sent within the service's limits.
//!
//! The service refuses a request with too many elements (400072), an element that is
//! too long (400050) or too many characters in all (400077; translate counts them once
//! per target language). Callers should not have to care, so the client plans its
//! requests here first: [`plan`] packs the input elements, in order, into [`Batch`]es
//! that each pass [`check_limits`](crate::api::body::check_limits), and cuts an element
//! into [`Piece`]s where it has to. After the requests, [`stitch`] turns the results
//! of the pieces back into one result per input element, in input order.
//!
//! Packing is greedy and tight, because requests are what is metered and waited for:
//! a batch is filled up to the last character the service allows. When the next element
//! does not fit in what is left of the current batch, an operation that may split
//! ([`Oversize::Split`]) fills the batch with as many of the element's whole sentences
//! as fit and continues the element in the next batch; so a 1 MB document translated
//! into one language takes ⌈1,000,000 / 50,000⌉ requests, plus at most one.
//!
//! Cuts follow the text (see `cuts.rs`): between sentences (ICU4X UAX #29 rules; a
//! sentence keeps the spaces and line breaks that follow it), a sentence longer than
//! a whole request between words, a word longer than that between grapheme clusters,
//! and a cluster longer than that between characters. A cut never falls inside a UTF-8
//! character or a UTF-16 surrogate pair. All counting is in UTF-16 code units
//! ([`char_count`](crate::api::limits::char_count)), as the service counts.
//! Translate's markup is never cut open ([`Markup`], `markup.rs`): a tag, a character
//! reference, a `notranslate` element or a dynamic-dictionary entry stays in one piece
//! (unless it alone is longer than a request).
//!
//! Everything here is pure: no IO, no clock, the same input gives the same plan.

mod cuts;
mod markup;
mod split;
pub mod stitch;

#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::api::limits::Operation;

pub use split::{plan, plan_markup};
pub use stitch::StitchError;

/// The markup an element may carry (translate's `textType`), whose insides a cut avoids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Markup {
    /// No markup (every operation but translate).
    #[default]
    None,
    /// Plain text: only the dynamic-dictionary markup is markup.
    Plain,
    /// `textType=html`: tags, character references, `notranslate` and script/style
    /// elements, the dynamic dictionary.
    Html,
}

/// What may be done with an element longer than one request can carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Oversize {
    /// Cut it into pieces and stitch their results (translate, transliterate,
    /// breaksentence).
    Split,
    /// Refuse the whole call before any request is sent (dictionary lookup and
    /// examples: a term is not text that can be cut).
    Refuse,
    /// Send only its first piece (detect: the language of the first 50,000
    /// characters is the language of the text).
    FirstChunk,
}

impl Oversize {
    /// What `op` does with an oversize element (`Refuse` for operations without a body).
    pub const fn for_operation(op: Operation) -> Oversize {
        match op {
            Operation::Translate | Operation::Transliterate | Operation::BreakSentence => Oversize::Split,
            Operation::Detect => Oversize::FirstChunk,
            Operation::DictionaryLookup
            | Operation::DictionaryExamples
            | Operation::Languages
            | Operation::IssueToken => Oversize::Refuse,
        }
    }
}

/// A piece of one input element, sent as one element of a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Index of the input element.
    pub element: usize,
    /// Byte range of the piece in that element.
    pub bytes: Range<usize>,
    /// Offset of the piece in the element, in UTF-16 units (to shift alignments).
    pub utf16_start: u32,
    /// Length of the piece in UTF-16 units.
    pub utf16_len: u32,
}

impl Piece {
    /// The piece's text, given its element's text.
    pub fn text<'a>(&self, element: &'a str) -> &'a str {
        &element[self.bytes.clone()]
    }
}

/// The pieces sent in one request, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Batch {
    pub pieces: Vec<Piece>,
}

impl Batch {
    /// The texts of the request's elements, given the input elements.
    pub fn texts<'a>(&self, texts: &[&'a str]) -> Vec<&'a str> {
        self.pieces.iter().map(|p| p.text(texts[p.element])).collect()
    }

    /// Characters (UTF-16 units) in the request, once per target language.
    pub fn chars(&self) -> usize {
        self.pieces.iter().map(|p| p.utf16_len as usize).sum()
    }
}

/// The requests for one call: batches in order, their pieces in input order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub batches: Vec<Batch>,
    /// How many pieces each input element was cut into (1 when it is sent whole).
    pub pieces_per_element: Vec<usize>,
}

impl Plan {
    /// Number of requests to send.
    pub fn requests(&self) -> usize {
        self.batches.len()
    }

    /// Every piece, in input order.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> {
        self.batches.iter().flat_map(|b| &b.pieces)
    }
}

/// Why no plan can send the elements.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlanError {
    /// With [`Oversize::Refuse`]: an element longer than one request may carry.
    #[error("element {index} has {chars} characters; a request carries at most {limit}")]
    ElementTooLong {
        index: usize,
        chars: usize,
        limit: usize,
    },
    /// The limits leave no room for the element at all: no element per request, or
    /// fewer characters per element than one of its characters needs (an emoji is 2),
    /// e.g. when there are more target languages than characters per request.
    #[error("element {index} cannot be sent in pieces of at most {limit} characters")]
    NoRoom { index: usize, limit: usize },
}
