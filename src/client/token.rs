//! The access-token cache of token mode.
//!
//! A token from issueToken is valid 10 minutes; the spec advises reusing it
//! and fetching a new one at intervals shorter than that, e.g. every 8
//! minutes. The cache hands out the token until 8 minutes after it was
//! fetched (sooner if its `exp` claim says so, with a minute to spare).
//!
//! Concurrent calls share one refresh: the first caller to find the token
//! stale fetches while holding the lock; the others wait on it and then find
//! the fresh token. A 401 answer invalidates the token that was used (only
//! that one: a newer token fetched meanwhile is kept).

use std::future::Future;

use base64::Engine as _;
use tokio::sync::Mutex;

use super::error::ClientError;
use crate::api::Secret;
use crate::clock::Clock;

/// Fetch a new token this long after the last one at the latest.
pub const REFRESH_AFTER_SECS: u64 = 8 * 60;

struct Cached {
    token: Secret,
    refresh_at: u64,
}

/// A shared, lazily refreshed access token.
pub struct TokenCache {
    slot: Mutex<Option<Cached>>,
    clock: Clock,
}

impl TokenCache {
    pub fn new(clock: Clock) -> Self {
        Self {
            slot: Mutex::new(None),
            clock,
        }
    }

    /// The current token, fetched with `fetch` when there is none or it is due.
    pub async fn get<F, Fut>(&self, fetch: F) -> Result<Secret, ClientError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Secret, ClientError>>,
    {
        let mut slot = self.slot.lock().await;
        let now = self.clock.now_unix();
        if let Some(c) = slot.as_ref()
            && now < c.refresh_at
        {
            return Ok(c.token.clone());
        }
        let token = fetch().await?;
        let refresh_at = refresh_time(&token, now);
        *slot = Some(Cached {
            token: token.clone(),
            refresh_at,
        });
        Ok(token)
    }

    /// Forgets `used` if it is still the cached token (after a 401).
    pub async fn invalidate(&self, used: &Secret) {
        let mut slot = self.slot.lock().await;
        if slot.as_ref().is_some_and(|c| c.token == *used) {
            *slot = None;
        }
    }
}

/// When to fetch again: 8 minutes from now, or a minute before the token's
/// `exp` if that is sooner (a token from a clock-skewed or stingy service).
fn refresh_time(token: &Secret, now: u64) -> u64 {
    let by_age = now + REFRESH_AFTER_SECS;
    match jwt_exp(token.expose()) {
        Some(exp) if exp > now => by_age.min(exp.saturating_sub(60).max(now + 1)),
        _ => by_age,
    }
}

/// The `exp` claim of a JWT, if the token is one.
fn jwt_exp(token: &str) -> Option<u64> {
    let payload = token.split('.').nth(1)?;
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(payload.trim_end_matches('='))
        .ok()?;
    let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    v.get("exp")?.as_u64()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    fn jwt(exp: u64) -> String {
        let b = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        format!(
            "{}.{}.sig",
            b.encode("{}"),
            b.encode(format!("{{\"exp\":{exp}}}"))
        )
    }

    #[tokio::test]
    async fn reused_then_refreshed_after_eight_minutes() {
        let clock = Clock::manual(1_000_000);
        let cache = TokenCache::new(clock.clone());
        let fetches = AtomicU32::new(0);
        let fetch = || async {
            let n = fetches.fetch_add(1, Ordering::SeqCst);
            Ok(Secret::new(format!("t{n}")))
        };
        assert_eq!(cache.get(fetch).await.unwrap().expose(), "t0");
        clock.advance(REFRESH_AFTER_SECS - 1);
        assert_eq!(cache.get(fetch).await.unwrap().expose(), "t0");
        clock.advance(1);
        assert_eq!(cache.get(fetch).await.unwrap().expose(), "t1");
        assert_eq!(fetches.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_fetch() {
        let cache = Arc::new(TokenCache::new(Clock::manual(5)));
        let fetches = Arc::new(AtomicU32::new(0));
        let mut tasks = Vec::new();
        for _ in 0..32 {
            let (cache, fetches) = (cache.clone(), fetches.clone());
            tasks.push(tokio::spawn(async move {
                cache
                    .get(|| async {
                        fetches.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                        Ok(Secret::new("shared"))
                    })
                    .await
            }));
        }
        for t in tasks {
            assert_eq!(t.await.unwrap().unwrap().expose(), "shared");
        }
        assert_eq!(fetches.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn invalidate_only_the_used_token() {
        let cache = TokenCache::new(Clock::manual(5));
        let t = cache.get(|| async { Ok(Secret::new("a")) }).await.unwrap();
        cache.invalidate(&Secret::new("other")).await;
        let again = cache.get(|| async { Ok(Secret::new("b")) }).await.unwrap();
        assert_eq!(again.expose(), "a");
        cache.invalidate(&t).await;
        let fresh = cache.get(|| async { Ok(Secret::new("b")) }).await.unwrap();
        assert_eq!(fresh.expose(), "b");
    }

    #[test]
    fn exp_claim_shortens_the_life() {
        let now = 1_000;
        assert_eq!(refresh_time(&Secret::new(jwt(now + 600)), now), now + 480);
        assert_eq!(refresh_time(&Secret::new(jwt(now + 300)), now), now + 240);
        assert_eq!(refresh_time(&Secret::new(jwt(now + 30)), now), now + 1);
        assert_eq!(refresh_time(&Secret::new("opaque"), now), now + 480);
    }

    #[tokio::test]
    async fn failed_fetch_is_not_cached() {
        let cache = TokenCache::new(Clock::manual(5));
        let err = cache.get(|| async { Err(ClientError::Input("no".into())) }).await;
        assert!(err.is_err());
        let ok = cache.get(|| async { Ok(Secret::new("x")) }).await.unwrap();
        assert_eq!(ok.expose(), "x");
    }
}
