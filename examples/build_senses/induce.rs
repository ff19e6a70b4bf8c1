//! Translations the dictionaries lack, proposed by the message pairs: for
//! each source key, the word of the other side most associated with it by
//! the Dice coefficient, linked by Melamed's competitive linking (the best
//! pair first, each key and word linked once), the
//! word comes with the key far more often than in any message, and the
//! evidence is strong.

use std::collections::{BTreeMap, HashMap, HashSet};

/// Messages a key and a word must share; the least lift over the word's base
/// rate (`together / seen − count / messages`) and the least Dice kept.
const MIN_TOGETHER: u32 = 3;
const MIN_LIFT: f64 = 0.3;
const MIN_DICE: f64 = 0.2;

/// `key → (score, word)` for the keys of `keys_per_msg` (one list of
/// distinct keys per message) and the distinct words of each message's
/// other side.
pub fn induce(
    keys_per_msg: &[Vec<String>],
    words_per_msg: &[Vec<String>],
    mutual: bool,
) -> BTreeMap<String, (f64, String)> {
    let n = keys_per_msg.len() as f64;
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut count: HashMap<&str, u32> = HashMap::new();
    let mut together: HashMap<(&str, &str), u32> = HashMap::new();
    for (keys, words) in keys_per_msg.iter().zip(words_per_msg) {
        for w in words {
            *count.entry(w).or_default() += 1;
        }
        for k in keys {
            *seen.entry(k).or_default() += 1;
        }
    }
    // Only the keys and words seen often enough can be linked.
    let often = |n: Option<&u32>| n.is_some_and(|&n| n >= MIN_TOGETHER);
    for (keys, words) in keys_per_msg.iter().zip(words_per_msg) {
        let words: Vec<&String> = words.iter().filter(|w| often(count.get(w.as_str()))).collect();
        for k in keys.iter().filter(|k| often(seen.get(k.as_str()))) {
            for w in &words {
                *together.entry((k, w)).or_default() += 1;
            }
        }
    }
    // Each pair's Dice, when the word comes with the key far beyond its base rate.
    let mut scored: Vec<(f64, &str, &str)> = together
        .into_iter()
        .filter(|&((k, w), c)| {
            let lift = f64::from(c) / f64::from(seen[k]) - f64::from(count[w]) / n;
            c >= MIN_TOGETHER && k != w && lift >= MIN_LIFT
        })
        .map(|((k, w), c)| (2.0 * f64::from(c) / f64::from(seen[k] + count[w]), k, w))
        .filter(|(d, _, _)| *d >= MIN_DICE)
        .collect();
    // Best first; ties by text, so that the same pairs give the same table.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)).then(a.2.cmp(b.2)));
    // Competitive linking: the best pair first, then each next pair whose key
    // and word are both still free, so that a key whose best word another key
    // holds may take its next, when that one passes the thresholds above (es
    // `invalid`, whose best word `válido` is `valid`'s, does not: `inválido`
    // and `inválida` split its evidence and each falls under MIN_LIFT). With
    // `mutual`, only pairs each of whose two is the other's best (phrases:
    // a run's next best is mostly a part of it or of its neighbours).
    let mut best_key: HashMap<&str, &str> = HashMap::new();
    for &(_, k, w) in &scored {
        best_key.entry(w).or_insert(k);
    }
    // The keys linked, and with `mutual` every key whose best pair was seen.
    let mut decided: HashSet<&str> = HashSet::new();
    let mut linked_words: HashSet<&str> = HashSet::new();
    let mut links: BTreeMap<String, (f64, String)> = BTreeMap::new();
    for &(s, k, w) in &scored {
        if decided.contains(k) {
            continue;
        }
        if mutual {
            // A key's best pair decides it: linked when its word chose it too.
            decided.insert(k);
            if best_key[w] != k {
                continue;
            }
        }
        if linked_words.insert(w) {
            decided.insert(k);
            links.insert(k.to_owned(), (s, w.to_owned()));
        }
    }
    links
}
