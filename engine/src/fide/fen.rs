//! Forsyth-Edwards Notation in and out: text, then a checked position.
//!
//! Some variants carry state from one move to the next that FIDE's six fields cannot hold.
//! It is written only when it is there, so a plain position is plain FEN byte for byte:
//!
//! - The en passant field `g5xf6`: a piece passed over g5 and now stands on f6, and a piece
//!   of its kind may take it by moving to g5 (a Camp-follower's two moves, or a double step
//!   that ends beside the cell it passed, as Helmsman's `d2-d3xe4` gives `d3xe4`). A lone
//!   square (`e3`) keeps its FIDE meaning: a pawn passed it and stands just ahead.
//! - After the six fields, each only under the variants that keep it, in this order:
//!   `stunned:e4`, the piece of the side to move that Stungun froze; `last:e4x,g5l`, where
//!   each side's piece that moved last stands (Battle and Travel fatigue), with `x` if that
//!   move captured and `l` if it went three or more steps; `lost:PPn`, the pieces each side
//!   has lost (PNBRQ White's, pnbrq Black's), which Promoting- and Demoting-king may bring
//!   back.
//!
//! Everything that decides the legal moves or the result is written, so a position read
//! back has the moves of the one written. Lost pieces are written only where a king's power
//! depends on them: elsewhere they only tell a picture what was captured.

use super::pieces::{forward, reach};
use super::position::{role_index, Board, EnPassant, LastMove, Position};
use super::variant::{Variant, Variants};
use crate::{Bitboard, Color, Fide, Square};
use thiserror::Error;

/// The FIDE start in FEN.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Why a FEN was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FenError {
    /// Fewer than six space-separated fields.
    #[error("a FEN has six fields (board, side, castling, en passant, halfmoves, move number), then for some variants stunned:, last: or lost:; this one has {0}")]
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
    /// The en passant field names no cell just passed over by the piece it says.
    #[error("the en passant field '{field}' {why}")]
    EnPassant {
        /// The field as written.
        field: String,
        /// What is wrong, and what to write.
        why: String,
    },
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
    /// The side not to move is in check under Stungun, with no piece said to be frozen.
    #[error("the side not to move is in check, so the position cannot arise; under stungun a frozen piece gives no check: name it after the six fields (stunned:e4)")]
    OppositeCheckUnlessStunned,
    /// A field after the six that is none of ours.
    #[error(
        "'{0}' is not a field of a FEN: after the six fields come only stunned:, last: and lost:"
    )]
    Extra(String),
    /// A field after the six given twice.
    #[error("the field {0}: is given twice")]
    Twice(&'static str),
    /// State that only variants not in force keep.
    #[error("'{field}' arises only under {needs}, which the variants in force leave out: add it to the variants, or write the position without it")]
    NotInForce {
        /// The field as written.
        field: String,
        /// The variants that keep such state.
        needs: &'static str,
    },
    /// A `stunned:`, `last:` or `lost:` field that does not fit the board.
    #[error("'{field}': {why}")]
    State {
        /// The field as written.
        field: String,
        /// What is wrong, and what to write.
        why: String,
    },
}

/// A field after the six.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Extra {
    Stunned,
    Last,
    Lost,
}

impl Extra {
    /// In the order they are written.
    const ALL: [Extra; 3] = [Extra::Stunned, Extra::Last, Extra::Lost];

