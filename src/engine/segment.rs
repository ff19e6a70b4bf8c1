//! Sentence breaking (the engine behind `/breaksentence` and `sentLen`).
//!
//! Languages with abbreviation rules go through Wikimedia's `sentencex` (about 30
//! languages, e.g. "Dr. Smith arrived." stays one sentence in English); every other
//! language, and text whose language is unknown, goes through the Unicode UAX #29
//! sentence rules of ICU4X's `icu_segmenter` (which break after `。！？` too).
//!
//! Lengths are reported the way the real service reports them: in UTF-16 code units,
//! with the whitespace that follows a sentence belonging to that sentence, so that the
//! lengths always add up to [`utf16_len`] of the whole text. "How are you? I am fine.
//! What did you do today?" gives `[13, 11, 22]`.

use super::text::utf16_len;
use icu_segmenter::SentenceSegmenter;
use icu_segmenter::options::SentenceBreakInvariantOptions;

/// Languages for which `sentencex` has its own rules (abbreviation lists and the like).
const SENTENCEX_LANGUAGES: &[&str] = &[
    "am", "ar", "bg", "bn", "ca", "da", "de", "el", "en", "es", "fi", "fr", "gu", "hi", "hy", "it", "ja",
    "kk", "kn", "ml", "mr", "my", "nl", "pa", "pl", "pt", "ru", "sk", "ta", "te", "uk",
];

/// Which rule set [`sentence_lengths`] uses for a language.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentenceRules {
    /// `sentencex` rules of the given language code (abbreviation aware).
    Sentencex(&'static str),
    /// Language-neutral Unicode (UAX #29) rules from `icu_segmenter`.
    Unicode,
}

/// The rule set used for `language` (a BCP 47 tag such as "en", "pt-BR", "zh-Hans").
///
/// A language without `sentencex` rules of its own borrows those of its first
/// MediaWiki fallback language when that one has rules (e.g. Galician uses Portuguese).
pub fn rules_for(language: Option<&str>) -> SentenceRules {
    let Some(tag) = language else {
        return SentenceRules::Unicode;
    };
    let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
    let primary = tag.split('-').next().unwrap_or_default();
    let direct = |code: &str| SENTENCEX_LANGUAGES.iter().copied().find(|l| *l == code);
    if let Some(code) = direct(primary) {
        return SentenceRules::Sentencex(code);
    }
    for candidate in [tag.as_str(), primary] {
        if let Some(fallbacks) = sentencex::languages::get_fallbacks(candidate)
            && let Some(code) = fallbacks.iter().find_map(|f| direct(f))
        {
            return SentenceRules::Sentencex(code);
        }
    }
    SentenceRules::Unicode
}

/// True when `language` gets abbreviation-aware rules rather than the generic ones.
pub fn has_abbreviation_rules(language: &str) -> bool {
    matches!(rules_for(Some(language)), SentenceRules::Sentencex(_))
}

/// Lengths (UTF-16 code units) of the sentences of `text`, in order.
///
/// The lengths sum to `utf16_len(text)`. Empty text has no sentence (`[]`); text made
/// only of whitespace is one sentence. `language` selects the rules (see [`rules_for`]);
/// `None` uses the language-neutral Unicode rules.
pub fn sentence_lengths(text: &str, language: Option<&str>) -> Vec<usize> {
    sentence_byte_ranges(text, language)
        .into_iter()
        .map(|(start, end)| text.get(start..end).map_or(0, utf16_len))
        .collect()
}

/// Byte ranges of the sentences of `text`: contiguous, covering the whole text.
pub fn sentence_byte_ranges(text: &str, language: Option<&str>) -> Vec<(usize, usize)> {
    if text.is_empty() {
        return Vec::new();
    }
    if one_sentence(text) {
        return vec![(0, text.len())];
    }
    by_rules(text, language)
}

