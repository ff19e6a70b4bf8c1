//! GLD round trips, and damaged data read as errors.

use super::*;
use crate::engine::dict::entry::{Sense, Target};
use crate::engine::dict::pos::{Gender, Pos};

fn entry(head: &str, pos: Pos, targets: &[(&str, Option<Gender>, Option<usize>)]) -> Entry {
    Entry {
        headword: head.into(),
        pos,
        gender: Some(Gender::Common),
        senses: vec![Sense {
            targets: targets
                .iter()
                .map(|&(t, gender, rank)| Target {
                    text: t.into(),
                    gender,
                    rank,
                })
                .collect(),
            note: "a note é".into(),
        }],
    }
}

/// Many headwords (several blocks) with entries of every shape.
fn sample() -> Vec<(String, Vec<Entry>)> {
    let mut out: Vec<(String, Vec<Entry>)> = (0..3000)
        .map(|i| {
            let key = format!("word {i:05}");
            let entries = vec![
                entry(
                    &key,
                    Pos::Noun,
                    &[("sana", Some(Gender::Feminine), None), ("ord", None, Some(i))],
                ),
                entry("Wort", Pos::Other, &[("単語", None, Some(0))]),
            ];
            (key, entries)
        })
        .collect();
    out.push(("zz empty".into(), Vec::new()));
    out
}

fn leak(bytes: Vec<u8>) -> &'static [u8] {
    Box::leak(bytes.into_boxed_slice())
}

fn built() -> Vec<u8> {
    let records = sample();
    write::write(records.iter().map(|(k, v)| (k.as_str(), v.as_slice()))).unwrap()
}

#[test]
fn round_trip_over_several_blocks() {
    let bytes = built();
    assert_eq!(bytes, built(), "the same input gives the same bytes");
    let gld = Gld::new(leak(bytes)).unwrap();
    let records = sample();
    assert_eq!(gld.len(), records.len());
    assert!(gld.block_count > 2, "{} blocks", gld.block_count);
    for (key, entries) in &records {
        assert!(gld.contains(key));
        assert_eq!(&gld.get(key).unwrap(), entries, "{key}");
    }
    assert!(!gld.contains("word"));
    assert!(gld.get("nothing").unwrap().is_empty());
    assert_eq!(gld.keys().len(), records.len());
}

#[test]
fn keys_out_of_order_are_refused() {
    let e: &[Entry] = &[];
    assert!(write::write([("b", e), ("a", e)]).is_err());
}

#[test]
fn truncated_data_is_an_error() {
    let bytes = built();
    for len in [0, 7, 19, 20, 100, bytes.len() / 2, bytes.len() - 1] {
        assert!(Gld::new(leak(bytes[..len].to_vec())).is_err(), "cut at {len}");
    }
    assert!(Gld::new(b"not a dictionary at all").is_err());
}

#[test]
fn damaged_index_is_an_error() {
    let bytes = built();
    let index_start = HEADER + 8 * u32_at(&bytes, 16).unwrap() as usize;
    for at in [9, 13, 17, HEADER + 3, index_start + 10, index_start + 500] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x5a;
        assert!(Gld::new(leak(bad)).is_err(), "byte {at}");
    }
}

#[test]
fn damaged_blocks_are_errors_when_read() {
    let bytes = built();
    let records = sample();
    let index_len = u32_at(&bytes, 12).unwrap() as usize;
    let dictionary_len = u32_at(&bytes, 20).unwrap() as usize;
    assert!(
        dictionary_len > 0,
        "the sample is large enough for a preset dictionary"
    );
    let blocks = HEADER + 8 * u32_at(&bytes, 16).unwrap() as usize + index_len + dictionary_len;
    for at in [blocks, blocks + 1, (blocks + bytes.len()) / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0xff;
        let gld = Gld::new(leak(bad)).unwrap();
        let errors = records.iter().filter(|(k, _)| gld.get(k).is_err()).count();
        assert!(errors > 0, "byte {at}");
    }
}

#[test]
fn a_damaged_preset_dictionary_is_refused_on_opening() {
    let bytes = built();
    let index_end = HEADER + 8 * u32_at(&bytes, 16).unwrap() as usize + u32_at(&bytes, 12).unwrap() as usize;
    let dictionary_len = u32_at(&bytes, 20).unwrap() as usize;
    for at in [
        index_end,
        index_end + dictionary_len / 2,
        index_end + dictionary_len - 1,
    ] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x20;
        assert!(
            matches!(Gld::new(leak(bad)), Err(GldError::Corrupt(_))),
            "byte {at}"
        );
    }
}

#[test]
fn damaged_records_are_errors_not_panics() {
    let good = {
        let mut out = Vec::new();
        codec::encode(&mut out, &sample()[7].1);
        out
    };
    assert_eq!(codec::decode(&good, 0).unwrap(), sample()[7].1);
    for cut in 0..good.len() {
        assert!(codec::decode(&good[..cut], 0).is_err(), "cut at {cut}");
    }
    for at in 0..good.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut bad = good.clone();
            bad[at] ^= flip;
            let _ = codec::decode(&bad, 0);
        }
    }
    assert!(codec::decode(&good, good.len() + 1).is_err());
    assert!(codec::decode(&[0xff; 12], 0).is_err());
}

#[test]
fn a_record_longer_than_the_first_inflation_is_read_whole() {
    // Records of 3–6 KB: each runs past the bytes inflated on a first try.
    let long = |i: usize| "x".repeat(3000 + 300 * i);
    let records: Vec<(String, Vec<Entry>)> = (0..10)
        .map(|i| {
            let key = format!("long {i:02}");
            let text = long(i);
            (
                key.clone(),
                vec![entry(&key, Pos::Noun, &[(text.as_str(), None, None)])],
            )
        })
        .collect();
    let bytes = write::write(records.iter().map(|(k, v)| (k.as_str(), v.as_slice()))).unwrap();
    let gld = Gld::new(leak(bytes)).unwrap();
    // Twice: the thread's buffer then holds a whole block from the last read.
    for _ in 0..2 {
        for (i, (key, entries)) in records.iter().enumerate().rev() {
            let got = gld.get(key).unwrap();
            assert_eq!(&got, entries, "{key}");
            assert_eq!(got[0].senses[0].targets[0].text, long(i));
        }
    }
}
