//! /tournament create's options checked once: a `TournamentSpec` as typed becomes the
//! settings of a `TournamentRow`, or an error that names the option and what to write.

use crate::core::bounds::{MAX_PLAYERS, MAX_ROUNDS};
use crate::core::TournamentSpec;
use crate::core::{GameTerms, SpecError};
use crate::family::{ChoiceError, GameRules};
use crate::store::TournamentFormat;
use engine::{Rules, TimeControl, TimeControlError};
use league::tiebreak::{Format, TieBreak};

/// Swiss rounds when the organiser names none.
pub const DEFAULT_ROUNDS: u16 = 5;
/// Players a tournament takes when the organiser names no limit.
pub const DEFAULT_MAX_PLAYERS: u16 = 64;
/// The furthest ahead a start may be set, in seconds.
const MAX_START_AHEAD: i64 = 90 * 24 * 3600;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    #[error("a tournament needs a name: give name:, such as Winter Cup")]
    NoName,
    #[error("{0}")]
    Game(#[from] ChoiceError),
    #[error("rounds: a Swiss has 1 to {MAX_ROUNDS} rounds, not {0}")]
    Rounds(u16),
    #[error("rounds: a round robin's rounds follow from its players (everyone meets everyone): leave rounds out")]
    RoundsInRoundRobin,
    #[error("all_at_once: only a round robin's schedule is known in advance; a Swiss is paired round by round")]
    AllAtOnceSwiss,
    #[error("max_players: a tournament takes 2 to {MAX_PLAYERS} players, not {0}")]
    MaxPlayers(u16),
    #[error("rounds: {rounds} rounds need at least {} players, but max_players is {max}", rounds + 1)]
    RoundsOverField { rounds: u16, max: u16 },
    #[error("time: {0}")]
    Time(TimeControlError),
    #[error("time: tournament games need a clock, so that every round ends: use 3d, 1d, 7d per turn or a live control such as 15m+10s")]
    Untimed,
    #[error("start: '{0}' is not a time: write a delay (30m, 2h, 1d), a UTC time (2026-12-01 18:00) or a Discord timestamp (<t:1764612000>)")]
    Start(String),
    #[error("start: that is in the past: give a time from now on, or leave start out and begin with /td start")]
    StartPast,
    #[error("start: that is more than 90 days ahead")]
    StartFar,
    #[error("start: '{0}' is not on the calendar: write a month from 1 to 12, a day of that month, an hour from 0 to 23 and a minute from 0 to 59, such as 2026-12-01 18:00")]
    StartCalendar(String),
    #[error("tiebreaks: {0}")]
    TieBreak(String),
    #[error("tiebreaks: {0} is listed twice")]
    TieBreakTwice(&'static str),
}

impl From<SpecError> for OptionError {
    fn from(e: SpecError) -> OptionError {
        match e {
            SpecError::Game(e) => OptionError::Game(e),
            SpecError::Time(e) => OptionError::Time(e),
        }
    }
}

/// The settings a spec asks for, over the server's default rules.
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub name: String,
    pub format: TournamentFormat,
    /// Swiss rounds; 0 for round robins until the start.
    pub rounds: u16,
    pub rules: GameRules,
    pub time_control: TimeControl,
    pub rated: bool,
    pub max_players: u16,
    pub all_at_once: bool,
    pub tiebreaks: Vec<TieBreak>,
    pub starts_at: Option<i64>,
}

