//! Gilman's modest variants: the options of the FIDE family, and which of them combine.
//!
//! The seed lists the variants "from the simplest to the most complex" and lets each combine
//! with those before it. The exceptions are the alternatives within a group (one pawn
//! double step, one camp-follower zone, one kind of train, one kind of castling, one level of
//! each fatigue), and Familiarity, which brings Eurofighter pawns with it ("Eurofighter Pawns
//! are again used") and so excludes the other three double steps.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One modest variant. Each doc gives the seed's words, then what we decided where they
/// leave a question open; the tests in `engine/tests/fide_variants.rs` show each twist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// "The initial double-step Pawn move comprises two diagonal captures." En passant: the
    /// enemy pawns that attack the cell passed may take on it ("Enemy Pawns which were not,
    /// but could have been, captured by the second move can capture En Passant, but this
    /// does not recover any piece that actually was captured").
    Warhead,
    /// "The initial double-step Pawn move can be two orthogonal noncapturing steps or two
    /// diagonal captures but not a mixture."
    Trident,
    /// "The initial double-step Pawn move comprises an orthogonal noncapturing step and a
    /// diagonal capture, in either order."
    Helmsman,
    /// "The initial double-step Pawn move can be any of the above." The seed's example ("a
    /// Eurofighter d2 Pawn can reach d4 three ways if c3 and e3 contain enemies but d3 is
    /// empty") cannot hold at once: a step needs d4 empty and a capture needs an enemy there.
    /// Decided: the stage rules stand; the pawn reaches d4 through d3 when d4 is empty and
    /// through c3 or e3 when an enemy stands on d4. Two-stage moves are written with the cell
    /// between (`d2xc3xd4`), as the seed asks.
    Eurofighter,
    /// "Any piece can make a non-capturing move from certain squares and then make a further
    /// noncapturing move without the enemy moving in between", from "an array square for
    /// that kind of piece". "En Passant capture is allowed by a piece of the same kind, and
    /// Kings may not pass through squares adjacent to the enemy King." With a double-step
    /// variant the two stages follow it ("with Warhead Chess both stages of the move are
    /// capturing", and so on). Decided: pawns keep their own double step from their second
    /// rank; a move may not end where it began; a king may pass through a checked cell (the
    /// seed bars only cells beside the enemy king); two stages pull no train.
    CampFollower1,
    /// Camp-follower from "any part of their first rank".
    CampFollower2,
    /// Camp-follower from "any part of their first two ranks".
    CampFollower3,
    /// "Linepieces can move less far the further forward they are. They can move (and
    /// check) a distance of n cells starting from the enemy's nth rank"; "Eurofighter Pawns
    /// are again used". Decided: Familiarity brings Eurofighter's double step with it, so
    /// it does not combine with Warhead, Trident or Helmsman; pushes obey the same distance.
    Familiarity,
    /// "When a long-range piece moves, any piece adjacent in the opposite direction, friend
    /// or foe, follows it at the same rate ... until there is an empty cell. ... Nothing is
    /// pulled in Castling." Decided: long-range pieces are bishops, rooks and queens (also
    /// on Shortcut lines); a move that would carry a pawn onto the first or last rank is
    /// not allowed.
    Train,
    /// "long-range pieces can push a train of adjacent pieces as well as pull one", with the
    /// seed's three rules for a gap and what lies beyond it. Decided: a push is a move of its
    /// own beside the capture of the first piece ahead (written `R>d5`); pushes go in the
    /// directions the piece moves in; the motor may push its own pieces along but never off
    /// the board; a piece pushed off the board is captured.
    PushPullTrain,
    /// "anytime when the King and an allied Rook - or Queen ... - are 3 or 4 cells apart in
    /// any orthogonal direction and no part of the King's move is in check. The King and
    /// Rook need not even be back on their own cells, let alone unmoved." Decided: as in
    /// FIDE castling, the king moves two cells towards its partner, the partner lands on the
    /// cell passed over, and every cell between them is empty. Written `O-O`/`O-O-O` from
    /// the FIDE squares, otherwise `O-` and the partner's square (`O-e1`).
    CastleAnytime,
    /// Castle anytime, and "Cathedralling, the diagonal equivalent of castling, whenever the
    /// King and an allied Bishop or Queen is 3 or 4 cells apart diagonally".
    CastleAndCathedral,
    /// "Requires retaining a King and at least one piece with each of the Rook, Bishop, and
    /// Knight moves." Decided: a queen has both line moves; a player left without one of the
    /// three loses at once (the game ends by extinction); check and mate stay as in FIDE.
    MovewiseExtinction,
    /// "When piece A moves toward, but does not reach, enemy piece B ... piece B cannot
    /// immediately move if: 1: piece A is a Bishop, Rook, or Queen and the cells between its
    /// destination and piece B are empty; or 2: piece A is a King, Knight, and Pawn and moves
    /// exactly halfway to piece B." Decided: a two-stage move is judged by its second stage;
    /// castling stuns nothing; a frozen piece cannot move, so it gives no check, and a frozen
    /// king in check that nothing can save is mated.
    Stungun,
    /// "the player cannot move the same piece on two successive moves: 1: if both moves
    /// would be capturing; 2: if the first move is capturing; 3: if the first move is
    /// capturing or the second would be; 4: ever." "A King in Check is always free to move."
    /// Decided: a tired piece still gives check; the seed's fatigue of "specific pieces or
    /// piece types" is not offered (every piece tires).
    BattleFatigue(u8),
    /// "As Battle Fatigue Chess, but regarding moves of three or more steps". Decided: steps
    /// are cells for lines and kings, one per leap for knights (two for the Hoppera's double
    /// leap, one per cell of a Shortcut route), the sum of both stages of a two-stage move,
    /// two for castling.
    TravelFatigue(u8),
    /// "Knights can additionally make a leap twice the length of their normal one as long as
    /// the halfway point is occupied". Decided: it captures like any knight move (not under
    /// Pawned and yeomanned, where knights capture only as camels).
    KnightAtTheHoppera,
    /// "The King has special powers when moving to a cell adjacent to a capturable piece
    /// from one not adjacent to that piece ... the piece is an ally and is promoted", "one
    /// step along a prescribed sequence, e.g. PNBRQ, or to any appropriate previously
    /// captured piece but no other." Decided: the sequence is P N B R Q; the power is
    /// optional, changes one piece, comes with ordinary king moves, and "previously
    /// captured" means pieces of the changed piece's side already lost. Written `Kf1/e2=N`.
    PromotingKing,
    /// As Promoting-king, but "the piece is an enemy and is demoted, with the further
    /// restriction that the King should not be in check from the resulting piece, although
    /// it may from the original one." Decided: no demotion to a pawn on the first or last
    /// rank.
    DemotingKing,
    /// "Rooks can move along the long diagonal, Bishops along files c and f, and Knights
    /// along the routes b1-c4-f5-g8 and g1-f4-c5-b8." Decided: a knight runs along a route
    /// like a line piece (each route cell it passes must be empty); the extra lines move
    /// and capture normally even under Pawned and yeomanned.
    Shortcut,
    /// "Rooks capture diagonally, Bishops orthogonally, and Knights Camelwise." Their
    /// non-capturing moves, and the queen and king, are as in FIDE.
    PawnedAndYeomanned,
    /// "If a piece is captured, all the player's other pieces of that kind disappear (one
    /// out, all out)." Decided: pieces, not pawns ("Should Pawns survive long enough to be
    /// promoted"), never kings; an option of its own, combinable with any other.
    OneOutAllOut,
}

