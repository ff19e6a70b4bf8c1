//! The history's store: record, update, search in several scripts, user
//! input that is not FTS5 syntax, bounds, and the index kept consistent.
#![allow(clippy::single_range_in_vec_init)]

use std::time::Instant;

use super::*;

fn entry(source: &str, results: &[(&str, &str)]) -> NewEntry {
    NewEntry {
        profile: String::new(),
        source: source.into(),
        from: None,
        detected: Some("en".into()),
        targets: results.iter().map(|(to, _)| (*to).to_owned()).collect(),
        results: results
            .iter()
            .map(|(to, text)| Rendition {
                to: (*to).into(),
                text: (*text).into(),
            })
            .collect(),
    }
}

/// A store with four entries, recorded at times 1..=4.
fn sample() -> Store {
    let s = Store::in_memory().unwrap();
    let rows = [
        entry(
            "I have a bank account.",
            &[
                ("ja", "私は銀行口座を持っています。"),
                ("zh-Hans", "我有一个银行账户。"),
            ],
        ),
        entry("Привет, мир!", &[("en", "Hello, world!")]),
        entry("银行在哪里？", &[("en", "Where is the bank?")]),
        entry("100% of a_b \"quoted\" text", &[("fi", "100 % tekstistä")]),
    ];
    for (t, e) in rows.iter().enumerate() {
        s.record_history_at(e, t as i64 + 1, KEEP).unwrap();
    }
    s
}

fn sources(found: &[Found]) -> Vec<&str> {
    found.iter().map(|f| f.entry.source.as_str()).collect()
}

fn integrity(s: &Store) {
    s.conn()
        .execute(
            "INSERT INTO history_fts (history_fts) VALUES ('integrity-check')",
            [],
        )
        .expect("the index matches the rows");
}

#[test]
fn an_entry_is_recorded_read_and_updated() {
    let s = Store::in_memory().unwrap();
    let mut e = entry("Hel", &[("fi", "Hel")]);
    e.from = Some("en".into());
    let id = s.record_history_at(&e, 100, KEEP).unwrap();
    let got = s.history_entry(id).unwrap().unwrap();
    assert_eq!((got.created, got.updated), (100, 100));
    assert_eq!(
        (got.from.as_deref(), got.targets.clone()),
        (Some("en"), vec!["fi".to_owned()])
    );
    let e = entry("Hello world", &[("fi", "Hei maailma")]);
    assert!(s.update_history_at(id, &e, 160).unwrap());
    let got = s.history_entry(id).unwrap().unwrap();
    assert_eq!((got.created, got.updated), (100, 160), "created stays");
    assert_eq!(got.results[0].text, "Hei maailma");
    assert_eq!(s.history_count().unwrap(), 1);
    assert!(sources(&s.search_history("Hel", 10).unwrap()) == ["Hello world"]);
    assert!(
        s.search_history("Hei maa", 10).unwrap().len() == 1,
        "the new translation is indexed"
    );
    assert!(!s.update_history_at(id + 1, &e, 170).unwrap(), "no such entry");
    integrity(&s);
}

#[test]
fn latin_search_finds_substrings_newest_first_with_marks() {
    let s = sample();
    let found = s.search_history("BANK", 10).unwrap();
    assert_eq!(sources(&found), ["银行在哪里？", "I have a bank account."]);
    assert!(found[0].source_marks.is_empty());
    assert_eq!(found[0].result_marks, [vec![13..17]], "in the translation");
    assert_eq!(found[1].source_marks, [9..13]);
    // Several words: all must match, in any order and any column.
    assert_eq!(
        sources(&s.search_history("account bank", 10).unwrap()),
        ["I have a bank account."]
    );
    assert!(s.search_history("bank hello", 10).unwrap().is_empty());
    // An empty query lists the newest.
    assert_eq!(s.search_history("  ", 2).unwrap().len(), 2);
    assert_eq!(s.recent_history(2, 3).unwrap().len(), 1, "offset");
}

#[test]
fn cyrillic_search_ignores_case() {
    let s = sample();
    for q in ["привет", "ПРИВЕТ", "мир", "Пр", "ми"] {
        let found = s.search_history(q, 10).unwrap();
        assert_eq!(sources(&found), ["Привет, мир!"], "{q}");
    }
    let found = s.search_history("ПРИВЕТ", 10).unwrap();
    assert_eq!(found[0].source_marks, [0..12]);
}

#[test]
fn chinese_words_of_two_characters_and_more() {
    let s = sample();
    let found = s.search_history("银行", 10).unwrap();
    assert_eq!(sources(&found), ["银行在哪里？", "I have a bank account."]);
    assert_eq!(found[0].source_marks, [0..6]);
    assert_eq!(found[1].result_marks, [vec![], vec![12..18]]);
    assert_eq!(
        sources(&s.search_history("银行账户", 10).unwrap()),
        ["I have a bank account."]
    );
    assert_eq!(
        sources(&s.search_history("在哪里", 10).unwrap()),
        ["银行在哪里？"]
    );
    // A short term and a long one together.
    assert_eq!(
        sources(&s.search_history("银行 where", 10).unwrap()),
        ["银行在哪里？"]
    );
    assert_eq!(
        sources(&s.search_history("口座", 10).unwrap()),
        ["I have a bank account."]
    );
}

