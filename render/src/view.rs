//! What the pictures show, as plain data: a board (built from a game or a position, a fog
//! game player's view, or by hand), a replay's frames, a table and a rating chart.
//! Everything is serde so the bot can keep a view until Discord has the picture.

use engine::fog::View;
use engine::{Color, Design, Game, Options, Position, Square, Zorkmids};
use serde::{Deserialize, Serialize};

/// One of a side's six design slots.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Slot {
    /// The design a piece bought from this slot gets.
    pub design: Design,
    /// What a piece of this design costs, or None if it has no price.
    pub cost: Option<Zorkmids>,
}

/// One player's panel: who plays the side and what they own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The player's name (the panel shortens it with an ellipsis when it doesn't fit).
    pub name: String,
    /// Zorkmids in the treasury (negative in debt, under plunder).
    pub treasury: Zorkmids,
    /// Bought pieces not yet placed, with how many of each.
    pub reserve: Vec<(Design, u32)>,
    /// The six designs the side may buy, in slot order.
    pub slots: Vec<Slot>,
}

/// One side's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Whole seconds left, 0 when flagged.
    pub remaining: u64,
    /// This side's clock is the one ticking.
    pub running: bool,
}

/// Everything the board picture shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CsipgsBoardView {
    /// Every piece on the board, with its side and design.
    pub pieces: Vec<(Square, Color, Design)>,
    /// White's panel, then Black's (index with `Color::index`).
    pub players: [PlayerView; 2],
    /// The side whose turn it is.
    pub to_move: Color,
    /// The ply of the turn about to be played (1 = White's first turn).
    pub ply: u32,
    /// The ruleset's name, such as "classic".
    pub ruleset: String,
    /// The options the game was agreed with, such as fog and plunder. Views stored before
    /// the picture named them read as none.
    #[serde(default)]
    pub options: Options,
    /// The squares the last action touched: from and to, or the drop square.
    pub last_action: Vec<Square>,
    /// Royal pieces in check.
    pub check: Vec<Square>,
    /// How a finished game ended, such as "1-0, White wins by checkmate".
    pub result: Option<String>,
    /// The side whose player sits at the bottom of the board; in a view with hidden squares,
    /// the viewer.
    pub orientation: Color,
    /// White's clock, then Black's, in a game with a time control. Views stored before
    /// clocks existed read as None.
    #[serde(default)]
    pub clocks: Option<[ClockView; 2]>,
    /// Impassable squares (fog games), drawn as hatched rock: no piece stands there. In a
    /// player's view, those the player has seen so far.
    #[serde(default)]
    pub terrain: Vec<Square>,
    /// Squares the viewer can't see now (a player's view of a fog game), greyed out.
    #[serde(default)]
    pub hidden: Vec<Square>,
}

/// An animated replay: one board per position, the start and then the position after each
/// turn, each with its last action highlighted. The caller builds the frames.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CsipgsReplayView {
    /// The boards in order, each drawn as [`crate::board`] draws it; give them one
    /// orientation, so that only what changed is encoded.
    pub frames: Vec<CsipgsBoardView>,
}

impl CsipgsReplayView {
    /// Every position of a game from its start, with the players' names (White's first);
    /// the last frame carries the game's result, however it ended. The frames show the
    /// whole board: this is not a view for a fog game still being played.
    pub fn from_game(game: &Game, names: [&str; 2]) -> CsipgsReplayView {
        // The start under the game's rules now, so a turn using a design agreed by proposal
        // later in the game replays too (its slots then show today's prices).
        let start = Position::parse(&game.start().to_string(), game.rules().clone())
            .unwrap_or_else(|_| game.start().clone());
        let mut replay = Game::from_position(start);
        let mut frames = Vec::with_capacity(game.turns().len() + 1);
        frames.push(CsipgsBoardView::from_game(&replay, names));
        for played in game.turns() {
            if replay.play(played.turn.clone()).is_err() {
                break;
            }
            frames.push(CsipgsBoardView::from_game(&replay, names));
        }
        // Should a turn not replay, the game's own position still ends the replay.
        if frames.len() != game.turns().len() + 1 {
            frames.push(CsipgsBoardView::from_game(game, names));
        }
        if let Some(last) = frames.last_mut() {
            last.result = game.result().map(|o| o.to_string());
        }
        CsipgsReplayView { frames }
    }

    /// Every frame seen from one side.
    pub fn seen_by(self, orientation: Color) -> CsipgsReplayView {
        CsipgsReplayView {
            frames: self
                .frames
                .into_iter()
                .map(|f| f.seen_by(orientation))
                .collect(),
        }
    }
}

/// How a table column lines up its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Align {
    /// Text starts at the column's left edge (names).
    Left,
    /// Text ends at the column's right edge (numbers).
    Right,
}

/// A table column: its header and alignment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Column {
    /// The header text.
    pub header: String,
    /// How the header and cells line up.
    pub align: Align,
}

impl Column {
    /// A column of names, lined up on the left.
    pub fn left(header: &str) -> Column {
        Column {
            header: header.to_string(),
            align: Align::Left,
        }
    }

    /// A column of numbers, lined up on the right.
    pub fn right(header: &str) -> Column {
        Column {
            header: header.to_string(),
            align: Align::Right,
        }
    }
}

