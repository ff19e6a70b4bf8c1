//! Language detection (the engine behind `/detect` and autodetection elsewhere).
//!
//! Two stages:
//! 1. A Unicode-script pre-pass counts the letters of each script (Han, kana and
//!    Hangul weigh 2, since one such character carries about as much as a short
//!    Latin word) and keeps the dominant script. Scripts used by one language decide
//!    directly: Hangul → ko, any kana → ja, Han only → zh-Hans / zh-Hant (by counting
//!    characters that exist in only one orthography), Thai → th, Greek → el, ...
//!    A few scripts shared by several languages are decided by letters that only one
//!    of them uses (Assamese ৰ ৱ; Kazakh қ ғ ұ ә; Tajik ҷ ӣ ӯ; Pashto ټ ډ ړ ...).
//!    Han without kana is Japanese when it has more characters only Japanese
//!    writes than characters Japanese never writes ([`super::variants`]).
//! 2. Latin, Cyrillic, Arabic, Devanagari and Hebrew text goes to `whatlang`,
//!    restricted to the languages of that script and fed only that script's letters.
//!    Its scores get the word evidence of [`super::words`] (function words) and
//!    [`super::evidence`] (word-frequency lists) added, with [`Weights`].
//!    Croatian becomes Serbian (Latin), and Hindi or Nepali becomes Marathi, when
//!    the text has more words only the former writes than words only the latter
//!    writes ([`super::variants`]).
//!
//! Scores (0..1) are multiplied by `share`, the fraction of the (weighted) letters
//! written in the dominant script. A script-decided language scores `share`.
//! whatlang reports a confidence `c₁` in 0..1: 1 when its best language clearly beats
//! the runner-up, falling to 0 as their scores meet. The best language scores
//! `share × (1 + c₁) / 2` (a tie gives 0.5). Alternatives are whatlang's runner-ups,
//! found by running it again without the languages already ranked (`c_i` being the
//! confidence of the i-th ranked language over the next); the k-th alternative scores
//! `share × (1 − c₁) / 2 × (1 − c₂) × … × (1 − c_k)`, so a runner-up is listed only
//! when the languages above it did not win decisively, and at most 2 with a score of
//! 0.1 or more are listed. Chinese variants use the same scheme with the smoothed
//! share of variant-specific characters in place of `(1 + c₁) / 2`.

use super::evidence::{Weights, frequency_evidence};
use super::langmap::{SCRIPT_DECIDED, excluded, from_whatlang, has_any, rare_chars, script_languages};
use super::ngrams::{kazakh_fits, ngram_evidence};
use super::script::{Script, han_variant_counts, script_of};
use super::variants::{japanese_or_chinese_marks, marathi_or_hindi_marks, serbian_or_croatian_marks};
use super::words::word_shares;
use rustc_hash::FxHashMap as HashMap;
use whatlang::Lang;
use whatlang::dev::RawLangInfo;

/// One candidate language.
#[derive(Debug, Clone, PartialEq)]
pub struct Detection {
    /// The Translator's language code ("en", "zh-Hans", "sr-Cyrl", ...).
    pub language: &'static str,
    /// Confidence in 0..1.
    pub score: f32,
}

/// The best language and the runner-ups worth mentioning (best first).
#[derive(Debug, Clone, PartialEq)]
pub struct DetectOutcome {
    pub best: Detection,
    pub alternatives: Vec<Detection>,
}

/// Most alternatives returned.
const MAX_ALTERNATIVES: usize = 2;
/// Alternatives scoring below this are not worth mentioning.
const MIN_ALTERNATIVE_SCORE: f32 = 0.1;
/// From this many words on, only the [`LONG_TEXT_CONTENDERS`] best languages by
/// trigrams get the frequency evidence.
const LONG_TEXT_WORDS: f64 = 16.0;
const LONG_TEXT_CONTENDERS: usize = 8;
/// Texts of this many words and more get no n-gram evidence (their trigrams
/// say enough); shorter ones get it for their first [`NGRAM_WORDS`] words.
const NGRAM_MAX_WORDS: f64 = 16.0;
const NGRAM_WORDS: usize = 8;

