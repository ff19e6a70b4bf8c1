//! Dictionary lookup as the service answers it: the alternatives of a term with
//! a confidence each, and the back-translations of every alternative.
//!
//! **Confidence** (a heuristic; the dictionaries carry no corpus statistics):
//! the m-th translation of an entry's n-th sense weighs 1/√(n·m), so the
//! dictionary's own ordering counts but does not decide alone (Wiktionary's
//! senses, which WikDict follows, come in no order of use: `house` → fi lists
//! `huone`, the astrological house, first), times 1 + ln(1 + f)
//! where f is the translation's count in the target language's frequency list
//! (wordfreq's counts per 10 million words, for every language of the bundled
//! dictionaries), so common words win over
//! rare ones; a translation
//! listed by several senses or entries adds their weights. A translation whose
//! own entry in the reverse dictionary gives the term back as its n-th
//! translation is multiplied by 1 + 1/n (the two words are each other's
//! usual translation). Entries spelled as asked (`house`) weigh twice those
//! that only match once normalized (`House`). From English, the part of
//! speech of an alternative is the one of the entry of the target language's
//! dictionary that gives the term back, when there is one (灯 is a noun though
//! `light` is most often an adjective; 走る a verb). An inverted entry
//! (B→A read from an A→B dictionary) weighs each translation by where the
//! A→B entry listed it. The weights of one term are
//! then divided by their sum and truncated to 4 decimals, so they add up to at
//! most 1.
//!
//! **frequencyCount** of a back-translation: how many senses of the bundled
//! dictionaries pair the two words, counting both directions. **numExamples**
//! comes from the caller (the example sentences are another module).

use super::dictd::normalize;
use super::entry::Entry;
use super::library::Library;
use super::pos::{Gender, Pos};

/// The most alternatives one term gets, and back-translations one alternative gets.
pub const MAX_ALTERNATIVES: usize = 12;
pub const MAX_BACK: usize = 10;

/// One alternative translation with its weight before normalization.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    pub display: String,
    pub pos: Pos,
    pub gender: Option<Gender>,
    pub weight: f64,
}

/// The term's headword as the dictionary displays it, and its alternatives,
/// heaviest first (ties in dictionary order). Empty when the term is unknown.
pub fn candidates(lib: &Library, from: &str, to: &str, term: &str) -> (Option<String>, Vec<Candidate>) {
    candidates_top(lib, from, to, term, usize::MAX)
}

/// [`candidates`], for a caller that keeps only the heaviest `limit` distinct words:
/// the agreement of back-translations, which reads the reverse dictionary once per
/// candidate (most of a look-up's cost), is computed only for the words that can
/// reach them. Agreement at most doubles a weight and merging only adds the weights
/// of one word, so a word whose candidates weigh less than half the `limit`-th
/// heaviest word before it stays below that word after it. The words left out keep
/// their weight and part of speech; the heaviest `limit` are exactly those of
/// [`candidates`] (a test holds them to it).
pub fn candidates_top(
    lib: &Library,
    from: &str,
    to: &str,
    term: &str,
    limit: usize,
) -> (Option<String>, Vec<Candidate>) {
    candidates_of(lib, from, to, term, &lib.entries(from, to, term), limit)
}

/// [`candidates_top`] over the given entries of `term`.
fn candidates_of(
    lib: &Library,
    from: &str,
    to: &str,
    term: &str,
    entries: &[Entry],
    limit: usize,
) -> (Option<String>, Vec<Candidate>) {
    // Entries spelled as asked (`house`) come before and weigh twice those that
    // only match once normalized (`House`, the parliament).
    // A phrase's first capital is the sentence's (`Good morning` and the
    // exercise `good morning` are both spelled as asked).
    let asked = term.trim();
    let as_asked = |headword: &str| {
        headword == asked || (asked.contains(' ') && first_lower(headword) == first_lower(asked))
    };
    let exact = entries.iter().find(|e| e.headword == asked);
    let display = exact.or(entries.first()).map(|e| e.headword.clone());
    let mut out: Vec<Candidate> = Vec::new();
    for entry in entries.iter() {
        let factor = if exact.is_some() && !as_asked(&entry.headword) {
            0.5
        } else {
            1.0
        };
        add_entry(&mut out, entry, from, to, factor);
    }
    for c in &mut out {
        let f = lib.frequency(to, &normalize(&c.display));
        c.weight *= 1.0 + f64::from(f).ln_1p();
    }
    let keys: Vec<String> = out.iter().map(|c| normalize(&c.display)).collect();
    let sums = word_weights(&out, &keys, |sum, w| sum + w);
    let bound = reachable(&out, &keys, limit);
    let source = normalize(term);
    for (c, key) in out.iter_mut().zip(&keys) {
        if 2.0 * sums.get(key.as_str()).copied().unwrap_or(0.0) < bound {
            continue;
        }
        let (agreement, pos) = mutual(lib, from, to, &source, &c.display);
        c.weight *= 1.0 + agreement;
        // From English, the part of speech that the target language's own
        // dictionary gives the pair wins over the one of the English entry or
        // of an inversion (灯 is a noun, 走る a verb).
        if let Some(pos) = pos.filter(|_| from == "en") {
            c.pos = pos;
        }
    }
    merge_same(&mut out);
    out.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    (display, out)
}

