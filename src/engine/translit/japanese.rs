//! Japanese ↔ Latin.
//!
//! Jpan → Latn: words written with kanji take their EDICT reading (longest
//! match; a verb or adjective whose ending is inflected matches its dictionary
//! form, 食べます → たべ|ます, 行った → いっ|た), then the kana are romanized
//! ([`kana`]) in the Translator's style: ん is always "nn" and は stays
//! "ha" (こんにちは → "konnnichiha", さようなら → "sayounara"). Spaces go at
//! ICU4X's word breaks, except inside a run of hiragana: particles and the
//! copula stand apart, inflections and kana words stay whole ("toukyou ni
//! ikimashita", "sugokuoishii desu"). A kanji with no reading is kept as is.
//!
//! Latn → Jpan: romaji → hiragana (`wana_kana`).

use wana_kana::ConvertJapanese;

use super::chinese::is_han;
use super::kana;
use super::readings::Table;

/// Words that stand apart even after a word with kanji.
const SEPARATE: &[&str] = &[
    "は",
    "を",
    "に",
    "が",
    "で",
    "と",
    "も",
    "の",
    "へ",
    "や",
    "か",
    "ね",
    "よ",
    "から",
    "まで",
    "より",
    "です",
    "でした",
    "だ",
    "だった",
    "では",
    "には",
    "とは",
];

fn is_kanji(c: char) -> bool {
    is_han(c) || matches!(c, '々' | '〆' | 'ヶ')
}

fn is_kana(c: char) -> bool {
    matches!(c as u32, 0x3041..=0x30FF)
}

fn is_hiragana(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| matches!(c as u32, 0x3041..=0x309F))
}

/// A piece of the text: its byte range and its kana (or the text itself).
struct Piece {
    start: usize,
    end: usize,
    kana: String,
    kanji: bool,
}

/// Romaji of a Japanese text, kanji words read from `table`.
pub(crate) fn to_romaji(text: &str, table: &Table) -> String {
    let breaks: Vec<usize> = crate::engine::tokens::dictionary_segmenter()
        .segment_str(text)
        .collect();
    let pieces = read(text, table, &breaks);
    let mut out = String::with_capacity(text.len() * 2);
    // The kana of the word being built: romanized whole, so that a っ at the
    // end of one piece doubles the consonant of the next (行っ|た → "itta").
    let mut word = String::new();
    let mut word_has_kanji = false;
    let mut prev_wordy = false;
    let mut prev_src = "";
    for (i, p) in pieces.iter().enumerate() {
        let src = &text[p.start..p.end];
        let wordy = src.chars().next().is_some_and(|c| c.is_alphanumeric());
        let glue = wordy
            && prev_wordy
            && (breaks.binary_search(&p.start).is_err()
                || kana_fragment(prev_src, src)
                || (is_hiragana(src)
                    && !SEPARATE.contains(&src)
                    && !SEPARATE.contains(&prev_src)
                    && (word_has_kanji || is_hiragana(prev_src))));
        prev_src = src;
        if !glue {
            out.push_str(&romanize(&word));
            word.clear();
            word_has_kanji = false;
            if i > 0 && wordy && (prev_wordy || out.ends_with([',', '.', '!', '?'])) {
                out.push(' ');
            }
        }
        word_has_kanji |= p.kanji;
        prev_wordy = wordy;
        word.push_str(&p.kana);
    }
    out.push_str(&romanize(&word));
    out
}

/// Whether a kana piece cannot start a word: it starts with a small kana or
/// ー, or follows a っ (the segmenter cuts がっこう as が|っこ|う).
fn kana_fragment(prev: &str, src: &str) -> bool {
    let Some(first) = src.chars().next() else {
        return false;
    };
    is_kana(first)
        && prev.chars().next_back().is_some_and(is_kana)
        && ("ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮー".contains(first) || prev.ends_with(['っ', 'ッ']))
}

