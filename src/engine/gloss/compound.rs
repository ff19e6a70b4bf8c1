//! Words the dictionary lacks as a whole, read as the pieces it knows:
//!
//! - the compounds of German, Dutch, Swedish, Norwegian and Finnish, which
//!   write a new noun as one word (`Arkistoindeksi` → arkisto + indeksi →
//!   "archive index", `Dateisystemprüfung` → Dateisystem + Prüfung). Of the
//!   splits whose parts are all headwords, with a linking element undone on a
//!   part before the last (`Arbeits` → Arbeit, fi `tilapäis` → tilapäinen) and
//!   the last one's inflection (fi `hakemistoa` → hakemisto), the one of fewest
//!   parts wins, then the one whose parts are most frequent (their geometric
//!   mean, as Koehn and Knight, "Empirical Methods for Compound Splitting",
//!   2003). Grammatical words are no part (`eingeben` is no "a give").
//! - the words of an unspaced language, cut into the longest pieces the
//!   dictionary knows (我是 → 我 + 是).

use std::cell::RefCell;

use rustc_hash::FxHashMap;

use super::choose::{Choice, join};
use super::rank::best;
use crate::engine::dict::{Library, Pos, grammar, normalize};
use crate::engine::lemma;
use crate::engine::tokens::{Kind, Token};

/// Fewest letters of a part of a compound.
const MIN_PART: usize = 3;

/// Fewest letters of the last part of a Finnish compound, before and after
/// its inflection is undone: there, three-letter heads are mostly endings
/// read as words (`huomioitu` is no huomio + itu "sprout"). Elsewhere
/// [`MIN_PART`] (sv `loggfil`, de `Dateityp`).
const MIN_LAST_FI: usize = 4;

/// Derivational endings and verbal prefixes that are also words of the
/// dictionary: no part of a compound (sv `körbar` is no kör + bar, `skap` no
/// "cupboard", nl `lijk` no "corpse"; sv `återställning` no "again position").
const AFFIXES: &[(&str, &[&str])] = &[
    (
        "de",
        &[
            "bar", "heit", "keit", "lich", "schaft", "ver", "zer", "ent", "miss",
        ],
    ),
    (
        "nl",
        &[
            "baar", "heid", "lijk", "loos", "schap", "zaam", "ver", "her", "ont",
        ],
    ),
    (
        "sv",
        &[
            "bar", "lig", "isk", "het", "skap", "else", "ning", "ande", "åter", "för", "miss",
        ],
    ),
    (
        "nb",
        &[
            "bar", "lig", "isk", "het", "skap", "else", "ning", "ende", "gjen", "for", "mis",
        ],
    ),
    ("fi", &["inen", "lainen", "ton", "tön"]),
];

/// Most parts of a compound.
const MAX_PARTS: usize = 3;

/// How a language links the parts of a compound: `(ending, replacement)` on
/// a part before the last, tried after the part as it is written.
fn links(language: &str) -> Option<&'static [(&'static str, &'static str)]> {
    Some(match language {
        "de" => &[
            ("s", ""),
            ("s", "e"),
            ("es", ""),
            ("n", ""),
            ("en", ""),
            ("e", ""),
            ("er", ""),
            ("ens", ""),
            ("", "e"),
            ("", "en"),
        ],
        "nl" => &[
            ("s", ""),
            ("s", "e"),
            ("e", ""),
            ("en", ""),
            ("", "e"),
            ("", "en"),
        ],
        "sv" => &[("s", ""), ("s", "e"), ("", "a"), ("", "e"), ("u", "a")],
        "nb" => &[("s", ""), ("s", "e"), ("e", ""), ("", "e")],
        "fi" => &[("n", ""), ("is", "inen"), ("s", "nen")],
        _ => return None,
    })
}

