//! The benchmark goal: a 1 MB document takes ⌈characters × targets / 50,000⌉ translate
//! requests plus at most one, and planning it is linear (an ignored test times it).

use std::time::Instant;

use crate::api::limits::{Operation, char_count};
use crate::client::batch::{Oversize, plan};

use super::generate::{Rng, document};
use super::kit::check_plan;

#[test]
fn a_megabyte_takes_the_fewest_requests_plus_at_most_one() {
    let doc = document(&mut Rng(7), 10_000);
    let total = char_count(&doc);
    assert!(total > 1_000_000, "{total}");
    let l = Operation::Translate.limits().unwrap();
    let lines: Vec<&str> = doc.split_inclusive('\n').collect();
    for targets in [1, 3] {
        let fewest = (total * targets).div_ceil(l.max_request_chars);
        for texts in [vec![doc.as_str()], lines.clone()] {
            let p = plan(&texts, l, targets, Oversize::Split).unwrap();
            check_plan(&p, &texts, l, targets, Oversize::Split);
            assert!(
                p.requests() <= fewest + 1,
                "{} requests for {fewest}",
                p.requests()
            );
        }
    }
}

#[test]
#[ignore = "timing: cargo test --release --lib client::batch -- --ignored --nocapture"]
fn planning_a_megabyte_is_fast() {
    let doc = document(&mut Rng(7), 10_000);
    let lines: Vec<&str> = doc.split_inclusive('\n').collect();
    let l = Operation::Translate.limits().unwrap();
    for (name, texts) in [("one element", vec![doc.as_str()]), ("10,000 lines", lines)] {
        for targets in [1, 3] {
            let start = Instant::now();
            let p = plan(&texts, l, targets, Oversize::Split).unwrap();
            let took = start.elapsed();
            let chars: usize = texts.iter().map(|t| char_count(t)).sum();
            let fewest = (chars * targets).div_ceil(l.max_request_chars);
            let requests = p.requests();
            println!("{name}, {chars} chars × {targets}: {requests} requests (fewest {fewest}) in {took:?}");
        }
    }
    // Detect looks at the start of an element only.
    let detect = Operation::Detect.limits().unwrap();
    let ten = doc.repeat(10);
    let start = Instant::now();
    let p = plan(&[ten.as_str()], detect, 1, Oversize::FirstChunk).unwrap();
    println!(
        "detect, 10 MB element: {} characters sent, in {:?}",
        p.batches[0].chars(),
        start.elapsed()
    );
    // Linear: twice the text takes about twice the time, not four times.
    let time = |doc: &str| {
        let start = Instant::now();
        plan(&[doc], l, 1, Oversize::Split).unwrap();
        start.elapsed()
    };
    let double = doc.repeat(2);
    let (one, two) = (time(&doc), time(&double));
    println!("1 MB in {one:?}, 2 MB in {two:?}");
    assert!(two < one * 3, "{one:?} vs {two:?}");
}
