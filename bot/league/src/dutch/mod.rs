//! The FIDE (Dutch) Swiss system, C.04.3 as applied from 1 February 2026: one round's
//! pairings from the rounds before it.
//!
//! Brackets are paired from the top scoregroup down (`brackets`). For each, every
//! criterion from the completion requirement \[C4\] through \[C21\] becomes a digit of one
//! edge weight (`criteria`: digits from the most important down, each wide enough that no
//! sum of lower digits can reach it), so that a maximum-weight matching is a best pairing of
//! the bracket that leaves the rest pairable. Among equally good pairings the rules take the
//! one generated first (articles 3 and 4: the set of moved-down players, their opponents,
//! the exchanges, then the transpositions); those choices are made one at a time, each kept
//! only if a best pairing still exists with it (`search`).
//!
//! A large field stays quick in three ways: the players below the next scoregroup, who
//! count only as partners, are a few interchangeable stand-ins in the graph
//! (`stand_ins`); once the criteria are settled, the exchanges and transpositions are
//! weighed on the best pairings alone, in narrow integers, and the first candidate is taken
//! at once where it is one of them (`exchanges`); and round 1 needs no matching at all.
//!
//! Who is to be paired and who is a topscorer are the tournament's own facts
//! ([`Tournament::plays`], [`Tournament::is_topscorer`]); meetings, colour preferences and
//! floats this module derives for itself (`entrant`), sharing nothing with
//! [`crate::checker`], which judges its pairings.

mod brackets;
mod criteria;
mod entrant;
mod exchanges;
mod search;
mod stand_ins;
#[cfg(test)]
mod tests;

use crate::matching::{Graph, Matching, Wide};
use crate::model::{Bye, GameResult, Pairings, PlayerNo, Points, Round, Tournament};
use engine::Color;
use std::collections::HashSet;
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};

use brackets::*;
use criteria::*;
use entrant::*;
use exchanges::*;
use search::*;
use stand_ins::*;

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DutchError {
    /// Asked for a round other than the next: the round and the rounds paired.
    #[error("round {0} is not the next round to pair (rounds paired so far: {1})")]
    NotNext(u16, u16),
    /// Asked for a round after the last: the round and the tournament's rounds.
    #[error("round {0} is past the tournament's {1} rounds")]
    PastTheEnd(u16, u16),
    /// Every pairing would break an absolute rule.
    #[error("no pairing keeps the absolute rules (no rematches, colours, one bye): the chief arbiter must pair this round")]
    NoPairing,
    /// More than [`MAX_PLAYERS`] players.
    #[error("{0} players are more than this program pairs in one round (at most {MAX_PLAYERS})")]
    TooMany(usize),
}

/// The round to pair next: the one after the last with a game in it (a last column holding
/// only byes holds byes set ahead for the round to pair).
pub fn next_round(t: &Tournament) -> u16 {
    let last = t.rounds_paired();
    let games = t.players.iter().any(|p| {
        matches!(
            p.rounds.get(usize::from(last).saturating_sub(1)),
            Some(Round::Game { .. } | Round::Bye(Bye::Pairing))
        )
    });
    if games || last == 0 {
        last + 1
    } else {
        last
    }
}

/// The most players one round may have: the weights' digits are sized for it.
pub const MAX_PLAYERS: usize = 2000;

/// How far a pairing has got, for a caller that shows it: the scoregroups paired and how
/// many there are (a large field can take minutes).
#[derive(Debug, Default)]
pub struct Progress {
    paired: AtomicUsize,
    groups: AtomicUsize,
}

impl Progress {
    /// Scoregroups paired so far, and how many there are (0 before pairing starts).
    pub fn get(&self) -> (usize, usize) {
        (
            self.paired.load(Ordering::Relaxed),
            self.groups.load(Ordering::Relaxed),
        )
    }
}

/// Pair round `round` (from 1) of `t`, whose players hold the rounds before it.
pub fn pair(t: &Tournament, round: u16) -> Result<Pairings, DutchError> {
    pair_showing(t, round, &Progress::default())
}

/// [`pair`], counting the scoregroups paired in `progress` as it goes.
pub fn pair_showing(
    t: &Tournament,
    round: u16,
    progress: &Progress,
) -> Result<Pairings, DutchError> {
    pair_with(t, round, progress, Some(Pairer::STAND_INS))
}

