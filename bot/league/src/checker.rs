//! An independent check of one Swiss round's pairings against the rules every system must
//! keep (FIDE C.04.1): everyone present is paired once, at most one pairing-allocated bye and
//! only to a player who may have it, no two players meet twice, and no one but a topscorer in
//! the last round gets a colour difference beyond ±2 or the same colour three times running
//! where their other colour would have avoided it (a history already past the limits, left
//! by a manual or imported pairing, may leave no colour within them).
//!
//! It knows nothing of how the pairings were made, so it can judge ours, a fixture's or a
//! director's by hand, and it imports nothing from the pairer ([`crate::dutch`]), nor the
//! pairer from it: a mistake in one cannot hide in the other. What both read alike is the
//! tournament as given, and that is [`Tournament`]'s: who is to be paired in a round
//! ([`Tournament::plays`]: withdrawals and byes set ahead are inputs, not pairing choices)
//! and who counts as a topscorer ([`Tournament::is_topscorer`]: a definition of the rules).
//! Every judgement, meetings, colour histories and byes had, this module derives itself
//! from the players' rounds.

use crate::model::{Pairings, PlayerNo, Tournament};
use engine::Color;
use std::collections::HashSet;
use std::fmt;

/// A rule a round's pairings break.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Broken {
    /// The round is 0 or past the tournament's last.
    #[error("round {0} is not a round of this tournament")]
    NoSuchRound(u16),
    /// A pairing number nobody has.
    #[error("player {0} is not in the tournament")]
    Unknown(PlayerNo),
    /// A player in two games, or in a game and the bye.
    #[error("player {0} is paired more than once")]
    PairedTwice(PlayerNo),
    /// A player to be paired who is in no game and has no bye.
    #[error("player {0} is to play but has no pairing")]
    Unpaired(PlayerNo),
    /// A player paired who is not to play this round.
    #[error(
        "player {0} is not playing this round (withdrawn, or with a bye already set) but is paired"
    )]
    Absent(PlayerNo),
    /// Two players who have met over the board before.
    #[error("players {0} and {1} have met already")]
    Rematch(PlayerNo, PlayerNo),
    /// A pairing-allocated bye though everyone could be paired.
    #[error("a pairing-allocated bye with an even number of players")]
    NeedlessBye,
    /// An odd number of players and nobody with the bye.
    #[error("no pairing-allocated bye with an odd number of players")]
    MissingBye,
    /// The bye to a player who has had a point without playing.
    #[error("player {0} cannot have the pairing-allocated bye: they have scored a win's points without playing before")]
    SecondBye(PlayerNo),
    /// White games minus Black games beyond ±2.
    #[error("player {0} would have a colour difference of {1}")]
    ColourDifference(PlayerNo, i32),
    /// One colour three games running.
    #[error("player {0} would have the same colour three times running")]
    ThreeInARow(PlayerNo),
}

/// Every rule a round's pairings break, in the order found: never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Rejected(pub Vec<Broken>);

/// The rules broken, separated by semicolons.
impl fmt::Display for Rejected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, broken) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{broken}")?;
        }
        Ok(())
    }
}