/// A table picture, such as a leaderboard: a title, headed columns and rows of text.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    /// The line above the table.
    pub title: String,
    /// The columns, left to right.
    pub columns: Vec<Column>,
    /// The rows, top to bottom, one cell per column (missing cells are blank, extra ones
    /// are not shown).
    pub rows: Vec<Vec<String>>,
}

/// A rating chart: a title and a player's rating over time.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChartView {
    /// The line above the chart, such as the player's name.
    pub title: String,
    /// (unix seconds, rating) points, in any order.
    pub points: Vec<(i64, i32)>,
}

impl CsipgsBoardView {
    /// A position seen from White's side, with the players' names (White's first): the whole
    /// board, a fog game's impassable squares included (no check is shown in a fog game).
    pub fn from_position(position: &Position, names: [&str; 2]) -> CsipgsBoardView {
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
        let fog = position.rules().options.fog;
        CsipgsBoardView {
            pieces: position
                .pieces()
                .map(|(sq, c, d)| (sq, c, d.clone()))
                .collect(),
            players: [player(Color::White), player(Color::Black)],
            to_move: position.to_move(),
            ply: position.ply(),
            ruleset: position.rules().ruleset.name().to_string(),
            options: position.rules().options,
            last_action: Vec::new(),
            check: Color::ALL
                .into_iter()
                .filter(|_| !fog)
                .flat_map(|c| position.royals_in_check(c))
                .collect(),
            result: None,
            orientation: Color::White,
            clocks: None,
            terrain: position.terrain().collect(),
            hidden: Vec::new(),
        }
    }

    /// What one player of a fog game may see, from their side of the board: built from
    /// their [`View`] alone, so nothing hidden can reach the picture. Unseen squares are
    /// greyed, the impassable squares they have seen stay marked, their own last action is
    /// highlighted, and no check is shown (fog games have none).
    pub fn from_view(view: &View, names: [&str; 2]) -> CsipgsBoardView {
        let player = |color: Color| PlayerView {
            name: names[color.index()].to_string(),
            treasury: view.treasuries[color.index()],
            reserve: view.reserves[color.index()].clone(),
            slots: view.slots[color.index()]
                .iter()
                .map(|(design, cost)| Slot {
                    design: design.clone(),
                    cost: *cost,
                })
                .collect(),
        };
        CsipgsBoardView {
            pieces: view.pieces.clone(),
            players: [player(Color::White), player(Color::Black)],
            to_move: view.to_move,
            ply: view.ply,
            ruleset: view.ruleset.name().to_string(),
            options: view.options,
            last_action: view.last_action.clone(),
            check: Vec::new(),
            result: view.result.map(|o| o.to_string()),
            orientation: view.color,
            clocks: None,
            terrain: view.terrain.collect(),
            hidden: (!view.seen).collect(),
        }
    }

    /// A game's current position with its last action and, once over, its result.
    pub fn from_game(game: &Game, names: [&str; 2]) -> CsipgsBoardView {
        CsipgsBoardView {
            last_action: game.last_action_squares(),
            result: game.result().map(|o| o.to_string()),
            ..CsipgsBoardView::from_position(game.position(), names)
        }
    }

    /// The same view from a side: each player sees the board from their own side.
    pub fn seen_by(self, orientation: Color) -> CsipgsBoardView {
        CsipgsBoardView {
            orientation,
            ..self
        }
    }

    /// A side's panel.
    pub fn player(&self, color: Color) -> &PlayerView {
        &self.players[color.index()]
    }

    /// The piece on a square, if any.
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
        let view = CsipgsBoardView::from_position(&pos, ["Alice", "Bob"]);
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
    fn a_replay_has_the_start_and_every_turn_and_the_result_last() {
        let mut game = Game::new(Ruleset::Classic.into());
        for turn in ["Kd2", "Ke7", "Buy P"] {
            game.play_text(turn).unwrap();
        }
        game.resign(Color::Black).unwrap();
        let replay = CsipgsReplayView::from_game(&game, ["A", "B"]).seen_by(Color::Black);
        assert_eq!(replay.frames.len(), 4);
        assert_eq!(replay.frames[0].ply, 1);
        assert!(replay.frames[0].last_action.is_empty());
        assert_eq!(replay.frames[2].last_action.len(), 2);
        assert_eq!(replay.frames[3].player(Color::White).reserve.len(), 1);
        assert!(replay.frames[..3].iter().all(|f| f.result.is_none()));
        assert!(replay.frames[3].result.is_some());
        assert!(replay.frames.iter().all(|f| f.orientation == Color::Black));
        assert!(replay.frames.iter().all(|f| f.clocks.is_none()));
    }

    #[test]
    fn a_game_shows_its_last_action() {
        let mut game = Game::new(Ruleset::Classic.into());
        game.play_text("Kd2").unwrap();
        let view = CsipgsBoardView::from_game(&game, ["A", "B"]).seen_by(Color::Black);
        assert_eq!(
            view.last_action,
            ["e1".parse().unwrap(), "d2".parse().unwrap()]
        );
        assert_eq!(view.orientation, Color::Black);
    }
}