/// `s` with its first letter in lower case.
fn first_lower(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map(|c| c.to_lowercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The weight of the heaviest candidate of the `limit`-th heaviest distinct word
/// (0 when there are fewer words).
fn reachable(cands: &[Candidate], keys: &[String], limit: usize) -> f64 {
    if limit >= cands.len() {
        return 0.0;
    }
    let mut heaviest: Vec<f64> = word_weights(cands, keys, f64::max).into_values().collect();
    heaviest.sort_by(|a, b| b.total_cmp(a));
    limit
        .checked_sub(1)
        .and_then(|i| heaviest.get(i))
        .copied()
        .unwrap_or(0.0)
}

/// Each word's candidates' weights folded by `fold` (sum, max).
fn word_weights<'a>(
    cands: &[Candidate],
    keys: &'a [String],
    fold: impl Fn(f64, f64) -> f64,
) -> std::collections::HashMap<&'a str, f64> {
    let mut out = std::collections::HashMap::with_capacity(cands.len());
    for (c, key) in cands.iter().zip(keys) {
        out.entry(key.as_str())
            .and_modify(|w: &mut f64| *w = fold(*w, c.weight))
            .or_insert(c.weight);
    }
    out
}

/// Merges candidates that became the same word with the same part of speech.
fn merge_same(out: &mut Vec<Candidate>) {
    let mut merged: Vec<Candidate> = Vec::with_capacity(out.len());
    for c in out.drain(..) {
        match same(&mut merged, c.pos, &normalize(&c.display)) {
            // The heavier one's spelling stays (`ja`, not the `JA` of AND).
            Some(m) => {
                if c.weight > m.weight {
                    m.display = c.display;
                    m.gender = c.gender;
                }
                m.weight += c.weight;
            }
            None => merged.push(c),
        }
    }
    *out = merged;
}

/// The candidate already holding this word (normalized) with this part of speech.
fn same<'a>(out: &'a mut [Candidate], pos: Pos, key: &str) -> Option<&'a mut Candidate> {
    out.iter_mut()
        .find(|c| c.pos == pos && normalize(&c.display) == key)
}

fn add_entry(out: &mut Vec<Candidate>, entry: &Entry, from: &str, to: &str, factor: f64) {
    for (i, sense) in entry.senses.iter().enumerate() {
        for (j, target) in sense.targets.iter().enumerate() {
            let weight = factor
                * match target.rank {
                    Some(rank) => 1.0 / (rank + 1) as f64,
                    None => 1.0 / (((i + 1) * (j + 1)) as f64).sqrt(),
                };
            let english = if from == "en" {
                &entry.headword
            } else {
                &target.text
            };
            let pos = if from == "en" || to == "en" {
                entry.pos.refine(english)
            } else {
                entry.pos
            };
            // A gendered translation is a noun, whatever the entry says.
            let pos = if pos == Pos::Other && target.gender.is_some() {
                Pos::Noun
            } else {
                pos
            };
            let key = normalize(&target.text);
            match same(out, pos, &key) {
                Some(c) => c.weight += weight,
                None => out.push(Candidate {
                    display: target.text.clone(),
                    pos,
                    gender: target.gender,
                    weight,
                }),
            }
        }
    }
}

/// How strongly the reverse dictionary gives the source back for a target:
/// 1/(n+1) when the source is its n-th translation (entry index + place in
/// the entry), else 0; and the part of speech of the entry that does, when it
/// has one.
fn mutual(lib: &Library, from: &str, to: &str, source: &str, target: &str) -> (f64, Option<Pos>) {
    let reverse = lib.entries(to, from, target);
    // The best place it holds in any one entry, counting earlier entries
    // (dictionaries that split a word into several entries list each
    // meaning's own translations first).
    let best = reverse
        .iter()
        .enumerate()
        .filter_map(|(n, e)| {
            e.senses
                .iter()
                .flat_map(|s| &s.targets)
                .position(|t| normalize(&t.text) == source)
                .map(|p| (n + p, e.pos))
        })
        .min_by_key(|&(place, _)| place);
    match best {
        Some((n, pos)) => (1.0 / (n + 1) as f64, (pos != Pos::Other).then_some(pos)),
        None => (0.0, None),
    }
}

