//! Time controls and the clock of a game: how long each side has, as wall-clock deadlines.
//!
//! A live control (`15m+10s`) gives each side a store of time that runs while it is to move
//! and grows by the increment after each of its turns (Fischer). A correspondence control
//! (`3d`) gives the side to move a fixed time for each turn, set back in full after every turn.
//! Times are whole seconds; `now` is the caller's clock (Unix seconds), so time spent while
//! nobody watched counts.

use crate::color::Color;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

const MINUTE: u64 = 60;
const HOUR: u64 = 60 * MINUTE;
const DAY: u64 = 24 * HOUR;

/// The shortest live base time: shorter is no game on Discord.
pub const MIN_BASE: u64 = MINUTE;
/// The longest live base time.
pub const MAX_BASE: u64 = 6 * HOUR;
/// The largest increment.
pub const MAX_INCREMENT: u64 = 10 * MINUTE;
/// The shortest correspondence time per turn.
pub const MIN_PER_TURN: u64 = HOUR;
/// The longest correspondence time per turn.
pub const MAX_PER_TURN: u64 = 14 * DAY;

/// How much time a game gives its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum TimeControl {
    /// No clock: the game waits for ever.
    Unlimited,
    /// A store of `base` seconds per side, plus `increment` after each of the side's turns.
    Live {
        /// Seconds each side starts with.
        base: u64,
        /// Seconds added after each turn.
        increment: u64,
    },
    /// `per_turn` seconds for every turn.
    Correspondence {
        /// Seconds the side to move has, set back after every turn.
        per_turn: u64,
    },
}

/// Why a time control could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not one of the forms.
    #[error("'{0}' is not a time control: write none, a live control such as 15m+10s (minutes plus seconds added per turn) or 5m, or a correspondence control such as 1d, 3d, 7d or 12h (time for each turn)")]
    Form(String),
    /// A form, but outside the bounds.
    #[error("'{text}' is out of bounds: {bound}")]
    Bounds {
        /// What was written.
        text: String,
        /// The bound it broke.
        bound: &'static str,
    },
}

impl TimeControl {
    /// What Discord challenges use unless told otherwise: three days a turn.
    pub const CORRESPONDENCE_DEFAULT: TimeControl =
        TimeControl::Correspondence { per_turn: 3 * DAY };

    /// Whether the game has a clock at all.
    pub fn is_timed(self) -> bool {
        self != TimeControl::Unlimited
    }
}

/// A number and its unit: `15m`, `10s`, `3d`, `12h`; the seconds.
fn amount(text: &str) -> Option<u64> {
    let unit = match text.chars().last()? {
        's' => 1,
        'm' => MINUTE,
        'h' => HOUR,
        'd' => DAY,
        _ => return None,
    };
    let number = &text[..text.len() - 1];
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.len() > 6 {
        return None;
    }
    number.parse::<u64>().ok()?.checked_mul(unit)
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let written = text.trim().to_ascii_lowercase();
        let form = || TimeControlError::Form(text.trim().to_string());
        let bounds = |bound| TimeControlError::Bounds {
            text: text.trim().to_string(),
            bound,
        };
        if matches!(written.as_str(), "none" | "unlimited" | "-") {
            return Ok(TimeControl::Unlimited);
        }
        let written: String = written.chars().filter(|c| !c.is_whitespace()).collect();
        let (base, increment) = match written.split_once('+') {
            Some((base, increment)) => (base, Some(increment)),
            None => (written.as_str(), None),
        };
        let base_seconds = amount(base).ok_or_else(form)?;
        let live = increment.is_some() || base.ends_with(['s', 'm']);
        if !live {
            if !(MIN_PER_TURN..=MAX_PER_TURN).contains(&base_seconds) {
                return Err(bounds(
                    "a correspondence control gives from 1h to 14d per turn",
                ));
            }
            return Ok(TimeControl::Correspondence {
                per_turn: base_seconds,
            });
        }
        let increment = match increment {
            Some(i) => amount(i).ok_or_else(form)?,
            None => 0,
        };
        if !(MIN_BASE..=MAX_BASE).contains(&base_seconds) {
            return Err(bounds("a live control starts with 1m to 6h"));
        }
        if increment > MAX_INCREMENT {
            return Err(bounds("the increment is at most 10m per turn"));
        }
        Ok(TimeControl::Live {
            base: base_seconds,
            increment,
        })
    }
}