/// Check `pairings` as the pairings of round `round` (from 1) of `t`, which holds the rounds
/// before it: `Ok` if they keep every absolute rule, else every rule they break.
pub fn check(t: &Tournament, round: u16, pairings: &Pairings) -> Result<(), Rejected> {
    if round == 0 || round > t.rounds {
        return Err(Rejected(vec![Broken::NoSuchRound(round)]));
    }
    let mut broken = Vec::new();
    let mut seen = HashSet::new();
    let mut order = Vec::new();
    let mut named = |p: PlayerNo, broken: &mut Vec<Broken>| {
        if t.player(p).is_none() {
            broken.push(Broken::Unknown(p));
        } else if seen.insert(p) {
            order.push(p);
        } else {
            broken.push(Broken::PairedTwice(p));
        }
    };
    for &(white, black) in &pairings.games {
        named(white, &mut broken);
        named(black, &mut broken);
    }
    if let Some(bye) = pairings.bye {
        named(bye, &mut broken);
    }
    let present: Vec<PlayerNo> = t
        .players
        .iter()
        .filter(|p| t.plays(p.number, round))
        .map(|p| p.number)
        .collect();
    for p in &present {
        if !seen.contains(p) {
            broken.push(Broken::Unpaired(*p));
        }
    }
    for p in order.iter().filter(|p| !present.contains(p)) {
        broken.push(Broken::Absent(*p));
    }
    match (pairings.bye, present.len() % 2) {
        (Some(_), 0) => broken.push(Broken::NeedlessBye),
        (None, 1) => broken.push(Broken::MissingBye),
        _ => {}
    }
    if let Some(player) = pairings.bye.and_then(|b| t.player(b)) {
        if player.had_point_without_game() {
            broken.push(Broken::SecondBye(player.number));
        }
    }
    for &(white, black) in &pairings.games {
        let (Some(w), Some(b)) = (t.player(white), t.player(black)) else {
            continue;
        };
        if w.has_played(black) {
            broken.push(Broken::Rematch(white, black));
        }
        // A topscorer's game is exempt for both players (Dutch rules C3, C10, C11).
        if t.is_topscorer(w.points(), round) || t.is_topscorer(b.points(), round) {
            continue;
        }
        for (player, colour) in [(w, Color::White), (b, Color::Black)] {
            let history: Vec<Color> = player.colours().collect();
            // A history already past the limits (left by a manual or imported pairing) may
            // leave no colour within them: only a fault the other colour avoids is the
            // pairing's.
            if colour_faults(player.number, &history, !colour).is_empty() {
                broken.extend(colour_faults(player.number, &history, colour));
            }
        }
    }
    if broken.is_empty() {
        Ok(())
    } else {
        Err(Rejected(broken))
    }
}

