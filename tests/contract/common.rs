//! Starting a service for a test and asserting on its answers.

use std::net::SocketAddr;

use glossa::api::{ErrorBody, Secret};
use glossa::service::clock::Clock;
use glossa::service::{self, Running, ServiceConfig};
use reqwest::{Client, RequestBuilder, Response};

pub const KEY: &str = "test-key-7f3a9c";

/// A plain HTTP client (TLS provider installed first, as the crate's client does).
pub fn http() -> Client {
    glossa::client::install_tls();
    Client::new()
}

pub struct Svc {
    pub url: String,
    pub http: Client,
    pub clock: Clock,
    pub running: Running,
}

pub async fn start_with(mut config: ServiceConfig) -> Svc {
    let clock = Clock::manual(1_800_000_000);
    config.clock = clock.clone();
    let addr: SocketAddr = "127.0.0.1:0".parse().unwrap();
    let running = service::start(config, addr).await.expect("service starts");
    Svc {
        url: running.url(),
        http: http(),
        clock,
        running,
    }
}

/// A global resource with the test key.
pub async fn start() -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        ..ServiceConfig::default()
    })
    .await
}

impl Svc {
    /// POST with the key and a JSON content type.
    pub fn post(&self, path_and_query: &str, body: &str) -> RequestBuilder {
        self.http
            .post(format!("{}{path_and_query}", self.url))
            .header("Ocp-Apim-Subscription-Key", KEY)
            .header("Content-Type", "application/json; charset=UTF-8")
            .body(body.to_owned())
    }

    pub fn get(&self, path_and_query: &str) -> RequestBuilder {
        self.http.get(format!("{}{path_and_query}", self.url))
    }

    /// GETs and returns the parsed JSON of a success.
    pub async fn get_json(&self, path_and_query: &str) -> serde_json::Value {
        let resp = self.get(path_and_query).send().await.unwrap();
        assert_eq!(resp.status(), 200, "{path_and_query}");
        resp.json().await.unwrap()
    }

    /// GETs and returns the error code of the answer.
    pub async fn get_code(&self, path_and_query: &str) -> u32 {
        error_code(self.get(path_and_query).send().await.unwrap()).await
    }

    /// POSTs and returns the parsed JSON of a success.
    pub async fn ok(&self, path_and_query: &str, body: &str) -> serde_json::Value {
        let resp = self.post(path_and_query, body).send().await.unwrap();
        let status = resp.status();
        let text = resp.text().await.unwrap();
        assert_eq!(status, 200, "{path_and_query}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    /// POSTs and returns the error code of the answer.
    pub async fn code(&self, path_and_query: &str, body: &str) -> u32 {
        error_code(self.post(path_and_query, body).send().await.unwrap()).await
    }
}

/// The 6-digit code of an error answer; checks that the status matches it.
/// A token from the service's issueToken, for the management operations.
pub async fn issue_token(http: &Client, url: &str) -> String {
    let resp = http
        .post(format!("{url}/sts/v1.0/issueToken"))
        .header("Ocp-Apim-Subscription-Key", KEY)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

pub async fn error_code(resp: Response) -> u32 {
    let status = resp.status().as_u16();
    let ctype = resp.headers()["content-type"].to_str().unwrap().to_owned();
    let text = resp.text().await.unwrap();
    let body: ErrorBody = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {status} {text}"));
    assert!(ctype.starts_with("application/json"), "{ctype}");
    assert_eq!(
        u32::from(status),
        body.error.code / 1000,
        "status and code disagree: {text}"
    );
    assert!(!body.error.message.is_empty());
    body.error.code
}
