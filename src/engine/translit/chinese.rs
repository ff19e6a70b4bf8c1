//! Chinese characters → Hanyu Pinyin, word by word, the way the Translator
//! writes it: "这里怎么一回事?" → "zhèlǐ zěnme yìhuíshì?".
//!
//! - Words: longest match over the CC-CEDICT reading table (so 银行 is
//!   "yínháng", not the character-by-character "yín xíng"); a character the
//!   table does not know is kept as it is.
//! - Output: the syllables of a word joined (an apostrophe before a syllable
//!   starting with a, o or e: "xī'ān"), words separated by one space,
//!   lowercase, tone marks.
//! - Tone sandhi of 一 and 不 at the start of a word, as spoken and as the
//!   service writes it (一回事 "yìhuíshì", 不是 "búshì"); not after 第 or a
//!   numeral, nor before a numeral or 月.
//! - Anything that is not a Chinese character (punctuation, spaces, Latin
//!   letters, digits) is kept; a space separates a word from adjacent letters
//!   or digits.

use super::readings::Table;

/// A syllable: its letters (`v` for ü) and tone 1-5.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Syllable<'a> {
    letters: &'a str,
    tone: u8,
}

fn parse(reading: &str) -> Vec<Syllable<'_>> {
    reading
        .split(' ')
        .filter(|s| !s.is_empty())
        .map(|s| {
            let (letters, tone) = match s.as_bytes().last() {
                Some(d @ b'1'..=b'5') => (&s[..s.len() - 1], d - b'0'),
                _ => (s, 5),
            };
            Syllable { letters, tone }
        })
        .collect()
}

/// Whether `c` is written with Chinese characters (CJK ideographs, 〇, 々).
pub(crate) fn is_han(c: char) -> bool {
    matches!(c as u32,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F | 0x3007 | 0x3005)
}

const NUMERALS: &str = "零〇一二三四五六七八九十百千万萬亿億两兩";

/// Pinyin of `text`, reading words from `table`.
pub(crate) fn to_pinyin(text: &str, table: &Table) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if !is_han(c) {
            out.push(c);
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let end = rest.find(|c: char| !is_han(c)).unwrap_or(rest.len());
        if out
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || ",.!?;:".contains(c))
        {
            out.push(' ');
        }
        write_han_run(&rest[..end], table, &mut out);
        rest = &rest[end..];
        if rest.chars().next().is_some_and(char::is_alphanumeric) {
            out.push(' ');
        }
    }
    out
}

/// A word of a run: its characters and, when known, its syllables.
struct Word<'a> {
    chars: &'a str,
    syllables: Option<Vec<Syllable<'static>>>,
}

fn write_han_run(run: &str, table: &Table, out: &mut String) {
    let mut words: Vec<Word<'_>> = Vec::new();
    let mut rest = run;
    while let Some(c) = rest.chars().next() {
        let (len, syllables) = match table.longest_prefix(rest) {
            Some((len, reading)) => {
                let s = parse(reading);
                // A reading must have one syllable per character.
                if s.len() == rest[..len].chars().count() {
                    (len, Some(s))
                } else {
                    (c.len_utf8(), None)
                }
            }
            None => (c.len_utf8(), None),
        };
        words.push(Word {
            chars: &rest[..len],
            syllables,
        });
        rest = &rest[len..];
    }
    sandhi(&mut words);
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        match &w.syllables {
            Some(s) => write_word(s, out),
            None => out.push_str(w.chars),
        }
    }
}

