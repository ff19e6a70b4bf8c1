//! Words of languages written with spaces (English, German), a hash of each in
//! lowercase, and their lowercase comparison. Used on every sentence when a corpus is
//! indexed, so it allocates nothing for the ASCII words that are most of the text and
//! reads their bytes eight at a time, both to find where a word ends and to hash it.
//! A test holds it to the plain character-at-a-time tokenizer on every bundled sentence.

use std::ops::Range;

fn is_apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// The character at byte `i` of `text` and its length; `None` at the end.
fn char_at(text: &str, i: usize) -> Option<(char, usize)> {
    let b = *text.as_bytes().get(i)?;
    if b.is_ascii() {
        return Some((char::from(b), 1));
    }
    let c = text.get(i..)?.chars().next()?;
    Some((c, c.len_utf8()))
}

fn alphanumeric_at(text: &str, i: usize) -> bool {
    char_at(text, i).is_some_and(|(c, _)| c.is_alphanumeric())
}

/// [`scan`] with each word's [`hash_lowercase`] (what the index files it under).
#[cfg(test)]
pub(super) fn for_each_word(text: &str, mut f: impl FnMut(usize, usize, u64)) {
    scan(text, |start, end, ascii| {
        let hash = if ascii {
            hash_ascii_lowercase(text.as_bytes(), start, end)
        } else {
            hash_lowercase(&text[start..end])
        };
        f(start, end, hash);
        true
    });
}

/// Calls `f` with the byte range of each word of `text`, in order, and whether the
/// word is ASCII; `f` returns whether to go on. Words are runs of letters and
/// digits, with inner apostrophes (`don't`, `o'clock`), except a final `'s`
/// (`teacher's`, `it's`, German `geht's`), which is left out so the word itself
/// can match.
pub(super) fn scan(text: &str, mut f: impl FnMut(usize, usize, bool) -> bool) {
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let (c, len) = if b.is_ascii() {
            if !b.is_ascii_alphanumeric() {
                i += 1;
                continue;
            }
            (char::from(b), 1)
        } else {
            match char_at(text, i) {
                Some((c, len)) if c.is_alphanumeric() => (c, len),
                Some((_, len)) => {
                    i += len;
                    continue;
                }
                None => break,
            }
        };
        let start = i;
        i += len;
        let mut ascii = c.is_ascii();
        // After a possessive: the apostrophe and the `s`, which are no word.
        let mut skip = 0;
        loop {
            if let Some(eight) = bytes.get(i..i + 8) {
                let run = alphanumeric_run(eight);
                i += run;
                if run == 8 {
                    continue;
                }
            }
            match bytes.get(i) {
                Some(b) if b.is_ascii_alphanumeric() => i += 1,
                Some(b) if b.is_ascii() && *b != b'\'' => break,
                None => break,
                Some(_) => {
                    let Some((c, len)) = char_at(text, i) else {
                        break;
                    };
                    if c.is_alphanumeric() {
                        ascii = false;
                        i += len;
                    } else if is_apostrophe(c) && alphanumeric_at(text, i + len) {
                        let possessive = matches!(bytes.get(i + len), Some(b's' | b'S'))
                            && !alphanumeric_at(text, i + len + 1);
                        if possessive {
                            skip = len + 1;
                            break;
                        }
                        ascii &= c.is_ascii();
                        i += len;
                    } else {
                        break;
                    }
                }
            }
        }
        if !f(start, i, ascii) {
            return;
        }
        i += skip;
    }
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = ONES * 0x80;

/// How many of the eight bytes, from the first, are ASCII letters or digits: the
/// bytes compared all at once (each byte's high bit says whether it is in a range).
fn alphanumeric_run(eight: &[u8]) -> usize {
    let x = eight.try_into().map_or(0, u64::from_le_bytes);
    let low = x & !HIGH;
    let at_least = |c: u8| low.wrapping_add(ONES * (0x80 - u64::from(c)));
    let within = |a: u8, z: u8| at_least(a) & !at_least(z + 1);
    let alphanumeric = (within(b'0', b'9') | within(b'A', b'Z') | within(b'a', b'z')) & !x & HIGH;
    ((!alphanumeric & HIGH).trailing_zeros() / 8) as usize
}

/// The byte ranges of the words of `text` ([`scan`]).
pub(super) fn words(text: &str) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    scan(text, |a, b, _| {
        out.push(a..b);
        true
    });
    out
}

/// FxHash's step, over eight bytes at a time.
fn step(hash: u64, eight: u64) -> u64 {
    (hash.rotate_left(5) ^ eight).wrapping_mul(0x517c_c1b7_2722_0a95)
}

/// The hash of a word: [`step`] over the bytes of the word in lowercase, eight at a
/// time (the last ones padded with zeros), then over its length.
///
/// This one for ASCII words, `text[start..end]`, lowercased eight bytes at a time:
/// reads whole words of eight bytes, past `end` where the text goes on (masked off),
/// so there is no byte loop for the short words that are most words.
fn hash_ascii_lowercase(text: &[u8], start: usize, end: usize) -> u64 {
    // ASCII bytes only, so adding to each byte carries into no other.
    let lowercase = |x: u64| {
        let at_least_a = x.wrapping_add(ONES * (0x80 - u64::from(b'A')));
        let above_z = x.wrapping_add(ONES * (0x7f - u64::from(b'Z')));
        x | ((at_least_a & !above_z & HIGH) >> 2)
    };
    let mut hash = 0;
    let mut at = start;
    while at < end {
        let len = (end - at).min(8);
        let eight = match text.get(at..at + 8) {
            Some(eight) => eight.try_into().map_or(0, u64::from_le_bytes),
            None => text
                .get(at..at + len)
                .unwrap_or_default()
                .iter()
                .rev()
                .fold(0, |word, &b| (word << 8) | u64::from(b)),
        };
        let mask = if len == 8 { u64::MAX } else { (1 << (8 * len)) - 1 };
        hash = step(hash, lowercase(eight & mask));
        at += len;
    }
    step(hash, (end - start) as u64)
}

