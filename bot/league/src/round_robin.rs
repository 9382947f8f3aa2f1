//! Round robin schedules from the FIDE Berger tables (Handbook C.05, Annex 1): who meets
//! whom in each round, and with which colours.
//!
//! The tables follow one rule, computed here rather than stored. For an even number `n` of
//! players, round `r` has a pivot `a`: `(r + 1) / 2` in odd rounds, `n / 2 + r / 2` in even
//! ones. Player `n` meets the pivot on board 1, with Black in odd rounds and White in even
//! ones; on board `k + 1` player `a + k` has White against `a - k`, both counted modulo
//! `n - 1` within 1..=n-1. An odd field uses the table of `n + 1`, whose highest number is a
//! phantom: the player drawn against it has the round's bye (Annex 1: "the highest number
//! counts as a bye").

use crate::model::{Pairings, PlayerNo};
use thiserror::Error;

/// How many times everyone meets everyone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cycles {
    /// Everyone meets everyone once.
    Single,
    /// The second cycle repeats the table with colours reversed. The first cycle plays its
    /// last two rounds in reverse order, as Annex 1 recommends for double round robins: most
    /// players repeat a colour across the seam (the table's last round gives them the colour
    /// opposite to round 1), and players 1 and `n/2 + 1`, who also repeat one from round 1 to
    /// round 2, would otherwise get it three times running.
    Double,
}

/// Why a round robin cannot be scheduled.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[allow(missing_docs)] // Variant fields are what each message names.
pub enum RoundRobinError {
    /// Fewer than 2 players.
    #[error("a round robin needs at least 2 players, not {0}")]
    TooFewPlayers(u16),
    /// More rounds than a round number holds.
    #[error("a double round robin of {0} players would need more than 65535 rounds")]
    TooManyPlayers(u16),
    /// A round outside 1 to the last.
    #[error("there is no round {round}: this round robin has rounds 1 to {rounds}")]
    NoSuchRound { round: u16, rounds: u16 },
}

/// A round robin's schedule: every round's games, as (White, Black), board by board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RoundRobin {
    players: u16,
    cycles: Cycles,
    rounds: u16,
}

impl RoundRobin {
    /// The schedule of `players` players (numbered 1 to `players`) meeting `cycles` times.
    pub fn new(players: u16, cycles: Cycles) -> Result<RoundRobin, RoundRobinError> {
        if players < 2 {
            return Err(RoundRobinError::TooFewPlayers(players));
        }
        let per_cycle = table_size(players) - 1;
        let rounds = match cycles {
            Cycles::Single => per_cycle,
            Cycles::Double => 2 * per_cycle,
        };
        let rounds = u16::try_from(rounds).map_err(|_| RoundRobinError::TooManyPlayers(players))?;
        Ok(RoundRobin {
            players,
            cycles,
            rounds,
        })
    }

    /// How many rounds it takes.
    pub fn rounds(&self) -> u16 {
        self.rounds
    }

    /// The pairings of one round, from 1; `bye` is the player drawn against the phantom.
    pub fn round(&self, round: u16) -> Result<Pairings, RoundRobinError> {
        if round == 0 || round > self.rounds {
            return Err(RoundRobinError::NoSuchRound {
                round,
                rounds: self.rounds,
            });
        }
        let per_cycle = table_size(self.players) - 1;
        let round = u32::from(round);
        Ok(if round <= per_cycle {
            let swapped = self.cycles == Cycles::Double && per_cycle > 1;
            let table_round = match round {
                r if swapped && r == per_cycle - 1 => per_cycle,
                r if swapped && r == per_cycle => per_cycle - 1,
                r => r,
            };
            self.table_round(table_round, false)
        } else {
            self.table_round(round - per_cycle, true)
        })
    }

