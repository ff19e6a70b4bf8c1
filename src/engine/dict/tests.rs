//! Lookups against the bundled dictionaries and a dictd directory made here.

use super::*;

fn no_examples(_: &str, _: &str) -> usize {
    0
}

fn targets(l: &Lookup) -> Vec<&str> {
    l.translations.iter().map(|t| t.display_target.as_str()).collect()
}

fn lib() -> &'static Library {
    static LIB: std::sync::OnceLock<Library> = std::sync::OnceLock::new();
    LIB.get_or_init(Library::bundled)
}

#[test]
fn bundled_pairs_both_ways() {
    let pairs = lib().pairs();
    for (a, b) in [
        ("en", "fi"),
        ("fi", "en"),
        ("en", "ja"),
        ("ja", "en"),
        ("zh-Hans", "en"),
        ("en", "zh-Hans"),
    ] {
        assert!(pairs.contains(&(a.into(), b.into())), "{a}-{b}");
    }
    for (a, b) in [
        ("bg", "en"),
        ("en", "pl"),
        ("en", "el"),
        ("id", "en"),
        ("nb", "en"),
    ] {
        assert!(lib().has_pair(a, b), "{a}-{b} by inversion");
    }
    assert_eq!(lib().pair("EN", "ZH-hans"), Some(("en", "zh-Hans")));
    assert!(!lib().has_pair("fi", "ja"));
}

#[test]
fn english_to_finnish() {
    let l = lookup(lib(), "en", "fi", "Bank", &no_examples);
    assert_eq!(l.normalized_source, "bank");
    assert_eq!(l.display_source, "bank");
    assert!(targets(&l).contains(&"pankki"), "{:?}", targets(&l));
    let sum: f64 = l.translations.iter().map(|t| t.confidence).sum();
    assert!(sum <= 1.0 && sum > 0.99, "{sum}");
    let pankki = l
        .translations
        .iter()
        .find(|t| t.display_target == "pankki")
        .unwrap();
    assert_eq!(pankki.pos, Pos::Noun);
    assert!(
        pankki
            .back_translations
            .iter()
            .any(|b| b.normalized_text == "bank")
    );
    assert!(
        pankki
            .back_translations
            .iter()
            .all(|b| b.frequency_count >= 1 || b.normalized_text == "bank")
    );
}

#[test]
fn japanese_and_chinese() {
    assert!(targets(&lookup(lib(), "en", "ja", "bank", &no_examples)).contains(&"銀行"));
    let l = lookup(lib(), "ja", "en", "さようなら", &no_examples);
    assert!(targets(&l).contains(&"goodbye"), "{:?}", targets(&l));
    let l = lookup(lib(), "zh-Hans", "en", "银行", &no_examples);
    assert_eq!(targets(&l)[0], "bank");
    let l = lookup(lib(), "en", "zh-Hans", "bank", &no_examples);
    assert!(targets(&l).contains(&"银行"), "{:?}", targets(&l));
    let eat = lookup(lib(), "zh-Hans", "en", "吃", &no_examples);
    assert_eq!(eat.translations[0].display_target, "eat");
    assert_eq!(eat.translations[0].pos, Pos::Verb);
}

#[test]
fn back_translations_always_hold_the_source() {
    for (from, to, term) in [
        ("en", "bg", "cat"),
        ("pl", "en", "kot"),
        ("el", "en", "γάτα"),
        ("en", "nb", "dog"),
    ] {
        let l = lookup(lib(), from, to, term, &|_, _| 3);
        assert!(!l.translations.is_empty(), "{from}-{to} {term}");
        for t in &l.translations {
            let src = t
                .back_translations
                .iter()
                .find(|b| b.normalized_text == l.normalized_source);
            assert!(src.is_some(), "{from}-{to} {term} → {}", t.display_target);
            assert!(t.back_translations.iter().all(|b| b.num_examples == 3));
        }
    }
}

#[test]
fn unknown_term_is_empty() {
    let l = lookup(lib(), "en", "fi", "qzxqzx", &no_examples);
    assert!(l.translations.is_empty());
    assert_eq!(l.display_source, "qzxqzx");
    assert!(
        lookup(lib(), "en", "fi", "", &no_examples)
            .translations
            .is_empty()
    );
}

