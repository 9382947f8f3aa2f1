use super::{fide_position, position_arg, GameArgs, RulesArgs};
use crate::family::GameRules;
use std::process::ExitCode;

/// `csipgs moves POSITION [--rules R] [--options O]`: every legal action in record notation,
/// sorted; with `--game fide [--variants V]` the position is a FEN and the moves are in SAN.
pub fn run(position: &str, rules: &RulesArgs, game: &GameArgs) -> ExitCode {
    let lines = match game.rules(&rules.given(), || rules.rules()) {
        Ok(GameRules::Csipgs(_)) => position_arg(position, rules)
            .map(|pos| pos.legal_actions().iter().map(|a| pos.notate(a)).collect()),
        Ok(GameRules::Fide(variants)) => fide_position(position, variants).map(|pos| {
            pos.legal_moves()
                .iter()
                .map(|m| engine::fide::san::write(&pos, m))
                .collect()
        }),
        Err(code) => Err(code),
    };
    let mut lines: Vec<String> = match lines {
        Ok(lines) => lines,
        Err(code) => return code,
    };
    lines.sort();
    for line in lines {
        say!("{line}");
    }
    ExitCode::SUCCESS
}
