//! Tie-breaks of the FIDE Play-Off and Tie-Break Regulations (Handbook C.07) in the edition
//! approved by the FIDE Council on 2 February 2026 and applied from 1 March 2026: Buchholz
//! (8.1), Buchholz Cut-1 (8.1 with 14.1), Sonneborn-Berger (9.1), Direct Encounter (6) and
//! number of wins (7.1), with Article 16's rules for unplayed rounds in Swiss tournaments.
//!
//! What the 2026 edition changed here is the dummy opponent of 16.4. An unplayed round still
//! counts as a game against a dummy with the player's own score, but that score may not
//! exceed the scheduled opponent's adjusted score (16.3) for a forfeit (16.4.1), nor the
//! points of a draw times the number of rounds of the tournament, half a point a round, for
//! any other unplayed round: byes and absences (16.4.2). Standings taken before the last
//! round count the rounds paired so far, as if the tournament had ended there, just as the
//! player's own score and 16.3 do.
//!
//! Values are exact: scores are counted in half points, and Sonneborn-Berger, which weights
//! scores by ½, in quarter points.

use crate::model::{Bye, GameResult, Player, PlayerNo, Points, Round, Tournament};
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A tie-break, by its C.07 acronym.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TieBreak {
    /// BH (8.1): the sum of the opponents' scores.
    Buchholz,
    /// BH-C1 (8.1, 14.1): Buchholz without its least significant value.
    BuchholzCut1,
    /// SB (9.1): each opponent's score times the points scored against them.
    SonnebornBerger,
    /// DE (6): the points scored against the others tied with a player.
    DirectEncounter,
    /// WIN (7.1): rounds that gave as many points as a win, played or not. Games won over
    /// the board alone would be WON (7.2), which forfeits and byes do not count towards.
    Wins,
}

impl TieBreak {
    /// Every tie-break, in the order [`TieBreak::names`] lists them.
    pub const ALL: [TieBreak; 5] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
    ];

    /// The acronym C.07 gives it.
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
        }
    }

    /// Its name written out, as C.07 titles its article.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "Buchholz",
            TieBreak::BuchholzCut1 => "Buchholz Cut-1",
            TieBreak::SonnebornBerger => "Sonneborn-Berger",
            TieBreak::DirectEncounter => "Direct Encounter",
            TieBreak::Wins => "Number of Wins",
        }
    }

    /// Every acronym, comma-separated (`BH, BH-C1, SB, DE, WIN`): for messages and help that
    /// list the choices.
    pub fn names() -> String {
        TieBreak::ALL.map(TieBreak::code).join(", ")
    }

    /// The tie-breaks used when the organiser names none.
    pub fn defaults(format: Format) -> &'static [TieBreak] {
        match format {
            Format::Swiss => &[
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
                TieBreak::Wins,
            ],
            Format::RoundRobin => &[
                TieBreak::SonnebornBerger,
                TieBreak::DirectEncounter,
                TieBreak::Wins,
            ],
        }
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A name that is no tie-break this module knows.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown tie-break {0:?}: expected one of {names}", names = TieBreak::names())]
pub struct ParseTieBreakError(pub String);

impl FromStr for TieBreak {
    type Err = ParseTieBreakError;

    /// An acronym or a name, in any case; `BH/C1` too, as C.07 writes modifiers.
    fn from_str(s: &str) -> Result<TieBreak, ParseTieBreakError> {
        let wanted = s.trim();
        TieBreak::ALL
            .into_iter()
            .find(|tiebreak| {
                [tiebreak.code(), tiebreak.name()]
                    .iter()
                    .any(|known| known.eq_ignore_ascii_case(wanted))
            })
            .or_else(|| {
                wanted
                    .eq_ignore_ascii_case("BH/C1")
                    .then_some(TieBreak::BuchholzCut1)
            })
            .ok_or_else(|| ParseTieBreakError(s.to_owned()))
    }
}

/// How a tournament is paired, which decides what its unplayed rounds are worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Paired round by round: Article 16 applies. A player's own unplayed round counts as a
    /// game against a dummy opponent with their own score, capped by 16.4, and an opponent's
    /// requested byes at the end of their tournament count as draws (16.3).
    Swiss,
    /// Pairings fixed in advance: a forfeit counts as a game against the scheduled opponent,
    /// scores stand unadjusted, and a bye (the phantom game of an odd field, best recorded
    /// as a zero-point bye) adds nothing to Buchholz or Sonneborn-Berger.
    RoundRobin,
}

/// An exact tie-break value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TieValue {
    /// Quarter points: 49 is 12.25. Buchholz values are whole half points; Sonneborn-Berger
    /// needs the quarters.
    Quarters(u64),
    /// A number of rounds.
    Count(u32),
    /// No value: direct encounter for a player tied with nobody.
    Blank,
}

impl From<Points> for TieValue {
    fn from(points: Points) -> TieValue {
        TieValue::Quarters(2 * u64::from(points.0))
    }
}

impl fmt::Display for TieValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TieValue::Quarters(q) => {
                let fraction = ["", ".25", ".5", ".75"][(q % 4) as usize];
                write!(f, "{}{fraction}", q / 4)
            }
            TieValue::Count(n) => write!(f, "{n}"),
            TieValue::Blank => f.write_str("-"),
        }
    }
}

