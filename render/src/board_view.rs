//! The one board view and the one replay view every picture of a game takes, whatever its
//! family: each family's own view inside. A new family adds its variant here and its
//! drawing beside `board` and `fide_board`.
//!
//! Serde writes the inner view alone (untagged): a view a caller stored before the two
//! families shared these types reads back as the family whose fields it has.

use crate::fide_view::{FideBoardView, FideReplayView};
use crate::view::{ClockView, CsipgsBoardView, CsipgsReplayView};
use engine::Color;
use serde::{Deserialize, Serialize};

/// What a board picture shows, for a game of either family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum BoardView {
    /// A csipgs board with both players' panels.
    Csipgs(CsipgsBoardView),
    /// A FIDE-family board with its players' cards, captures, last moves and variants.
    Fide(FideBoardView),
}

/// An animated replay of a game of either family: one board per position.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum ReplayView {
    /// A csipgs game's frames.
    Csipgs(CsipgsReplayView),
    /// A FIDE-family game's frames.
    Fide(FideReplayView),
}

impl BoardView {
    /// The same view from a side: each player sees the board from their own side.
    pub fn seen_by(self, orientation: Color) -> BoardView {
        match self {
            BoardView::Csipgs(view) => BoardView::Csipgs(view.seen_by(orientation)),
            BoardView::Fide(view) => BoardView::Fide(view.seen_by(orientation)),
        }
    }

    /// The same view with these clocks (White's, then Black's), or none.
    pub fn with_clocks(self, clocks: Option<[ClockView; 2]>) -> BoardView {
        match self {
            BoardView::Csipgs(view) => BoardView::Csipgs(CsipgsBoardView { clocks, ..view }),
            BoardView::Fide(view) => BoardView::Fide(FideBoardView { clocks, ..view }),
        }
    }

    /// The side whose player sits at the bottom of the board.
    pub fn orientation(&self) -> Color {
        match self {
            BoardView::Csipgs(view) => view.orientation,
            BoardView::Fide(view) => view.orientation,
        }
    }

    /// The number the board is known by: a csipgs board's ply (1 = White's first turn), a
    /// FIDE board's move number.
    pub fn number(&self) -> u32 {
        match self {
            BoardView::Csipgs(view) => view.ply,
            BoardView::Fide(view) => view.fullmove,
        }
    }
}

impl ReplayView {
    /// How many positions the replay holds.
    pub fn len(&self) -> usize {
        match self {
            ReplayView::Csipgs(view) => view.frames.len(),
            ReplayView::Fide(view) => view.frames.len(),
        }
    }

    /// Whether the replay holds no position.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every frame seen from one side.
    pub fn seen_by(self, orientation: Color) -> ReplayView {
        match self {
            ReplayView::Csipgs(view) => ReplayView::Csipgs(view.seen_by(orientation)),
            ReplayView::Fide(view) => ReplayView::Fide(view.seen_by(orientation)),
        }
    }
}

impl From<CsipgsBoardView> for BoardView {
    fn from(view: CsipgsBoardView) -> BoardView {
        BoardView::Csipgs(view)
    }
}

impl From<FideBoardView> for BoardView {
    fn from(view: FideBoardView) -> BoardView {
        BoardView::Fide(view)
    }
}

impl From<CsipgsReplayView> for ReplayView {
    fn from(view: CsipgsReplayView) -> ReplayView {
        ReplayView::Csipgs(view)
    }
}

impl From<FideReplayView> for ReplayView {
    fn from(view: FideReplayView) -> ReplayView {
        ReplayView::Fide(view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::fide::{FideGame, Variants};
    use engine::{Game, Ruleset};

    #[test]
    fn each_familys_view_reads_back_as_its_own_family() {
        let csipgs: BoardView =
            CsipgsBoardView::from_game(&Game::new(Ruleset::Classic.into()), ["A", "B"]).into();
        let fide: BoardView =
            FideBoardView::from_game(&FideGame::new(Variants::NONE), ["A", "B"]).into();
        for view in [csipgs, fide] {
            let json = serde_json::to_string(&view).unwrap();
            assert_eq!(serde_json::from_str::<BoardView>(&json).unwrap(), view);
        }
        let replay: ReplayView =
            FideReplayView::from_game(&FideGame::new(Variants::NONE), ["A", "B"]).into();
        let json = serde_json::to_string(&replay).unwrap();
        assert_eq!(serde_json::from_str::<ReplayView>(&json).unwrap(), replay);
    }
}
