//! What the gloss copies as it stands instead of translating: numbers, URLs,
//! e-mail addresses, code-like tokens (`snake_case`, `camelCase`, `file.txt`,
//! `f(x)`, `mp3`) and words in a script the source language is not written in
//! (`iPhone` and `Google` in Japanese or Chinese text, a Cyrillic name in English).
//! Each copy is aligned to itself.
//!
//! Two levels: [`spans`] finds the URLs, addresses and code-like runs of
//! non-space text, which the word segmenter would cut into pieces
//! (`https`, `:`, `//`, …); [`copies`] tells, for one word of the segmenter, whether it
//! is a number, code-like or foreign.

use std::ops::Range;

use crate::engine::script::{Script, script_of};

/// Whether the letters of `script` are the ones `lang` is written in.
fn native(script: Script, lang: &str) -> bool {
    let base = lang.split('-').next().unwrap_or(lang);
    match base {
        "ja" => matches!(script, Script::Han | Script::Hiragana | Script::Katakana),
        "zh" | "yue" | "lzh" => script == Script::Han,
        "ko" => matches!(script, Script::Hangul | Script::Han),
        "ru" | "bg" | "uk" | "be" | "mk" | "kk" | "ky" | "mn" | "tt" | "ba" | "cv" => {
            script == Script::Cyrillic
        }
        "sr" | "bs" => matches!(script, Script::Cyrillic | Script::Latin),
        "el" => script == Script::Greek,
        "ar" | "fa" | "ur" | "ps" | "prs" => script == Script::Arabic,
        "he" | "yi" => script == Script::Hebrew,
        "hi" | "mr" | "ne" | "sa" => script == Script::Devanagari,
        "th" => script == Script::Thai,
        _ => script == Script::Latin,
    }
}

/// Whether a word is copied: a URL, an e-mail address, code, a number, or a
/// word none of whose letters is in a script of `from`.
pub fn copies(word: &str, from: &str) -> bool {
    if url(word) || email(word) || code_run(word) {
        return true;
    }
    let mut letters = word.chars().filter_map(script_of).peekable();
    if letters.peek().is_none() {
        // Digits (with their separators), or symbols the segmenter calls a word.
        return word.chars().any(|c| c.is_numeric());
    }
    if letters.all(|s| !native(s, from)) {
        return true;
    }
    code_like(word)
}

/// An acronym: two or more letters, all upper-case Latin (`TIFF`, `PAM`;
/// digits allowed, as in `MP3`).
pub fn acronym(word: &str) -> bool {
    word.chars().filter(char::is_ascii_uppercase).count() >= 2
        && word.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// `camelCase` inside a word (`iPhone`, `getValue`, not `Hello` or `NASA`), or
/// letters and digits mixed (`mp3`, `4K`, `H2O`).
fn code_like(word: &str) -> bool {
    let chars: Vec<char> = word.chars().collect();
    let camel = chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase());
    let digits = chars.iter().any(|c| c.is_ascii_digit());
    let letters = chars.iter().any(|c| c.is_alphabetic());
    camel || (digits && letters)
}

/// The URLs, e-mail addresses and code-like runs of `src[range]`, as byte ranges
/// of `src`: runs of non-space text, without the sentence punctuation, quotes
/// and brackets around them.
pub fn spans(src: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let Some(text) = src.get(range.clone()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = 0;
    for run in text.split(char::is_whitespace) {
        let start = at;
        at += run.len() + text[at + run.len()..].chars().next().map_or(0, char::len_utf8);
        let lead = run.len() - run.trim_start_matches(OPENERS).len();
        let mut core = run[lead..].trim_end_matches(CLOSERS);
        // A closing bracket that closes one of the run's own stays: `f(x)`.
        while core.matches('(').count() > core.matches(')').count()
            && run[lead + core.len()..].starts_with(')')
        {
            core = &run[lead..lead + core.len() + 1];
        }
        if !core.is_empty() && (url(core) || email(core) || code_run(core)) {
            let a = range.start + start + lead;
            out.push(a..a + core.len());
        }
    }
    out
}

const OPENERS: &[char] = &['(', '[', '{', '"', '\'', '«', '“', '‘', '<', '「', '『', '（'];
const CLOSERS: &[char] = &[
    '.', ',', ';', ':', '!', '?', ')', ']', '}', '"', '\'', '»', '”', '’', '>', '」', '』', '）', '。', '、',
    '，',
];

fn url(run: &str) -> bool {
    let lower = run.to_ascii_lowercase();
    let scheme = lower
        .split_once("://")
        .is_some_and(|(s, _)| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric()));
    scheme || (lower.starts_with("www.") && lower.len() > 4)
}

