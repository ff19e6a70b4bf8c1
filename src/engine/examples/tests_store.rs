//! The stored indexes: what the build writes, what a damaged file gives.

use super::side::{Side, matches};
use super::{build, corpus, ding, german, index_corpus};

/// A file of these bytes, leaked: corpora are read in place from static data.
fn leak(bytes: Vec<u8>) -> &'static [u8] {
    bytes.leak()
}

#[test]
fn the_embedded_indexes_are_what_the_sources_give() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/examples");
    for stem in super::CORPORA {
        let gz = std::fs::read(dir.join(format!("{stem}.tsv.gz"))).unwrap();
        let tsv = crate::engine::dict::dictd::gunzip_text(&gz).unwrap();
        let built = index_corpus(stem, &tsv).unwrap();
        let embedded = std::fs::read(dir.join(format!("{stem}.gex"))).unwrap();
        assert!(built == embedded, "{stem}.gex is stale: run scripts/build_gld.sh");
    }
    assert_eq!(index_corpus("fr-en", "a\tb"), None);
}

#[test]
fn indexing_skips_bad_lines() {
    let mut tsv = "Das Haus.\tThe house.\n\nohne Tab\n \tleer\n".repeat(5000);
    tsv.push_str("Das Ende.\tThe end.");
    let corpus = ding::load_from(leak(ding::index(&tsv)));
    assert_eq!((corpus.de.len(), corpus.en.len()), (5001, 5001));
    assert_eq!(corpus.de.sentence(5000), Some("Das Ende."));
    assert_eq!(corpus.en.sentence(0), Some("The house."));
    assert_eq!(corpus.en.sentence(5001), None);
    assert_eq!(matches(&corpus.de, "HAUS", german::forms).len(), 5000);
}

#[test]
fn a_damaged_file_gives_an_empty_corpus_or_fewer_matches_never_a_panic() {
    let tsv = "Das Haus ist alt.\tThe house is old.\nIch gehe nach Hause.\tI go home.\n".repeat(50);
    let good = ding::index(&tsv);
    assert_eq!(ding::load_from(leak(good.clone())).de.len(), 100);
    assert_eq!(ding::load_from(leak(good[..good.len() / 2].to_vec())).de.len(), 0);
    assert_eq!(ding::load_from(b"not an index").de.len(), 0);
    assert_eq!(ding::load_from(&[]).en.len(), 0);
    // Three sides where two are expected.
    assert_eq!(
        ding::load_from(leak(build::file(&[vec![], vec![], vec![]])))
            .de
            .len(),
        0
    );
    // Every byte changed in turn (a sample of them): reads stay in bounds.
    for at in (0..good.len()).step_by(7) {
        let mut bad = good.clone();
        bad[at] ^= 0xa5;
        let corpus = ding::load_from(leak(bad));
        for s in [0, 1, 99, 100, u32::MAX] {
            let _ = (corpus.de.sentence(s), corpus.en.words(s));
        }
        let _ = matches(&corpus.de, "Haus", german::forms);
        let _ = matches(&corpus.en, "house", super::inflect::forms);
    }
}

#[test]
fn chinese_sides_keep_their_segmentation() {
    let zh = corpus::corpus();
    // 你可以去银行换钱。 segmented 你 / 可以 / 去 / 银行 / 换钱 / 。
    let s = (0..zh.hans.len() as u32)
        .find(|&s| zh.hans.sentence(s) == Some("你可以去银行换钱。"))
        .unwrap();
    let text = zh.hans.sentence(s).unwrap();
    let words: Vec<&str> = zh
        .hans
        .words(s)
        .unwrap()
        .iter()
        .map(|&(a, b)| &text[a as usize..b as usize])
        .collect();
    assert!(words.contains(&"银行") && !words.contains(&"银"), "{words:?}");
    assert!(zh.hans.postings("银行").iter().any(|p| p.0 == s));
    assert!(Side::default().postings("银行").is_empty() && Side::default().sentence(0).is_none());
}