/// Why a tournament's tie-breaks cannot be computed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[allow(missing_docs)] // Variant fields are what each message names.
pub enum TieBreakError {
    /// The players are not listed by pairing number.
    #[error("player {found} is listed in position {position}: players must be listed by pairing number, from 1")]
    Misnumbered { position: usize, found: PlayerNo },
    /// A round's opponent who is not in the tournament.
    #[error("player {player} meets player {opponent} in round {round}, but there is no player {opponent}")]
    UnknownOpponent {
        player: PlayerNo,
        round: usize,
        opponent: PlayerNo,
    },
    /// A player paired against themselves.
    #[error("player {player} is paired against themselves in round {round}")]
    SelfPaired { player: PlayerNo, round: usize },
}

/// One round of one player, as the tie-breaks read it.
#[derive(Clone, Copy, Debug)]
struct Entry {
    opponent: Option<PlayerNo>,
    points: Points,
    /// Played over the board, or still being played.
    played: bool,
    /// A result is in.
    finished: bool,
    /// A voluntary unplayed round (Article 16): a requested bye, an absence, a forfeit loss.
    voluntary: bool,
}

impl Entry {
    fn new(round: Option<&Round>) -> Entry {
        match round {
            Some(&Round::Game {
                opponent, result, ..
            }) => Entry {
                opponent: Some(opponent),
                points: result.map_or(Points::ZERO, GameResult::points),
                played: result.is_none_or(GameResult::played),
                finished: result.is_some(),
                voluntary: result == Some(GameResult::ForfeitLoss),
            },
            Some(&Round::Bye(bye)) => Entry {
                opponent: None,
                points: bye.points(),
                played: false,
                finished: true,
                voluntary: matches!(bye, Bye::Half | Bye::Zero),
            },
            // A round paired without the player: they were absent.
            None => Entry {
                opponent: None,
                points: Points::ZERO,
                played: false,
                finished: true,
                voluntary: true,
            },
        }
    }

    /// A requested bye or an absence: voluntary, and nobody to play.
    fn requested_bye(self) -> bool {
        self.voluntary && self.opponent.is_none()
    }
}

/// What one round adds to a Buchholz-like sum.
#[derive(Clone, Copy, Debug)]
struct Contribution {
    /// The opponent's adjusted score, or the dummy opponent's (16.4).
    score: Points,
    /// The player's own result in that round.
    points: Points,
    /// A voluntary unplayed round's dummy, which Cut-1 takes first (16.5).
    voluntary: bool,
}

/// A tournament's tie-breaks, with what they share worked out once.
#[derive(Clone, Debug)]
pub struct TieBreaks<'t> {
    tournament: &'t Tournament,
    format: Format,
    /// Rounds paired so far; a player with fewer recorded was absent from the rest.
    rounds: usize,
    /// By pairing number, from 1: the score each opponent's tie-breaks count.
    adjusted: Vec<Points>,
}

