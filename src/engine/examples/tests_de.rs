//! English ↔ German examples (the Ding corpus) and the German forms.

use super::ding::corpus;
use super::*;

fn source(e: &ExampleMatch) -> String {
    format!("{}{}{}", e.source_prefix, e.source_term, e.source_suffix)
}

fn target(e: &ExampleMatch) -> String {
    format!("{}{}{}", e.target_prefix, e.target_term, e.target_suffix)
}

fn split(prefix: &str, term: &str, suffix: &str) -> (String, String, String) {
    (prefix.to_owned(), term.to_owned(), suffix.to_owned())
}

fn has_form(word: &str, form: &str) -> bool {
    german::forms(word).iter().any(|f| f == form)
}

#[test]
fn the_bundled_corpus_is_complete() {
    assert_eq!(corpus().de.len(), 20405);
    assert_eq!(corpus().en.len(), 20405);
    assert_eq!(corpus().de.sentence(0), Some("Mir geht es gut."));
    assert_eq!(corpus().en.sentence(0), Some("I am OK."));
}

#[test]
fn pairs() {
    assert!(has_pair("en", "de") && has_pair("de", "en") && has_pair("DE", "En"));
    assert!(!has_pair("de", "zh-Hans") && !has_pair("de", "de") && !has_pair("de", "fr"));
    assert_eq!(canonical_pair("DE", "EN"), Some(("de", "en")));
    assert_eq!(canonical_pair("en", "de"), Some(("en", "de")));
}

#[test]
fn house_finds_haus_hauses_and_haeuser() {
    let found = find("en", "de", "house", "Haus", usize::MAX);
    let first = &found[0];
    assert_eq!(
        split(&first.source_prefix, &first.source_term, &first.source_suffix),
        split("It’s on the ", "house", ".")
    );
    assert_eq!(
        split(&first.target_prefix, &first.target_term, &first.target_suffix),
        split("Das geht aufs ", "Haus", ".")
    );
    let terms: Vec<&str> = found.iter().map(|e| e.target_term.as_str()).collect();
    for form in ["Haus", "Häuser", "Hauses"] {
        assert!(terms.contains(&form), "{form}: {terms:?}");
    }
    assert!(found.iter().any(|e| e.source_term == "houses"));
    // The same sentences the other way round.
    let back = find("de", "en", "haus", "HOUSE", usize::MAX);
    assert_eq!(back.len(), found.len());
    assert_eq!(back[0].source_term, "Haus");
    assert_eq!(back[0].target_term, "house");
}

#[test]
fn verbs_weak_strong_and_prefixed() {
    // Strong verbs come from a table: gehen → ging, and English go → went.
    let went = find("en", "de", "go", "gehen", usize::MAX);
    let went = went.iter().find(|e| target(e) == "Ich ging einkaufen.");
    assert_eq!(
        went.map(|e| (e.source_term.as_str(), e.target_term.as_str())),
        Some(("went", "ging"))
    );
    // Weak verbs by rule: spielen → gespielt.
    let played = find("en", "de", "play", "spielen", usize::MAX);
    assert!(
        played
            .iter()
            .any(|e| e.target_term == "gespielt" && source(e) == "I used to play the piano a lot."),
        "{played:?}"
    );
    // An inseparable prefix before a table verb: verstehen → verstanden.
    let understood = find("de", "en", "verstehen", "understand", usize::MAX);
    assert!(understood.iter().any(|e| e.source_term == "Verstehen"));
    assert!(
        understood.iter().any(|e| e.source_term == "verstanden"),
        "{understood:?}"
    );
}

#[test]
fn umlaut_plurals_and_declension() {
    let men = find("en", "de", "man", "Mann", usize::MAX);
    assert!(
        men.iter()
            .any(|e| e.source_term == "Men" && e.target_term == "Männer")
    );
    let children = find("de", "en", "Kind", "child", usize::MAX);
    assert!(
        children
            .iter()
            .any(|e| e.source_term == "Kindern" && e.target_term == "children")
    );
    let cats = find("en", "de", "cat", "Katze", usize::MAX);
    assert!(
        cats.iter()
            .any(|e| target(e) == "Bei Nacht sind alle Katzen grau.")
    );
}

#[test]
fn whole_words_only() {
    // "Hau" is no form of Haus, nor Haus of Hau; Haus is not inside Hausaufgaben.
    for form in ["haus", "hauses", "häuser"] {
        assert!(!has_form("hau", form), "{form}");
    }
    assert_eq!(count("en", "de", "house", "Hau"), 0);
    assert_eq!(count("en", "de", "homework", "Haus"), 0);
    assert!(count("en", "de", "homework", "Hausaufgaben") >= 1);
    // Function words match only themselves.
    assert_eq!(german::forms("die"), vec!["die"]);
    assert_eq!(german::forms("seit"), vec!["seit"]);
}

