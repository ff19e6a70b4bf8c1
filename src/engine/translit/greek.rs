//! Greek → Latin (BGN/PCGN) without the rule engine: what CLDR's
//! Greek-Latin-BGN (`el-Latn-t-el-m0-bgn`) writes, by a match per letter.
//!
//! The transform first decomposes the text (NFD), so its rules only ever see
//! base letters followed by their accents; the rules spelled with accented
//! letters never match, and an accent between two letters keeps them from
//! forming a digraph (ού → "ou" + acute → "oú", but Άη → "Ái"). [`write`]
//! does the same on one run: a letter, the letter after it (digraphs,
//! γ/Δ/Θ/Χ/Ψ by what follows) and whether a letter or digit comes before
//! (μπ, ντ, γκ at the start of a word); the accents follow their letter's
//! Latin and are composed with it. Runs of monotonic Greek and ASCII only
//! (ASCII is outside the transform's filter and stays as it is); anything
//! else (breathings, other scripts' letters, punctuation beyond ASCII) is
//! left to the rules. Tests compare it with ICU4X on random text.

use icu_normalizer::properties::CanonicalCompositionBorrowed;

const ACUTE: char = '\u{301}';
const DIAERESIS: char = '\u{308}';

/// A monotonic Greek letter's base letter and accents (its NFD), an ASCII
/// character as itself; `None` for anything else.
fn decompose(c: char) -> Option<(char, &'static [char])> {
    const A: &[char] = &[ACUTE];
    const D: &[char] = &[DIAERESIS];
    const DA: &[char] = &[DIAERESIS, ACUTE];
    Some(match c {
        '\0'..='\x7F' | 'Α'..='Ρ' | 'Σ'..='Ω' | 'α'..='ω' => (c, &[]),
        'Ά' => ('Α', A),
        'Έ' => ('Ε', A),
        'Ή' => ('Η', A),
        'Ί' => ('Ι', A),
        'Ό' => ('Ο', A),
        'Ύ' => ('Υ', A),
        'Ώ' => ('Ω', A),
        'ά' => ('α', A),
        'έ' => ('ε', A),
        'ή' => ('η', A),
        'ί' => ('ι', A),
        'ό' => ('ο', A),
        'ύ' => ('υ', A),
        'ώ' => ('ω', A),
        'Ϊ' => ('Ι', D),
        'Ϋ' => ('Υ', D),
        'ϊ' => ('ι', D),
        'ϋ' => ('υ', D),
        'ΐ' => ('ι', DA),
        'ΰ' => ('υ', DA),
        _ => return None,
    })
}

fn is_lower(c: char) -> bool {
    matches!(c, 'α'..='ω')
}