/// A word read as its parts (see [`parts`]), each translated: the parts
/// before the last qualify it (nouns or adjectives), the last takes the
/// part of speech `prefer` asks for and gives the choice its own.
pub(super) fn choice(
    lib: &Library,
    (from, to): (&str, &str),
    word: &str,
    prefer: &[Pos],
    end: usize,
) -> Option<Choice> {
    let parts = parts(lib, from, to, word)?;
    let last = parts.len() - 1;
    let mut pos = None;
    let text: Vec<String> = parts
        .iter()
        .enumerate()
        .filter_map(|(k, part)| {
            let want = if k == last { prefer } else { &[Pos::Noun, Pos::Adj] };
            let c = best(lib, from, to, part, want, end);
            if k == last {
                pos = c.pos;
            }
            c.text
        })
        .collect();
    Some(Choice {
        end,
        text: join(to, text),
        pos,
    })
}

/// The headwords of `word` read as a compound, most likely split first; `None`
/// when `from` writes no compounds or no split has every part in the
/// dictionary. Only into English, whose noun phrases keep the parts' order.
pub(super) fn parts(lib: &Library, from: &str, to: &str, word: &str) -> Option<Vec<String>> {
    let links = links(from)?;
    let w = normalize(word);
    if to != "en" || w.chars().count() < 2 * MIN_PART || !w.chars().all(char::is_alphabetic) {
        return None;
    }
    let affixes = AFFIXES.iter().find(|(l, _)| *l == from).map_or(&[][..], |a| a.1);
    let resolve = |piece: &str, last: bool| -> Option<String> {
        let min = if last && from == "fi" {
            MIN_LAST_FI
        } else {
            MIN_PART
        };
        if piece.chars().count() < min {
            return None;
        }
        let known = |p: &str| {
            p.chars().count() >= min
                && !affixes.contains(&p)
                && grammar::to_english(from, p).is_none()
                && lib.contains(from, to, p)
        };
        if known(piece) {
            return Some(piece.to_owned());
        }
        if last {
            // A Finnish adjective in -nen the dictionary lacks is no compound
            // of its stem (`maaginen` is no maa + gini).
            if from == "fi" && piece.ends_with("nen") {
                return None;
            }
            return lemma::candidates(piece, from).into_iter().find(|b| known(b));
        }
        links.iter().find_map(|(ending, with)| {
            let stem = piece.strip_suffix(ending)?;
            let base = format!("{stem}{with}");
            known(&base).then_some(base)
        })
    };
    let score = |ps: &[String]| {
        let logs: f64 = ps.iter().map(|p| f64::from(lib.frequency(from, p)).ln_1p()).sum();
        logs / ps.len() as f64
    };
    // A piece's reading by its byte range in `w` (the last piece ends it): the
    // 3-part pass asks again for the pieces the 2-part pass read.
    let memo = RefCell::new(FxHashMap::default());
    let part = |a: usize, b: usize| -> Option<String> {
        memo.borrow_mut()
            .entry((a, b))
            .or_insert_with(|| resolve(&w[a..b], b == w.len()))
            .clone()
    };
    (2..=MAX_PARTS).find_map(|n| {
        let mut found = Vec::new();
        splits(&w, 0, n, &part, &mut found);
        found
            .into_iter()
            .map(|ps| (score(&ps), ps))
            .reduce(|best, x| if x.0 > best.0 { x } else { best })
            .map(|(_, ps)| ps)
    })
}

/// The splits of `w[a..]` into `n` pieces that `part` reads.
fn splits(
    w: &str,
    a: usize,
    n: usize,
    part: &dyn Fn(usize, usize) -> Option<String>,
    out: &mut Vec<Vec<String>>,
) {
    if n == 1 {
        out.extend(part(a, w.len()).map(|p| vec![p]));
        return;
    }
    for (b, _) in w[a..].char_indices().skip(MIN_PART) {
        let Some(first) = part(a, a + b) else {
            continue;
        };
        let mut tails = Vec::new();
        splits(w, a + b, n - 1, part, &mut tails);
        for mut tail in tails {
            tail.insert(0, first.clone());
            out.push(tail);
        }
    }
}

