//! Thai → Latin with the rules of the Royal Thai General System (RTGS): no
//! tones, no vowel length, consonants by their initial or final sound
//! (สวัสดีครับ → "sawatdi khrap", กรุงเทพมหานคร → "krungthepmahanakhon").
//!
//! Words come from ICU4X's Thai dictionary segmenter and are written apart.
//! Inside a word, syllables are found by rule: a leading vowel (เ แ โ ใ ไ), an
//! initial consonant or cluster (กร, ปล, ทร → s, silent ห before a sonorant,
//! อย → y), the vowel signs, a final consonant. A consonant without a written
//! vowel takes "a" before another syllable and "o" before its final (ถนน →
//! "thanon"). Letters under the thanthakhat (์) are silent.
//!
//! Limits: an implicit vowel in loanwords (ภาพยนตร์ "phapphayon" comes out
//! "phapyon"), readings that depend on etymology (ฤ is always "rue") and
//! segmentation mistakes are not corrected.

fn is_thai(c: char) -> bool {
    ('\u{0E01}'..='\u{0E5B}').contains(&c)
}

fn is_consonant(c: char) -> bool {
    ('ก'..='ฮ').contains(&c) && !matches!(c, 'ฤ' | 'ฦ')
}

/// Vowel signs written after or above/below the initial.
fn is_vowel_sign(c: char) -> bool {
    matches!(c, 'ะ' | 'ั' | 'า' | 'ำ' | 'ิ' | 'ี' | 'ึ' | 'ื' | 'ุ' | 'ู' | 'ๅ')
}

fn initial(c: char) -> &'static str {
    match c {
        'ก' => "k",
        'ข' | 'ฃ' | 'ค' | 'ฅ' | 'ฆ' => "kh",
        'ง' => "ng",
        'จ' | 'ฉ' | 'ช' | 'ฌ' => "ch",
        'ซ' | 'ศ' | 'ษ' | 'ส' => "s",
        'ญ' | 'ย' => "y",
        'ฎ' | 'ด' => "d",
        'ฏ' | 'ต' => "t",
        'ฐ' | 'ฑ' | 'ฒ' | 'ถ' | 'ท' | 'ธ' => "th",
        'ณ' | 'น' => "n",
        'บ' => "b",
        'ป' => "p",
        'ผ' | 'พ' | 'ภ' => "ph",
        'ฝ' | 'ฟ' => "f",
        'ม' => "m",
        'ร' => "r",
        'ล' | 'ฬ' => "l",
        'ว' => "w",
        'ห' | 'ฮ' => "h",
        _ => "",
    }
}

fn final_sound(c: char) -> &'static str {
    match c {
        'ก' | 'ข' | 'ค' | 'ฆ' => "k",
        'ง' => "ng",
        'ญ' | 'ณ' | 'น' | 'ร' | 'ล' | 'ฬ' => "n",
        'บ' | 'ป' | 'พ' | 'ฟ' | 'ภ' => "p",
        'ม' => "m",
        'ย' => "i",
        'ว' => "o",
        'อ' | 'ห' | 'ฮ' => "",
        _ => "t",
    }
}

/// Thai text → RTGS; everything that is not Thai is kept.
pub(crate) fn to_latin(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prev_thai_word: Option<String> = None;
    let breaks: Vec<usize> = crate::engine::tokens::dictionary_segmenter()
        .segment_str(text)
        .collect();
    for w in breaks.windows(2) {
        let segment = &text[w[0]..w[1]];
        if !segment.chars().any(is_thai) {
            out.push_str(segment);
            prev_thai_word = None;
            continue;
        }
        for piece in segment.split_inclusive('ๆ') {
            let (word, repeat) = match piece.strip_suffix('ๆ') {
                Some(word) => (word, true),
                None => (piece, false),
            };
            if !word.is_empty() {
                let latin = word_to_latin(word);
                if prev_thai_word.is_some() {
                    out.push(' ');
                }
                out.push_str(&latin);
                prev_thai_word = Some(latin);
            }
            if repeat && let Some(prev) = &prev_thai_word {
                out.push(' ');
                out.push_str(&prev.clone());
            }
        }
    }
    out
}

/// Removes tone marks and other signs that do not change RTGS, and silent
/// letters (under ์, with a bare consonant before them).
fn prepare(word: &str) -> Vec<char> {
    let mut chars: Vec<char> = Vec::with_capacity(word.len() / 3 + 1);
    for c in word.chars() {
        match c {
            '\u{0E47}'..='\u{0E4B}' | '\u{0E4D}' | '\u{0E3A}' | '\u{0E4E}' => {}
            '์' => {
                if chars.last().is_some_and(|&c| is_consonant(c)) {
                    chars.pop();
                    let n = chars.len();
                    if n >= 2 && is_consonant(chars[n - 1]) && is_consonant(chars[n - 2]) {
                        chars.pop();
                    }
                } else if matches!(chars.last(), Some('ิ' | 'ุ')) && chars.len() >= 2 {
                    chars.truncate(chars.len() - 2);
                }
            }
            _ => chars.push(c),
        }
    }
    chars
}

