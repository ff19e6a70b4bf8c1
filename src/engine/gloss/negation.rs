//! English `not` where the target says it with different words by what
//! follows. Arabic: `غير` before a participle ("not supported" → `غير مدعوم`),
//! `لا` with a verb or after an auxiliary ("cannot open", "does not exist"),
//! `ليس` before a noun phrase ("not a directory"). In the dev split's Arabic
//! references, "not" before an `-ed` or irregular past form is `غير` in 31 of
//! 36 messages, after a modal or `do` `لا` or `تعذّر` in 27 of 33, before an
//! article `ليس` in 7 of 12.

use crate::engine::dict::normalize;
use crate::engine::lemma;

/// Auxiliaries that make `not` a verb's negation.
const VERBAL: &[&str] = &[
    "can", "could", "do", "does", "did", "will", "would", "should", "must", "may", "might", "shall",
];

/// `not`'s word in `to` after the source word `before` and before `next`;
/// `None` where the dictionary's and the grammatical words' choice stands.
pub(super) fn word(to: &str, before: Option<&str>, next: Option<&str>) -> Option<&'static str> {
    if to != "ar" {
        return None;
    }
    let next = next.map(normalize);
    if next.as_deref().is_some_and(|n| matches!(n, "a" | "an" | "the")) {
        return Some("ليس");
    }
    if next.as_deref().is_some_and(lemma::english_past) {
        return Some("غير");
    }
    let before = before.map(|b| normalize(b.split_whitespace().next().unwrap_or(b)));
    before
        .is_some_and(|b| VERBAL.contains(&b.as_str()))
        .then_some("لا")
}

/// A negated auxiliary (`word` before `not`) the target says in one word of
/// its own: Arabic `could not` → `تعذّر` ("it was impossible", 14 of the dev
/// references' 33 negated verbs).
pub(super) fn phrase(to: &str, word: &str) -> Option<&'static str> {
    (to == "ar" && normalize(word) == "could").then_some("تعذّر")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arabic_not_by_what_follows() {
        assert_eq!(word("ar", None, Some("supported")), Some("غير"));
        assert_eq!(word("ar", Some("is"), Some("found")), Some("غير"));
        assert_eq!(word("ar", Some("does"), Some("exist")), Some("لا"));
        assert_eq!(word("ar", Some("is"), Some("a")), Some("ليس"));
        assert_eq!(word("ar", Some("is"), Some("empty")), None);
        assert_eq!(word("ru", None, Some("supported")), None);
    }
}
