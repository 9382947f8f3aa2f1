//! A FIDE-family position: the board, the side to move, castling, en passant, the move
//! counters, and the state some variants carry from one move to the next.

use super::variant::Variants;
use crate::{Bitboard, Color, Fide, Square};

/// Who stands where: one bitboard per role and one per colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    roles: [Bitboard; 6],
    colors: [Bitboard; 2],
}

pub(super) fn role_index(role: Fide) -> usize {
    role as usize
}

impl Board {
    /// The FIDE array.
    pub fn start() -> Board {
        let mut b = Board::default();
        let back = [
            Fide::Rook,
            Fide::Knight,
            Fide::Bishop,
            Fide::Queen,
            Fide::King,
            Fide::Bishop,
            Fide::Knight,
            Fide::Rook,
        ];
        for (file, role) in back.into_iter().enumerate() {
            let file = file as u8;
            b.put(sq(file, 0), Color::White, role);
            b.put(sq(file, 1), Color::White, Fide::Pawn);
            b.put(sq(file, 6), Color::Black, Fide::Pawn);
            b.put(sq(file, 7), Color::Black, role);
        }
        b
    }

    /// The piece on a square.
    pub fn get(&self, s: Square) -> Option<(Color, Fide)> {
        let color = if self.colors[0].contains(s) {
            Color::White
        } else if self.colors[1].contains(s) {
            Color::Black
        } else {
            return None;
        };
        let role = Fide::ALL
            .into_iter()
            .find(|&r| self.roles[role_index(r)].contains(s))?;
        Some((color, role))
    }

    /// The role on a square.
    pub fn role(&self, s: Square) -> Option<Fide> {
        self.get(s).map(|(_, r)| r)
    }

    /// Puts a piece on an empty square.
    pub fn put(&mut self, s: Square, color: Color, role: Fide) {
        self.colors[color.index()].set(s);
        self.roles[role_index(role)].set(s);
    }

    /// Takes whatever stands on a square off the board.
    pub fn take(&mut self, s: Square) -> Option<(Color, Fide)> {
        let piece = self.get(s)?;
        self.colors[piece.0.index()].clear(s);
        self.roles[role_index(piece.1)].clear(s);
        Some(piece)
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// One side's pieces.
    pub fn by_color(&self, c: Color) -> Bitboard {
        self.colors[c.index()]
    }

    /// Both sides' pieces of a role.
    pub fn by_role(&self, r: Fide) -> Bitboard {
        self.roles[role_index(r)]
    }

    /// One side's pieces of a role.
    pub fn pieces(&self, c: Color, r: Fide) -> Bitboard {
        self.roles[role_index(r)] & self.colors[c.index()]
    }

    /// A side's king, if it has one.
    pub fn king(&self, c: Color) -> Option<Square> {
        self.pieces(c, Fide::King).first()
    }
}

fn sq(file: u8, rank: u8) -> Square {
    Square::from_index((rank * 8 + file) as usize)
}

/// A double step just played, which the enemy may capture in passing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnPassant {
    /// The cell passed through, where the capturer lands.
    pub square: Square,
    /// Where the piece that passed stands, and is taken from.
    pub victim: Square,
    /// The role that may capture: a pawn, or under Camp-follower the mover's own kind.
    pub capturer: Fide,
}

/// What fatigue remembers of a side's last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LastMove {
    /// Where the piece that moved now stands.
    pub square: Square,
    /// Whether that move captured.
    pub captured: bool,
    /// Whether it went three or more steps.
    pub long: bool,
}

/// What must be equal for two positions to be "the same" under the repetition rule.
pub type RepetitionKey = (
    Board,
    Color,
    Bitboard,
    Option<EnPassant>,
    Bitboard,
    [Option<LastMove>; 2],
);

/// A position of the FIDE family under a set of variants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub(super) board: Board,
    pub(super) turn: Color,
    /// Rook squares that keep the FIDE castling right.
    pub(super) castling: Bitboard,
    pub(super) ep: Option<EnPassant>,
    pub(super) halfmoves: u32,
    pub(super) fullmoves: u32,
    pub(super) variants: Variants,
    /// Pieces of the side to move that Stungun froze.
    pub(super) stunned: Bitboard,
    /// Each side's last move, for fatigue.
    pub(super) last: [Option<LastMove>; 2],
    /// Pieces each side has lost, by role (P N B R Q K).
    pub(super) lost: [[u8; 6]; 2],
}

impl Position {
    /// The FIDE start under these variants.
    pub fn start(variants: Variants) -> Position {
        Position {
            board: Board::start(),
            turn: Color::White,
            castling: Bitboard::from_square(sq(0, 0))
                | Bitboard::from_square(sq(7, 0))
                | Bitboard::from_square(sq(0, 7))
                | Bitboard::from_square(sq(7, 7)),
            ep: None,
            halfmoves: 0,
            fullmoves: 1,
            variants,
            stunned: Bitboard::EMPTY,
            last: [None; 2],
            lost: [[0; 6]; 2],
        }
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The variants in force.
    pub fn variants(&self) -> Variants {
        self.variants
    }

    /// The en passant chance, if the last move gave one.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.ep
    }

    /// Moves since the last capture or pawn move (the 50-move rule counts these).
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number, 1 at the start, growing after each Black move.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// Pieces of the side to move that may not move this turn (Stungun).
    pub fn stunned(&self) -> Bitboard {
        self.stunned
    }

    /// How many pieces of a role a side has lost.
    pub fn lost(&self, color: Color, role: Fide) -> u8 {
        self.lost[color.index()][role_index(role)]
    }

    /// The rook squares that keep the FIDE castling right.
    pub fn castling_rights(&self) -> Bitboard {
        self.castling
    }
}
