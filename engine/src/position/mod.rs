//! A position: board, reserves, treasuries, design slots, side to move and ply, and the
//! position string of RULES.md section 9.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::{Design, Fide};
use crate::kinds::{Kind, KindId, Kinds};
use crate::money::Zorkmids;
use crate::notation::NotationError;
use crate::price::{price, PriceError};
use crate::ruleset::Rules;
use crate::square::Square;
use std::fmt;
use std::sync::Arc;

/// Most pieces a side may own, board and reserve together, royal pieces included.
pub const MAX_PIECES: u32 = 16;

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub color: Color,
    pub kind: KindId,
}

impl Piece {
    fn code(self) -> u8 {
        1 + self.kind * 2 + self.color as u8
    }

    fn from_code(code: u8) -> Option<Piece> {
        (code != 0).then(|| Piece {
            color: if (code - 1).is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
            kind: (code - 1) / 2,
        })
    }
}

#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) kinds: Arc<Kinds>,
    pub(crate) board: [u8; 64],
    pub(crate) occupied: [Bitboard; 2],
    pub(crate) royals: [Bitboard; 2],
    /// Reserve pieces by kind, in the order each kind first arrived.
    pub(crate) reserves: [Vec<(KindId, u8)>; 2],
    pub(crate) treasuries: [Zorkmids; 2],
    pub(crate) slots: [[KindId; 6]; 2],
    pub(crate) to_move: Color,
    pub(crate) ply: u32,
}

/// Why a text is not a position string.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("a position string has 6 fields separated by spaces (board, side, treasuries, reserves, designs, ply); this one has {0}")]
    FieldCount(usize),
    #[error("the board needs 8 ranks separated by '/'; found {0}")]
    RankCount(usize),
    #[error("rank {rank} has {squares} squares; every rank needs exactly 8")]
    RankWidth { rank: u8, squares: usize },
    #[error("'{piece}' on rank {rank} is not a piece: use KQRBNP for White, kqrbnp for Black, (design) for other White pieces and [design] for other Black ones")]
    UnknownPiece { piece: char, rank: u8 },
    #[error("an unclosed '{open}' on rank {rank}")]
    Unclosed { open: char, rank: u8 },
    #[error("'{text}' is not a design: {error}")]
    BadDesign { text: String, error: NotationError },
    #[error("the side to move is w or b, not '{0}'")]
    Side(String),
    #[error("'{0}' is not two treasuries: write WHITE/BLACK, such as 3/0.5")]
    Treasuries(String),
    #[error(
        "'{0}' is not two reserves: write WHITE/BLACK, each a comma-separated list of designs or -"
    )]
    Reserves(String),
    #[error("'{0}' is not two design lists: write WHITE/BLACK, each exactly six comma-separated designs")]
    Designs(String),
    #[error("{color} has {count} designs; each side has exactly 6")]
    SlotCount { color: Color, count: usize },
    #[error("{color}'s designs {design} appears twice; the six slots must all differ")]
    RepeatedSlot { color: Color, design: String },
    #[error("{color}'s design {design} can't be priced: {error}")]
    UnpricedSlot {
        color: Color,
        design: String,
        error: PriceError,
    },
    #[error("'{0}' is not a ply: write a whole number from 1")]
    Ply(String),
    #[error("too many different designs in one position (at most 64)")]
    TooManyDesigns,
}

impl Position {
    /// The start of a game under these rules: two kings, the six FIDE designs each.
    pub fn start(rules: Rules) -> Position {
        let mut pos = Position::empty(rules);
        for color in Color::ALL {
            let slots = Fide::ALL.map(|f| pos.intern(&f.design()).expect("six kinds fit"));
            pos.slots[color.index()] = slots;
            pos.treasuries[color.index()] = pos.rules.ruleset.start_treasury(color);
        }
        let king = pos.slots[0][5];
        for (color, sq) in [(Color::White, "e1"), (Color::Black, "e8")] {
            pos.put(
                sq.parse().expect("e1 and e8 are squares"),
                Piece { color, kind: king },
            );
        }
        pos
    }

