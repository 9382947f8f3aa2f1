//! A tournament as the pairing rules see it: players by pairing number, what each round was
//! for each of them, and points kept in half points so every sum is exact.
//!
//! This is the shape TRF files carry (`trf.rs` reads and writes it) and the command core
//! builds from its tables; the pairing systems, tie-breaks and standings only read it.

use engine::Color;
use std::fmt;

/// A player's pairing number: their starting rank, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerNo(pub u16);

impl fmt::Display for PlayerNo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Points, counted in half points: 5 is "2.5".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub u32);

impl Points {
    /// Nothing: a loss.
    pub const ZERO: Points = Points(0);
    /// A draw's.
    pub const HALF: Points = Points(1);
    /// A win's.
    pub const ONE: Points = Points(2);
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 2 {
            0 => write!(f, "{}", self.0 / 2),
            _ => write!(f, "{}.5", self.0 / 2),
        }
    }
}

/// How a game between two paired players ended, from one player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Won over the board (`1`).
    Win,
    /// Drawn over the board (`=`).
    Draw,
    /// Lost over the board (`0`).
    Loss,
    /// Won because the opponent did not play (`+`): not a played game.
    ForfeitWin,
    /// Lost by not playing (`-`): not a played game.
    ForfeitLoss,
    /// Played, but not to be rated (`W`): a played game all the same.
    UnratedWin,
    /// Drawn, not to be rated (`D`).
    UnratedDraw,
    /// Lost, not to be rated (`L`).
    UnratedLoss,
}

impl GameResult {
    /// The points it gives.
    pub fn points(self) -> Points {
        match self {
            GameResult::Win | GameResult::ForfeitWin | GameResult::UnratedWin => Points::ONE,
            GameResult::Draw | GameResult::UnratedDraw => Points::HALF,
            GameResult::Loss | GameResult::ForfeitLoss | GameResult::UnratedLoss => Points::ZERO,
        }
    }

    /// Whether the game was played over the board (forfeits were not: they give no colour
    /// and, for the tie-breaks, count as games against a virtual opponent).
    pub fn played(self) -> bool {
        !matches!(self, GameResult::ForfeitWin | GameResult::ForfeitLoss)
    }

    /// The same game from the opponent's side.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Draw => GameResult::Draw,
            GameResult::Loss => GameResult::Win,
            GameResult::ForfeitWin => GameResult::ForfeitLoss,
            GameResult::ForfeitLoss => GameResult::ForfeitWin,
            GameResult::UnratedWin => GameResult::UnratedLoss,
            GameResult::UnratedDraw => GameResult::UnratedDraw,
            GameResult::UnratedLoss => GameResult::UnratedWin,
        }
    }
}

/// A round without an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bye {
    /// The pairing-allocated bye of an odd field (`U`): what the tournament's rules give it
    /// (a point, under FIDE's rules), at most once per player.
    Pairing,
    /// A full-point bye asked for (`F`).
    Full,
    /// A half-point bye: asked for, or a late entrant's first missed round (`H`).
    Half,
    /// A zero-point bye: absent, withdrawn, or a late entrant's later missed rounds (`Z`,
    /// or blank).
    Zero,
}

impl Bye {
    /// The points it gives.
    pub fn points(self) -> Points {
        match self {
            Bye::Pairing | Bye::Full => Points::ONE,
            Bye::Half => Points::HALF,
            Bye::Zero => Points::ZERO,
        }
    }
}

/// What one round was for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Round {
    /// Paired against `opponent` with `colour`; the result once there is one.
    Game {
        /// Who they were paired with.
        opponent: PlayerNo,
        /// The colour this player had.
        colour: Color,
        /// From this player's side; `None` while the game is being played.
        result: Option<GameResult>,
    },
    /// No opponent this round.
    Bye(Bye),
}

impl Round {
    /// The points it gives so far (a game still being played gives none).
    pub fn points(self) -> Points {
        match self {
            Round::Game {
                result: Some(r), ..
            } => r.points(),
            Round::Game { result: None, .. } => Points::ZERO,
            Round::Bye(bye) => bye.points(),
        }
    }

