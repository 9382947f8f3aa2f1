//! What the pictures show of a game of either family: its board now, its board after an
//! earlier turn, and its replay, each as render's one view type.

use super::{Family, GameState};
use engine::fide::FideGame;
use engine::Position;
use render::ReplayView;
use render::{BoardView, CsipgsBoardView, CsipgsReplayView, FideBoardView, FideReplayView};

/// Why the board after an earlier turn can't be shown.
#[derive(Debug, thiserror::Error)]
pub enum AfterError {
    /// The turns as stored hold no position after that turn.
    #[error("no position is stored after that turn")]
    Missing,
    /// The stored position doesn't read back.
    #[error("{0}")]
    Corrupt(String),
}

impl GameState {
    /// The board now, with the last turn, any check and, once over, the result, from White's
    /// side, with the players' names (White's first).
    pub fn board_view(&self, names: [&str; 2]) -> BoardView {
        match self {
            GameState::Csipgs(game) => CsipgsBoardView::from_game(game, names).into(),
            GameState::Fide(game) => FideBoardView::from_game(game, names).into(),
        }
    }

    /// The board after turn `ply` (0 = the start), from White's side. `stored` is the
    /// position the turns as stored hold after it, written as `position_text` writes it:
    /// a csipgs game reads it (its rules may have changed since by proposal); a FIDE game
    /// replays its moves instead, to list them beside the board.
    pub fn board_after(
        &self,
        ply: u32,
        stored: Option<&str>,
        names: [&str; 2],
    ) -> Result<BoardView, AfterError> {
        Ok(match self {
            GameState::Csipgs(game) => {
                let position = match ply {
                    0 => game.start().clone(),
                    _ => Position::parse(stored.ok_or(AfterError::Missing)?, game.rules().clone())
                        .map_err(|e| AfterError::Corrupt(e.to_string()))?,
                };
                // The turn that led here, tinted as on the last turn's board.
                let last_action = match ply {
                    0 => Vec::new(),
                    n => game
                        .turns()
                        .get(n as usize - 1)
                        .map(|t| t.turn.action.squares())
                        .unwrap_or_default(),
                };
                CsipgsBoardView {
                    last_action,
                    ..CsipgsBoardView::from_position(&position, names)
                }
                .into()
            }
            GameState::Fide(game) => FideBoardView::from_game(&fide_after(game, ply), names).into(),
        })
    }

    /// Every position of the game from its start, the last with the result.
    pub fn replay_view(&self, names: [&str; 2]) -> ReplayView {
        match self {
            GameState::Csipgs(game) => CsipgsReplayView::from_game(game, names).into(),
            GameState::Fide(game) => FideReplayView::from_game(game, names).into(),
        }
    }
}

/// A fide game as it stood after turn `ply`.
fn fide_after(game: &FideGame, ply: u32) -> FideGame {
    let mut then = FideGame::from_position(*game.start());
    for m in game.moves().iter().take(ply as usize) {
        // Each move was legal when the game was played, from the same start.
        if then.play(*m).is_err() {
            break;
        }
    }
    then
}

impl Family {
    /// The family a board view shows.
    pub fn of_board(view: &BoardView) -> Family {
        match view {
            BoardView::Csipgs(_) => Family::Csipgs,
            BoardView::Fide(_) => Family::Fide,
        }
    }

    /// The family a replay view shows.
    pub fn of_replay(view: &ReplayView) -> Family {
        match view {
            ReplayView::Csipgs(_) => Family::Csipgs,
            ReplayView::Fide(_) => Family::Fide,
        }
    }

    /// The metrics' label for drawing this family's board.
    pub fn board_metric(self) -> &'static str {
        match self {
            Family::Csipgs => "board",
            Family::Fide => "fide_board",
        }
    }

    /// The metrics' label for drawing this family's replay.
    pub fn replay_metric(self) -> &'static str {
        match self {
            Family::Csipgs => "replay",
            Family::Fide => "fide_replay",
        }
    }
}