    fn empty(rules: Rules) -> Position {
        Position {
            rules: Arc::new(rules),
            kinds: Arc::new(Kinds::default()),
            board: [0; 64],
            occupied: [Bitboard::EMPTY; 2],
            royals: [Bitboard::EMPTY; 2],
            reserves: [Vec::new(), Vec::new()],
            treasuries: [Zorkmids::ZERO; 2],
            slots: [[0; 6]; 2],
            to_move: Color::White,
            ply: 1,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The ply of the turn about to be played (1 = White's first turn).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The treasury as it stands before the mover's credit phase.
    pub fn treasury(&self, color: Color) -> Zorkmids {
        self.treasuries[color.index()]
    }

    pub(crate) fn kind(&self, id: KindId) -> &Kind {
        self.kinds.get(id)
    }

    pub(crate) fn piece(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    pub fn piece_at(&self, sq: Square) -> Option<(Color, &Design)> {
        self.piece(sq).map(|p| (p.color, &self.kind(p.kind).design))
    }

    /// Every piece on the board, a1 first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Color, &Design)> + '_ {
        (self.occupied[0] | self.occupied[1]).map(move |sq| {
            let (c, d) = self.piece_at(sq).expect("occupied squares hold pieces");
            (sq, c, d)
        })
    }

    pub fn occupied(&self, color: Color) -> Bitboard {
        self.occupied[color.index()]
    }

    /// Royal pieces of a side on the board.
    pub fn royals(&self, color: Color) -> Bitboard {
        self.royals[color.index()]
    }

    /// Reserve pieces with their counts, in the order each design first arrived.
    pub fn reserve(&self, color: Color) -> Vec<(Design, u32)> {
        self.reserves[color.index()]
            .iter()
            .map(|&(k, n)| (self.kind(k).design.clone(), n as u32))
            .collect()
    }

    pub(crate) fn reserve_count(&self, color: Color) -> u32 {
        self.reserves[color.index()]
            .iter()
            .map(|&(_, n)| n as u32)
            .sum()
    }

    /// Pieces a side owns, board and reserve together.
    pub fn piece_count(&self, color: Color) -> u32 {
        self.occupied(color).count() + self.reserve_count(color)
    }

    /// The six designs a side may buy, in slot order.
    pub fn slots(&self, color: Color) -> Vec<&Design> {
        self.slots[color.index()]
            .iter()
            .map(|&k| &self.kind(k).design)
            .collect()
    }

    /// What a piece of a design costs in this game, if it has a price.
    pub fn cost(&self, design: &Design) -> Option<Zorkmids> {
        match self.kinds.find(design) {
            Some(k) => self.kind(k).cost,
            None => price(
                design,
                self.rules.ruleset.price_table(),
                &self.rules.proposals,
            )
            .ok()
            .map(|p| p.cost),
        }
    }

    /// The kind of a design, adding it (and making room by dropping unused kinds) if new.
    pub(crate) fn intern(&mut self, design: &Design) -> Option<KindId> {
        if let Some(id) = self.kinds.find(design) {
            return Some(id);
        }
        if let Some(id) = Arc::make_mut(&mut self.kinds).intern(design, &self.rules) {
            return Some(id);
        }
        self.compact();
        Arc::make_mut(&mut self.kinds).intern(design, &self.rules)
    }

    /// Rebuild the kind table with only the designs still in use.
    fn compact(&mut self) {
        let old = Arc::clone(&self.kinds);
        let mut kinds = Kinds::default();
        let map = |k: KindId, kinds: &mut Kinds| {
            kinds
                .intern(&old.get(k).design, &self.rules)
                .expect("designs in use fit the table")
        };
        for sq in Square::all() {
            if let Some(p) = self.piece(sq) {
                let kind = map(p.kind, &mut kinds);
                self.board[sq.index()] = Piece { kind, ..p }.code();
            }
        }
        for color in 0..2 {
            for entry in &mut self.reserves[color] {
                entry.0 = map(entry.0, &mut kinds);
            }
            for slot in &mut self.slots[color] {
                *slot = map(*slot, &mut kinds);
            }
        }
        self.kinds = Arc::new(kinds);
    }

    pub(crate) fn set_rules(&mut self, rules: Rules) {
        Arc::make_mut(&mut self.kinds).reprice(&rules);
        self.rules = Arc::new(rules);
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = piece.code();
        self.occupied[piece.color.index()].set(sq);
        if self.kind(piece.kind).royal {
            self.royals[piece.color.index()].set(sq);
        }
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece(sq)?;
        self.board[sq.index()] = 0;
        self.occupied[piece.color.index()].clear(sq);
        self.royals[piece.color.index()].clear(sq);
        Some(piece)
    }

    pub(crate) fn add_to_reserve(&mut self, color: Color, kind: KindId) {
        let reserve = &mut self.reserves[color.index()];
        match reserve.iter_mut().find(|(k, _)| *k == kind) {
            Some(entry) => entry.1 += 1,
            None => reserve.push((kind, 1)),
        }
    }

    pub(crate) fn take_from_reserve(&mut self, color: Color, kind: KindId) -> bool {
        let reserve = &mut self.reserves[color.index()];
        let Some(i) = reserve.iter().position(|(k, _)| *k == kind) else {
            return false;
        };
        reserve[i].1 -= 1;
        if reserve[i].1 == 0 {
            reserve.remove(i);
        }
        true
    }

    /// Parse a position string under the given rules.
    pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side, treasuries, reserves, designs, ply] = fields[..] else {
            return Err(PositionError::FieldCount(fields.len()));
        };
        let mut pos = Position::empty(rules);
        pos.parse_board(board)?;
        pos.to_move = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(PositionError::Side(other.to_string())),
        };
        let bad_treasuries = || PositionError::Treasuries(treasuries.to_string());
        let (w, b) = treasuries.split_once('/').ok_or_else(bad_treasuries)?;
        pos.treasuries = [
            w.parse().map_err(|_| bad_treasuries())?,
            b.parse().map_err(|_| bad_treasuries())?,
        ];
        let (w, b) = reserves
            .split_once('/')
            .ok_or_else(|| PositionError::Reserves(reserves.to_string()))?;
        for (color, list) in [(Color::White, w), (Color::Black, b)] {
            if list == "-" {
                continue;
            }
            for name in list.split(',') {
                let kind = pos.intern_text(name)?;
                pos.add_to_reserve(color, kind);
            }
        }
        let (w, b) = designs
            .split_once('/')
            .ok_or_else(|| PositionError::Designs(designs.to_string()))?;
        for (color, list) in [(Color::White, w), (Color::Black, b)] {
            let names: Vec<&str> = list.split(',').collect();
            if names.len() != 6 {
                return Err(PositionError::SlotCount {
                    color,
                    count: names.len(),
                });
            }
            for (i, name) in names.iter().enumerate() {
                let kind = pos.intern_text(name)?;
                let design = &pos.kind(kind).design;
                if pos.slots[color.index()][..i].contains(&kind) {
                    return Err(PositionError::RepeatedSlot {
                        color,
                        design: design.piece_name(),
                    });
                }
                if let Err(error) = price(
                    design,
                    pos.rules.ruleset.price_table(),
                    &pos.rules.proposals,
                ) {
                    return Err(PositionError::UnpricedSlot {
                        color,
                        design: design.piece_name(),
                        error,
                    });
                }
                pos.slots[color.index()][i] = kind;
            }
        }
        pos.ply = ply
            .parse()
            .ok()
            .filter(|&p| p >= 1)
            .ok_or_else(|| PositionError::Ply(ply.to_string()))?;
        Ok(pos)
    }