/// A hash of `word` lowercased: equal for two words equal in lowercase (and, rarely,
/// for two others). Allocates nothing: the lowercase bytes are hashed as they come.
pub(super) fn hash_lowercase(word: &str) -> u64 {
    if word.is_ascii() {
        hash_ascii_lowercase(word.as_bytes(), 0, word.len())
    } else {
        hash_lowercase_chars(word)
    }
}

/// [`hash_lowercase`] a character at a time, for words that are not ASCII.
fn hash_lowercase_chars(word: &str) -> u64 {
    let (mut hash, mut eight, mut filled, mut len) = (0, 0u64, 0, 0u64);
    let mut utf8 = [0u8; 4];
    for c in word.chars().flat_map(char::to_lowercase) {
        for &b in c.encode_utf8(&mut utf8).as_bytes() {
            eight |= u64::from(b) << (8 * filled);
            filled += 1;
            len += 1;
            if filled == 8 {
                hash = step(hash, eight);
                (eight, filled) = (0, 0);
            }
        }
    }
    if filled > 0 {
        hash = step(hash, eight);
    }
    step(hash, len)
}

/// Whether `word` lowercased is `lowercase`.
pub(super) fn eq_lowercase(word: &str, lowercase: &str) -> bool {
    if word.is_ascii() && lowercase.is_ascii() {
        let (a, b) = (word.as_bytes(), lowercase.as_bytes());
        return a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_ascii_lowercase() == *y);
    }
    word.chars().flat_map(char::to_lowercase).eq(lowercase.chars())
}

#[cfg(test)]
mod tests {
    use super::{
        eq_lowercase, for_each_word, hash_ascii_lowercase, hash_lowercase, hash_lowercase_chars, words,
    };
    use crate::engine::examples::{corpus, ding};

    /// The tokenizer as first written, a character at a time: the reference.
    fn reference(text: &str) -> Vec<std::ops::Range<usize>> {
        let apostrophe = |c: char| c == '\'' || c == '\u{2019}';
        let alphanumeric_at = |at: usize| {
            text.get(at..)
                .and_then(|s| s.chars().next())
                .is_some_and(char::is_alphanumeric)
        };
        let mut out = Vec::new();
        let mut chars = text.char_indices().peekable();
        while let Some((start, c)) = chars.next() {
            if !c.is_alphanumeric() {
                continue;
            }
            let (mut end, mut skip_s) = (start + c.len_utf8(), false);
            while let Some(&(i, c)) = chars.peek() {
                if c.is_alphanumeric() {
                    end = i + c.len_utf8();
                    chars.next();
                } else if apostrophe(c) && alphanumeric_at(i + c.len_utf8()) {
                    let rest = &text[i + c.len_utf8()..];
                    skip_s = rest.starts_with(['s', 'S']) && !rest[1..].starts_with(char::is_alphanumeric);
                    if skip_s {
                        break;
                    }
                    chars.next();
                } else {
                    break;
                }
            }
            out.push(start..end);
            if skip_s {
                chars.next();
                chars.next();
            }
        }
        out
    }

    fn check(text: &str) {
        assert_eq!(words(text), reference(text), "{text}");
        for_each_word(text, |a, b, hash| {
            assert_eq!(hash, hash_lowercase(&text[a..b]), "{}", &text[a..b]);
        });
    }

    #[test]
    fn as_the_reference_on_tricky_text() {
        for text in [
            "",
            "'s",
            "a's b’S c's1 don't o'clock rock'n'roll it’s 'quoted' end'",
            "ÄÖÜ straße STRASSE İstanbul ΣΑΣ 68er E-Mail „Zitat“ – … x",
            "abcdefghABCDEFGH1234567 abcdefghi, ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!",
            "Müllers Haus's  tab\there\nnewline 😀word😀 9½ ①",
        ] {
            check(text);
        }
        for word in [
            "",
            "a",
            "Haus",
            "Lehrerinnen",
            "ABCDEFGH",
            "don't",
            "Rock'n'Roll-Musik17",
        ] {
            let ascii = hash_ascii_lowercase(word.as_bytes(), 0, word.len());
            assert_eq!(ascii, hash_lowercase_chars(word), "{word}");
        }
        assert!(eq_lowercase("HAUS", "haus") && eq_lowercase("Häuser", "häuser"));
        assert!(
            !eq_lowercase("haus", "HAUS")
                && !eq_lowercase("Haus", "hau")
                && !eq_lowercase("Häuser", "hauser")
        );
        assert_eq!(hash_lowercase("HAUS"), hash_lowercase("haus"));
        assert_eq!(hash_lowercase("HÄUSER"), hash_lowercase("häuser"));
        assert_ne!(hash_lowercase("haus"), hash_lowercase("hau"));
    }

    #[test]
    fn as_the_reference_on_every_bundled_sentence() {
        let (zh, de) = (corpus::corpus(), ding::corpus());
        for (side, len) in [
            (&zh.en, zh.en.len()),
            (&de.en, de.en.len()),
            (&de.de, de.de.len()),
        ] {
            for s in 0..len as u32 {
                check(side.sentence(s).unwrap_or_default());
            }
        }
    }
}
