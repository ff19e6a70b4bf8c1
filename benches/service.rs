//! Requests per second of the local service on `/detect` and
//! `/breaksentence`, side by side with an axum hello-world handler, in one run
//! on the same machine and the same load generator. Prints a table with the
//! ratio to the hello-world baseline (goal for /detect: ≥ 0.5).
//!
//! `cargo bench --bench service` (`-- --seconds N --concurrency N` to change
//! the load). The load generator is in-process (keep-alive HTTP/1.1 clients on
//! loopback), so it shares the 2 cores with the servers; the ratio is what
//! counts, not the absolute numbers. Besides the table it prints one
//! `BENCH key value unit` line per number (scripts/bench.sh collects them).

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use axum::routing::post;
use glossa::api::Secret;
use glossa::service::{self, ServiceConfig};

const KEY: &str = "bench-key";
/// A typical short request from the workbench: one sentence.
const BODY: &str = r#"[{"Text":"Could you tell me where the nearest train station is, please?"}]"#;

struct Load {
    seconds: f64,
    concurrency: usize,
    smoke: bool,
}

fn parse_args() -> Load {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str, default: u64| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    // `cargo test --all-targets` runs bench binaries without `--bench`: a
    // short smoke run then, so CI checks the bench works without timing it.
    let smoke = !args.iter().any(|a| a == "--bench");
    Load {
        seconds: if smoke { 0.2 } else { value("--seconds", 4) as f64 },
        concurrency: value("--concurrency", 16) as usize,
        smoke,
    }
}

/// Drives `url` with `load.concurrency` clients for `load.seconds`; returns
/// requests/s. Every answer must be 200.
async fn drive(url: String, key: bool, load: &Load) -> f64 {
    glossa::client::install_tls();
    let http = reqwest::Client::new();
    // Warm-up: connections, caches, the engine's lazy data.
    for _ in 0..50 {
        send(&http, &url, key).await;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let done = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let workers: Vec<_> = (0..load.concurrency)
        .map(|_| {
            let (http, url, stop, done) = (http.clone(), url.clone(), stop.clone(), done.clone());
            tokio::spawn(async move {
                while !stop.load(Ordering::Relaxed) {
                    send(&http, &url, key).await;
                    done.fetch_add(1, Ordering::Relaxed);
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs_f64(load.seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for w in workers {
        let _ = w.await;
    }
    done.load(Ordering::Relaxed) as f64 / started.elapsed().as_secs_f64()
}

async fn send(http: &reqwest::Client, url: &str, key: bool) {
    let mut req = http
        .post(url)
        .header("Content-Type", "application/json")
        .body(BODY);
    if key {
        req = req.header("Ocp-Apim-Subscription-Key", KEY);
    }
    let resp = req.send().await.expect("loopback request");
    assert_eq!(resp.status(), 200, "{url}");
    let _ = resp.bytes().await;
}

async fn hello_world() -> SocketAddr {
    let app = Router::new().route("/", post(|| async { "Hello, World!" }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("addr");
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

fn main() {
    let load = parse_args();
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async {
        let hello = hello_world().await;
        let config = ServiceConfig {
            key: Some(Secret::new(KEY)),
            ..ServiceConfig::default()
        };
        let glossa = service::start(config, "127.0.0.1:0".parse().expect("addr"))
            .await
            .expect("service");
        let base = glossa.url();
        let baseline = drive(format!("http://{hello}/"), false, &load).await;
        let detect = drive(format!("{base}/detect?api-version=3.0"), true, &load).await;
        let breaks = drive(format!("{base}/breaksentence?api-version=3.0"), true, &load).await;
        if load.smoke {
            println!("service bench: smoke run (not a measurement; `cargo bench --bench service` measures)");
            return;
        }
        println!(
            "service load: {} s each, {} concurrent keep-alive clients, {} cores",
            load.seconds,
            load.concurrency,
            std::thread::available_parallelism().map_or(0, |n| n.get())
        );
        println!("{:<32} {:>12} {:>10}", "target", "requests/s", "ratio");
        println!(
            "{:<32} {:>12.0} {:>10.2}",
            "axum hello-world (baseline)", baseline, 1.0
        );
        println!(
            "{:<32} {:>12.0} {:>10.2}",
            "glossa /detect",
            detect,
            detect / baseline
        );
        println!(
            "{:<32} {:>12.0} {:>10.2}",
            "glossa /breaksentence",
            breaks,
            breaks / baseline
        );
        for (key, rps) in [
            ("hello_world", baseline),
            ("detect", detect),
            ("breaksentence", breaks),
        ] {
            println!("BENCH service.{key}_rps {rps:.0} req/s");
        }
    });
}
