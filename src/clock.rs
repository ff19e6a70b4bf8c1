//! An injectable clock, so tests can move time (token expiry in the service
//! and in the client's token cache, the sandbox's `--time-scale` later)
//! without sleeping.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Clone, Debug, Default)]
pub enum Clock {
    /// Wall-clock time.
    #[default]
    System,
    /// A clock that only moves when told to (seconds since the Unix epoch).
    Manual(Arc<AtomicU64>),
}

impl Clock {
    /// A manual clock starting at `unix_secs`.
    pub fn manual(unix_secs: u64) -> Self {
        Clock::Manual(Arc::new(AtomicU64::new(unix_secs)))
    }

    /// Seconds since the Unix epoch.
    pub fn now_unix(&self) -> u64 {
        match self {
            Clock::System => SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map(|d| d.as_secs())
                .unwrap_or(0),
            Clock::Manual(t) => t.load(Ordering::SeqCst),
        }
    }

    /// Moves a manual clock forward; a no-op for the system clock.
    pub fn advance(&self, secs: u64) {
        if let Clock::Manual(t) = self {
            t.fetch_add(secs, Ordering::SeqCst);
        }
    }
}
