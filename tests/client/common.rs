//! A local service per test, and clients for it.

use std::time::Duration;

use glossa::client::{Auth, Client, ClientBuilder, Endpoint, RetryPolicy};

// The contract tests' harness: one way to start a service for a test (its
// assertion helpers are not all used here).
#[allow(dead_code)]
#[path = "../contract/common.rs"]
mod harness;
pub use harness::{KEY, Svc, start, start_with};

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

/// The `glossa` binary with no management endpoint, token or profile from
/// the developer's environment (the embedded sandbox answers).
pub fn glossa_local() -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_glossa"));
    cmd.env_remove("GLOSSA_MANAGEMENT_TOKEN")
        .env_remove("GLOSSA_MANAGEMENT_URL")
        .env_remove("GLOSSA_LCS_URL")
        .env_remove("GLOSSA_PROFILE")
        .env("GLOSSA_CONFIG", "/nonexistent/glossa/config.toml");
    cmd
}
