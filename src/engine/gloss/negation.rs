//! English auxiliaries with `not` (`cannot`, `does not`), and `not` where the target says it with different words by what
//! follows. Arabic: `غير` before a participle ("not supported" → `غير مدعوم`),
//! `لا` with a verb or after an auxiliary ("cannot open", "does not exist"),
//! `ليس` before a noun phrase ("not a directory"). In the dev split's Arabic
//! references, "not" before an `-ed` or irregular past form is `غير` in 31 of
//! 36 messages, after a modal or `do` `لا` or `تعذّر` in 27 of 33, before an
//! article `ليس` in 7 of 12.

use super::choose::{Choice, Prev, join, word_choice};
use super::cues;
use crate::engine::dict::{Library, Pos, normalize};
use crate::engine::lemma;

/// `not`'s word in `to` after the source word `before` and before `next`;
/// `None` where the dictionary's and the grammatical words' choice stands.
pub(super) fn not_word(to: &str, before: Option<&str>, next: Option<&str>) -> Option<&'static str> {
    let next = next.map(normalize);
    if to == "zh-Hans" {
        return chinese(before.map(normalize).as_deref(), next.as_deref());
    }
    if to != "ar" {
        return None;
    }
    if next.as_deref().is_some_and(|n| matches!(n, "a" | "an" | "the")) {
        return Some("ليس");
    }
    if before.is_some_and(|b| cues::modal_or_do(b.split_whitespace().next().unwrap_or(b))) {
        return Some("لا");
    }
    next.as_deref().is_some_and(lemma::english_past).then_some("غير")
}

/// Chinese `未` ("not yet") for what has not happened: `not` after `did`,
/// `has` or `have`, or before a past participle (`is not set` → `未设定`,
/// `not found` → `未找到`), but `不` for what is not permitted or supported
/// (`not supported` → `不支持`). In the dev split's references, `not` before
/// a past form is `未` or `没有` in 190 messages, `不` in 240, 122 of them
/// `supported` and 54 `allowed`.
fn chinese(before: Option<&str>, next: Option<&str>) -> Option<&'static str> {
    if before.is_some_and(|b| matches!(b, "did" | "has" | "have" | "had")) {
        return Some("未");
    }
    let next = next?;
    let permission = matches!(
        next,
        "supported"
            | "allowed"
            | "permitted"
            | "required"
            | "needed"
            | "intended"
            | "recommended"
            | "expected"
    );
    (lemma::english_past(next) && !permission).then_some("未")
}

/// A negated auxiliary (`word` before `not`) the target says in one word of
/// its own: Arabic `could not` → `تعذّر` ("it was impossible", 14 of the dev
/// references' 33 negated verbs); Chinese `cannot`, `could not` → `无法`
/// ("no way to": in the dev split's Chinese references 657 of 753 messages
/// with "cannot", 300 of 320 with "could not"; `不能` 71 and 3).
pub(super) fn phrase(to: &str, word: &str) -> Option<&'static str> {
    match (to, normalize(word).as_str()) {
        ("ar", "could") => Some("تعذّر"),
        ("zh-Hans", "can" | "could") => Some("无法"),
        _ => None,
    }
}

/// An Arabic message's opening verb of failure, before the masdar it governs
/// (`فشل تحميل الصورة` "failed to load the image", `تعذّر القراءة` "could not
/// read"): the English the dev split's messages open with (`فشل` → "Failed
/// to" in 56 of 65, `تعذّر` → "Could not" in 26 of 60, "Cannot" 19, "Unable
/// to" 10). Only at a clause's start (`prev` none) and before a word.
pub(super) fn arabic_opening(
    from: &str,
    to: &str,
    prev: bool,
    word: &str,
    next: bool,
) -> Option<&'static str> {
    if from != "ar" || to != "en" || prev || !next {
        return None;
    }
    match normalize(word).replace('\u{651}', "").as_str() {
        "تعذر" => Some("could not"),
        "فشل" => Some("failed to"),
        _ => None,
    }
}

/// Arabic `غير` ("other than") before the word it negates, as English says
/// it: the learned phrase, with "not" when its English lacks a negation
/// (`غير مدعوم` → "unsupported"; `غير موجود` → "exist", learned from "does
/// not exist", → "not exist"); else the English word with a negative prefix
/// when that is an English headword (`غير صالحة` → "valid" → "invalid",
/// `معروف` → "unknown"), else with "not" (`غير كافية` → "not enough"). An
/// adjective, so that it goes before its noun (`حزمة غير صالحة` → "invalid
/// package"; see [`super::adjective`]). Greek `μη` before an adjective or
/// participle is the same (`μη έγκυρη ημερομηνία` → "invalid date"). Dev-b
/// ar→en +0.7 chrF, el→en +0.2.
pub(super) fn adjective_not(
    lib: &Library,
    (from, to): (&str, &str),
    word: &str,
    next: &str,
) -> Option<String> {
    // The language first: this runs for every source word.
    if to != "en" || !matches!(from, "ar" | "el") {
        return None;
    }
    let not = normalize(word);
    if !matches!((from, not.as_str()), ("ar", "غير") | ("el", "μη")) {
        return None;
    }
    let learned = super::senses::of(from, to, &format!("{not} {}", normalize(next))).learned();
    if let Some((_, text)) = learned {
        return Some(if english_negative(lib, text) {
            text.to_owned()
        } else {
            format!("not {text}")
        });
    }
    let text = word_choice(lib, from, to, next, &[Pos::Adj], 0).text?;
    // A word whose own gloss says "not" already is not negated twice.
    if english_negative(lib, &text) {
        return Some(text);
    }
    let negated = ["un", "in", "im", "il", "ir"]
        .iter()
        .map(|p| format!("{p}{}", text.to_lowercase()))
        .find(|w| !text.contains(' ') && lib.is_english_word(w));
    Some(negated.unwrap_or_else(|| format!("not {text}")))
}