impl<'t> TieBreaks<'t> {
    /// What the tie-breaks of `tournament`, paired as `format`, share: checked to be
    /// listed by pairing number with every opponent in it.
    pub fn new(tournament: &'t Tournament, format: Format) -> Result<TieBreaks<'t>, TieBreakError> {
        check(tournament)?;
        let rounds = tournament
            .players
            .iter()
            .map(|player| player.rounds.len())
            .max()
            .unwrap_or(0);
        let adjusted = tournament
            .players
            .iter()
            .map(|player| adjust(entries(player, rounds), format))
            .collect();
        Ok(TieBreaks {
            tournament,
            format,
            rounds,
            adjusted,
        })
    }

    /// The player's score as their opponents' tie-breaks count it: in a Swiss (16.3), a
    /// requested bye or absence followed only by voluntary unplayed rounds (a withdrawal,
    /// say) counts as a draw; everything else counts what it gave.
    pub fn adjusted_score(&self, player: PlayerNo) -> Points {
        usize::from(player.0)
            .checked_sub(1)
            .and_then(|index| self.adjusted.get(index))
            .copied()
            .unwrap_or_default()
    }

    /// The value of a tie-break that depends on the player alone: all but direct encounter,
    /// which depends on who is tied with them (see [`TieBreaks::direct_encounter`]).
    pub fn value(&self, tiebreak: TieBreak, player: PlayerNo) -> Option<TieValue> {
        let player = self.tournament.player(player)?;
        let contributions = || self.contributions(player);
        match tiebreak {
            TieBreak::Buchholz => Some(buchholz(contributions())),
            TieBreak::BuchholzCut1 => Some(buchholz(cut1(contributions()))),
            TieBreak::SonnebornBerger => Some(TieValue::Quarters(
                contributions()
                    .iter()
                    .map(|c| u64::from(c.score.0) * u64::from(c.points.0))
                    .sum(),
            )),
            TieBreak::Wins => Some(TieValue::Count(
                self.entries(player)
                    .filter(|entry| entry.points == Points::ONE)
                    .count()
                    .try_into()
                    .unwrap_or(u32::MAX),
            )),
            TieBreak::DirectEncounter => None,
        }
    }

    /// Direct encounter (Article 6) applied to a group of players tied so far: the group split
    /// into sub-groups, best first, each still tied within. When every pair has met, and met
    /// equally often (a double round robin: twice), they rank by points scored against each
    /// other. Otherwise a player goes ahead of the rest only with more points than any of
    /// them could have had by winning every encounter they did not play. A sub-group that
    /// splits off is ranked again by its own encounters, until none splits further. Swiss
    /// encounters are games played over the board; a round robin counts forfeits too.
    pub fn direct_encounter(&self, group: &[PlayerNo]) -> Vec<Vec<PlayerNo>> {
        let mut groups: Vec<(Vec<PlayerNo>, bool)> = vec![(group.to_vec(), false)];
        loop {
            let mut split = false;
            let mut next = Vec::with_capacity(groups.len());
            for (group, settled) in groups {
                if settled || group.len() < 2 {
                    next.push((group, true));
                    continue;
                }
                let parts = self.separate(&group);
                split |= parts.len() > 1;
                let settled = parts.len() == 1;
                next.extend(parts.into_iter().map(|part| (part, settled)));
            }
            groups = next;
            if !split {
                return groups
                    .into_iter()
                    .map(|(group, _)| group)
                    .filter(|group| !group.is_empty())
                    .collect();
            }
        }
    }

    /// The points `player` scored in the encounters direct encounter counts against the
    /// others of `group`.
    pub fn encounter_score(&self, player: PlayerNo, group: &[PlayerNo]) -> Points {
        self.meetings(player, group)
            .values()
            .map(|&(_, points)| points)
            .sum()
    }

    /// One application of Article 6 to `group`.
    fn separate(&self, group: &[PlayerNo]) -> Vec<Vec<PlayerNo>> {
        let meetings: Vec<BTreeMap<PlayerNo, (u32, Points)>> = group
            .iter()
            .map(|&player| self.meetings(player, group))
            .collect();
        let most = meetings
            .iter()
            .flat_map(|met| met.values().map(|&(times, _)| times))
            .max()
            .unwrap_or(0);
        let others = group.len().saturating_sub(1);
        let all_met = most > 0
            && meetings
                .iter()
                .all(|met| met.len() == others && met.values().all(|&(times, _)| times == most));
        // In half points: what each scored, and the most they could have had.
        let mut ranked: Vec<(PlayerNo, u64, u64)> = group
            .iter()
            .zip(&meetings)
            .map(|(&player, met)| {
                let score: u64 = met.values().map(|&(_, points)| u64::from(points.0)).sum();
                let rounds = u64::from(most.max(1));
                let met_times: u64 = met.values().map(|&(times, _)| u64::from(times)).sum();
                let unplayed = (rounds * others as u64).saturating_sub(met_times);
                (player, score, score + 2 * unplayed)
            })
            .collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.cmp(&a.2)).then(a.0.cmp(&b.0)));
        let mut parts: Vec<Vec<PlayerNo>> = Vec::new();
        if all_met {
            let mut previous = None;
            for &(player, score, _) in &ranked {
                match parts.last_mut() {
                    Some(part) if previous == Some(score) => part.push(player),
                    _ => parts.push(vec![player]),
                }
                previous = Some(score);
            }
        } else {
            let mut first = 0;
            while first + 1 < ranked.len() {
                let best_of_rest = ranked[first + 1..].iter().map(|r| r.2).max().unwrap_or(0);
                if ranked[first].1 <= best_of_rest {
                    break;
                }
                parts.push(vec![ranked[first].0]);
                first += 1;
            }
            parts.push(ranked[first..].iter().map(|r| r.0).collect());
        }
        parts
    }

    /// Against each other member of `group` that `player` met: how often, and the points.
    fn meetings(&self, player: PlayerNo, group: &[PlayerNo]) -> BTreeMap<PlayerNo, (u32, Points)> {
        let mut met = BTreeMap::new();
        let Some(record) = self.tournament.player(player) else {
            return met;
        };
        for entry in self.entries(record) {
            let counts = entry.finished && (entry.played || self.format == Format::RoundRobin);
            match entry.opponent {
                Some(opponent) if counts && opponent != player && group.contains(&opponent) => {
                    let (times, points) = met.entry(opponent).or_insert((0, Points::ZERO));
                    *times += 1;
                    *points += entry.points;
                }
                _ => {}
            }
        }
        met
    }

    /// What each of the player's rounds adds to Buchholz and Sonneborn-Berger.
    fn contributions(&self, player: &Player) -> Vec<Contribution> {
        let own = player.points();
        self.entries(player)
            .filter_map(|entry| match (self.format, entry.opponent) {
                (Format::Swiss, Some(opponent)) if entry.played => Some(Contribution {
                    score: self.adjusted_score(opponent),
                    points: entry.points,
                    voluntary: false,
                }),
                // 16.4: an unplayed round is a game against a dummy opponent with the
                // player's own score, capped.
                (Format::Swiss, scheduled) => Some(Contribution {
                    score: own.min(self.dummy_cap(scheduled)),
                    points: entry.points,
                    voluntary: entry.voluntary,
                }),
                (Format::RoundRobin, Some(opponent)) => Some(Contribution {
                    score: self.adjusted_score(opponent),
                    points: entry.points,
                    voluntary: false,
                }),
                (Format::RoundRobin, None) => None,
            })
            .collect()
    }

    /// The most a dummy opponent's score may be (16.4): for a forfeit (16.4.1), the scheduled
    /// opponent's adjusted score; for a round without an opponent, a bye or an absence
    /// (16.4.2), a draw's half point for each round paired so far.
    fn dummy_cap(&self, scheduled: Option<PlayerNo>) -> Points {
        match scheduled {
            Some(opponent) => self.adjusted_score(opponent),
            None => Points(u32::try_from(self.rounds).unwrap_or(u32::MAX)),
        }
    }

    /// The player's rounds, one for each round paired.
    fn entries<'p>(&self, player: &'p Player) -> impl Iterator<Item = Entry> + 'p {
        entries(player, self.rounds)
    }
}

/// The player's rounds, one for each of the `rounds` paired.
fn entries(player: &Player, rounds: usize) -> impl Iterator<Item = Entry> + '_ {
    (0..rounds).map(|round| Entry::new(player.rounds.get(round)))
}

