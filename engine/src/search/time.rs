//! How long the computer may think: the default budget, and a share of a running clock that
//! never lets it lose on time.

use std::time::Duration;

/// The time a turn may take when no clock says otherwise.
pub const DEFAULT_BUDGET: Duration = Duration::from_secs(2);

/// The clock is assumed to need this many more turns, so each takes a fair share.
const TURNS_AHEAD: u32 = 30;

/// Never plan to use more than this share of what is left (1/n).
const LARGEST_SHARE: u32 = 5;

/// Time kept back for the move to reach the clock (storage, network).
const SAFETY_MARGIN: Duration = Duration::from_millis(300);

/// The least time worth thinking: below it, answer from a shallow search.
pub const MIN_BUDGET: Duration = Duration::from_millis(20);

/// The budget for a turn with `remaining` on the mover's clock (None: untimed) and
/// `increment` added after the turn: a fair share of the clock plus most of the increment,
/// never more than `cap`, a fifth of what is left, or what is left less a safety margin.
pub fn budget(remaining: Option<Duration>, increment: Duration, cap: Duration) -> Duration {
    let Some(remaining) = remaining else {
        return cap;
    };
    let usable = remaining.saturating_sub(SAFETY_MARGIN);
    let share = remaining / TURNS_AHEAD + increment * 3 / 4;
    share
        .min(cap)
        .min(remaining / LARGEST_SHARE)
        .min(usable)
        .max(MIN_BUDGET.min(usable))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn untimed_games_get_the_cap() {
        assert_eq!(budget(None, Duration::ZERO, DEFAULT_BUDGET), DEFAULT_BUDGET);
    }

    #[test]
    fn a_long_clock_is_capped() {
        let b = budget(
            Some(Duration::from_secs(600)),
            Duration::ZERO,
            DEFAULT_BUDGET,
        );
        assert_eq!(b, DEFAULT_BUDGET);
    }

    #[test]
    fn a_short_clock_is_never_spent_at_once() {
        for ms in [50, 200, 400, 1_000, 5_000, 20_000] {
            let left = Duration::from_millis(ms);
            let b = budget(Some(left), Duration::ZERO, DEFAULT_BUDGET);
            assert!(
                b <= left / 5 || b <= left.saturating_sub(SAFETY_MARGIN),
                "{ms} ms: {b:?}"
            );
            assert!(b < left, "{ms} ms: {b:?}");
        }
    }

    #[test]
    fn increments_are_mostly_used() {
        let b = budget(
            Some(Duration::from_secs(3)),
            Duration::from_secs(2),
            Duration::from_secs(10),
        );
        assert_eq!(b, Duration::from_millis(600));
    }
}