    fn name(self) -> &'static str {
        match self {
            Extra::Stunned => "stunned",
            Extra::Last => "last",
            Extra::Lost => "lost",
        }
    }

    /// Whether the variants keep this state, and the variants that do (for the refusal).
    fn kept(self, v: Variants) -> (bool, &'static str) {
        match self {
            Extra::Stunned => (v.has(Variant::Stungun), "stungun"),
            Extra::Last => (
                v.battle_fatigue().is_some() || v.travel_fatigue().is_some(),
                "battle or travel fatigue",
            ),
            Extra::Lost => (keeps_lost(v), "promoting-king or demoting-king"),
        }
    }
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
    /// A position from FEN, under these variants, with the variants' own state from the
    /// fields after the six (see the module's doc); state a field leaves out starts empty.
    pub fn from_fen(fen: &str, variants: Variants) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 6 {
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
        let ep = ep_from(fields[3], &board, turn, variants)?;
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
        extras_from(&mut pos, &fields[6..])?;
        if super::check::king_capturable(&pos) {
            return Err(
                if variants.has(Variant::Stungun) && pos.stunned.is_empty() {
                    FenError::OppositeCheckUnlessStunned
                } else {
                    FenError::OppositeCheck
                },
            );
        }
        Ok(pos)
    }

    /// The position in FEN, with the variants' own state after the six fields when there
    /// is any (see the module's doc).
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
        let ep = match self.ep {
            None => "-".to_string(),
            Some(ep) if is_fide_ep(&ep, self.turn) => ep.square.name(),
            Some(ep) => format!("{}x{}", ep.square, ep.victim),
        };
        let mut out = format!(
            "{} {} {} {} {} {}",
            board_text(&self.board),
            if self.turn == Color::White { 'w' } else { 'b' },
            castling,
            ep,
            self.halfmoves,
            self.fullmoves
        );
        self.write_extras(&mut out);
        out
    }

    /// ` stunned:`, ` last:` and ` lost:` where the position has that state.
    fn write_extras(&self, out: &mut String) {
        if self.stunned.nonempty() {
            let squares: Vec<String> = self.stunned.into_iter().map(Square::name).collect();
            out.push_str(" stunned:");
            out.push_str(&squares.join(","));
        }
        if self.last.iter().any(Option::is_some) {
            let entries: Vec<String> = self
                .last
                .iter()
                .flatten()
                .map(|last| {
                    let mut entry = last.square.name();
                    if last.captured {
                        entry.push('x');
                    }
                    if last.long {
                        entry.push('l');
                    }
                    entry
                })
                .collect();
            out.push_str(" last:");
            out.push_str(&entries.join(","));
        }
        if keeps_lost(self.variants) {
            let mut letters = String::new();
            for color in Color::ALL {
                // No legal move takes a king, and the powers never bring one back.
                for role in Fide::ALL.into_iter().filter(|&r| r != Fide::King) {
                    for _ in 0..self.lost(color, role) {
                        letters.push(letter(color, role));
                    }
                }
            }
            if !letters.is_empty() {
                out.push_str(" lost:");
                out.push_str(&letters);
            }
        }
    }
}

/// Whether the kings' powers look at the pieces lost, which then belong in the FEN.
fn keeps_lost(v: Variants) -> bool {
    v.has(Variant::PromotingKing) || v.has(Variant::DemotingKing)
}

