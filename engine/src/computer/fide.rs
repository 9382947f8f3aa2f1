//! The computer in the FIDE family: the same search and levels as csipgs's, over FIDE
//! positions under any variants. A game's earlier positions go to the search, so it
//! steers into or away from a repetition as the score asks.

use super::{Analysis, Family, Think};
use crate::fide::{san, FideGame, Move, Position, Variants};
use crate::search::{search, search_with_noise, Limits, Node, Report};
use std::sync::atomic::AtomicBool;

/// The computer's move in `game` with the search's report, or None when the game is over.
/// The move is legal: the game accepts it as it stands.
pub fn choose_fide(
    game: &FideGame,
    think: &Think,
    stop: &AtomicBool,
) -> Option<(Move, Report<Move>)> {
    if game.is_over() {
        return None;
    }
    let family = if game.position().variants() == Variants::NONE {
        Family::Fide
    } else {
        Family::FideVariants
    };
    let (limits, noise) = think.level.settings(think.budget, family);
    let plies = game.moves().len() as u64;
    let seed = think.seed ^ plies.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let history = earlier_keys(game);
    let position = game.position();
    let report = search_with_noise(position, &limits, seed, noise, &history, stop);
    let legal = position.legal_moves();
    let best = report
        .best
        .filter(|m| legal.contains(m))
        .or_else(|| legal.first().copied())?;
    Some((best, report))
}

/// The keys of the positions before the current one, oldest first, back to the last
/// capture or pawn move (nothing earlier can come again).
fn earlier_keys(game: &FideGame) -> Vec<u64> {
    let mut pos = *game.start();
    let mut keys = Vec::with_capacity(game.moves().len());
    for m in game.moves() {
        keys.push(pos.key());
        let Some(next) = pos.play(m) else { break };
        if next.halfmoves() == 0 {
            keys.clear();
        }
        pos = next;
    }
    keys
}

/// Search a FIDE-family position and write the result in SAN.
pub fn analyse_fide(
    position: &Position,
    limits: &Limits,
    seed: u64,
    stop: &AtomicBool,
) -> Analysis<Move> {
    let report = search(position, limits, seed, stop);
    let mut pos = *position;
    let mut line = Vec::new();
    for m in &report.pv {
        line.push(san::write(&pos, m));
        let Some(next) = pos.play(m) else { break };
        pos = next;
    }
    let best = report.best.map(|m| san::write(position, &m));
    Analysis { report, best, line }
}
