//! The standings table: players ranked by points, then by the chosen tie-breaks in order
//! (FIDE C.07 4.2, 2026 edition: the next tie-break applies to each subgroup the previous
//! ones left tied), then by pairing number. Players still tied on everything but their
//! number share a place. The tie-breaks themselves are in [`crate::tiebreak`].

use crate::model::{PlayerNo, Points, Tournament};
use crate::tiebreak::{Format, TieBreak, TieBreakError, TieBreaks, TieValue};
use std::fmt;

/// A place in the standings, shared when `first < last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Place {
    /// The best place of those sharing it, from 1.
    pub first: u16,
    /// The worst.
    pub last: u16,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first == self.last {
            write!(f, "{}", self.first)
        } else {
            write!(f, "{}-{}", self.first, self.last)
        }
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Where they finished.
    pub place: Place,
    /// Who.
    pub player: PlayerNo,
    /// Their score.
    pub points: Points,
    /// One value for each tie-break asked for, in that order. Direct encounter shows the
    /// points scored against the players tied with this one when it was applied, and is
    /// blank for a player tied with nobody by then.
    pub values: Vec<TieValue>,
}

/// The standings, best first.
pub fn standings(
    tournament: &Tournament,
    format: Format,
    tiebreaks: &[TieBreak],
) -> Result<Vec<Standing>, TieBreakError> {
    let computed = TieBreaks::new(tournament, format)?;
    let mut lines: Vec<Standing> = tournament
        .players
        .iter()
        .map(|player| Standing {
            place: Place { first: 0, last: 0 },
            player: player.number,
            points: player.points(),
            values: tiebreaks
                .iter()
                .map(|&tiebreak| {
                    computed
                        .value(tiebreak, player.number)
                        .unwrap_or(TieValue::Blank)
                })
                .collect(),
        })
        .collect();

    // Groups of players (as indices into `lines`) tied so far, best first.
    let mut by_points: Vec<usize> = (0..lines.len()).collect();
    by_points.sort_by(|&a, &b| lines[b].points.cmp(&lines[a].points));
    let mut groups = runs(by_points, |&index| lines[index].points);

    for (column, &tiebreak) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut group in groups {
            if group.len() < 2 {
                next.push(group);
            } else if tiebreak == TieBreak::DirectEncounter {
                let players: Vec<PlayerNo> =
                    group.iter().map(|&index| lines[index].player).collect();
                for &index in &group {
                    let score = computed.encounter_score(lines[index].player, &players);
                    lines[index].values[column] = TieValue::from(score);
                }
                // Players are listed by pairing number (`TieBreaks::new` checked it).
                next.extend(computed.direct_encounter(&players).into_iter().map(|part| {
                    part.iter()
                        .map(|player| usize::from(player.0) - 1)
                        .collect::<Vec<usize>>()
                }));
            } else {
                group.sort_by(|&a, &b| lines[b].values[column].cmp(&lines[a].values[column]));
                next.extend(runs(group, |&index| lines[index].values[column]));
            }
        }
        groups = next;
    }

    let mut first = 1;
    for group in groups {
        let last = first + group.len() - 1;
        let place = Place {
            first: u16::try_from(first).unwrap_or(u16::MAX),
            last: u16::try_from(last).unwrap_or(u16::MAX),
        };
        for index in group {
            lines[index].place = place;
        }
        first = last + 1;
    }
    lines.sort_by_key(|line| (line.place, line.player));
    Ok(lines)
}