/// The pairing, with brackets solved with `stand_ins` stand-ins first (None: never; see
/// [`Sinks`]). How many only changes how long it takes.
fn pair_with(
    t: &Tournament,
    round: u16,
    progress: &Progress,
    stand_ins: Option<usize>,
) -> Result<Pairings, DutchError> {
    if t.players.len() > MAX_PLAYERS {
        return Err(DutchError::TooMany(t.players.len()));
    }
    if round > t.rounds {
        return Err(DutchError::PastTheEnd(round, t.rounds));
    }
    if round != next_round(t) {
        return Err(DutchError::NotNext(round, t.rounds_paired()));
    }
    // The numbers 5.2.5 reads count only players who have been or are being paired (as the
    // reference program numbers them: someone absent from every round so far is skipped).
    let mut tpn = 0;
    let mut players = Vec::new();
    for (i, p) in t.players.iter().enumerate() {
        let playing = t.plays(p.number, round);
        let paired_before = p
            .rounds
            .iter()
            .any(|r| matches!(r, Round::Game { .. } | Round::Bye(Bye::Pairing)));
        if playing || paired_before {
            tpn += 1;
        }
        if playing {
            let mut e = Entrant::new(t, i, round);
            e.tpn = tpn;
            players.push(e);
        }
    }
    // Pairing order: score, then pairing number (1.2).
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    let mut pairer = Pairer::new(players, t.first_colour, stand_ins);
    let pairs = pairer.run(progress)?;
    let mut pairings = Pairings::default();
    for (a, b) in pairs {
        match b {
            None => pairings.bye = Some(pairer.players[a].no),
            Some(b) => {
                let (w, bl) = colours(&pairer.players[a], &pairer.players[b], t.first_colour);
                pairings.games.push((w, bl));
            }
        }
    }
    // Board order (C.04.2): the higher score in the pair, then both scores together, then
    // the rank of the higher-ranked player.
    let rank = |n: PlayerNo| pairer.players.iter().position(|p| p.no == n).unwrap_or(0);
    let score = |n: PlayerNo| pairer.players.get(rank(n)).map_or(0, |p| p.score);
    pairings.games.sort_by_key(|&(w, b)| {
        let (sw, sb) = (score(w), score(b));
        (
            std::cmp::Reverse(sw.max(sb)),
            std::cmp::Reverse(sw + sb),
            rank(w).min(rank(b)),
        )
    });
    Ok(pairings)
}

/// Colours for a pair (5.2); `a` is the higher ranked. Returns (White, Black).
fn colours(a: &Entrant, b: &Entrant, first: Color) -> (PlayerNo, PlayerNo) {
    let a_white = a_gets_white(a, b, first);
    if a_white {
        (a.no, b.no)
    } else {
        (b.no, a.no)
    }
}

fn a_gets_white(a: &Entrant, b: &Entrant, first: Color) -> bool {
    match (a.preference, b.preference) {
        (Some(pa), Some(pb)) if pa != pb => return pa == Color::White,
        (Some(pa), None) => return pa == Color::White,
        (None, Some(pb)) => return pb == Color::Black,
        _ => {}
    }
    if let (Some(pa), Some(_)) = (a.preference, b.preference) {
        if a.strength != b.strength {
            let stronger_a = a.strength > b.strength;
            return if stronger_a {
                pa == Color::White
            } else {
                pa != Color::White
            };
        }
        if a.strength == Strength::Absolute && a.difference.abs() != b.difference.abs() {
            let wider_a = a.difference.abs() > b.difference.abs();
            return if wider_a {
                pa == Color::White
            } else {
                pa != Color::White
            };
        }
    }
    // Alternate from the latest round in which they had different colours (histories
    // aligned at their ends: unplayed rounds count as before the first).
    for (ca, cb) in a.colours.iter().rev().zip(b.colours.iter().rev()) {
        if ca != cb {
            return *ca == Color::Black;
        }
    }
    if let Some(pa) = a.preference {
        return pa == Color::White;
    }
    (a.tpn % 2 == 1) == (first == Color::White)
}