#[test]
fn multi_word_terms() {
    let home = find("de", "en", "nach Hause", "home", usize::MAX);
    assert_eq!(home.first().map(source).as_deref(), Some("Ich gehe nach Hause."));
    assert_eq!(home[0].source_term, "nach Hause");
    // Words joined by a hyphen or a space are the same term.
    let mail = find("en", "de", "e mail", "E-Mail", 1);
    assert_eq!(
        mail.first()
            .map(|e| (e.source_term.as_str(), e.target_term.as_str())),
        Some(("e-mail", "E-Mail"))
    );
}

#[test]
fn no_examples_is_an_empty_list() {
    assert!(find("en", "de", "house", "Katze", 10).is_empty());
    assert!(find("en", "de", "", "", 10).is_empty());
    assert!(find("en", "de", "house", "  ", 10).is_empty());
    assert!(find("en", "de", "house", "Haus", 0).is_empty());
    assert!(find("de", "en", "zzzzqx", "house", 10).is_empty());
    assert!(find("de", "en", "😀'’-", "😀", 10).is_empty());
    assert!(find("de", "en", &"Haus ".repeat(500), &"a ".repeat(500), 10).is_empty());
    // German is not English: the pair's sides are not swapped.
    assert_eq!(count("de", "en", "house", "Haus"), 0);
}

#[test]
fn count_is_exact_and_examples_reassemble() {
    let corpus = corpus();
    for (en, de) in [
        ("house", "Haus"),
        ("go", "gehen"),
        ("child", "Kind"),
        ("play", "spielen"),
        ("understand", "verstehen"),
        ("bank", "Bank"),
    ] {
        let all = find("en", "de", en, de, usize::MAX);
        assert_eq!(count("en", "de", en, de), all.len(), "{en}/{de}");
        assert_eq!(count("de", "en", de, en), all.len(), "{de}/{en}");
        assert!(!all.is_empty(), "{en}/{de}");
        for e in &all {
            let (s, t) = (source(e), target(e));
            let pairs = (0..corpus.en.len() as u32).map(|i| (corpus.en.sentence(i), corpus.de.sentence(i)));
            assert!(pairs.into_iter().any(|p| p == (Some(&s), Some(&t))), "{s} / {t}");
            assert!(
                inflect::forms(en).contains(&e.source_term.to_lowercase()),
                "{}",
                e.source_term
            );
            let de_forms = german::forms(&de.to_lowercase());
            assert!(
                de_forms.contains(&e.target_term.to_lowercase()),
                "{}",
                e.target_term
            );
        }
        let limited = find("en", "de", en, de, 3);
        assert_eq!(limited[..], all[..all.len().min(3)]);
    }
}

#[test]
fn german_forms() {
    for (word, form) in [
        ("haus", "hauses"),
        ("haus", "häuser"),
        ("mann", "männer"),
        ("hand", "hände"),
        ("vater", "väter"),
        ("vater", "vaters"),
        ("apfel", "äpfel"),
        ("katze", "katzen"),
        ("auto", "autos"),
        ("lehrerin", "lehrerinnen"),
        ("ergebnis", "ergebnisse"),
        ("klein", "kleinen"),
        ("spielen", "spielst"),
        ("spielen", "spielte"),
        ("spielen", "gespielt"),
        ("arbeiten", "arbeitete"),
        ("wandern", "gewandert"),
        ("besuchen", "besucht"),
        ("studieren", "studiert"),
        ("fahren", "fährt"),
        ("gehen", "gegangen"),
        ("bekommen", "bekam"),
        ("gefallen", "gefällt"),
        ("tun", "tat"),
    ] {
        assert!(
            has_form(word, form),
            "{word} -> {form}: {:?}",
            german::forms(word)
        );
    }
    for (word, form) in [
        ("gehen", "gehte"),
        ("besuchen", "gebesucht"),
        ("studieren", "gestudiert"),
        ("tag", "tags"),
        ("kur", "kurs"),
        ("schon", "schöne"),
        ("sein", "seine"),
    ] {
        assert!(!has_form(word, form), "{word} -> {form}");
    }
    assert_eq!(german::forms("zu"), vec!["zu"]);
    assert_eq!(german::forms("haus")[0], "haus");
    assert_eq!(german::forms("e-mail"), vec!["e-mail"]);
}
