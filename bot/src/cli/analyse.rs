//! `csipgs analyse`: the computer's search on one position, for people and for scripts.

use super::{position_arg, GameArgs, RulesArgs};
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

/// `csipgs analyse POSITION [--rules R] [--options O] [--time S | --depth D] [--seed N]`:
/// the best turn, the score and the expected line, then on the last line
/// [`Analysis::summary`]. `--game fide` is refused: the computer plays csipgs only.
pub fn run(
    position: &str,
    (rules, game): (&RulesArgs, &GameArgs),
    time: Option<Duration>,
    depth: Option<u32>,
    seed: u64,
) -> ExitCode {
    if let Err(code) = game.computer_rules(rules) {
        return code;
    }
    let pos = match position_arg(position, rules) {
        Ok(p) => p,
        Err(code) => return code,
    };
    // Nothing stops this search but its limits.
    let stop = AtomicBool::new(false);
    let analysis = computer::analyse(&pos, &limits(time, depth), seed, &stop);
    for line in describe(&analysis, pos.to_move(), pos.ply()) {
        say!("{line}");
    }
    say!("{}", analysis.summary());
    ExitCode::SUCCESS
}

/// The human-readable lines before the summary.
fn describe(analysis: &Analysis, mover: Color, ply: u32) -> Vec<String> {
    let Some(best) = &analysis.best else {
        return vec![format!(
            "{mover} to move has no legal turn (no move, transfer or buy): {mover} has lost"
        )];
    };
    let line = if analysis.line.is_empty() {
        format!("{ply}.{best}")
    } else {
        analysis
            .line
            .iter()
            .zip(ply..)
            .map(|(turn, n)| format!("{n}.{turn}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
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
