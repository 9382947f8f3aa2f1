//! What a board picture shows, as plain data: build it from a game or a position, or by hand.

use engine::{Color, Design, Game, Position, Square, Zorkmids};
use serde::{Deserialize, Serialize};

/// One of a side's six design slots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slot {
    pub design: Design,
    /// What a piece of this design costs, or None if it has no price.
    pub cost: Option<Zorkmids>,
}

/// One player's panel: who plays the side and what they own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub name: String,
    pub treasury: Zorkmids,
    /// Bought pieces not yet placed, with how many of each.
    pub reserve: Vec<(Design, u32)>,
    /// The six designs the side may buy, in slot order.
    pub slots: Vec<Slot>,
}

/// Everything the board picture shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardView {
    pub pieces: Vec<(Square, Color, Design)>,
    /// White's panel, then Black's (index with `Color::index`).
    pub players: [PlayerView; 2],
    pub to_move: Color,
    /// The ply of the turn about to be played (1 = White's first turn).
    pub ply: u32,
    pub ruleset: String,
    /// The squares the last action touched: from and to, or the drop square.
    pub last_action: Vec<Square>,
    /// Royal pieces in check.
    pub check: Vec<Square>,
    /// How a finished game ended, such as "1-0, White wins by checkmate".
    pub result: Option<String>,
    /// The side whose player sits at the bottom of the board.
    pub orientation: Color,
}

impl BoardView {
    /// A position seen from White's side, with the players' names (White's first).
    pub fn from_position(position: &Position, names: [&str; 2]) -> BoardView {
        let player = |color: Color| PlayerView {
            name: names[color.index()].to_string(),
            treasury: position.treasury(color),
            reserve: position.reserve(color),
            slots: position
                .slots(color)
                .into_iter()
                .map(|d| Slot {
                    design: d.clone(),
                    cost: position.cost(d),
                })
                .collect(),
        };
        BoardView {
            pieces: position
                .pieces()
                .map(|(sq, c, d)| (sq, c, d.clone()))
                .collect(),
            players: [player(Color::White), player(Color::Black)],
            to_move: position.to_move(),
            ply: position.ply(),
            ruleset: position.rules().ruleset.name().to_string(),
            last_action: Vec::new(),
            check: Color::ALL
                .into_iter()
                .flat_map(|c| position.royals_in_check(c))
                .collect(),
            result: None,
            orientation: Color::White,
        }
    }

    /// A game's current position with its last action and, once over, its result.
    pub fn from_game(game: &Game, names: [&str; 2]) -> BoardView {
        BoardView {
            last_action: game.last_action_squares(),
            result: game.result().map(|o| o.to_string()),
            ..BoardView::from_position(game.position(), names)
        }
    }

    /// The same view from a side: each player sees the board from their own side.
    pub fn seen_by(self, orientation: Color) -> BoardView {
        BoardView {
            orientation,
            ..self
        }
    }

    pub fn player(&self, color: Color) -> &PlayerView {
        &self.players[color.index()]
    }

    pub fn piece_at(&self, square: Square) -> Option<(Color, &Design)> {
        self.pieces
            .iter()
            .find(|(s, _, _)| *s == square)
            .map(|(_, c, d)| (*c, d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Rules, Ruleset};

    #[test]
    fn a_position_gives_both_panels_and_the_kings() {
        let rules: Rules = Ruleset::Classic.into();
        let pos = Position::parse(
            "4k3/8/8/8/8/8/8/4K3 b 3/0.5 WD,WD/- P,N,WD,R,Q,K/P,N,B,R,Q,K 12",
            rules,
        )
        .unwrap();
        let view = BoardView::from_position(&pos, ["Alice", "Bob"]);
        assert_eq!(view.pieces.len(), 2);
        assert_eq!(view.player(Color::White).name, "Alice");
        assert_eq!(view.player(Color::White).reserve[0].1, 2);
        assert_eq!(view.player(Color::White).slots[2].design.written(), "WD");
        assert_eq!(
            view.player(Color::White).slots[2].cost,
            Some(Zorkmids::whole(3))
        );
        assert_eq!(view.to_move, Color::Black);
        assert_eq!(view.ply, 12);
        assert_eq!(view.ruleset, "classic");
    }

    #[test]
    fn a_game_shows_its_last_action() {
        let mut game = Game::new(Ruleset::Classic.into());
        game.play_text("Kd2").unwrap();
        let view = BoardView::from_game(&game, ["A", "B"]).seen_by(Color::Black);
        assert_eq!(
            view.last_action,
            ["e1".parse().unwrap(), "d2".parse().unwrap()]
        );
        assert_eq!(view.orientation, Color::Black);
    }
}
