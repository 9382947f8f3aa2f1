//! Flood control: each member has a bucket of commands that refills over time, and a
//! second, larger one for autocomplete keystrokes.

use std::collections::HashMap;
use std::sync::Mutex;

/// Commands a member may send at once, and how many seconds one more takes to come back.
pub const BURST: u32 = 10;
const REFILL_SECONDS: i64 = 1;
/// Autocomplete keystrokes a member may send at once: Discord asks again at nearly every
/// keystroke, so typing one move (`(doublemove-Q)a2a4-h4`) takes about twenty. Each is
/// cheap but not free (a list of thousands of moves may be written), so typing has its own
/// bucket, kept apart from commands so that typing never slows a member's commands.
const KEYSTROKE_BURST: u32 = 40;
/// ... and how many come back each second: a brisk typist's pace.
const KEYSTROKES_PER_SECOND: u32 = 8;
/// Buckets of members idle this long are forgotten, so the map stays small.
const FORGET_SECONDS: i64 = 600;

pub struct Limiter {
    burst: u32,
    /// Tokens that come back each second.
    per_second: u32,
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
    /// A limiter whose buckets hold `burst` commands, one coming back each second.
    pub(super) fn with_burst(burst: u32) -> Limiter {
        Limiter::new(burst, 1)
    }

    /// The keystroke limiter: [`KEYSTROKE_BURST`], refilled at [`KEYSTROKES_PER_SECOND`].
    pub(super) fn keystrokes() -> Limiter {
        Limiter::new(KEYSTROKE_BURST, KEYSTROKES_PER_SECOND)
    }

    pub fn new(burst: u32, per_second: u32) -> Limiter {
        Limiter {
            burst,
            per_second,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Take one command from the member's bucket; false if it is empty.
    pub fn allow(&self, member: u64, now: i64) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if buckets.len() > 10_000 {
            buckets.retain(|_, b| now - b.at < FORGET_SECONDS);
        }
        let bucket = buckets.entry(member).or_insert(Bucket {
            tokens: self.burst,
            at: now,
        });
        let earned = (now - bucket.at).max(0) / REFILL_SECONDS * i64::from(self.per_second);
        if earned > 0 {
            bucket.tokens = (i64::from(bucket.tokens) + earned).min(i64::from(self.burst)) as u32;
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

    #[test]
    fn keystrokes_have_a_larger_bucket_of_their_own() {
        let keystrokes = Limiter::keystrokes();
        assert!((0..KEYSTROKE_BURST).all(|_| keystrokes.allow(1, 100)));
        assert!(!keystrokes.allow(1, 100));
        // A second brings back a second's worth, no more.
        assert!((0..KEYSTROKES_PER_SECOND).all(|_| keystrokes.allow(1, 101)));
        assert!(!keystrokes.allow(1, 101));
        // A long pause refills the bucket, never past the burst.
        assert!((0..KEYSTROKE_BURST).all(|_| keystrokes.allow(1, 1_000)));
        assert!(!keystrokes.allow(1, 1_000));
    }
}