/// [`sentence_byte_ranges`] by the rules of `language`, with no shortcut.
fn by_rules(text: &str, language: Option<&str>) -> Vec<(usize, usize)> {
    let starts = match rules_for(language) {
        SentenceRules::Sentencex(code) => sentencex_starts(text, code),
        SentenceRules::Unicode => None,
    }
    .unwrap_or_else(|| unicode_starts(text));
    ranges_from_starts(text, starts)
}

/// Whether `text` is one sentence whatever the rules: no sentence can end before its
/// last letter or digit, as no character there could end one (only letters, digits,
/// spaces and punctuation that never ends a sentence: UAX #29 and `sentencex` break
/// only after terminators and line breaks), and after it come only terminators, then
/// only whitespace. Most texts a translator types are one sentence, and this spares
/// them `sentencex`, which compiles its regular expressions on first use (a third of
/// a one-shot `glossa translate`).
fn one_sentence(text: &str) -> bool {
    let Some(last) = text.rfind(char::is_alphanumeric) else {
        return false;
    };
    let continues = |c: char| {
        c.is_alphanumeric()
            || (c.is_whitespace() && !matches!(c, '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}'))
            || matches!(
                c,
                ',' | '\''
                    | '"'
                    | '-'
                    | '('
                    | ')'
                    | '['
                    | ']'
                    | '{'
                    | '}'
                    | '«'
                    | '»'
                    | '“'
                    | '”'
                    | '„'
                    | '‘'
                    | '’'
                    | '/'
                    | '&'
                    | '%'
                    | '+'
                    | '#'
                    | '@'
                    | '$'
                    | '€'
                    | '£'
                    | '='
                    | '*'
                    | '_'
                    | '–'
                    | '—'
                    | '、'
                    | '，'
            )
    };
    let (body, tail) = text.split_at(last);
    // `word.)` may end at the full stop: a terminator may only be followed by more.
    let ends = |c: char| matches!(c, '.' | '!' | '?' | '…' | '。' | '！' | '？' | '।' | '؟');
    body.chars().all(continues) && tail.trim_end().chars().skip(1).all(ends)
}

/// Sentence start offsets from `sentencex`, or `None` if it failed (it is guarded
/// so that a bug in it can never take the service down; the Unicode rules take over).
fn sentencex_starts(text: &str, code: &str) -> Option<Vec<usize>> {
    std::panic::catch_unwind(|| {
        sentencex::get_sentence_boundaries(code, text)
            .iter()
            .map(|b| b.start_byte)
            .collect()
    })
    .ok()
}

/// Sentence start offsets from the UAX #29 rules.
fn unicode_starts(text: &str) -> Vec<usize> {
    SentenceSegmenter::new(SentenceBreakInvariantOptions::default())
        .segment_str(text)
        .collect()
}

/// Turns candidate start offsets into contiguous ranges covering `text`.
///
/// Offsets are cleaned up: out of range, mid-character and duplicate offsets are
/// dropped; whitespace at the start of a sentence is moved to the end of the previous
/// one; a piece made only of whitespace joins the previous sentence.
fn ranges_from_starts(text: &str, mut starts: Vec<usize>) -> Vec<(usize, usize)> {
    for start in starts.iter_mut() {
        *start = skip_whitespace(text, *start);
    }
    // Leading whitespace belongs to the first sentence.
    let first = skip_whitespace(text, 0);
    starts.retain(|&s| s > first && s < text.len() && text.is_char_boundary(s));
    starts.sort_unstable();
    starts.dedup();
    let mut ranges = Vec::with_capacity(starts.len() + 1);
    let mut begin = 0usize;
    for start in starts {
        ranges.push((begin, start));
        begin = start;
    }
    ranges.push((begin, text.len()));
    ranges
}