/// Whether an en passant chance is FIDE's own, which a lone square says: a pawn that
/// passed the square and stands just ahead of it.
fn is_fide_ep(ep: &EnPassant, turn: Color) -> bool {
    ep.capturer == Fide::Pawn && ep.square.offset(0, forward(!turn)) == Some(ep.victim)
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

/// The en passant field: `-`, FIDE's square (`e3`), or the square passed over and where
/// the piece that passed stands (`g5xf6`).
fn ep_from(
    field: &str,
    board: &Board,
    turn: Color,
    v: Variants,
) -> Result<Option<EnPassant>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let bad = |why: String| FenError::EnPassant {
        field: field.to_string(),
        why,
    };
    let mover = !turn;
    let third = if mover == Color::White { 2 } else { 5 };
    let syntax = || {
        bad(
            "should be '-', the square a pawn just passed over (e3), or the square a piece \
             passed over and where it stands (g5xf6)"
                .to_string(),
        )
    };
    let parse = |s: &str| s.parse::<Square>().map_err(|_| syntax());
    let (cell, victim) = match field.split_once('x') {
        Some((cell, victim)) => (parse(cell)?, parse(victim)?),
        None => {
            let cell = parse(field)?;
            let ahead = cell.offset(0, forward(mover));
            match ahead.and_then(|s| board.get(s)) {
                Some((c, Fide::Pawn)) if c == mover && cell.rank() == third => {}
                _ => {
                    return Err(bad(format!(
                        "should be the square on the {} rank that a pawn of {mover} just \
                         passed over, with that pawn just ahead of it",
                        if mover == Color::White {
                            "third"
                        } else {
                            "sixth"
                        }
                    )))
                }
            }
            (cell, ahead.unwrap_or(cell))
        }
    };
    if board.get(cell).is_some() {
        return Err(bad(format!(
            "names {cell}, where a piece stands: the cell passed over is empty"
        )));
    }
    let role = match board.get(victim) {
        Some((c, role)) if c == mover && role != Fide::King => role,
        _ => {
            return Err(bad(format!(
                "says a piece of {mover} passed {cell} and stands on {victim}, but no piece \
                 of {mover} but its king stands there"
            )))
        }
    };
    let ep = EnPassant {
        square: cell,
        victim,
        capturer: role,
    };
    if is_fide_ep(&ep, turn) && cell.rank() == third {
        return Ok(Some(ep));
    }
    let (allowed, needs) = if role == Fide::Pawn {
        (
            v.double_step().is_some(),
            "warhead, trident, helmsman, eurofighter or familiarity",
        )
    } else {
        (v.camp_follower().is_some(), "camp-follower")
    };
    if !allowed {
        return Err(FenError::NotInForce {
            field: field.to_string(),
            needs,
        });
    }
    // The piece came to where it stands from the cell passed, in one move.
    let mut before = *board;
    before.take(victim);
    before.put(cell, mover, role);
    let from_cell = reach(&before, v, cell, mover, role);
    let pawn_cell = role != Fide::Pawn || cell.rank() == third;
    if !pawn_cell || !(from_cell.quiet | from_cell.capture).contains(victim) {
        return Err(bad(format!(
            "says a {} of {mover} passed {cell} and stands on {victim}, but it could not \
             have gone from {cell} to {victim}",
            role.name()
        )));
    }
    Ok(Some(ep))
}

/// Reads the fields after the six into the position, each under the variants that keep it.
fn extras_from(pos: &mut Position, fields: &[&str]) -> Result<(), FenError> {
    let mut seen = Vec::new();
    for &field in fields {
        let extra = field.split_once(':').and_then(|(name, value)| {
            Some((Extra::ALL.into_iter().find(|e| e.name() == name)?, value))
        });
        let Some((extra, value)) = extra else {
            return Err(FenError::Extra(field.to_string()));
        };
        if seen.contains(&extra) {
            return Err(FenError::Twice(extra.name()));
        }
        seen.push(extra);
        let (allowed, needs) = extra.kept(pos.variants);
        if !allowed {
            return Err(FenError::NotInForce {
                field: field.to_string(),
                needs,
            });
        }
        let bad = |why: String| FenError::State {
            field: field.to_string(),
            why,
        };
        match extra {
            Extra::Stunned => {
                pos.stunned = stunned_from(value, &pos.board, pos.turn).map_err(bad)?
            }
            Extra::Last => pos.last = last_from(value, &pos.board).map_err(bad)?,
            Extra::Lost => pos.lost = lost_from(value, &pos.board).map_err(bad)?,
        }
    }
    Ok(())
}

/// `stunned:e4`: the piece of the side to move that the last move froze.
fn stunned_from(value: &str, board: &Board, turn: Color) -> Result<Bitboard, String> {
    let mut stunned = Bitboard::EMPTY;
    for name in value.split(',') {
        let s: Square = name
            .parse()
            .map_err(|_| "should name the frozen piece's square, such as stunned:e4".to_string())?;
        match board.get(s) {
            Some((c, _)) if c == turn => stunned.set(s),
            Some(_) => {
                return Err(format!(
                    "{s} holds a piece of {}, but only the side to move's pieces are frozen",
                    !turn
                ))
            }
            None => return Err(format!("no piece stands on {s}")),
        }
    }
    if stunned.count() > 1 {
        return Err("a move freezes one piece, so name one square".to_string());
    }
    Ok(stunned)
}