fn word_to_latin(word: &str) -> String {
    let c = prepare(word);
    let at = |i: usize| c.get(i).copied();
    let starts_syllable = |i: usize| at(i + 1).is_some_and(is_vowel_sign);
    let mut out = String::new();
    let mut i = 0;
    while i < c.len() {
        let lead = at(i).filter(|ch| matches!(ch, 'เ' | 'แ' | 'โ' | 'ใ' | 'ไ'));
        if lead.is_some() {
            i += 1;
        }
        let Some(c1) = at(i).filter(|&ch| is_consonant(ch)) else {
            match at(i) {
                Some('ฤ') => out.push_str("rue"),
                Some('ฦ') => out.push_str("lue"),
                Some(d @ '๐'..='๙') => out.push(char::from(b'0' + (d as u32 - 0x0E50) as u8)),
                Some(other) if !is_thai(other) => out.push(other),
                _ => {}
            }
            i += 1;
            continue;
        };
        // Initial consonant or cluster.
        let c2 = at(i + 1);
        let vowel_follows = |j: usize| at(j).is_some_and(is_vowel_sign) || lead.is_some();
        let mut onset = initial(c1).to_owned();
        i += 1;
        match (c1, c2) {
            ('ห', Some(s)) if "งญนมยรลว".contains(s) && vowel_or_final_after(&c, i + 1) => {
                onset = initial(s).to_owned();
                i += 1;
            }
            ('อ', Some('ย')) if vowel_or_final_after(&c, i + 1) => {
                onset = "y".to_owned();
                i += 1;
            }
            ('ท', Some('ร')) if vowel_follows(i + 1) => {
                onset = "s".to_owned();
                i += 1;
            }
            ('จ' | 'ซ' | 'ศ' | 'ส', Some('ร')) if vowel_follows(i + 1) => i += 1,
            ('ก' | 'ข' | 'ค' | 'ต' | 'ป' | 'ผ' | 'พ', Some(r @ ('ร' | 'ล' | 'ว')))
                if vowel_follows(i + 1) && (r != 'ว' || "กขค".contains(c1)) =>
            {
                onset.push_str(initial(r));
                i += 1;
            }
            _ => {}
        }
        out.push_str(&onset);
        // Vowel.
        let (vowel, used) = vowel(lead, &c[i..]);
        i += used;
        let mut takes_final = true;
        let vowel = if !vowel.is_empty() {
            vowel
        } else if at(i).is_none() {
            "o"
        } else {
            // No written vowel: "a" before another syllable, else "o" + final.
            let next_is_syllable = at(i).is_some_and(is_consonant) && starts_syllable(i);
            let before_last_pair =
                at(i).is_some_and(is_consonant) && at(i + 1).is_some_and(is_consonant) && i + 2 == c.len();
            if next_is_syllable || before_last_pair {
                takes_final = false;
                "a"
            } else {
                "o"
            }
        };
        out.push_str(vowel);
        // Final consonant: one that does not start the next syllable.
        // Two consonants ending the word are a syllable of their own (นคร).
        let last_pair_follows =
            at(i + 1).is_some_and(is_consonant) && at(i + 2).is_some_and(is_consonant) && i + 3 == c.len();
        if let Some(f) = at(i).filter(|&ch| is_consonant(ch))
            && takes_final
            && !starts_syllable(i)
            && !last_pair_follows
        {
            let silent = f == 'ย' && vowel == "ai" && lead.is_some();
            if !silent {
                out.push_str(final_sound(f));
            }
            i += 1;
        }
    }
    out
}

/// Whether a vowel sign, or a consonant that can close the syllable, follows.
fn vowel_or_final_after(c: &[char], j: usize) -> bool {
    c.get(j).is_some_and(|&ch| is_vowel_sign(ch) || is_consonant(ch))
}

/// The vowel of a syllable from its leading vowel and the signs after the
/// initial: `(vowel, signs used)`; empty when none is written.
fn vowel(lead: Option<char>, rest: &[char]) -> (&'static str, usize) {
    let s = |i: usize| rest.get(i).copied();
    match lead {
        Some('เ') => match (s(0), s(1), s(2)) {
            (Some('า'), Some('ะ'), _) => ("o", 2),
            (Some('า'), _, _) => ("ao", 1),
            (Some('ี'), Some('ย'), _) => ("ia", 2),
            (Some('ื'), Some('อ'), _) => ("uea", 2),
            (Some('ิ'), _, _) => ("oe", 1),
            (Some('อ'), _, _) => ("oe", 1),
            (Some('ย'), None, _) => ("oei", 1),
            (Some('ะ'), _, _) => ("e", 1),
            _ => ("e", 0),
        },
        Some('แ') => ("ae", usize::from(s(0) == Some('ะ'))),
        Some('โ') => ("o", usize::from(s(0) == Some('ะ'))),
        Some(_) => ("ai", 0),
        None => match (s(0), s(1), s(2)) {
            (Some('ะ'), _, _) => ("a", 1),
            (Some('ั'), Some('ว'), _) => ("ua", 2),
            (Some('ั'), _, _) => ("a", 1),
            (Some('า' | 'ๅ'), _, _) => ("a", 1),
            (Some('ำ'), _, _) => ("am", 1),
            (Some('ิ' | 'ี'), _, _) => ("i", 1),
            (Some('ึ'), _, _) => ("ue", 1),
            (Some('ื'), Some('อ'), _) => ("ue", 2),
            (Some('ื'), _, _) => ("ue", 1),
            (Some('ุ' | 'ู'), _, _) => ("u", 1),
            (Some('ร'), Some('ร'), next) => match next {
                Some(n) if is_consonant(n) => ("a", 2),
                _ => ("an", 2),
            },
            (Some('อ'), next, _) if !next.is_some_and(is_vowel_sign) => ("o", 1),
            (Some('ว'), Some(f), after) if is_consonant(f) && !after.is_some_and(is_vowel_sign) => {
                ("ua", 1)
            }
            _ => ("", 0),
        },
    }
}
