//! What the FIDE-family pictures show, as plain data: a board with each player's name,
//! clock and captured pieces, the last moves and the variants in force, and a replay's
//! frames.

use crate::view::ClockView;
use engine::fide::{FideGame, Position};
use engine::{Color, Design, Fide, Square};
use serde::{Deserialize, Serialize};

/// Everything the FIDE board picture shows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FideBoardView {
    /// Every piece on the board, with its side and design (one of the six FIDE designs, so
    /// it is drawn as the csipgs board draws them).
    pub pieces: Vec<(Square, Color, Design)>,
    /// White's name, then Black's (the panel shortens a name with an ellipsis when it
    /// doesn't fit).
    pub names: [String; 2],
    /// The pieces White has captured, then Black's, each with how many: the other side's
    /// losses, in the order pawn, knight, bishop, rook, queen, king.
    pub captured: [Vec<(Design, u32)>; 2],
    /// The names of the variants in force, such as "warhead"; empty for standard chess.
    pub variants: Vec<String>,
    /// The side whose turn it is.
    pub to_move: Color,
    /// The move number, 1 at the start, growing after each Black move.
    pub fullmove: u32,
    /// The squares the last move left and reached (a two-stage move's three).
    pub last_move: Vec<Square>,
    /// The king in check, if any.
    pub check: Vec<Square>,
    /// How a finished game ended, such as "1-0, White wins by checkmate".
    pub result: Option<String>,
    /// The side whose player sits at the bottom of the board.
    pub orientation: Color,
    /// White's clock, then Black's, in a game with a time control.
    #[serde(default)]
    pub clocks: Option<[ClockView; 2]>,
    /// The game's last moves, oldest first: at most [`FideBoardView::MOVES_KEPT`]. Views
    /// stored before the picture listed moves read as none.
    #[serde(default)]
    pub moves: Vec<ListedMove>,
}

/// A move in the list beside a FIDE board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListedMove {
    /// Its move number: 1 for each side's first move.
    pub number: u32,
    /// The side that played it.
    pub color: Color,
    /// The move in SAN, as the game recorded it.
    pub san: String,
}

/// One line of a score sheet: the move number, White's move and Black's; either is missing
/// at the ends of a list.
pub(crate) type ScoreLine<'a> = (u32, Option<&'a str>, Option<&'a str>);

/// Moves paired into a score sheet's lines.
pub(crate) fn score_lines(moves: &[ListedMove]) -> Vec<ScoreLine<'_>> {
    let mut lines: Vec<ScoreLine> = Vec::new();
    for m in moves {
        match (m.color, lines.last_mut()) {
            (Color::Black, Some((number, _, black @ None))) if *number == m.number => {
                *black = Some(&m.san);
            }
            (Color::Black, _) => lines.push((m.number, None, Some(&m.san))),
            (Color::White, _) => lines.push((m.number, Some(&m.san), None)),
        }
    }
    lines
}

impl FideBoardView {
    /// How many of a game's last moves a view keeps: more than the picture's card shows
    /// at any size, few enough that a long game's view stays small.
    pub const MOVES_KEPT: usize = 40;

    /// A position seen from White's side, with the players' names (White's first).
    pub fn from_position(position: &Position, names: [&str; 2]) -> FideBoardView {
        let board = position.board();
        let captured_by = |color: Color| {
            Fide::ALL
                .into_iter()
                .map(|role| (role.design(), position.lost(!color, role) as u32))
                .filter(|&(_, n)| n > 0)
                .collect()
        };
        let check = match board.king(position.turn()) {
            Some(king) if position.in_check() => vec![king],
            _ => Vec::new(),
        };
        FideBoardView {
            pieces: Square::all()
                .filter_map(|sq| board.get(sq).map(|(c, role)| (sq, c, role.design())))
                .collect(),
            names: names.map(str::to_string),
            captured: [captured_by(Color::White), captured_by(Color::Black)],
            variants: position
                .variants()
                .iter()
                .map(|v| v.name().to_string())
                .collect(),
            to_move: position.turn(),
            fullmove: position.fullmoves(),
            last_move: Vec::new(),
            check,
            result: None,
            orientation: Color::White,
            clocks: None,
            moves: Vec::new(),
        }
    }

