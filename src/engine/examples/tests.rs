use super::corpus::corpus;
use super::words::words as english_words;
use super::*;

fn source(e: &ExampleMatch) -> String {
    format!("{}{}{}", e.source_prefix, e.source_term, e.source_suffix)
}

fn target(e: &ExampleMatch) -> String {
    format!("{}{}{}", e.target_prefix, e.target_term, e.target_suffix)
}

#[test]
fn the_bundled_corpus_is_complete() {
    assert_eq!(corpus().hans.len(), 4354);
    assert_eq!(corpus().hant.len(), 4354);
    assert_eq!(corpus().en.len(), 4354);
}

#[test]
fn pairs() {
    assert!(has_pair("en", "zh-Hans") && has_pair("zh-Hans", "en"));
    assert!(has_pair("en", "zh-Hant") && has_pair("zh-Hant", "en"));
    assert!(!has_pair("en", "fr") && !has_pair("zh-Hans", "zh-Hant") && !has_pair("en", "en"));
    assert!(!has_pair("de", "zh-Hans") && !has_pair("de", "de"));
    assert_eq!(canonical_pair("ZH-HANS", "EN"), Some(("zh-Hans", "en")));
    assert_eq!(canonical_pair("en", "fr"), None);
    assert!(find("en", "fr", "bank", "banque", 10).is_empty());
    assert_eq!(count("en", "fr", "bank", "banque"), 0);
}

#[test]
fn bank_and_teacher_are_real_sentences() {
    let bank = find("en", "zh-Hans", "bank", "银行", 100);
    assert_eq!(bank.len(), 12);
    let first = &bank[0];
    assert_eq!(
        (
            first.source_prefix.as_str(),
            first.source_term.as_str(),
            first.source_suffix.as_str()
        ),
        ("You can change money at the ", "bank", ".")
    );
    assert_eq!(
        (
            first.target_prefix.as_str(),
            first.target_term.as_str(),
            first.target_suffix.as_str()
        ),
        ("你可以去", "银行", "换钱。")
    );
    assert!(bank.iter().all(|e| e.target_term == "银行"));

    // The teacher sentences include two possessives ("the teacher's name").
    let teacher = find("en", "zh-Hans", "teacher", "老师", usize::MAX);
    assert_eq!(teacher.len(), 56);
    assert!(teacher.iter().any(|e| e.source_suffix.starts_with("'s name")));
}

#[test]
fn zh_to_en_and_traditional() {
    let found = find("zh-Hans", "en", "老师", "teacher", 1);
    assert_eq!(found[0].source_term, "老师");
    assert_eq!(found[0].target_term, "teacher");
    let hant = find("zh-Hant", "en", "銀行", "bank", usize::MAX);
    assert_eq!(hant.len(), 12);
    assert!(hant.iter().all(|e| e.source_term == "銀行"));
    // The simplified term is not a traditional word.
    assert_eq!(count("zh-Hant", "en", "银行", "bank"), 0);
}

#[test]
fn capitalization_and_inflection_as_in_the_sentence() {
    let found = find("en", "zh-Hans", "TEACHER", "老师", usize::MAX);
    let plural = found
        .iter()
        .find(|e| source(e) == "Teachers guide students to think.");
    assert_eq!(plural.map(|e| e.source_term.as_str()), Some("Teachers"));
    let went = find("en", "zh-Hans", "go back", "回去", usize::MAX);
    assert!(went.iter().any(|e| e.source_term == "went back"), "{went:?}");
}

#[test]
fn terms_inside_words_do_not_match() {
    // 银 alone occurs once ("金和银都很贵。"), never inside 银行.
    let silver = find("zh-Hans", "en", "银", "silver", usize::MAX);
    assert_eq!(silver.len(), 1);
    assert_eq!(target(&silver[0]), "Gold and silver are both expensive.");
    assert_eq!(count("zh-Hans", "en", "银", "bank"), 0);
    // "bankruptcy" is not "bank", though the sentence holds 破产.
    assert_eq!(count("en", "zh-Hans", "bank", "破产"), 0);
    assert!(count("en", "zh-Hans", "bankruptcy", "破产") >= 1);
}

#[test]
fn no_examples_is_an_empty_list() {
    assert!(find("en", "zh-Hans", "bank", "老师", 10).is_empty());
    assert!(find("en", "zh-Hans", "", "", 10).is_empty());
    assert!(find("en", "zh-Hans", "  ", "银行", 10).is_empty());
    assert!(find("en", "zh-Hans", "bank", "银行", 0).is_empty());
    assert!(find("en", "zh-Hans", "zzzzqx", "银行", 10).is_empty());
    assert!(find("en", "zh-Hans", "😀'’-", "😀", 10).is_empty());
    assert!(find("en", "zh-Hans", &"a ".repeat(500), &"行".repeat(500), 10).is_empty());
}

#[test]
fn count_is_exact_and_examples_reassemble() {
    let corpus = corpus();
    for (en, zh) in [
        ("bank", "银行"),
        ("teacher", "老师"),
        ("study", "学习"),
        ("go", "去"),
        ("water", "水"),
    ] {
        let all = find("en", "zh-Hans", en, zh, usize::MAX);
        assert_eq!(count("en", "zh-Hans", en, zh), all.len(), "{en}/{zh}");
        assert_eq!(count("zh-Hans", "en", zh, en), all.len(), "{zh}/{en}");
        assert!(!all.is_empty(), "{en}/{zh}");
        for e in &all {
            let (s, t) = (source(e), target(e));
            let pairs = (0..corpus.en.len() as u32).map(|i| (corpus.en.sentence(i), corpus.hans.sentence(i)));
            assert!(
                pairs.into_iter().any(|(en, zh)| en == Some(&s) && zh == Some(&t)),
                "{s} / {t}"
            );
            assert!(
                inflect::forms(en).contains(&e.source_term.to_lowercase()),
                "{}",
                e.source_term
            );
        }
        let limited = find("en", "zh-Hans", en, zh, 3);
        assert_eq!(limited[..], all[..all.len().min(3)]);
    }
}

#[test]
fn english_words_keep_contractions_and_drop_possessive_s() {
    let text = "The teacher's dog doesn't bark at 3 o'clock; it's well-known.";
    let words: Vec<&str> = english_words(text).into_iter().map(|r| &text[r]).collect();
    assert_eq!(
        words,
        [
            "The", "teacher", "dog", "doesn't", "bark", "at", "3", "o'clock", "it", "well", "known"
        ]
    );
    assert!(english_words("'' ’ - …").is_empty());
}
