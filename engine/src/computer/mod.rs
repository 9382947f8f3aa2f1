//! The computer player: a whole turn for any game, under every ruleset and option. The
//! action comes from the [`search`](crate::search) (moves, drops and buys, under `power`
//! buys as the design phase); a redesign is chosen at the root from a catalogue
//! (`design`); in a fog game the search sees only what the computer's side sees
//! (`belief`). [`Level`] sets how deep it looks and how much it blurs; [`arena`] plays
//! whole games against it, for tests and `csipgs match`. The FIDE family's computer
//! (`fide`) is the same search over its positions.

pub mod arena;
mod belief;
mod design;
mod fide;

pub use fide::{analyse_fide, choose_fide};

use crate::action::Turn;
use crate::eval::{evaluate, Values};
use crate::game::Game;
use crate::position::Position;
use crate::search::{search_with_noise, Limits, Report};
use std::fmt;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use crate::search::time::DEFAULT_BUDGET;

/// The search may use all but 1/n of the turn's budget.
const SEARCH_SHARE_OF_BUDGET: u32 = 20;

/// How well the computer plays: 1 (a few plies, blurred: a beginner can win) to
/// [`Level::MAX`] (the whole time budget).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// A level outside 1..=6.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a level: choose a whole number from 1 (easiest) to 6 (strongest)")]
pub struct LevelError(pub String);

impl Level {
    /// The easiest level.
    pub const MIN: Level = Level(1);
    /// The strongest level: searches until the time budget is spent.
    pub const MAX: Level = Level(6);
    /// Every level, easiest first.
    pub const ALL: [Level; 6] = [Level(1), Level(2), Level(3), Level(4), Level(5), Level(6)];

    /// The level numbered `n`, if it is one.
    pub fn new(n: u8) -> Result<Level, LevelError> {
        (Level::MIN.0..=Level::MAX.0)
            .contains(&n)
            .then_some(Level(n))
            .ok_or_else(|| LevelError(n.to_string()))
    }

    /// Its number, 1..=6.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The search limits and evaluation blur of this level within a time budget, in a game
    /// of `family`. Levels below the top are bounded by depth or nodes, so given a seed they
    /// play the same move however fast the machine (the budget still caps them on a slow one).
    pub(crate) fn settings(self, budget: Duration, family: Family) -> (Limits, i32) {
        let (depth, nodes, noise) = match family {
            Family::Csipgs => CSIPGS_LEVELS,
            Family::Fide => FIDE_LEVELS,
            Family::FideVariants => FIDE_VARIANT_LEVELS,
        }
        .get(usize::from(self.0) - 1)
        .copied()
        .unwrap_or((None, None, 0));
        let limits = Limits {
            depth,
            nodes,
            // The rest of the budget is for choosing a redesign and checking the turn.
            time: Some(budget - budget / SEARCH_SHARE_OF_BUDGET),
        };
        (limits, noise)
    }
}

/// Which game's level table applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Csipgs,
    /// FIDE chess without variants.
    Fide,
    /// FIDE chess under one or more of Gilman's variants.
    FideVariants,
}

/// Levels 1 to 5's deepest iteration, most nodes and blur (level 6 has only the budget).
type LevelTable = [(Option<u32>, Option<u64>, i32); 5];

const CSIPGS_LEVELS: LevelTable = [
    (Some(1), None, 300),
    (Some(2), None, 60),
    (Some(3), Some(40_000), 20),
    (None, Some(150_000), 0),
    (None, Some(600_000), 0),
];

/// A FIDE position searches about 400,000 nodes a second here, so csipgs's caps would leave
/// level 5 as strong as level 6; these keep each level four or more times the nodes of the
/// one below (level 6 at a 1 s budget), which the arenas measured as 70% or better.
const FIDE_LEVELS: LevelTable = [
    (Some(1), None, 300),
    (Some(2), None, 60),
    (Some(3), Some(40_000), 20),
    (None, Some(20_000), 0),
    (None, Some(80_000), 0),
];

/// The variants' moves are played out to test for check, so their positions search about
/// 100,000 nodes a second: the same spacing from a quarter of the nodes, and levels 2 and
/// 3 blurred more to stay that far below the level above.
const FIDE_VARIANT_LEVELS: LevelTable = [
    (Some(1), None, 300),
    (Some(2), None, 100),
    (Some(3), Some(40_000), 60),
    (None, Some(12_000), 0),
    (None, Some(50_000), 0),
];

