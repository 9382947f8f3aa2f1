//! Forsyth-Edwards Notation in and out: text, then a checked position.

use super::position::{Board, EnPassant, Position};
use super::variant::Variants;
use crate::{Bitboard, Color, Fide, Square};
use thiserror::Error;

/// The FIDE start in FEN.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Not six space-separated fields.
    #[error("a FEN has six fields (board, side, castling, en passant, halfmoves, move number); this one has {0}")]
    Fields(usize),
    /// The board field is malformed.
    #[error("the board '{0}' should be eight ranks of pieces (PNBRQK, pnbrqk) and digits separated by '/'")]
    Board(String),
    /// The side field is neither w nor b.
    #[error("the side to move should be 'w' or 'b', not '{0}'")]
    Side(String),
    /// The castling field names a right the board does not support.
    #[error("the castling field '{0}' should be '-' or letters from KQkq, each with its king and rook at home")]
    Castling(String),
    /// The en passant field is not a square on the third or sixth rank behind a pawn.
    #[error("the en passant field '{0}' should be '-' or the square a pawn just passed over")]
    EnPassant(String),
    /// A counter is not a number.
    #[error("the move counters should be whole numbers, not '{0}'")]
    Counter(String),
    /// A side has no king or more than one.
    #[error("each side needs exactly one king")]
    Kings,
    /// Pawns stand where they cannot.
    #[error("pawns cannot stand on the first or last rank")]
    Pawns,
    /// The side not to move is in check.
    #[error("the side not to move is in check, so the position cannot arise")]
    OppositeCheck,
}

fn square(file: u8, rank: u8) -> Square {
    Square::from_index((rank * 8 + file) as usize)
}

fn board_from(field: &str) -> Result<Board, FenError> {
    let bad = || FenError::Board(field.to_string());
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(bad());
    }
    let mut board = Board::default();
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(n) = c.to_digit(10) {
                if n == 0 || n > 8 {
                    return Err(bad());
                }
                file += n as u8;
            } else {
                let role = Fide::from_letter(c).ok_or_else(bad)?;
                if file >= 8 {
                    return Err(bad());
                }
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                board.put(square(file, rank), color, role);
                file += 1;
            }
            if file > 8 {
                return Err(bad());
            }
        }
        if file != 8 {
            return Err(bad());
        }
    }
    Ok(board)
}

fn board_text(board: &Board) -> String {
    let mut out = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board.get(square(file, rank)) {
                None => empty += 1,
                Some((color, role)) => {
                    if empty > 0 {
                        out.push(char::from_digit(empty, 10).unwrap_or('8'));
                        empty = 0;
                    }
                    out.push(letter(color, role));
                }
            }
        }
        if empty > 0 {
            out.push(char::from_digit(empty, 10).unwrap_or('8'));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// A piece's FEN letter: upper case for White.
pub fn letter(color: Color, role: Fide) -> char {
    match color {
        Color::White => role.letter(),
        Color::Black => role.letter().to_ascii_lowercase(),
    }
}

impl Position {
    /// A position from FEN, under these variants. The variants' own state (stunned pieces,
    /// fatigue, lost pieces) starts empty: FEN has no field for it.
    pub fn from_fen(fen: &str, variants: Variants) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() != 6 {
            return Err(FenError::Fields(fields.len()));
        }
        let board = board_from(fields[0])?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::Side(other.to_string())),
        };
        for c in Color::ALL {
            if board.pieces(c, Fide::King).count() != 1 {
                return Err(FenError::Kings);
            }
        }
        let edge_ranks = Bitboard(0xff00_0000_0000_00ff);
        if (board.by_role(Fide::Pawn) & edge_ranks).nonempty() {
            return Err(FenError::Pawns);
        }
        let castling = castling_from(fields[2], &board)?;
        let ep = ep_from(fields[3], &board, turn)?;
        let counter = |s: &str| {
            s.parse::<u32>()
                .map_err(|_| FenError::Counter(s.to_string()))
        };
        let halfmoves = counter(fields[4])?;
        let fullmoves = counter(fields[5])?.max(1);
        let mut pos = Position::start(variants);
        pos.board = board;
        pos.turn = turn;
        pos.castling = castling;
        pos.ep = ep;
        pos.halfmoves = halfmoves;
        pos.fullmoves = fullmoves;
        if super::check::king_capturable(&pos) {
            return Err(FenError::OppositeCheck);
        }
        Ok(pos)
    }

    /// The position in FEN (the variants' own state is not part of it).
    pub fn fen(&self) -> String {
        let mut castling = String::new();
        for (c, rank) in [(Color::White, 0u8), (Color::Black, 7u8)] {
            for (file, letter) in [(7u8, 'K'), (0u8, 'Q')] {
                if self.castling.contains(square(file, rank)) {
                    castling.push(if c == Color::White {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
        }
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = self.ep.map_or("-".to_string(), |ep| ep.square.name());
        format!(
            "{} {} {} {} {} {}",
            board_text(&self.board),
            if self.turn == Color::White { 'w' } else { 'b' },
            castling,
            ep,
            self.halfmoves,
            self.fullmoves
        )
    }
}

fn castling_from(field: &str, board: &Board) -> Result<Bitboard, FenError> {
    let bad = || FenError::Castling(field.to_string());
    let mut rights = Bitboard::EMPTY;
    if field == "-" {
        return Ok(rights);
    }
    for c in field.chars() {
        let (color, rank) = if c.is_ascii_uppercase() {
            (Color::White, 0)
        } else {
            (Color::Black, 7)
        };
        let file = match c.to_ascii_uppercase() {
            'K' => 7,
            'Q' => 0,
            _ => return Err(bad()),
        };
        let rook = square(file, rank);
        if board.get(rook) != Some((color, Fide::Rook))
            || board.get(square(4, rank)) != Some((color, Fide::King))
        {
            return Err(bad());
        }
        rights.set(rook);
    }
    Ok(rights)
}

fn ep_from(field: &str, board: &Board, turn: Color) -> Result<Option<EnPassant>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = || FenError::EnPassant(field.to_string());
    let s: Square = field.parse().map_err(|_| bad())?;
    let (rank, step) = match turn {
        Color::White => (5, -1),
        Color::Black => (2, 1),
    };
    let victim = s.offset(0, step).ok_or_else(bad)?;
    if s.rank() != rank || board.get(victim) != Some((!turn, Fide::Pawn)) || board.get(s).is_some()
    {
        return Err(bad());
    }
    Ok(Some(EnPassant {
        square: s,
        victim,
        capturer: Fide::Pawn,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for fen in [
            START,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
            "8/8/8/8/8/8/8/K6k b - - 12 40",
        ] {
            let pos = Position::from_fen(fen, Variants::NONE).unwrap();
            assert_eq!(pos.fen(), fen);
        }
    }

    #[test]
    fn refusals() {
        let v = Variants::NONE;
        assert_eq!(Position::from_fen("8/8 w", v), Err(FenError::Fields(2)));
        assert!(matches!(
            Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1", v),
            Err(FenError::Kings)
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", v),
            Err(FenError::Castling(_))
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", v),
            Err(FenError::OppositeCheck)
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - e3 0 1", v),
            Err(FenError::EnPassant(_))
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1", v),
            Err(FenError::Counter(_))
        ));
    }
}