#[test]
fn fts_syntax_in_the_query_is_searched_literally() {
    let s = sample();
    for q in [
        "\"",
        "\"\"",
        "\"quoted",
        "quoted\"",
        "a*",
        "*",
        "AND",
        "OR",
        "NOT",
        "-bank",
        "bank -",
        "NEAR(a b)",
        "(",
        ")",
        "{source}",
        "source:bank",
        "^bank",
        "'",
        "\\",
        "bank OR",
        "+",
        ":",
        "%",
        "_",
        "%%%",
        "___",
        "a\0b",
    ] {
        if let Err(e) = s.search_history(q, 10) {
            panic!("{q:?}: {e}");
        }
    }
    assert_eq!(
        sources(&s.search_history("\"quoted\"", 10).unwrap()),
        ["100% of a_b \"quoted\" text"]
    );
    assert_eq!(
        sources(&s.search_history("\"q", 10).unwrap()),
        ["100% of a_b \"quoted\" text"]
    );
    assert!(
        s.search_history("source:bank", 10).unwrap().is_empty(),
        "not a column filter"
    );
}

#[test]
fn like_wildcards_are_literal() {
    let s = sample();
    assert_eq!(
        sources(&s.search_history("%", 10).unwrap()),
        ["100% of a_b \"quoted\" text"]
    );
    assert_eq!(
        sources(&s.search_history("_", 10).unwrap()),
        ["100% of a_b \"quoted\" text"]
    );
    assert_eq!(sources(&s.search_history("0%", 10).unwrap()).len(), 1);
    assert!(s.search_history("a%", 10).unwrap().is_empty());
}

#[test]
fn the_history_keeps_the_newest_entries() {
    let s = Store::in_memory().unwrap();
    let ids: Vec<i64> = (0..5)
        .map(|t| {
            s.record_history_at(&entry(&format!("text {t}"), &[]), t, 3)
                .unwrap()
        })
        .collect();
    assert_eq!(s.history_count().unwrap(), 3);
    assert!(s.history_entry(ids[1]).unwrap().is_none());
    // An update makes an old entry new again: it outlives newer ones.
    assert!(
        s.update_history_at(ids[2], &entry("text 2 again", &[]), 10)
            .unwrap()
    );
    s.record_history_at(&entry("text 5", &[]), 11, 3).unwrap();
    let left: Vec<_> = s
        .recent_history(10, 0)
        .unwrap()
        .into_iter()
        .map(|e| e.source)
        .collect();
    assert_eq!(left, ["text 5", "text 2 again", "text 4"]);
    assert!(
        s.search_history("text 3", 10).unwrap().is_empty(),
        "pruned from the index"
    );
    integrity(&s);
}

#[test]
fn delete_and_clear_keep_the_index_consistent() {
    let s = sample();
    let id = s.search_history("Привет", 1).unwrap()[0].entry.id;
    assert!(s.delete_history(id).unwrap());
    assert!(!s.delete_history(id).unwrap());
    assert!(s.search_history("привет", 10).unwrap().is_empty());
    assert!(s.search_history("Hello", 10).unwrap().is_empty());
    integrity(&s);
    assert_eq!(s.clear_history().unwrap(), 3);
    assert!(s.search_history("bank", 10).unwrap().is_empty());
    integrity(&s);
}

/// Search times on a full history (10,000 entries of a few sentences):
/// `cargo test --lib history_search_timing -- --ignored --nocapture`.
#[test]
#[ignore]
fn history_search_timing() {
    let s = Store::in_memory().unwrap();
    let words = [
        "bank",
        "account",
        "river",
        "银行",
        "账户",
        "мир",
        "привет",
        "translation",
        "window",
    ];
    let t = Instant::now();
    for i in 0..KEEP {
        let w = |k: usize| words[(i * 7 + k * 3) % words.len()];
        let source = format!(
            "Entry {i}: the {} by the {} near {} — {}.",
            w(0),
            w(1),
            w(2),
            w(3)
        );
        let e = entry(
            &source,
            &[("fi", &format!("Käännös {i} {}", w(4))), ("ja", "翻訳された文章")],
        );
        s.record_history_at(&e, i as i64, KEEP).unwrap();
    }
    println!("recorded {KEEP} entries in {:?}", t.elapsed());
    for q in [
        "",
        "bank",
        "river bank",
        "Entry 9999",
        "银行",
        "мир",
        "zz",
        "nothing here",
        "e",
    ] {
        let t = Instant::now();
        let n = s.search_history(q, 200).unwrap().len();
        println!("{q:>12?}: {n:>4} found (200 at most) in {:?}", t.elapsed());
    }
}
