//! Terminal subcommands, one module each.

pub mod analyse;
pub mod migrate;
pub mod moves;
pub mod pair;
pub mod perft;
pub mod play_match;
pub mod price;
pub mod render;
pub mod replay;
pub mod view;

use engine::{Options, Position, Rules, Ruleset};
use std::process::ExitCode;
use std::time::Duration;

/// The rules a position string is read under, as the command line gives them.
#[derive(clap::Args, Clone, Debug)]
pub struct RulesArgs {
    /// The ruleset: classic, kurnia or progressive.
    #[arg(long, default_value = "classic")]
    pub rules: Ruleset,
    /// Options, comma-separated: power, proposals, unofficial, plunder, fog (RULES.md
    /// section 5). A fog position may carry its impassable squares as a 7th field.
    #[arg(long, default_value = "")]
    pub options: Options,
}

impl RulesArgs {
    /// The rules, with no proposals agreed.
    pub fn rules(&self) -> Rules {
        Rules::new(self.rules, self.options)
    }
}

/// A position string under the rules named on the command line; errors are printed.
fn position_arg(position: &str, rules: &RulesArgs) -> Result<Position, ExitCode> {
    Position::parse(position, rules.rules()).map_err(|e| {
        eprintln!("{e}");
        ExitCode::from(2)
    })
}

/// Run a subcommand's async work on a runtime of one thread; status 1 if none can start.
pub fn block_on(work: impl std::future::Future<Output = ExitCode>) -> ExitCode {
    match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime.block_on(work),
        Err(e) => {
            eprintln!("can't start: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The most seconds `--time` takes: ten minutes a turn.
const MAX_SECONDS: f64 = 600.0;

/// `--time`'s value: seconds, decimals allowed, more than 0 and at most 600.
pub fn seconds(text: &str) -> Result<Duration, String> {
    let refuse = || {
        format!(
            "'{text}' is not a time: write seconds, more than 0 and at most {MAX_SECONDS}, \
             such as 2 or 0.5"
        )
    };
    let seconds: f64 = text.trim().parse().map_err(|_| refuse())?;
    if !(seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(refuse());
    }
    Duration::try_from_secs_f64(seconds)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(refuse)
}

/// A count option's value: a whole number from 1 to `max`; `what` names it in the error
/// ("a depth"), `unit` says what it counts ("of plies ", or nothing).
pub fn whole_number(text: &str, max: u32, what: &str, unit: &str) -> Result<u32, String> {
    text.trim()
        .parse::<u32>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            format!("'{text}' is not {what}: write a whole number {unit}from 1 to {max}")
        })
}

/// `--seed`'s value: any whole number from 0 to 2^64 - 1.
pub fn seed(text: &str) -> Result<u64, String> {
    text.trim().parse().map_err(|_| {
        format!(
            "'{text}' is not a seed: write a whole number from 0 to {}",
            u64::MAX
        )
    })
}