/// Splits the text into pieces: kanji words with their readings, and runs of
/// other characters cut at the segmenter's breaks.
fn read(text: &str, table: &Table, breaks: &[usize]) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < text.len() {
        let rest = &text[at..];
        let mut chars = rest.chars();
        let c = chars.next().unwrap_or(' ');
        let starts_word = is_kanji(c) || (is_kana(c) && chars.next().is_some_and(is_kanji));
        if starts_word && let Some((len, kana)) = match_word(rest, table) {
            pieces.push(Piece {
                start: at,
                end: at + len,
                kana,
                kanji: true,
            });
            at += len;
            continue;
        }
        let next_break = breaks
            .get(breaks.partition_point(|&b| b <= at))
            .copied()
            .unwrap_or(text.len());
        let end = rest
            .char_indices()
            .skip(1)
            .map(|(i, _)| at + i)
            .find(|&i| i >= next_break || text[i..].starts_with(is_kanji))
            .unwrap_or(text.len());
        pieces.push(Piece {
            start: at,
            end,
            kana: text[at..end].to_owned(),
            kanji: false,
        });
        at = end;
    }
    pieces
}

/// The kanji word at the start of `rest`: `(bytes consumed, kana)`. A
/// dictionary form whose last kana is inflected in the text also matches.
fn match_word(rest: &str, table: &Table) -> Option<(usize, String)> {
    let mut best = table.longest_prefix(rest).map(|(len, r)| (len, r.to_owned()));
    let run = rest.find(|c: char| !is_kanji(c)).unwrap_or(rest.len());
    if run == 0 {
        return best;
    }
    let after = &rest[run..];
    // Only okurigana (hiragana after the kanji) can be an inflected ending.
    if !after.starts_with(|c: char| matches!(c as u32, 0x3041..=0x309F)) {
        return best;
    }
    for (key, reading) in table.with_prefix(&rest[..run]).take(4000) {
        let Some(stem) = inflected(&key[run..], after, reading) else {
            continue;
        };
        // Longest; of equal lengths the shortest reading (行っ: いっ, not おこなっ).
        let better =
            |b: &(usize, String)| run + stem.0 > b.0 || (run + stem.0 == b.0 && stem.1.len() < b.1.len());
        if best.as_ref().is_none_or(better) {
            best = Some((run + stem.0, stem.1));
        }
    }
    best
}

/// When the text after the kanji (`after`) is an inflection of the dictionary
/// okurigana `tail`: `(bytes of after consumed, kana of the whole word)`.
fn inflected(tail: &str, after: &str, reading: &str) -> Option<(usize, String)> {
    let last = tail.chars().next_back()?;
    let shared = tail[..tail.len() - last.len_utf8()].to_owned();
    let rest = after.strip_prefix(shared.as_str())?;
    let base = reading.strip_suffix(last)?;
    let next = rest.chars().next();
    let same_row = |g: char| row(g).is_some() && row(g) == row(last);
    let sound_change = |g: char| match g {
        'っ' => matches!(last, 'う' | 'つ' | 'る' | 'く'),
        'ん' => matches!(last, 'む' | 'ぶ' | 'ぬ'),
        'い' => matches!(last, 'く' | 'ぐ'),
        _ => false,
    };
    match next {
        Some(g) if g != last && (same_row(g) || sound_change(g)) => {
            Some((shared.len() + g.len_utf8(), format!("{base}{g}")))
        }
        // Ichidan verbs (食べる → 食べ) and i-adjectives (高い → 高く, 高かった).
        Some(g) if last == 'る' && !shared.is_empty() && g != 'る' => Some((shared.len(), base.to_owned())),
        Some('く' | 'か' | 'け' | 'さ') if last == 'い' => Some((shared.len(), base.to_owned())),
        _ => None,
    }
}

/// The consonant row of a hiragana (か-row, さ-row …), for godan endings.
fn row(c: char) -> Option<u8> {
    const ROWS: [&str; 10] = [
        "かきくけこ",
        "がぎぐげご",
        "さしすせそ",
        "たちつてと",
        "なにぬねの",
        "ばびぶべぼ",
        "まみむめも",
        "らりるれろ",
        "わいうえおを",
        "あいうえお",
    ];
    ROWS.iter().position(|r| r.contains(c)).map(|i| i as u8)
}

/// Kana (and anything else) → romaji ([`kana`]), Japanese punctuation ASCII.
fn romanize(kana: &str) -> String {
    let prepared: String = kana
        .chars()
        .map(|c| match c {
            '。' => '.',
            '、' => ',',
            '！' => '!',
            '？' => '?',
            '「' | '」' | '『' | '』' => '"',
            '・' | '\u{3000}' => ' ',
            _ => c,
        })
        .collect();
    kana::romanize(&prepared)
}

/// Romaji → hiragana.
pub(crate) fn to_kana(text: &str) -> String {
    text.to_lowercase().to_hiragana()
}