/// Detects the language of `text`; `None` when it has no letters (empty, only
/// punctuation, digits, symbols or emoji) or when nothing can be said.
pub fn detect(text: &str) -> Option<DetectOutcome> {
    detect_with(text, &Weights::DEFAULT)
}

/// [`detect`] with other weights of the word evidence (for tuning: examples/detect_file.rs).
pub fn detect_with(text: &str, weights: &Weights) -> Option<DetectOutcome> {
    let (script, share) = dominant_script(text)?;
    let share = share as f32;
    let rare = rare_chars(text);
    if let Some(code) = decide_by_letters(&rare, script) {
        return Some(single(code, share));
    }
    match script {
        Script::Hangul => Some(single("ko", share)),
        Script::Han | Script::Hiragana | Script::Katakana => Some(chinese_or_japanese(text, share)),
        other => match script_languages(other).as_slice() {
            [] => SCRIPT_DECIDED
                .iter()
                .find(|(s, _)| *s == other)
                .map(|(_, code)| single(code, share)),
            [only] => Some(single(from_whatlang(*only), share)),
            langs => detect_with_whatlang(text, &rare, other, langs, share, weights),
        },
    }
}

/// Every language code [`detect`] can return, sorted.
pub fn detectable_languages() -> Vec<&'static str> {
    let mut all: Vec<&'static str> = Lang::all().iter().map(|l| from_whatlang(*l)).collect();
    all.extend(["zh-Hans", "zh-Hant", "sr-Latn"]);
    all.extend(SCRIPT_DECIDED.iter().map(|(_, code)| *code));
    all.extend(super::langmap::LETTER_DECIDED.iter().map(|(_, _, code)| *code));
    all.sort_unstable();
    all.dedup();
    all
}

fn single(language: &'static str, score: f32) -> DetectOutcome {
    DetectOutcome {
        best: Detection { language, score },
        alternatives: Vec::new(),
    }
}

/// The script group with the most weighted letters and its share of all letters.
/// Han, Hiragana and Katakana form one group (reported as Hiragana when kana is present).
fn dominant_script(text: &str) -> Option<(Script, f64)> {
    let mut counts: HashMap<Script, usize> = HashMap::default();
    let mut kana = 0usize;
    let mut total = 0usize;
    for c in text.chars() {
        let Some(script) = script_of(c) else { continue };
        let (group, weight) = match script {
            Script::Hiragana | Script::Katakana => {
                kana += 1;
                (Script::Han, 2)
            }
            Script::Han | Script::Hangul => (script, 2),
            _ => (script, 1),
        };
        *counts.entry(group).or_default() += weight;
        total += weight;
    }
    // Ties resolve by script order so that the outcome does not depend on hashing.
    let (script, count) = counts
        .into_iter()
        .max_by_key(|(s, n)| (*n, std::cmp::Reverse(*s as u8)))?;
    if script == Script::Other || total == 0 {
        return None;
    }
    let script = if script == Script::Han && kana > 0 {
        Script::Hiragana
    } else {
        script
    };
    Some((script, count as f64 / total as f64))
}

/// A language told by letters that only it uses among the languages of `script`
/// (`rare`: the text's [`rare_chars`]).
fn decide_by_letters(rare: &[char], script: Script) -> Option<&'static str> {
    super::langmap::LETTER_DECIDED
        .iter()
        .filter(|(s, _, _)| *s == script)
        .filter(|(_, _, code)| !excluded(code, rare))
        .find(|(_, letters, _)| has_any(rare, letters))
        .map(|(_, _, code)| *code)
}

