//! Bulgarian verb forms for an English verb. Bulgarian dictionaries list a
//! verb in its first person singular (`съдържам`, `отворя`, `чета`), where
//! software text mostly writes the third (`съдържа`, `не може да се отвори`,
//! `чете`): after an English `-s` form (`contains`), after `does not`, and
//! after a modal, which Bulgarian follows with `да` and a finite verb
//! (`cannot open` → `не може да отвори`; the dev split's references write `не
//! може да се отвори`, `не може да бъде получен`). An English past form takes
//! the past passive participle (`not found` → `не намерен`).

/// English words (a source span's first, normalized) after which a verb is
/// written `да` + third person.
const MODALS: &[&str] = &[
    "can",
    "cannot",
    "can't",
    "could",
    "couldn't",
    "must",
    "should",
    "shouldn't",
    "may",
    "might",
];

/// English words after which a verb is in the third person singular.
const THIRD: &[&str] = &["does", "doesn't"];

/// The third person singular present of a verb given in the first (`phrase`'s
/// first word; the rest is kept), by its ending: the third conjugation's
/// `-ам`/`-ям` lose the `м` (`съдържам` → `съдържа`); a consonant and `-я`
/// make `-и` (second conjugation: `отворя` → `отвори`, `правя` → `прави`); a
/// vowel and `-я`, or a consonant other than `ж ч ш щ` and `-а`, make `-е`
/// (first conjugation: `открия` → `открие`, `чета` → `чете`). `-жа`, `-ча`,
/// `-ша`, `-ща` belong to either conjugation (`държа` → `държи`, `пиша` →
/// `пише`): `None`, as for a word of fewer than four letters or another ending.
pub(super) fn third_person(to: &str, phrase: &str) -> Option<String> {
    if to != "bg" {
        return None;
    }
    let (verb, rest) = phrase.split_once(' ').unwrap_or((phrase, ""));
    let chars: Vec<char> = verb.chars().collect();
    let n = chars.len();
    if n < 4 || !chars.iter().all(|c| ('а'..='я').contains(c) || *c == 'ѝ') {
        return None;
    }
    let stem: String = chars[..n - 1].iter().collect();
    let (before, last) = (chars[n - 2], chars[n - 1]);
    let vowel = |c: char| "аеиоуъюя".contains(c);
    let third = match last {
        'м' if matches!(before, 'а' | 'я') => stem,
        'я' if vowel(before) => format!("{stem}е"),
        'я' => format!("{stem}и"),
        'а' if !vowel(before) && !"жчшщ".contains(before) => format!("{stem}е"),
        _ => return None,
    };
    Some(if rest.is_empty() {
        third
    } else {
        format!("{third} {rest}")
    })
}

/// The past passive participle of a verb given in the first person (its
/// masculine singular: "Directory not found" → `не намерен`): `-ам`/`-ям` →
/// `-ан`/`-ян` (`задавам` → `задаван`), a vowel and `-я` → `-т` (`открия` →
/// `открит`), a consonant and `-я`, or a consonant other than `ж ч ш щ` and
/// `-а` → `-ен` (`намеря` → `намерен`, `чета` → `четен`); else `None`.
pub(super) fn participle(verb: &str) -> Option<String> {
    let chars: Vec<char> = verb.chars().collect();
    let n = chars.len();
    if n < 4 || !chars.iter().all(|c| ('а'..='я').contains(c)) {
        return None;
    }
    let stem: String = chars[..n - 1].iter().collect();
    let (before, last) = (chars[n - 2], chars[n - 1]);
    let vowel = |c: char| "аеиоуъюя".contains(c);
    Some(match last {
        'м' if matches!(before, 'а' | 'я') => format!("{stem}н"),
        'я' if vowel(before) => format!("{stem}т"),
        'я' => format!("{stem}ен"),
        'а' if !vowel(before) && !"жчшщ".contains(before) => format!("{stem}ен"),
        _ => return None,
    })
}

/// The verb `phrase` (a translation) after the English words `prev` (the
/// source span before it): `да` + third person after a modal, the third
/// person after `does`; `None` when neither applies.
pub(super) fn after(to: &str, prev: &str, phrase: &str) -> Option<String> {
    if to != "bg" {
        return None;
    }
    let first = prev.split_whitespace().next()?.to_lowercase().replace('’', "'");
    if MODALS.contains(&first.as_str()) {
        // `could not be set` → `не можа да бъде …`, not `да съм`.
        if phrase == "съм" {
            return Some("да бъде".to_owned());
        }
        let verb = third_person(to, phrase).unwrap_or_else(|| phrase.to_owned());
        return Some(format!("да {verb}"));
    }
    THIRD
        .contains(&first.as_str())
        .then(|| third_person(to, phrase))
        .flatten()
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
    fn after_a_modal_or_does() {
        assert_eq!(after("bg", "cannot", "отворя").as_deref(), Some("да отвори"));
        assert_eq!(after("bg", "could not", "пиша").as_deref(), Some("да пиша"));
        assert_eq!(after("bg", "does not", "съвпадам").as_deref(), Some("съвпада"));
        assert_eq!(after("bg", "could not", "съм").as_deref(), Some("да бъде"));
        assert_eq!(after("bg", "the", "отворя"), None);
        assert_eq!(after("ru", "cannot", "открыть"), None);
    }
}
