//! Whole games between players: the computer at its levels, and the two yardsticks its
//! issue names, a random player and a greedy one-ply player. Used by the tests that measure
//! strength and by `csipgs match`. Seeded: the same seed plays the same games.

use super::{choose_fide, choose_turn, Level, Think};
use crate::action::{Action, Turn};
use crate::color::Color;
use crate::design::Design;
use crate::eval::kind_value;
use crate::fide::{FideGame, Variants, Worths};
use crate::fog::splitmix64;
use crate::game::Game;
use crate::kinds::Kind;
use crate::position::Position;
use crate::ruleset::Rules;
use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Someone who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Any legal action, uniformly at random.
    Random,
    /// Captures the most valuable piece it can; else drops its best reserve piece next to its
    /// royal; else buys the most valuable design it can afford; else moves at random.
    Greedy,
    /// The computer at a level, with a time budget per turn.
    Computer(Level, Duration),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy"),
            Player::Computer(level, _) => write!(f, "level {level}"),
        }
    }
}

/// The game an arena plays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arena {
    /// csipgs chess under these rules.
    Csipgs(Rules),
    /// FIDE chess under these variants.
    Fide(Variants),
}

/// How one game of a match is set up.
#[derive(Clone, Debug)]
pub struct Setting {
    /// The game both play.
    pub arena: Arena,
    /// Random plies played first, so games differ.
    pub opening_plies: u32,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: u32,
}

impl Setting {
    /// csipgs chess: two random plies a side, and a draw after 300 plies.
    pub fn new(rules: Rules) -> Setting {
        Setting::of(Arena::Csipgs(rules))
    }

    /// FIDE chess under `variants`, set up as [`Setting::new`].
    pub fn fide(variants: Variants) -> Setting {
        Setting::of(Arena::Fide(variants))
    }

    fn of(arena: Arena) -> Setting {
        Setting {
            arena,
            opening_plies: 4,
            max_plies: 300,
        }
    }
}

/// The end of one arena game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner; None for a game stopped at the ply limit.
    pub winner: Option<Color>,
    /// Plies played.
    pub plies: u32,
    /// The longest a computer took over one turn: below its budget, it never loses on time.
    pub slowest: Duration,
}

/// One game from the start position. Every turn is the game's to accept, so a player that
/// offered an illegal turn would show up as an error, not a silent skip.
pub fn play_game(white: Player, black: Player, setting: &Setting, seed: u64) -> GameEnd {
    match &setting.arena {
        Arena::Csipgs(rules) => csipgs_game(white, black, rules, setting, seed),
        Arena::Fide(variants) => fide_game(white, black, *variants, setting, seed),
    }
}

/// Who plays the ply: the side's player, or the random opening.
fn player_for(white: Player, black: Player, color: Color, ply: u32, setting: &Setting) -> Player {
    if ply < setting.opening_plies {
        return Player::Random;
    }
    match color {
        Color::White => white,
        Color::Black => black,
    }
}

/// A level's thinking for one turn, seeded from the game's stream.
fn think(level: Level, budget: Duration, state: &mut u64) -> Think {
    Think {
        level,
        budget,
        seed: splitmix64(state),
    }
}

/// Run a computer's turn, keeping the longest any took in `slowest`.
fn timed<T>(slowest: &mut Duration, turn: impl FnOnce() -> T) -> T {
    let started = Instant::now();
    let chosen = turn();
    *slowest = (*slowest).max(started.elapsed());
    chosen
}

fn csipgs_game(
    white: Player,
    black: Player,
    rules: &Rules,
    setting: &Setting,
    seed: u64,
) -> GameEnd {
    let mut start = Position::start(rules.clone());
    if rules.options.fog {
        start.place_terrain(seed);
    }
    let mut game = Game::from_position(start);
    let mut state = seed;
    let stop = AtomicBool::new(false);
    let mut slowest = Duration::ZERO;
    while !game.is_over() && (game.turns().len() as u32) < setting.max_plies {
        let ply = game.turns().len() as u32;
        let player = player_for(white, black, game.position().to_move(), ply, setting);
        let turn = match player {
            Player::Random => random_turn(&game, &mut state),
            Player::Greedy => greedy_turn(&game, &mut state),
            Player::Computer(level, budget) => timed(&mut slowest, || {
                choose_turn(&game, &think(level, budget, &mut state), &stop)
            }),
        };
        let Some(turn) = turn else { break };
        game.play(turn).expect("arena players offer legal turns");
    }
    GameEnd {
        winner: game.result().and_then(|o| o.winner),
        plies: game.turns().len() as u32,
        slowest,
    }
}