fn email(run: &str) -> bool {
    let Some((local, domain)) = run.split_once('@') else {
        return false;
    };
    let Some((host, tld)) = domain.rsplit_once('.') else {
        return false;
    };
    !local.is_empty()
        && !host.is_empty()
        && !domain.contains('@')
        && tld.len() >= 2
        && tld.chars().all(|c| c.is_ascii_alphabetic())
        && !local.chars().any(char::is_whitespace)
}

/// A run that only code writes: `snake_case`, `a::b`, `a->b`, `f(x)`, `x=1`,
/// `/usr/bin`, `file.txt`, `C:\\Windows` (a dot between two letters or digits, with at
/// least two on each side, so that `e.g.` and `U.S.` stay words).
fn code_run(run: &str) -> bool {
    let alnum = |c: char| c.is_alphanumeric();
    if !run.chars().any(alnum) {
        return false;
    }
    let chars: Vec<char> = run.chars().collect();
    let inner = |i: usize| i > 0 && i + 1 < chars.len() && alnum(chars[i - 1]) && alnum(chars[i + 1]);
    let dotted = |i: usize| {
        let before = chars[..i].iter().rev().take_while(|c| alnum(**c)).count();
        let after = chars[i + 1..].iter().take_while(|c| alnum(**c)).count();
        before >= 2 && after >= 2
    };
    run.contains("::")
        || run.contains("->")
        || run.contains("()")
        || (run.starts_with('/') && run.len() > 1 && run[1..].contains('/'))
        || chars.iter().enumerate().any(|(i, &c)| match c {
            '_' | '=' | '\\' => inner(i),
            '.' => inner(i) && dotted(i),
            '(' => i > 0 && alnum(chars[i - 1]) && run.ends_with(')'),
            _ => false,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        spans(text, 0..text.len()).into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn urls_addresses_and_code_runs() {
        assert_eq!(
            found("See https://example.com/a?b=1, or mail me@example.org. (www.glossa.dev)"),
            ["https://example.com/a?b=1", "me@example.org", "www.glossa.dev"]
        );
        assert_eq!(
            found("Call get_value() in src/main.rs, then std::env or x=1 and f(x)."),
            ["get_value()", "src/main.rs", "std::env", "x=1", "f(x)"]
        );
        assert!(found("e.g. the U.S. and/or we. Hello, world! (see above) 2.5 a/b").is_empty());
        assert!(
            found("ファイルはhttps://x.jp/にあります").is_empty(),
            "no space: the segmenter's words decide"
        );
        assert!(found("").is_empty() && found("   ").is_empty());
    }

    #[test]
    fn numbers_code_words_and_foreign_words() {
        for (word, from) in [
            ("2", "en"),
            ("15", "zh-Hans"),
            ("3.14", "en"),
            ("iPhone", "ja"),
            ("Google", "zh-Hans"),
            ("iPhone", "en"),
            ("mp3", "fr"),
            ("Москва", "en"),
            ("東京", "en"),
            ("Paris", "ru"),
            ("www.glossa.dev", "en"),
            ("me@example.org", "de"),
        ] {
            assert!(copies(word, from), "{word} in {from}");
        }
        for (word, from) in [
            ("house", "en"),
            ("Hello", "en"),
            ("NASA", "en"),
            ("私", "ja"),
            ("カメラ", "ja"),
            ("银行", "zh-Hans"),
            ("дом", "ru"),
            ("Haus", "de"),
        ] {
            assert!(!copies(word, from), "{word} in {from}");
        }
    }
}
