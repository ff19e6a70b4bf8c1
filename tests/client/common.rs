//! A local service per test, and clients for it.

use std::net::SocketAddr;
use std::time::Duration;

use glossa::api::Secret;
use glossa::client::{Auth, Client, ClientBuilder, Endpoint, RetryPolicy};
use glossa::clock::Clock;
use glossa::service::{self, Running, ServiceConfig};

pub const KEY: &str = "client-test-key-51c2";

pub struct Svc {
    pub url: String,
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
        clock,
        running,
    }
}

pub async fn start() -> Svc {
    start_with(ServiceConfig {
        key: Some(Secret::new(KEY)),
        ..ServiceConfig::default()
    })
    .await
}

/// Retries quick enough for tests.
pub fn fast_retries() -> RetryPolicy {
    RetryPolicy {
        max_attempts: 8,
        base_delay: Duration::from_millis(5),
        max_delay: Duration::from_secs(2),
        deadline: Duration::from_secs(60),
        attempt_timeout: Duration::from_secs(20),
    }
}

impl Svc {
    pub fn builder(&self) -> ClientBuilder {
        Client::builder(Endpoint::parse(&self.url).unwrap())
            .retry(fast_retries())
            .languages_cache(None)
    }

    pub fn client(&self) -> Client {
        self.builder().auth(Auth::key(KEY)).build().unwrap()
    }
}
