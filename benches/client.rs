//! Translating a 1 MB document through the client: the number of requests
//! (goal: ⌈characters × targets / 50,000⌉, plus at most one) and the wall
//! time, side by side with a naive client that sends one element per request
//! (same service, same concurrency, same run).
//!
//! `cargo bench --bench client` (`-- --targets fi,ja` to change the targets).
//! `cargo test --all-targets` runs it as a smoke test on 20 KB; `-- --quick`
//! (or `GLOSSA_BENCH_QUICK=1`) measures 100 KB. Besides the
//! table it prints `BENCH key value unit` lines for scripts/bench.sh.

use std::time::Instant;

use futures_util::StreamExt;
use glossa::api::Secret;
use glossa::client::{Auth, Client, Endpoint};
use glossa::service::{self, ServiceConfig};

const KEY: &str = "bench-key";
const CONCURRENCY: usize = 4;

/// Deterministic English prose: lines of one to four sentences.
fn document(bytes: usize) -> Vec<String> {
    let subjects = [
        "The old man",
        "My sister",
        "A small cat",
        "The teacher",
        "Our neighbour",
        "The bank",
    ];
    let verbs = ["reads", "buys", "finds", "opens", "writes", "closes"];
    let objects = [
        "a long letter",
        "the red door",
        "an account",
        "the morning paper",
        "a new house",
        "the window",
    ];
    let mut lines = Vec::new();
    let (mut size, mut i) = (0, 0usize);
    while size < bytes {
        let n = 1 + i % 4;
        let line: Vec<String> = (0..n)
            .map(|k| {
                let j = i * 7 + k * 13;
                format!(
                    "{} {} {} today.",
                    subjects[j % 6],
                    verbs[(j / 6) % 6],
                    objects[(j / 36) % 6]
                )
            })
            .collect();
        let line = line.join(" ");
        size += line.len() + 1;
        lines.push(line);
        i += 1;
    }
    lines
}

async fn naive(url: &str, lines: &[String], targets: &[&str]) -> usize {
    glossa::client::install_tls();
    let http = reqwest::Client::new();
    let to: String = targets.iter().map(|t| format!("&to={t}")).collect();
    let url = format!("{url}/translate?api-version=3.0&from=en{to}");
    let answers: Vec<usize> = futures_util::stream::iter(lines)
        .map(|line| {
            let (http, url) = (http.clone(), url.clone());
            async move {
                let body = serde_json::json!([{ "Text": line }]);
                let resp = http
                    .post(&url)
                    .header("Ocp-Apim-Subscription-Key", KEY)
                    .json(&body)
                    .send()
                    .await
                    .expect("answer");
                assert_eq!(resp.status(), 200);
                resp.bytes().await.expect("body").len()
            }
        })
        .buffered(CONCURRENCY)
        .collect()
        .await;
    answers.len()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let smoke = !args.iter().any(|a| a == "--bench");
    let quick = args.iter().any(|a| a == "--quick")
        || std::env::var_os("GLOSSA_BENCH_QUICK").is_some_and(|v| v == "1");
    let targets_arg = args
        .iter()
        .position(|a| a == "--targets")
        .and_then(|i| args.get(i + 1))
        .cloned()
        .unwrap_or_else(|| "fi,ja".into());
    let targets: Vec<&str> = targets_arg.split(',').collect();
    let size = match (smoke, quick) {
        (true, _) => 20_000,
        (false, true) => 100_000,
        (false, false) => 1_000_000,
    };
    let lines = document(size);
    let chars: usize = lines.iter().map(|l| l.encode_utf16().count()).sum();
    let ideal = (chars * targets.len()).div_ceil(50_000);
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(async {
        let config = ServiceConfig {
            key: Some(Secret::new(KEY)),
            ..ServiceConfig::default()
        };
        let running = service::start(config, ([127, 0, 0, 1], 0).into()).await.unwrap();
        let url = running.url();
        let client = Client::builder(Endpoint::parse(&url).unwrap())
            .auth(Auth::key(KEY))
            .concurrency(CONCURRENCY)
            .languages_cache(None)
            .build()
            .unwrap();
        // Warm-up: the engine loads its dictionaries on first use.
        client
            .translate(["warm up"])
            .to("fi")
            .to("ja")
            .send()
            .await
            .unwrap();
        let before = client.requests_sent();
        let started = Instant::now();
        let mut call = client.translate(&lines).from("en");
        for t in &targets {
            call = call.to(*t);
        }
        let r = call.send().await.unwrap();
        let batched = started.elapsed();
        let batched_requests = (client.requests_sent() - before) as usize;
        assert_eq!(r.value.len(), lines.len());
        let whole = lines.join("\n");
        let started = Instant::now();
        let mut call = client.translate([whole.as_str()]).from("en");
        for t in &targets {
            call = call.to(*t);
        }
        let one = call.send().await.unwrap();
        let one_element = started.elapsed();
        let started = Instant::now();
        let naive_requests = naive(&url, &lines, &targets).await;
        let naive_time = started.elapsed();
        println!(
            "document: {} lines, {chars} characters, {} targets; ideal ⌈chars × targets / 50,000⌉ = {ideal}",
            lines.len(),
            targets.len()
        );
        println!("| client | requests | wall time | vs naive |");
        println!("|---|---|---|---|");
        println!(
            "| glossa client, one element per line | {batched_requests} | {:.2} s | {:.2}× |",
            batched.as_secs_f64(),
            naive_time.as_secs_f64() / batched.as_secs_f64()
        );
        println!(
            "| glossa client, the document as one element | {} | {:.2} s | {:.2}× |",
            one.requests.len(),
            one_element.as_secs_f64(),
            naive_time.as_secs_f64() / one_element.as_secs_f64()
        );
        println!(
            "| naive, one element per request | {naive_requests} | {:.2} s | 1.00× |",
            naive_time.as_secs_f64()
        );
        for (key, value, unit) in [
            ("client.ideal_requests", ideal as f64, "requests"),
            ("client.batched_requests", batched_requests as f64, "requests"),
            ("client.batched_time", batched.as_secs_f64(), "s"),
            (
                "client.one_element_requests",
                one.requests.len() as f64,
                "requests",
            ),
            ("client.one_element_time", one_element.as_secs_f64(), "s"),
            ("client.naive_requests", naive_requests as f64, "requests"),
            ("client.naive_time", naive_time.as_secs_f64(), "s"),
        ] {
            println!("BENCH {key} {value:.3} {unit}");
        }
        assert!(
            batched_requests <= ideal.max(lines.len().div_ceil(1_000)) + 1,
            "batching goal missed"
        );
        assert!(one.requests.len() <= ideal + 1, "splitting goal missed");
        let _ = running.stop().await;
    });
}
