//! Round trip (`glossa translate --round-trip`, the Translate tab's toggle): each
//! target translated back into the source language, and the words of the
//! back-translation that the source does not have marked, so that a translator
//! sees at a glance where the meaning may have drifted.
//!
//! Words come from ICU word segmentation (CJK by its dictionary) and compare
//! without case. Where the service gave the alignment of both legs (source →
//! target, target → back), a back word is unchanged when one of the source words
//! it reaches through the target is the same word; a word no alignment entry
//! covers, or a round trip without alignment, is matched by the longest common
//! subsequence of the two texts' words instead.

use std::ops::Range;

use serde::Serialize;

use crate::api::alignment::Projection;
use crate::api::model::TranslateResult;
use crate::engine::tokens::{Kind, tokenize};

use super::{Client, ClientError};

/// One target's back-translation and its words that differ from the source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoundTrip {
    pub text: String,
    /// Byte ranges of `text`'s words that the source does not have.
    pub changed: Vec<Range<usize>>,
    /// The source's words that do not come back (by the longest common subsequence).
    pub missing: Vec<String>,
}

/// What `--json` prints per target: `{"text": …, "changed": [{"word", "start", "end"}]}`,
/// offsets in UTF-16 units like the API's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RoundTripJson {
    pub text: String,
    pub changed: Vec<ChangedWord>,
    pub missing: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ChangedWord {
    pub word: String,
    pub start: usize,
    pub end: usize,
}

impl RoundTrip {
    pub fn to_json(&self) -> RoundTripJson {
        let units = |b: usize| self.text[..b].encode_utf16().count();
        RoundTripJson {
            text: self.text.clone(),
            changed: self
                .changed
                .iter()
                .map(|r| ChangedWord {
                    word: self.text[r.clone()].to_owned(),
                    start: units(r.start),
                    end: units(r.end),
                })
                .collect(),
            missing: self.missing.clone(),
        }
    }
}

/// Translates every target of `results` back into its element's source language
/// (`from`, else the detected one): one request per target language and source
/// language. Returns, per element, one round trip per target, in order; an element
/// whose source language is unknown gets none.
pub async fn round_trips(
    client: &Client,
    sources: &[String],
    from: Option<&str>,
    results: &[TranslateResult],
) -> Result<Vec<Vec<RoundTrip>>, ClientError> {
    let mut out: Vec<Vec<RoundTrip>> = results
        .iter()
        .map(|r| vec![RoundTrip::default(); r.translations.len()])
        .collect();
    // (target language, source language) → the (element, target) places it covers.
    type Places = Vec<(usize, usize)>;
    let mut groups: Vec<((String, String), Places)> = Vec::new();
    for (e, r) in results.iter().enumerate() {
        let Some(source) = from
            .map(str::to_owned)
            .or_else(|| r.detected_language.as_ref().map(|d| d.language.clone()))
        else {
            continue;
        };
        for (t, tr) in r.translations.iter().enumerate() {
            let key = (tr.to.clone(), source.clone());
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, places)) => places.push((e, t)),
                None => groups.push((key, vec![(e, t)])),
            }
        }
    }
    for ((to, source), places) in groups {
        let texts: Vec<String> = places
            .iter()
            .map(|&(e, t)| results[e].translations[t].text.clone())
            .collect();
        let back = client
            .translate(texts)
            .from(to)
            .to(source)
            .include_alignment(true)
            .send()
            .await?;
        for (&(e, t), b) in places.iter().zip(back.value) {
            let Some(bt) = b.translations.into_iter().next() else {
                continue;
            };
            let forward = results[e].translations[t].alignment.as_ref().map(|a| &a.proj);
            let backward = bt.alignment.as_ref().map(|a| &a.proj);
            let (changed, missing) = compare(&sources[e], &bt.text, forward, backward);
            out[e][t] = RoundTrip {
                text: bt.text,
                changed,
                missing,
            };
        }
    }
    Ok(out)
}

/// A word of a text: its bytes, its UTF-16 units (inclusive, as alignments count
/// them) and its lower case.
struct Word {
    bytes: Range<usize>,
    units: (u32, u32),
    lower: String,
}

/// The words of a text, UTF-16 positions counted in one pass.
fn words(text: &str) -> Vec<Word> {
    let (mut at, mut unit) = (0usize, 0usize);
    let mut units = |bytes: usize| {
        unit += text[at..bytes].encode_utf16().count();
        at = bytes;
        u32::try_from(unit).unwrap_or(u32::MAX)
    };
    tokenize(text, 0..text.len())
        .into_iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| {
            let (a, b) = (units(t.range.start), units(t.range.end));
            Word {
                units: (a, b.saturating_sub(1)),
                lower: text[t.range.clone()].to_lowercase(),
                bytes: t.range,
            }
        })
        .collect()
}

