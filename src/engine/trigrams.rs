//! whatlang's combined scores (alphabet + trigram), with the trigram stage
//! computed through an inverted index.
//!
//! whatlang measures, for every language of a script, the rank distance
//! between its 300-trigram profile and the text's trigrams, looking each
//! profile trigram up in a hash map of the text: ~50 languages × 300 look-ups
//! per call, most of the time of a detect on a short text. The same sums can
//! be had from the other side: for each of the text's (few) trigrams, the
//! languages whose profiles hold it and at which rank. This module does that
//! and gives exactly whatlang's numbers (a test compares them with
//! `whatlang::dev::raw_detect`). The alphabet stage is whatlang's own.
//!
//! The profiles are whatlang 0.18.0's (MIT), extracted into
//! `assets/whatlang/profiles.txt` by `scripts/whatlang_profiles.py`.

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

use whatlang::Lang;
use whatlang::dev::{
    FilterList, LowercaseText, alphabet_cyrillic_calculate_scores, alphabet_latin_calculate_scores,
};

use super::script::Script;

const PROFILES: &str = include_str!("../../assets/whatlang/profiles.txt");
const MAX_TRIGRAM_DISTANCE: i64 = 300;
const MAX_TOTAL_DISTANCE: i64 = MAX_TRIGRAM_DISTANCE * MAX_TRIGRAM_DISTANCE;
const TEXT_TRIGRAMS_SIZE: usize = 600;

type Trigram = [char; 3];

/// The profiles of one script, inverted: trigram → (language, rank).
struct ScriptIndex {
    langs: Vec<(Lang, i64)>,
    index: HashMap<Trigram, Vec<(u16, u16)>>,
}

fn group_name(script: Script) -> Option<&'static str> {
    Some(match script {
        Script::Latin => "LATIN",
        Script::Cyrillic => "CYRILLIC",
        Script::Arabic => "ARABIC",
        Script::Devanagari => "DEVANAGARI",
        Script::Hebrew => "HEBREW",
        _ => return None,
    })
}

fn indexes() -> &'static HashMap<&'static str, ScriptIndex> {
    static INDEXES: OnceLock<HashMap<&'static str, ScriptIndex>> = OnceLock::new();
    INDEXES.get_or_init(|| {
        let mut out: HashMap<&'static str, ScriptIndex> = HashMap::default();
        for line in PROFILES.lines() {
            let mut parts = line.split('\t');
            let (Some(group), Some(code), Some(tris)) = (parts.next(), parts.next(), parts.next()) else {
                continue;
            };
            let Some(lang) = Lang::from_code(code) else {
                continue;
            };
            let entry = out.entry(group).or_insert_with(|| ScriptIndex {
                langs: Vec::new(),
                index: HashMap::default(),
            });
            let lang_idx = entry.langs.len() as u16;
            let chars: Vec<char> = tris.chars().collect();
            for (rank, t) in chars.chunks_exact(3).enumerate() {
                let tri = [t[0], t[1], t[2]];
                entry.index.entry(tri).or_default().push((lang_idx, rank as u16));
            }
            entry.langs.push((lang, (chars.len() / 3) as i64));
        }
        out
    })
}

fn is_stop_char(ch: char) -> bool {
    matches!(ch, '\u{0000}'..='\u{0040}' | '\u{005B}'..='\u{0060}' | '\u{007B}'..='\u{007E}')
}

/// The text's trigrams with their ranks (most frequent first; ties by the
/// trigram, descending), as whatlang ranks them.
fn text_trigrams(lowercase: &str) -> Vec<(Trigram, i64)> {
    let mut counts: HashMap<Trigram, u32> =
        HashMap::with_capacity_and_hasher(lowercase.len().min(4096), Default::default());
    let mut chars = lowercase
        .chars()
        .map(|c| if is_stop_char(c) { ' ' } else { c })
        .chain(Some(' '));
    let mut c1 = ' ';
    let Some(mut c2) = chars.next() else {
        return Vec::new();
    };
    for c3 in chars {
        if !(c2 == ' ' && (c1 == ' ' || c3 == ' ')) {
            *counts.entry([c1, c2, c3]).or_insert(0) += 1;
        }
        c1 = c2;
        c2 = c3;
    }
    let mut ranked: Vec<(u32, Trigram)> = counts.into_iter().map(|(t, n)| (n, t)).collect();
    ranked.sort_unstable_by(|a, b| b.cmp(a));
    ranked
        .into_iter()
        .take(TEXT_TRIGRAMS_SIZE)
        .enumerate()
        .map(|(i, (_, t))| (t, i as i64))
        .collect()
}