    fn intern_text(&mut self, text: &str) -> Result<KindId, PositionError> {
        let design = Design::parse_piece(text).map_err(|error| PositionError::BadDesign {
            text: text.to_string(),
            error,
        })?;
        self.intern(&design).ok_or(PositionError::TooManyDesigns)
    }

    fn parse_board(&mut self, board: &str) -> Result<(), PositionError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(PositionError::RankCount(ranks.len()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 8 - i as u8;
            // Each square: the piece's colour, its text, and whether that was in brackets.
            let mut squares: Vec<Option<(Color, String, bool)>> = Vec::new();
            let mut chars = text.chars();
            while let Some(c) = chars.next() {
                match c {
                    '1'..='8' => squares.extend((0..c as u8 - b'0').map(|_| None)),
                    '(' | '[' => {
                        let (close, color) = if c == '(' {
                            (')', Color::White)
                        } else {
                            (']', Color::Black)
                        };
                        let mut depth = 1;
                        let mut inner = String::new();
                        for d in chars.by_ref() {
                            depth += (d == c) as i32 - (d == close) as i32;
                            if depth == 0 {
                                break;
                            }
                            inner.push(d);
                        }
                        if depth != 0 {
                            return Err(PositionError::Unclosed { open: c, rank });
                        }
                        squares.push(Some((color, inner, true)));
                    }
                    c if Fide::from_letter(c).is_some() => {
                        let color = if c.is_ascii_uppercase() {
                            Color::White
                        } else {
                            Color::Black
                        };
                        squares.push(Some((color, c.to_ascii_uppercase().to_string(), false)));
                    }
                    piece => return Err(PositionError::UnknownPiece { piece, rank }),
                }
            }
            if squares.len() != 8 {
                return Err(PositionError::RankWidth {
                    rank,
                    squares: squares.len(),
                });
            }
            for (file, square) in squares.into_iter().enumerate() {
                if let Some((color, name, bracketed)) = square {
                    let kind = if bracketed {
                        self.intern_design(&name)?
                    } else {
                        self.intern_text(&name)?
                    };
                    let sq = Square::new(file as u8, rank - 1).expect("8 files, 8 ranks");
                    self.put(sq, Piece { color, kind });
                }
            }
        }
        Ok(())
    }

