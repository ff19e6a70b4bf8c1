//! Throughput of the offline language engine: detection, sentence breaking, dictionary
//! examples (warm index, and the first look-up's decompressing and indexing of a
//! corpus), translate's markup parsing and transliteration
//! (scripts/bench_translit.sh compares the latter with uconv).

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use glossa::engine::translit::transliterate;
use glossa::engine::{detect, examples, markup, sentence_lengths};
use std::hint::black_box;

const ENGLISH: &str = "The Translator service detects the language of a text, breaks it into \
sentences and translates it. Dr. Smith arrived at the office early in the morning. He sat \
down, opened his laptop and read the messages that had come in overnight. Most of them were \
short questions from colleagues abroad; a few were longer reports about the progress of the \
project. By noon he had answered all of them. In the afternoon he met Mr. Jones, who had \
flown in from London the day before, and they spent three hours going through the plans for \
next year. It was late when they finally left the building, tired but satisfied with what \
they had achieved. Tomorrow would bring new problems, but for now everything was fine. On \
the way home he stopped at a small bakery, bought a loaf of bread and a few pastries for his \
children, and walked the rest of the way along the river. The evening was warm and quiet; only \
the sound of the water and a distant train broke the silence. At home, dinner was waiting.";

const CHINESE: &str = "今天天气很好，我们一起去公园散步吧。公园里有很多人，有的在跑步，有的在打太极拳，\
还有的在湖边钓鱼。孩子们在草地上玩耍，老人们坐在长椅上聊天。我们走了一个多小时，觉得有点累了，\
就找了一家茶馆坐下来休息。服务员给我们倒了两杯绿茶，味道非常清香。我们一边喝茶一边聊天，\
谈到了工作，也谈到了家庭和将来的计划。不知不觉太阳已经下山了，我们才依依不舍地回家。";

const RUSSIAN: &str = "Москва — столица России, город федерального значения, административный \
центр Центрального федерального округа и центр Московской области, в состав которой не входит. \
Крупнейший по численности населения город России и её субъект. Съешь же ещё этих мягких \
французских булок, да выпей чаю. Широкая электрификация южных губерний даст мощный толчок \
подъёму сельского хозяйства.";

fn bench_transliterate(c: &mut Criterion) {
    let mut group = c.benchmark_group("transliterate");
    let russian = RUSSIAN.repeat(10);
    group.throughput(Throughput::Bytes(russian.len() as u64));
    // Words seen before come from the memo.
    group.bench_function("ru_cyrl_latn_warm", |b| {
        b.iter(|| transliterate("ru", "Cyrl", "Latn", black_box(&russian)))
    });
    // Every word new: the ICU4X rules run on all of them.
    let mut n = 0u64;
    group.bench_function("ru_cyrl_latn_cold", |b| {
        b.iter_batched(
            || {
                n += 1;
                let words = russian.split(' ').enumerate();
                words.map(|(i, w)| format!("{w}{n}x{i} ")).collect::<String>()
            },
            |text| transliterate("ru", "Cyrl", "Latn", &text),
            BatchSize::SmallInput,
        )
    });
    group.throughput(Throughput::Bytes(CHINESE.len() as u64));
    group.bench_function("zh_hans_latn", |b| {
        b.iter(|| transliterate("zh-Hans", "Hans", "Latn", black_box(CHINESE)))
    });
    let japanese = "私は学生です。東京に行きました。りんごを食べます。日本語を勉強しています。".repeat(4);
    group.throughput(Throughput::Bytes(japanese.len() as u64));
    group.bench_function("ja_jpan_latn", |b| {
        b.iter(|| transliterate("ja", "Jpan", "Latn", black_box(&japanese)))
    });
    group.finish();
}

fn bench_detect(c: &mut Criterion) {
    let mut group = c.benchmark_group("detect");
    for (name, text) in [("english_1k", ENGLISH), ("chinese", CHINESE)] {
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function(name, |b| b.iter(|| detect(black_box(text))));
    }
    group.finish();
}