/// 一 and 不 at the start of a word change tone before the next syllable.
fn sandhi(words: &mut [Word<'_>]) {
    for i in 0..words.len() {
        let prev_char = i.checked_sub(1).and_then(|p| words[p].chars.chars().next_back());
        let (before, after) = words.split_at_mut(i + 1);
        let word = &mut before[i];
        let first = word.chars.chars().next();
        let is_yi = first == Some('一');
        let is_bu = first == Some('不');
        if !is_yi && !is_bu {
            continue;
        }
        let next_char = word
            .chars
            .chars()
            .nth(1)
            .or_else(|| after.first().and_then(|w| w.chars.chars().next()));
        let next_tone = match &word.syllables {
            Some(s) if s.len() > 1 => Some(s[1].tone),
            _ => after
                .first()
                .and_then(|w| w.syllables.as_ref())
                .and_then(|s| s.first())
                .map(|s| s.tone),
        };
        let (Some(syllables), Some(next_tone)) = (word.syllables.as_mut(), next_tone) else {
            continue;
        };
        let Some(head) = syllables.first_mut() else {
            continue;
        };
        if is_yi && head.tone == 1 {
            let numeric = prev_char.is_some_and(|c| c == '第' || NUMERALS.contains(c))
                || next_char.is_some_and(|c| c == '月' || NUMERALS.contains(c));
            if !numeric {
                head.tone = if next_tone == 4 { 2 } else { 4 };
            }
        } else if is_bu && head.tone == 4 && next_tone == 4 {
            head.tone = 2;
        }
    }
}

fn write_word(syllables: &[Syllable<'_>], out: &mut String) {
    for (i, s) in syllables.iter().enumerate() {
        if s.letters == "r" && i > 0 {
            out.push('r');
            continue;
        }
        if i > 0 && s.letters.starts_with(['a', 'o', 'e']) {
            out.push('\'');
        }
        write_syllable(s, out);
    }
}

/// One syllable with its tone mark: on a or e, on the o of "ou", else on the
/// last vowel; ü for v.
fn write_syllable(s: &Syllable<'_>, out: &mut String) {
    let letters = s.letters;
    let target = if let Some(i) = letters.find(['a', 'e']) {
        Some(i)
    } else if let Some(i) = letters.find("ou") {
        Some(i)
    } else {
        letters.rfind(['i', 'o', 'u', 'v'])
    };
    for (i, c) in letters.char_indices() {
        if Some(i) == target && (1..=4).contains(&s.tone) {
            out.push(marked(c, s.tone));
        } else if c == 'v' {
            out.push('ü');
        } else {
            out.push(c);
        }
    }
}

fn marked(vowel: char, tone: u8) -> char {
    let row = match vowel {
        'a' => ['ā', 'á', 'ǎ', 'à'],
        'e' => ['ē', 'é', 'ě', 'è'],
        'i' => ['ī', 'í', 'ǐ', 'ì'],
        'o' => ['ō', 'ó', 'ǒ', 'ò'],
        'u' => ['ū', 'ú', 'ǔ', 'ù'],
        'v' => ['ǖ', 'ǘ', 'ǚ', 'ǜ'],
        other => return other,
    };
    row[usize::from(tone.clamp(1, 4) - 1)]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syl(letters: &'static str, tone: u8) -> Syllable<'static> {
        Syllable { letters, tone }
    }

    #[test]
    fn tone_marks() {
        let mut s = String::new();
        for (l, t) in [
            ("hao", 3),
            ("lve", 4),
            ("gou", 3),
            ("gui", 4),
            ("nv", 3),
            ("de", 5),
        ] {
            write_syllable(&syl(l, t), &mut s);
            s.push(' ');
        }
        assert_eq!(s, "hǎo lüè gǒu guì nǚ de ");
    }

    #[test]
    fn words_apostrophes_and_erhua() {
        let mut s = String::new();
        write_word(&[syl("xi", 1), syl("an", 1)], &mut s);
        s.push(' ');
        write_word(&[syl("yi", 1), syl("dian", 3), syl("r", 5)], &mut s);
        assert_eq!(s, "xī'ān yīdiǎnr");
    }

    #[test]
    fn small_table() {
        let t =
            Table::from_text("银行\tyin2 hang2\n行\txing2\n一\tyi1\n个\tge4\n不\tbu4\n是\tshi4\n第\tdi4\n");
        assert_eq!(to_pinyin("银行行", &t), "yínháng xíng");
        assert_eq!(to_pinyin("一个", &t), "yí gè");
        assert_eq!(to_pinyin("不是。", &t), "bú shì。");
        assert_eq!(to_pinyin("第一", &t), "dì yī");
        assert_eq!(
            to_pinyin("用ABC银行", &t),
            "yòng ABC yínháng".replace("yòng", "用")
        );
        assert_eq!(to_pinyin("", &t), "");
    }
}