/// The words of `back` that differ from `source` (byte ranges of `back`), through the
/// alignments where they say something, else by the longest common subsequence; and
/// the words of `source` (as written) that `back` does not give back.
pub fn compare(
    source: &str,
    back: &str,
    forward: Option<&Projection>,
    backward: Option<&Projection>,
) -> (Vec<Range<usize>>, Vec<String>) {
    let (src, bck) = (words(source), words(back));
    let common = lcs_members(&src, &bck);
    let aligned = |w: &Word| -> Option<bool> {
        let (forward, backward) = (forward?, backward?);
        let (a, b) = w.units;
        let mut reached = Vec::new();
        for be in backward
            .entries()
            .iter()
            .filter(|e| e.tgt_start <= b && a <= e.tgt_end)
        {
            for fe in forward
                .entries()
                .iter()
                .filter(|f| f.tgt_start <= be.src_end && be.src_start <= f.tgt_end)
            {
                reached.push((fe.src_start, fe.src_end));
            }
        }
        if reached.is_empty() {
            return None;
        }
        Some(src.iter().any(|s| {
            let (start, end) = s.units;
            s.lower == w.lower && reached.iter().any(|&(rs, re)| rs <= end && start <= re)
        }))
    };
    let changed = bck
        .iter()
        .zip(common)
        .filter(|(w, common)| !aligned(w).unwrap_or(*common))
        .map(|(w, _)| w.bytes.clone())
        .collect();
    let missing = lcs_members(&bck, &src)
        .into_iter()
        .zip(&src)
        .filter(|(kept, _)| !kept)
        .map(|(_, w)| source[w.bytes.clone()].to_owned())
        .collect();
    (changed, missing)
}

/// Most words of two texts compared by the quadratic LCS; beyond it, by membership.
const LCS_CELLS: usize = 4_000_000;

/// For each word of `b`, whether it is in a longest common subsequence with `a`.
fn lcs_members(a: &[Word], b: &[Word]) -> Vec<bool> {
    if a.len().saturating_mul(b.len()) > LCS_CELLS {
        return b.iter().map(|w| a.iter().any(|v| v.lower == w.lower)).collect();
    }
    let (n, m) = (a.len(), b.len());
    let mut len = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            len[i][j] = if a[i].lower == b[j].lower {
                len[i + 1][j + 1] + 1
            } else {
                len[i + 1][j].max(len[i][j + 1])
            };
        }
    }
    let mut member = vec![false; m];
    let (mut i, mut j) = (0, 0);
    while i < n && j < m {
        if a[i].lower == b[j].lower {
            member[j] = true;
            i += 1;
            j += 1;
        } else if len[i + 1][j] >= len[i][j + 1] {
            i += 1;
        } else {
            j += 1;
        }
    }
    member
}

#[cfg(test)]
mod tests {
    use super::*;

    fn changed_words(
        source: &str,
        back: &str,
        forward: Option<&Projection>,
        backward: Option<&Projection>,
    ) -> Vec<Range<usize>> {
        compare(source, back, forward, backward).0
    }

    fn missing_words(source: &str, back: &str) -> Vec<String> {
        compare(source, back, None, None).1
    }

    fn marked(back: &str, changed: &[Range<usize>]) -> Vec<String> {
        changed.iter().map(|r| back[r.clone()].to_owned()).collect()
    }

    #[test]
    fn words_the_source_lacks_are_marked() {
        let source = "I have a bank account.";
        let back = "I have an account at the bank.";
        let changed = changed_words(source, back, None, None);
        assert_eq!(marked(back, &changed), vec!["an", "at", "the", "bank"]);
    }

    #[test]
    fn source_words_that_do_not_come_back_are_missing() {
        assert_eq!(
            missing_words("I have a bank account.", "I have bank account."),
            vec!["a"]
        );
        assert!(missing_words("A bank", "a bank").is_empty());
    }

    #[test]
    fn the_same_text_back_marks_nothing_whatever_the_case() {
        let changed = changed_words("The river Bank", "the River bank", None, None);
        assert!(changed.is_empty(), "{changed:?}");
    }

    #[test]
    fn cjk_words_come_from_the_segmenter() {
        let back = "我有银行";
        let changed = changed_words("我有一个银行账户", back, None, None);
        assert!(marked(back, &changed).is_empty(), "{:?}", marked(back, &changed));
        let back = "我有河岸";
        assert_eq!(
            marked(back, &changed_words("我有银行", back, None, None)),
            vec!["河岸"]
        );
    }

    #[test]
    fn the_alignment_decides_where_it_says_something() {
        // "bank" comes back in the same place by the alignment, "shore" does not:
        // source "a bank" → target "x y" → back "a shore".
        let forward: Projection = "0:0-0:0 2:5-2:2".parse().unwrap();
        let backward: Projection = "0:0-0:0 2:2-2:6".parse().unwrap();
        let back = "a shore";
        let changed = changed_words("a bank", back, Some(&forward), Some(&backward));
        assert_eq!(marked(back, &changed), vec!["shore"]);
        // A word the alignment puts elsewhere differs though the source has it.
        let forward: Projection = "0:0-2:2 2:5-0:0".parse().unwrap();
        let backward: Projection = "0:0-0:0 2:2-2:5".parse().unwrap();
        let back = "a bank";
        let changed = changed_words("a bank", back, Some(&forward), Some(&backward));
        assert_eq!(marked(back, &changed), vec!["a", "bank"]);
    }

    #[test]
    fn json_offsets_are_utf16() {
        let rt = RoundTrip {
            text: "ü 銀行 𝄞x".into(),
            changed: vec![3..9, 10..15],
            missing: vec!["a".into()],
        };
        let json = rt.to_json();
        assert_eq!(json.changed[0].word, "銀行");
        assert_eq!((json.changed[0].start, json.changed[0].end), (2, 4));
        assert_eq!((json.changed[1].start, json.changed[1].end), (5, 8));
    }
}