fn fide_game(
    white: Player,
    black: Player,
    variants: Variants,
    setting: &Setting,
    seed: u64,
) -> GameEnd {
    let mut game = FideGame::new(variants);
    let worths = Worths::new(variants);
    let mut state = seed;
    let stop = AtomicBool::new(false);
    let mut slowest = Duration::ZERO;
    while !game.is_over() && (game.moves().len() as u32) < setting.max_plies {
        let ply = game.moves().len() as u32;
        let pos = *game.position();
        let legal = pos.legal_moves();
        let random = |state: &mut u64| {
            let pick = (splitmix64(state) % legal.len().max(1) as u64) as usize;
            legal.get(pick).copied()
        };
        let mv = match player_for(white, black, pos.turn(), ply, setting) {
            Player::Random => random(&mut state),
            Player::Greedy => legal
                .iter()
                .filter_map(|m| {
                    let (_, role) = pos.board().get(m.to)?;
                    (pos.board().by_color(!pos.turn()).contains(m.to))
                        .then(|| (worths.of(role), *m))
                })
                .max_by_key(|(worth, _)| *worth)
                .map(|(_, m)| m)
                .or_else(|| random(&mut state)),
            Player::Computer(level, budget) => timed(&mut slowest, || {
                choose_fide(&game, &think(level, budget, &mut state), &stop).map(|(m, _)| m)
            }),
        };
        let Some(mv) = mv else { break };
        game.play(mv).expect("arena players offer legal moves");
    }
    GameEnd {
        winner: game.result().and_then(|o| o.winner),
        plies: game.moves().len() as u32,
        slowest,
    }
}

/// The score of a match from the first player's side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    /// Games the first player won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Games drawn, or stopped at the ply limit.
    pub draws: u32,
    /// The longest any computer took over one turn.
    pub slowest: Duration,
}

impl MatchScore {
    /// Points: a win 1, a draw 1/2, as twice the points to stay whole.
    pub fn half_points(&self) -> u32 {
        2 * self.wins + self.draws
    }

    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }
}

impl fmt::Display for MatchScore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let points = match (self.half_points() / 2, self.half_points() % 2) {
            (0, 1) => "½".to_string(),
            (whole, 1) => format!("{whole}½"),
            (whole, _) => whole.to_string(),
        };
        write!(
            f,
            "{} of {} (+{} -{} ={})",
            points,
            self.games(),
            self.wins,
            self.losses,
            self.draws
        )
    }
}

/// `games` games of `first` against `second`, colours alternating (`first` is White in the
/// even games), each game's seed drawn from `seed`.
pub fn play_match(
    first: Player,
    second: Player,
    games: u32,
    setting: &Setting,
    seed: u64,
) -> MatchScore {
    let mut state = seed;
    let mut score = MatchScore::default();
    for i in 0..games {
        let game_seed = splitmix64(&mut state);
        let (white, black, first_color) = if i % 2 == 0 {
            (first, second, Color::White)
        } else {
            (second, first, Color::Black)
        };
        let end = play_game(white, black, setting, game_seed);
        score.slowest = score.slowest.max(end.slowest);
        match end.winner {
            Some(c) if c == first_color => score.wins += 1,
            Some(_) => score.losses += 1,
            None => score.draws += 1,
        }
    }
    score
}

/// What the greedy player thinks a royal piece is worth: more than any other.
const ROYAL_WORTH: i32 = 10_000;

fn random_turn(game: &Game, state: &mut u64) -> Option<Turn> {
    let actions = game.legal_actions();
    if actions.is_empty() {
        return None;
    }
    let pick = (splitmix64(state) % actions.len() as u64) as usize;
    Some(Turn::from(actions[pick].clone()))
}

fn greedy_turn(game: &Game, state: &mut u64) -> Option<Turn> {
    let pos = game.position();
    let actions = game.legal_actions();
    let mut worths: HashMap<Design, i32> = HashMap::new();
    let mut worth = |design: &Design| -> i32 {
        *worths.entry(design.clone()).or_insert_with_key(|design| {
            let kind = Kind::new(design.clone(), pos.rules());
            if kind.royal {
                ROYAL_WORTH
            } else {
                kind_value(&kind)
            }
        })
    };
    let best = |scored: Vec<(i32, &Action)>| {
        scored
            .into_iter()
            .max_by_key(|(w, _)| *w)
            .map(|(_, a)| a.clone())
    };
    let captures: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Move { to, .. } | Action::DoubleMove { to, .. } => {
                let (color, design) = pos.piece_at(*to)?;
                (color != pos.to_move()).then(|| (worth(design), a))
            }
            _ => None,
        })
        .collect();
    let drops: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Transfer { design, .. } => Some((worth(design), a)),
            _ => None,
        })
        .collect();
    let buys: Vec<_> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Buy(designs) => Some((designs.iter().map(&mut worth).sum(), a)),
            _ => None,
        })
        .collect();
    best(captures)
        .or_else(|| best(drops))
        .or_else(|| best(buys))
        .map(Turn::from)
        .or_else(|| random_turn(game, state))
}
