//! The store's costs on the workbench's path: saving the draft (done by
//! the draft writer's thread at each change), and opening the store at
//! start (before the first frame).
//!
//! - `save_draft/{100B,10KB,500KB}`: one save of a draft that size into a
//!   file-backed store (WAL, synchronous=NORMAL), as after each key.
//! - `open_existing`: `Store::open` of a store that is already migrated.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use glossa::store::Store;
use glossa::store::drafts::{Draft, TRANSLATE};

fn text_of(bytes: usize) -> String {
    let line = "Der schnelle braune Fuchs springt über den faulen Hund. 東京の天気。\n";
    let mut text: String = line.repeat(bytes / line.len() + 1);
    let mut cut = bytes;
    while !text.is_char_boundary(cut) {
        cut -= 1;
    }
    text.truncate(cut);
    text
}

fn temp_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("glossa-bench-store-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

fn bench(c: &mut Criterion) {
    let dir = temp_dir();
    let path = dir.join("glossa.db");
    let store = Store::open(&path).expect("open the store");
    let mut group = c.benchmark_group("save_draft");
    for (name, size) in [("100B", 100), ("10KB", 10_000), ("500KB", 500_000)] {
        let text = text_of(size);
        let mut n = 0usize;
        group.bench_with_input(BenchmarkId::from_parameter(name), &text, |b, text| {
            b.iter(|| {
                // A different text each time, as typing makes it.
                n += 1;
                let draft = Draft {
                    text: format!("{text}{n}"),
                    cursor: (0, n),
                };
                store.save_draft(TRANSLATE, black_box(&draft)).expect("saved");
            })
        });
    }
    group.finish();
    drop(store);
    c.bench_function("open_existing", |b| {
        b.iter(|| black_box(Store::open(&path).expect("open")))
    });
    let _ = std::fs::remove_dir_all(dir);
}

criterion_group!(benches, bench);
criterion_main!(benches);
