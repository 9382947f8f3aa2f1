//! Which Discord shards this process runs, and so which servers' background work is its own.
//!
//! Discord sends a server's events to shard `(guild_id >> 22) % shard_total`, DMs to shard 0.
//! Work no interaction drives (challenge expiry, deliveries owed to a channel, and later clock
//! deadlines and tournament rounds) is done by the process running the owning shard, so with
//! several processes on one database each piece is done by one of them: never twice, never
//! by none. Conditional claims in the store make it once even if two processes overlap.

use std::fmt;

/// How many shards this process runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ShardPlan {
    /// As many as Discord recommends, all in this process.
    Auto,
    /// Shards `first..=last` of `total`, the others run by other processes.
    Range(Shards),
}

/// A range of shards out of a total: the servers this process answers for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shards {
    first: u32,
    last: u32,
    total: u32,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    #[error(
        "shard_range must be two shard numbers like 0-3 (first and last, both included), not '{0}'"
    )]
    Range(String),
    #[error("shard_total must be a whole number of shards, at least 1, not '{0}'")]
    Total(String),
    #[error("shard_range {first}-{last} does not fit shard_total {total}: shards are numbered 0 to {max}, first before last", max = .total - 1)]
    Outside { first: u32, last: u32, total: u32 },
    #[error("shard_range needs shard_total: the number of shards across all processes")]
    NoTotal,
    #[error("shard_total needs shard_range: the shards of the total that this process runs")]
    NoRange,
    #[error("shards is \"auto\" or left out (then give shard_range and shard_total), not '{0}'")]
    Plan(String),
    #[error("shards = \"auto\" runs every shard in this process: leave out shard_range and shard_total, or shards")]
    AutoAndRange,
}

impl Shards {
    /// One process answering for every server.
    pub const ALL: Shards = Shards {
        first: 0,
        last: 0,
        total: 1,
    };

    pub fn new(first: u32, last: u32, total: u32) -> Result<Shards, ShardError> {
        if total == 0 || first > last || last >= total {
            return Err(ShardError::Outside {
                first,
                last,
                total: total.max(1),
            });
        }
        Ok(Shards { first, last, total })
    }

    /// `"0-3"` of `total`; a single shard may be written `"2"`.
    pub fn parse(range: &str, total: u32) -> Result<Shards, ShardError> {
        let bad = || ShardError::Range(range.to_string());
        let (first, last) = range.trim().split_once('-').unwrap_or((range, range));
        let first = first.trim().parse().map_err(|_| bad())?;
        let last = last.trim().parse().map_err(|_| bad())?;
        Shards::new(first, last, total)
    }

    /// The shard Discord sends a server's events to (the store asks the same in SQL).
    #[cfg(test)]
    pub fn shard_of(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether this process runs the shard of `guild` (guild 0, no server, is shard 0's).
    #[cfg(test)]
    pub fn owns(&self, guild: u64) -> bool {
        (self.first..=self.last).contains(&Shards::shard_of(guild, self.total))
    }

    pub fn first(&self) -> u32 {
        self.first
    }

    pub fn last(&self) -> u32 {
        self.last
    }

    pub fn total(&self) -> u32 {
        self.total
    }
}

impl fmt::Display for Shards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shards {}-{} of {}", self.first, self.last, self.total)
    }
}

impl ShardPlan {
    /// The plan from the settings' three words, each optional.
    pub fn from_settings(
        shards: Option<&str>,
        range: Option<&str>,
        total: Option<&str>,
    ) -> Result<ShardPlan, ShardError> {
        let total = total
            .map(|t| match t.trim().parse::<u32>() {
                Ok(n) if n > 0 => Ok(n),
                _ => Err(ShardError::Total(t.to_string())),
            })
            .transpose()?;
        match (shards.map(str::trim), range, total) {
            (Some(plan), _, _) if !plan.eq_ignore_ascii_case("auto") => {
                Err(ShardError::Plan(plan.to_string()))
            }
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(ShardError::AutoAndRange),
            (_, None, None) => Ok(ShardPlan::Auto),
            (_, Some(_), None) => Err(ShardError::NoTotal),
            (_, None, Some(_)) => Err(ShardError::NoRange),
            (_, Some(range), Some(total)) => Shards::parse(range, total).map(ShardPlan::Range),
        }
    }

    /// The servers this process answers for.
    pub fn owned(&self) -> Shards {
        match self {
            ShardPlan::Auto => Shards::ALL,
            ShardPlan::Range(shards) => *shards,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_belongs_to_the_shard_discord_sends_it_to() {
        // Discord's documented example: (guild_id >> 22) % num_shards.
        assert_eq!(Shards::shard_of(81384788765712384, 2), 0);
        assert_eq!(Shards::shard_of(1 << 22, 2), 1);
        assert_eq!(Shards::shard_of(0, 16), 0);
        let second = Shards::parse("1-1", 2).unwrap();
        assert!(second.owns(1 << 22) && !second.owns(500) && !second.owns(0));
        assert!(Shards::ALL.owns(1 << 22) && Shards::ALL.owns(0));
    }

    #[test]
    fn every_server_has_exactly_one_owner_among_the_processes() {
        let processes = [
            Shards::parse("0-3", 10).unwrap(),
            Shards::parse("4-6", 10).unwrap(),
            Shards::parse("7-9", 10).unwrap(),
        ];
        for guild in (0..5000u64).map(|g| g.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 1) {
            assert_eq!(processes.iter().filter(|p| p.owns(guild)).count(), 1);
        }
    }

    #[test]
    fn settings_are_checked_with_a_reason() {
        let plan = ShardPlan::from_settings;
        assert_eq!(plan(None, None, None), Ok(ShardPlan::Auto));
        assert_eq!(plan(Some("auto"), None, None), Ok(ShardPlan::Auto));
        assert_eq!(
            plan(None, Some("0-3"), Some("16")),
            Ok(ShardPlan::Range(Shards::new(0, 3, 16).unwrap()))
        );
        assert_eq!(plan(None, Some("5"), Some("8")).unwrap().owned().first(), 5);
        assert_eq!(plan(None, Some("0-3"), None), Err(ShardError::NoTotal));
        assert_eq!(plan(None, None, Some("4")), Err(ShardError::NoRange));
        assert_eq!(
            plan(Some("auto"), Some("0-1"), Some("2")),
            Err(ShardError::AutoAndRange)
        );
        assert_eq!(
            plan(Some("many"), None, None),
            Err(ShardError::Plan("many".into()))
        );
        assert_eq!(
            plan(None, Some("0-x"), Some("2")),
            Err(ShardError::Range("0-x".into()))
        );
        assert_eq!(
            plan(None, Some("0-1"), Some("0")),
            Err(ShardError::Total("0".into()))
        );
        let outside = plan(None, Some("2-5"), Some("4")).unwrap_err();
        assert_eq!(
            outside.to_string(),
            "shard_range 2-5 does not fit shard_total 4: shards are numbered 0 to 3, first before last"
        );
        assert!(plan(None, Some("3-1"), Some("4")).is_err());
    }
}