/// Trigram scores (0..1) of every language of the script, and the number of
/// distinct trigrams they were computed from.
fn trigram_scores(ix: &ScriptIndex, lowercase: &str) -> (Vec<(Lang, f64)>, usize) {
    let trigrams = text_trigrams(lowercase);
    let count = trigrams.len() as i64;
    // Start from "no profile trigram found" and correct for every match.
    let mut dist: Vec<i64> = ix
        .langs
        .iter()
        .map(|(_, len)| len * MAX_TRIGRAM_DISTANCE)
        .collect();
    for (tri, n) in &trigrams {
        for &(lang, rank) in ix.index.get(tri).map(Vec::as_slice).unwrap_or(&[]) {
            dist[usize::from(lang)] += (n - i64::from(rank)).abs() - MAX_TRIGRAM_DISTANCE;
        }
    }
    let max_dist = (count * MAX_TRIGRAM_DISTANCE) as f64;
    let scores = ix
        .langs
        .iter()
        .zip(dist)
        .map(|(&(lang, _), mut d)| {
            if MAX_TRIGRAM_DISTANCE > count {
                d -= (MAX_TRIGRAM_DISTANCE - count) * MAX_TRIGRAM_DISTANCE;
            }
            let d = d.clamp(0, MAX_TOTAL_DISTANCE) as f64;
            let score = if max_dist > 0.0 {
                (max_dist - d) / max_dist
            } else {
                f64::NAN
            };
            (lang, score)
        })
        .collect();
    (scores, trigrams.len())
}

/// whatlang's combined scores for `text` written in `script`, best first, and
/// the number of distinct trigrams. `None` for scripts whatlang does not split.
pub fn combined_scores(text: &str, script: Script) -> Option<(Vec<(Lang, f64)>, usize)> {
    let ix = indexes().get(group_name(script)?)?;
    let lowercase = LowercaseText::new(text);
    let filter = FilterList::default();
    let (alphabet, count): (Vec<(Lang, f64)>, usize) = match script {
        Script::Latin => {
            let raw = alphabet_latin_calculate_scores(&lowercase, &filter);
            (raw.scores, raw.count)
        }
        Script::Cyrillic => {
            let raw = alphabet_cyrillic_calculate_scores(&lowercase, &filter);
            (raw.scores, raw.count)
        }
        // whatlang has no alphabets for these: every language scores 1, count 1.
        _ => (ix.langs.iter().map(|(l, _)| (*l, 1.0)).collect(), 1),
    };
    let (trigram, trigram_count) = trigram_scores(ix, &lowercase);
    let alphabet_weight = (-(count as f64 / 300.0) + 2.0 / 3.0).clamp(1.0 / 3.0, 2.0 / 3.0);
    // Combine by language (whatlang's `Lang` is a plain enum: its discriminant
    // indexes the table), alphabet languages first, as whatlang lists them.
    let mut table: Vec<Option<(f64, f64)>> = vec![None; Lang::all().len()];
    let mut order: Vec<Lang> = Vec::with_capacity(alphabet.len() + trigram.len());
    for &(lang, a) in &alphabet {
        table[lang as usize] = Some((a, 0.0));
        order.push(lang);
    }
    for &(lang, t) in &trigram {
        match &mut table[lang as usize] {
            Some(entry) => entry.1 = t,
            slot => {
                *slot = Some((0.0, t));
                order.push(lang);
            }
        }
    }
    let mut scores: Vec<(Lang, f64)> = order
        .into_iter()
        .map(|lang| {
            let (a, t) = table[lang as usize].unwrap_or((0.0, 0.0));
            (lang, a * alphabet_weight + t * (1.0 - alphabet_weight))
        })
        .collect();
    scores.sort_unstable_by(|a, b| b.1.partial_cmp(&a.1).unwrap_or(std::cmp::Ordering::Less));
    Some((scores, trigram_count))
}

#[cfg(test)]
#[path = "trigrams_tests.rs"]
mod tests;