impl Default for Level {
    /// The middle of the range: sees mates in three, answers in well under a second.
    fn default() -> Level {
        Level(4)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(|n| Level::new(n).ok())
            .ok_or_else(|| LevelError(s.trim().to_string()))
    }
}

/// How the computer is to think about one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Think {
    /// How well it plays.
    pub level: Level,
    /// The most time the turn may take (see [`crate::search::time::budget`] for a clock).
    pub budget: Duration,
    /// Decides between equal moves and the weaker levels' blur: same seed, same turn.
    pub seed: u64,
}

impl Think {
    /// A level with the default budget.
    pub fn new(level: Level, seed: u64) -> Think {
        Think {
            level,
            budget: DEFAULT_BUDGET,
            seed,
        }
    }
}

/// The computer's turn in `game`, or None when the game is over. The turn is legal: the
/// game accepts it as it stands.
pub fn choose_turn(game: &Game, think: &Think, stop: &AtomicBool) -> Option<Turn> {
    choose(game, think, stop).map(|(turn, _)| turn)
}

/// [`choose_turn`] with the search's report.
pub fn choose(game: &Game, think: &Think, stop: &AtomicBool) -> Option<(Turn, Report)> {
    if game.is_over() {
        return None;
    }
    let (limits, noise) = think.level.settings(think.budget, Family::Csipgs);
    // Each turn gets its own seed, so a game is not the same blur every turn.
    let seed = think.seed ^ u64::from(game.position().ply()).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let searched = belief::position(game);
    let report = search_with_noise(&searched, &limits, seed, noise, &[], stop);
    let mut turn = report
        .best
        .map(|mv| searched.turn_of(mv))
        .filter(|turn| accepts(game, turn))
        .or_else(|| fallback(game, &searched))?;
    if turn.design.is_none() && !game.rules().options.power {
        if let Some(redesign) = design::choose(game.position()) {
            let with = Turn {
                design: Some(redesign),
                ..turn.clone()
            };
            if accepts(game, &with) {
                turn = with;
            }
        }
    }
    Some((turn, report))
}

/// Whether the game would take this turn now.
fn accepts(game: &Game, turn: &Turn) -> bool {
    game.clone().play(turn.clone()).is_ok()
}

/// A legal turn when the search's choice can't be played (a fog move that hidden pieces
/// block, refused as the moderator would refuse a player's): of the actions a player would
/// be offered, the one the game takes that leaves the best position as the computer's side
/// knows it.
fn fallback(game: &Game, searched: &Position) -> Option<Turn> {
    let values = Values::new(searched);
    game.offered_actions()
        .into_iter()
        .map(Turn::from)
        .filter(|turn| accepts(game, turn))
        .max_by_key(|turn| {
            let Some(mv) = searched.move_of(turn) else {
                return i32::MIN;
            };
            let mut after = searched.clone();
            after.play_move(mv);
            -evaluate(&after, &values)
        })
}

/// What `csipgs analyse` prints: the search's report, with its moves in record notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis<M = crate::moves::Move> {
    /// The search's report.
    pub report: Report<M>,
    /// The best turn in record notation, if there is a move.
    pub best: Option<String>,
    /// The principal variation in record notation, best turn first.
    pub line: Vec<String>,
}

impl<M> Analysis<M> {
    /// The machine-readable summary:
    /// `best <turn> score <cp N | mate N> depth D nodes N time_ms T` (`best none` without a
    /// legal turn).
    pub fn summary(&self) -> String {
        format!(
            "best {} score {} depth {} nodes {} time_ms {}",
            self.best.as_deref().unwrap_or("none"),
            self.report.score,
            self.report.depth,
            self.report.nodes,
            self.report.time.as_millis()
        )
    }
}

/// Search a position and write the result in record notation.
pub fn analyse(position: &Position, limits: &Limits, seed: u64, stop: &AtomicBool) -> Analysis {
    let report = crate::search::search(position, limits, seed, stop);
    let mut pos = position.clone();
    let mut line = Vec::new();
    for &mv in &report.pv {
        let turn = pos.turn_of(mv);
        let mut next = pos.clone();
        next.play_move(mv);
        line.push(pos.notate_turn(&turn, &next));
        pos = next;
    }
    let best = report.best.map(|mv| {
        let turn = position.turn_of(mv);
        let mut next = position.clone();
        next.play_move(mv);
        position.notate_turn(&turn, &next)
    });
    Analysis { report, best, line }
}
