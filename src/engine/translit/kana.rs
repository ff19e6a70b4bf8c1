//! Kana → romaji, modified Hepburn in the Translator's style: ん is always
//! "nn", は and へ stay "ha" and "he", ー repeats the vowel before it
//! (コーヒー → "koohii"), っ doubles the next consonant (ッチ → "tchi").
//!
//! A kana followed by a small kana is one syllable: ゃゅょ after any
//! consonant kana (きゃ kya, しゅ shu, てゅ tyu, ふゅ fyu), and the small
//! vowels of loanwords (ファ fa, ティ ti, ディ di, トゥ tu, ウェ we, ヴァ va,
//! シェ she, ツァ tsa, クァ kwa, イェ ye). Katakana read as hiragana; a small
//! kana with nothing to attach to reads as its full-size vowel. Anything that
//! is not kana is copied.

/// Romaji of the hiragana U+3041 ..= U+3096, in code point order.
const HIRAGANA: [&str; 86] = [
    "a", "a", "i", "i", "u", "u", "e", "e", "o", "o", // ぁ あ ぃ い ぅ う ぇ え ぉ お
    "ka", "ga", "ki", "gi", "ku", "gu", "ke", "ge", "ko", "go", // か が … ご
    "sa", "za", "shi", "ji", "su", "zu", "se", "ze", "so", "zo", // さ ざ … ぞ
    "ta", "da", "chi", "ji", "", "tsu", "zu", "te", "de", "to",
    "do", // た だ ち ぢ っ つ づ て で と ど
    "na", "ni", "nu", "ne", "no", // な に ぬ ね の
    "ha", "ba", "pa", "hi", "bi", "pi", "fu", "bu", "pu", "he", "be", "pe", "ho", "bo", "po", "ma", "mi",
    "mu", "me", "mo", // ま み む め も
    "ya", "ya", "yu", "yu", "yo", "yo", // ゃ や ゅ ゆ ょ よ
    "ra", "ri", "ru", "re", "ro", // ら り る れ ろ
    "wa", "wa", "wi", "we", "wo", "n", "vu", "ka", "ke", // ゎ わ ゐ ゑ を ん ゔ ゕ ゖ
];

/// A kana as hiragana: katakana (and ヷ ヸ ヹ ヺ, read as ゔぁ …) folded.
fn fold(c: char) -> char {
    match c as u32 {
        0x30A1..=0x30F6 => char::from_u32(c as u32 - 0x60).unwrap_or(c),
        _ => c,
    }
}

/// The romaji of one hiragana, if it is one.
fn base(c: char) -> Option<&'static str> {
    let i = (c as u32).checked_sub(0x3041)? as usize;
    HIRAGANA.get(i).copied()
}

fn is_small_y(c: char) -> bool {
    matches!(c, 'ゃ' | 'ゅ' | 'ょ')
}

fn is_small_vowel(c: char) -> bool {
    matches!(c, 'ぁ' | 'ぃ' | 'ぅ' | 'ぇ' | 'ぉ' | 'ゎ')
}

/// The consonant part of a syllable's romaji ("shi" → "sh", "tsu" → "ts",
/// "a" → "").
fn consonant(romaji: &str) -> &str {
    romaji.trim_end_matches(['a', 'i', 'u', 'e', 'o'])
}

/// The syllable at the start of `chars` (folded to hiragana): its romaji and
/// how many characters it takes; `None` when it is not kana.
fn syllable(chars: &[char]) -> Option<(String, usize)> {
    let (&c, rest) = chars.split_first()?;
    let extended = match c {
        'ヷ' => Some("va"),
        'ヸ' => Some("vi"),
        'ヹ' => Some("ve"),
        'ヺ' => Some("vo"),
        _ => None,
    };
    if let Some(v) = extended {
        return Some((v.to_owned(), 1));
    }
    let romaji = base(c)?;
    let Some(&small) = rest.first() else {
        return Some((romaji.to_owned(), 1));
    };
    let vowel = base(small).unwrap_or("");
    let cons = consonant(romaji);
    let joined = if is_small_y(small) && !cons.is_empty() && c != 'っ' && c != 'ん' {
        // しゃ sha, ちゅ chu, じょ jo; きゃ kya, てゅ tyu, ふゅ fyu.
        if matches!(romaji, "shi" | "chi" | "ji") {
            format!("{cons}{}", &vowel[1..])
        } else {
            format!("{cons}{vowel}")
        }
    } else if is_small_vowel(small) && c != 'っ' && c != 'ん' {
        let v = if small == 'ゎ' { "a" } else { vowel };
        match (c, small) {
            ('う', _) => format!("w{v}"),
            ('い', 'ぇ') => "ye".to_owned(),
            ('く' | 'ぐ', 'ぁ' | 'ぃ' | 'ぇ' | 'ぉ' | 'ゎ') => format!("{}w{v}", &cons[..1]),
            // キェ kye, ニェ nye: an i-column kana keeps its y before e.
            (_, 'ぇ')
                if romaji.ends_with('i') && matches!(cons, "k" | "g" | "n" | "h" | "b" | "p" | "m" | "r") =>
            {
                format!("{cons}ye")
            }
            _ if cons.is_empty() => return Some((romaji.to_owned(), 1)),
            _ => format!("{cons}{v}"),
        }
    } else {
        return Some((romaji.to_owned(), 1));
    };
    Some((joined, 2))
}