/// Whether English `text` (a translation of `غير` and a word) says "not": a
/// negation word, or a negative prefix before an English word (`invalid`,
/// `unread`, `incomplete`; `display` would count too, but is no translation
/// of a `غير` phrase).
fn english_negative(lib: &Library, text: &str) -> bool {
    text.split_whitespace().any(|w| {
        let w = normalize(w);
        matches!(w.as_str(), "not" | "no" | "cannot" | "never" | "without") || lib.has_negative_prefix(&w, 3)
    })
}

/// An English auxiliary a gloss renders its own way (see [`cues`]): the `do`
/// opening a question is left out; an auxiliary followed by `not` is taken
/// with it, the negation placed where `to` puts it (`can not` → ru `не
/// может`, `do not` → `не`).
pub(super) fn auxiliary(
    lib: &Library,
    to: &str,
    (prev, word, next): (Prev, &str, Option<(usize, &str)>),
    (i, after): (usize, Option<&str>),
) -> Option<Choice> {
    if cues::question_do(prev, word, next.map(|(_, n)| n)) {
        return Some(Choice {
            end: i + 1,
            text: None,
            pos: Some(Pos::Verb),
        });
    }
    let (j, not) = next.filter(|(_, n)| normalize(n) == "not")?;
    // Chinese says a negated passive with the negation alone: "is not set" →
    // `不设定`, not `不是设定` (in the dev split's references `不是` in 4 of
    // 151 such messages).
    let passive = to == "zh-Hans"
        && matches!(normalize(word).as_str(), "am" | "is" | "are" | "was" | "were")
        && after.is_some_and(lemma::english_past);
    let keep = cues::negated_auxiliary(word)? && !passive;
    if let Some(fixed) = phrase(to, word) {
        return Some(Choice {
            end: j + 1,
            text: Some(fixed.to_owned()),
            pos: Some(Pos::Verb),
        });
    }
    let not = match not_word(to, Some(word), after) {
        Some(fixed) => Some(fixed.to_owned()),
        None => word_choice(lib, "en", to, not, &[], j + 1).text,
    };
    let aux = keep
        .then(|| word_choice(lib, "en", to, word, &[Pos::Verb, Pos::Modal], j + 1).text)
        .flatten();
    let parts = if cues::negation_first(to) {
        [not, aux]
    } else {
        [aux, not]
    };
    Some(Choice {
        end: j + 1,
        text: join(to, parts.into_iter().flatten().collect()),
        pos: Some(Pos::Verb),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_not_by_what_follows() {
        assert_eq!(not_word("ar", None, Some("supported")), Some("غير"));
        assert_eq!(not_word("ar", Some("is"), Some("found")), Some("غير"));
        assert_eq!(not_word("ar", Some("does"), Some("exist")), Some("لا"));
        assert_eq!(not_word("ar", Some("is"), Some("a")), Some("ليس"));
        assert_eq!(not_word("ar", Some("does"), Some("read")), Some("لا"));
        assert_eq!(not_word("ar", Some("is"), Some("set")), Some("غير"));
        assert_eq!(not_word("ar", Some("is"), Some("empty")), None);
        assert_eq!(not_word("ru", None, Some("supported")), None);
        assert_eq!(phrase("zh-Hans", "Could"), Some("无法"));
        assert_eq!(phrase("zh-Hans", "must"), None);
        assert_eq!(phrase("ja", "can"), None);
        assert_eq!(arabic_opening("ar", "en", false, "تعذّر", true), Some("could not"));
        assert_eq!(arabic_opening("ar", "en", false, "فشل", true), Some("failed to"));
        assert_eq!(arabic_opening("ar", "en", true, "فشل", true), None);
        assert_eq!(arabic_opening("ar", "en", false, "فشل", false), None);
    }

    #[test]
    fn chinese_not_yet_for_what_has_not_happened() {
        assert_eq!(not_word("zh-Hans", Some("is"), Some("set")), Some("未"));
        assert_eq!(not_word("zh-Hans", None, Some("found")), Some("未"));
        assert_eq!(not_word("zh-Hans", Some("did"), Some("end")), Some("未"));
        assert_eq!(not_word("zh-Hans", Some("has"), Some("been")), Some("未"));
        assert_eq!(not_word("zh-Hans", Some("is"), Some("Supported")), None);
        assert_eq!(not_word("zh-Hans", Some("are"), Some("allowed")), None);
        assert_eq!(not_word("zh-Hans", Some("does"), Some("exist")), None);
        assert_eq!(not_word("zh-Hans", Some("is"), Some("a")), None);
    }
}