fn bench_segment(c: &mut Criterion) {
    let text = ENGLISH.repeat(10);
    let mut group = c.benchmark_group("sentence_lengths");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("english_10k", |b| {
        b.iter(|| sentence_lengths(black_box(&text), Some("en")))
    });
    group.bench_function("english_10k_unicode_rules", |b| {
        b.iter(|| sentence_lengths(black_box(&text), None))
    });
    let chinese = CHINESE.repeat(20);
    group.throughput(Throughput::Bytes(chinese.len() as u64));
    group.bench_function("chinese_unicode_rules", |b| {
        b.iter(|| sentence_lengths(black_box(&chinese), Some("zh-Hans")))
    });
    group.finish();
}

fn bench_examples(c: &mut Criterion) {
    // The process's first en→de look-up decompresses and indexes the German corpus:
    // timed once here; `first_load_*` below times the same work afresh, repeatedly.
    let start = std::time::Instant::now();
    let first = examples::find("en", "de", "house", "Haus", 15);
    let first_ms = start.elapsed().as_secs_f64() * 1e3;
    eprintln!("examples: the process's first find en→de house/Haus took {first_ms:.1} ms");
    assert_eq!(first.len(), 15);
    // Warm the zh corpus too: its first call decompresses and indexes it.
    assert_eq!(examples::count("en", "zh-Hans", "teacher", "老师"), 56);
    let mut group = c.benchmark_group("examples");
    group.bench_function("find_teacher_15", |b| {
        b.iter(|| examples::find("en", "zh-Hans", black_box("teacher"), black_box("老师"), 15))
    });
    group.bench_function("count_go_qu", |b| {
        b.iter(|| examples::count("en", "zh-Hans", black_box("go"), black_box("去")))
    });
    group.bench_function("find_none", |b| {
        b.iter(|| examples::find("zh-Hans", "en", black_box("银行"), black_box("teacher"), 15))
    });
    group.bench_function("find_house_haus_15", |b| {
        b.iter(|| examples::find("en", "de", black_box("house"), black_box("Haus"), 15))
    });
    group.bench_function("count_go_gehen", |b| {
        b.iter(|| examples::count("en", "de", black_box("go"), black_box("gehen")))
    });
    group.bench_function("find_none_de", |b| {
        b.iter(|| examples::find("de", "en", black_box("Haus"), black_box("teacher"), 15))
    });
    group.finish();
    let mut group = c.benchmark_group("examples");
    group.sample_size(10);
    for (from, to) in [("en", "de"), ("en", "zh-Hans")] {
        group.bench_function(format!("first_load_{from}_{to}"), |b| {
            b.iter(|| examples::load_uncached(black_box(from), to))
        });
    }
    group.finish();
}

/// About 10 KB of html: paragraphs with inline markup, entities, a notranslate block,
/// a dynamic-dictionary entry, a comment and a script.
fn html_document() -> String {
    let paragraph = "<p class=\"intro\">The <b>Translator</b> service detects the language of a \
        text &amp; breaks it into <a href=\"https://example.com/?a=1&amp;b=2\">sentences</a>. \
        <span class=\"notranslate\">Keep <em>this</em> as it is.</span> Ask \
        <mstrans:dictionary translation=\"Glossa\">Glossa</mstrans:dictionary> &mdash; it works \
        offline.<br/></p>\n<!-- a comment -->\n";
    let mut doc = String::from("<!DOCTYPE html><html><head><script>var a = 1 < 2;</script></head><body>\n");
    while doc.len() < 10_000 {
        doc.push_str(paragraph);
    }
    doc.push_str("</body></html>");
    doc
}

fn bench_markup(c: &mut Criterion) {
    let doc = html_document();
    let mut group = c.benchmark_group("markup");
    group.throughput(Throughput::Bytes(doc.len() as u64));
    group.bench_function("parse_html_10k", |b| {
        b.iter(|| markup::parse(black_box(&doc), true))
    });
    group.bench_function("parse_plain_10k", |b| {
        b.iter(|| markup::parse(black_box(&doc), false))
    });
    group.finish();
}

criterion_group!(
    benches,
    bench_detect,
    bench_segment,
    bench_examples,
    bench_markup,
    bench_transliterate
);
criterion_main!(benches);
