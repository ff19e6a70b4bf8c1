#![allow(clippy::single_range_in_vec_init)] // one profane word is the common case

use super::*;

fn en() -> &'static ProfanityList {
    words("en").expect("the English list is bundled")
}

fn found<'a>(list: &ProfanityList, text: &'a str) -> Vec<&'a str> {
    list.find(text).into_iter().map(|r| &text[r]).collect()
}

#[test]
fn lists_by_service_code() {
    assert!(en().len() > 300);
    for code in [
        "en", "ja", "zh-Hans", "fi", "pl", "nb", "no", "zh", "EN", "fr-CA", "tlh-Latn",
    ] {
        assert!(words(code).is_some_and(|l| !l.is_empty()), "{code}");
    }
    assert_eq!(words("no").map(ProfanityList::language), Some("nb"));
    assert!(words("el").is_none() && words("zh-Hant").is_none() && words("").is_none());
    assert_eq!(languages().count(), 28);
}

#[test]
fn whole_words_ignoring_case_and_spacing() {
    assert_eq!(found(en(), "This is a fucking good idea."), ["fucking"]);
    assert_eq!(found(en(), "What an ASSHOLE, what an ass!"), ["ASSHOLE", "ass"]);
    // Inside other words: nothing ("class", "assess", "Scunthorpe"-style false hits).
    assert!(found(en(), "The class will assess the bass passage.").is_empty());
    assert!(en().find("A clean sentence about a good morning.").is_empty());
    // Multi-word entries, with any white space between the words.
    assert_eq!(found(en(), "no 2 girls\t 1   cup here"), ["2 girls\t 1   cup"]);
    // Longest entry wins at the same start.
    assert_eq!(found(en(), "asshole"), ["asshole"]);
}

#[test]
fn unspaced_scripts_match_inside_words() {
    let zh = words("zh-Hans").expect("zh-Hans");
    assert_eq!(found(zh, "他说乳头"), ["乳头"]);
    let nb = words("nb").expect("nb");
    assert_eq!(found(nb, "Fy  faen, det var kaldt."), ["Fy  faen"]);
}

#[test]
fn actions_and_markers_as_documented() {
    let text = "He is a jackass.";
    let ranges = [8..15];
    assert_eq!(apply(text, &ranges, Action::NoAction, Marker::Asterisk), text);
    assert_eq!(
        apply(text, &ranges, Action::Marked, Marker::Asterisk),
        "He is a ***."
    );
    assert_eq!(
        apply(text, &ranges, Action::Marked, Marker::Tag),
        "He is a <profanity>jackass</profanity>."
    );
    assert_eq!(
        apply(text, &ranges, Action::Deleted, Marker::Asterisk),
        "He is a."
    );
    assert_eq!(apply(text, &ranges, Action::Deleted, Marker::Tag), "He is a.");

    let text = "What a fucking car";
    let ranges = en().find(text);
    assert_eq!(
        apply(text, &ranges, Action::Marked, Marker::Asterisk),
        "What a *** car"
    );
    assert_eq!(
        apply(text, &ranges, Action::Marked, Marker::Tag),
        "What a <profanity>fucking</profanity> car"
    );
    assert_eq!(
        apply(text, &ranges, Action::Deleted, Marker::Asterisk),
        "What a car"
    );
}

#[test]
fn clean_text_is_unchanged_by_every_action() {
    let text = "A clean sentence about a good morning.";
    let ranges = en().find(text);
    for action in [Action::NoAction, Action::Marked, Action::Deleted] {
        for marker in [Marker::Asterisk, Marker::Tag] {
            assert_eq!(apply(text, &ranges, action, marker), text);
        }
    }
}

#[test]
fn deleting_at_the_edges_and_in_a_row() {
    let del = |t: &str| apply(t, &en().find(t), Action::Deleted, Marker::Asterisk);
    assert_eq!(del("Shit, it rains."), ", it rains.");
    assert_eq!(del("Shit happens"), "happens");
    assert_eq!(del("oh shit shit shit no"), "oh no");
    assert_eq!(del("line\nshit more"), "line\nmore");
}

#[test]
fn bad_ranges_are_ignored_never_a_panic() {
    let text = "a 😀 b";
    let (five, two) = (5, 2);
    let reversed = five..two;
    for ranges in [vec![0..100], vec![3..4], vec![2..6, 0..1, 1..3], vec![reversed]] {
        for action in [Action::Marked, Action::Deleted] {
            let _ = apply(text, &ranges, action, Marker::Tag);
        }
    }
    assert_eq!(
        apply(text, &[2..6, 3..4], Action::Marked, Marker::Asterisk),
        "a *** b"
    );
    // Case folding that changes lengths (İ lowercases to two characters) keeps ranges valid.
    for t in ["İİİ ass İ", "ǅ ẞ ass", "", " ", "\u{301}ass", "ass\u{301}"] {
        for r in en().find(t) {
            assert!(t.get(r).is_some());
        }
    }
    assert!(
        en().find("ass\u{301}").is_empty(),
        "a combining mark continues the word"
    );
}
