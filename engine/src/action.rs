//! What a player does in a turn (RULES.md section 2).

use crate::design::Design;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// The action phase: exactly one of these.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move a piece on the board, capturing by displacement.
    Move {
        /// Where the piece stands.
        from: Square,
        /// Where it goes; an enemy piece there is captured.
        to: Square,
    },
    /// A `doublemove-` piece's two moves in one action (RULES.md section 5.1): a first move
    /// to (or, for a shooter, a shot at) `via`, then a second from where the first left it.
    /// A doublemove piece that stops after one move plays an ordinary [`Action::Move`].
    DoubleMove {
        /// Where the piece stands.
        from: Square,
        /// The first move's target: where it went, or the square it shot at.
        via: Square,
        /// The second move's target.
        to: Square,
    },
    /// Drop a reserve piece next to a friendly royal piece that is not in check.
    Transfer {
        /// The reserve piece's design.
        design: Design,
        /// The empty square it is dropped on.
        to: Square,
    },
    /// Buy pieces of current designs into the reserve (several only in `progressive`).
    Buy(Vec<Design>),
}

impl Action {
    /// The squares it touches: from and to (and the first target of a double move), or the
    /// drop square; none for a buy.
    pub fn squares(&self) -> Vec<Square> {
        match self {
            Action::Move { from, to } => vec![*from, *to],
            Action::DoubleMove { from, via, to } => vec![*from, *via, *to],
            Action::Transfer { to, .. } => vec![*to],
            Action::Buy(_) => Vec::new(),
        }
    }
}

/// The optional design phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DesignPhase {
    /// Replace the slot holding `slot` with `design`.
    Redesign {
        /// The design now in the slot.
        slot: Design,
        /// The design that replaces it.
        design: Design,
    },
    /// With the `power` option, buying happens here instead of a redesign.
    Buy(Vec<Design>),
}

/// A whole turn (RULES.md section 2): the credit is implied, then an action and an optional
/// design phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// The action phase.
    pub action: Action,
    /// The design phase, if the player used it.
    pub design: Option<DesignPhase>,
}

impl From<Action> for Turn {
    fn from(action: Action) -> Turn {
        Turn {
            action,
            design: None,
        }
    }
}