/// The score a player's opponents' tie-breaks count (16.3): in a Swiss, a requested bye or
/// absence followed only by voluntary unplayed rounds (a withdrawal, say) counts as a draw;
/// everything else counts what it gave.
fn adjust(entries: impl Iterator<Item = Entry>, format: Format) -> Points {
    let entries: Vec<Entry> = entries.collect();
    if format == Format::RoundRobin {
        return entries.iter().map(|entry| entry.points).sum();
    }
    // Rounds from `trailing` on are all voluntary unplayed ones.
    let trailing = entries
        .iter()
        .rposition(|entry| !entry.voluntary)
        .map_or(0, |last| last + 1);
    entries
        .iter()
        .enumerate()
        .map(|(round, entry)| {
            if round >= trailing && entry.requested_bye() {
                Points::HALF
            } else {
                entry.points
            }
        })
        .sum()
}

/// Every player numbered by position, every opponent a player, nobody their own opponent.
fn check(tournament: &Tournament) -> Result<(), TieBreakError> {
    let count = tournament.players.len();
    for (position, player) in tournament.players.iter().enumerate() {
        if usize::from(player.number.0) != position + 1 {
            return Err(TieBreakError::Misnumbered {
                position: position + 1,
                found: player.number,
            });
        }
        for (round, entry) in player.rounds.iter().enumerate() {
            if let Round::Game { opponent, .. } = *entry {
                let round = round + 1;
                if opponent == player.number {
                    return Err(TieBreakError::SelfPaired {
                        player: player.number,
                        round,
                    });
                }
                if opponent.0 == 0 || usize::from(opponent.0) > count {
                    return Err(TieBreakError::UnknownOpponent {
                        player: player.number,
                        round,
                        opponent,
                    });
                }
            }
        }
    }
    Ok(())
}

fn buchholz(contributions: Vec<Contribution>) -> TieValue {
    TieValue::Quarters(contributions.iter().map(|c| 2 * u64::from(c.score.0)).sum())
}

