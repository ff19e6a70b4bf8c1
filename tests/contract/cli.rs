//! The real binary: `glossa serve` per the CLI contract of DESIGN.md.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_glossa");
const SECRET_KEY: &str = "cli-secret-key-5b1e0d";

/// Starts `glossa serve` and returns the child and its base URL (read from
/// the first line of stdout).
fn serve(extra: &[&str]) -> (Child, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(extra)
        .env("GLOSSA_SERVE_KEY", SECRET_KEY)
        .env("GLOSSA_LOG", "debug")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("glossa runs");
    let mut first = String::new();
    let stdout = child.stdout.take().unwrap();
    BufReader::new(stdout).read_line(&mut first).unwrap();
    let url = first
        .trim_end()
        .strip_prefix("listening on ")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .to_owned();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (child, url)
}

/// SIGTERM, a clean exit, and what the service wrote to stderr.
fn stop(mut child: Child) -> String {
    let status = Command::new("kill").arg(child.id().to_string()).status().unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "graceful shutdown exits 0: {exit:?}");
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    err
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
    let (child, url) = serve(&["--region", "westus2", "--data-dir", data_arg]);
    let http = reqwest::Client::new();
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
    let log = stop(child);
    assert!(log.contains("POST /detect 200"), "access log: {log}");
    assert!(!log.contains(SECRET_KEY), "the key leaked into the log");
    assert!(!log.contains(&t), "the token leaked into the log");
    assert!(
        !log.contains("Subscription-Key="),
        "a query with the key was logged"
    );

    // The token signing secret is kept in --data-dir: tokens survive a restart.
    let (child, url) = serve(&["--region", "westus2", "--data-dir", data_arg]);
    assert_eq!(detect_with_token(&http, &url, &t).await, 200);
    stop(child);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn bare_glossa_prints_usage() {
    let out = Command::new(BIN).output().unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("serve"));
}