impl TournamentSpec {
    /// Check every option; `now` for the start time.
    pub fn settings(&self, defaults: Rules, now: i64) -> Result<Settings, OptionError> {
        let name = self.name.trim().to_string();
        if name.is_empty() {
            return Err(OptionError::NoName);
        }
        let format = self.format.unwrap_or(TournamentFormat::Swiss);
        let swiss = format == TournamentFormat::Swiss;
        let rounds = match (swiss, self.rounds) {
            (true, None) => DEFAULT_ROUNDS,
            (true, Some(r)) if (1..=MAX_ROUNDS).contains(&r) => r,
            (true, Some(r)) => return Err(OptionError::Rounds(r)),
            (false, None) => 0,
            (false, Some(_)) => return Err(OptionError::RoundsInRoundRobin),
        };
        let max_players = self.max_players.unwrap_or(DEFAULT_MAX_PLAYERS);
        if !(2..=MAX_PLAYERS).contains(&max_players) {
            return Err(OptionError::MaxPlayers(max_players));
        }
        if swiss && rounds >= max_players {
            return Err(OptionError::RoundsOverField {
                rounds,
                max: max_players,
            });
        }
        let GameTerms {
            rules,
            control: time_control,
            rated,
        } = self.game.apply_defaults(&defaults)?;
        if !time_control.is_timed() {
            return Err(OptionError::Untimed);
        }
        let all_at_once = match (swiss, self.all_at_once) {
            (true, Some(true)) => return Err(OptionError::AllAtOnceSwiss),
            (true, _) => false,
            (false, Some(chosen)) => chosen,
            (false, None) => matches!(time_control, TimeControl::Correspondence { .. }),
        };
        let tiebreaks = match &self.tiebreaks {
            Some(text) => tiebreaks(text)?,
            None => TieBreak::defaults(if swiss {
                Format::Swiss
            } else {
                Format::RoundRobin
            })
            .to_vec(),
        };
        let starts_at = self
            .start
            .as_deref()
            .map(|text| start_time(text, now))
            .transpose()?;
        Ok(Settings {
            name,
            format,
            rounds,
            rules,
            time_control,
            rated,
            max_players,
            all_at_once,
            tiebreaks,
            starts_at,
        })
    }
}

/// Tie-break acronyms separated by commas or spaces, each once.
fn tiebreaks(text: &str) -> Result<Vec<TieBreak>, OptionError> {
    let mut list: Vec<TieBreak> = Vec::new();
    for word in text.split([',', ' ']).filter(|w| !w.is_empty()) {
        let tiebreak: TieBreak =
            word.parse()
                .map_err(|e: league::tiebreak::ParseTieBreakError| {
                    OptionError::TieBreak(e.to_string())
                })?;
        if list.contains(&tiebreak) {
            return Err(OptionError::TieBreakTwice(tiebreak.code()));
        }
        list.push(tiebreak);
    }
    Ok(list)
}

/// A start time as written: a delay (`30m`, `2h`, `1d`, `1d12h`), a UTC date and time
/// (`2026-12-01 18:00`) or a Discord timestamp (`<t:1764612000>`, with or without a style).
/// Numbers too large for any clock read as far ahead, never as an overflow.
pub fn start_time(text: &str, now: i64) -> Result<i64, OptionError> {
    let text = text.trim();
    let at = match delay(text)
        .map(|d| Ok(now.saturating_add(d)))
        .or_else(|| timestamp(text).map(Ok))
        .or_else(|| utc(text))
    {
        Some(at) => at?,
        None => return Err(OptionError::Start(text.to_string())),
    };
    if at < now {
        return Err(OptionError::StartPast);
    }
    if at.saturating_sub(now) > MAX_START_AHEAD {
        return Err(OptionError::StartFar);
    }
    Ok(at)
}

/// Digits as a number, or `i64::MAX` when there are too many for one.
fn saturating(digits: &str) -> Option<i64> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(i64::MAX))
}

/// `30m`, `2h`, `1d12h`: seconds from now.
fn delay(text: &str) -> Option<i64> {
    let mut total: i64 = 0;
    let mut number = String::new();
    for c in text.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'm' => 60,
            'h' => 3600,
            'd' => 86400,
            _ => return None,
        };
        total = total.saturating_add(saturating(&number)?.saturating_mul(unit));
        number.clear();
    }
    (number.is_empty() && total > 0).then_some(total)
}

