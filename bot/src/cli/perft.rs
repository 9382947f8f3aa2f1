use super::{fide_position, position_arg, GameArgs, RulesArgs};
use crate::family::GameRules;
use std::process::ExitCode;

/// `csipgs perft [POSITION] DEPTH [--rules R] [--options O]`, or with `--game fide
/// [--variants V]` a FEN: the node count on the last line. Without a position, the game's
/// start.
pub fn run(position: Option<&str>, depth: u32, rules: &RulesArgs, game: &GameArgs) -> ExitCode {
    let count = match game.rules(&rules.given(), || rules.rules()) {
        Ok(GameRules::Csipgs(csipgs)) => match position {
            Some(text) => position_arg(text, rules).map(|pos| engine::perft(&pos, depth)),
            None => Ok(engine::perft(&engine::Position::start(csipgs), depth)),
        },
        Ok(GameRules::Fide(variants)) => {
            let fen = position.unwrap_or(engine::fide::START);
            fide_position(fen, variants).map(|pos| engine::fide::perft(&pos, depth))
        }
        Err(code) => Err(code),
    };
    match count {
        Ok(n) => {
            println!("{n}");
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}