    /// A game's current position with its last move, its last few moves listed and, once
    /// over, its result.
    pub fn from_game(game: &FideGame, names: [&str; 2]) -> FideBoardView {
        FideBoardView {
            last_move: game.last_move_squares(),
            result: game.result().map(|o| o.to_string()),
            moves: last_moves(game, FideBoardView::MOVES_KEPT),
            ..FideBoardView::from_position(game.position(), names)
        }
    }

    /// The same view from a side: each player sees the board from their own side.
    pub fn seen_by(self, orientation: Color) -> FideBoardView {
        FideBoardView {
            orientation,
            ..self
        }
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, square: Square) -> Option<(Color, &Design)> {
        self.pieces
            .iter()
            .find(|(s, _, _)| *s == square)
            .map(|(_, c, d)| (*c, d))
    }
}

/// The game's last `kept` moves, numbered from its start (which may be a position with
/// Black to move).
fn last_moves(game: &FideGame, kept: usize) -> Vec<ListedMove> {
    let start = game.start();
    let black_first = usize::from(start.turn() == Color::Black);
    let sans = game.sans();
    let skip = sans.len().saturating_sub(kept);
    sans.iter()
        .enumerate()
        .skip(skip)
        .map(|(i, san)| {
            let ply = i + black_first;
            let pairs = u32::try_from(ply / 2).unwrap_or(u32::MAX);
            ListedMove {
                number: start.fullmoves().saturating_add(pairs),
                color: if ply % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                },
                san: san.clone(),
            }
        })
        .collect()
}

/// An animated FIDE-family replay: one board per position, the start and then the position
/// after each move, each with its last move highlighted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FideReplayView {
    /// The boards in order, each drawn as [`crate::board`] draws it; give them one
    /// orientation, so that only what changed is encoded.
    pub frames: Vec<FideBoardView>,
}

impl FideReplayView {
    /// Every position of a game from its start, with the players' names (White's first);
    /// the last frame carries the game's result, however it ended.
    pub fn from_game(game: &FideGame, names: [&str; 2]) -> FideReplayView {
        let mut replay = FideGame::from_position(*game.start());
        let mut frames = Vec::with_capacity(game.moves().len() + 1);
        frames.push(FideBoardView::from_game(&replay, names));
        for &m in game.moves() {
            if replay.play(m).is_err() {
                break;
            }
            frames.push(FideBoardView::from_game(&replay, names));
        }
        // The moves were legal when the game took them, so they replay; should one not,
        // the game's own position still ends the replay.
        if frames.len() != game.moves().len() + 1 {
            frames.push(FideBoardView::from_game(game, names));
        }
        if let Some(last) = frames.last_mut() {
            last.result = game.result().map(|o| o.to_string());
        }
        FideReplayView { frames }
    }