fn chinese_or_japanese(text: &str, share: f32) -> DetectOutcome {
    if text
        .chars()
        .any(|c| matches!(script_of(c), Some(Script::Hiragana | Script::Katakana)))
    {
        return single("ja", share);
    }
    let (ja, zh) = japanese_or_chinese_marks(text);
    if ja > zh {
        return with_alternative("ja", "zh-Hans", ja, zh, share);
    }
    let (simplified, traditional) = han_variant_counts(text);
    let (best, other, more, fewer) = if traditional > simplified {
        ("zh-Hant", "zh-Hans", traditional, simplified)
    } else {
        ("zh-Hans", "zh-Hant", simplified, traditional)
    };
    with_alternative(best, other, more, fewer, share)
}

/// `best` over `other` by `more` marks against `fewer`: the Laplace-smoothed
/// share of the evidence, decisive once 3+ marks all agree.
fn with_alternative(
    best: &'static str,
    other: &'static str,
    more: usize,
    fewer: usize,
    share: f32,
) -> DetectOutcome {
    let p = if fewer == 0 && more >= 3 {
        1.0
    } else {
        (more + 1) as f32 / (more + fewer + 2) as f32
    };
    let mut outcome = single(best, share * p);
    let alt = share * (1.0 - p);
    if alt >= MIN_ALTERNATIVE_SCORE {
        outcome.alternatives.push(Detection {
            language: other,
            score: alt,
        });
    }
    outcome
}

fn detect_with_whatlang(
    text: &str,
    rare: &[char],
    script: Script,
    langs: &[Lang],
    share: f32,
    weights: &Weights,
) -> Option<DetectOutcome> {
    // Only the letters of the dominant script (plus separators) reach whatlang.
    let filtered: String = text
        .chars()
        .map(|c| match script_of(c) {
            Some(s) if s == script => c,
            Some(_) => ' ',
            None if c.is_alphanumeric() || c.is_control() => ' ',
            None => c,
        })
        .collect();
    let allowed: Vec<Lang> = langs
        .iter()
        .copied()
        // The letters of other scripts name no language of this one: the text's
        // rare characters stand for the filtered text's.
        .filter(|l| !excluded(from_whatlang(*l), rare))
        .collect();
    let langs = if allowed.is_empty() { langs } else { &allowed };
    let (mut scores, trigrams) = whatlang_scores(&filtered, script, langs)?;
    let words = word_shares(&filtered);
    // The English prior and most of the frequency evidence matter for a word
    // or two and fade with length, as the trigrams get more to go on.
    let n = filtered.split_whitespace().count().max(1) as f64;
    // A word no list knows says little about one word, more about many.
    // The trigrams of a long text have ruled out all but a few languages: only
    // those look its words up (each look-up costs one list per language).
    let contenders: Vec<Lang>;
    let freq_langs = if n >= LONG_TEXT_WORDS {
        let mut ranked = scores.clone();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        contenders = ranked
            .iter()
            .take(LONG_TEXT_CONTENDERS)
            .map(|(l, _)| *l)
            .collect();
        &contenders[..]
    } else {
        langs
    };
    // The lowercase words (the first 16) that every kind of word evidence reads.
    let lower_words = super::evidence::words(&filtered);
    let freq = frequency_evidence(
        &lower_words,
        freq_langs,
        weights.unlisted * (1.0 - 1.0 / n),
        weights.lexicon,
    );
    // Only for common English words (a count of 300 per 10 million scores 0.37).
    let english = match freq.get(&Lang::Eng) {
        Some(&f) if f >= 0.37 => weights.english / n,
        _ => 0.0,
    };
    let frequency = weights.frequency_long + (weights.frequency - weights.frequency_long) / n;
    let ngram_weight = weights.ngram_long + (weights.ngram - weights.ngram_long) / n;
    let ngram_words = &lower_words[..lower_words.len().min(NGRAM_WORDS)];
    let ngram = if n < NGRAM_MAX_WORDS && ngram_weight > 0.0 {
        ngram_evidence(
            ngram_words,
            freq_langs,
            weights.ngram_sharpness,
            weights.ngram_unmodeled,
        )
    } else {
        HashMap::default()
    };
    for (lang, score) in scores.iter_mut() {
        *score += weights.function_words * words.get(lang).copied().unwrap_or(0.0)
            + frequency * freq.get(lang).copied().unwrap_or(0.0)
            + ngram_weight * ngram.get(lang).copied().unwrap_or(0.0)
            + if *lang == Lang::Eng { english } else { 0.0 };
    }
    scores.sort_by(|a, b| b.1.total_cmp(&a.1));
    let best = *scores.first()?;
    let conf = |k: usize| match (scores.get(k), scores.get(k + 1)) {
        (Some(a), Some(b)) => confidence(a.1, b.1, trigrams) as f32,
        _ => 1.0,
    };
    let c1 = conf(0);
    let mut outcome = single(from_whatlang(best.0), share * (1.0 + c1) / 2.0);
    match best.0 {
        Lang::Hrv
            if {
                let (sr, hr) = serbian_or_croatian_marks(&filtered);
                sr > hr
            } =>
        {
            outcome.best.language = "sr-Latn";
        }
        Lang::Hin | Lang::Nep
            if {
                let (mr, hi) = marathi_or_hindi_marks(&filtered);
                mr > hi
            } =>
        {
            outcome.best.language = "mr";
        }
        // Kazakh has no trigram profile: Cyrillic words that are all Kazakh.
        Lang::Rus | Lang::Ukr | Lang::Bel | Lang::Bul | Lang::Mkd | Lang::Srp
            if script == Script::Cyrillic
                && (super::evidence::all_kazakh(&lower_words)
                    || n < NGRAM_MAX_WORDS && kazakh_fits(ngram_words, langs, weights.kazakh_margin)) =>
        {
            outcome.best.language = "kk";
        }
        _ => {}
    }
    let mut doubt = share * (1.0 - c1) / 2.0;
    for (k, &(lang, _)) in scores.iter().enumerate().skip(1).take(MAX_ALTERNATIVES) {
        if doubt < MIN_ALTERNATIVE_SCORE {
            break;
        }
        outcome.alternatives.push(Detection {
            language: from_whatlang(lang),
            score: doubt,
        });
        doubt *= 1.0 - conf(k);
    }
    Some(outcome)
}