/// `items` cut into runs of equal keys, in order.
fn runs<T, K: PartialEq>(items: Vec<T>, key: impl Fn(&T) -> K) -> Vec<Vec<T>> {
    let mut runs: Vec<Vec<T>> = Vec::new();
    for item in items {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|last| key(last) == key(&item)) => run.push(item),
            _ => runs.push(vec![item]),
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, GameResult, Player, Round};
    use crate::round_robin::tests::rounds_of;
    use crate::round_robin::{Cycles, RoundRobin};
    use crate::tiebreak::tests::{crosstable, fide_exercise};
    use engine::Color;

    /// A single round robin on the Berger table, `score(a, b)` giving what `a` scored
    /// against `b` in half points; the phantom's byes are worth nothing.
    fn round_robin(players: u16, score: impl Fn(u16, u16) -> u32) -> Tournament {
        let schedule = rounds_of(RoundRobin::new(players, Cycles::Single).expect("a valid field"));
        let result = |a: u16, b: u16| match score(a, b) {
            2 => GameResult::Win,
            1 => GameResult::Draw,
            _ => GameResult::Loss,
        };
        let players = (1..=players)
            .map(|number| Player {
                number: PlayerNo(number),
                name: format!("Player {number}"),
                rating: 0,
                rounds: schedule
                    .iter()
                    .map(|round| {
                        let game = round.games.iter().find_map(|&(white, black)| {
                            if white.0 == number {
                                Some((black, Color::White))
                            } else if black.0 == number {
                                Some((white, Color::Black))
                            } else {
                                None
                            }
                        });
                        match game {
                            Some((opponent, colour)) => Round::Game {
                                opponent,
                                colour,
                                result: Some(result(number, opponent.0)),
                            },
                            None => Round::Bye(Bye::Zero),
                        }
                    })
                    .collect(),
                withdrawn: false,
            })
            .collect();
        Tournament {
            name: "Round robin".to_owned(),
            rounds: u16::try_from(schedule.len()).expect("few rounds"),
            first_colour: Color::White,
            players,
            planned: Vec::new(),
        }
    }

    /// Six players, by hand. Players 1 to 4 all score 3: among themselves 1 and 2 drew and
    /// took 2 points each, 3 and 4 one each, 3 beating 4; 5 beat 1 and 2, 6 lost to all but 5.
    fn six() -> Tournament {
        const HALVES: [[u32; 6]; 6] = [
            [0, 1, 2, 1, 0, 2],
            [1, 0, 2, 1, 0, 2],
            [0, 0, 0, 2, 2, 2],
            [1, 1, 0, 0, 2, 2],
            [2, 2, 0, 0, 0, 1],
            [0, 0, 0, 0, 1, 0],
        ];
        round_robin(6, |a, b| HALVES[usize::from(a - 1)][usize::from(b - 1)])
    }

    fn table(lines: &[Standing]) -> Vec<String> {
        lines
            .iter()
            .map(|line| {
                let values: Vec<String> = line.values.iter().map(ToString::to_string).collect();
                format!(
                    "{} {} {} {}",
                    line.place,
                    line.player,
                    line.points,
                    values.join(" ")
                )
            })
            .collect()
    }

    #[test]
    fn round_robin_defaults_sonneborn_berger_then_direct_encounter_then_wins() {
        let lines = standings(
            &six(),
            Format::RoundRobin,
            TieBreak::defaults(Format::RoundRobin),
        );
        // SB splits 1 and 2 (6.5) from 3 and 4 (6); DE then puts 3, who beat 4, ahead; 1 and
        // 2 drew and won twice each, so they share first place.
        assert_eq!(
            table(&lines.unwrap()),
            [
                "1-2 1 3 6.5 0.5 2",
                "1-2 2 3 6.5 0.5 2",
                "3 3 3 6 1 3",
                "4 4 3 6 0 2",
                "5 5 2.5 6.25 - 2",
                "6 6 0.5 1.25 - 0",
            ]
        );
    }

    #[test]
    fn direct_encounter_first_splits_the_four_way_tie_twice() {
        let lines = standings(&six(), Format::RoundRobin, &[TieBreak::DirectEncounter]);
        // 1 and 2 scored 2 against the tied four, 3 and 4 one; then 3 beat 4.
        assert_eq!(
            table(&lines.unwrap()),
            [
                "1-2 1 3 2",
                "1-2 2 3 2",
                "3 3 3 1",
                "4 4 3 1",
                "5 5 2.5 -",
                "6 6 0.5 -"
            ]
        );
    }

    #[test]
    fn a_circle_of_wins_shares_the_place() {
        // 1 beat 2, 2 beat 3, 3 beat 1, and all beat 4.
        let beat = |a: u16, b: u16| matches!((a, b), (1, 2) | (2, 3) | (3, 1) | (_, 4));
        let t = round_robin(4, |a, b| if beat(a, b) { 2 } else { 0 });
        let lines = standings(
            &t,
            Format::RoundRobin,
            TieBreak::defaults(Format::RoundRobin),
        );
        assert_eq!(
            table(&lines.unwrap()),
            [
                "1-3 1 2 2 1 2",
                "1-3 2 2 2 1 2",
                "1-3 3 2 2 1 2",
                "4 4 0 0 - 0"
            ]
        );
    }

    #[test]
    fn the_fide_exercise_ranked_on_the_swiss_defaults() {
        let t = fide_exercise();
        let lines = standings(&t, Format::Swiss, TieBreak::defaults(Format::Swiss)).unwrap();
        // 1 and 16 tie on BH-C1 (11) and BH (12.5); SB (8 to 7.25) puts 1 first. Player 4's
        // half-point bye counts a dummy capped at 2.5 (C.07 16.4.2).
        assert_eq!(
            table(&lines[..5]),
            [
                "1 2 4 12 13 9.5 3",
                "2 3 3.5 13 15.5 10.5 2",
                "3 4 3.5 11.5 14 9.25 2",
                "4 1 3.5 11 12.5 8 2",
                "5 16 3.5 11 12.5 7.25 3",
            ]
        );
        // On 2.5 points, 8 (BH-C1 12) now goes ahead of 11, whose forfeit win counts a dummy
        // capped at player 9's 1.5 (16.4.1) and leaves BH-C1 11; under the 2024 rules both
        // had 12 and 13.5, and SB put 11 first.
        assert_eq!(
            table(&lines[6..8]),
            ["7 8 2.5 12 13.5 5.25 2", "8 11 2.5 11 12.5 4.75 2"]
        );
        let order: Vec<u16> = lines.iter().map(|line| line.player.0).collect();
        assert_eq!(
            order,
            [2, 3, 4, 1, 16, 6, 8, 11, 5, 15, 12, 14, 7, 13, 9, 10]
        );
        let places: Vec<Place> = lines.iter().map(|line| line.place).collect();
        assert!(places
            .iter()
            .zip(1..)
            .all(|(place, n)| place.first == n && place.last == n));
    }

    #[test]
    fn without_tie_breaks_ties_share_places() {
        let t = crosstable(&["=W2", "=B1", "+W4", "-B3"]);
        let lines = standings(&t, Format::Swiss, &[]).unwrap();
        assert_eq!(
            table(&lines),
            ["1 3 1 ", "2-3 1 0.5 ", "2-3 2 0.5 ", "4 4 0 "]
        );
    }

    #[test]
    fn places_print_alone_or_as_a_range() {
        assert_eq!(Place { first: 3, last: 3 }.to_string(), "3");
        assert_eq!(Place { first: 3, last: 4 }.to_string(), "3-4");
    }

    #[test]
    fn malformed_tournaments_give_no_standings() {
        let t = crosstable(&["+W5"]);
        assert!(matches!(
            standings(&t, Format::Swiss, &[TieBreak::Buchholz]),
            Err(TieBreakError::UnknownOpponent { .. })
        ));
        assert_eq!(
            standings(&crosstable(&[]), Format::Swiss, &TieBreak::ALL),
            Ok(Vec::new())
        );
    }
}