/// Seconds as the shortest exact `Nd`, `Nh`, `Nm` or `Ns`.
fn written(seconds: u64) -> String {
    for (unit, size) in [('d', DAY), ('h', HOUR), ('m', MINUTE)] {
        if seconds > 0 && seconds.is_multiple_of(size) {
            return format!("{}{unit}", seconds / size);
        }
    }
    format!("{seconds}s")
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Unlimited => f.write_str("none"),
            TimeControl::Live { base, increment } => {
                write!(f, "{}+{}s", written(base), increment)
            }
            TimeControl::Correspondence { per_turn } => f.write_str(&written(per_turn)),
        }
    }
}

impl From<TimeControl> for String {
    fn from(control: TimeControl) -> String {
        control.to_string()
    }
}

impl TryFrom<String> for TimeControl {
    type Error = TimeControlError;

    fn try_from(text: String) -> Result<TimeControl, TimeControlError> {
        text.parse()
    }
}

/// A running game's clock: each side's time left when the current turn began, and when it
/// began. Only the side to move's time runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The control it keeps.
    pub control: TimeControl,
    /// Seconds White, then Black, had left when the current turn began.
    pub left: [u64; 2],
    /// When the current turn began (Unix seconds).
    pub since: i64,
}

impl Clock {
    /// A clock for a game starting at `now`; None without a time control.
    pub fn start(control: TimeControl, now: i64) -> Option<Clock> {
        let full = match control {
            TimeControl::Unlimited => return None,
            TimeControl::Live { base, .. } => base,
            TimeControl::Correspondence { per_turn } => per_turn,
        };
        Some(Clock {
            control,
            left: [full; 2],
            since: now,
        })
    }

    /// The moment `mover`'s time runs out if it doesn't play.
    pub fn deadline(&self, mover: Color) -> i64 {
        self.since.saturating_add(self.left[mover.index()] as i64)
    }

    /// Whether `mover` is out of time at `now`.
    pub fn flagged(&self, mover: Color, now: i64) -> bool {
        now >= self.deadline(mover)
    }

    /// Seconds each side has at `now`, `mover`'s running.
    pub fn remaining(&self, mover: Color, now: i64) -> [u64; 2] {
        let mut left = self.left;
        let spent = now.saturating_sub(self.since).max(0) as u64;
        left[mover.index()] = left[mover.index()].saturating_sub(spent);
        left
    }

    /// When `mover` should next be reminded that time is running out, after `now`: a
    /// correspondence player hears 24 hours and 1 hour before the deadline (each only if the
    /// turn is longer than that); live games have no reminders.
    pub fn next_reminder(&self, mover: Color, now: i64) -> Option<i64> {
        let TimeControl::Correspondence { per_turn } = self.control else {
            return None;
        };
        let deadline = self.deadline(mover);
        [DAY, HOUR]
            .into_iter()
            .filter(|&before| per_turn > before)
            .map(|before| deadline - before as i64)
            .find(|&at| at > now)
    }

    /// The clock stopped at `now` on `mover`'s turn (the game ended without a turn): its
    /// time is charged up to then, so the faces read what was left when it ended.
    pub fn stopped(&self, mover: Color, now: i64) -> Clock {
        Clock {
            left: self.remaining(mover, now),
            since: now,
            ..*self
        }
    }

