//! The native Greek and Hangul readers against ICU4X's rules: every
//! syllable, every syllable boundary, and random text.

use super::icu;

const GREEK: &str = "el-Latn-t-el-m0-bgn";
const HANGUL: &str = "und-Latn-t-und-hang";

/// Every line of `lines` whose output differs between the two paths.
fn differences(id: &'static str, lines: &[String]) -> Vec<String> {
    let text = lines.join("\n");
    let native = icu::transliterate(id, &text, false).unwrap_or_default();
    let rules = icu::transliterate_by_rules(id, &text).unwrap_or_default();
    let (native, rules) = (super::nfc(&native), super::nfc(&rules));
    let mut wrong: Vec<String> = (lines.iter().zip(native.split('\n').zip(rules.split('\n'))))
        .filter(|(_, (n, r))| n != r)
        .map(|(line, (n, r))| format!("{line:?}: native {n:?}, rules {r:?}"))
        .collect();
    if wrong.is_empty() {
        assert_eq!(native, rules);
    }
    wrong.truncate(40);
    wrong
}

/// A small deterministic generator (xorshift).
struct Random(u64);

impl Random {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn syllable(l: u32, v: u32, t: u32) -> char {
    char::from_u32(0xAC00 + (l * 21 + v) * 28 + t).unwrap_or(' ')
}

#[test]
fn hangul_matches_the_rules_on_every_syllable_and_boundary() {
    let mut lines: Vec<String> = (0..11_172u32)
        .map(|i| char::from_u32(0xAC00 + i).unwrap_or(' ').to_string())
        .collect();
    let firsts = (0..28)
        .map(|t| syllable(0, 0, t))
        .chain((0..21).map(|v| syllable(11, v, 0)));
    for a in firsts.chain((0..21).map(|v| syllable(0, v, 0))) {
        for l in 0..19 {
            for v in 0..21 {
                lines.push(format!("{a}{}{}", syllable(l, v, 0), syllable(l, v, 1)));
            }
        }
    }
    let wrong = differences(HANGUL, &lines);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn hangul_matches_the_rules_on_random_text() {
    let others = [
        'a', 'Z', '1', ' ', '-', '\'', '.', '(', 'ㄱ', 'ㅏ', '\u{1100}', '\u{1161}', '漢', '·', '％',
    ];
    let mut random = Random(0x9E37_79B9_7F4A_7C15);
    let lines: Vec<String> = (0..20_000)
        .map(|_| {
            let len = 1 + random.below(7);
            (0..len)
                .map(|_| match random.below(8) {
                    0 => others[random.below(others.len())],
                    _ => syllable(
                        random.below(19) as u32,
                        random.below(21) as u32,
                        random.below(28) as u32,
                    ),
                })
                .collect()
        })
        .collect();
    let wrong = differences(HANGUL, &lines);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn greek_matches_the_rules_on_random_text() {
    let letters: Vec<char> = ('Α'..='Ω').chain('α'..='ω').filter(|&c| c != '\u{3A2}').collect();
    let accented: Vec<char> = "ΆΈΉΊΌΎΏάέήίόύώΪΫϊϋΐΰ".chars().collect();
    let others = [
        'a', 'Z', '1', ' ', '-', '\'', '.', ';', '’', '·', 'ἀ', 'ῥ', '\u{301}', 'й', '«',
    ];
    let mut random = Random(0x2545_F491_4F6C_DD1D);
    let lines: Vec<String> = (0..30_000)
        .map(|_| {
            let len = 1 + random.below(9);
            (0..len)
                .map(|_| match random.below(12) {
                    0 => others[random.below(others.len())],
                    1..=3 => accented[random.below(accented.len())],
                    _ => letters[random.below(letters.len())],
                })
                .collect()
        })
        .collect();
    let wrong = differences(GREEK, &lines);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn greek_digraphs_and_contexts_match_the_rules() {
    // Every pair and triple of a letter, a letter and a letter or nothing,
    // at the start of a word and inside one.
    let letters: Vec<char> = ('Α'..='Ω').chain('α'..='ω').filter(|&c| c != '\u{3A2}').collect();
    let mut lines = Vec::new();
    for &a in &letters {
        for &b in &letters {
            for prefix in ["", "α", "1", "-"] {
                lines.push(format!("{prefix}{a}{b}"));
                lines.push(format!("{prefix}{a}{b}ά"));
                lines.push(format!("{prefix}{a}{b}Α"));
            }
        }
    }
    let wrong = differences(GREEK, &lines);
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_fast_paths_of_word_runs_agree_with_unicode() {
    let fast =
        |c: char| c.is_ascii() || matches!(c, 'Ά' | 'Έ'..='Ί' | 'Ό' | 'Ύ'..='Ρ' | 'Σ'..='ώ' | '가'..='힣');
    for c in (0..0x1_0000).filter_map(char::from_u32).filter(|&c| fast(c)) {
        let slow = c.is_alphanumeric() || matches!(c, '\'' | '-');
        assert_eq!(icu::in_word(c), slow, "{c:?}");
    }
}
