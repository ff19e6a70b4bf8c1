use super::*;

fn new(from: &str, to: &str, term: &str, translation: &str) -> NewEntry {
    NewEntry {
        from: from.into(),
        to: to.into(),
        term: term.into(),
        translation: translation.into(),
        ..NewEntry::default()
    }
}

#[test]
fn entries_are_checked_and_made_canonical() {
    let e = new(" EN ", "zh-hans", "  Glossa ", "格罗萨").check().unwrap();
    assert_eq!((e.from.as_str(), e.to.as_str()), ("en", "zh-Hans"));
    assert_eq!(e.term, "Glossa");
    assert_eq!(canonical_code("pt-pt").unwrap(), "pt-PT");
    assert_eq!(canonical_code("sr-latn").unwrap(), "sr-Latn");
    let bad = |e: NewEntry| e.check().unwrap_err();
    assert_eq!(bad(new("en", "fr", " ", "x")), EntryError::Empty("term"));
    assert_eq!(bad(new("en", "fr", "x", "")), EntryError::Empty("translation"));
    assert_eq!(bad(new("en", "fr", "a\nb", "x")), EntryError::LineBreak("term"));
    assert_eq!(bad(new("en", "fr", "a\tb", "x")), EntryError::Control("term"));
    assert_eq!(
        bad(new("en", "fr", &"w".repeat(MAX_TERM + 1), "x")),
        EntryError::TooLong {
            field: "term",
            max: MAX_TERM
        }
    );
    assert!(matches!(
        bad(new("e n", "fr", "x", "y")),
        EntryError::Language { .. }
    ));
    assert!(matches!(
        bad(new("", "fr", "x", "y")),
        EntryError::Language { .. }
    ));
    assert_eq!(bad(new("en", "EN", "x", "y")), EntryError::SamePair("en".into()));
    // The message names the problem.
    assert!(
        bad(new("en", "fr", "", "x"))
            .to_string()
            .contains("term is empty")
    );
}

#[test]
fn upsert_adds_updates_and_notices_no_change() {
    let store = Store::in_memory().unwrap();
    let a = store
        .glossary_upsert(&new("en", "fr", "Glossa", "Glossa"))
        .unwrap();
    let Upserted::Added(id) = a else { panic!("{a:?}") };
    assert_eq!(
        store
            .glossary_upsert(&new("EN", "fr", "Glossa ", "Glossa"))
            .unwrap(),
        Upserted::Unchanged(id),
        "same pair in another case, same term after trimming"
    );
    assert_eq!(
        store
            .glossary_upsert(&new("en", "fr", "Glossa", "La Glossa"))
            .unwrap(),
        Upserted::Updated(id)
    );
    // Case of the term matters: another entry.
    assert!(matches!(
        store
            .glossary_upsert(&new("en", "fr", "glossa", "glose"))
            .unwrap(),
        Upserted::Added(_)
    ));
    store
        .glossary_upsert(&new("en", "ja", "Glossa", "グロッサ"))
        .unwrap();
    assert_eq!(store.glossary_count().unwrap(), 3);
    let fr = store.glossary(Some(("en", "FR"))).unwrap();
    assert_eq!(fr.len(), 2);
    assert_eq!(fr[0].translation, "La Glossa");
    assert_eq!(store.glossary(None).unwrap().len(), 3);
    assert_eq!(store.glossary_entry(id).unwrap().unwrap().term, "Glossa");
}

#[test]
fn update_and_delete_by_id() {
    let store = Store::in_memory().unwrap();
    store.glossary_upsert(&new("en", "fr", "cat", "chat")).unwrap();
    let Upserted::Added(dog) = store.glossary_upsert(&new("en", "fr", "dog", "chien")).unwrap() else {
        panic!()
    };
    let mut changed = new("en", "de", "dog", "Hund");
    changed.case_sensitive = true;
    changed.note = "pets".into();
    assert!(store.glossary_update(dog, &changed).unwrap());
    let e = store.glossary_entry(dog).unwrap().unwrap();
    assert_eq!(
        (e.to.as_str(), e.translation.as_str(), e.case_sensitive),
        ("de", "Hund", true)
    );
    assert_eq!(e.note, "pets");
    // Taking another entry's pair and term is refused, by name.
    let err = store
        .glossary_update(dog, &new("en", "fr", "cat", "x"))
        .unwrap_err();
    assert!(
        matches!(err, StoreError::Entry(EntryError::Duplicate { .. })),
        "{err}"
    );
    assert!(err.to_string().contains("already has the term \"cat\""), "{err}");
    assert!(!store.glossary_update(999, &new("en", "fr", "x", "y")).unwrap());
    // A bad entry is refused before the database is touched.
    assert!(matches!(
        store.glossary_update(dog, &new("en", "fr", "", "y")),
        Err(StoreError::Entry(EntryError::Empty("term")))
    ));
    assert!(store.glossary_delete(dog).unwrap());
    assert!(!store.glossary_delete(dog).unwrap());
    assert_eq!(store.glossary_count().unwrap(), 1);
}

#[test]
fn import_is_all_or_nothing_and_dry_runs_roll_back() {
    let store = Store::in_memory().unwrap();
    store.glossary_upsert(&new("en", "fr", "old", "vieux")).unwrap();
    let rows = vec![new("en", "fr", "old", "vieux"), new("en", "fr", "cat", "chat")];
    let dry = store.glossary_import(&rows, true, true).unwrap();
    assert_eq!(
        dry,
        ImportCounts {
            added: 2,
            updated: 0,
            unchanged: 0,
            removed: 1
        }
    );
    assert_eq!(store.glossary_count().unwrap(), 1, "nothing written");
    let done = store.glossary_import(&rows, false, false).unwrap();
    assert_eq!((done.added, done.unchanged), (1, 1));
    let bad = vec![new("en", "fr", "dog", "chien"), new("en", "fr", "", "x")];
    assert!(store.glossary_import(&bad, false, false).is_err());
    assert_eq!(store.glossary_count().unwrap(), 2, "the good row was rolled back");
}
