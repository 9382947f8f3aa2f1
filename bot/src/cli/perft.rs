use super::{family_position, GameArgs, RulesArgs};
use std::process::ExitCode;

/// `csipgs perft [POSITION] DEPTH [--rules R] [--options O]`, or with `--game fide
/// [--variants V]` a FEN: the node count on the last line. Without a position, the game's
/// start.
pub fn run(position: Option<&str>, depth: u32, rules: &RulesArgs, game: &GameArgs) -> ExitCode {
    match family_position(position, rules, game).map(|p| p.perft(depth)) {
        Ok(n) => {
            say!("{n}");
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// The depth argument; a position in its place (the depth left out) is told how to write it.
pub fn depth_arg(text: &str) -> Result<u32, String> {
    text.parse().map_err(|_| {
        format!(
            "'{text}' is not a depth: give the position first, then how many plies deep, \
             such as perft \"4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1\" 3"
        )
    })
}
