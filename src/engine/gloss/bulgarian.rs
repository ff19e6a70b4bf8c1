//! Bulgarian verb forms for an English verb. Bulgarian dictionaries list a
//! verb in its first person singular (`съдържам`, `отворя`, `чета`), where
//! software text mostly writes the third (`съдържа`, `не може да се отвори`,
//! `чете`): after an English `-s` form (`contains`), after `does not`, and
//! after a modal, which Bulgarian follows with `да` and a finite verb
//! (`cannot open` → `не може да отвори`; the dev split's references write `не
//! може да се отвори`, `не може да бъде получен`). An English past form takes
//! the past passive participle (`not found` → `не намерен`).

use super::cues;
use crate::engine::dict::Pos;

/// Modals Bulgarian follows with `да` and a finite verb: all of English's but
/// the future and conditional ones, which it says with `ще` and `би`.
const FUTURE: &[&str] = &["will", "would", "shall"];

/// How a first-person dictionary form conjugates, read from its ending.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Class {
    /// `-ам`/`-ям` (third conjugation: `съдържам`, `задавам`).
    Third,
    /// A vowel and `-я` (first conjugation: `открия`).
    VowelYa,
    /// A consonant and `-я` (second conjugation: `отворя`, `намеря`).
    ConsonantYa,
    /// A consonant other than `ж ч ш щ` and `-а` (first conjugation: `чета`).
    ConsonantA,
}

/// The stem (the verb without its last letter) and the class of a Bulgarian
/// verb in the first person singular; `None` for a word of fewer than four
/// letters, other letters than Bulgarian's lower case, or an ending that
/// belongs to either conjugation (`-жа`, `-ча`, `-ша`, `-ща`: `държа` →
/// `държи`, `пиша` → `пише`).
fn conjugation(verb: &str) -> Option<(String, Class)> {
    let chars: Vec<char> = verb.chars().collect();
    let n = chars.len();
    if n < 4 || !chars.iter().all(|c| ('а'..='я').contains(c) || *c == 'ѝ') {
        return None;
    }
    let (before, last) = (chars[n - 2], chars[n - 1]);
    let vowel = "аеиоуъюя".contains(before);
    let class = match last {
        'м' if matches!(before, 'а' | 'я') => Class::Third,
        'я' if vowel => Class::VowelYa,
        'я' => Class::ConsonantYa,
        'а' if !vowel && !"жчшщ".contains(before) => Class::ConsonantA,
        _ => return None,
    };
    Some((chars[..n - 1].iter().collect(), class))
}

/// `phrase` with its first word mapped by `f` (the rest kept), or `None`.
fn first_word(phrase: &str, f: impl Fn(&str) -> Option<String>) -> Option<String> {
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let done = f(verb)?;
    Some(if rest.is_empty() {
        done
    } else {
        format!("{done} {rest}")
    })
}

/// The third person singular present of a verb given in the first (`phrase`'s
/// first word; the rest is kept), by its [`Class`]: `-ам`/`-ям` lose the `м`
/// (`съдържам` → `съдържа`); a consonant and `-я` make `-и` (`отворя` →
/// `отвори`, `правя` → `прави`); a vowel and `-я`, or a consonant and `-а`,
/// make `-е` (`открия` → `открие`, `чета` → `чете`).
pub(super) fn third_person(to: &str, phrase: &str) -> Option<String> {
    if to != "bg" {
        return None;
    }
    first_word(phrase, |verb| {
        let (stem, class) = conjugation(verb)?;
        Some(match class {
            Class::Third => stem,
            Class::ConsonantYa => format!("{stem}и"),
            Class::VowelYa | Class::ConsonantA => format!("{stem}е"),
        })
    })
}

/// The past passive participle of a verb given in the first person (its
/// masculine singular: "Directory not found" → `не намерен`): `-ам`/`-ям` →
/// `-ан`/`-ян` (`задавам` → `задаван`), a vowel and `-я` → `-т` (`открия` →
/// `открит`), a consonant and `-я` or `-а` → `-ен` (`намеря` → `намерен`,
/// `чета` → `четен`); else `None`.
pub(super) fn participle(verb: &str) -> Option<String> {
    let (stem, class) = conjugation(verb)?;
    Some(match class {
        Class::Third => format!("{stem}н"),
        Class::VowelYa => format!("{stem}т"),
        Class::ConsonantYa | Class::ConsonantA => format!("{stem}ен"),
    })
}

