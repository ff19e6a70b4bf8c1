//! Translations the dictionaries lack, proposed by the message pairs: for
//! each source key, the word of the other side most associated with it by
//! the Dice coefficient, linked by Melamed's competitive linking (the best
//! pair first, each key and word linked once), the
//! word comes with the key far more often than in any message, and the
//! evidence is strong. With `forms`, the inflected forms of one word
//! (`inválido`, `inválida`, `inválidos`) count as one, so that a key whose
//! translators split between genders or numbers keeps its evidence whole.

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
    forms: bool,
) -> BTreeMap<String, (f64, String)> {
    let class = if forms {
        classes(words_per_msg)
    } else {
        HashMap::new()
    };
    let forms_per_msg = words_per_msg;
    let words_per_msg: Vec<Vec<&str>> = words_per_msg
        .iter()
        .map(|words| {
            let mut w: Vec<&str> = words
                .iter()
                .map(|w| class.get(w.as_str()).copied().unwrap_or(w))
                .collect();
            w.sort_unstable();
            w.dedup();
            w
        })
        .collect();
    let n = keys_per_msg.len() as f64;
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut count: HashMap<&str, u32> = HashMap::new();
    let mut together: HashMap<(&str, &str), u32> = HashMap::new();
    for (keys, words) in keys_per_msg.iter().zip(&words_per_msg) {
        for w in words {
            *count.entry(w).or_default() += 1;
        }
        for k in keys {
            *seen.entry(k).or_default() += 1;
        }
    }
    // Only the keys and words seen often enough can be linked.
    let often = |n: Option<&u32>| n.is_some_and(|&n| n >= MIN_TOGETHER);
    for (keys, words) in keys_per_msg.iter().zip(&words_per_msg) {
        let words: Vec<&str> = words.iter().copied().filter(|w| often(count.get(w))).collect();
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
    // `invalid`, whose best word `válido` is `valid`'s, takes `inválido`). With
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
    if forms {
        // Each class said by its most frequent form (then the first by text).
        let mut form_count: HashMap<&str, u32> = HashMap::new();
        for w in forms_per_msg.iter().flatten() {
            *form_count.entry(w).or_default() += 1;
        }
        let mut said: HashMap<&str, (u32, &str)> = HashMap::new();
        for (&form, &root) in &class {
            let n = form_count[form];
            let best = said.entry(root).or_insert((n, form));
            if (n, std::cmp::Reverse(form)) > (best.0, std::cmp::Reverse(best.1)) {
                *best = (n, form);
            }
        }
        for (_, w) in links.values_mut() {
            if let Some((_, form)) = said.get(w.as_str()) {
                *w = (*form).to_owned();
            }
        }
    }
    links
}

/// The forms of one word among `words_per_msg`'s words: each word → the
/// first (by text) of its class. A class is a run of words, in text order,
/// that differ from its first by an ending: they share all of its letters
/// but the last one or two (a long word's) and add at most two (one to a
/// word of four letters), so `form` and `forms`, not `format`; `tiedosto`
/// and `tiedostoja`, not `tiedostonimi`. A run: a word sorted between two
/// forms ends it (`form`, `format`, `forms` make three classes).
fn classes(words_per_msg: &[Vec<String>]) -> HashMap<&str, &str> {
    let mut words: Vec<&str> = words_per_msg.iter().flatten().map(String::as_str).collect();
    words.sort_unstable();
    words.dedup();
    let mut class = HashMap::new();
    let mut root = "";
    for w in words {
        if !same_word(root, w) {
            root = w;
        }
        class.insert(w, root);
    }
    class
}

/// Whether `word` is a form of `root` (see [`classes`]).
fn same_word(root: &str, word: &str) -> bool {
    let r = root.chars().count();
    let common = root.chars().zip(word.chars()).take_while(|(a, b)| a == b).count();
    let (slack, extra) = match r {
        0..=3 => return false,
        4 => (0, 1),
        5..=6 => (1, 2),
        _ => (2, 2),
    };
    r - common <= slack && word.chars().count() - common <= extra
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msgs(list: &[&[&str]]) -> Vec<Vec<String>> {
        list.iter()
            .map(|m| m.iter().map(|w| (*w).to_owned()).collect())
            .collect()
    }

    #[test]
    fn endings_make_one_class_and_longer_words_do_not() {
        let words = msgs(&[
            &["inválida", "inválido", "inválidos", "form", "forms"],
            &["tiedosto", "tiedostoja", "tiedostonimi", "use", "user"],
        ]);
        let class = classes(&words);
        assert_eq!(class["inválido"], "inválida");
        assert_eq!(class["inválidos"], "inválida");
        assert_eq!(class["forms"], "form");
        assert_eq!(class["tiedostoja"], "tiedosto");
        assert_eq!(class["tiedostonimi"], "tiedostonimi");
        assert_eq!(class["user"], "user");
        let words = msgs(&[&["form", "format"]]);
        let class = classes(&words);
        assert_eq!(class["format"], "format");
    }

    #[test]
    fn split_forms_keep_their_evidence_together() {
        // `invalid` comes with `inválido` twice and `inválida` twice: apart,
        // neither passes the thresholds; together, one of them is in each of
        // its messages.
        let keys = msgs(&[
            &["invalid", "name"],
            &["invalid", "port"],
            &["invalid", "packet"],
            &["invalid", "user"],
            &["name"],
            &["port"],
        ]);
        let words = msgs(&[
            &["nombre", "inválido"],
            &["puerto", "inválido"],
            &["paquete", "inválida"],
            &["usuario", "inválida"],
            &["nombre"],
            &["puerto"],
        ]);
        assert!(!induce(&keys, &words, false, false).contains_key("invalid"));
        let links = induce(&keys, &words, false, true);
        assert_eq!(links["invalid"].1, "inválida");
    }
}
