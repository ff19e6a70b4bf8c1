//! When and how long to wait before trying a request again.
//!
//! Retryable: 408 (a custom system warming up, spec §7), 429 (request
//! limits), 500, 502, 503, 504, and every failure to get an answer at all
//! (refused or reset connections, timeouts, a body cut off mid-way). Anything
//! else fails at once: another 4xx will not change by asking again.
//!
//! Waits grow exponentially with "equal jitter" (half fixed, half random, so
//! many clients that failed together do not come back together), capped at
//! `max_delay`. A `Retry-After` from the service is honored as the least wait.
//! Attempts stop at `max_attempts` or when the next wait would pass the
//! overall `deadline`, whichever comes first.

use std::time::{Duration, Instant, SystemTime};

/// Retry settings of a client.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts per request, the first included (1 = no retries).
    pub max_attempts: u32,
    /// The first backoff step.
    pub base_delay: Duration,
    /// The longest wait between two attempts (a longer `Retry-After` ends the retries).
    pub max_delay: Duration,
    /// The most time one request may take, all attempts and waits included.
    pub deadline: Duration,
    /// The most time one attempt may take.
    pub attempt_timeout: Duration,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 6,
            base_delay: Duration::from_millis(250),
            max_delay: Duration::from_secs(30),
            deadline: Duration::from_secs(120),
            // The service's own maximum latency is 15 s (120 s for custom
            // models, api-facts §2); a translate of 50,000 characters needs room.
            attempt_timeout: Duration::from_secs(60),
        }
    }
}

/// Whether an HTTP status is worth another attempt.
pub fn retryable_status(status: u16) -> bool {
    matches!(status, 408 | 429 | 500 | 502 | 503 | 504)
}

impl RetryPolicy {
    /// The wait before attempt `attempt + 1` (after `attempt` failures, from 1),
    /// with `unit` a random number in [0, 1).
    pub fn backoff(&self, attempt: u32, unit: f64) -> Duration {
        let exp = self
            .base_delay
            .saturating_mul(1u32 << attempt.saturating_sub(1).min(20));
        let cap = exp.min(self.max_delay);
        let half = cap / 2;
        half + half.mul_f64(unit.clamp(0.0, 1.0))
    }

    /// The wait to use: the backoff, or longer when the service asked for it.
    /// `None` when the service asked for more than `max_delay`.
    pub fn wait(&self, attempt: u32, unit: f64, retry_after: Option<Duration>) -> Option<Duration> {
        let backoff = self.backoff(attempt, unit);
        match retry_after {
            Some(ra) if ra > self.max_delay => None,
            Some(ra) => Some(ra.max(backoff.min(ra + self.base_delay))),
            None => Some(backoff),
        }
    }
}

/// The attempts of one logical request, for both transports (the
/// Translator's and the management operations'): their numbering, the time
/// left for each, one re-authorization that is not counted as a retry, and
/// the wait before the next attempt or the reason to stop. Each transport
/// keeps only what is its own: which answers may be retried, and what a stop
/// returns.
pub(crate) struct Attempts {
    policy: RetryPolicy,
    started: Instant,
    number: u32,
    reauthorized: bool,
}

/// Why a request gets no further attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    /// `max_attempts` reached, or the service asked to wait longer than `max_delay`.
    Exhausted,
    /// The next wait would pass the overall deadline.
    Deadline,
}

impl Attempts {
    pub fn new(policy: RetryPolicy) -> Attempts {
        Attempts {
            policy,
            started: Instant::now(),
            number: 0,
            reauthorized: false,
        }
    }

    /// Starts the next attempt; its number.
    pub fn begin(&mut self) -> u32 {
        self.number += 1;
        self.number
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// The current attempt's timeout: the policy's, within the time left;
    /// `None` when no time is left.
    pub fn timeout(&self) -> Option<Duration> {
        let remaining = self.policy.deadline.saturating_sub(self.started.elapsed());
        (!remaining.is_zero()).then(|| self.policy.attempt_timeout.min(remaining))
    }

    /// After a 401 with a renewable credential: `true` once per request, and
    /// the attempt is then not counted (the caller tries again at once).
    pub fn reauthorize(&mut self) -> bool {
        if self.reauthorized {
            return false;
        }
        self.reauthorized = true;
        self.number -= 1;
        true
    }

    /// After a retryable failure: how long to wait before the next attempt,
    /// or why there is none.
    pub fn next(&self, retry_after: Option<Duration>) -> Result<Duration, Stop> {
        if self.number >= self.policy.max_attempts {
            return Err(Stop::Exhausted);
        }
        let wait = self
            .policy
            .wait(self.number, rand::random::<f64>(), retry_after)
            .ok_or(Stop::Exhausted)?;
        if self.started.elapsed() + wait >= self.policy.deadline {
            return Err(Stop::Deadline);
        }
        Ok(wait)
    }

    pub fn deadline(&self) -> Duration {
        self.policy.deadline
    }
}

/// Parses `Retry-After`: delay seconds (integer or decimal), or an HTTP date.
pub fn parse_retry_after(value: &str) -> Option<Duration> {
    let v = value.trim();
    if let Ok(secs) = v.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(86_400.0)));
    }
    let when = httpdate(v)?;
    Some(when.duration_since(SystemTime::now()).unwrap_or(Duration::ZERO))
}