/// A lookup result in the engine's terms (the service maps it to the contract).
#[derive(Clone, Debug, PartialEq)]
pub struct Lookup {
    pub normalized_source: String,
    pub display_source: String,
    pub translations: Vec<Alternative>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Alternative {
    pub normalized_target: String,
    pub display_target: String,
    pub pos: Pos,
    pub confidence: f64,
    pub prefix_word: &'static str,
    pub back_translations: Vec<Back>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Back {
    pub normalized_text: String,
    pub display_text: String,
    pub num_examples: u32,
    pub frequency_count: u32,
}

/// The candidates of `term`, or, when it is no headword, of its first base
/// form that is one (`engine::lemma`: `was` → `be`, `children` → `child`,
/// `pankissa` → `pankki`); with the term actually looked up.
fn with_base_form(
    lib: &Library,
    from: &str,
    to: &str,
    term: &str,
) -> (Option<String>, Vec<Candidate>, String) {
    let (display, cands) = candidates_top(lib, from, to, term, MAX_ALTERNATIVES);
    if !cands.is_empty() {
        return (display, cands, term.to_owned());
    }
    for base in crate::engine::lemma::candidates(term.trim(), from) {
        let (display, cands) = candidates_top(lib, from, to, &base, MAX_ALTERNATIVES);
        if !cands.is_empty() {
            return (display, cands, base);
        }
    }
    // An English grammatical word no dictionary has (`I` → sv `jag`): our table.
    let grammar = super::grammar::entries(from, to, &normalize(term));
    if !grammar.is_empty() {
        let (display, cands) = candidates_of(lib, from, to, term, &grammar, MAX_ALTERNATIVES);
        return (display, cands, term.to_owned());
    }
    (display, cands, term.to_owned())
}

/// Looks a term up. `examples(source, target)` counts the example sentences
/// available for a pair of words from→to.
///
/// An inflected form that is no headword itself is answered with the entry of
/// its base form: `normalizedSource` and `displaySource` are then the base
/// form's (`was` → `be`), so the back-translations contain it and
/// dictionary/examples takes it.
pub fn lookup(
    lib: &Library,
    from: &str,
    to: &str,
    term: &str,
    examples: &dyn Fn(&str, &str) -> usize,
) -> Lookup {
    let (display, mut cands, source) = with_base_form(lib, from, to, term);
    cands.truncate(MAX_ALTERNATIVES);
    let total: f64 = cands.iter().map(|c| c.weight).sum();
    let normalized_source = normalize(&source);
    let translations = cands
        .iter()
        .map(|c| {
            let normalized_target = normalize(&c.display);
            let back_translations = backs(lib, from, to, &normalized_source, &c.display, examples);
            Alternative {
                normalized_target,
                display_target: c.display.clone(),
                pos: c.pos,
                confidence: ((c.weight / total) * 10_000.0).floor() / 10_000.0,
                prefix_word: c.gender.map(|g| g.determiner(to)).unwrap_or(""),
                back_translations,
            }
        })
        .collect();
    Lookup {
        normalized_source,
        display_source: display.unwrap_or_else(|| source.trim().to_owned()),
        translations,
    }
}

/// How many senses of `entries` list `word` among their translations.
fn senses_listing(entries: &[Entry], word: &str) -> u32 {
    let key = normalize(word);
    let n = entries
        .iter()
        .flat_map(|e| &e.senses)
        .filter(|s| s.targets.iter().any(|t| normalize(&t.text) == key))
        .count();
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The back-translations of `target` (to→from), always including the source.
fn backs(
    lib: &Library,
    from: &str,
    to: &str,
    source: &str,
    target: &str,
    examples: &dyn Fn(&str, &str) -> usize,
) -> Vec<Back> {
    let reverse = lib.entries(to, from, target);
    let (_, mut cands) = candidates_top(lib, to, from, target, MAX_BACK);
    // One back-translation per word, whatever its part of speech or spelling.
    let mut seen = std::collections::HashSet::new();
    cands.retain(|c| seen.insert(normalize(&c.display)));
    cands.truncate(MAX_BACK);
    if !cands.iter().any(|c| normalize(&c.display) == source) {
        let display = lib.entries(from, to, source).first().map(|e| e.headword.clone());
        let display = display.unwrap_or_else(|| source.to_owned());
        cands.truncate(MAX_BACK - 1);
        cands.push(Candidate {
            display,
            pos: Pos::Other,
            gender: None,
            weight: 0.0,
        });
    }
    let mut out: Vec<Back> = cands
        .into_iter()
        .map(|c| {
            let normalized_text = normalize(&c.display);
            let forward = lib.entries(from, to, &normalized_text);
            let frequency_count =
                senses_listing(&reverse, &c.display).saturating_add(senses_listing(&forward, target));
            let num_examples = u32::try_from(examples(&normalized_text, target)).unwrap_or(u32::MAX);
            Back {
                normalized_text,
                display_text: c.display,
                num_examples,
                frequency_count,
            }
        })
        .collect();
    out.sort_by_key(|b| std::cmp::Reverse(b.frequency_count));
    out
}