/// The Latin of `c` given the letter after it (`None` when an accent, the
/// end or a non-Greek character follows) and whether the text before is the
/// start of a word; and whether that next letter was used up (a digraph).
fn latin(c: char, next: Option<char>, word_start: bool) -> Option<(&'static str, bool)> {
    let n = next.unwrap_or('\0');
    let pair = |s: &'static str| Some((s, true));
    let one = |s: &'static str| Some((s, false));
    let at_start = |start: &'static str, inside: &'static str| pair(if word_start { start } else { inside });
    match (c, n) {
        ('Α', 'ε') => pair("Aë"),
        ('Α', 'η') => pair("Aï"),
        ('Α', 'Ι') => pair("AI"),
        ('Α', 'ι') => pair("Ai"),
        ('Α', 'Υ') => pair("AV"),
        ('Α', 'υ') => pair("Av"),
        ('α', 'ε') => pair("aë"),
        ('α', 'η') => pair("aï"),
        ('α', 'ι') => pair("ai"),
        ('α', 'υ') => pair("av"),
        ('Γ', 'Γ') => pair("NG"),
        ('Γ', 'γ') => pair("Ng"),
        ('γ', 'γ') => pair("ng"),
        ('Γ', 'Κ') => at_start("G", "NG"),
        ('Γ', 'κ') => at_start("G", "Ng"),
        ('γ', 'κ') => at_start("g", "ng"),
        ('Γ', 'Ε' | 'Η' | 'Ι' | 'Υ' | 'ε' | 'η' | 'ι' | 'υ') => one("Y"),
        ('Γ', 'Ξ' | 'Χ' | 'ξ' | 'χ') => one("N"),
        ('γ', 'ε' | 'η' | 'ι' | 'υ') => one("y"),
        ('γ', 'ξ' | 'χ') => one("n"),
        ('Δ', n) if is_lower(n) => one("Dh"),
        ('Θ', n) if is_lower(n) => one("Th"),
        ('Χ', n) if is_lower(n) => one("Kh"),
        ('Ψ', n) if is_lower(n) => one("Ps"),
        ('Ε', 'Ι' | 'ι') => pair("I"),
        ('Ε', 'Υ') => pair("EV"),
        ('Ε', 'υ') => pair("Ev"),
        ('ε', 'ι') => pair("i"),
        ('ε', 'υ') => pair("ev"),
        ('Η', 'Υ') => pair("IV"),
        ('Η', 'υ') => pair("Iv"),
        ('η', 'υ') => pair("iv"),
        ('Μ', 'Π') => at_start("B", "MB"),
        ('Μ', 'π') => at_start("B", "Mb"),
        ('μ', 'π') => at_start("b", "mb"),
        ('Ν', 'Τ') => at_start("D", "ND"),
        ('Ν', 'τ') => at_start("D", "Nd"),
        ('ν', 'τ') => at_start("d", "nd"),
        ('Ο', 'η') => pair("Oï"),
        ('Ο', 'Ι') => pair("OI"),
        ('Ο', 'ι') => pair("Oi"),
        ('Ο', 'Υ') => pair("OU"),
        ('Ο', 'υ') => pair("Ou"),
        ('ο', 'η') => pair("oï"),
        ('ο', 'ι') => pair("oi"),
        ('ο', 'υ') => pair("ou"),
        ('Ω', 'ο') => pair("Oö"),
        ('ω', 'ο') => pair("oö"),
        _ => one(single(c)?),
    }
}

/// A letter's Latin when no digraph or context applies.
fn single(c: char) -> Option<&'static str> {
    const UPPER: [&str; 25] = [
        "A", "V", "G", "DH", "E", "Z", "I", "TH", "I", "K", "L", "M", "N", "X", "O", "P", "R", "", "S", "T",
        "I", "F", "KH", "PS", "O",
    ];
    const LOWER: [&str; 25] = [
        "a", "v", "g", "dh", "e", "z", "i", "th", "i", "k", "l", "m", "n", "x", "o", "p", "r", "s", "s", "t",
        "i", "f", "kh", "ps", "o",
    ];
    match c {
        'Α'..='Ω' => UPPER.get(c as usize - 'Α' as usize).copied(),
        'α'..='ω' => LOWER.get(c as usize - 'α' as usize).copied(),
        _ => None,
    }
}

/// Appends the Latin of `run` to `out` and returns true, or returns false
/// (with `out` as it was) when the run has something this does not cover.
pub(crate) fn write(run: &str, out: &mut String) -> bool {
    let start = out.len();
    let compose = CanonicalCompositionBorrowed::new();
    let mut chars = run.chars().map(decompose).peekable();
    // Whether the character before is a letter, mark or digit (no word start).
    let mut in_word = false;
    while let Some(item) = chars.next() {
        let Some((c, marks)) = item else {
            out.truncate(start);
            return false;
        };
        let mut marks = marks;
        if c.is_ascii() {
            out.push(c);
            in_word = c.is_ascii_alphanumeric();
            continue;
        }
        // The next letter counts only when no accent comes between.
        let next = match chars.peek() {
            Some(Some((n, _))) if marks.is_empty() && !n.is_ascii() => Some(*n),
            _ => None,
        };
        let Some((latin, used_next)) = latin(c, next, !in_word) else {
            out.truncate(start);
            return false;
        };
        out.push_str(latin);
        if used_next {
            marks = chars.next().flatten().map_or(&[], |(_, m)| m);
        }
        for &mark in marks {
            match out
                .chars()
                .next_back()
                .and_then(|last| compose.compose(last, mark))
            {
                Some(composed) => {
                    out.truncate(out.len() - out.chars().next_back().map_or(0, char::len_utf8));
                    out.push(composed);
                }
                None => out.push(mark),
            }
        }
        in_word = true;
    }
    true
}