/// `last:e4x,g5l`: where each side's last-moved piece stands, `x` if that move captured,
/// `l` if it went three or more steps; the side is the piece's.
fn last_from(value: &str, board: &Board) -> Result<[Option<LastMove>; 2], String> {
    let syntax = || {
        "should be where each side's piece that moved last stands, with x if that move \
         captured and l if it went three or more steps, such as last:e4x,g5l"
            .to_string()
    };
    let mut last = [None; 2];
    for entry in value.split(',') {
        let (name, flags) = (entry.get(..2), entry.get(2..));
        let s: Square = name.ok_or_else(syntax)?.parse().map_err(|_| syntax())?;
        let flags = flags.unwrap_or("");
        let (captured, long) = (flags.contains('x'), flags.contains('l'));
        if flags.len() != usize::from(captured) + usize::from(long) {
            return Err(syntax());
        }
        let Some((color, _)) = board.get(s) else {
            return Err(format!("no piece stands on {s}"));
        };
        if last[color.index()].is_some() {
            return Err(format!("it names two pieces of {color}: one a side"));
        }
        last[color.index()] = Some(LastMove {
            square: s,
            captured,
            long,
        });
    }
    Ok(last)
}

/// `lost:PPn`: a letter for each piece lost, upper case for White's.
fn lost_from(value: &str, board: &Board) -> Result<[[u8; 6]; 2], String> {
    // A side starts with fifteen pieces besides its king, and no move makes one more.
    const PIECES: u32 = 15;
    let syntax = || {
        "should be a letter for each piece lost, PNBRQ for White's and pnbrq for Black's, \
         such as lost:PPn"
            .to_string()
    };
    if value.is_empty() {
        return Err(syntax());
    }
    let mut lost = [[0u8; 6]; 2];
    let mut total = [0u32; 2];
    for c in value.chars() {
        let role = Fide::from_letter(c)
            .filter(|&r| r != Fide::King)
            .ok_or_else(syntax)?;
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        total[color.index()] += 1;
        if total[color.index()] > PIECES {
            return Err(format!(
                "{color} cannot have lost more than {PIECES} pieces"
            ));
        }
        lost[color.index()][role_index(role)] += 1;
    }
    for color in Color::ALL {
        let on_board = board.by_color(color).count() - 1;
        if on_board + total[color.index()] > PIECES {
            return Err(format!(
                "{color} has {on_board} pieces besides its king on the board and {} lost, \
                 more than the {PIECES} it starts with",
                total[color.index()]
            ));
        }
    }
    Ok(lost)
}

#[cfg(test)]
mod tests {
    use super::super::pgn::Pgn;
    use super::*;

    /// Case 1 of issue 41, item 10: a bishop's two moves leave an en passant chance for a
    /// bishop, which FIDE's field cannot say.
    const BISHOP_PASSES: (&str, &str) = (
        "helmsman,camp-follower-2,push-pull-train,movewise-extinction",
        "1. Q>d3 f6 2. Bc1-g5xf6",
    );

    /// Case 2: h6 freezes the queen that gives check.
    const QUEEN_FROZEN: (&str, &str) = ("warhead,stungun", "1. e3 f6 2. Qh5+ h6");

    fn variants(names: &str) -> Variants {
        names.parse().unwrap()
    }

    /// The position a record's moves reach.
    fn replayed((names, moves): (&str, &str)) -> Position {
        let text = format!("[Variant \"{names}\"]\n\n{moves} *\n");
        *Pgn::read(&text).unwrap().game.position()
    }

