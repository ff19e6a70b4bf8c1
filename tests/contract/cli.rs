//! The real binary: `glossa serve` per the CLI contract of DESIGN.md.

use std::process::Command;

use crate::served::Served;

const BIN: &str = env!("CARGO_BIN_EXE_glossa");
const SECRET_KEY: &str = "cli-secret-key-5b1e0d";

/// `glossa serve` on a free loopback port with the test key, logging at debug.
fn serve(extra: &[&str]) -> Served {
    let args = [&["--addr", "127.0.0.1:0"][..], extra].concat();
    let served = Served::start(
        &args,
        &[("GLOSSA_SERVE_KEY", SECRET_KEY), ("GLOSSA_LOG", "debug")],
    );
    assert!(served.url.starts_with("http://127.0.0.1:"), "{}", served.url);
    served
}

/// SIGTERM, a clean exit, and what the service wrote to stderr.
fn stop(served: Served) -> String {
    let (exit, log) = served.stop();
    assert!(exit.success(), "graceful shutdown exits 0: {exit:?}");
    log
}

async fn token(http: &reqwest::Client, url: &str) -> String {
    let resp = http
        .post(format!("{url}/sts/v1.0/issueToken?Subscription-Key={SECRET_KEY}"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

async fn detect_with_token(http: &reqwest::Client, url: &str, token: &str) -> u16 {
    http.post(format!("{url}/detect?api-version=3.0"))
        .header("Authorization", format!("Bearer {token}"))
        .header("Content-Type", "application/json")
        .body(r#"[{"Text":"Good morning"}]"#)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn serve_answers_and_never_logs_secrets() {
    let data = std::env::temp_dir().join(format!("glossa-cli-{}", std::process::id()));
    let data_arg = data.to_str().unwrap();
    let served = serve(&["--region", "westus2", "--data-dir", data_arg]);
    let url = served.url.clone();
    let http = crate::common::http();
    let t = token(&http, &url).await;
    assert_eq!(detect_with_token(&http, &url, &t).await, 200);
    let keyed = http
        .post(format!(
            "{url}/translate?api-version=3.0&to=fi&Subscription-Key={SECRET_KEY}&Subscription-Region=westus2"
        ))
        .header("Content-Type", "application/json")
        .body(r#"[{"Text":"Good morning"}]"#)
        .send()
        .await
        .unwrap();
    assert_eq!(keyed.status(), 200);
    let log = stop(served);
    assert!(log.contains("POST /detect 200"), "access log: {log}");
    assert!(!log.contains(SECRET_KEY), "the key leaked into the log");
    assert!(!log.contains(&t), "the token leaked into the log");
    assert!(
        !log.contains("Subscription-Key="),
        "a query with the key was logged"
    );

    // The token signing secret is kept in --data-dir: tokens survive a restart.
    let served = serve(&["--region", "westus2", "--data-dir", data_arg]);
    let url = served.url.clone();
    assert_eq!(detect_with_token(&http, &url, &t).await, 200);
    stop(served);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn bare_glossa_without_a_terminal_points_to_the_commands() {
    let out = Command::new(BIN).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs a terminal"));
    let help = Command::new(BIN).arg("--help").output().unwrap();
    let help = String::from_utf8_lossy(&help.stdout);
    assert!(help.contains("serve") && help.contains("translate"), "{help}");
}

#[test]
fn serve_refuses_fault_rates_outside_zero_to_one() {
    for rate in ["2", "-0.5", "NaN", "often"] {
        let out = Command::new(BIN)
            .args(["serve", "--addr", "127.0.0.1:0", "--chaos", rate])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--chaos {rate} is a usage error");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--chaos") && err.contains("from 0 to 1"), "{err}");
    }
    let out = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--seed", "7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--seed needs --chaos");
}

async fn languages(http: &reqwest::Client, url: &str) {
    // Faults are expected: only the log is looked at.
    if let Ok(resp) = http.get(format!("{url}/languages?api-version=3.0")).send().await {
        let _ = resp.bytes().await;
    }
}

#[tokio::test]
async fn chaos_logs_its_seed_and_each_fault_with_its_request_id() {
    let served = serve(&["--chaos", "1", "--seed", "7", "--chaos-delay-ms", "10"]);
    let url = served.url.clone();
    let http = crate::common::http();
    for _ in 0..10 {
        languages(&http, &url).await;
    }
    let log = stop(served);
    assert!(log.contains("seed 7 (replay with --seed 7)"), "{log}");
    let access: Vec<&str> = log
        .lines()
        .filter(|l| l.contains("glossa::access") && l.contains("GET /languages"))
        .collect();
    assert_eq!(access.len(), 10, "{log}");
    for line in access {
        assert!(line.contains(" LANG.LOCL.") && line.contains(" chaos="), "{line}");
    }
    let injected = log
        .lines()
        .filter(|l| l.contains("glossa::chaos: injected"))
        .count();
    assert_eq!(injected, 10, "a debug line per fault: {log}");
}

#[tokio::test]
async fn chaos_without_a_seed_logs_the_one_it_drew() {
    let served = serve(&["--chaos", "0"]);
    let url = served.url.clone();
    languages(&crate::common::http(), &url).await;
    let log = stop(served);
    let seed = log
        .split("(replay with --seed ")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no seed logged: {log}"));
    assert!(seed.parse::<u64>().is_ok(), "{seed}");
    assert!(
        log.contains("GET /languages 200"),
        "rate 0 injects nothing: {log}"
    );
    assert!(!log.contains("chaos="), "{log}");
}

#[test]
fn serve_refuses_a_malformed_resource_id() {
    let out = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--resource-id",
            "/subscriptions/x/",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--resource-id") && err.contains("/resourceGroups/"),
        "{err}"
    );
}