    /// A design in parentheses or brackets: always a design, so `(K)` is the non-royal WF.
    fn intern_design(&mut self, text: &str) -> Result<KindId, PositionError> {
        let design = Design::parse(text).map_err(|error| PositionError::BadDesign {
            text: text.to_string(),
            error,
        })?;
        self.intern(&design).ok_or(PositionError::TooManyDesigns)
    }
}

impl fmt::Display for Position {
    /// The position string of RULES.md section 9.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let sq = Square::new(file, rank).expect("on the board");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some((color, design)) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        match (design.fide(), color) {
                            (Some(fide), Color::White) => write!(f, "{}", fide.letter())?,
                            (Some(fide), Color::Black) => {
                                write!(f, "{}", fide.letter().to_ascii_lowercase())?
                            }
                            (None, Color::White) => write!(f, "({design})")?,
                            (None, Color::Black) => write!(f, "[{design}]")?,
                        }
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {}/{} ",
            self.to_move.letter(),
            self.treasuries[0],
            self.treasuries[1]
        )?;
        for color in Color::ALL {
            let names: Vec<String> = self.reserves[color.index()]
                .iter()
                .flat_map(|&(k, n)| {
                    std::iter::repeat_n(self.kind(k).design.piece_name(), n as usize)
                })
                .collect();
            if names.is_empty() {
                f.write_str("-")?;
            } else {
                f.write_str(&names.join(","))?;
            }
            f.write_str(if color == Color::White { "/" } else { " " })?;
        }
        for color in Color::ALL {
            let names: Vec<String> = self.slots(color).iter().map(|d| d.piece_name()).collect();
            f.write_str(&names.join(","))?;
            f.write_str(if color == Color::White { "/" } else { " " })?;
        }
        write!(f, "{}", self.ply)
    }
}