    /// The position as its FEN carries it: lost pieces only where the kings' powers need them.
    fn as_written(pos: &Position) -> Position {
        let mut p = *pos;
        if !keeps_lost(p.variants) {
            p.lost = [[0; 6]; 2];
        }
        p
    }

    fn read(fen: &str, names: &str) -> Result<Position, FenError> {
        Position::from_fen(fen, variants(names))
    }

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
    fn each_extension_round_trips() {
        for (names, fen) in [
            // A bishop passed g5 to f6; a bishop may take it on g5.
            (
                BISHOP_PASSES.0,
                "rnbqkbnr/ppppp1pp/5B2/8/3P4/3Q4/PPP1PPPP/RN2KBNR b KQkq g5xf6 0 2",
            ),
            // Helmsman's d2-d3xe4: the pawn stands beside the cell it passed.
            ("helmsman", "4k3/8/8/8/4P3/8/8/4K3 b - d3xe4 0 1"),
            // A rook's two moves in a straight line: FIDE's shape, but not a pawn.
            ("camp-follower-2", "4k3/8/8/8/R7/8/8/4K3 b - a3xa4 0 1"),
            (
                QUEEN_FROZEN.0,
                "rnbqkbnr/ppppp1p1/5p1p/7Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3 stunned:h5",
            ),
            (
                "battle-fatigue-2,travel-fatigue-3",
                "r3k3/8/8/8/8/8/8/R3K3 w - - 0 1 last:a1x,a8l",
            ),
            (
                "travel-fatigue-1",
                "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 last:a1xl",
            ),
            ("demoting-king", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 lost:PPNq"),
            (
                "stungun,battle-fatigue-1,promoting-king",
                "4k3/8/8/8/4n3/8/8/R3K3 b - - 0 1 stunned:e4 last:a1,e4x lost:bb",
            ),
        ] {
            let pos = read(fen, names).unwrap_or_else(|e| panic!("{fen}: {e}"));
            assert_eq!(pos.fen(), fen, "{names}");
            assert_eq!(read(&pos.fen(), names), Ok(pos), "{names}");
        }
        // Read in any order, written in one.
        let pos = read(
            "4k3/8/8/8/4n3/8/8/R3K3 b - - 0 1 lost:bb last:e4x,a1 stunned:e4",
            "stungun,battle-fatigue-1,promoting-king",
        )
        .unwrap();
        assert_eq!(
            pos.fen(),
            "4k3/8/8/8/4n3/8/8/R3K3 b - - 0 1 stunned:e4 last:a1,e4x lost:bb"
        );
        // FIDE's chance written the long way reads as FIDE's.
        let pos = read("4k3/8/8/8/4P3/8/8/4K3 b - e3xe4 0 1", "helmsman").unwrap();
        assert_eq!(pos.fen(), "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    }

    #[test]
    fn the_issue_positions_read_back_as_replayed() {
        let bishop = replayed(BISHOP_PASSES);
        assert_eq!(
            bishop.fen(),
            "rnbqkbnr/ppppp1pp/5B2/8/3P4/3Q4/PPP1PPPP/RN2KBNR b KQkq g5xf6 0 2"
        );
        let queen = replayed(QUEEN_FROZEN);
        assert_eq!(
            queen.fen(),
            "rnbqkbnr/ppppp1p1/5p1p/7Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3 stunned:h5"
        );
        for ((names, _), pos) in [(BISHOP_PASSES, bishop), (QUEEN_FROZEN, queen)] {
            let back = read(&pos.fen(), names).unwrap();
            assert_eq!(back, as_written(&pos), "{names}");
            assert_eq!(back.legal_moves(), pos.legal_moves(), "{names}");
        }
        // The frozen queen cannot move, so White has no queen moves to find.
        assert!(queen
            .legal_moves()
            .iter()
            .all(|m| m.from != "h5".parse().unwrap()));
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
            Err(FenError::EnPassant { .. })
        ));
        assert!(matches!(
            Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - x 1", v),
            Err(FenError::Counter(_))
        ));
    }

    #[test]
    fn refusals_of_the_extensions() {
        let bishop = "rnbqkbnr/ppppp1pp/5B2/8/3P4/3Q4/PPP1PPPP/RN2KBNR b KQkq g5xf6 0 2";
        let not_in_force = |fen: &str, names: &str, needs: &str| {
            let err = read(fen, names).unwrap_err();
            assert!(
                matches!(&err, FenError::NotInForce { needs: n, .. } if *n == needs),
                "{fen} under {names}: {err}"
            );
        };
        not_in_force(bishop, "helmsman", "camp-follower");
        not_in_force(
            "4k3/8/8/8/4P3/8/8/4K3 b - d3xe4 0 1",
            "camp-follower-1",
            "warhead, trident, helmsman, eurofighter or familiarity",
        );
        let kings = "4k3/8/8/8/4n3/8/8/R3K3 b - - 0 1";
        not_in_force(&format!("{kings} stunned:e4"), "warhead", "stungun");
        not_in_force(
            &format!("{kings} last:e4"),
            "stungun",
            "battle or travel fatigue",
        );
        not_in_force(
            &format!("{kings} lost:P"),
            "movewise-extinction",
            "promoting-king or demoting-king",
        );
        let err = read(&format!("{kings} lost:P"), "").unwrap_err();
        assert_eq!(
            err.to_string(),
            "'lost:P' arises only under promoting-king or demoting-king, which the variants in \
             force leave out: add it to the variants, or write the position without it"
        );

        let ep = |fen: &str, names: &str| {
            assert!(
                matches!(read(fen, names), Err(FenError::EnPassant { .. })),
                "{fen} under {names}: {:?}",
                read(fen, names)
            );
        };
        let cf = BISHOP_PASSES.0;
        // No piece of the side that moved on f6; the cell passed is taken; a bishop could
        // not have gone from g4 to f6; a king gives no en passant chance; not squares.
        ep(&bishop.replace("5B2", "5b2"), cf);
        ep(&bishop.replace("5B2/8", "5B2/6p1"), cf);
        ep(&bishop.replace("g5xf6", "g4xf6"), cf);
        ep("4k3/8/8/8/4K3/8/8/8 b - e3xe4 0 1", "camp-follower-3");
        ep(&bishop.replace("g5xf6", "g5xz9"), cf);
        // A pawn's cell passed is on the third rank.
        ep("4k3/8/8/8/4P3/3P4/8/4K3 b - d4xe4 0 1", "helmsman");
        // A lone square is FIDE's: a pawn just ahead.
        ep(&bishop.replace("g5xf6", "g5"), cf);

        let state = |fen: String, names: &str, why: &str| {
            let err = read(&fen, names).unwrap_err();
            assert!(
                matches!(&err, FenError::State { why: w, .. } if w.contains(why)),
                "{fen} under {names}: {err}"
            );
        };
        let stungun = "stungun";
        state(
            format!("{kings} stunned:e5"),
            stungun,
            "no piece stands on e5",
        );
        state(
            format!("{kings} stunned:a1"),
            stungun,
            "only the side to move's",
        );
        state(
            format!("{kings} stunned:e4,e8"),
            stungun,
            "a move freezes one piece",
        );
        state(format!("{kings} stunned:"), stungun, "such as stunned:e4");
        let fatigue = "battle-fatigue-1";
        state(format!("{kings} last:e5"), fatigue, "no piece stands on e5");
        state(
            format!("{kings} last:e4,e8x"),
            fatigue,
            "two pieces of Black",
        );
        state(format!("{kings} last:e4q"), fatigue, "such as last:e4x,g5l");
        state(
            format!("{kings} last:e4xx"),
            fatigue,
            "such as last:e4x,g5l",
        );
        state(format!("{kings} last:"), fatigue, "such as last:e4x,g5l");
        let powers = "promoting-king";
        state(format!("{kings} lost:K"), powers, "such as lost:PPn");
        state(format!("{kings} lost:"), powers, "such as lost:PPn");
        state(
            format!("{START} lost:p"),
            "demoting-king",
            "Black has 15 pieces besides its king on the board and 1 lost",
        );
        state(
            format!("{kings} lost:{}", "P".repeat(300)),
            powers,
            "cannot have lost more than 15",
        );

        let all = "stungun,battle-fatigue-1,promoting-king";
        assert_eq!(
            read(&format!("{kings} frozen:e4"), all),
            Err(FenError::Extra("frozen:e4".to_string()))
        );
        assert_eq!(
            read(&format!("{kings} e4"), all),
            Err(FenError::Extra("e4".to_string()))
        );
        assert_eq!(
            read(&format!("{kings} lost:P lost:P"), all),
            Err(FenError::Twice("lost"))
        );
        assert_eq!(
            read("4k3/8/8/8/8/8/8/4K3 w -", all),
            Err(FenError::Fields(3))
        );

        // A queen frozen beside the king it would check: without stunned: the position
        // cannot be; with it, it can.
        let frozen = "rnbqkbnr/ppppp1p1/5p1p/7Q/8/4P3/PPPP1PPP/RNB1KBNR w KQkq - 0 3";
        assert_eq!(
            read(frozen, QUEEN_FROZEN.0),
            Err(FenError::OppositeCheckUnlessStunned)
        );
        assert!(read(&format!("{frozen} stunned:h5"), QUEEN_FROZEN.0).is_ok());
        // Frozen elsewhere, the queen still checks.
        assert_eq!(
            read(&format!("{frozen} stunned:e1"), QUEEN_FROZEN.0),
            Err(FenError::OppositeCheck)
        );
    }

    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    /// Every position of random games reads back from its FEN as it was, with the same moves.
    #[test]
    fn positions_of_random_games_read_back() {
        let mut sets: Vec<Variants> = super::super::variant::ALL
            .iter()
            .map(|&v| Variants::new([v]).unwrap())
            .collect();
        for names in [
            BISHOP_PASSES.0,
            QUEEN_FROZEN.0,
            "eurofighter,camp-follower-3,stungun,battle-fatigue-2,travel-fatigue-3,promoting-king",
            "trident,camp-follower-1,demoting-king,one-out-all-out,battle-fatigue-4",
            "warhead,camp-follower-2,stungun,travel-fatigue-1,demoting-king,push-pull-train",
            "familiarity,train,promoting-king,demoting-king,knight-at-the-hoppera",
        ] {
            sets.push(variants(names));
        }
        let mut rng = Lcg(41);
        // How many positions used each extension: the long en passant field, then the
        // fields after the six.
        let mut used = [0; 4];
        for v in sets {
            for _ in 0..3 {
                let mut pos = Position::start(v);
                for _ in 0..60 {
                    let fen = pos.fen();
                    let fields: Vec<&str> = fen.split(' ').collect();
                    used[0] += usize::from(fields[3].contains('x'));
                    for (n, extra) in Extra::ALL.into_iter().enumerate() {
                        let field = format!("{}:", extra.name());
                        used[n + 1] +=
                            usize::from(fields[6..].iter().any(|f| f.starts_with(&field)));
                    }
                    let back =
                        Position::from_fen(&fen, v).unwrap_or_else(|e| panic!("{v}: {fen}: {e}"));
                    assert_eq!(back, as_written(&pos), "{v}: {fen}");
                    assert_eq!(back.fen(), fen, "{v}");
                    let legal = pos.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    assert_eq!(back.legal_moves(), legal, "{v}: {fen}");
                    pos = pos.play(&legal[rng.below(legal.len())]).unwrap();
                }
            }
        }
        assert!(used.iter().all(|&n| n > 0), "{used:?}");
    }
}
