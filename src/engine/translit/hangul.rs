//! Hangul → Latin without the rule engine: what CLDR's Hangul-Latin
//! (`und-Latn-t-und-hang`) writes for precomposed syllables, from tables.
//!
//! A syllable is its initial, vowel and final, each spelled alone (ICU4X
//! spells them so: checked on all 11,172 syllables); between two syllables
//! the rules write a hyphen where the Latin would read otherwise
//! ("gat-i", "hangug-eo", "ban-eung", "a-eo"). [`write`] handles the runs
//! made of syllables and ASCII only (ASCII other than `'` is outside the
//! transform's filter and stays as it is); anything else (loose jamo,
//! halfwidth or circled forms, apostrophes, a syllable right after an ASCII
//! letter) is left to the rules. Tests
//! compare it with ICU4X on every syllable, every syllable boundary and
//! random text.

const S_BASE: u32 = 0xAC00;
const S_COUNT: u32 = 11_172;
/// The null initial ㅇ.
const NULL_INITIAL: u8 = 11;

const INITIALS: [&str; 19] = [
    "g", "kk", "n", "d", "tt", "l", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h",
];
const VOWELS: [&str; 21] = [
    "a", "ae", "ya", "yae", "eo", "e", "yeo", "ye", "o", "wa", "wae", "oe", "yo", "u", "wo", "we", "wi",
    "yu", "eu", "ui", "i",
];
const FINALS: [&str; 28] = [
    "", "g", "kk", "gs", "n", "nj", "nh", "d", "l", "lg", "lm", "lb", "ls", "lt", "lp", "lh", "m", "b", "bs",
    "s", "ss", "ng", "j", "ch", "k", "t", "p", "h",
];

/// `(final, initial)` pairs other than a final before ㅇ that are written
/// with a hyphen between ("ng-g", "k-k", "l-j").
const FINAL_INITIAL_HYPHEN: &[(u8, u8)] = &[
    (3, 9),
    (3, 10),
    (5, 12),
    (5, 13),
    (9, 0),
    (11, 7),
    (12, 9),
    (12, 10),
    (13, 16),
    (14, 17),
    (18, 9),
    (18, 10),
    (19, 9),
    (19, 10),
    (21, 0),
    (22, 12),
    (24, 1),
    (24, 15),
    (25, 16),
    (26, 17),
];

/// Whether a syllable ending in `vowel` (no final) and one of ㅇ + `next`
/// are written with a hyphen between ("a-eo", "u-i").
fn vowel_hyphen(vowel: u8, next: u8) -> bool {
    match vowel {
        0 | 2 | 8 | 9 | 14 => matches!(next, 4 | 5 | 18),
        5 => matches!(next, 8 | 11 | 13 | 19),
        7 => matches!(next, 8 | 11),
        13 | 18 => next == 20,
        _ => false,
    }
}

/// A precomposed syllable's `(initial, vowel, final)` indices.
fn parts(c: char) -> Option<(u8, u8, u8)> {
    let i = (c as u32).checked_sub(S_BASE).filter(|&i| i < S_COUNT)?;
    Some(((i / 588) as u8, (i / 28 % 21) as u8, (i % 28) as u8))
}

/// Appends the Latin of `run` to `out` and returns true, or returns false
/// (with `out` as it was) when the run has something the tables do not cover.
pub(crate) fn write(run: &str, out: &mut String) -> bool {
    let start = out.len();
    // The previous syllable's (vowel, final), if the previous character was one.
    let mut prev: Option<(u8, u8)> = None;
    let mut after_letter = false;
    for c in run.chars() {
        if c.is_ascii() && c != '\'' {
            out.push(c);
            prev = None;
            after_letter = c.is_ascii_alphabetic();
            continue;
        }
        // The rules look back at the Latin written: after an ASCII letter
        // they may write a hyphen too ("a-eo"); those runs are theirs.
        let Some((l, v, t)) = parts(c).filter(|_| !after_letter) else {
            out.truncate(start);
            return false;
        };
        if let Some((pv, pt)) = prev {
            let hyphen = if pt != 0 {
                l == NULL_INITIAL || FINAL_INITIAL_HYPHEN.contains(&(pt, l))
            } else {
                l == NULL_INITIAL && vowel_hyphen(pv, v)
            };
            if hyphen {
                out.push('-');
            }
        }
        out.push_str(INITIALS[l as usize]);
        out.push_str(VOWELS[v as usize]);
        out.push_str(FINALS[t as usize]);
        prev = Some((v, t));
    }
    true
}
