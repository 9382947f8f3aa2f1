use super::{position_arg, RulesArgs};
use std::process::ExitCode;

/// `csipgs moves POSITION [--rules R] [--options O]`: every legal action in record notation,
/// sorted.
pub fn run(position: &str, rules: &RulesArgs) -> ExitCode {
    let pos = match position_arg(position, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut lines: Vec<String> = pos.legal_actions().iter().map(|a| pos.notate(a)).collect();
    lines.sort();
    for line in lines {
        println!("{line}");
    }
    ExitCode::SUCCESS
}
