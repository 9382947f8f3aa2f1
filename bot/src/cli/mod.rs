//! Terminal subcommands, one module each.

pub mod migrate;
pub mod moves;
pub mod pair;
pub mod perft;
pub mod price;
pub mod render;
pub mod replay;
pub mod view;

use engine::{Options, Position, Rules, Ruleset};
use std::process::ExitCode;

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