/// Every variant, in the seed's order, fatigue at each level.
pub const ALL: [Variant; 28] = [
    Variant::Warhead,
    Variant::Trident,
    Variant::Helmsman,
    Variant::Eurofighter,
    Variant::CampFollower1,
    Variant::CampFollower2,
    Variant::CampFollower3,
    Variant::Familiarity,
    Variant::Train,
    Variant::PushPullTrain,
    Variant::CastleAnytime,
    Variant::CastleAndCathedral,
    Variant::MovewiseExtinction,
    Variant::Stungun,
    Variant::BattleFatigue(1),
    Variant::BattleFatigue(2),
    Variant::BattleFatigue(3),
    Variant::BattleFatigue(4),
    Variant::TravelFatigue(1),
    Variant::TravelFatigue(2),
    Variant::TravelFatigue(3),
    Variant::TravelFatigue(4),
    Variant::KnightAtTheHoppera,
    Variant::PromotingKing,
    Variant::DemotingKing,
    Variant::Shortcut,
    Variant::PawnedAndYeomanned,
    Variant::OneOutAllOut,
];

impl Variant {
    /// The name used on the command line, in PGN and on Discord.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Warhead => "warhead",
            Variant::Trident => "trident",
            Variant::Helmsman => "helmsman",
            Variant::Eurofighter => "eurofighter",
            Variant::CampFollower1 => "camp-follower-1",
            Variant::CampFollower2 => "camp-follower-2",
            Variant::CampFollower3 => "camp-follower-3",
            Variant::Familiarity => "familiarity",
            Variant::Train => "train",
            Variant::PushPullTrain => "push-pull-train",
            Variant::CastleAnytime => "castle-anytime",
            Variant::CastleAndCathedral => "castle-and-cathedral",
            Variant::MovewiseExtinction => "movewise-extinction",
            Variant::Stungun => "stungun",
            Variant::BattleFatigue(1) => "battle-fatigue-1",
            Variant::BattleFatigue(2) => "battle-fatigue-2",
            Variant::BattleFatigue(3) => "battle-fatigue-3",
            Variant::BattleFatigue(_) => "battle-fatigue-4",
            Variant::TravelFatigue(1) => "travel-fatigue-1",
            Variant::TravelFatigue(2) => "travel-fatigue-2",
            Variant::TravelFatigue(3) => "travel-fatigue-3",
            Variant::TravelFatigue(_) => "travel-fatigue-4",
            Variant::KnightAtTheHoppera => "knight-at-the-hoppera",
            Variant::PromotingKing => "promoting-king",
            Variant::DemotingKing => "demoting-king",
            Variant::Shortcut => "shortcut",
            Variant::PawnedAndYeomanned => "pawned-and-yeomanned",
            Variant::OneOutAllOut => "one-out-all-out",
        }
    }

    /// A line for a player choosing variants.
    pub fn summary(self) -> &'static str {
        match self {
            Variant::Warhead => "pawn double step: two diagonal captures",
            Variant::Trident => "pawn double step: two steps or two diagonal captures",
            Variant::Helmsman => "pawn double step: one step and one diagonal capture",
            Variant::Eurofighter => "pawn double step: any two of steps and captures",
            Variant::CampFollower1 => "two moves in a turn from a piece's array square",
            Variant::CampFollower2 => "two moves in a turn from the first rank",
            Variant::CampFollower3 => "two moves in a turn from the first two ranks",
            Variant::Familiarity => "line pieces move n cells from the enemy's nth rank",
            Variant::Train => "line pieces pull the pieces behind them",
            Variant::PushPullTrain => "line pieces pull and push trains of pieces",
            Variant::CastleAnytime => "castle with a rook or queen 3 or 4 cells away",
            Variant::CastleAndCathedral => "castle anytime, and diagonally with a bishop or queen",
            Variant::MovewiseExtinction => "lose your last rook-, bishop- or knight-mover and lose",
            Variant::Stungun => "moving towards an enemy freezes it for a turn",
            Variant::BattleFatigue(_) => "no two successive moves by a piece around captures",
            Variant::TravelFatigue(_) => "no two successive moves by a piece around long moves",
            Variant::KnightAtTheHoppera => "knights leap twice as far over an occupied cell",
            Variant::PromotingKing => "a king arriving beside an ally promotes it",
            Variant::DemotingKing => "a king arriving beside an enemy demotes it",
            Variant::Shortcut => "rooks on long diagonals, bishops on c and f files, knight routes",
            Variant::PawnedAndYeomanned => {
                "rooks capture diagonally, bishops orthogonally, knights as camels"
            }
            Variant::OneOutAllOut => "a captured piece takes all others of its kind with it",
        }
    }

    /// The bit this variant has in a [`Variants`] set: its place in [`ALL`] (a fatigue level
    /// outside 1..=4 counts as 4, as its name does).
    fn bit(self) -> u32 {
        let place = match self {
            Variant::Warhead => 0,
            Variant::Trident => 1,
            Variant::Helmsman => 2,
            Variant::Eurofighter => 3,
            Variant::CampFollower1 => 4,
            Variant::CampFollower2 => 5,
            Variant::CampFollower3 => 6,
            Variant::Familiarity => 7,
            Variant::Train => 8,
            Variant::PushPullTrain => 9,
            Variant::CastleAnytime => 10,
            Variant::CastleAndCathedral => 11,
            Variant::MovewiseExtinction => 12,
            Variant::Stungun => 13,
            Variant::BattleFatigue(n) => 13 + n.clamp(1, 4) as u32,
            Variant::TravelFatigue(n) => 17 + n.clamp(1, 4) as u32,
            Variant::KnightAtTheHoppera => 22,
            Variant::PromotingKing => 23,
            Variant::DemotingKing => 24,
            Variant::Shortcut => 25,
            Variant::PawnedAndYeomanned => 26,
            Variant::OneOutAllOut => 27,
        };
        1 << place
    }

    /// The group of alternatives it belongs to, if any: at most one of a group is allowed.
    fn group(self) -> Option<&'static str> {
        match self {
            Variant::Warhead | Variant::Trident | Variant::Helmsman | Variant::Eurofighter => {
                Some("pawn double step")
            }
            Variant::CampFollower1 | Variant::CampFollower2 | Variant::CampFollower3 => {
                Some("camp-follower")
            }
            Variant::Train | Variant::PushPullTrain => Some("train"),
            Variant::CastleAnytime | Variant::CastleAndCathedral => Some("castling"),
            Variant::BattleFatigue(_) => Some("battle fatigue"),
            Variant::TravelFatigue(_) => Some("travel fatigue"),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a list of variants was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VariantError {
    /// A name that is no variant.
    #[error("there is no modest variant called '{0}'; the variants are: {list}", list = names())]
    Unknown(String),
    /// Two alternatives of one group.
    #[error("{0} and {1} are alternatives ({2}): choose one")]
    Alternatives(Variant, Variant, &'static str),
    /// Familiarity brings Eurofighter pawns; another double step contradicts it.
    #[error("familiarity plays with eurofighter pawns, so it cannot be combined with {0}")]
    Familiarity(Variant),
}

fn names() -> String {
    ALL.iter().map(|v| v.name()).collect::<Vec<_>>().join(", ")
}

impl FromStr for Variant {
    type Err = VariantError;

    fn from_str(s: &str) -> Result<Variant, VariantError> {
        let want = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        ALL.into_iter()
            .find(|v| v.name() == want)
            .ok_or_else(|| VariantError::Unknown(s.trim().to_string()))
    }
}

/// A set of modest variants that combine. Plain FIDE chess is the empty set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants(u32);

impl Variants {
    /// FIDE chess with no variant.
    pub const NONE: Variants = Variants(0);

    /// The set of these variants, if they combine.
    pub fn new(list: impl IntoIterator<Item = Variant>) -> Result<Variants, VariantError> {
        let mut set = Variants::NONE;
        for v in list {
            if let Some(group) = v.group() {
                if let Some(other) = set.iter().find(|o| o.group() == Some(group) && *o != v) {
                    return Err(VariantError::Alternatives(other, v, group));
                }
            }
            set.0 |= v.bit();
        }
        if set.has(Variant::Familiarity) {
            let clash = [Variant::Warhead, Variant::Trident, Variant::Helmsman];
            if let Some(&other) = clash.iter().find(|&&v| set.has(v)) {
                return Err(VariantError::Familiarity(other));
            }
        }
        Ok(set)
    }

    /// Whether a variant is in the set.
    pub fn has(self, v: Variant) -> bool {
        self.0 & v.bit() != 0
    }

    /// Whether the set is plain FIDE chess.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The variants, in the seed's order.
    pub fn iter(self) -> impl Iterator<Item = Variant> {
        ALL.into_iter().filter(move |&v| self.has(v))
    }

    /// The pawn double step in force (Familiarity brings Eurofighter's).
    pub fn double_step(self) -> Option<Variant> {
        if self.has(Variant::Familiarity) {
            return Some(Variant::Eurofighter);
        }
        [
            Variant::Warhead,
            Variant::Trident,
            Variant::Helmsman,
            Variant::Eurofighter,
        ]
        .into_iter()
        .find(|&v| self.has(v))
    }

    /// The camp-follower zone in force, 1 to 3.
    pub fn camp_follower(self) -> Option<u8> {
        [
            Variant::CampFollower1,
            Variant::CampFollower2,
            Variant::CampFollower3,
        ]
        .into_iter()
        .position(|v| self.has(v))
        .map(|i| i as u8 + 1)
    }

    /// The battle fatigue level, 1 to 4.
    pub fn battle_fatigue(self) -> Option<u8> {
        (1..=4).find(|&n| self.has(Variant::BattleFatigue(n)))
    }

    /// The travel fatigue level, 1 to 4.
    pub fn travel_fatigue(self) -> Option<u8> {
        (1..=4).find(|&n| self.has(Variant::TravelFatigue(n)))
    }

    /// Whether any train rule is in force.
    pub fn trains(self) -> bool {
        self.has(Variant::Train) || self.has(Variant::PushPullTrain)
    }

    /// Whether pieces move, and moves are made, as in FIDE chess: no variant, or only
    /// Movewise extinction (which ends games early but changes no move).
    pub(super) fn moves_as_fide(self) -> bool {
        self.0 & !Variant::MovewiseExtinction.bit() == 0
    }
}

impl FromStr for Variants {
    type Err = VariantError;

    /// A comma-separated list; empty or `none` is plain chess.
    fn from_str(s: &str) -> Result<Variants, VariantError> {
        let s = s.trim();
        if s.is_empty() || s.eq_ignore_ascii_case("none") || s.eq_ignore_ascii_case("fide") {
            return Ok(Variants::NONE);
        }
        let list = s
            .split(',')
            .map(str::parse)
            .collect::<Result<Vec<Variant>, _>>()?;
        Variants::new(list)
    }
}

impl fmt::Display for Variants {
    /// Comma-separated names in the seed's order; `none` for plain chess.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let names: Vec<&str> = self.iter().map(Variant::name).collect();
        f.write_str(&names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_has_the_bit_of_its_place() {
        for (i, v) in ALL.into_iter().enumerate() {
            assert_eq!(v.bit(), 1 << i, "{v}");
        }
    }

    #[test]
    fn names_round_trip() {
        for v in ALL {
            assert_eq!(v.name().parse::<Variant>(), Ok(v));
        }
        let set: Variants = "stungun, Warhead,battle_fatigue_2".parse().unwrap();
        assert_eq!(set.to_string(), "warhead,stungun,battle-fatigue-2");
        assert_eq!(set.to_string().parse::<Variants>(), Ok(set));
    }

    #[test]
    fn alternatives_are_refused() {
        let err = "warhead,trident".parse::<Variants>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "warhead and trident are alternatives (pawn double step): choose one"
        );
        assert!("battle-fatigue-1,battle-fatigue-3"
            .parse::<Variants>()
            .is_err());
        assert!("battle-fatigue-1,travel-fatigue-3"
            .parse::<Variants>()
            .is_ok());
        assert!("familiarity,helmsman".parse::<Variants>().is_err());
        assert!("promoting-king,demoting-king".parse::<Variants>().is_ok());
        assert!(matches!(
            "gilman".parse::<Variants>(),
            Err(VariantError::Unknown(_))
        ));
    }
}