    /// Every frame seen from one side.
    pub fn seen_by(self, orientation: Color) -> FideReplayView {
        FideReplayView {
            frames: self
                .frames
                .into_iter()
                .map(|f| f.seen_by(orientation))
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::fide::Variants;

    #[test]
    fn a_game_shows_its_pieces_last_move_captures_and_check() {
        let variants: Variants = "castle-anytime,promoting-king".parse().unwrap();
        let mut game = FideGame::new(variants);
        for m in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qe5+"] {
            game.play_text(m).unwrap();
        }
        let view = FideBoardView::from_game(&game, ["Ann", "Bo"]);
        assert_eq!(view.pieces.len(), 30);
        assert_eq!(view.names, ["Ann", "Bo"]);
        assert_eq!(view.captured[0], [(Fide::Pawn.design(), 1)]);
        assert_eq!(view.captured[1], [(Fide::Pawn.design(), 1)]);
        assert_eq!(view.variants, ["castle-anytime", "promoting-king"]);
        assert_eq!(view.to_move, Color::White);
        assert_eq!(view.fullmove, 4);
        assert_eq!(
            view.last_move,
            ["d5".parse().unwrap(), "e5".parse().unwrap()]
        );
        assert_eq!(view.check, ["e1".parse().unwrap()]);
        assert_eq!(view.result, None);
        let listed: Vec<(u32, Color, &str)> = view
            .moves
            .iter()
            .map(|m| (m.number, m.color, m.san.as_str()))
            .collect();
        assert_eq!(
            listed,
            [
                (1, Color::White, "e4"),
                (1, Color::Black, "d5"),
                (2, Color::White, "exd5"),
                (2, Color::Black, "Qxd5"),
                (3, Color::White, "Nc3"),
                (3, Color::Black, "Qe5+"),
            ]
        );
    }

    #[test]
    fn a_long_game_keeps_its_last_moves_numbered_from_a_black_start() {
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let start = Position::from_fen(fen, Variants::NONE).unwrap();
        let mut game = FideGame::from_position(start);
        for m in [
            "a6", "a3", "a5", "a4", "b6", "b3", "b5", "b4", "c6", "c3", "c5", "c4", "h6", "h3",
            "h5", "h4", "g6", "g3", "g5", "g4", "f6", "f3", "f5", "f4", "d6", "d3",
        ] {
            game.play_text(m).unwrap();
        }
        let view = FideBoardView::from_game(&game, ["A", "B"]);
        assert_eq!(view.moves.len(), 26);
        assert_eq!(view.moves[0].san, "a6");
        let moves = last_moves(&game, 24);
        let at = |i: usize| {
            let m = &moves[i];
            (m.number, m.color, m.san.as_str())
        };
        // The first two moves are left out; Black's first move was move 1.
        assert_eq!(at(0), (2, Color::Black, "a5"));
        assert_eq!(at(23), (14, Color::White, "d3"));
        let lines = score_lines(&moves);
        assert_eq!(lines.len(), 13);
        assert_eq!(lines[0], (2, None, Some("a5")));
        assert_eq!(lines[12], (14, Some("d3"), None));
        let fresh = FideBoardView::from_game(&FideGame::from_position(start), ["A", "B"]);
        assert!(fresh.moves.is_empty());
    }

    #[test]
    fn a_list_starting_with_blacks_move_leaves_whites_place_empty() {
        let listed = |number, color, san: &str| ListedMove {
            number,
            color,
            san: san.to_string(),
        };
        let moves = [
            listed(9, Color::Black, "dxc6"),
            listed(10, Color::White, "O-O"),
            listed(10, Color::Black, "f6"),
            listed(11, Color::White, "d4"),
        ];
        assert_eq!(
            score_lines(&moves),
            [
                (9, None, Some("dxc6")),
                (10, Some("O-O"), Some("f6")),
                (11, Some("d4"), None),
            ]
        );
    }

    #[test]
    fn a_replay_has_the_start_and_every_move_and_the_result_last() {
        let mut game = FideGame::new(Variants::NONE);
        for m in ["f3", "e5", "g4", "Qh4#"] {
            game.play_text(m).unwrap();
        }
        let replay = FideReplayView::from_game(&game, ["A", "B"]).seen_by(Color::Black);
        assert_eq!(replay.frames.len(), 5);
        assert!(replay.frames[0].last_move.is_empty());
        assert!(replay.frames[..4].iter().all(|f| f.result.is_none()));
        assert_eq!(
            replay.frames[4].result.as_deref(),
            Some("0-1, Black wins by checkmate")
        );
        assert_eq!(replay.frames[4].check, ["e1".parse().unwrap()]);
        assert!(replay.frames.iter().all(|f| f.orientation == Color::Black));
        assert!(replay.frames.iter().all(|f| f.variants.is_empty()));
    }
}
