//! The connection layer (service/server.rs) over raw TCP: a request head
//! that never completes is cut off, the connection cap answers 503 with the
//! documented body, and what hyper refuses before any handler (a malformed
//! request, an over-long URI, too many headers, a malformed chunked body)
//! has its family's JSON body. Every loop here is bounded in count and time.

use std::time::Duration;

use glossa::api::Secret;
use glossa::service::ServiceConfig;
use glossa::service::server::Connections;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use super::common::{KEY, Svc, start, start_with};

const WAIT: Duration = Duration::from_secs(10);

async fn connect(svc: &Svc) -> TcpStream {
    TcpStream::connect(svc.running.addr).await.unwrap()
}

/// Everything the service sends until it closes (or [`WAIT`] passes).
async fn read_all(mut s: TcpStream) -> String {
    let mut out = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// Sends `raw` on a new connection and returns the whole answer.
async fn exchange(svc: &Svc, raw: &[u8]) -> String {
    let mut s = connect(svc).await;
    s.write_all(raw).await.unwrap();
    read_all(s).await
}

/// The status and parsed JSON body of an HTTP/1.1 answer.
fn parse(answer: &str) -> (u16, serde_json::Value) {
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no head: {answer:?}"));
    let status = head[9..12].parse().unwrap();
    assert!(
        head.to_ascii_lowercase()
            .contains("content-type: application/json"),
        "{head}"
    );
    let body = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer:?}"));
    (status, body)
}

#[tokio::test]
async fn what_hyper_refuses_has_the_documented_body() {
    let svc = start().await;
    let long = "a".repeat(70_000);
    let uri = format!("GET /languages?api-version=3.0&x={long} HTTP/1.1\r\nHost: x\r\n\r\n");
    let (status, body) = parse(&exchange(&svc, uri.as_bytes()).await);
    assert_eq!((status, body["error"]["code"].as_u64()), (414, Some(414000)));
    let arm = format!("GET /subscriptions/{long} HTTP/1.1\r\nHost: x\r\n\r\n");
    let (status, body) = parse(&exchange(&svc, arm.as_bytes()).await);
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (414, Some("RequestUriTooLong"))
    );
    let headers: String = (0..300).map(|i| format!("X-Filler-{i}: {i}\r\n")).collect();
    let many = format!("POST /detect?api-version=3.0 HTTP/1.1\r\nHost: x\r\n{headers}\r\n");
    let (status, body) = parse(&exchange(&svc, many.as_bytes()).await);
    assert_eq!((status, body["error"]["code"].as_u64()), (431, Some(431000)));
    let (status, body) = parse(&exchange(&svc, b"NOT HTTP AT ALL\r\n\r\n").await);
    assert_eq!((status, body["error"]["code"].as_u64()), (400, Some(400000)));
    let lcs = b"GET /databasemovement/v1/x HTTP/1.1\r\nBad Header\r\n\r\n";
    let (status, body) = parse(&exchange(&svc, lcs).await);
    assert_eq!(status, 400);
    assert!(body["Message"].is_string(), "{body}");
}

#[tokio::test]
async fn a_malformed_chunked_body_is_a_bad_request_not_a_timeout() {
    let svc = start().await;
    let raw = format!(
        "POST /detect?api-version=3.0 HTTP/1.1\r\nHost: x\r\nOcp-Apim-Subscription-Key: {KEY}\r\n\
         Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n[]\r\n0\r\n\r\n"
    );
    let (status, body) = parse(&exchange(&svc, raw.as_bytes()).await);
    assert_eq!((status, body["error"]["code"].as_u64()), (400, Some(400000)));
}

#[tokio::test]
async fn half_sent_requests_are_cut_off_and_the_cap_answers_503() {
    let limits = Connections {
        max: 20,
        header_timeout: Duration::from_millis(500),
    };
    let svc = start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        connections: limits,
        ..ServiceConfig::default()
    })
    .await;
    // Fill the cap with requests whose head never ends.
    let mut stalled = Vec::new();
    for _ in 0..limits.max {
        let mut s = connect(&svc).await;
        s.write_all(b"POST /detect?api-version=3.0 HTTP/1.1\r\nHost: x\r\n")
            .await
            .unwrap();
        stalled.push(s);
    }
    // One more: refused at once, with the documented body and Retry-After.
    let answer = exchange(
        &svc,
        b"GET /languages?api-version=3.0 HTTP/1.1\r\nHost: x\r\n\r\n",
    )
    .await;
    let (status, body) = parse(&answer);
    assert_eq!((status, body["error"]["code"].as_u64()), (503, Some(503000)));
    assert!(answer.to_ascii_lowercase().contains("retry-after: 1"), "{answer}");
    // The stalled ones are closed after the header timeout, without an answer.
    for s in stalled {
        assert_eq!(read_all(s).await, "", "closed, nothing sent");
    }
    // And the service answers again.
    let resp = svc
        .get("/languages?api-version=3.0&scope=dictionary")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed_after_the_timeout() {
    let svc = start_with(ServiceConfig {
        connections: Connections {
            max: 10,
            header_timeout: Duration::from_millis(300),
        },
        ..ServiceConfig::default()
    })
    .await;
    let mut s = connect(&svc).await;
    s.write_all(b"GET /languages?api-version=3.0&scope=dictionary HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let answer = read_all(s).await;
    assert!(
        answer.starts_with("HTTP/1.1 200"),
        "answered, then closed when idle"
    );
}

#[tokio::test]
async fn the_listen_backlog_is_1024() {
    // `ss` (iproute2, on every machine of this project) reads the listening
    // socket's backlog through sock_diag: Send-Q of a LISTEN row. The kernel
    // caps it at net.core.somaxconn (4096 by default since Linux 5.4).
    let svc = start().await;
    let port = svc.running.addr.port();
    let out = std::process::Command::new("ss")
        .args(["-ltnH", &format!("sport = :{port}")])
        .output()
        .expect("ss (iproute2) runs");
    let text = String::from_utf8_lossy(&out.stdout);
    let send_q: Vec<u32> = text
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2)?.parse().ok())
        .collect();
    let somaxconn: u32 = std::fs::read_to_string("/proc/sys/net/core/somaxconn")
        .map_or(4096, |s| s.trim().parse().unwrap_or(4096));
    assert_eq!(send_q, [1024.min(somaxconn)], "{text}");
}