/// The first offset at or after `at` that is not whitespace (or the text length).
fn skip_whitespace(text: &str, at: usize) -> usize {
    match text.get(at..) {
        Some(rest) => rest
            .char_indices()
            .find(|(_, c)| !c.is_whitespace())
            .map_or(text.len(), |(i, _)| at + i),
        None => at,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shortcut_for_one_sentence_agrees_with_the_rules() {
        let bodies = [
            "The house is red",
            "Haus ist rot",
            "I have a bank account, and (a) \"small\" house",
            "Это мой дом",
            "私はiPhoneを使っています",
            "我在Google工作",
            "मेरा घर",
            "Γεια σου κόσμε",
            "item 2 costs 15 € - or $3/4",
            "  leading space",
        ];
        let tails = [
            "", ".", "!", "?", "...", "?!", ".)", ".\"", ".”", "。", "！", "…", ". ", ".\n", "\n", " ",
            ".  \n\n", ". )", ".\n)", ";", ":",
        ];
        let languages = [
            Some("en"),
            Some("de"),
            Some("ru"),
            Some("ja"),
            Some("zh-Hans"),
            Some("hi"),
            Some("el"),
            None,
        ];
        let mut shortcuts = 0;
        for body in bodies {
            for tail in tails {
                let text = format!("{body}{tail}");
                for language in languages {
                    let fast = one_sentence(&text);
                    shortcuts += usize::from(fast);
                    if fast {
                        assert_eq!(
                            by_rules(&text, language),
                            vec![(0, text.len())],
                            "{text:?} {language:?}"
                        );
                    }
                }
            }
        }
        assert!(shortcuts > 400, "{shortcuts}");
        for text in ["Dr. Smith arrived", "One. Two", "One\nTwo", "A; b", "…", ". ."] {
            assert!(!one_sentence(text), "{text:?}");
        }
    }

    fn check(text: &str, lang: Option<&str>) -> Vec<usize> {
        let lens = sentence_lengths(text, lang);
        assert_eq!(lens.iter().sum::<usize>(), utf16_len(text), "{text:?}");
        lens
    }

    #[test]
    fn service_samples() {
        let s = "How are you? I am fine. What did you do today?";
        assert_eq!(check(s, Some("en")), vec![13, 11, 22]);
        assert_eq!(check(s, None), vec![13, 11, 22]);
        assert_eq!(check("hello world", Some("en")), vec![11]);
        assert_eq!(check("hello world", None), vec![11]);
    }

    #[test]
    fn abbreviations() {
        assert_eq!(check("Dr. Smith arrived. He sat down.", Some("en")), vec![19, 12]);
        assert_eq!(
            check("Dr. Smith arrived. He sat down.", Some("en-US")),
            vec![19, 12]
        );
        assert!(has_abbreviation_rules("de"));
        assert!(!has_abbreviation_rules("zh-Hans"));
        assert_eq!(rules_for(Some("gl")), SentenceRules::Sentencex("pt"));
    }

    #[test]
    fn emoji_and_cjk() {
        assert_eq!(check("😀 Hi. Yo.", Some("en")), vec![7, 3]);
        assert_eq!(check("😀 Hi. Yo.", None), vec![7, 3]);
        assert_eq!(check("我很好。你呢？", Some("zh-Hans")), vec![4, 3]);
        assert_eq!(check("我很好。你呢？", None), vec![4, 3]);
        assert_eq!(check("元気です。あなたは？", Some("ja")), vec![5, 5]);
    }

    #[test]
    fn whitespace_goes_to_previous_sentence() {
        assert_eq!(check("  Hi.  Yo.  ", Some("en")), vec![7, 5]);
        assert_eq!(check("First one.\n\nSecond one.", Some("en")), vec![12, 11]);
        assert_eq!(check("   ", Some("en")), vec![3]);
        assert_eq!(check("   ", None), vec![3]);
        assert_eq!(check("  Hi.  Yo.  ", None), vec![7, 5]);
    }

    #[test]
    fn never_panics() {
        assert!(check("", Some("en")).is_empty());
        assert!(check("", None).is_empty());
        let long = "Ab. ".repeat(12_500);
        for lang in [Some("en"), Some("xx"), Some("ja"), None, Some("")] {
            for t in [
                "\u{301}",
                "\u{0}\u{7}\t\r\n",
                "😀😀",
                "a\u{301}.",
                "Привет. مرحبا. 你好。",
            ] {
                check(t, lang);
            }
            check(&long, lang);
            check(&"x".repeat(50_000), lang);
        }
    }
}
