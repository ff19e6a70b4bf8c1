//! translate's `profanityAction` / `profanityMarker`: finding profane words and marking
//! or deleting them.
//!
//! The word lists are LDNOOBW's ("List of Dirty, Naughty, Obscene, and Otherwise Bad
//! Words", CC-BY-4.0) from the npm package `naughty-words` 1.2.0, one file per language in
//! `assets/profanity/` (made by `scripts/build_profanity.py`), compiled on first use into
//! an Aho-Corasick automaton per language.
//!
//! Matching ([`ProfanityList::find`]) ignores case and the width of white space (an entry
//! `fy faen` matches "Fy  Faen"). Entries of languages written with spaces match whole
//! words only (`ass` does not match "class"); where an entry starts or ends with a
//! character of a script written without spaces (Chinese, Japanese, Thai, …, and
//! Korean, whose particles attach to words) that end matches inside words.
//!
//! [`apply`] follows the service's documented behaviour: `Marked` + `Asterisk` puts
//! `***` in place of the word ("What a *** car"), `Marked` + `Tag` wraps it in
//! `<profanity>…</profanity>`, `Deleted` removes it with the space before it ("He is a
//! jackass." → "He is a."), `NoAction` changes nothing.

use std::ops::Range;
use std::sync::OnceLock;

use super::fold::Folded;
use super::script::is_spaced_word_char as is_word_char;
use aho_corasick::AhoCorasick;

/// (service language code, list) for every bundled list.
const LISTS: [(&str, &str); 28] = [
    ("ar", include_str!("../../assets/profanity/ar.txt")),
    ("cs", include_str!("../../assets/profanity/cs.txt")),
    ("da", include_str!("../../assets/profanity/da.txt")),
    ("de", include_str!("../../assets/profanity/de.txt")),
    ("en", include_str!("../../assets/profanity/en.txt")),
    ("eo", include_str!("../../assets/profanity/eo.txt")),
    ("es", include_str!("../../assets/profanity/es.txt")),
    ("fa", include_str!("../../assets/profanity/fa.txt")),
    ("fi", include_str!("../../assets/profanity/fi.txt")),
    ("fil", include_str!("../../assets/profanity/fil.txt")),
    ("fr", include_str!("../../assets/profanity/fr.txt")),
    ("fr-CA", include_str!("../../assets/profanity/fr-CA.txt")),
    ("hi", include_str!("../../assets/profanity/hi.txt")),
    ("hu", include_str!("../../assets/profanity/hu.txt")),
    ("it", include_str!("../../assets/profanity/it.txt")),
    ("ja", include_str!("../../assets/profanity/ja.txt")),
    ("kab", include_str!("../../assets/profanity/kab.txt")),
    ("ko", include_str!("../../assets/profanity/ko.txt")),
    ("nb", include_str!("../../assets/profanity/nb.txt")),
    ("nl", include_str!("../../assets/profanity/nl.txt")),
    ("pl", include_str!("../../assets/profanity/pl.txt")),
    ("pt", include_str!("../../assets/profanity/pt.txt")),
    ("ru", include_str!("../../assets/profanity/ru.txt")),
    ("sv", include_str!("../../assets/profanity/sv.txt")),
    ("th", include_str!("../../assets/profanity/th.txt")),
    ("tlh-Latn", include_str!("../../assets/profanity/tlh-Latn.txt")),
    ("tr", include_str!("../../assets/profanity/tr.txt")),
    ("zh-Hans", include_str!("../../assets/profanity/zh-Hans.txt")),
];

/// Other spellings of a code that use the same list.
const ALIASES: [(&str, &str); 5] = [
    ("no", "nb"),
    ("zh", "zh-Hans"),
    ("tlh", "tlh-Latn"),
    ("pt-BR", "pt"),
    ("pt-PT", "pt"),
];

/// The profane words of one language.
pub struct ProfanityList {
    language: &'static str,
    entries: Vec<Entry>,
    automaton: Option<AhoCorasick>,
}

/// A folded entry and whether each of its ends must fall on a word boundary.
struct Entry {
    folded: String,
    bounded: (bool, bool),
}

/// `profanityAction`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Action {
    #[default]
    NoAction,
    Marked,
    Deleted,
}

/// `profanityMarker` (used with [`Action::Marked`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Marker {
    #[default]
    Asterisk,
    Tag,
}

/// The list `action` needs for a language: none for [`Action::NoAction`], whose
/// list is then never built (a translation without a `profanityAction` pays nothing).
pub fn words_for(action: Action, language: &str) -> Option<&'static ProfanityList> {
    (action != Action::NoAction).then(|| words(language)).flatten()
}

