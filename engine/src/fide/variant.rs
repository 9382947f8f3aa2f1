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

/// One modest variant. The rules of each are documented where they are played (`fide::rules`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Variant {
    /// The pawn double step is two diagonal captures.
    Warhead,
    /// The double step is two orthogonal steps or two diagonal captures, not a mixture.
    Trident,
    /// The double step is one orthogonal step and one diagonal capture, in either order.
    Helmsman,
    /// The double step is any of the above.
    Eurofighter,
    /// Pieces on their array squares may make two moves in one turn.
    CampFollower1,
    /// Pieces on their first rank may make two moves in one turn.
    CampFollower2,
    /// Pieces on their first two ranks may make two moves in one turn.
    CampFollower3,
    /// Line pieces move at most n cells from the enemy's nth rank; Eurofighter pawns.
    Familiarity,
    /// Line pieces pull the pieces behind them.
    Train,
    /// Line pieces pull the pieces behind them and push the pieces ahead.
    PushPullTrain,
    /// Castling with a rook or queen 3 or 4 cells away, anywhere, any time.
    CastleAnytime,
    /// Castle anytime, and the diagonal equivalent with a bishop or queen.
    CastleAndCathedral,
    /// A player keeps a king and a rook-mover, a bishop-mover and a knight-mover, or loses.
    MovewiseExtinction,
    /// A piece moved towards an enemy, not reaching it, freezes it for a turn.
    Stungun,
    /// Successive moves by one piece are barred around captures (levels 1-4).
    BattleFatigue(u8),
    /// Successive moves by one piece are barred around long moves (levels 1-4).
    TravelFatigue(u8),
    /// Knights also leap twice as far over an occupied halfway cell.
    KnightAtTheHoppera,
    /// A king arriving beside an ally promotes it.
    PromotingKing,
    /// A king arriving beside an enemy demotes it.
    DemotingKing,
    /// Rooks use the long diagonals, bishops files c and f, knights two routes.
    Shortcut,
    /// Rooks capture diagonally, bishops orthogonally, knights as camels.
    PawnedAndYeomanned,
    /// A captured piece takes every other piece of its kind and side with it.
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
            Variant::PawnedAndYeomanned => "rooks capture diagonally, bishops orthogonally, knights as camels",
            Variant::OneOutAllOut => "a captured piece takes all others of its kind with it",
        }
    }

    /// The bit this variant has in a [`Variants`] set.
    fn bit(self) -> u32 {
        1 << ALL.iter().position(|&v| v == self).unwrap_or(0)
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
        assert!("battle-fatigue-1,battle-fatigue-3".parse::<Variants>().is_err());
        assert!("battle-fatigue-1,travel-fatigue-3".parse::<Variants>().is_ok());
        assert!("familiarity,helmsman".parse::<Variants>().is_err());
        assert!("promoting-king,demoting-king".parse::<Variants>().is_ok());
        assert!(matches!("gilman".parse::<Variants>(), Err(VariantError::Unknown(_))));
    }
}