    /// Round `round` (from 1) of the Berger table, colours reversed if asked.
    fn table_round(&self, round: u32, reversed: bool) -> Pairings {
        let n = table_size(self.players);
        let modulus = n - 1;
        let pivot = if round % 2 == 1 {
            round.div_ceil(2)
        } else {
            n / 2 + round / 2
        };
        let mut pairings = Pairings::default();
        let mut pair = |white: u32, black: u32| {
            let (white, black) = if reversed {
                (black, white)
            } else {
                (white, black)
            };
            match (self.real(white), self.real(black)) {
                (Some(white), Some(black)) => pairings.games.push((white, black)),
                (Some(alone), None) | (None, Some(alone)) => pairings.bye = Some(alone),
                (None, None) => {}
            }
        };
        if round % 2 == 1 {
            pair(pivot, n);
        } else {
            pair(n, pivot);
        }
        // `offset < modulus`, so neither sum wraps more than once.
        for offset in 1..n / 2 {
            let up = (pivot - 1 + offset) % modulus + 1;
            let down = (pivot - 1 + modulus - offset) % modulus + 1;
            pair(up, down);
        }
        pairings
    }

    /// The player with this table number, unless it is the phantom of an odd field.
    fn real(&self, number: u32) -> Option<PlayerNo> {
        u16::try_from(number)
            .ok()
            .filter(|&number| number <= self.players)
            .map(PlayerNo)
    }
}