/// `Sun, 06 Nov 1994 08:49:37 GMT` (the IMF-fixdate form of RFC 9110).
fn httpdate(v: &str) -> Option<SystemTime> {
    use time::format_description::well_known::Rfc2822;
    let t = time::OffsetDateTime::parse(&v.replace("GMT", "+0000"), &Rfc2822).ok()?;
    let secs = u64::try_from(t.unix_timestamp()).ok()?;
    Some(SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponential_with_jitter_and_cap() {
        let p = RetryPolicy::default();
        assert_eq!(p.backoff(1, 0.0), Duration::from_millis(125));
        assert_eq!(p.backoff(1, 1.0), Duration::from_millis(250));
        assert_eq!(p.backoff(3, 0.0), Duration::from_millis(500));
        assert_eq!(p.backoff(3, 0.999).as_millis(), 999);
        assert_eq!(p.backoff(30, 1.0), p.max_delay);
        assert!(p.backoff(30, 0.0) >= p.max_delay / 2);
    }

    #[test]
    fn retry_after_is_the_least_wait() {
        let p = RetryPolicy::default();
        let w = p.wait(1, 0.0, Some(Duration::from_secs(2))).unwrap();
        assert_eq!(w, Duration::from_secs(2));
        // A long backoff is not stretched further than a little past Retry-After.
        let w = p.wait(8, 1.0, Some(Duration::from_secs(1))).unwrap();
        assert_eq!(w, Duration::from_millis(1250));
        assert_eq!(p.wait(1, 0.0, Some(Duration::from_secs(3600))), None);
    }

    #[test]
    fn attempts_count_reauthorize_once_and_stop() {
        let policy = RetryPolicy {
            max_attempts: 2,
            base_delay: Duration::from_millis(10),
            max_delay: Duration::from_secs(1),
            deadline: Duration::from_secs(5),
            attempt_timeout: Duration::from_secs(2),
        };
        let mut a = Attempts::new(policy);
        assert_eq!(a.begin(), 1);
        assert_eq!(a.timeout(), Some(Duration::from_secs(2)));
        // A 401: one fresh try, not counted; a second 401 is final.
        assert!(a.reauthorize());
        assert_eq!(a.begin(), 1);
        assert!(!a.reauthorize());
        let wait = a.next(None).unwrap();
        assert!(
            wait >= Duration::from_millis(5) && wait <= Duration::from_millis(10),
            "{wait:?}"
        );
        // Retry-After beyond max_delay: no further attempt.
        assert_eq!(a.next(Some(Duration::from_secs(2))), Err(Stop::Exhausted));
        assert_eq!(a.begin(), 2);
        assert_eq!(a.next(None), Err(Stop::Exhausted), "max_attempts reached");
        // A wait that would pass the deadline.
        let short = Attempts::new(RetryPolicy {
            deadline: Duration::from_millis(500),
            ..policy
        });
        assert_eq!(short.next(Some(Duration::from_millis(600))), Err(Stop::Deadline));
        let none_left = Attempts::new(RetryPolicy {
            deadline: Duration::ZERO,
            ..policy
        });
        assert_eq!(none_left.timeout(), None);
    }

    #[test]
    fn classifies_statuses() {
        for s in [408, 429, 500, 502, 503, 504] {
            assert!(retryable_status(s), "{s}");
        }
        for s in [400, 401, 403, 404, 405, 415] {
            assert!(!retryable_status(s), "{s}");
        }
    }

    #[test]
    fn parses_retry_after_forms() {
        assert_eq!(parse_retry_after("1"), Some(Duration::from_secs(1)));
        assert_eq!(parse_retry_after(" 0.5 "), Some(Duration::from_millis(500)));
        assert_eq!(parse_retry_after("-3"), None);
        assert_eq!(parse_retry_after("soon"), None);
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:37 GMT"),
            Some(Duration::ZERO)
        );
    }
}
