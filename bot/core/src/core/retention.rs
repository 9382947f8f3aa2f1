//! How long the bot keeps what it no longer needs: messages held for a member, closed
//! challenges, and a server's data after the bot is removed from it. Set in config.toml
//! (`[retention]`, `forget_left_servers_after`); `/privacy` states them.

use serde::Deserialize;
use std::fmt;
use std::str::FromStr;

/// A length of time as the settings write it: `30d`, `6h`, `90m`, `45s` or `2w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Period {
    seconds: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a length of time: write a whole number and a unit, such as 30d, 6h, 90m, 45s or 2w")]
pub struct PeriodError(String);

const DAY: i64 = 24 * 3600;

impl Period {
    pub const fn days(days: i64) -> Period {
        Period {
            seconds: days * DAY,
        }
    }

    pub fn seconds(self) -> i64 {
        self.seconds
    }
}

impl FromStr for Period {
    type Err = PeriodError;

    fn from_str(text: &str) -> Result<Period, PeriodError> {
        let written = text.trim().to_ascii_lowercase();
        let error = || PeriodError(text.trim().to_string());
        let unit = match written.chars().last().ok_or_else(error)? {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => DAY,
            'w' => 7 * DAY,
            _ => return Err(error()),
        };
        let number = &written[..written.len() - 1];
        if number.is_empty() || number.len() > 6 || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(error());
        }
        let n: i64 = number.parse().map_err(|_| error())?;
        if n == 0 {
            return Err(error());
        }
        Ok(Period { seconds: n * unit })
    }
}

impl<'de> Deserialize<'de> for Period {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Period, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// In words: "30 days", "6 hours", "1 week".
impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units = [
            (7 * DAY, "week"),
            (DAY, "day"),
            (3600, "hour"),
            (60, "minute"),
            (1, "second"),
        ];
        let (size, word) = units
            .into_iter()
            .find(|(size, _)| self.seconds % size == 0)
            .unwrap_or((1, "second"));
        let n = self.seconds / size;
        write!(f, "{n} {word}{}", if n == 1 { "" } else { "s" })
    }
}

/// How long what is no longer needed is kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Retention {
    /// Messages held for a member who takes no DMs (a fog game's private boards), kept while
    /// they play a game in that server and this long after.
    pub held_messages: Period,
    /// Challenges answered, withdrawn or expired.
    pub closed_challenges: Period,
    /// A server's data after the bot is removed from it (`forget_left_servers_after`).
    #[serde(skip)]
    pub left_servers: Period,
}

impl Default for Retention {
    fn default() -> Retention {
        Retention {
            held_messages: Period::days(30),
            closed_challenges: Period::days(30),
            left_servers: Period::days(30),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Period;

    #[test]
    fn periods_read_and_say_their_length() {
        assert_eq!("30d".parse::<Period>().unwrap(), Period::days(30));
        assert_eq!(" 6H ".parse::<Period>().unwrap().seconds(), 6 * 3600);
        assert_eq!("2w".parse::<Period>().unwrap().to_string(), "2 weeks");
        assert_eq!("90m".parse::<Period>().unwrap().to_string(), "90 minutes");
        assert_eq!("1d".parse::<Period>().unwrap().to_string(), "1 day");
        for bad in ["", "d", "30", "0d", "-1d", "1.5h", "30 days", "9999999d"] {
            let error = bad.parse::<Period>().unwrap_err().to_string();
            assert!(error.contains("such as 30d"), "{bad}: {error}");
        }
    }
}
