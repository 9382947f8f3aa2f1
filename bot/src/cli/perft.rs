use super::{position_arg, RulesArgs};
use std::process::ExitCode;

/// `csipgs perft POSITION DEPTH [--rules R] [--options O]`: the node count on the last line.
pub fn run(position: &str, depth: u32, rules: &RulesArgs) -> ExitCode {
    let pos = match position_arg(position, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    println!("{}", engine::perft(&pos, depth));
    ExitCode::SUCCESS
}