/// The even number of the Berger table used for `players`.
fn table_size(players: u16) -> u32 {
    u32::from(players) + u32::from(players % 2)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The Berger tables as FIDE publishes them (Handbook C.05, Annex 1), one round a line,
    /// games as White-Black. The same tables appear in the arbiters' literature (for example
    /// Chris Fox's and the Crenshaw-Berger sheets for 3 to 14 players).
    const PUBLISHED: &[(u16, &str)] = &[
        (
            4,
            "1-4 2-3
             4-3 1-2
             2-4 3-1",
        ),
        (
            6,
            "1-6 2-5 3-4
             6-4 5-3 1-2
             2-6 3-1 4-5
             6-5 1-4 2-3
             3-6 4-2 5-1",
        ),
        (
            8,
            "1-8 2-7 3-6 4-5
             8-5 6-4 7-3 1-2
             2-8 3-1 4-7 5-6
             8-6 7-5 1-4 2-3
             3-8 4-2 5-1 6-7
             8-7 1-6 2-5 3-4
             4-8 5-3 6-2 7-1",
        ),
        (
            10,
            "1-10 2-9 3-8 4-7 5-6
             10-6 7-5 8-4 9-3 1-2
             2-10 3-1 4-9 5-8 6-7
             10-7 8-6 9-5 1-4 2-3
             3-10 4-2 5-1 6-9 7-8
             10-8 9-7 1-6 2-5 3-4
             4-10 5-3 6-2 7-1 8-9
             10-9 1-8 2-7 3-6 4-5
             5-10 6-4 7-3 8-2 9-1",
        ),
        (
            12,
            "1-12 2-11 3-10 4-9 5-8 6-7
             12-7 8-6 9-5 10-4 11-3 1-2
             2-12 3-1 4-11 5-10 6-9 7-8
             12-8 9-7 10-6 11-5 1-4 2-3
             3-12 4-2 5-1 6-11 7-10 8-9
             12-9 10-8 11-7 1-6 2-5 3-4
             4-12 5-3 6-2 7-1 8-11 9-10
             12-10 11-9 1-8 2-7 3-6 4-5
             5-12 6-4 7-3 8-2 9-1 10-11
             12-11 1-10 2-9 3-8 4-7 5-6
             6-12 7-5 8-4 9-3 10-2 11-1",
        ),
        (
            14,
            "1-14 2-13 3-12 4-11 5-10 6-9 7-8
             14-8 9-7 10-6 11-5 12-4 13-3 1-2
             2-14 3-1 4-13 5-12 6-11 7-10 8-9
             14-9 10-8 11-7 12-6 13-5 1-4 2-3
             3-14 4-2 5-1 6-13 7-12 8-11 9-10
             14-10 11-9 12-8 13-7 1-6 2-5 3-4
             4-14 5-3 6-2 7-1 8-13 9-12 10-11
             14-11 12-10 13-9 1-8 2-7 3-6 4-5
             5-14 6-4 7-3 8-2 9-1 10-13 11-12
             14-12 13-11 1-10 2-9 3-8 4-7 5-6
             6-14 7-5 8-4 9-3 10-2 11-1 12-13
             14-13 1-12 2-11 3-10 4-9 5-8 6-7
             7-14 8-6 9-5 10-4 11-3 12-2 13-1",
        ),
        (
            16,
            "1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
             16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
             2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
             16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
             3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
             16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
             4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
             16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
             5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
             16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
             6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
             16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
             7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
             16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
             8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
        ),
    ];

    fn published(players: u16) -> Vec<Vec<(PlayerNo, PlayerNo)>> {
        let (_, table) = PUBLISHED
            .iter()
            .find(|(n, _)| *n == players)
            .expect("a published table");
        table
            .lines()
            .map(|line| {
                line.split_whitespace()
                    .map(|game| {
                        let (white, black) = game.split_once('-').expect("White-Black");
                        (
                            PlayerNo(white.parse().expect("a number")),
                            PlayerNo(black.parse().expect("a number")),
                        )
                    })
                    .collect()
            })
            .collect()
    }

    /// Every round, in order.
    pub(crate) fn rounds_of(rr: RoundRobin) -> Vec<Pairings> {
        (1..=rr.rounds())
            .map(|round| rr.round(round).expect("a round of the schedule"))
            .collect()
    }

    fn single(players: u16) -> RoundRobin {
        RoundRobin::new(players, Cycles::Single).expect("a valid field")
    }

    fn double(players: u16) -> RoundRobin {
        RoundRobin::new(players, Cycles::Double).expect("a valid field")
    }

    #[test]
    fn even_fields_give_the_published_tables() {
        for &(players, _) in PUBLISHED {
            let schedule = rounds_of(single(players));
            let expected: Vec<Pairings> = published(players)
                .into_iter()
                .map(|games| Pairings { games, bye: None })
                .collect();
            assert_eq!(schedule, expected, "{players} players");
        }
    }

    #[test]
    fn odd_fields_play_the_next_table_with_the_phantom_as_bye() {
        for players in (3..=15).step_by(2) {
            let phantom = PlayerNo(players + 1);
            let expected: Vec<Pairings> = published(players + 1)
                .into_iter()
                .map(|games| {
                    let bye = games.iter().find_map(|&(white, black)| {
                        (white == phantom)
                            .then_some(black)
                            .or((black == phantom).then_some(white))
                    });
                    let games = games
                        .into_iter()
                        .filter(|&(white, black)| white != phantom && black != phantom)
                        .collect();
                    Pairings { games, bye }
                })
                .collect();
            assert_eq!(rounds_of(single(players)), expected, "{players} players");
        }
    }

    #[test]
    fn everyone_meets_everyone_once_and_sits_out_at_most_once() {
        for players in 2..=40 {
            let schedule = rounds_of(single(players));
            assert_eq!(schedule.len(), usize::from(players + players % 2 - 1));
            let mut met = BTreeMap::new();
            let mut byes = BTreeMap::new();
            for round in &schedule {
                let mut seen: Vec<PlayerNo> =
                    round.games.iter().flat_map(|&(w, b)| [w, b]).collect();
                seen.extend(round.bye);
                seen.sort();
                let everyone: Vec<PlayerNo> = (1..=players).map(PlayerNo).collect();
                assert_eq!(seen, everyone, "{players} players: each plays once a round");
                for &(white, black) in &round.games {
                    *met.entry((white.min(black), white.max(black))).or_insert(0) += 1;
                }
                if let Some(bye) = round.bye {
                    *byes.entry(bye).or_insert(0) += 1;
                }
            }
            let pairs = usize::from(players) * usize::from(players - 1) / 2;
            assert_eq!(met.len(), pairs, "{players} players");
            assert!(met.values().all(|&times| times == 1));
            let expected_byes = if players % 2 == 1 {
                usize::from(players)
            } else {
                0
            };
            assert_eq!(byes.len(), expected_byes);
            assert!(byes.values().all(|&times| times == 1));
        }
    }

    #[test]
    fn double_round_robin_swaps_the_last_two_rounds_then_reverses_colours() {
        for players in 2..=16 {
            let table = rounds_of(single(players));
            let schedule = rounds_of(double(players));
            let cycle = table.len();
            assert_eq!(schedule.len(), 2 * cycle);
            let mut first = table.clone();
            if cycle > 1 {
                first.swap(cycle - 2, cycle - 1);
            }
            assert_eq!(schedule[..cycle], first[..], "{players} players");
            let second: Vec<Pairings> = table
                .iter()
                .map(|round| Pairings {
                    games: round.games.iter().map(|&(w, b)| (b, w)).collect(),
                    bye: round.bye,
                })
                .collect();
            assert_eq!(schedule[cycle..], second[..], "{players} players");
        }
    }

    #[test]
    fn double_round_robin_never_gives_one_colour_three_times_running() {
        for players in 2..=40 {
            let schedule = rounds_of(double(players));
            for player in (1..=players).map(PlayerNo) {
                // The colour of each round the player has a game in, byes skipped.
                let colours: Vec<bool> = schedule
                    .iter()
                    .filter_map(|round| {
                        round.games.iter().find_map(|&(white, black)| {
                            (white == player)
                                .then_some(true)
                                .or((black == player).then_some(false))
                        })
                    })
                    .collect();
                assert!(
                    colours.windows(3).all(|w| !(w[0] == w[1] && w[1] == w[2])),
                    "{players} players: player {player} gets {colours:?}"
                );
            }
        }
    }

    #[test]
    fn double_round_robin_gives_each_pair_both_colours() {
        for players in 2..=20 {
            let mut games = BTreeMap::new();
            for round in rounds_of(double(players)) {
                for (white, black) in round.games {
                    *games.entry((white, black)).or_insert(0) += 1;
                }
            }
            let pairs = usize::from(players) * usize::from(players - 1);
            assert_eq!(games.len(), pairs, "{players} players");
            assert!(games.values().all(|&times| times == 1));
        }
    }

    #[test]
    fn rounds_are_numbered_from_one_to_the_last() {
        let rr = single(9);
        assert_eq!(rr.rounds(), 9);
        assert_eq!(
            rr.round(0),
            Err(RoundRobinError::NoSuchRound {
                round: 0,
                rounds: 9
            })
        );
        assert!(rr.round(9).is_ok());
        assert_eq!(
            rr.round(10).unwrap_err().to_string(),
            "there is no round 10: this round robin has rounds 1 to 9"
        );
        assert_eq!(double(9).rounds(), 18);
    }

    #[test]
    fn two_players_meet_once_or_twice() {
        let games = |rr: RoundRobin| -> Vec<Vec<(PlayerNo, PlayerNo)>> {
            rounds_of(rr).into_iter().map(|round| round.games).collect()
        };
        let (one, two) = (PlayerNo(1), PlayerNo(2));
        assert_eq!(games(single(2)), vec![vec![(one, two)]]);
        assert_eq!(games(double(2)), vec![vec![(one, two)], vec![(two, one)]]);
    }

    #[test]
    fn fields_too_small_or_too_large_are_refused() {
        assert_eq!(
            RoundRobin::new(0, Cycles::Single),
            Err(RoundRobinError::TooFewPlayers(0))
        );
        assert_eq!(
            RoundRobin::new(1, Cycles::Double).unwrap_err().to_string(),
            "a round robin needs at least 2 players, not 1"
        );
        assert_eq!(double(32768).rounds(), 65534);
        assert_eq!(
            RoundRobin::new(32769, Cycles::Double),
            Err(RoundRobinError::TooManyPlayers(32769))
        );
        // The largest field still fits: its phantom is number 65536, past u16.
        let largest = single(u16::MAX);
        assert_eq!(largest.rounds(), u16::MAX);
        let last = largest.round(u16::MAX).expect("the last round");
        assert_eq!(last.games.len(), usize::from(u16::MAX / 2));
        assert_eq!(last.bye, Some(PlayerNo(32768)));
    }
}
