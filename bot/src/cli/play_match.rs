//! `csipgs match`: the computer against itself, or against the arena's yardsticks, over
//! games from varied openings.

use super::{GameArgs, RulesArgs};
use crate::family::GameRules;
use engine::computer::arena::{play_match, MatchScore, Player, Setting};
use engine::computer::Level;
use std::fmt;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;

/// The most games a match takes.
pub const MAX_GAMES: u32 = 10_000;

/// Who plays one side of a match, before the time budget is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contender {
    /// The computer at a level.
    Level(Level),
    /// Any legal action, at random.
    Random,
    /// The greedy one-ply player.
    Greedy,
}

impl Contender {
    /// The arena's player, a computer thinking at most `budget` a turn.
    pub fn player(self, budget: Duration) -> Player {
        match self {
            Contender::Level(level) => Player::Computer(level, budget),
            Contender::Random => Player::Random,
            Contender::Greedy => Player::Greedy,
        }
    }
}

impl FromStr for Contender {
    type Err = String;
    fn from_str(text: &str) -> Result<Contender, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "random" => Ok(Contender::Random),
            "greedy" => Ok(Contender::Greedy),
            word => word.parse::<Level>().map(Contender::Level).map_err(|_| {
                format!(
                    "'{text}' is not a player: write a level from {} (easiest) to {} \
                     (strongest), or random or greedy",
                    Level::MIN,
                    Level::MAX
                )
            }),
        }
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The arena's own names: "level 4", "random", "greedy".
        fmt::Display::fmt(&self.player(Duration::ZERO), f)
    }
}

/// `--games`'s value: a whole number from 1 to [`MAX_GAMES`].
pub fn games(text: &str) -> Result<u32, String> {
    super::whole_number(text, MAX_GAMES, "a number of games", "")
}

/// What `csipgs match` is asked to play.
pub struct Match {
    /// The first player, White in the even games (the first, third, ...); the score is its.
    pub first: Contender,
    /// The second player, White in the odd games.
    pub second: Contender,
    /// How many games.
    pub games: u32,
    /// The most time a computer's turn may take.
    pub budget: Duration,
    /// Decides the openings, the levels' blur and the random player's choices.
    pub seed: u64,
}

/// `csipgs match`: plays the games, then prints the score from the first player's side;
/// the last line is `score A_POINTS B_POINTS wins W losses L draws D`. Proposals, which
/// the computer can't have, are refused.
pub fn run(the_match: &Match, (rules, game): (&RulesArgs, &GameArgs)) -> ExitCode {
    let rules = match game.computer_rules(rules) {
        Ok(rules) => rules,
        Err(code) => return code,
    };
    let Match {
        first,
        second,
        games,
        budget,
        seed,
    } = *the_match;
    let setting = match rules {
        GameRules::Csipgs(rules) => Setting::new(rules),
        GameRules::Fide(variants) => Setting::fide(variants),
    };
    let plural = if games == 1 { "" } else { "s" };
    complain!(
        "playing {games} game{plural} of {first} against {second}, swapping colours every \
         game ({first} is White first)..."
    );
    let score = play_match(
        first.player(budget),
        second.player(budget),
        games,
        &setting,
        seed,
    );
    say!("{first} vs {second} over {games} game{plural}: {score}");
    if score.slowest > Duration::ZERO {
        say!(
            "longest turn: {} ms of the {} ms a turn may take",
            score.slowest.as_millis(),
            budget.as_millis()
        );
    }
    say!("{}", summary(&score));
    ExitCode::SUCCESS
}

/// The machine-readable last line, points as decimals.
fn summary(score: &MatchScore) -> String {
    let points = |half: u32| format!("{}.{}", half / 2, if half % 2 == 1 { 5 } else { 0 });
    let mine = score.half_points();
    let theirs = 2 * score.games() - mine;
    format!(
        "score {} {} wins {} losses {} draws {}",
        points(mine),
        points(theirs),
        score.wins,
        score.losses,
        score.draws
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contenders() {
        assert_eq!("random".parse(), Ok(Contender::Random));
        assert_eq!(" Greedy".parse(), Ok(Contender::Greedy));
        assert_eq!("4".parse(), Ok(Contender::Level(Level::new(4).unwrap())));
        for bad in ["0", "7", "strong", ""] {
            let e = bad.parse::<Contender>().unwrap_err();
            assert!(
                e.contains("1 (easiest) to 6 (strongest), or random or greedy"),
                "{e}"
            );
        }
        assert_eq!(Contender::Level(Level::MAX).to_string(), "level 6");
        assert_eq!(Contender::Random.to_string(), "random");
    }

    #[test]
    fn games_and_summary() {
        assert_eq!(games("1"), Ok(1));
        assert_eq!(games("10000"), Ok(10_000));
        for bad in ["0", "10001", "-3", "x"] {
            assert!(games(bad).is_err(), "{bad}");
        }
        let score = MatchScore {
            wins: 5,
            losses: 2,
            draws: 3,
            ..MatchScore::default()
        };
        assert_eq!(summary(&score), "score 6.5 3.5 wins 5 losses 2 draws 3");
        let sweep = MatchScore {
            wins: 2,
            ..MatchScore::default()
        };
        assert_eq!(summary(&sweep), "score 2.0 0.0 wins 2 losses 0 draws 0");
    }
}