#[test]
fn installed_dictd_extends_the_scope_with_gender() {
    let dir = std::env::temp_dir().join(format!("glossa-dictd-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (cat, dog) = (
        "cat /kæt/ <n>\n1. kat <common>, killing <neut>\nanimal\n",
        "dog <n>\nhund <common>\n",
    );
    let body = format!("{cat}{dog}");
    let digit = |n: usize| {
        let d = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        format!("{}{}", d[n / 64] as char, d[n % 64] as char)
    };
    let index = format!(
        "cat\t{}\t{}\ndog\t{}\t{}\n",
        digit(0),
        digit(cat.len()),
        digit(cat.len()),
        digit(dog.len())
    );
    std::fs::write(dir.join("freedict-eng-dan.dict"), body).unwrap();
    std::fs::write(dir.join("freedict-eng-dan.index"), index).unwrap();
    std::fs::write(dir.join("freedict-xxx-eng.index"), "").unwrap();
    let mut lib = Library::bundled();
    assert_eq!(lib.discover(&dir), 1);
    assert!(lib.has_pair("en", "da") && lib.has_pair("da", "en"));
    let l = lookup(&lib, "en", "da", "cat", &no_examples);
    let prefixes: Vec<_> = l
        .translations
        .iter()
        .map(|t| (t.display_target.as_str(), t.prefix_word))
        .collect();
    assert_eq!(prefixes, vec![("kat", "en"), ("killing", "et")]);
    let l = lookup(&lib, "da", "en", "hund", &no_examples);
    assert_eq!(targets(&l), vec!["dog"]);
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn bundled_list_follows_the_manifest() {
    let manifest: Vec<Vec<&str>> = include_str!("../../../assets/dict/manifest.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').take(3).collect())
        .collect();
    let listed: Vec<Vec<&str>> = library::BUNDLED
        .iter()
        .map(|b| vec![b.stem, b.from, b.to])
        .collect();
    assert_eq!(listed, manifest);
    for b in library::BUNDLED {
        let other_way = library::BUNDLED.iter().any(|o| o.from == b.to && o.to == b.from);
        assert_eq!(b.is_inverted(), !other_way, "{}", b.stem);
    }
}

/// Every `step`-th key, and a few that are no headword.
fn sample_keys(gld: &gld::Gld, n: usize) -> Vec<String> {
    let keys = gld.keys();
    let step = (keys.len() / n).max(1);
    let mut out: Vec<String> = keys.iter().step_by(step).cloned().collect();
    out.extend(["qzxqzx", "", "a b c"].map(String::from));
    out
}

/// The GLD files give the answers the dictd sources give through today's reader
/// and inversion on first use, in every bundled direction.
#[test]
fn gld_answers_as_the_dictd_sources() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/dict/dictd");
    let reference = Library::bundled_from_dictd(&dir);
    let gld = lib();
    for b in library::BUNDLED {
        let direct = gld::Gld::new(b.direct).unwrap();
        let mut ways = vec![(b.from, b.to, direct)];
        if let Some(inverse) = b.inverse {
            ways.push((b.to, b.from, gld::Gld::new(inverse).unwrap()));
        }
        for (from, to, file) in ways {
            for key in sample_keys(&file, 200) {
                assert_eq!(
                    gld.contains(from, to, &key),
                    reference.contains(from, to, &key),
                    "{from}-{to} {key:?}"
                );
                assert_eq!(
                    gld.entries(from, to, &key),
                    reference.entries(from, to, &key),
                    "{from}-{to} {key:?}"
                );
            }
            let mut found = 0;
            for key in sample_keys(&file, 6) {
                let term = key.to_uppercase();
                let l = lookup(gld, from, to, &term, &no_examples);
                assert_eq!(
                    l,
                    lookup(&reference, from, to, &term, &no_examples),
                    "{from}-{to} {term:?}"
                );
                found += usize::from(!l.translations.is_empty());
            }
            assert!(found >= 3, "{from}-{to}: {found} answers");
        }
    }
    for (from, to, term) in [
        ("en", "zh-Hans", "bank"),
        ("en", "pl", "cat"),
        ("bg", "en", "котка"),
    ] {
        assert_eq!(
            lookup(gld, from, to, term, &no_examples),
            lookup(&reference, from, to, term, &no_examples)
        );
    }
}

/// The embedded frequency lists count every word as their sources do.
#[test]
fn frequencies_as_the_sources() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/dict");
    for &(lang, _) in library::FREQUENCIES {
        let gz = std::fs::read(dir.join(format!("freq-{lang}.tsv.gz"))).unwrap();
        let text = dictd::gunzip_text(&gz).unwrap();
        let counts = freq::parse_tsv(&text);
        assert!(counts.len() > 1000, "{lang}");
        for (word, n) in counts {
            assert_eq!(lib().frequency(lang, word), n, "{lang} {word}");
        }
    }
    assert_eq!(lib().frequency("en", "qzxqzx"), 0);
    assert_eq!(lib().frequency("ko", "집"), 0, "a language with no list");
    assert!(lib().frequency("fi", "talo") > lib().frequency("fi", "edustajainhuone"));
}

/// The dictionaries bundled from Ding, FreeDict's GPL pairs and Mueller: the
/// usual sense first, repaired translations, base forms, one back-translation
/// per word.
#[test]
fn gpl_dictionaries() {
    let first = |from, to, term| {
        let l = lookup(lib(), from, to, term, &no_examples);
        l.translations
            .first()
            .map(|t| t.display_target.clone())
            .unwrap_or_default()
    };
    assert_eq!(first("en", "de", "house"), "Haus");
    assert_eq!(first("en", "de", "bank"), "Bank");
    assert_eq!(first("en", "de", "went"), "gehen");
    assert_eq!(first("en", "fr", "house"), "maison");
    assert_eq!(first("en", "ru", "house"), "дом");
    let dom = targets(&lookup(lib(), "ru", "en", "дом", &no_examples)).join("|");
    assert!(
        dom.starts_with("house|") || dom.starts_with("home|house"),
        "{dom}"
    );
    assert_eq!(first("en", "fi", "house"), "talo");
    let haus = lookup(lib(), "en", "de", "house", &no_examples);
    assert_eq!(haus.translations[0].prefix_word, "das");
    // eng-spa glues multi-word translations: `porfavor`, `velocidadinicial`.
    let please = targets(&lookup(lib(), "en", "es", "please", &no_examples)).join("|");
    assert!(
        please.contains("por favor") && !please.contains("porfavor"),
        "{please}"
    );
    // ... but a rare word is no glued one (the splitter once made `dene tl
    // emek` of Turkish `denetlemek`, `хр ус те ть` of Russian `хрустеть`).
    let supervise = targets(&lookup(lib(), "en", "tr", "supervise", &no_examples)).join("|");
    assert!(
        supervise.contains("denetlemek") && !supervise.contains("dene tl"),
        "{supervise}"
    );
    // eng-tur's label of American usage, "ABD", is no translation.
    let alibi = targets(&lookup(lib(), "en", "tr", "alibi", &no_examples)).join("|");
    assert!(alibi.contains("mazeret") && !alibi.contains("ABD"), "{alibi}");
    // ... nor are its grammar notes' English words (`have` → "you", "we").
    let have = lookup(lib(), "en", "tr", "have", &no_examples);
    let have = targets(&have);
    assert!(!have.iter().any(|t| *t == "you" || *t == "we"), "{have:?}");
    let crisp = targets(&lookup(lib(), "en", "ru", "crisp", &no_examples)).join("|");
    assert!(!crisp.contains("хр ус"), "{crisp}");
    let dawn = lookup(lib(), "es", "en", "al amanecer", &no_examples);
    assert_eq!(targets(&dawn), vec!["at daybreak"]);
    for (from, to, term) in [
        ("de", "en", "gehen"),
        ("en", "de", "go"),
        ("es", "en", "por favor"),
    ] {
        for t in &lookup(lib(), from, to, term, &no_examples).translations {
            let mut backs: Vec<_> = t.back_translations.iter().map(|b| &b.normalized_text).collect();
            let n = backs.len();
            backs.sort();
            backs.dedup();
            assert_eq!(backs.len(), n, "{from}-{to} {term} → {}", t.display_target);
        }
    }
}

/// Parts of speech come from the data: the reverse dictionary's entry that
/// gives the source back decides.
#[test]
fn parts_of_speech_from_the_reverse_entry() {
    let pos_of = |from, to, term, target: &str| {
        lookup(lib(), from, to, term, &no_examples)
            .translations
            .iter()
            .find(|t| t.display_target == target)
            .map(|t| t.pos)
    };
    assert_eq!(pos_of("en", "zh-Hans", "light", "灯"), Some(Pos::Noun));
    assert_eq!(pos_of("en", "ja", "run", "走る"), Some(Pos::Verb));
}

#[test]
fn grammatical_words_no_dictionary_has_come_from_our_table() {
    // sv→en: `jag` is in no bundled dictionary; the table gives I, a pronoun,
    // with the term itself among the back-translations.
    let sv = lookup(lib(), "sv", "en", "jag", &no_examples);
    assert_eq!(targets(&sv), ["I"]);
    assert_eq!(sv.translations[0].pos, Pos::Pron);
    assert!(
        sv.translations[0]
            .back_translations
            .iter()
            .any(|b| b.normalized_text == "jag")
    );
    // en→sv: every Swedish word for `I`'s table rendering.
    let en = lookup(lib(), "en", "sv", "I", &no_examples);
    assert_eq!(targets(&en).first(), Some(&"jag"));
    assert_eq!(
        (en.normalized_source.as_str(), en.display_source.as_str()),
        ("i", "I")
    );
    // An inflected English form still reaches its base form's entry first.
    let was = lookup(lib(), "en", "fi", "was", &no_examples);
    assert_eq!(was.normalized_source, "be");
    // A hunspell base form (es `tengo` → `tener`).
    let tengo = lookup(lib(), "es", "en", "tengo", &no_examples);
    assert_eq!(tengo.normalized_source, "tener");
    assert!(!tengo.translations.is_empty());
}