/// Romaji of `text`: kana romanized, anything else copied.
pub(crate) fn romanize(text: &str) -> String {
    let chars: Vec<char> = text.chars().map(fold).collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'ん' => {
                out.push_str("nn");
                i += 1;
            }
            'っ' => {
                // The next syllable's first consonant, doubled (ch → tch).
                let next = syllable(&chars[i + 1..]).map(|(r, _)| r).unwrap_or_default();
                match next.chars().next() {
                    Some('c') => out.push('t'),
                    Some(n) if !matches!(n, 'a' | 'i' | 'u' | 'e' | 'o') && next != "nn" => out.push(n),
                    _ => {}
                }
                i += 1;
            }
            'ー' => {
                if let Some(v) = out.chars().next_back().filter(|v| "aiueo".contains(*v)) {
                    out.push(v);
                } else {
                    out.push('-');
                }
                i += 1;
            }
            _ => match syllable(&chars[i..]) {
                Some((romaji, len)) => {
                    out.push_str(&romaji);
                    i += len;
                }
                None => {
                    // Not kana: folding left it as it was.
                    out.push(c);
                    i += 1;
                }
            },
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::romanize;

    #[test]
    fn table_covers_every_hiragana() {
        assert_eq!(super::base('ぁ'), Some("a"));
        assert_eq!(super::base('ゖ'), Some("ke"));
        assert_eq!(super::base('ゔ'), Some("vu"));
        assert_eq!(super::base('ゟ'), None);
        assert_eq!(super::base('を'), Some("wo"));
    }

    #[test]
    fn loanword_small_vowels() {
        for (kana, romaji) in [
            ("ファイル", "fairu"),
            ("ディスク", "disuku"),
            ("ウェブ", "webu"),
            ("ティーム", "tiimu"),
            ("ヴァイオリン", "vaiorinn"),
            ("ファ フィ フェ フォ フュ", "fa fi fe fo fyu"),
            ("ティ ディ トゥ ドゥ デュ テュ", "ti di tu du dyu tyu"),
            ("ウィ ウェ ウォ ウァ", "wi we wo wa"),
            ("ヴァ ヴィ ヴ ヴェ ヴォ ヴュ", "va vi vu ve vo vyu"),
            ("ヷ ヸ ヹ ヺ", "va vi ve vo"),
            ("シェ ジェ チェ", "she je che"),
            ("ツァ ツィ ツェ ツォ", "tsa tsi tse tso"),
            ("クァ クィ クェ クォ グァ クヮ", "kwa kwi kwe kwo gwa kwa"),
            ("イェ スィ ズィ キェ ニェ", "ye si zi kye nye"),
            ("ふぁいる でぃすく うぇぶ", "fairu disuku webu"),
        ] {
            assert_eq!(romanize(kana), romaji, "{kana}");
        }
    }

    #[test]
    fn small_y_after_every_consonant_kana() {
        for (kana, romaji) in [
            ("きゃ きゅ きょ ぎゃ ぎゅ ぎょ", "kya kyu kyo gya gyu gyo"),
            ("しゃ しゅ しょ じゃ じゅ じょ", "sha shu sho ja ju jo"),
            ("ちゃ ちゅ ちょ ぢゃ ぢゅ ぢょ", "cha chu cho ja ju jo"),
            ("にゃ にゅ にょ ひゃ ひゅ ひょ", "nya nyu nyo hya hyu hyo"),
            ("びゃ びゅ びょ ぴゃ ぴゅ ぴょ", "bya byu byo pya pyu pyo"),
            ("みゃ みゅ みょ りゃ りゅ りょ", "mya myu myo rya ryu ryo"),
            (
                "キャ シュ チョ ジャ ニュ ヒョ ミャ リュ",
                "kya shu cho ja nyu hyo mya ryu",
            ),
        ] {
            assert_eq!(romanize(kana), romaji, "{kana}");
        }
    }

    #[test]
    fn sokuon_long_vowels_and_n() {
        for (kana, romaji) in [
            ("がっこう", "gakkou"),
            ("ちゃっちゃ", "chatcha"),
            ("マッチ", "matchi"),
            ("しゅっしゅ", "shusshu"),
            ("ベッド", "beddo"),
            ("バッファ", "baffa"),
            ("カッティング", "kattinngu"),
            ("エッフェル", "efferu"),
            ("ヴィッツ", "vittsu"),
            ("あっ", "a"),
            ("コンピューター", "konnpyuutaa"),
            ("こんにちは", "konnnichiha"),
            ("ー", "-"),
            ("ァ", "a"),
            ("ABCかな123", "ABCkana123"),
        ] {
            assert_eq!(romanize(kana), romaji, "{kana}");
        }
    }
}
