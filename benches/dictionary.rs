//! Dictionary lookup (first use of a dictionary, and warm) and gloss
//! translation throughput. First use is measured twice: on the bundled GLD
//! files (`first_*`) and on their dictd sources read and inverted on first use
//! as before them (`first_dictd_*`, `Library::bundled_from_dictd`).
//!
//! `cargo bench --bench dictionary`; throughput is reported in bytes of
//! source text per second (the text is ASCII: bytes = characters).

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use glossa::engine::dict::{Library, lookup};
use glossa::engine::gloss::translate_plain;

const SENTENCES: &[&str] = &[
    "The bank is closed on Sunday. ",
    "I have a bank account and a small house near the river. ",
    "The children eat bread and drink water in the morning. ",
    "My friend reads a book about the history of the city. ",
    "We walked to the station because the bus was late. ",
];

fn english(bytes: usize) -> String {
    SENTENCES
        .iter()
        .cycle()
        .take_while({
            let mut n = 0;
            move |s| {
                n += s.len();
                n <= bytes
            }
        })
        .copied()
        .collect()
}

fn no_examples(_: &str, _: &str) -> usize {
    0
}

/// Pairs whose first look-up is measured: direct, inverted (en→zh-Hans,
/// bg→en, en→pl: no bundled dictionary goes that way), and the GPL
/// dictionaries (Ding, Mueller, FreeDict).
const FIRST: &[(&str, &str, &str)] = &[
    ("en", "fi", "bank"),
    ("en", "zh-Hans", "bank"),
    ("ja", "en", "銀行"),
    ("bg", "en", "котка"),
    ("en", "pl", "house"),
    ("en", "de", "house"),
    ("de", "en", "Haus"),
    ("en", "ru", "house"),
    ("fr", "en", "maison"),
];

/// The pairs of `FIRST` that the dictd path is measured on too (the dictd
/// sources of the GPL dictionaries came with the GLD format: no before).
const FIRST_DICTD: usize = 5;

fn bench_lookup(c: &mut Criterion) {
    let mut group = c.benchmark_group("lookup");
    group.sample_size(10);
    for &(from, to, term) in FIRST {
        group.bench_function(format!("first_{from}_{to}"), |b| {
            b.iter_batched(
                Library::bundled,
                |lib| lookup(&lib, from, to, black_box(term), &no_examples),
                BatchSize::PerIteration,
            )
        });
    }
    let dictd = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/dict/dictd");
    for &(from, to, term) in &FIRST[..FIRST_DICTD] {
        group.bench_function(format!("first_dictd_{from}_{to}"), |b| {
            b.iter_batched(
                || Library::bundled_from_dictd(&dictd),
                |lib| lookup(&lib, from, to, black_box(term), &no_examples),
                BatchSize::PerIteration,
            )
        });
    }
    group.finish();
    let lib = Library::bundled();
    let mut group = c.benchmark_group("lookup");
    for (from, to, term) in [
        ("en", "fi", "bank"),
        ("en", "zh-Hans", "bank"),
        ("ja", "en", "銀行"),
    ] {
        lookup(&lib, from, to, term, &no_examples);
        group.bench_function(format!("warm_{from}_{to}"), |b| {
            b.iter(|| lookup(&lib, from, to, black_box(term), &no_examples))
        });
    }
    group.finish();
}

fn bench_gloss(c: &mut Criterion) {
    let lib = Library::bundled();
    let text = english(10_000);
    let mut group = c.benchmark_group("gloss");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    for to in ["fi", "ja", "zh-Hans"] {
        translate_plain(&lib, &text, "en", to);
        group.bench_function(format!("en_{to}_10k"), |b| {
            b.iter(|| translate_plain(&lib, black_box(&text), "en", to))
        });
    }
    let finnish = translate_plain(&lib, &text, "en", "fi")
        .map(|o| o.text)
        .unwrap_or_default();
    translate_plain(&lib, &finnish, "fi", "ja");
    group.throughput(Throughput::Bytes(finnish.len() as u64));
    group.bench_function("fi_ja_pivot_10k", |b| {
        b.iter(|| translate_plain(&lib, black_box(&finnish), "fi", "ja"))
    });
    group.finish();
}

criterion_group!(benches, bench_lookup, bench_gloss);
criterion_main!(benches);
