//! The inversion rule: an A→B dictionary read backwards as B→A. Every
//! translation it lists becomes a headword (filed under its normalized text,
//! one entry per part of speech) whose translations are the headwords of the
//! entries that listed it, ranked by where they listed it (sense index + place
//! in the sense; ties by length, then in body order).
//!
//! The bundled dictionaries' inversions are built with it at build time
//! (`gld::write`, `examples/build_gld.rs`); dictd dictionaries found on the
//! machine are inverted with it on first use.

use rustc_hash::FxHashMap;

use super::dictd::{Dictd, normalize};
use super::entry::{Entry, Sense, Target};
use super::pos::{Gender, Pos};

/// An inverted dictionary: target (normalized) → the entries that list it, as entries.
pub type Inverse = FxHashMap<Box<str>, Vec<Entry>>;

/// Builds the inverse of a dictionary.
pub fn invert(dict: &Dictd) -> Inverse {
    // (target key, pos) → (display, [(rank, headword, its gender)])
    type Heads = Vec<(usize, String, Option<Gender>)>;
    let mut acc: FxHashMap<(String, Pos), (String, Heads)> = FxHashMap::default();
    for raw in dict.all_entries() {
        let Some(entry) = Entry::parse(raw) else { continue };
        for (i, sense) in entry.senses.iter().enumerate() {
            for (j, target) in sense.targets.iter().enumerate() {
                let slot = acc
                    .entry((normalize(&target.text), entry.pos))
                    .or_insert_with(|| (target.text.clone(), Vec::new()));
                if !slot.1.iter().any(|(_, h, _)| *h == entry.headword) {
                    slot.1.push((i + j, entry.headword.clone(), entry.gender));
                }
            }
        }
    }
    let mut out: Inverse = FxHashMap::default();
    for ((key, pos), (display, mut heads)) in acc {
        heads.sort_by_key(|(rank, h, _)| (*rank, h.chars().count()));
        let senses = heads
            .into_iter()
            .map(|(rank, text, gender)| Sense {
                targets: vec![Target {
                    text,
                    gender,
                    rank: Some(rank),
                }],
                note: String::new(),
            })
            .collect();
        let entry = Entry {
            headword: display,
            pos,
            gender: None,
            senses,
        };
        out.entry(key.into_boxed_str()).or_default().push(entry);
    }
    out
}
