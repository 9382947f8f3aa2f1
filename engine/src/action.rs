//! What a player does in a turn (RULES.md section 2).

use crate::design::Design;
use crate::square::Square;
use serde::{Deserialize, Serialize};

/// The action phase: exactly one of these.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Move a piece on the board, capturing by displacement.
    Move { from: Square, to: Square },
    /// Drop a reserve piece next to a friendly royal piece that is not in check.
    Transfer { design: Design, to: Square },
    /// Buy pieces of current designs into the reserve (several only in `progressive`).
    Buy(Vec<Design>),
}

/// The optional design phase.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DesignPhase {
    /// Replace the slot holding `slot` with `design`.
    Redesign { slot: Design, design: Design },
    /// With the `power` option, buying happens here instead of a redesign.
    Buy(Vec<Design>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    pub action: Action,
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
