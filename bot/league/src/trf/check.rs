//! The second phase: the typed lines checked against one another, and the tournament they
//! describe built from them.

use super::read::{ByeLine, Entry, PlayerLine, Record, TrfFile};
use super::{
    error_at, TrfError, TrfErrorKind, FIRST_BYE_PLAYER_COLUMN, FIRST_ROUND_COLUMN, MAX_PLAYER,
    POINTS_COLUMN,
};
use crate::model::{Bye, GameResult, Player, PlayerNo, Points, Round, Tournament};
use engine::Color;
use std::collections::{BTreeMap, HashMap};

/// Byes fixed ahead, by (round, player): the bye and the line that fixed it.
type Planned = BTreeMap<(u16, PlayerNo), (Bye, usize)>;

/// The records `tournament` draws on, each with its line.
#[derive(Default)]
struct Parts<'a> {
    name: Option<(usize, &'a str)>,
    rounds: Option<(usize, u16)>,
    colour: Option<(usize, Color)>,
    players: Vec<(usize, &'a PlayerLine)>,
    byes: Vec<(usize, &'a ByeLine)>,
}

/// A value given once, or again the same.
fn once<T: PartialEq>(
    slot: &mut Option<(usize, T)>,
    line: usize,
    value: T,
) -> Result<(), TrfError> {
    match slot {
        Some((first, old)) if *old != value => {
            Err(error_at(line, 5, TrfErrorKind::Contradicts(*first)))
        }
        Some(_) => Ok(()),
        None => {
            *slot = Some((line, value));
            Ok(())
        }
    }
}

/// Records that change how a tournament is paired and that the model cannot hold.
fn unsupported(code: &str) -> Option<&'static str> {
    Some(match code {
        "013" | "310" => "team tournaments (013 and 310 lines)",
        "250" | "XXA" => "accelerated rounds (250 and XXA lines)",
        "260" | "XXP" => "prohibited pairings (260 and XXP lines)",
        "299" => "abnormal point assignments (299 lines)",
        _ => return None,
    })
}

/// The column where round `round`'s opponent starts.
fn opponent_column(round: usize) -> usize {
    FIRST_ROUND_COLUMN + 2 + 10 * (round - 1)
}

impl TrfFile {
    /// Checks the lines against one another and builds the tournament they describe.
    pub fn tournament(&self) -> Result<Tournament, TrfError> {
        let mut parts = Parts::default();
        for line in &self.lines {
            match &line.record {
                Record::Player(player) => parts.players.push((line.number, player)),
                Record::Name(name) => once(&mut parts.name, line.number, name.as_str())?,
                Record::Rounds(rounds) => once(&mut parts.rounds, line.number, *rounds)?,
                Record::InitialColour(colour) => once(&mut parts.colour, line.number, *colour)?,
                Record::Byes(byes) => parts.byes.push((line.number, byes)),
                Record::Other { code, .. } => {
                    if let Some(what) = unsupported(code) {
                        return Err(error_at(line.number, 1, TrfErrorKind::Unsupported(what)));
                    }
                }
            }
        }
        let players = by_number(&parts.players)?;
        let paired = paired_rounds(&players);
        let declared = match parts.rounds {
            Some((line, rounds)) if rounds < paired => {
                let kind = TrfErrorKind::FewerRoundsThanPaired { rounds, paired };
                return Err(error_at(line, 5, kind));
            }
            declared => declared.map(|(_, rounds)| rounds),
        };
        let mut planned = Planned::new();
        let mut built = Vec::with_capacity(players.len());
        for &(line, player) in &players {
            let rounds = player_rounds(line, player, &players, paired)?;
            let ahead = player.rounds.iter().enumerate().skip(usize::from(paired));
            let mut ahead_points = Points::ZERO;
            for (index, entry) in ahead {
                if let Some(Entry::Bye(bye)) = entry {
                    let round = round_number(index);
                    if let Some(rounds) = declared.filter(|&rounds| round > rounds) {
                        let kind = TrfErrorKind::RoundAfterLast { round, rounds };
                        return Err(error_at(line, opponent_column(index + 1) + 7, kind));
                    }
                    planned.insert((round, player.number), (*bye, line));
                    ahead_points += bye.points();
                }
            }
            let counted: Points = rounds.iter().map(|r| r.points()).sum();
            if let Some(given) = player.points {
                if given != counted && given != counted + ahead_points {
                    let kind = TrfErrorKind::PointsMismatch {
                        player: player.number,
                        given,
                        counted,
                    };
                    return Err(error_at(line, POINTS_COLUMN, kind));
                }
            }
            built.push(Player {
                number: player.number,
                name: player.name.clone(),
                rating: player.rating,
                rounds,
                withdrawn: false,
            });
        }
        for &(line, byes) in &parts.byes {
            if let Some(rounds) = declared.filter(|&rounds| byes.round > rounds) {
                let kind = TrfErrorKind::RoundAfterLast {
                    round: byes.round,
                    rounds,
                };
                return Err(error_at(line, 7, kind));
            }
            add_bye_line(line, byes, &built, paired, &mut planned)?;
        }
        // What is missing from the whole file is said at its top, after everything that
        // is wrong on a line of its own.
        if built.is_empty() {
            return Err(error_at(1, 1, TrfErrorKind::NoPlayers));
        }
        let Some(rounds) = declared else {
            return Err(error_at(1, 1, TrfErrorKind::NoRounds));
        };
        let first_colour = match (parts.colour, paired) {
            (Some((_, colour)), _) => colour,
            (None, 0) => return Err(error_at(1, 1, TrfErrorKind::NoInitialColour)),
            (None, _) => inferred_colour(&players),
        };
        withdraw(&mut built, &mut planned, paired, rounds);
        Ok(Tournament {
            name: parts
                .name
                .map_or_else(String::new, |(_, name)| name.to_string()),
            rounds,
            first_colour,
            players: built,
            planned: planned
                .into_iter()
                .map(|((round, player), (bye, _))| (round, player, bye))
                .collect(),
        })
    }
}

/// The player lines by pairing number, which must run 1, 2, 3… once each.
fn by_number<'a>(
    lines: &[(usize, &'a PlayerLine)],
) -> Result<Vec<(usize, &'a PlayerLine)>, TrfError> {
    let count = lines
        .iter()
        .map(|(_, p)| usize::from(p.number.0))
        .max()
        .unwrap_or(0);
    let mut slots: Vec<Option<(usize, &PlayerLine)>> = vec![None; count];
    for &(line, player) in lines {
        // Only a hand-built file can hold number 0: `read` refuses it.
        let Some(slot) = slot_of(player.number).and_then(|i| slots.get_mut(i)) else {
            let (field, found, max) = ("pairing number", "0".to_string(), MAX_PLAYER);
            let kind = TrfErrorKind::OutOfRange { field, found, max };
            return Err(error_at(line, 5, kind));
        };
        if let Some((first, _)) = slot {
            let kind = TrfErrorKind::DuplicatePlayer {
                number: player.number,
                line: *first,
            };
            return Err(error_at(line, 5, kind));
        }
        *slot = Some((line, player));
    }
    let mut players = Vec::with_capacity(count);
    for (index, slot) in slots.iter().enumerate() {
        match slot {
            Some(found) => players.push(*found),
            None => {
                // The highest number is taken, so some later one is.
                let line = slots[index..]
                    .iter()
                    .flatten()
                    .next()
                    .map_or(0, |(line, _)| *line);
                let kind = TrfErrorKind::MissingPlayer(PlayerNo(round_number(index)));
                return Err(error_at(line, 5, kind));
            }
        }
    }
    Ok(players)
}

/// The last round in which someone has a game or the pairing-allocated bye.
fn paired_rounds(players: &[(usize, &PlayerLine)]) -> u16 {
    let last = players
        .iter()
        .filter_map(|(_, p)| {
            p.rounds
                .iter()
                .rposition(|e| matches!(e, Some(Entry::Game { .. } | Entry::Bye(Bye::Pairing))))
        })
        .max();
    last.map_or(0, round_number)
}

/// The number of the round (or player) at this index: 1 for 0.
fn round_number(index: usize) -> u16 {
    // `read` keeps both under 10000; a hand-built file saturates rather than wraps.
    u16::try_from(index + 1).unwrap_or(u16::MAX)
}

/// Where a pairing number sits in a list by number; `None` for 0.
fn slot_of(number: PlayerNo) -> Option<usize> {
    usize::from(number.0).checked_sub(1)
}

/// A player's paired rounds, each game checked against the opponent's line.
fn player_rounds(
    line: usize,
    player: &PlayerLine,
    players: &[(usize, &PlayerLine)],
    paired: u16,
) -> Result<Vec<Round>, TrfError> {
    (1..=usize::from(paired))
        .map(|round| {
            let entry = player.rounds.get(round - 1).copied().flatten();
            let (opponent, colour, result) = match entry {
                None => return Ok(Round::Bye(Bye::Zero)),
                Some(Entry::Bye(bye)) => return Ok(Round::Bye(bye)),
                Some(Entry::Game {
                    opponent,
                    colour,
                    result,
                }) => (opponent, colour, result),
            };
            let column = opponent_column(round);
            let error = |column, kind| Err(error_at(line, column, kind));
            let Some(&(their_line, theirs)) = slot_of(opponent).and_then(|i| players.get(i)) else {
                return error(column, TrfErrorKind::NoSuchPlayer(opponent));
            };
            let (player, round) = (player.number, round as u16);
            let their_entry = theirs.rounds.get(usize::from(round) - 1).copied().flatten();
            let (their_colour, their_result) = match their_entry {
                Some(Entry::Game {
                    opponent: back,
                    colour,
                    result,
                }) if back == player => (colour, result),
                // Their line was cut short: the fault is on it, not on this one.
                None if theirs.rounds.len() < usize::from(round) => {
                    let first = opponent_column(usize::from(round));
                    let kind = TrfErrorKind::EndsBeforeRound {
                        round,
                        opponent: player,
                        line,
                        first,
                        last: first + 7,
                    };
                    return Err(error_at(their_line, first, kind));
                }
                _ => {
                    let line = their_line;
                    let kind = TrfErrorKind::NotPointingBack {
                        round,
                        player,
                        opponent,
                        line,
                    };
                    return error(column, kind);
                }
            };
            let colour = match (colour, their_colour) {
                (Some(colour), Some(theirs)) if colour == theirs => {
                    let line = their_line;
                    let kind = TrfErrorKind::SameColour {
                        round,
                        player,
                        opponent,
                        line,
                        colour,
                    };
                    return error(column + 5, kind);
                }
                (Some(mine), _) => mine,
                (None, Some(theirs)) => !theirs,
                // A forfeit with no colour on either side: any fixed rule will do.
                (None, None) if player < opponent => Color::White,
                (None, None) => Color::Black,
            };
            let agree = match (result, their_result) {
                (None, None) => true,
                (Some(GameResult::ForfeitLoss), Some(GameResult::ForfeitLoss)) => true,
                (Some(mine), Some(theirs)) => mine.reversed() == theirs,
                _ => false,
            };
            if !agree {
                let line = their_line;
                let kind = TrfErrorKind::ResultsDisagree {
                    round,
                    player,
                    opponent,
                    line,
                };
                return error(column + 7, kind);
            }
            Ok(Round::Game {
                opponent,
                colour,
                result,
            })
        })
        .collect()
}

/// Takes in a `240` line: for a paired round it must agree with the player's line, for a
/// later one it fixes a bye.
fn add_bye_line(
    line: usize,
    byes: &ByeLine,
    players: &[Player],
    paired: u16,
    planned: &mut Planned,
) -> Result<(), TrfError> {
    for (index, &number) in byes.players.iter().enumerate() {
        let column = FIRST_BYE_PLAYER_COLUMN + 5 * index;
        let error = |kind| Err(error_at(line, column, kind));
        let Some(player) = slot_of(number).and_then(|i| players.get(i)) else {
            return error(TrfErrorKind::NoSuchPlayer(number));
        };
        if byes.round <= paired {
            let had = usize::from(byes.round)
                .checked_sub(1)
                .and_then(|i| player.rounds.get(i));
            if had != Some(&Round::Bye(byes.bye)) {
                return error(TrfErrorKind::ByeAgainstRecord {
                    round: byes.round,
                    player: number,
                });
            }
            continue;
        }
        match planned.get(&(byes.round, number)) {
            Some(&(bye, first)) if bye != byes.bye => {
                return error(TrfErrorKind::Contradicts(first))
            }
            Some(_) => {}
            None => {
                planned.insert((byes.round, number), (byes.bye, line));
            }
        }
    }
    Ok(())
}

/// Marks withdrawn the players with a zero bye in every round not paired yet, and takes
/// those byes out of the planned ones.
fn withdraw(players: &mut [Player], planned: &mut Planned, paired: u16, rounds: u16) {
    if rounds <= paired {
        return;
    }
    let mut zeros: HashMap<PlayerNo, u16> = HashMap::new();
    for (&(_, player), &(bye, _)) in planned.iter() {
        if bye == Bye::Zero {
            *zeros.entry(player).or_default() += 1;
        }
    }
    for player in players.iter_mut() {
        // Planned rounds are all after `paired` and at most `rounds`, one per round.
        player.withdrawn = zeros.get(&player.number) == Some(&(rounds - paired));
    }
    planned.retain(|&(_, number), _| {
        !slot_of(number)
            .and_then(|i| players.get(i))
            .is_some_and(|p| p.withdrawn)
    });
}

/// The top player's round-1 colour: from the first player paired in round 1 whose colour is
/// written, flipped for each player paired above them (Dutch round 1 alternates colours
/// down the top half). White when nobody has a colour.
fn inferred_colour(players: &[(usize, &PlayerLine)]) -> Color {
    let mut above = 0;
    for (_, player) in players {
        match player.rounds.first() {
            Some(Some(Entry::Game {
                colour: Some(colour),
                ..
            })) => {
                return if above % 2 == 0 { *colour } else { !*colour };
            }
            Some(Some(Entry::Game { .. } | Entry::Bye(Bye::Pairing))) => above += 1,
            _ => {}
        }
    }
    Color::White
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::read;
    use crate::trf::samples::{assert_located, at, game, player, sample};

    #[test]
    fn builds_the_tournament() {
        let t = read(&sample()).unwrap().tournament().unwrap();
        let named = |number: u16, name: &str, rating: u16, rounds: Vec<Round>| Player {
            number: PlayerNo(number),
            name: name.into(),
            rating,
            rounds,
            withdrawn: false,
        };
        use GameResult::*;
        let expected = Tournament {
            name: "Spring Open".into(),
            rounds: 3,
            first_colour: Color::White,
            players: vec![
                named(
                    1,
                    "Alpha, Anna",
                    2100,
                    vec![game(3, Color::White, Win), game(2, Color::Black, Draw)],
                ),
                named(
                    2,
                    "Ærøskøbing, Åse",
                    1950,
                    vec![game(4, Color::Black, Draw), game(1, Color::White, Draw)],
                ),
                named(
                    3,
                    "Gamma, Gil",
                    0,
                    vec![
                        game(1, Color::Black, Loss),
                        game(4, Color::White, ForfeitLoss),
                    ],
                ),
                named(
                    4,
                    "Delta, Dan",
                    1800,
                    vec![
                        game(2, Color::White, Draw),
                        game(3, Color::Black, ForfeitWin),
                    ],
                ),
            ],
            planned: vec![(3, PlayerNo(3), Bye::Half), (3, PlayerNo(4), Bye::Full)],
        };
        assert_eq!(t, expected);
    }

    #[test]
    fn reads_lines_with_only_the_fields_pairing_needs() {
        let text = [
            "XXR 2".to_string(),
            at(&[(1, "001"), (8, "1"), (84, "1"), (92, "   2 b 1")]),
            at(&[(1, "001"), (8, "2"), (84, "0"), (92, "   1 w 0")]),
            // A late entrant: nothing after the points.
            at(&[(1, "001"), (8, "3"), (84, "0")]),
        ]
        .join("\n");
        let t = read(&text).unwrap().tournament().unwrap();
        assert_eq!(t.first_colour, Color::Black);
        assert_eq!(t.players[0].name, "");
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::Black, GameResult::Win)]
        );
        assert_eq!(t.players[2].rounds, [Round::Bye(Bye::Zero)]);
    }

    #[test]
    fn infers_the_initial_colour_from_round_one() {
        let colour = |lines: &[String]| {
            read(&(lines.join("\n") + "\nXXR 3"))
                .unwrap()
                .tournament()
                .unwrap()
                .first_colour
        };
        let two = |first: &str, second: &str| {
            vec![
                player(1, "A", "", "", &[first]),
                player(2, "B", "", "", &[second]),
            ]
        };
        assert_eq!(colour(&two("   2 b 1", "   1 w 0")), Color::Black);
        assert_eq!(colour(&two("   2 w 1", "   1 b 0")), Color::White);
        // Nobody paired yet: it must be said (located in `broken`).
        assert!(read(&(two("0000 - H", "").join("\n") + "\nXXR 3"))
            .unwrap()
            .tournament()
            .is_err());
        // Player 1 sits out round 1: player 2 is the top player paired.
        let mut lines = vec![player(1, "A", "", "", &["0000 - H"])];
        lines.extend([
            player(2, "B", "", "", &["   3 b 1"]),
            player(3, "C", "", "", &["   2 w 0"]),
        ]);
        assert_eq!(colour(&lines), Color::Black);
        // The top player's forfeit has no colour; the next player's is flipped.
        let lines = [
            player(1, "A", "", "", &["   3 - +"]),
            player(2, "B", "", "", &["   4 w 1"]),
            player(3, "C", "", "", &["   1 - -"]),
            player(4, "D", "", "", &["   2 b 0"]),
        ];
        assert_eq!(colour(&lines), Color::Black);
        // Said outright, in either dialect.
        let mut lines = two("   2 b 1", "   1 w 0");
        lines.push("152 W".into());
        assert_eq!(colour(&lines), Color::White);
        lines.push("XXC white1".into());
        assert_eq!(colour(&lines), Color::White);
    }

    #[test]
    fn gives_forfeits_without_colour_a_colour() {
        let lines = [
            player(1, "A", "", "0", &["   2 - -"]),
            player(2, "B", "", "0", &["   1 - -"]),
            "XXR 2".into(),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::White, GameResult::ForfeitLoss)]
        );
        assert_eq!(
            t.players[1].rounds,
            [game(1, Color::Black, GameResult::ForfeitLoss)]
        );
        let lines = [
            player(1, "A", "", "1", &["   2 - +"]),
            player(2, "B", "", "0", &["   1 w -"]),
            "XXR 2".into(),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert_eq!(
            t.players[0].rounds,
            [game(2, Color::Black, GameResult::ForfeitWin)]
        );
    }

    #[test]
    fn reads_a_zero_bye_in_every_remaining_round_as_withdrawal() {
        let lines = [
            "142 3".to_string(),
            player(1, "A", "", "1", &["   2 w 1", "0000 - Z", "0000 - Z"]),
            player(2, "B", "", "0", &["   1 b 0", "0000 - Z"]),
            "240 Z 3 2".to_string(),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert!(t.players.iter().all(|p| p.withdrawn));
        assert_eq!(t.planned, []);
        // Once every round is paired there is nothing to withdraw from.
        let lines = [
            player(1, "A", "", "1", &["   2 w 1"]),
            player(2, "B", "", "0", &["   1 b 0"]),
            "XXR 1".into(),
        ];
        let t = read(&lines.join("\n")).unwrap().tournament().unwrap();
        assert!(!t.players[0].withdrawn);
    }

    #[test]
    fn checks_points_with_or_without_planned_byes() {
        let lines = |points: &str| {
            [
                player(1, "A", "", points, &["   2 w 1", "0000 - H"]),
                player(2, "B", "", "0", &["   1 b 0"]),
                "XXR 2".into(),
            ]
            .join("\n")
        };
        assert!(read(&lines("1.0")).unwrap().tournament().is_ok());
        assert!(read(&lines("1.5")).unwrap().tournament().is_ok());
        assert!(read(&lines("")).unwrap().tournament().is_ok());
        let e = read(&lines("2.0")).unwrap().tournament().unwrap_err();
        assert_eq!((e.line, e.column), (1, 81));
        assert_eq!(
            e.kind,
            TrfErrorKind::PointsMismatch {
                player: PlayerNo(1),
                given: Points(4),
                counted: Points(2)
            }
        );
        assert_eq!(
            e.to_string(),
            "line 1, column 81: player 1's points say 2 but the results add up to 1"
        );
    }

    /// (text, line, column, kind) for files whose lines read but do not agree.
    fn broken() -> Vec<(String, usize, usize, TrfErrorKind)> {
        use TrfErrorKind::*;
        let pair = |first: &str, second: &str| {
            format!(
                "{}\n{}",
                player(1, "A", "", "", &[first]),
                player(2, "B", "", "", &[second])
            )
        };
        let two_rounds = format!(
            "{}\n{}",
            player(1, "A", "", "", &["   2 w 1", "   2 b 1"]),
            player(2, "B", "", "", &["   1 b 0", "   1 w 0"])
        );
        vec![
            (
                "012 x\n260 001 002    1    2".into(),
                2,
                1,
                Unsupported("prohibited pairings (260 and XXP lines)"),
            ),
            ("XXR 3\n142 4".into(), 2, 5, Contradicts(1)),
            ("152 W\nXXC black1".into(), 2, 5, Contradicts(1)),
            (
                format!(
                    "{}\n{}",
                    player(1, "A", "", "", &[]),
                    player(1, "B", "", "", &[])
                ),
                2,
                5,
                DuplicatePlayer {
                    number: PlayerNo(1),
                    line: 1,
                },
            ),
            (
                format!(
                    "{}\n{}",
                    player(1, "A", "", "", &[]),
                    player(3, "B", "", "", &[])
                ),
                2,
                5,
                MissingPlayer(PlayerNo(2)),
            ),
            (
                pair("   9 w 1", "0000 - U"),
                1,
                92,
                NoSuchPlayer(PlayerNo(9)),
            ),
            (
                pair("   2 w 1", "0000 - U"),
                1,
                92,
                NotPointingBack {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 w 0"),
                1,
                97,
                SameColour {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                    colour: Color::White,
                },
            ),
            (
                pair("   2 w 1", "   1 b 1"),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 b  "),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w +", "   1 b +"),
                1,
                99,
                ResultsDisagree {
                    round: 1,
                    player: PlayerNo(1),
                    opponent: PlayerNo(2),
                    line: 2,
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\nXXR 1\n240 H 2 1",
                4,
                7,
                RoundAfterLast {
                    round: 2,
                    rounds: 1,
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 1 1",
                3,
                11,
                ByeAgainstRecord {
                    round: 1,
                    player: PlayerNo(1),
                },
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 2 3",
                3,
                11,
                NoSuchPlayer(PlayerNo(3)),
            ),
            (
                pair("   2 w 1", "   1 b 0") + "\n240 H 2 1\n240 F 2 1",
                4,
                11,
                Contradicts(3),
            ),
            (
                two_rounds + "\nXXR 1",
                3,
                5,
                FewerRoundsThanPaired {
                    rounds: 1,
                    paired: 2,
                },
            ),
            (
                player(1, "A", "", "", &["0000 - U", "0000 - H"]) + "\nXXR 1",
                1,
                109,
                RoundAfterLast {
                    round: 2,
                    rounds: 1,
                },
            ),
            // Player 2's line stops after round 1: said on it, not on player 1's.
            (
                format!(
                    "{}\n{}",
                    player(1, "A", "", "", &["   2 w 1", "   2 b 1"]),
                    player(2, "B", "", "", &["   1 b 0"])
                ),
                2,
                102,
                EndsBeforeRound {
                    round: 2,
                    opponent: PlayerNo(1),
                    line: 1,
                    first: 102,
                    last: 109,
                },
            ),
            (String::new(), 1, 1, NoPlayers),
            ("012 Club Swiss\nXXR 5".into(), 1, 1, NoPlayers),
            (pair("   2 w 1", "   1 b 0"), 1, 1, NoRounds),
            (pair("0000 - H", "") + "\nXXR 5", 1, 1, NoInitialColour),
        ]
    }

    #[test]
    fn names_the_line_and_column_of_what_is_wrong() {
        assert_located(broken(), |text| {
            read(text).unwrap().tournament().unwrap_err()
        });
    }
}
