//! A deterministic generator of texts (SplitMix64, no dependency) and a stand-in
//! service that translates by copying, for the property-style tests.

use crate::api::AlignmentEntry;
use crate::api::limits::char_count;
use crate::api::model::{Alignment, SentLen, TranslateResult, Translation};
use crate::engine::segment::sentence_lengths;

/// SplitMix64: small, fast and the same on every platform.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next() % (hi - lo + 1) as u64) as usize
    }

    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.range(0, items.len() - 1)]
    }
}

/// Words of several scripts, with emoji (surrogate pairs), combining marks, ZWJ
/// sequences, flags, and runs without spaces.
const WORDS: &[&str] = &[
    "The",
    "quick",
    "brown",
    "fox",
    "jumps",
    "over",
    "lazy",
    "dogs",
    "Hello",
    "world",
    "extraordinarily",
    "é",
    "e\u{301}te\u{301}",
    "naïve",
    "Straße",
    "😀",
    "👍🏽",
    "👨\u{200D}👩\u{200D}👧",
    "🇫🇷",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "我们",
    "今天",
    "北京大学",
    "很高兴",
    "東京都",
    "ひらがな",
    "カタカナ",
    "สวัสดีครับ",
    "ภาษาไทย",
    "مرحبا",
    "بالعالم",
    "שלום",
    "עולם",
    "Привет",
    "мир",
    "(note)",
    "\"quoted\"",
    "a,b,c",
    "—",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    "😀😀😀😀😀😀😀😀😀😀",
    "漢字漢字漢字漢字漢字漢字漢字漢字漢字",
];

const ENDS: &[&str] = &[
    ". ", "? ", "! ", "。", "？", "؟ ", ".\n", "\n", "\n\n", " ", "  ", ", ", "\r\n", "",
];

/// A random text of about `words` words.
pub fn text(rng: &mut Rng, words: usize) -> String {
    let mut out = String::new();
    if rng.range(0, 9) == 0 {
        out.push_str(rng.pick(&["  ", "\n", " \t"]));
    }
    for _ in 0..words {
        out.push_str(rng.pick(WORDS));
        let end = if rng.range(0, 3) == 0 { rng.pick(ENDS) } else { " " };
        out.push_str(end);
    }
    out
}

/// Random input elements, some empty.
pub fn texts(rng: &mut Rng) -> Vec<String> {
    (0..rng.range(0, 7))
        .map(|_| match rng.range(0, 5) {
            0 => String::new(),
            1 => text(rng, 1),
            _ => {
                let n = rng.range(1, 30);
                text(rng, n)
            }
        })
        .collect()
}

/// A service that translates by copying, with `trim` dropping the trailing whitespace
/// of each element (as a real translation may). Alignment maps each word (run of
/// non-whitespace) to itself; sentence lengths are those of the engine.
pub fn copy_service(sent: &[&str], to: &[&str], trim: bool) -> Vec<TranslateResult> {
    sent.iter()
        .map(|src| {
            let out = if trim { src.trim_end() } else { src };
            TranslateResult {
                detected_language: None,
                translations: to.iter().map(|to| copy_translation(src, out, to)).collect(),
                source_text: None,
            }
        })
        .collect()
}

fn copy_translation(src: &str, out: &str, to: &str) -> Translation {
    let mut proj = Vec::new();
    let mut unit = 0u32;
    let mut start = None;
    for c in out.chars().chain([' ']) {
        match (c.is_whitespace(), start) {
            (false, None) => start = Some(unit),
            (true, Some(s)) => {
                proj.push(AlignmentEntry {
                    src_start: s,
                    src_end: unit - 1,
                    tgt_start: s,
                    tgt_end: unit - 1,
                });
                start = None;
            }
            _ => {}
        }
        unit += c.len_utf16() as u32;
    }
    let src_lens: Vec<u32> = sentence_lengths(src, None).iter().map(|&n| n as u32).collect();
    let mut trans_lens = src_lens.clone();
    let lost = (char_count(src) - char_count(out)) as u32;
    if let Some(last) = trans_lens.last_mut() {
        *last -= lost;
    }
    Translation {
        text: out.to_owned(),
        to: (*to).to_owned(),
        transliteration: None,
        alignment: Some(Alignment {
            proj: crate::api::Projection(proj),
        }),
        sent_len: Some(SentLen {
            src_sent_len: src_lens,
            trans_sent_len: trans_lens,
        }),
    }
}

const ENGLISH: &[&str] = &[
    "the",
    "service",
    "translates",
    "every",
    "sentence",
    "of",
    "a",
    "long",
    "document",
    "into",
    "several",
    "languages",
    "and",
    "returns",
    "them",
    "in",
    "order",
    "with",
    "their",
    "alignment",
    "quickly",
];

/// `lines` lines of short English sentences, each line about 100 characters.
pub fn document(rng: &mut Rng, lines: usize) -> String {
    let mut out = String::new();
    for _ in 0..lines {
        let start = out.len();
        while out.len() - start < 90 {
            for i in 0..rng.range(3, 6) {
                let word = rng.pick(ENGLISH);
                if i == 0 {
                    out.push_str(&word[..1].to_ascii_uppercase());
                    out.push_str(&word[1..]);
                } else {
                    out.push(' ');
                    out.push_str(word);
                }
            }
            out.push_str(". ");
        }
        out.pop();
        out.push('\n');
    }
    out
}
