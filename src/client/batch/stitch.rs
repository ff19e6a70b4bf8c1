//! Stitching: the results of the pieces of a [`Plan`] back into one result per input
//! element, in input order, as if each element had been sent whole.
//!
//! An element sent whole keeps its result untouched. For an element sent in pieces:
//!
//! - Texts are concatenated. A piece ends where a sentence (or word) ends, with the
//!   whitespace that follows it; the service may drop that whitespace from its output,
//!   so when the output of a piece does not end with whitespace, the piece's trailing
//!   whitespace is put back after it. Languages written without spaces between
//!   sentences (Japanese, Chinese, Thai, ...) get only its line breaks back.
//! - Alignment entries of a piece are shifted by the piece's offset in the element and
//!   by the length of the stitched target before it (UTF-16 units), so they index the
//!   whole element and the whole translation.
//! - Sentence lengths are concatenated and made to add up: the lengths of a piece are
//!   fitted to the piece (source) or to its output plus the whitespace put back after
//!   it (target), a shortfall going to the last sentence so far, an excess taken off
//!   the piece's last sentences. So `srcSentLen` sums to the element's length and
//!   `transSentLen` (and breaksentence's `sentLen`) to the stitched text's, even when
//!   the service leaves out whitespace between pieces.
//! - `detectedLanguage` is the one detected for the longest piece (the first of equally
//!   long ones): the pieces of one text are usually in one language, and the longest
//!   gives the surest answer.
//! - detect sends only an element's first piece (`Oversize::FirstChunk`); dictionary
//!   operations never cut (`Oversize::Refuse`): their results are taken as they are.

use crate::api::limits::char_count;
use crate::api::model::{
    BreakSentenceResult, DetectResult, DetectedLanguage, TranslateResult, Transliterated,
};

use super::{Piece, Plan};

mod translate;

/// The results do not match the plan.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StitchError {
    #[error("{got} batches of results for {expected} requests")]
    Batches { expected: usize, got: usize },
    #[error("request {batch}: {got} results for {expected} elements")]
    Results {
        batch: usize,
        expected: usize,
        got: usize,
    },
    #[error("element {element}: {got} translations in one piece's result, {expected} in the first")]
    Targets {
        element: usize,
        expected: usize,
        got: usize,
    },
}

/// Every piece with its result, grouped by input element, in input order.
///
/// `results[b]` is the response to `plan.batches[b]`, one result per piece.
pub fn by_element<R>(plan: &Plan, results: Vec<Vec<R>>) -> Result<Vec<Vec<(&Piece, R)>>, StitchError> {
    if results.len() != plan.batches.len() {
        return Err(StitchError::Batches {
            expected: plan.batches.len(),
            got: results.len(),
        });
    }
    let mut out: Vec<Vec<(&Piece, R)>> = plan
        .pieces_per_element
        .iter()
        .map(|&n| Vec::with_capacity(n))
        .collect();
    for (batch, (planned, got)) in plan.batches.iter().zip(results).enumerate() {
        if planned.pieces.len() != got.len() {
            return Err(StitchError::Results {
                batch,
                expected: planned.pieces.len(),
                got: got.len(),
            });
        }
        for (piece, result) in planned.pieces.iter().zip(got) {
            out[piece.element].push((piece, result));
        }
    }
    Ok(out)
}

/// The results of elements that are never cut, or of which only the first piece is
/// sent: detect, dictionary lookup and examples. One per element, in input order.
pub fn in_order<R>(plan: &Plan, results: Vec<Vec<R>>) -> Result<Vec<R>, StitchError> {
    Ok(by_element(plan, results)?
        .into_iter()
        .filter_map(|parts| parts.into_iter().next().map(|(_, r)| r))
        .collect())
}

/// Detect: the result of each element's (first) piece.
pub fn detect(plan: &Plan, results: Vec<Vec<DetectResult>>) -> Result<Vec<DetectResult>, StitchError> {
    in_order(plan, results)
}

pub fn translate(
    plan: &Plan,
    texts: &[&str],
    results: Vec<Vec<TranslateResult>>,
) -> Result<Vec<TranslateResult>, StitchError> {
    by_element(plan, results)?
        .into_iter()
        .zip(texts)
        .enumerate()
        .map(|(element, (parts, text))| translate::translate_element(element, text, parts))
        .collect()
}