/// The colour limits `player`, with `history` (colours of games played, in order), breaks
/// by playing `colour` next: a difference beyond ±2 that is further from zero than before
/// (one already past the limit who moves back towards it breaks nothing new), and the
/// same colour a third time running.
fn colour_faults(player: PlayerNo, history: &[Color], colour: Color) -> Vec<Broken> {
    let sign = |c: &Color| if *c == Color::White { 1 } else { -1 };
    let before: i32 = history.iter().map(sign).sum();
    let after = before + sign(&colour);
    let mut faults = Vec::new();
    if after.abs() > 2 && after.abs() > before.abs() {
        faults.push(Broken::ColourDifference(player, after));
    }
    if history.len() >= 2 && history[history.len() - 2..].iter().all(|c| *c == colour) {
        faults.push(Broken::ThreeInARow(player));
    }
    faults
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Bye, GameResult, Player, Round};

    /// The rules broken (empty: the round passes).
    fn verdict(t: &Tournament, round: u16, pairings: &Pairings) -> Vec<Broken> {
        check(t, round, pairings).err().map_or(vec![], |r| r.0)
    }

    fn player(n: u16, rounds: Vec<Round>) -> Player {
        Player {
            number: PlayerNo(n),
            name: format!("p{n}"),
            rating: 2000 - n,
            rounds,
            withdrawn: false,
        }
    }

    fn game(opponent: u16, colour: Color, result: GameResult) -> Round {
        Round::Game {
            opponent: PlayerNo(opponent),
            colour,
            result: Some(result),
        }
    }

    /// Five players after one round: 1-4 (1-0), 2-5 (draw), 3 had the bye.
    fn after_one_round(rounds: u16) -> Tournament {
        use Color::{Black, White};
        use GameResult::{Draw, Loss, Win};
        Tournament {
            name: "t".into(),
            rounds,
            first_colour: White,
            players: vec![
                player(1, vec![game(4, White, Win)]),
                player(2, vec![game(5, Black, Draw)]),
                player(3, vec![Round::Bye(Bye::Pairing)]),
                player(4, vec![game(1, Black, Loss)]),
                player(5, vec![game(2, White, Draw)]),
            ],
            planned: vec![],
        }
    }

    fn pairings(games: &[(u16, u16)], bye: Option<u16>) -> Pairings {
        Pairings {
            games: games
                .iter()
                .map(|&(w, b)| (PlayerNo(w), PlayerNo(b)))
                .collect(),
            bye: bye.map(PlayerNo),
        }
    }

    #[test]
    fn a_legal_round_passes() {
        let t = after_one_round(5);
        assert_eq!(
            verdict(&t, 2, &pairings(&[(2, 1), (4, 3)], Some(5))),
            vec![]
        );
    }

    #[test]
    fn each_rule_is_named() {
        let t = after_one_round(5);
        let p = |games: &[(u16, u16)], bye| verdict(&t, 2, &pairings(games, bye));
        assert_eq!(
            p(&[(1, 4), (2, 3)], Some(5)),
            vec![Broken::Rematch(PlayerNo(1), PlayerNo(4))]
        );
        assert_eq!(
            p(&[(1, 2), (4, 5)], Some(3)),
            vec![Broken::SecondBye(PlayerNo(3))]
        );
        assert_eq!(
            p(&[(1, 2), (4, 5)], None),
            vec![Broken::Unpaired(PlayerNo(3)), Broken::MissingBye]
        );
        assert_eq!(
            p(&[(1, 2), (4, 5), (3, 1)], None),
            vec![Broken::PairedTwice(PlayerNo(1)), Broken::MissingBye]
        );
        assert_eq!(
            p(&[(1, 2), (4, 5), (3, 9)], None),
            vec![Broken::Unknown(PlayerNo(9)), Broken::MissingBye]
        );
        assert_eq!(
            verdict(&t, 0, &pairings(&[], None)),
            vec![Broken::NoSuchRound(0)]
        );
        assert_eq!(
            verdict(&t, 6, &pairings(&[], None)),
            vec![Broken::NoSuchRound(6)]
        );
    }

    #[test]
    fn colours_are_limited_except_for_topscorers_in_the_last_round() {
        use Color::{Black, White};
        use GameResult::{Loss, Win};
        // Player 1 had White twice; player 2 Black twice; 3 and 4 White twice.
        let mut t = Tournament {
            name: "t".into(),
            rounds: 4,
            first_colour: White,
            players: vec![
                player(1, vec![game(3, White, Win), game(4, White, Win)]),
                player(2, vec![game(5, Black, Loss), game(6, Black, Loss)]),
                player(3, vec![game(1, Black, Loss), game(6, White, Win)]),
                player(4, vec![game(5, White, Win), game(1, Black, Loss)]),
                player(5, vec![game(4, Black, Loss), game(2, White, Win)]),
                player(6, vec![game(2, White, Win), game(3, Black, Loss)]),
            ],
            planned: vec![],
        };
        let round = pairings(&[(1, 2), (3, 4), (5, 6)], None);
        let broken = verdict(&t, 3, &round);
        assert!(
            broken.contains(&Broken::ColourDifference(PlayerNo(1), 3)),
            "{broken:?}"
        );
        assert!(
            broken.contains(&Broken::ThreeInARow(PlayerNo(1))),
            "{broken:?}"
        );
        assert!(
            broken.contains(&Broken::ColourDifference(PlayerNo(2), 1 - 4)),
            "{broken:?}"
        );
        // In the last round player 1 (2 of 2) is a topscorer: their game is exempt.
        t.rounds = 3;
        let broken = verdict(&t, 3, &round);
        assert!(
            !broken.iter().any(|b| matches!(
                b,
                Broken::ColourDifference(PlayerNo(1 | 2), _) | Broken::ThreeInARow(PlayerNo(1 | 2))
            )),
            "{broken:?}"
        );
    }

    #[test]
    fn a_history_past_the_limits_is_held_only_to_what_the_pairing_can_avoid() {
        use Color::{Black, White};
        use GameResult::Draw;
        let games = |colours: &[Color], first_opponent: u16| -> Vec<Round> {
            colours
                .iter()
                .enumerate()
                .map(|(i, &c)| game(first_opponent + i as u16, c, Draw))
                .collect()
        };
        // Player 1 is at -4 (imported history); player 2 had W W W W B B: at +2 with
        // Black twice running, so either colour breaks a limit. 3 and 4 are unremarkable.
        let t = Tournament {
            name: "t".into(),
            rounds: 10,
            first_colour: White,
            players: vec![
                player(1, games(&[Black, Black, Black, Black], 10)),
                player(2, games(&[White, White, White, White, Black, Black], 20)),
                player(3, games(&[White, Black], 30)),
                player(4, games(&[Black, White], 40)),
            ],
            planned: vec![],
        };
        assert_eq!(verdict(&t, 7, &pairings(&[(1, 3), (4, 2)], None)), vec![]);
        assert_eq!(verdict(&t, 7, &pairings(&[(1, 4), (2, 3)], None)), vec![]);
        assert_eq!(
            verdict(&t, 7, &pairings(&[(3, 1), (4, 2)], None)),
            vec![
                Broken::ColourDifference(PlayerNo(1), -5),
                Broken::ThreeInARow(PlayerNo(1))
            ]
        );
    }

    #[test]
    fn withdrawn_and_excused_players_are_not_paired() {
        let mut t = after_one_round(5);
        t.players[4].withdrawn = true;
        t.planned.push((2, PlayerNo(3), Bye::Half));
        assert_eq!(verdict(&t, 2, &pairings(&[(2, 1)], Some(4))), vec![]);
        let broken = verdict(&t, 2, &pairings(&[(2, 1), (3, 4)], None));
        assert_eq!(
            broken,
            vec![Broken::Absent(PlayerNo(3)), Broken::MissingBye]
        );
    }

    /// A fixture's reference pairing passes; broken by hand, each fault is named.
    #[test]
    fn catches_a_deliberately_broken_pairing() {
        // Seven players before round 5 (the fixtures' README walks through it): 2 and 6
        // met in round 4, 6 had the pairing-allocated bye in round 2.
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/pairing/dutch/random-s2282-p7-r6-k5.trf"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let t = crate::trf::read(&text).unwrap().tournament().unwrap();
        // What bbpPairings paired.
        assert_eq!(
            check(&t, 5, &pairings(&[(2, 7), (1, 3), (4, 6)], Some(5))),
            Ok(())
        );
        let rematch = verdict(&t, 5, &pairings(&[(2, 6), (1, 3), (4, 7)], Some(5)));
        assert!(
            rematch.contains(&Broken::Rematch(PlayerNo(2), PlayerNo(6))),
            "{rematch:?}"
        );
        let twice = verdict(&t, 5, &pairings(&[(2, 7), (1, 3), (4, 1)], Some(5)));
        assert!(
            twice.contains(&Broken::PairedTwice(PlayerNo(1)))
                && twice.contains(&Broken::Unpaired(PlayerNo(6))),
            "{twice:?}"
        );
        let second_bye = verdict(&t, 5, &pairings(&[(2, 7), (1, 3), (4, 5)], Some(6)));
        assert!(
            second_bye.contains(&Broken::SecondBye(PlayerNo(6))),
            "{second_bye:?}"
        );
        let rejected = Rejected(vec![
            Broken::Rematch(PlayerNo(2), PlayerNo(6)),
            Broken::SecondBye(PlayerNo(6)),
        ]);
        assert_eq!(
            rejected.to_string(),
            "players 2 and 6 have met already; player 6 cannot have the pairing-allocated bye: \
             they have scored a win's points without playing before"
        );
    }
}
