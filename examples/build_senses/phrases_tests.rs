//! Tests of the phrase learner (phrases.rs).

use super::*;

fn list(items: &[&[&str]]) -> Vec<Vec<String>> {
    items
        .iter()
        .map(|m| {
            let mut v: Vec<String> = m.iter().map(|w| (*w).to_owned()).collect();
            v.sort();
            v
        })
        .collect()
}

#[test]
fn a_phrase_translation_is_not_proposed_for_one_of_its_words() {
    let phrases: BTreeMap<String, (f64, String)> = [
        ("عدد صحيح".to_owned(), (0.8, "integer".to_owned())),
        ("go to".to_owned(), (0.8, "اذهب".to_owned())),
    ]
    .into_iter()
    .collect();
    let present_in = |src: &str, from: &str, target: &str| {
        let words: Vec<String> = src.split(' ').map(str::to_owned).collect();
        present(
            (src, from),
            &words,
            &phrases,
            |u| target.contains(u),
            |w| w.to_owned(),
        )
    };
    // Both words of a phrase of content words are inside it…
    let inside = present_in("عدد صحيح", "ar", "integer");
    assert!(
        inside.contains(&("صحيح".to_owned(), "integer".to_owned())),
        "{inside:?}"
    );
    // …not where the target lacks its translation, nor beside `to`.
    assert!(present_in("عدد صحيح", "ar", "number").is_empty());
    assert!(present_in("go to", "en", "اذهب").iter().all(|(k, _)| k != "go"));

    // `صحيح` proposed "integer" in three messages, all inside the phrase.
    let keys = list(&[
        &["عدد", "صحيح"],
        &["عدد", "صحيح"],
        &["عدد", "صحيح"],
        &["صحيح", "اسم"],
    ]);
    let words = list(&[&["integer"], &["integer"], &["integer"], &["correct", "name"]]);
    let in_phrases = vec![inside.clone(), inside.clone(), inside, Vec::new()];
    let learned: BTreeMap<String, (f64, String)> = [
        ("صحيح".to_owned(), (0.6, "integer".to_owned())),
        ("اسم".to_owned(), (0.9, "name".to_owned())),
    ]
    .into_iter()
    .collect();
    let own = own(learned, (&keys, &words), &in_phrases);
    assert!(!own.contains_key("صحيح"), "{own:?}");
    assert!(own.contains_key("اسم"));
}

#[test]
fn a_negation_is_a_word_not_a_character_of_one() {
    assert!(negated("zh-Hans", "未被识别"));
    assert!(!negated("zh-Hans", "被识别"));
    assert!(!negated("zh-Hans", "是否"));
    assert!(negated("ja", "認識できません"));
    assert!(!negated("ja", "まず"));
    assert!(negated("en", "not found") && !negated("en", "found"));
}

#[test]
fn a_phrase_ends_in_no_modifier_of_the_next_word() {
    assert!(modifier_ending("en", "line too"));
    assert!(modifier_ending("en", "password is too"));
    assert!(!modifier_ending("en", "is too"));
    assert!(!modifier_ending("en", "too long"));
    assert!(!modifier_ending("de", "zu"));
}

#[test]
fn a_japanese_translation_opens_at_a_word() {
    let parts = |w: &[&str]| Some(w.iter().map(|w| (*w).to_owned()).collect::<Vec<_>>());
    // `無効|な|ヘッダ`: the `な` of a kanji adjective.
    assert!(inside_word(
        "なヘッダ",
        parts(&["な", "ヘッダ"]).as_ref(),
        Some(&(5, 5))
    ));
    assert!(inside_word("きすぎ", None, Some(&(3, 2))));
    assert!(inside_word(
        "的なエラー",
        parts(&["的な", "エラー"]).as_ref(),
        Some(&(3, 3))
    ));
    // A particle, a katakana or kanji word, or hiragana mostly after other kana.
    assert!(!inside_word(
        "の角度",
        parts(&["の", "角度"]).as_ref(),
        Some(&(4, 4))
    ));
    assert!(!inside_word("ヘッダ", None, Some(&(4, 4))));
    assert!(!inside_word("すべて", None, Some(&(4, 1))));
}
