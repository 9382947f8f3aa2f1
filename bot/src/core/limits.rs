//! Flood control: each member has a bucket of commands that refills over time.

use std::collections::HashMap;
use std::sync::Mutex;

/// Commands a member may send at once, and how many seconds one more takes to come back.
pub const BURST: u32 = 10;
const REFILL_SECONDS: i64 = 1;
/// Buckets of members idle this long are forgotten, so the map stays small.
const FORGET_SECONDS: i64 = 600;

pub(super) struct Limiter {
    burst: u32,
    // A std mutex: held for a few instructions, never across an await.
    buckets: Mutex<HashMap<u64, Bucket>>,
}

impl Default for Limiter {
    fn default() -> Limiter {
        Limiter::with_burst(BURST)
    }
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: u32,
    /// When the bucket was last refilled, in seconds.
    at: i64,
}

impl Limiter {
    /// A limiter whose buckets hold `burst` commands.
    pub(super) fn with_burst(burst: u32) -> Limiter {
        Limiter {
            burst,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Take one command from the member's bucket; false if it is empty.
    pub(super) fn allow(&self, member: u64, now: i64) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 10_000 {
            buckets.retain(|_, b| now - b.at < FORGET_SECONDS);
        }
        let bucket = buckets.entry(member).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let earned = (now - bucket.at).max(0) / REFILL_SECONDS;
        if earned > 0 {
            bucket.tokens = (bucket.tokens as i64 + earned).min(self.burst as i64) as u32;
            bucket.at = now;
        }
        if bucket.tokens == 0 {
            return false;
        }
        bucket.tokens -= 1;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_then_one_per_second() {
        let limiter = Limiter::default();
        assert!((0..BURST).all(|_| limiter.allow(1, 100)));
        assert!(!limiter.allow(1, 100));
        // Another member is not slowed down by the first.
        assert!(limiter.allow(2, 100));
        assert!(limiter.allow(1, 101));
        assert!(!limiter.allow(1, 101));
        assert!((0..BURST).all(|_| limiter.allow(1, 200)));
    }
}