/// The list for a language code as the service spells it (`en`, `zh-Hans`, `nb`, …;
/// ASCII case ignored), or `None` when there is none.
pub fn words(language: &str) -> Option<&'static ProfanityList> {
    static BUILT: [OnceLock<ProfanityList>; LISTS.len()] = [const { OnceLock::new() }; LISTS.len()];
    let code = ALIASES
        .iter()
        .find(|(alias, _)| alias.eq_ignore_ascii_case(language))
        .map_or(language, |(_, code)| code);
    let n = LISTS.iter().position(|(c, _)| c.eq_ignore_ascii_case(code))?;
    let (code, text) = LISTS[n];
    Some(BUILT[n].get_or_init(|| ProfanityList::new(code, text)))
}

/// The language codes that have a list.
pub fn languages() -> impl Iterator<Item = &'static str> {
    LISTS.iter().map(|(code, _)| *code)
}

impl ProfanityList {
    fn new(language: &'static str, text: &str) -> Self {
        let entries: Vec<Entry> = text
            .lines()
            .map(|line| fold(line.trim()).text)
            .filter(|folded| !folded.is_empty())
            .map(|folded| {
                let first = folded.chars().next().is_some_and(needs_boundary);
                let last = folded.chars().next_back().is_some_and(needs_boundary);
                Entry {
                    folded,
                    bounded: (first, last),
                }
            })
            .collect();
        let automaton = AhoCorasick::new(entries.iter().map(|e| &e.folded)).ok();
        ProfanityList {
            language,
            entries,
            automaton,
        }
    }

    /// The language code of the list.
    pub fn language(&self) -> &'static str {
        self.language
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Byte ranges of the profane words of `text`: sorted, not overlapping, the longest
    /// entry winning where several start at the same place.
    pub fn find(&self, text: &str) -> Vec<Range<usize>> {
        let Some(automaton) = &self.automaton else {
            return Vec::new();
        };
        let folded = fold(text);
        let mut found: Vec<Range<usize>> = automaton
            .find_overlapping_iter(&folded.text)
            .filter_map(|m| {
                let entry = self.entries.get(m.pattern().as_usize())?;
                let start = *folded.origin.get(m.start())?;
                let end = *folded.origin.get(m.end())?;
                let before = text.get(..start)?.chars().next_back();
                let after = text.get(end..)?.chars().next();
                let left_ok = !entry.bounded.0 || !before.is_some_and(is_word_char);
                let right_ok = !entry.bounded.1 || !after.is_some_and(is_word_char);
                (start < end && left_ok && right_ok).then_some(start..end)
            })
            .collect();
        found.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
        let mut out: Vec<Range<usize>> = Vec::with_capacity(found.len());
        for r in found {
            if out.last().is_none_or(|last| r.start >= last.end) {
                out.push(r);
            }
        }
        out
    }
}

/// `text` with the profane `ranges` handled as `action` and `marker` say. Ranges that
/// overlap an earlier one, are out of bounds or split a character are ignored.
pub fn apply(text: &str, ranges: &[Range<usize>], action: Action, marker: Marker) -> String {
    if action == Action::NoAction {
        return text.to_owned();
    }
    let mut sorted: Vec<&Range<usize>> = ranges
        .iter()
        .filter(|r| text.get((*r).clone()).is_some())
        .collect();
    sorted.sort_by_key(|r| (r.start, r.end));
    let mut out = String::with_capacity(text.len() + 16);
    let mut at = 0;
    for r in sorted {
        if r.start < at || r.is_empty() {
            continue;
        }
        let between = &text[at..r.start];
        match (action, marker) {
            (Action::Deleted, _) => {
                let trimmed = between.trim_end_matches(is_blank);
                if trimmed.len() < between.len() {
                    // The space before the word goes with it.
                    out.push_str(trimmed);
                    at = r.end;
                } else {
                    // None before (start of text, punctuation): the space after, if any.
                    out.push_str(between);
                    let rest = &text[r.end..];
                    at = r.end + (rest.len() - rest.trim_start_matches(is_blank).len());
                }
                continue;
            }
            (_, Marker::Asterisk) => {
                out.push_str(between);
                out.push_str("***");
            }
            (_, Marker::Tag) => {
                out.push_str(between);
                out.push_str("<profanity>");
                out.push_str(&text[r.clone()]);
                out.push_str("</profanity>");
            }
        }
        at = r.end;
    }
    out.push_str(&text[at..]);
    out
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{a0}' || c == '\u{3000}'
}

/// Whether an entry's end character calls for a word boundary there.
fn needs_boundary(c: char) -> bool {
    is_word_char(c)
}

/// Lowercased, white space folded, `’` read as `'` (as the lists write it).
fn fold(s: &str) -> Folded {
    Folded::new(s, |c, out| {
        let c = if c == '\u{2019}' { '\'' } else { c };
        out.extend(c.to_lowercase());
    })
}

#[cfg(test)]
#[path = "profanity_tests.rs"]
mod tests;
