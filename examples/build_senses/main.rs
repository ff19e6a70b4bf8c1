//! Learns which of a word's dictionary senses software text uses, from
//! human-translated message pairs (scripts/build_senses.py gathers them from
//! the dev split of the system's gettext catalogues). Writes
//! `OUT/<from>-<to>.tsv` for English to each language and back (see
//! engine::gloss::senses for the format and its use).
//!
//! `build_senses PAIRS OUT`: PAIRS holds `code TAB english TAB translation`
//! lines. For each source word the gloss would look up (the word when it is a
//! headword, else its first base form that is one), each of its candidates is
//! counted in the pairs whose other side contains it (by a shared stem:
//! inflection and compounding change endings) and scored by how much more
//! often than in any message: `hits / seen − base rate`.

use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use glossa::engine::dict::{Library, candidates, normalize};
use glossa::engine::lemma;
use glossa::engine::tokens::{Kind, tokenize};

mod induce;
mod phrases;

/// A word must be seen in this many messages, a candidate found in this many.
const MIN_SEEN: usize = 3;
const MIN_HITS: usize = 2;
/// English words the gloss decides by rule, not by sense: `too` before an
/// adjective is a degree (engine::gloss::cues::degree), and messages have
/// little else, so their table would make every other `too` a degree too;
/// the auxiliaries and modals (engine::gloss::cues), whose messages are
/// mostly in the third person (`has` → el `έχει` would serve `I have`).
const RULED: &[&str] = &[
    "too", "am", "is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do", "does",
    "did", "can", "could", "may", "might", "must", "shall", "should", "will", "would",
];
/// The least score written.
const MIN_SCORE: f64 = 0.05;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [pairs, out] = args.as_slice() else {
        eprintln!("usage: build_senses PAIRS OUT");
        return ExitCode::FAILURE;
    };
    match run(Path::new(pairs), Path::new(out)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("build_senses: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(pairs: &Path, out: &Path) -> std::io::Result<()> {
    let text = std::fs::read_to_string(pairs)?;
    let mut by_lang: BTreeMap<&str, Vec<(&str, &str, &str)>> = BTreeMap::new();
    for line in text.lines() {
        let mut f = line.split('\t');
        if let (Some(code), Some(en), Some(xx)) = (f.next(), f.next(), f.next()) {
            by_lang
                .entry(code)
                .or_default()
                .push((en, xx, f.next().unwrap_or("")));
        }
    }
    std::fs::create_dir_all(out)?;
    let lib = Library::bundled();
    for (code, list) in by_lang {
        for (from, to) in [("en", code), (code, "en")] {
            let msgs: Vec<(&str, &str)> = list
                .iter()
                .map(|&(en, xx, _)| if from == "en" { (en, xx) } else { (xx, en) })
                .collect();
            let domains: Vec<&str> = list.iter().map(|m| m.2).collect();
            let lines = learn(&lib, from, to, &msgs, &domains);
            let path = out.join(format!("{from}-{to}.tsv"));
            let mut f = std::io::BufWriter::new(std::fs::File::create(&path)?);
            for line in &lines {
                writeln!(f, "{line}")?;
            }
            println!("{from}-{to}: {} messages, {} words", msgs.len(), lines.len());
        }
    }
    Ok(())
}

/// The lines of one direction's table, sorted by key (byte order).
/// Targets written in another script than Latin.
const NOT_LATIN: &[&str] = &["ar", "bg", "el", "hi", "ja", "ru", "zh-Hans"];

fn learn(lib: &Library, from: &str, to: &str, msgs: &[(&str, &str)], domains: &[&str]) -> Vec<String> {
    let targets: Vec<Target> = msgs.iter().map(|(_, t)| Target::new(t, to)).collect();
    // key → (messages seen in, candidate → messages found in)
    let mut stats: BTreeMap<String, (usize, BTreeMap<String, usize>)> = BTreeMap::new();
    let mut cands_of: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut keys_per_msg = Vec::new();
    // Into English, the source's negations; not those of verbs only (ar
    // `لا`, el `δεν`, hi `नहीं` before `खोल सका`): the verb after them keeps
    // its evidence (skipping those lost dev-b hi→en 1.3 chrF, el→en 0.3), and
    // English says their "not" as a word of its own.
    let negations: Vec<&str> = NEGATIONS
        .iter()
        .filter(|(l, _)| *l == from && to == "en")
        .flat_map(|(_, n)| n.iter().copied())
        .filter(|n| !VERB_ONLY_NOT.contains(n))
        .collect();
    let phrases = phrases::learn(msgs, domains, (from, to));
    // Per message, its words inside a phrase it translates as a whole.
    let mut in_phrases = Vec::new();
    for ((src, _), target) in msgs.iter().zip(&targets) {
        let mut keys: Vec<String> = Vec::new();
        let mut all: Vec<String> = Vec::new();
        let words = words(src);
        in_phrases.push(phrases::present(
            (src, from),
            &words,
            &phrases,
            |u| target.has(u),
            |w| normalize(&key(lib, from, to, w).unwrap_or_else(|| w.to_owned())),
        ));
        for (i, w) in words.iter().enumerate() {
            // Into English, a word its source negates is no evidence of its
            // sense: it `valido` after `non` comes with "invalid" (it had
            // learned `valido` → "invalid", ar `صالح` too).
            if i > 0 && negations.contains(&normalize(&words[i - 1]).as_str()) {
                continue;
            }
            if let Some(k) = key(lib, from, to, w) {
                all.push(normalize(&k));
                keys.push(k);
            } else if w.chars().any(char::is_alphabetic) {
                all.push(normalize(w));
            }
        }
        all.sort();
        all.dedup();
        keys_per_msg.push(all);
        keys.sort();
        keys.dedup();
        for key in keys {
            let cands = cands_of.entry(key.clone()).or_insert_with(|| {
                let mut c: Vec<String> = candidates(lib, from, to, &key)
                    .1
                    .iter()
                    .map(|c| normalize(&c.display))
                    .collect();
                c.sort();
                c.dedup();
                c
            });
            let entry = stats.entry(normalize(&key)).or_default();
            entry.0 += 1;
            for c in cands.iter().filter(|c| target.has(c)) {
                *entry.1.entry(c.clone()).or_default() += 1;
            }
        }
    }
    // Into a language of another script, a Latin word of the other side is a
    // name or code the message copies (`FrameMaker`, `icrnl`), never a
    // translation to propose (`done` → zh `do`, `format` → hi `GVariant`).
    let other_script = NOT_LATIN.contains(&to);
    let words_per_msg: Vec<Vec<String>> = targets
        .iter()
        .zip(&keys_per_msg)
        .map(|(t, source)| {
            let mut w: Vec<String> = t
                .words
                .iter()
                // Not a letter cut off a hyphenated word (`E` of `E-Mail`).
                .filter(|w| w.chars().any(char::is_alphabetic) && (w.chars().count() > 1 || unspaced(w)))
                .filter(|w| !(other_script && w.chars().any(|c| c.is_ascii_alphabetic())))
                // Nor a word the message copies from its source: a name's
                // other half is no translation (ru `adobe` → `Illustrator`).
                .filter(|w| source.binary_search(&normalize(w)).is_err())
                .cloned()
                .collect();
            w.sort();
            w.dedup();
            w
        })
        .collect();
    let induced = phrases::own(
        induced(&keys_per_msg, &words_per_msg, to),
        (&keys_per_msg, &words_per_msg),
        &in_phrases,
    );
    let learned = negated(lib, induced, (&keys_per_msg, &targets), to);
    let spelled = spellings(msgs);
    let index = Index::new(&targets);
    let mut lines = Vec::new();
    let empty = (0, BTreeMap::new());
    let keys: std::collections::BTreeSet<&String> =
        stats.keys().chain(learned.keys()).chain(phrases.keys()).collect();
    for key in keys {
        if let Some((dice, unit)) = phrases.get(key.as_str()) {
            lines.push(format!("{key}\t{dice:.2}:+{unit}"));
            continue;
        }
        let (seen, hits) = stats.get(key).unwrap_or(&empty);
        let ruled = from == "en" && RULED.contains(&key.as_str());
        let learned = learned.get(key.as_str()).filter(|_| !ruled);
        if (*seen < MIN_SEEN && learned.is_none()) || ruled {
            continue;
        }
        let mut scored: Vec<(f64, &str)> = Vec::new();
        for (cand, &n) in hits.iter().filter(|(_, n)| **n >= MIN_HITS) {
            let rate = index.count(&targets, cand) as f64 / targets.len() as f64;
            let score = n as f64 / *seen as f64 - rate;
            if score >= MIN_SCORE {
                scored.push((score, cand));
            }
        }
        if scored.is_empty() && learned.is_none() {
            continue;
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        let mut cells: Vec<String> = scored.iter().map(|(s, c)| format!("{s:.2}:{c}")).collect();
        // A word the messages propose, marked `+`: used where the dictionaries
        // have nothing better (engine::gloss::senses::learned).
        cells.extend(learned.map(|(s, w)| format!("{s:.2}:+{}", spelled.get(w).unwrap_or(w))));
        lines.push(format!("{key}\t{}", cells.join("\t")));
    }
    // In key order: the keys came from a sorted set.
    lines
}

/// The words the messages propose for their keys ([`induce`]); where a key
/// gets none, and the target inflects and spaces its words (not English,
/// Japanese, Chinese), the one its inflected forms counted together propose
/// (es `invalid` → `inválido`, whose evidence `inválida` shared). Only there:
/// every proposal made with forms counted together lost dev-b chrF into
/// English (sv→en −1.1, pl→en −0.8: `files` → `file`, the class's most
/// frequent form) and into Swedish and French (−0.8 each: definite and plural
/// forms proposed over the dictionary's base).
fn induced(
    keys_per_msg: &[Vec<String>],
    words_per_msg: &[Vec<String>],
    to: &str,
) -> BTreeMap<String, (f64, String)> {
    let plain = induce::induce(keys_per_msg, words_per_msg, false, false);
    if matches!(to, "en" | "ja" | "zh-Hans") {
        return plain;
    }
    let mut links = induce::induce(keys_per_msg, words_per_msg, false, true);
    links.extend(plain);
    links
}

/// The words that say "not" as a word of their own before another, per
/// language.
const NEGATIONS: &[(&str, &[&str])] = &[
    ("id", &["tidak", "tak", "bukan"]),
    ("ar", &["غير", "عدم", "لا"]),
    ("es", &["no"]),
    ("pt", &["não"]),
    ("it", &["non"]),
    ("fr", &["non", "pas"]),
    ("ru", &["не"]),
    ("bg", &["не"]),
    ("pl", &["nie"]),
    ("el", &["μη", "δεν"]),
    ("nl", &["niet"]),
    ("sv", &["inte", "ej"]),
    ("nb", &["ikke"]),
    ("de", &["nicht"]),
    ("hi", &["नहीं"]),
];

/// Negations of [`NEGATIONS`] that come before verbs only.
const VERB_ONLY_NOT: &[&str] = &["لا", "δεν", "नहीं"];

/// Whether an English key says "not" itself: a negation, or a negative
/// prefix before an English word (`invalid`, `unknown`, `illegal`,
/// `disallow`; not `implement`, `install`: `stall` is a word, but no
/// message negates it).
fn negative(lib: &Library, key: &str) -> bool {
    ENGLISH_NOT.contains(&key) || lib.has_negative_prefix(key, 4)
}

/// English words that negate what follows them.
const ENGLISH_NOT: &[&str] = &[
    "not", "no", "cannot", "can't", "couldn't", "don't", "doesn't", "didn't", "isn't", "aren't", "wasn't",
    "won't", "never", "without", "unable", "nothing", "none", "nor", "neither", "failed",
];

/// A proposed word that the messages write after a negation, in at least
/// half of those with the key and no other English negation, is proposed
/// with it: `invalid` → id `tidak valid`, `unknown` → `tidak diketahui` (the
/// word alone, `valid`, `diketahui` "known", said the opposite).
fn negated(
    lib: &Library,
    learned: BTreeMap<String, (f64, String)>,
    (keys_per_msg, targets): (&[Vec<String>], &[Target]),
    to: &str,
) -> BTreeMap<String, (f64, String)> {
    let Some((_, negations)) = NEGATIONS.iter().find(|(l, _)| *l == to) else {
        return learned;
    };
    learned
        .into_iter()
        .map(|(key, (score, word))| {
            if !negative(lib, &key) {
                return (key, (score, word));
            }
            // Messages with the key and the word; the negations before the word.
            let mut with = 0;
            let mut before: HashMap<&str, u32> = HashMap::new();
            for (keys, t) in keys_per_msg.iter().zip(targets) {
                let Some(at) = t.words.iter().position(|w| *w == word) else {
                    continue;
                };
                if keys.binary_search(&key).is_err() {
                    continue;
                }
                with += 1;
                // The negation must be the key's own (`invalid`), not another
                // word's (`not dumped`, `could not find`).
                let other = ENGLISH_NOT
                    .iter()
                    .any(|n| *n != key && keys.binary_search(&(*n).to_owned()).is_ok());
                if let Some(neg) = at.checked_sub(1).map(|p| t.words[p].as_str())
                    && negations.contains(&neg)
                    && !other
                {
                    *before.entry(neg).or_default() += 1;
                }
            }
            // The most frequent negation (ties: the first listed).
            let neg = negations
                .iter()
                .filter_map(|n| before.get(n).map(|&c| (c, *n)))
                .fold(None, |best: Option<(u32, &str)>, x| match best {
                    Some(b) if b.0 >= x.0 => Some(b),
                    _ => Some(x),
                });
            let after: u32 = before.values().sum();
            let word = match neg {
                Some((_, neg)) if 2 * after >= with => format!("{neg} {word}"),
                _ => word,
            };
            (key, (score, word))
        })
        .collect()
}

/// How each word of the other side is spelled most often where it does not
/// open its message (German nouns keep their capital, `Nachrichten`; an
/// English word its lower case), by its normalized form.
fn spellings(msgs: &[(&str, &str)]) -> HashMap<String, String> {
    let mut counts: HashMap<String, HashMap<String, u32>> = HashMap::new();
    for (_, target) in msgs {
        for t in tokenize(target, 0..target.len()) {
            if t.kind == Kind::Word && !initial(target, t.range.start) {
                let w = &target[t.range];
                *counts
                    .entry(normalize(w))
                    .or_default()
                    .entry(w.to_owned())
                    .or_default() += 1;
            }
        }
    }
    counts
        .into_iter()
        .filter_map(|(key, forms)| {
            let best = forms
                .into_iter()
                .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?;
            Some((key, best.0))
        })
        .collect()
}

/// Whether the text at byte `at` opens a sentence (after nothing but
/// punctuation, or after `.`, `:`, `!`, `?`): a word there is spelled with
/// its capital (`Error: Could not create` is no spelling of `could`).
pub(crate) fn initial(text: &str, at: usize) -> bool {
    let before = text[..at].trim_end_matches(|c: char| c.is_whitespace() || "\"'«»“”„‘’([{*".contains(c));
    before.ends_with(['.', '!', '?', ':', '…', '-', '—', '–']) || !before.chars().any(char::is_alphanumeric)
}

/// Whether `word` is written in a script without spaces (kana, Han).
fn unspaced(word: &str) -> bool {
    word.chars().any(|c| ('\u{3040}'..='\u{9FFF}').contains(&c))
}

/// The word tokens of `text`.
fn words(text: &str) -> Vec<String> {
    tokenize(text, 0..text.len())
        .into_iter()
        .filter(|t| t.kind == Kind::Word)
        .map(|t| text[t.range].to_owned())
        .collect()
}

/// What the gloss looks `word` up under: itself, else its first base form
/// that is a headword.
fn key(lib: &Library, from: &str, to: &str, word: &str) -> Option<String> {
    if !word.chars().any(char::is_alphabetic) {
        return None;
    }
    if lib.contains(from, to, word) {
        return Some(word.to_owned());
    }
    lemma::candidates(word, from)
        .into_iter()
        .find(|b| lib.contains(from, to, b))
}

/// One message's other side, ready to be searched for a candidate.
struct Target {
    text: String,
    words: Vec<String>,
    unspaced: bool,
    prefix: bool,
}

impl Target {
    fn new(text: &str, to: &str) -> Self {
        let text = normalize(text);
        Target {
            words: words(&text),
            text,
            unspaced: matches!(to, "ja" | "zh-Hans"),
            prefix: matches!(to, "de" | "nl" | "sv" | "nb" | "fi" | "tr"),
        }
    }

    /// Whether every word of `cand` (normalized) is here, by a shared stem.
    fn has(&self, cand: &str) -> bool {
        if self.unspaced {
            return !cand.is_empty() && self.text.contains(cand);
        }
        let mut any = false;
        for w in cand.split_whitespace() {
            any = true;
            if !self.words.iter().any(|t| stem_match(w, t, self.prefix)) {
                return false;
            }
        }
        any
    }
}

/// The messages each word of the other side occurs in.
struct Index {
    words: BTreeMap<String, Vec<u32>>,
}

impl Index {
    fn new(targets: &[Target]) -> Self {
        let mut words: BTreeMap<String, Vec<u32>> = BTreeMap::new();
        for (i, t) in targets.iter().enumerate() {
            for w in &t.words {
                let ids = words.entry(w.clone()).or_default();
                if ids.last() != Some(&(i as u32)) {
                    ids.push(i as u32);
                }
            }
        }
        Index { words }
    }

    /// In how many messages `cand` occurs (as [`Target::has`] finds it).
    fn count(&self, targets: &[Target], cand: &str) -> usize {
        let Some(first) = targets.first() else {
            return 0;
        };
        if first.unspaced {
            return targets.iter().filter(|t| t.has(cand)).count();
        }
        let mut common: Option<Vec<u32>> = None;
        for w in cand.split_whitespace() {
            // Every word a stem matches shares its first three letters.
            let prefix: String = w.chars().take(3).collect();
            let mut ids: Vec<u32> = self
                .words
                .range(prefix.clone()..)
                .take_while(|(k, _)| k.starts_with(&prefix))
                .filter(|(k, _)| stem_match(w, k, first.prefix))
                .flat_map(|(_, ids)| ids.iter().copied())
                .collect();
            if w.chars().count() < 3 {
                ids = self.words.get(w).cloned().unwrap_or_default();
            }
            ids.sort_unstable();
            ids.dedup();
            common = Some(match common {
                None => ids,
                Some(prev) => prev
                    .into_iter()
                    .filter(|i| ids.binary_search(i).is_ok())
                    .collect(),
            });
        }
        common.map_or(0, |c| c.len())
    }
}

/// The same word up to its ending (the candidate, a dictionary form, may
/// lose up to two letters of a long word, the message's form add up to
/// three), or, where `prefix` (languages that compound and stack suffixes),
/// as the first part of a longer word (`datei` in `dateiname`).
fn stem_match(cand: &str, word: &str, prefix: bool) -> bool {
    if cand == word {
        return true;
    }
    let c: Vec<char> = cand.chars().collect();
    let w: Vec<char> = word.chars().collect();
    let common = c.iter().zip(&w).take_while(|(a, b)| a == b).count();
    if common < 3 || c.len() < 4 {
        return false;
    }
    if prefix && common == c.len() {
        return true;
    }
    let slack = match c.len() {
        7.. => 2,
        5..=6 => 1,
        _ => 0,
    };
    c.len() - common <= slack && w.len() - common <= 3
}
