use super::{family_position, GameArgs, RulesArgs};
use std::process::ExitCode;

/// `csipgs moves POSITION [--rules R] [--options O]`: every legal action in record notation,
/// sorted; with `--game fide [--variants V]` the position is a FEN and the moves are in SAN.
pub fn run(position: &str, rules: &RulesArgs, game: &GameArgs) -> ExitCode {
    let mut lines = match family_position(Some(position), rules, game) {
        Ok(position) => position.legal_turns(),
        Err(code) => return code,
    };
    lines.sort();
    for line in lines {
        say!("{line}");
    }
    ExitCode::SUCCESS
}
