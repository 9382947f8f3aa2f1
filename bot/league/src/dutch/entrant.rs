//! What the pairing rules need to know of each player: score, colours and their
//! preference, floats, whom they met.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Float {
    None,
    Down,
    Up,
}

/// What the pairing rules need to know of one player.
#[derive(Clone, Debug)]
pub(super) struct Entrant {
    pub(super) no: PlayerNo,
    /// Rank by pairing number among the players paired this round: the number whose
    /// parity 5.2.5 reads (as the reference program numbers them, absentees skipped).
    pub(super) tpn: u16,
    pub(super) score: u32,
    pub(super) colours: Vec<Color>,
    pub(super) difference: i32,
    pub(super) preference: Option<Color>,
    pub(super) strength: Strength,
    /// May get the pairing-allocated bye [C2].
    pub(super) bye_ok: bool,
    /// Rounds without a game over the board [C9].
    pub(super) unplayed: u32,
    /// Floats of the previous round and of the one before it.
    pub(super) floats: [Float; 2],
    pub(super) topscorer: bool,
    met: HashSet<PlayerNo>,
}

impl Entrant {
    pub(super) fn new(t: &Tournament, index: usize, round: u16) -> Entrant {
        let p = &t.players[index];
        let colours: Vec<Color> = p.colours().collect();
        let difference = colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum::<i32>();
        let last_two_same =
            colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
        let (preference, strength) = match colours.last() {
            None => (None, Strength::None),
            Some(_) if difference < -1 => (Some(Color::White), Strength::Absolute),
            Some(_) if difference > 1 => (Some(Color::Black), Strength::Absolute),
            Some(last) if last_two_same => (Some(!*last), Strength::Absolute),
            Some(_) if difference == -1 => (Some(Color::White), Strength::Strong),
            Some(_) if difference == 1 => (Some(Color::Black), Strength::Strong),
            Some(last) => (Some(!*last), Strength::Mild),
        };
        let score = p.points().0;
        let floats = [1, 2].map(|back| match round.checked_sub(back) {
            Some(r) if r >= 1 => float_in(t, index, r),
            _ => Float::None,
        });
        Entrant {
            no: p.number,
            tpn: 0,
            score,
            difference,
            preference,
            strength,
            bye_ok: !p.had_point_without_game(),
            unplayed: p.rounds.iter().filter(|r| r.played().is_none()).count() as u32,
            floats,
            topscorer: t.is_topscorer(Points(score), round),
            met: p
                .rounds
                .iter()
                .filter_map(|r| r.played())
                .map(|(o, _)| o)
                .collect(),
            colours,
        }
    }

    /// Whether the two may meet at all [C1, C3].
    pub(super) fn compatible(&self, other: &Entrant) -> bool {
        let same_absolute = self.strength == Strength::Absolute
            && other.strength == Strength::Absolute
            && self.preference == other.preference;
        let rematch = self.met.contains(&other.no);
        // Topscorers may meet whatever their colours [C3].
        let excused = self.topscorer || other.topscorer;
        !rematch && (!same_absolute || excused)
    }
}

/// The float player `index` had in `round` (Dutch rules 1.4).
pub(super) fn float_in(t: &Tournament, index: usize, round: u16) -> Float {
    let before = |i: usize| -> u32 {
        t.players[i]
            .rounds
            .iter()
            .take(usize::from(round) - 1)
            .map(|r| r.points().0)
            .sum()
    };
    match t.players[index].rounds.get(usize::from(round) - 1) {
        Some(Round::Game {
            opponent,
            result: Some(r),
            ..
        }) if r.played() => {
            let Some(o) = usize::from(opponent.0).checked_sub(1) else {
                return Float::None;
            };
            let (mine, theirs) = (before(index), before(o));
            match mine.cmp(&theirs) {
                std::cmp::Ordering::Greater => Float::Down,
                std::cmp::Ordering::Less => Float::Up,
                std::cmp::Ordering::Equal => Float::None,
            }
        }
        Some(Round::Game {
            result: Some(GameResult::ForfeitWin),
            ..
        })
        | Some(Round::Bye(Bye::Pairing | Bye::Full | Bye::Half)) => Float::Down,
        _ => Float::None,
    }
}