    /// The opponent and colour of a game played over the board.
    pub fn played(self) -> Option<(PlayerNo, Color)> {
        match self {
            Round::Game {
                opponent,
                colour,
                result,
            } if result.is_none_or(GameResult::played) => Some((opponent, colour)),
            _ => None,
        }
    }
}

/// One player of a tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Their pairing number.
    pub number: PlayerNo,
    /// As the tournament shows it.
    pub name: String,
    /// The rating pairing ranks by (0 for none).
    pub rating: u16,
    /// Round 1 first; a round not reached yet is absent.
    pub rounds: Vec<Round>,
    /// Withdrawn players are never paired again.
    pub withdrawn: bool,
}

impl Player {
    /// Points from every round so far.
    pub fn points(&self) -> Points {
        self.rounds.iter().map(|r| r.points()).sum()
    }

    /// The colours of the games played over the board, in order.
    pub fn colours(&self) -> impl Iterator<Item = Color> + '_ {
        self.rounds
            .iter()
            .filter_map(|r| r.played())
            .map(|(_, c)| c)
    }

    /// Whether the two have met over the board.
    pub fn has_played(&self, other: PlayerNo) -> bool {
        self.rounds
            .iter()
            .filter_map(|r| r.played())
            .any(|(o, _)| o == other)
    }

    /// Whether the player has had a bye that gave points without a game (pairing-allocated,
    /// or a win by forfeit): FIDE allows the pairing-allocated bye only to players without.
    pub fn had_point_without_game(&self) -> bool {
        self.rounds.iter().any(|r| {
            matches!(
                r,
                Round::Bye(Bye::Pairing | Bye::Full)
                    | Round::Game {
                        result: Some(GameResult::ForfeitWin),
                        ..
                    }
            )
        })
    }
}

/// A whole tournament: who plays, how many rounds, and what has happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// As the tournament shows it.
    pub name: String,
    /// How many rounds it will have.
    pub rounds: u16,
    /// The colour the first-ranked player gets in round 1 (the rest alternates from it).
    pub first_colour: Color,
    /// By pairing number: `players[0]` is number 1.
    pub players: Vec<Player>,
    /// Byes fixed ahead for a round that is not paired yet (round, player, bye): players
    /// on leave, late entrants.
    pub planned: Vec<(u16, PlayerNo, Bye)>,
}

impl Tournament {
    /// The player with this pairing number.
    pub fn player(&self, number: PlayerNo) -> Option<&Player> {
        self.players.get(usize::from(number.0).checked_sub(1)?)
    }

    /// How many rounds have been paired.
    pub fn rounds_paired(&self) -> u16 {
        self.players
            .iter()
            .map(|p| p.rounds.len() as u16)
            .max()
            .unwrap_or(0)
    }

    /// Whether `player` is to be paired in `round` (from 1): not withdrawn, and with no bye
    /// already set for it (in the planned byes, or as the round's entry of a file that
    /// holds it).
    pub fn plays(&self, player: PlayerNo, round: u16) -> bool {
        let Some(p) = self.player(player) else {
            return false;
        };
        let planned = self
            .planned
            .iter()
            .any(|&(r, who, _)| r == round && who == player);
        let entered = matches!(
            p.rounds.get(usize::from(round.saturating_sub(1))),
            Some(Round::Bye(Bye::Full | Bye::Half | Bye::Zero))
        );
        !p.withdrawn && !planned && !entered
    }

    /// Whether a player with `points` is a topscorer when pairing `round` (from 1): only in
    /// the last round, more than half the maximum possible score so far (Dutch rules 1.8).
    /// The absolute colour rules do not bind a topscorer's game (C.04.1, Dutch C3).
    pub fn is_topscorer(&self, points: Points, round: u16) -> bool {
        round == self.rounds && u32::from(round.saturating_sub(1)) < points.0
    }
}

/// A round's pairings: games as (White, Black), and who has the pairing-allocated bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pairings {
    /// (White, Black), board by board.
    pub games: Vec<(PlayerNo, PlayerNo)>,
    /// The player with the pairing-allocated bye, in an odd field.
    pub bye: Option<PlayerNo>,
}