    /// The clock after `mover` played at `now` (not flagged): its time is what was left plus
    /// the increment (live), or the full time again (correspondence), and the other side's
    /// turn begins.
    pub fn after_turn(&self, mover: Color, now: i64) -> Clock {
        let mut left = self.remaining(mover, now);
        left[mover.index()] = match self.control {
            TimeControl::Unlimited => left[mover.index()],
            TimeControl::Live { increment, .. } => left[mover.index()] + increment,
            TimeControl::Correspondence { per_turn } => per_turn,
        };
        if let TimeControl::Correspondence { per_turn } = self.control {
            left[(!mover).index()] = per_turn;
        }
        Clock {
            control: self.control,
            left,
            since: now,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_stopped_mid_turn_charges_the_mover_up_to_then() {
        let clock = Clock::start(tc("5m+2s"), 1000).unwrap();
        let stopped = clock.stopped(Color::White, 1100);
        assert_eq!(stopped.left, [200, 300]);
        assert_eq!(stopped.since, 1100);
        // Past the deadline it reads nothing left, never less.
        assert_eq!(clock.stopped(Color::Black, 2000).left, [300, 0]);
    }

    fn tc(text: &str) -> TimeControl {
        text.parse().unwrap()
    }

    #[test]
    fn the_forms_read_and_print() {
        assert_eq!(
            tc("15m+10s"),
            TimeControl::Live {
                base: 900,
                increment: 10
            }
        );
        assert_eq!(
            tc("1m+0s"),
            TimeControl::Live {
                base: 60,
                increment: 0
            }
        );
        assert_eq!(
            tc("5m"),
            TimeControl::Live {
                base: 300,
                increment: 0
            }
        );
        assert_eq!(
            tc(" 1H+30S "),
            TimeControl::Live {
                base: 3600,
                increment: 30
            }
        );
        assert_eq!(tc("3d"), TimeControl::Correspondence { per_turn: 3 * DAY });
        assert_eq!(
            tc("12h"),
            TimeControl::Correspondence {
                per_turn: 12 * HOUR
            }
        );
        assert_eq!(tc("none"), TimeControl::Unlimited);
        for text in [
            "15m+10s", "1m+0s", "1h+30s", "3d", "7d", "12h", "none", "90m+5s",
        ] {
            assert_eq!(tc(text).to_string(), text);
        }
        assert_eq!(tc("5m").to_string(), "5m+0s");
        assert_eq!(TimeControl::CORRESPONDENCE_DEFAULT.to_string(), "3d");
    }

    #[test]
    fn bad_text_lists_the_forms_and_bounds_say_which() {
        for bad in [
            "",
            "fast",
            "15",
            "15x",
            "m",
            "15m+",
            "+5s",
            "1.5d",
            "3d+",
            "99999999d",
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(matches!(e, TimeControlError::Form(_)), "{bad}: {e}");
            assert!(e.to_string().contains("15m+10s"), "{e}");
        }
        for (bad, says) in [
            ("30s", "1m to 6h"),
            ("7h+0s", "1m to 6h"),
            ("5m+11m", "10m"),
            ("15d", "1h to 14d"),
            ("0d", "1h to 14d"),
        ] {
            let e = bad.parse::<TimeControl>().unwrap_err();
            assert!(e.to_string().contains(says), "{bad}: {e}");
        }
        assert!(tc("30m").is_timed());
    }

    #[test]
    fn live_time_runs_for_the_mover_and_grows_by_the_increment() {
        let clock = Clock::start(tc("1m+2s"), 1000).unwrap();
        assert_eq!(clock.deadline(Color::White), 1060);
        assert!(!clock.flagged(Color::White, 1059));
        assert!(clock.flagged(Color::White, 1060));
        assert_eq!(clock.remaining(Color::White, 1010), [50, 60]);
        let next = clock.after_turn(Color::White, 1059);
        assert_eq!(next.left, [3, 60]);
        assert_eq!(next.deadline(Color::Black), 1119);
        assert_eq!(Clock::start(TimeControl::Unlimited, 0), None);
    }

    #[test]
    fn correspondence_sets_the_full_time_back_every_turn() {
        let clock = Clock::start(tc("1d"), 0).unwrap();
        let next = clock.after_turn(Color::White, DAY as i64 - 1);
        assert_eq!(next.left, [DAY, DAY]);
        assert_eq!(next.deadline(Color::Black), 2 * DAY as i64 - 1);
    }

    #[test]
    fn correspondence_players_are_reminded_a_day_and_an_hour_before() {
        let clock = Clock::start(tc("3d"), 0).unwrap();
        let deadline = 3 * DAY as i64;
        assert_eq!(
            clock.next_reminder(Color::White, 0),
            Some(deadline - DAY as i64)
        );
        assert_eq!(
            clock.next_reminder(Color::White, deadline - DAY as i64),
            Some(deadline - HOUR as i64)
        );
        assert_eq!(
            clock.next_reminder(Color::White, deadline - HOUR as i64),
            None
        );
        // A turn of 12 hours has only the hour's reminder; a live game none.
        let short = Clock::start(tc("12h"), 0).unwrap();
        assert_eq!(short.next_reminder(Color::White, 0), Some(11 * HOUR as i64));
        let live = Clock::start(tc("15m+10s"), 0).unwrap();
        assert_eq!(live.next_reminder(Color::White, 0), None);
    }

    #[test]
    fn stored_as_its_written_form() {
        let json = serde_json::to_string(&tc("15m+10s")).unwrap();
        assert_eq!(json, "\"15m+10s\"");
        assert_eq!(
            serde_json::from_str::<TimeControl>(&json).unwrap(),
            tc("15m+10s")
        );
        assert!(serde_json::from_str::<TimeControl>("\"2y\"").is_err());
    }
}