/// whatlang's combined (alphabet + trigram) scores of the languages in `langs`, best
/// first, with the number of trigrams they were computed from. The scripts whatlang
/// splits by trigrams go through the inverted index of [`super::trigrams`] (the same
/// numbers, several times faster); anything else through whatlang itself.
fn whatlang_scores(filtered: &str, script: Script, langs: &[Lang]) -> Option<(Vec<(Lang, f64)>, usize)> {
    if let Some((scores, trigrams)) = super::trigrams::combined_scores(filtered, script) {
        let scores = scores.into_iter().filter(|(l, _)| langs.contains(l)).collect();
        return Some((scores, trigrams));
    }
    match whatlang::dev::raw_detect(filtered).lang_info? {
        RawLangInfo::MultiScript(raw) => {
            let scores: Vec<(Lang, f64)> = raw
                .scores
                .into_iter()
                .filter(|(l, _)| langs.contains(l))
                .collect();
            Some((scores, raw.trigram_raw_outcome.trigrams_count))
        }
        RawLangInfo::OneScript(lang) | RawLangInfo::Mandarin(lang) => Some((vec![(lang, 1.0)], 0)),
    }
}

/// whatlang's own confidence formula (`core::confidence`, not exported): 1 when the
/// best score beats the second by a margin that depends on the amount of text,
/// proportionally less below that margin.
fn confidence(highest: f64, second: f64, count: usize) -> f64 {
    if highest <= 0.0 {
        return 0.0;
    }
    if second <= 0.0 {
        return 1.0;
    }
    let confident_rate = 3.0 / count.max(1) as f64 + 0.015;
    let rate = (highest - second) / second;
    (rate / confident_rate).clamp(0.0, 1.0)
}

#[cfg(test)]
#[path = "detect_tests.rs"]
mod tests;