/// Splits the words of an unspaced language that the dictionary does not know
/// as a whole (nor a base form of them) into the longest pieces it knows (我是
/// → 我 + 是).
pub fn split_unknown(lib: &Library, from: &str, to: &str, src: &str, tokens: Vec<Token>) -> Vec<Token> {
    let mut out = Vec::with_capacity(tokens.len());
    for t in tokens {
        let word = &src[t.range.clone()];
        let whole = t.kind != Kind::Word
            || word.chars().count() < 2
            || super::passthrough::copies(word, from)
            || super::merge::known(lib, from, to, word);
        if whole {
            out.push(t);
            continue;
        }
        let mut start = t.range.start;
        while start < t.range.end {
            let rest = &src[start..t.range.end];
            let ends: Vec<usize> = rest
                .char_indices()
                .map(|(i, c)| i + c.len_utf8())
                .take(MAX_CHARS)
                .collect();
            let len = ends
                .iter()
                .rev()
                .find(|&&e| lib.contains(from, to, &rest[..e]))
                .or(ends.first())
                .copied()
                .unwrap_or(rest.len());
            out.push(Token {
                kind: Kind::Word,
                range: start..start + len,
            });
            start += len;
        }
    }
    out
}

/// Longest piece tried when splitting an unknown word, in characters.
const MAX_CHARS: usize = 6;

#[cfg(test)]
mod tests {
    use super::*;

    fn lib() -> &'static Library {
        static LIB: std::sync::OnceLock<Library> = std::sync::OnceLock::new();
        LIB.get_or_init(Library::bundled)
    }

    fn split(word: &str, from: &str) -> Option<Vec<String>> {
        parts(lib(), from, "en", word)
    }

    #[test]
    fn compounds_split_into_their_headwords() {
        assert_eq!(split("Arkistoindeksi", "fi").unwrap(), ["arkisto", "indeksi"]);
        // A linking element undone, the head's case ending too.
        assert_eq!(
            split("Tilapäishakemistoa", "fi").unwrap(),
            ["tilapäinen", "hakemisto"]
        );
        assert_eq!(
            split("syötetiedostokahva", "fi").unwrap(),
            ["syöte", "tiedosto", "kahva"]
        );
        assert_eq!(split("Arbeitsplatzes", "de").unwrap(), ["arbeit", "platz"]);
        assert_eq!(split("bestandssysteem", "nl").unwrap(), ["bestand", "systeem"]);
        assert_eq!(split("lösenordsfält", "sv").unwrap(), ["lösenord", "fält"]);
        assert_eq!(split("loggfil", "sv").unwrap(), ["logg", "fil"]);
    }

    #[test]
    fn endings_prefixes_and_grammatical_words_are_no_parts() {
        // Finnish participles and adjectives the dictionary lacks stay whole.
        assert_eq!(split("huomioitu", "fi"), None);
        assert_eq!(split("maaginen", "fi"), None);
        // A derivational suffix is no head, a verb particle no modifier.
        assert!(split("körbar", "sv").is_none_or(|p| !p.contains(&"bar".to_owned())));
        assert_eq!(split("eingegeben", "de"), None);
        // Languages without compounds, and other targets, are not split.
        assert_eq!(split("filesystem", "en"), None);
        assert_eq!(parts(lib(), "de", "fr", "Arbeitsplatzes"), None);
        assert_eq!(split("abc123def", "de"), None);
    }

    #[test]
    fn a_split_compound_is_glossed_and_aligned_as_one_word() {
        let src = "Arkistoindeksi puuttuu";
        let out = super::super::translate_plain(lib(), src, "fi", "en").unwrap();
        assert!(
            out.text.to_lowercase().starts_with("archive index"),
            "{}",
            out.text
        );
        let first = &out.links[0];
        assert_eq!(first.src, 0..14);
        assert_eq!(&out.text[first.tgt.clone()].to_lowercase(), "archive index");
    }
}