/// Transliterate: the pieces' texts concatenated, trailing whitespace put back.
/// Transliterate: the pieces' texts concatenated, trailing whitespace put back.
pub fn transliterate(
    plan: &Plan,
    texts: &[&str],
    results: Vec<Vec<Transliterated>>,
) -> Result<Vec<Transliterated>, StitchError> {
    let stitch = |(parts, text): (Vec<(&Piece, Transliterated)>, &&str)| {
        if parts.len() == 1 {
            return parts.into_iter().map(|(_, r)| r).next();
        }
        let script = parts.first()?.1.script.clone();
        let spaceless = script_without_spaces(&script);
        let mut joined = Joined::default();
        for (k, (piece, r)) in parts.iter().enumerate() {
            joined.push(piece.text(text), &r.text, spaceless, k + 1 == parts.len());
        }
        Some(Transliterated {
            text: joined.text,
            script,
        })
    };
    Ok(by_element(plan, results)?
        .into_iter()
        .zip(texts)
        .filter_map(stitch)
        .collect())
}

/// Breaksentence: the pieces' sentence lengths concatenated.
pub fn break_sentence(
    plan: &Plan,
    results: Vec<Vec<BreakSentenceResult>>,
) -> Result<Vec<BreakSentenceResult>, StitchError> {
    let stitch = |parts: Vec<(&Piece, BreakSentenceResult)>| {
        if parts.len() == 1 {
            return parts.into_iter().map(|(_, r)| r).next();
        }
        let detected_language = longest(&parts, |r| r.detected_language.as_ref());
        let mut sent_len = Vec::new();
        for (piece, r) in &parts {
            fit(&mut sent_len, &r.sent_len, piece.utf16_len);
        }
        Some(BreakSentenceResult {
            detected_language,
            sent_len,
        })
    };
    Ok(by_element(plan, results)?
        .into_iter()
        .filter_map(stitch)
        .collect())
}

/// A stitched text and its length in UTF-16 units.
#[derive(Default)]
struct Joined {
    text: String,
    units: u32,
}

impl Joined {
    /// Appends the output of the piece `src`, and the whitespace `src` ends with when
    /// the output lost it (only its line breaks if `spaceless`), unless `last`.
    fn push(&mut self, src: &str, output: &str, spaceless: bool, last: bool) {
        self.text.push_str(output);
        self.units += char_count(output) as u32;
        let trailing = &src[src.trim_end().len()..];
        if last || trailing.is_empty() || output.ends_with(char::is_whitespace) {
            return;
        }
        for c in trailing.chars().filter(|&c| !spaceless || is_line_break(c)) {
            self.text.push(c);
            self.units += c.len_utf16() as u32;
        }
    }
}

/// Appends the sentence lengths of one piece to `lens`, fitted to add up to `want`:
/// a shortfall goes to the last sentence so far (a new one if there is none), an
/// excess is taken off this piece's last sentences.
fn fit(lens: &mut Vec<u32>, piece: &[u32], want: u32) {
    let start = lens.len();
    lens.extend_from_slice(piece);
    let got: u64 = piece.iter().map(|&n| u64::from(n)).sum();
    if got < u64::from(want) {
        let short = want - got as u32;
        match lens.last_mut() {
            Some(last) => *last += short,
            None => lens.push(short),
        }
    } else {
        let mut excess = got - u64::from(want);
        while excess > 0 && lens.len() > start {
            let last = lens.last_mut().expect("non-empty");
            if u64::from(*last) <= excess {
                excess -= u64::from(*last);
                lens.pop();
            } else {
                *last -= excess as u32;
                excess = 0;
            }
        }
    }
}

/// The detected language of the longest piece (the first of equally long ones).
fn longest<R>(
    parts: &[(&Piece, R)],
    detected: impl Fn(&R) -> Option<&DetectedLanguage>,
) -> Option<DetectedLanguage> {
    let mut best: Option<(u32, &DetectedLanguage)> = None;
    for (piece, r) in parts {
        if let Some(d) = detected(r)
            && best.is_none_or(|(len, _)| piece.utf16_len > len)
        {
            best = Some((piece.utf16_len, d));
        }
    }
    best.map(|(_, d)| d.clone())
}

/// Whether `language` (a BCP 47 tag) writes sentences without spaces between them.
pub fn language_without_spaces(language: &str) -> bool {
    let primary = language
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    matches!(
        primary.as_str(),
        "ja" | "zh" | "yue" | "lzh" | "th" | "lo" | "km" | "my" | "bo"
    )
}

/// Whether text in `script` (an ISO 15924 code) is written without spaces.
pub fn script_without_spaces(script: &str) -> bool {
    const SPACELESS: &[&str] = &[
        "Jpan", "Hira", "Kana", "Hrkt", "Hani", "Hans", "Hant", "Thai", "Laoo", "Khmr", "Mymr", "Tibt",
    ];
    SPACELESS.iter().any(|s| s.eq_ignore_ascii_case(script))
}

fn is_line_break(c: char) -> bool {
    matches!(
        c,
        '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{2028}' | '\u{2029}'
    )
}