/// `<t:1764612000>` or `<t:1764612000:F>`.
fn timestamp(text: &str) -> Option<i64> {
    let inner = text.strip_prefix("<t:")?.strip_suffix('>')?;
    match inner.split(':').next()? {
        negative if negative.starts_with('-') => Some(saturating(&negative[1..])?.saturating_neg()),
        seconds => saturating(seconds),
    }
}

/// `2026-12-01 18:00` (or with a `T`), in UTC. `None` when the text is not written so, an
/// error when it is but names no moment: a year past 9999 is too far ahead, 30 February or
/// hour 24 is not on the calendar.
fn utc(text: &str) -> Option<Result<i64, OptionError>> {
    use time::{Date, Month, Time};
    let (date, time) = text.split_once([' ', 'T'])?;
    let date: Vec<i64> = date.split('-').map(saturating).collect::<Option<_>>()?;
    let time: Vec<i64> = time
        .trim_end_matches('Z')
        .split(':')
        .map(saturating)
        .collect::<Option<_>>()?;
    let [year, month, day] = <[i64; 3]>::try_from(date).ok()?;
    let [hour, minute] = <[i64; 2]>::try_from(time).ok()?;
    if year > 9999 {
        return Some(Err(OptionError::StartFar));
    }
    let moment = || {
        let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
        let date =
            Date::from_calendar_date(i32::try_from(year).ok()?, month, u8::try_from(day).ok()?)
                .ok()?;
        let time = Time::from_hms(u8::try_from(hour).ok()?, u8::try_from(minute).ok()?, 0).ok()?;
        Some(date.with_time(time).assume_utc().unix_timestamp())
    };
    Some(moment().ok_or_else(|| OptionError::StartCalendar(text.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::GameSpec;

    const NOW: i64 = 1_764_500_000;

    fn spec(name: &str) -> TournamentSpec {
        TournamentSpec {
            name: name.to_string(),
            ..TournamentSpec::default()
        }
    }

    #[test]
    fn start_times_in_every_form() {
        assert_eq!(start_time("2h", NOW), Ok(NOW + 7200));
        assert_eq!(start_time("1d12h", NOW), Ok(NOW + 36 * 3600));
        assert_eq!(start_time("<t:1764612000>", NOW), Ok(1_764_612_000));
        assert_eq!(start_time("<t:1764612000:F>", NOW), Ok(1_764_612_000));
        // 2025-12-01 18:00 UTC.
        assert_eq!(start_time("2025-12-01 18:00", NOW), Ok(1_764_612_000));
        assert_eq!(start_time("2025-12-01T18:00Z", NOW), Ok(1_764_612_000));
        assert_eq!(
            start_time("2020-01-01 00:00", NOW),
            Err(OptionError::StartPast)
        );
        assert_eq!(start_time("200d", NOW), Err(OptionError::StartFar));
        for bad in ["soon", "2h30", "25:00", "<t:x>", "", "0m"] {
            assert!(
                matches!(start_time(bad, NOW), Err(OptionError::Start(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn dates_outside_the_calendar_are_refused() {
        assert_eq!(utc("2025-12-01 18:00"), Some(Ok(1_764_612_000)));
        assert_eq!(utc("2024-02-29 00:00"), Some(Ok(1_709_164_800)));
        for bad in [
            "2025-13-01 00:00",
            "2025-00-01 00:00",
            "2025-02-30 00:00",
            "2025-02-29 00:00",
            "2025-04-31 00:00",
            "2025-12-00 00:00",
            "2025-12-01 24:00",
            "2025-12-01 23:60",
            "2025-300-01 18:00",
            "2025-12-99999999999999999999 18:00",
        ] {
            let refused = Err(OptionError::StartCalendar(bad.to_string()));
            assert_eq!(utc(bad), Some(refused.clone()), "{bad}");
            assert_eq!(start_time(bad, NOW), refused, "{bad}");
        }
        for bad in [
            "2025-12-01 -1:00",
            "2025-12-01 18:00:00",
            "2025-12-01-01 18:00",
            "2025-12 18:00",
        ] {
            assert_eq!(utc(bad), None, "{bad}");
            assert!(
                matches!(start_time(bad, NOW), Err(OptionError::Start(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn numbers_past_any_clock_are_too_far_ahead() {
        for far in [
            "100000000000000-01-01 00:00",
            "99999999999999999999-01-01 00:00",
            "10000-01-01 00:00",
            "99999999999999999999d",
            "100000d100000d",
            "9223372036854775807m",
            "<t:9223372036854775807>",
            "<t:99999999999999999999:F>",
        ] {
            assert_eq!(start_time(far, NOW), Err(OptionError::StartFar), "{far}");
        }
        for past in ["<t:-99999999999999999999>", "<t:-1>", "0000-01-01 00:00"] {
            assert_eq!(start_time(past, NOW), Err(OptionError::StartPast), "{past}");
        }
        let message = OptionError::StartFar.to_string();
        assert!(message.contains("90 days"), "{message}");
    }

    #[test]
    fn defaults_follow_the_format() {
        let swiss = spec("Cup").settings(Rules::default(), NOW).unwrap();
        assert_eq!(swiss.format, TournamentFormat::Swiss);
        assert_eq!(swiss.rounds, DEFAULT_ROUNDS);
        assert!(!swiss.all_at_once);
        assert_eq!(swiss.tiebreaks, TieBreak::defaults(Format::Swiss));
        let rr = TournamentSpec {
            format: Some(TournamentFormat::RoundRobin),
            ..spec("Cup")
        }
        .settings(Rules::default(), NOW)
        .unwrap();
        assert!(rr.all_at_once, "correspondence round robins start at once");
        assert_eq!(rr.tiebreaks, TieBreak::defaults(Format::RoundRobin));
        let live = TournamentSpec {
            game: GameSpec {
                time: Some("15m+10s".into()),
                ..spec("Cup").game
            },
            format: Some(TournamentFormat::RoundRobin),
            ..spec("Cup")
        }
        .settings(Rules::default(), NOW)
        .unwrap();
        assert!(!live.all_at_once);
    }

    #[test]
    fn bad_options_name_themselves() {
        let refused = |spec: TournamentSpec| spec.settings(Rules::default(), NOW).unwrap_err();
        assert_eq!(refused(spec("  ")), OptionError::NoName);
        assert_eq!(
            refused(TournamentSpec {
                rounds: Some(0),
                ..spec("x")
            }),
            OptionError::Rounds(0)
        );
        assert_eq!(
            refused(TournamentSpec {
                format: Some(TournamentFormat::RoundRobin),
                rounds: Some(3),
                ..spec("x")
            }),
            OptionError::RoundsInRoundRobin
        );
        assert_eq!(
            refused(TournamentSpec {
                all_at_once: Some(true),
                ..spec("x")
            }),
            OptionError::AllAtOnceSwiss
        );
        assert_eq!(
            refused(TournamentSpec {
                game: GameSpec {
                    time: Some("none".into()),
                    ..spec("x").game
                },
                ..spec("x")
            }),
            OptionError::Untimed
        );
        assert_eq!(
            refused(TournamentSpec {
                rounds: Some(7),
                max_players: Some(6),
                ..spec("x")
            }),
            OptionError::RoundsOverField { rounds: 7, max: 6 }
        );
        assert_eq!(
            refused(TournamentSpec {
                tiebreaks: Some("SB, SB".into()),
                ..spec("x")
            }),
            OptionError::TieBreakTwice("SB")
        );
        assert!(matches!(
            refused(TournamentSpec {
                tiebreaks: Some("SB, XYZ".into()),
                ..spec("x")
            }),
            OptionError::TieBreak(_)
        ));
    }
}