/// The verbal noun of a verb given in the first person (`phrase`'s first
/// word): a third-conjugation `-ам`/`-ям` verb adds `-не` to its stem
/// (`показвам` → `показване`, `изключвам` → `изключване`); `None` for the
/// others, whose verbal noun comes from another aspect (`отворя` → `отваряне`).
/// A software label opening with a verb is a verbal noun in Bulgarian ("show
/// block number" → `показване на номера на блок`).
pub(super) fn verbal_noun(phrase: &str) -> Option<String> {
    first_word(phrase, |verb| match conjugation(verb)? {
        (stem, Class::Third) => Some(format!("{stem}не")),
        _ => None,
    })
}

/// A verb's translation `phrase` as Bulgarian writes it after the English
/// words `prev` ([`after`]), or at a label's start (`prev` none: its
/// [`verbal_noun`]), with its part of speech; `None` where the dictionary
/// form stands.
pub(super) fn verb(to: &str, prev: Option<&str>, phrase: &str) -> Option<(String, Pos)> {
    match prev {
        Some(prev) => after(to, prev, phrase).map(|t| (t, Pos::Verb)),
        None if to == "bg" => verbal_noun(phrase).map(|t| (t, Pos::Noun)),
        None => None,
    }
}

/// The verb `phrase` (a translation) after the English words `prev` (the
/// source span before it): `да` + third person after a modal (or its negated
/// contraction: `can't`, `cannot`), the third person after `does`/`doesn't`;
/// `None` when neither applies.
pub(super) fn after(to: &str, prev: &str, phrase: &str) -> Option<String> {
    if to != "bg" {
        return None;
    }
    let head = cues::auxiliary_head(prev.split_whitespace().next()?);
    if cues::MODALS.contains(&head.as_str()) && !FUTURE.contains(&head.as_str()) {
        // `could not be set` → `не можа да бъде …`, not `да съм`.
        if phrase == "съм" {
            return Some("да бъде".to_owned());
        }
        let verb = third_person(to, phrase).unwrap_or_else(|| phrase.to_owned());
        return Some(format!("да {verb}"));
    }
    (head == "does").then(|| third_person(to, phrase)).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn third_person_by_conjugation() {
        for (first, third) in [
            ("съдържам", "съдържа"),
            ("изпълнявам", "изпълнява"),
            ("отворя", "отвори"),
            ("открия", "открие"),
            ("чета", "чете"),
            ("заредя файл", "зареди файл"),
        ] {
            assert_eq!(third_person("bg", first).as_deref(), Some(third), "{first}");
        }
        for unknown in ["пиша", "държа", "съм", "ям", "file", "отворя"] {
            let lang = if unknown == "отворя" { "ru" } else { "bg" };
            assert_eq!(third_person(lang, unknown), None, "{unknown}");
        }
    }

    #[test]
    fn past_participles() {
        for (first, done) in [
            ("намеря", "намерен"),
            ("задавам", "задаван"),
            ("изпълнявам", "изпълняван"),
            ("открия", "открит"),
            ("чета", "четен"),
        ] {
            assert_eq!(participle(first).as_deref(), Some(done), "{first}");
        }
        assert_eq!(participle("пиша"), None);
        assert_eq!(participle("съм"), None);
    }

    #[test]
    fn verbal_nouns_of_the_third_conjugation() {
        assert_eq!(verbal_noun("показвам").as_deref(), Some("показване"));
        assert_eq!(verbal_noun("изключвам файл").as_deref(), Some("изключване файл"));
        assert_eq!(verbal_noun("отворя"), None);
    }

    #[test]
    fn after_a_modal_or_does() {
        assert_eq!(after("bg", "cannot", "отворя").as_deref(), Some("да отвори"));
        assert_eq!(after("bg", "could not", "пиша").as_deref(), Some("да пиша"));
        assert_eq!(after("bg", "does not", "съвпадам").as_deref(), Some("съвпада"));
        assert_eq!(after("bg", "could not", "съм").as_deref(), Some("да бъде"));
        assert_eq!(after("bg", "can't", "отворя").as_deref(), Some("да отвори"));
        assert_eq!(after("bg", "doesn’t", "съвпадам").as_deref(), Some("съвпада"));
        assert_eq!(after("bg", "will", "отворя"), None);
        assert_eq!(after("bg", "the", "отворя"), None);
        assert_eq!(after("ru", "cannot", "открыть"), None);
    }
}
