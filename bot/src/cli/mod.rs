//! Terminal subcommands, one module each.

pub mod migrate;
pub mod moves;
pub mod pair;
pub mod perft;
pub mod price;
pub mod render;
pub mod replay;

use engine::{Position, Ruleset};
use std::process::ExitCode;

/// A position string under a ruleset named on the command line; errors are printed.
fn position_arg(position: &str, rules: &str) -> Result<Position, ExitCode> {
    let ruleset: Ruleset = rules.parse().map_err(|e| {
        eprintln!("{e}");
        ExitCode::from(2)
    })?;
    Position::parse(position, ruleset.into()).map_err(|e| {
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