/// Cut-1 (14.1) takes away the least significant value: the lowest score. Under 16.5 the
/// lowest contribution of a voluntary unplayed round goes first instead, lowest or not.
fn cut1(mut contributions: Vec<Contribution>) -> Vec<Contribution> {
    let lowest = |voluntary_only: bool| {
        contributions
            .iter()
            .enumerate()
            .filter(|(_, c)| c.voluntary || !voluntary_only)
            .min_by_key(|(_, c)| c.score)
            .map(|(index, _)| index)
    };
    if let Some(index) = lowest(true).or_else(|| lowest(false)) {
        contributions.remove(index);
    }
    contributions
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::model::{Bye, GameResult, Player, PlayerNo, Round, Tournament};
    use engine::Color;

    /// A tournament from a crosstable, one line a player and one code a round, as FIDE's
    /// exercises write them: `+W9` won with White against 9, `=B13` drew with Black, `-F11`
    /// lost to 11 by forfeit (`+F` won by forfeit), `*W4` still being played, `+BYE` the
    /// pairing-allocated bye, `=BYE` a half-point bye, `--` not paired (a zero-point bye).
    pub(crate) fn crosstable(rows: &[&str]) -> Tournament {
        let players: Vec<Player> = rows
            .iter()
            .zip(1..)
            .map(|(row, number)| Player {
                number: PlayerNo(number),
                name: format!("Player {number}"),
                rating: 0,
                rounds: row.split_whitespace().map(round).collect(),
                withdrawn: false,
            })
            .collect();
        Tournament {
            name: "Test".to_owned(),
            rounds: players
                .iter()
                .map(|p| p.rounds.len() as u16)
                .max()
                .unwrap_or(0),
            first_colour: Color::White,
            players,
            planned: Vec::new(),
        }
    }

    fn round(code: &str) -> Round {
        if code == "--" {
            return Round::Bye(Bye::Zero);
        }
        let (sign, rest) = code.split_at(1);
        if rest == "BYE" {
            return Round::Bye(match sign {
                "+" => Bye::Pairing,
                "=" => Bye::Half,
                _ => panic!("no such bye: {code}"),
            });
        }
        let (kind, opponent) = rest.split_at(1);
        let opponent = PlayerNo(opponent.parse().expect("an opponent's number"));
        let colour = if kind == "B" {
            Color::Black
        } else {
            Color::White
        };
        let result = match (sign, kind) {
            ("*", _) => None,
            ("+", "W" | "B") => Some(GameResult::Win),
            ("=", "W" | "B") => Some(GameResult::Draw),
            ("-", "W" | "B") => Some(GameResult::Loss),
            ("+", "F") => Some(GameResult::ForfeitWin),
            ("-", "F") => Some(GameResult::ForfeitLoss),
            _ => panic!("no such result: {code}"),
        };
        Round::Game {
            opponent,
            colour,
            result,
        }
    }

    /// Half points, for expectations: `half(25)` is 12.5.
    fn half(halves: u32) -> Points {
        Points(halves)
    }

    /// Quarter points, for expectations: `quarters(49)` is 12.25.
    fn quarters(quarters: u64) -> Option<TieValue> {
        Some(TieValue::Quarters(quarters))
    }

    /// The FIDE tie-break exercise of 18 March 2024 (tec.fide.com): a five-round Swiss of 16
    /// with byes of every kind, forfeits and a withdrawal. It was set on the 2023 regulations;
    /// the values expected here are worked out by hand under the 2026 ones, whose capped
    /// dummy opponent (16.4) lowers those of players 4, 6 and 11.
    const FIDE_EXERCISE: [&str; 16] = [
        "+W9 =B13 =W2 +B15 =W4",
        "+B10 +W7 =B1 +W16 =B3",
        "=W11 +B6 +W8 =B4 =W2",
        "+B12 =BYE +W13 =W3 =B1",
        "-W13 -B15 +W11 =B7 +W10",
        "-B14 -W3 +BYE +W10 +B8",
        "+W15 -B2 -B16 =W5 -B11",
        "=B16 +W14 -B3 +W13 -W6",
        "-B1 -W10 =BYE -F11 +BYE",
        "-W2 +B9 -W15 -B6 -B5",
        "=B3 -W16 -B5 +F9 +W7",
        "-W4 +BYE +F14 -- --",
        "+B5 =W1 -B4 -B8 -W14",
        "+W6 -B8 -F12 -- +B13",
        "-B7 +W5 +B10 -W1 -B16",
        "=W8 +B11 +W7 -B2 +W15",
    ];

    pub(crate) fn fide_exercise() -> Tournament {
        crosstable(&FIDE_EXERCISE)
    }

    fn values(
        t: &Tournament,
        format: Format,
        tiebreak: TieBreak,
        players: &[u16],
    ) -> Vec<Option<TieValue>> {
        let computed = TieBreaks::new(t, format).expect("a valid tournament");
        players
            .iter()
            .map(|&player| computed.value(tiebreak, PlayerNo(player)))
            .collect()
    }

    #[test]
    fn fide_exercise_adjusted_scores() {
        let t = fide_exercise();
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        // Player 12 withdrew after round 3: the two zero-point byes at the end count as
        // draws for the opponents (16.3), so 2 points count as 3. Player 14's zero-point bye
        // in round 4 is followed by a game, so it stays a zero.
        let expected = [
            (1, 7),
            (2, 8),
            (9, 3),
            (3, 7),
            (4, 7),
            (5, 5),
            (6, 6),
            (7, 3),
            (8, 5),
            (10, 2),
            (11, 5),
            (12, 6),
            (13, 3),
            (14, 4),
            (15, 4),
            (16, 7),
        ];
        for (player, halves) in expected {
            assert_eq!(
                computed.adjusted_score(PlayerNo(player)),
                half(halves),
                "player {player}"
            );
        }
        assert_eq!(t.players[11].points(), half(4));
    }

    #[test]
    fn fide_exercise_buchholz() {
        let t = fide_exercise();
        let players = [1, 2, 3, 4, 5, 6, 8, 9, 11, 12, 14, 16];
        let got = values(&t, Format::Swiss, TieBreak::Buchholz, &players);
        // Player 11's forfeit win in round 4 counts as a game against a dummy with player
        // 11's own 2.5 points capped at player 9's adjusted 1.5 (16.4.1): 3.5 + 3.5 + 2.5 +
        // 1.5 + 1.5 = 12.5, not 13.5. Player 4's half-point bye and player 6's pairing-
        // allocated bye count dummies with their own 3.5 and 3 capped at half a point for each
        // of the five rounds, 2.5 (16.4.2): 4 has 3 + 2.5 + 1.5 + 3.5 + 3.5 = 14, not 15, and
        // 6 has 2 + 3.5 + 2.5 + 1 + 2.5 = 11.5, not 12. The dummies of 9, 12 and 14 keep
        // their own scores (1.5, 2, 2), no more than any cap.
        let expected = [50, 52, 62, 56, 34, 46, 54, 36, 50, 46, 44, 50].map(quarters);
        assert_eq!(got, expected);
    }

    #[test]
    fn fide_exercise_buchholz_cut_1() {
        let t = fide_exercise();
        let players = [1, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16];
        let got = values(&t, Format::Swiss, TieBreak::BuchholzCut1, &players);
        // Players 4, 9, 12 and 14 lose a voluntary unplayed round's contribution, not their
        // lowest one (16.5): 14 had 3 + 2.5 + 2 + 2 + 1.5 and keeps 9, not 9.5; 4 loses the
        // half-point bye's capped 2.5 and keeps 11.5. Players 6 and 11 lose their lowest
        // score, 1 and 1.5, from 11.5 and 12.5.
        let expected = [44, 52, 46, 30, 42, 50, 48, 30, 44, 38, 48, 36, 44, 44].map(quarters);
        assert_eq!(got, expected);
    }

    #[test]
    fn fide_exercise_sonneborn_berger() {
        let t = fide_exercise();
        let players = [1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16];
        let got = values(&t, Format::Swiss, TieBreak::SonnebornBerger, &players);
        // Player 4's half-point bye is half a game against a dummy with 2.5 points: 1.25, and
        // 3 + 1.25 + 1.5 + 1.75 + 1.75 = 9.25. Player 6's pairing-allocated bye wins against a
        // dummy with 2.5, 11's forfeit against one with 1.5 (16.4): 2.5 + 1 + 2.5 = 6 and
        // 1.75 + 1.5 + 1.5 = 4.75.
        let expected = [32, 38, 42, 37, 17, 24, 13, 21, 6, 19, 16, 17, 18, 14, 29].map(quarters);
        assert_eq!(got, expected);
    }

    #[test]
    fn fide_exercise_wins_count_unplayed_wins() {
        let t = fide_exercise();
        let got = values(&t, Format::Swiss, TieBreak::Wins, &[2, 6, 9, 11, 12, 14]);
        let expected = [3, 3, 1, 2, 2, 2].map(|n| Some(TieValue::Count(n)));
        assert_eq!(got, expected);
    }

    /// Five players, three rounds: a pairing-allocated bye, a forfeit, a half-point bye, and
    /// player 4 forfeiting round 2 and withdrawing before round 3.
    const SMALL_SWISS: [&str; 5] = [
        "+W2 +B5 =W3",
        "-B1 +F4 +W5",
        "=W4 =BYE =B1",
        "=B3 -F2 --",
        "+BYE -W1 -B2",
    ];

    #[test]
    fn unplayed_rounds_in_a_small_swiss() {
        let t = crosstable(&SMALL_SWISS);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        let all = [1, 2, 3, 4, 5];
        // Player 4's trailing zero-point bye counts ½ for the others, the forfeit loss before
        // it 0. Player 3's half-point bye is followed by a game and counts as it was.
        let adjusted: Vec<Points> = all
            .iter()
            .map(|&p| computed.adjusted_score(PlayerNo(p)))
            .collect();
        assert_eq!(adjusted, [5, 4, 3, 2, 2].map(half));
        // Dummies (16.4) have the player's own score, capped. 2: the forfeit win's dummy has
        // 2's own 2 points capped at 4's adjusted 1. 3: the half-point bye's has 3's own 1.5,
        // which is the cap of half a point for each of three rounds. 4: both unplayed rounds'
        // have 4's own 0.5, under caps of 2 (player 2) and 1.5. 5: the pairing-allocated
        // bye's has 5's own 1, under the cap of 1.5.
        let bh = values(&t, Format::Swiss, TieBreak::Buchholz, &all);
        assert_eq!(bh, [18, 18, 20, 10, 22].map(quarters));
        // 3 loses the half-point bye's 1.5, not player 4's 1 (16.5); 1, 2 and 5 their lowest.
        let cut = values(&t, Format::Swiss, TieBreak::BuchholzCut1, &all);
        assert_eq!(cut, [14, 14, 14, 8, 18].map(quarters));
        let sb = values(&t, Format::Swiss, TieBreak::SonnebornBerger, &all);
        assert_eq!(sb, [15, 8, 10, 3, 4].map(quarters));
        let wins = values(&t, Format::Swiss, TieBreak::Wins, &all);
        assert_eq!(wins, [2, 2, 0, 0, 1].map(|n| Some(TieValue::Count(n))));
        assert_eq!(computed.value(TieBreak::DirectEncounter, PlayerNo(1)), None);
        assert_eq!(computed.value(TieBreak::Buchholz, PlayerNo(6)), None);
    }

    #[test]
    fn a_round_never_recorded_is_a_zero_point_bye() {
        let recorded = crosstable(&SMALL_SWISS);
        let mut missing = recorded.clone();
        missing.players[3].rounds.truncate(2);
        for tiebreak in TieBreak::ALL {
            let all = [1, 2, 3, 4, 5];
            assert_eq!(
                values(&missing, Format::Swiss, tiebreak, &all),
                values(&recorded, Format::Swiss, tiebreak, &all),
                "{tiebreak}"
            );
        }
    }

    /// Five players, three rounds: player 3 forfeits round 2 to player 1 and is absent from
    /// round 3, which makes their adjusted score 1 (16.3), not the 0.5 they scored.
    const FORFEITS: [&str; 5] = [
        "+W2 +F3 +W5",
        "-B1 +W5 =B4",
        "=W4 -F1 --",
        "=B3 +BYE =W2",
        "+BYE -B2 -B1",
    ];

    #[test]
    fn a_forfeit_dummy_is_capped_at_the_scheduled_opponents_adjusted_score() {
        let t = crosstable(&FORFEITS);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        assert_eq!(computed.adjusted_score(PlayerNo(3)), half(2));
        // 16.4.1: player 1's forfeit win is a game against a dummy with 1's own 3 points,
        // capped at 3's adjusted 1 (not the 0.5 scored): 1.5 + 1 + 1, where the 2024 rules
        // had 1.5 + 3 + 1.
        let one = [1];
        let bh = values(&t, Format::Swiss, TieBreak::Buchholz, &one);
        assert_eq!(bh, [quarters(14)]);
        let sb = values(&t, Format::Swiss, TieBreak::SonnebornBerger, &one);
        assert_eq!(sb, [quarters(14)]);
        // The forfeit win is no voluntary unplayed round: Cut-1 takes a lowest 1.
        let cut = values(&t, Format::Swiss, TieBreak::BuchholzCut1, &one);
        assert_eq!(cut, [quarters(10)]);
        // Player 3's forfeit loss: 3's own 0.5 is under 1's 3 points and stands, as does
        // the absence's under the 16.4.2 cap of 1.5: 2 + 0.5 + 0.5.
        let bh = values(&t, Format::Swiss, TieBreak::Buchholz, &[3]);
        assert_eq!(bh, [quarters(12)]);
    }

    /// Five players, three rounds: player 1 has the pairing-allocated bye in round 1, player
    /// 3 a half-point bye in round 2, player 4 is absent from round 3.
    const BYES: [&str; 5] = [
        "+BYE +W4 +B2",
        "-W3 =B5 -W1",
        "+B2 =BYE +W5",
        "+W5 -B1 --",
        "-B4 =W2 -B3",
    ];

    #[test]
    fn a_bye_dummy_is_capped_at_half_a_point_a_round() {
        let t = crosstable(&BYES);
        // 16.4.2: three rounds cap a dummy without a scheduled opponent at 1.5. Player 1's
        // pairing-allocated bye: 1's own 3 points capped, 1.5 + 1.5 (4, adjusted for the
        // absence) + 0.5, where the 2024 rules had 3 + 1.5 + 0.5.
        let bh = values(&t, Format::Swiss, TieBreak::Buchholz, &[1, 3, 4]);
        // Player 3's half-point bye: 3's own 2.5 capped, 0.5 + 1.5 + 0.5. Player 4's
        // absence: 4's own 1 stands, 0.5 + 3 + 1.
        assert_eq!(bh, [14, 10, 18].map(quarters));
        // 1: 1.5 + 1.5 + 0.5. 3: 0.5 + ½ × 1.5 + 0.5.
        let sb = values(&t, Format::Swiss, TieBreak::SonnebornBerger, &[1, 3]);
        assert_eq!(sb, [14, 7].map(quarters));
        // 3 loses the half-point bye's 1.5, not the lower 0.5s (16.5).
        let cut = values(&t, Format::Swiss, TieBreak::BuchholzCut1, &[1, 3]);
        assert_eq!(cut, [12, 4].map(quarters));

        // Before the last round the cap is half a point for each round paired so far, as if
        // the tournament had ended there, however many rounds it is to have.
        let after = |round: usize| {
            let mut early = t.clone();
            for player in &mut early.players {
                player.rounds.truncate(round);
            }
            assert_eq!(early.rounds, 3);
            early
        };
        // After round 1, player 1's bye is a dummy with 0.5, not 1's own 1 point.
        let bh = values(&after(1), Format::Swiss, TieBreak::Buchholz, &[1]);
        assert_eq!(bh, [quarters(2)]);
        // After round 2, 1's 2 points are capped at 1 (plus player 4's 1), and 3's 1.5 too
        // (plus player 2's 0.5).
        let bh = values(&after(2), Format::Swiss, TieBreak::Buchholz, &[1, 3]);
        assert_eq!(bh, [8, 6].map(quarters));
    }

    #[test]
    fn a_game_in_play_is_a_game_worth_nothing_yet() {
        let t = crosstable(&["+W2 *B3", "-B1 *W4", "=W4 *W1", "=B3 *B2"]);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        // Player 1's opponents so far: 2 (0 points) and 3 (0.5), no dummy.
        assert_eq!(computed.value(TieBreak::Buchholz, PlayerNo(1)), quarters(2));
        assert_eq!(
            computed.value(TieBreak::Wins, PlayerNo(1)),
            Some(TieValue::Count(1))
        );
        assert_eq!(
            computed.encounter_score(PlayerNo(1), &[PlayerNo(1), PlayerNo(3)]),
            Points::ZERO
        );
    }

    /// A four-player round robin (Berger table) in which player 4 forfeits round 1 to 1.
    const ROUND_ROBIN: [&str; 4] = ["+F4 -W2 +B3", "=W3 +B1 =W4", "=B2 +B4 -W1", "-F1 -W3 =B2"];

    #[test]
    fn a_round_robin_counts_forfeits_as_games() {
        let t = crosstable(&ROUND_ROBIN);
        // The forfeit is a win against player 4 and his half point: 0.5 + 1.5 for beating 3.
        let sb = values(
            &t,
            Format::RoundRobin,
            TieBreak::SonnebornBerger,
            &[1, 2, 3, 4],
        );
        assert_eq!(sb, [8, 12, 6, 4].map(quarters));
        let bh = values(&t, Format::RoundRobin, TieBreak::Buchholz, &[1]);
        assert_eq!(bh, [quarters(16)]);
        let computed = TieBreaks::new(&t, Format::RoundRobin).unwrap();
        let pair = [PlayerNo(1), PlayerNo(4)];
        assert_eq!(computed.encounter_score(PlayerNo(1), &pair), Points::ONE);
        assert_eq!(
            computed.direct_encounter(&pair),
            vec![vec![PlayerNo(1)], vec![PlayerNo(4)]]
        );
        // Read as a Swiss, the forfeit is no encounter at all but a win against a dummy with
        // player 1's own 2 points capped at player 4's 0.5 (16.4.1): 0.5 + 1.5 again.
        let swiss = TieBreaks::new(&t, Format::Swiss).unwrap();
        assert_eq!(
            swiss.value(TieBreak::SonnebornBerger, PlayerNo(1)),
            quarters(8)
        );
        assert_eq!(swiss.direct_encounter(&pair), vec![pair.to_vec()]);
    }

    #[test]
    fn a_round_robin_bye_adds_nothing() {
        // Three players, all draws: each sits out one round.
        let t = crosstable(&["-- =W3 =B2", "=B3 -- =W1", "=W2 =B1 --"]);
        for player in 1..=3 {
            let bh = values(&t, Format::RoundRobin, TieBreak::Buchholz, &[player]);
            assert_eq!(bh, [quarters(8)]);
            let sb = values(&t, Format::RoundRobin, TieBreak::SonnebornBerger, &[player]);
            assert_eq!(sb, [quarters(4)]);
        }
        // A Swiss would count the bye as a game against a dummy with player 1's point (under
        // the cap of 1.5), and player 3's bye in the last round as a draw: 1 + 1.5 + 1.
        assert_eq!(
            values(&t, Format::Swiss, TieBreak::Buchholz, &[1]),
            [quarters(14)]
        );
    }

    #[test]
    fn direct_encounter_when_everyone_met() {
        // Three players, one sitting out each round: 1 beat 2 and drew 3, 2 beat 3.
        let t = crosstable(&["+W2 =B3 --", "-B1 -- +W3", "-- =W1 -B2"]);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        let group = [PlayerNo(1), PlayerNo(2), PlayerNo(3)];
        assert_eq!(
            computed.direct_encounter(&group),
            vec![vec![PlayerNo(1)], vec![PlayerNo(2)], vec![PlayerNo(3)]]
        );
        let scores: Vec<Points> = group
            .iter()
            .map(|&p| computed.encounter_score(p, &group))
            .collect();
        assert_eq!(scores, [3, 2, 1].map(half));
    }

    #[test]
    fn direct_encounter_when_not_everyone_met() {
        let t = crosstable(&["+W2 +B3", "-B1 +W4", "+BYE -W1", "=W5 -B2", "=B4 +BYE"]);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        let [one, two, three, four, five] = [1, 2, 3, 4, 5].map(PlayerNo);
        // 1 beat 2 and 3, who never met: 1 scored more than either could have.
        assert_eq!(
            computed.direct_encounter(&[three, two, one]),
            vec![vec![one], vec![two, three]]
        );
        // 1 beat 2 but never met 4, who could have matched 1's point by beating 1.
        assert_eq!(computed.direct_encounter(&[one, two, four]).len(), 1);
        assert_eq!(
            computed.direct_encounter(&[four, five]),
            vec![vec![four, five]]
        );
        assert_eq!(computed.direct_encounter(&[five]), vec![vec![five]]);
    }

    #[test]
    fn direct_encounter_ranks_each_split_group_again() {
        // A double round robin in the Berger order: 1 and 2 both score 4 of 6 against the
        // others, so only their own two games (both won by 1) separate them.
        let t = crosstable(&[
            "=W4 =B3 +W2 =B4 +B2 =W3",
            "+W3 +W4 -B1 +B3 -W1 +B4",
            "-B2 =W1 +B4 -W2 +W4 =B1",
            "=B1 -B2 -W3 =W1 -B3 -W2",
        ]);
        let computed = TieBreaks::new(&t, Format::RoundRobin).unwrap();
        let all = [1, 2, 3, 4].map(PlayerNo);
        let scores: Vec<Points> = all
            .iter()
            .map(|&p| computed.encounter_score(p, &all))
            .collect();
        assert_eq!(scores, [8, 8, 6, 2].map(half));
        assert_eq!(
            computed.direct_encounter(&all),
            all.map(|player| vec![player]).to_vec()
        );
    }

    #[test]
    fn tie_values_print_exactly() {
        assert_eq!(TieValue::Quarters(50).to_string(), "12.5");
        assert_eq!(TieValue::Quarters(165).to_string(), "41.25");
        assert_eq!(TieValue::Quarters(3).to_string(), "0.75");
        assert_eq!(TieValue::Quarters(0).to_string(), "0");
        assert_eq!(TieValue::from(Points(7)).to_string(), "3.5");
        assert_eq!(TieValue::Count(3).to_string(), "3");
        assert_eq!(TieValue::Blank.to_string(), "-");
    }

    #[test]
    fn tie_breaks_parse_by_acronym_or_name() {
        for tiebreak in TieBreak::ALL {
            assert_eq!(tiebreak.code().parse(), Ok(tiebreak));
            assert_eq!(tiebreak.name().to_uppercase().parse(), Ok(tiebreak));
            assert_eq!(tiebreak.to_string(), tiebreak.code());
        }
        assert_eq!("bh/c1".parse(), Ok(TieBreak::BuchholzCut1));
        assert_eq!(" sb ".parse(), Ok(TieBreak::SonnebornBerger));
        let error = "ARO".parse::<TieBreak>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown tie-break \"ARO\": expected one of BH, BH-C1, SB, DE, WIN"
        );
        assert_eq!(TieBreak::names(), "BH, BH-C1, SB, DE, WIN");
    }

    #[test]
    fn defaults_follow_the_format() {
        let codes = |format| -> Vec<&str> {
            TieBreak::defaults(format)
                .iter()
                .map(|t| t.code())
                .collect()
        };
        assert_eq!(codes(Format::Swiss), ["BH-C1", "BH", "SB", "WIN"]);
        assert_eq!(codes(Format::RoundRobin), ["SB", "DE", "WIN"]);
    }

    #[test]
    fn malformed_tournaments_are_refused() {
        let mut t = crosstable(&["+W2", "-B1"]);
        t.players[1].number = PlayerNo(3);
        let error = TieBreaks::new(&t, Format::Swiss).unwrap_err();
        assert_eq!(
            error.to_string(),
            "player 3 is listed in position 2: players must be listed by pairing number, from 1"
        );
        let t = crosstable(&["+W3", "-B1"]);
        assert_eq!(
            TieBreaks::new(&t, Format::Swiss).unwrap_err(),
            TieBreakError::UnknownOpponent {
                player: PlayerNo(1),
                round: 1,
                opponent: PlayerNo(3)
            }
        );
        let t = crosstable(&["-- +W1"]);
        assert_eq!(
            TieBreaks::new(&t, Format::RoundRobin)
                .unwrap_err()
                .to_string(),
            "player 1 is paired against themselves in round 2"
        );
        let t = crosstable(&["+W0"]);
        assert!(TieBreaks::new(&t, Format::Swiss).is_err());
    }

    #[test]
    fn an_empty_tournament_has_nothing_to_break() {
        let t = crosstable(&[]);
        let computed = TieBreaks::new(&t, Format::Swiss).unwrap();
        assert_eq!(computed.value(TieBreak::Buchholz, PlayerNo(1)), None);
        assert!(computed.direct_encounter(&[]).is_empty());
        let t = crosstable(&["", ""]);
        assert_eq!(
            values(&t, Format::Swiss, TieBreak::BuchholzCut1, &[1]),
            [quarters(0)]
        );
    }
}
