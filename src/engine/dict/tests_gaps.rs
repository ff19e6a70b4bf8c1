//! The gaps of the dictionaries from English: filled by the WikDict triangulation
//! (`pivot-*`: for nb and id only where the bundled dictionary lacks the word,
//! elsewhere a second opinion merged with it), English
//! contractions, and eng-hin's words of one letter and a vowel sign.

use super::lookup::lookup;
use super::{Library, library};

fn lib() -> &'static Library {
    static LIB: std::sync::OnceLock<Library> = std::sync::OnceLock::new();
    LIB.get_or_init(Library::bundled)
}

fn targets(from: &str, to: &str, term: &str) -> Vec<String> {
    lookup(lib(), from, to, term, &|_, _| 0)
        .translations
        .into_iter()
        .map(|t| t.display_target)
        .collect()
}

#[test]
fn words_the_small_dictionaries_lack_come_from_the_triangulation() {
    for (to, term, want) in [
        ("es", "team", "equipo"),
        ("es", "remember", "recordar"),
        ("it", "team", "squadra"),
        ("sv", "research", "forskning"),
        ("nb", "group", "gruppe"),
        ("fr", "technology", "technologie"),
    ] {
        let got = targets("en", to, term);
        assert_eq!(
            got.first().map(String::as_str),
            Some(want),
            "en→{to} {term}: {got:?}"
        );
    }
}

/// The triangulations that only fill gaps: those of nb and id, whose bundled
/// dictionaries are WikDict's too (as second opinions they measured lower).
const GAPS_ONLY: [&str; 2] = ["pivot-en-nb", "pivot-en-id"];

#[test]
fn a_gap_filling_triangulation_never_speaks_over_the_bundled_dictionary() {
    for b in library::BUNDLED.iter().filter(|b| GAPS_ONLY.contains(&b.stem)) {
        let pivot = super::gld::Gld::new(b.direct).expect("a pivot dictionary opens");
        let primary: Vec<_> = library::BUNDLED
            .iter()
            .filter(|o| o.from == b.from && o.to == b.to)
            .filter(|o| !o.stem.starts_with("pivot-") && !o.stem.starts_with("cldr-"))
            .map(|o| super::gld::Gld::new(o.direct).expect("opens"))
            .collect();
        assert_eq!(primary.len(), 1, "{}", b.stem);
        let shared = pivot
            .keys()
            .into_iter()
            .filter(|k| primary[0].contains(k))
            .count();
        assert_eq!(shared, 0, "{}: headwords of the bundled dictionary", b.stem);
    }
    // Every other triangulation is a second opinion: it shares headwords.
    let second = library::BUNDLED
        .iter()
        .filter(|b| b.stem.starts_with("pivot-") && !GAPS_ONLY.contains(&b.stem))
        .count();
    assert!(second >= 15, "{second}");
}

#[test]
fn a_second_opinion_brings_the_usual_sense_first() {
    for (from, to, term, want) in [
        // Mueller 7 has no файл: `file` was очередь, `connection` unknown.
        ("en", "ru", "file", "файл"),
        ("en", "ru", "connection", "связь"),
        ("ru", "en", "файл", "file"),
        // Where both agree, the bundled dictionary's answer stands.
        ("en", "es", "house", "casa"),
        ("en", "de", "house", "Haus"),
    ] {
        let got = targets(from, to, term);
        assert_eq!(
            got.first().map(String::as_str),
            Some(want),
            "{from}→{to} {term}: {got:?}"
        );
    }
}

#[test]
fn a_contraction_reaches_the_entry_of_its_head() {
    let dont = lookup(lib(), "en", "de", "don't", &|_, _| 0);
    assert_eq!(dont.normalized_source, "do");
    assert!(!dont.translations.is_empty());
    let im = lookup(lib(), "en", "fr", "I'm", &|_, _| 0);
    assert_eq!(im.normalized_source, "i");
}

#[test]
fn hindi_words_of_one_letter_and_a_vowel_sign_are_kept() {
    assert_eq!(
        targets("en", "hi", "day").first().map(String::as_str),
        Some("दिन")
    );
    assert_eq!(targets("en", "hi", "two").first().map(String::as_str), Some("दो"));
    assert!(targets("hi", "en", "लोग").iter().any(|t| t == "people"));
    // eng-hin's `~` between a phrase's words is a space.
    assert!(targets("en", "hi", "work").iter().all(|t| !t.contains('~')));
}

#[test]
fn a_greeting_comes_before_a_fields_sense() {
    // Ding files `Good morning!` apart from the [sport] exercise `good morning`.
    for term in ["good morning", "Good morning"] {
        assert_eq!(
            targets("en", "de", term).first().map(String::as_str),
            Some("Guten Morgen"),
            "{term}"
        );
    }
    assert_eq!(
        targets("de", "en", "guten Morgen").first().map(String::as_str),
        Some("Good morning")
    );
}

#[test]
fn names_of_countries_languages_and_months_come_from_cldr() {
    for (from, term, want) in [
        ("hi", "भारत", "India"),
        ("hi", "हिंदी", "Hindi"),
        ("el", "Σεπτεμβρίου", "September"),
        ("ru", "сентября", "September"),
        ("ar", "يونيو", "June"),
    ] {
        assert!(
            targets(from, "en", term).contains(&want.to_owned()),
            "{from} {term}: {:?}",
            targets(from, "en", term)
        );
    }
    // en → el is the inversion of the Greek dictionaries, the names' included.
    assert!(targets("en", "el", "Greece").contains(&"Ελλάδα".to_owned()));
    // From English beside each dictionary from English, and inverted into English
    // where that direction is itself an inversion (bg, id, nb).
    for (to, term, want) in [
        ("hi", "Croatia", "क्रोएशिया"),
        ("ru", "January", "январь"),
        ("tr", "German", "Almanca"),
    ] {
        assert!(
            targets("en", to, term).contains(&want.to_owned()),
            "{to} {term}: {:?}",
            targets("en", to, term)
        );
    }
    assert!(targets("bg", "en", "Хърватия").contains(&"Croatia".to_owned()));
}

#[test]
fn inflected_greek_arabic_and_hindi_words_reach_their_entry() {
    for (from, term, want) in [
        ("el", "παιδιά", "child"),
        ("el", "μικρή", "small"),
        ("el", "μπορούμε", "can"),
        // The English of the Arabic data in English's case (it capitalizes every word).
        ("ar", "يوم", "day"),
        ("ar", "رجل", "man"),
        // With and without the article, one word's senses (`صورة` was only "Diorama").
        ("ar", "صورة", "image"),
        ("hi", "देखकर", "see"),
        ("hi", "नए", "new"),
    ] {
        let got = targets(from, "en", term);
        assert!(got.iter().any(|t| t == want), "{from} {term}: {got:?}");
    }
}

#[test]
fn words_the_dictionaries_into_english_lack_come_from_the_triangulation() {
    for (from, term, want) in [
        ("sv", "öppna", "open"),
        ("sv", "forskning", "research"),
        ("it", "squadra", "team"),
        ("es", "equipo", "team"),
        ("fr", "technologie", "technology"),
    ] {
        let got = targets(from, "en", term);
        assert_eq!(
            got.first().map(String::as_str),
            Some(want),
            "{from}→en {term}: {got:?}"
        );
    }
    // Grammatical words stay with our table (`jag` → I), not a pivot's guesses.
    assert_eq!(targets("sv", "en", "jag"), ["I"]);
}
