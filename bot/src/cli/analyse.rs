//! `csipgs analyse`: the computer's search on one position, for people and for scripts.

use super::{position_arg, position_error, GameArgs, RulesArgs};
use crate::family::{FamilyPosition, GameRules};
use engine::computer::{self, Analysis, DEFAULT_BUDGET};
use engine::search::{Limits, Score};
use engine::Color;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The deepest `--depth` taken, in plies.
pub const MAX_DEPTH: u32 = 30;

/// `--depth`'s value: a whole number of plies from 1 to [`MAX_DEPTH`].
pub fn depth(text: &str) -> Result<u32, String> {
    super::whole_number(text, MAX_DEPTH, "a depth", "of plies ")
}

/// The search's limits: the default budget when neither is given, else those given (with
/// both, the first reached ends the search).
pub fn limits(time: Option<Duration>, depth: Option<u32>) -> Limits {
    Limits {
        depth,
        nodes: None,
        time: match (time, depth) {
            (None, None) => Some(DEFAULT_BUDGET),
            (time, _) => time,
        },
    }
}

/// `csipgs analyse POSITION [--rules R] [--options O | --game fide --variants V]
/// [--time S | --depth D] [--seed N]`: the best turn (a FIDE position's best move in SAN),
/// the score and the expected line, then on the last line [`Analysis::summary`].
pub fn run(
    position: &str,
    (rules, game): (&RulesArgs, &GameArgs),
    time: Option<Duration>,
    depth: Option<u32>,
    seed: u64,
) -> ExitCode {
    let computer_rules = match game.computer_rules(rules) {
        Ok(r) => r,
        Err(code) => return code,
    };
    // Nothing stops this search but its limits.
    let stop = AtomicBool::new(false);
    let limits = limits(time, depth);
    let (lines, summary) = match computer_rules {
        GameRules::Csipgs(_) => {
            let pos = match position_arg(position, rules) {
                Ok(p) => p,
                Err(code) => return code,
            };
            let analysis = computer::analyse(&pos, &limits, seed, &stop);
            let mover = pos.to_move();
            let none = format!("no legal turn (no move, transfer or buy): {mover} has lost");
            let numbers = (pos.ply()..).map(|n| format!("{n}."));
            (
                describe(&analysis, mover, numbers, &none),
                analysis.summary(),
            )
        }
        GameRules::Fide(_) => {
            let pos = match computer_rules.position(Some(position)) {
                Ok(FamilyPosition::Fide(p)) => p,
                Ok(FamilyPosition::Csipgs(_)) => unreachable!("FIDE rules read a FEN"),
                Err(e) => return position_error(e),
            };
            let analysis = computer::analyse_fide(&pos, &limits, seed, &stop);
            let mover = pos.turn();
            let none = match (analysis.report.score, pos.in_check()) {
                (_, true) => format!("no legal move: checkmate, {mover} has lost"),
                (Score::Cp(0), false) => "no legal move: stalemate, a draw".to_string(),
                _ => format!("no legal move: {mover} has lost"),
            };
            let first = pos.fullmoves();
            let numbers = (0..).map(|i: u32| {
                let white = (pos.turn() == Color::White) == i.is_multiple_of(2);
                let n = first + (i + u32::from(pos.turn() == Color::Black)) / 2;
                match (white, i) {
                    (true, _) => format!("{n}. "),
                    (false, 0) => format!("{n}... "),
                    (false, _) => String::new(),
                }
            });
            (
                describe(&analysis, mover, numbers, &none),
                analysis.summary(),
            )
        }
    };
    for line in lines {
        say!("{line}");
    }
    say!("{summary}");
    ExitCode::SUCCESS
}

/// The human-readable lines before the summary: `numbers` gives each turn of the line its
/// number as written before it; `none` says what having no legal turn means.
fn describe<M>(
    analysis: &Analysis<M>,
    mover: Color,
    numbers: impl Iterator<Item = String>,
    none: &str,
) -> Vec<String> {
    let Some(best) = &analysis.best else {
        return vec![format!("{mover} to move has {none}")];
    };
    let turns = if analysis.line.is_empty() {
        std::slice::from_ref(best)
    } else {
        &analysis.line[..]
    };
    let line = turns
        .iter()
        .zip(numbers)
        .map(|(turn, n)| format!("{n}{turn}"))
        .collect::<Vec<_>>()
        .join(" ");
    let report = &analysis.report;
    vec![
        format!("{mover} to move"),
        format!("best turn: {best}"),
        format!("score: {}", score_words(report.score, mover)),
        format!("line: {line}"),
        format!(
            "searched to depth {}: {} positions in {} ms",
            report.depth,
            report.nodes,
            report.time.as_millis()
        ),
    ]
}

/// A score from the mover's side in words.
fn score_words(score: Score, mover: Color) -> String {
    let other = !mover;
    match score {
        Score::Cp(0) => "even (cp 0)".to_string(),
        Score::Cp(cp) => {
            let (ahead, by) = if cp > 0 { (mover, cp) } else { (other, -cp) };
            format!(
                "{ahead} is better by {}.{:02} pawns (cp {cp}, from {mover}'s side)",
                by / 100,
                by % 100
            )
        }
        Score::Mate(n) if n > 0 => format!("{mover} mates in {n} (mate {n})"),
        Score::Mate(n) => format!("{other} mates in {} (mate {n})", -n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_and_limits() {
        assert_eq!(depth("1"), Ok(1));
        assert_eq!(depth("30"), Ok(30));
        for bad in ["0", "31", "-1", "two", ""] {
            assert!(depth(bad).unwrap_err().contains("1 to 30"), "{bad}");
        }
        assert_eq!(limits(None, None).time, Some(DEFAULT_BUDGET));
        assert_eq!(
            limits(None, Some(3)),
            Limits {
                depth: Some(3),
                ..Limits::default()
            }
        );
        let both = limits(Some(Duration::from_secs(1)), Some(3));
        assert_eq!(
            (both.depth, both.time),
            (Some(3), Some(Duration::from_secs(1)))
        );
    }

    #[test]
    fn scores_in_words() {
        assert_eq!(
            score_words(Score::Mate(1), Color::White),
            "White mates in 1 (mate 1)"
        );
        assert_eq!(
            score_words(Score::Mate(-2), Color::White),
            "Black mates in 2 (mate -2)"
        );
        assert_eq!(
            score_words(Score::Cp(-135), Color::White),
            "Black is better by 1.35 pawns (cp -135, from White's side)"
        );
        assert_eq!(
            score_words(Score::Cp(7), Color::Black),
            "Black is better by 0.07 pawns (cp 7, from Black's side)"
        );
    }
}
