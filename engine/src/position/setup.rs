//! A position as written, before any rule is checked (shakmaty's `Setup`): what a position
//! string, a record's Start tag and a stored game produce. [`Position::from_setup`] is the
//! only way from here to a [`Position`], and it checks everything RULES.md sections 1-3 ask.
//! The position string itself (RULES.md section 9) is read and written here too.

use super::state::{Piece, Position, MAX_PIECES};
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::{Design, Fide};
use crate::money::Zorkmids;
use crate::notation::NotationError;
use crate::price::{price, PriceError};
use crate::ruleset::Rules;
use crate::square::Square;
use rust_decimal::Decimal;
use std::fmt;
use std::str::FromStr;

/// A position that is not necessarily legal: any board, reserves, treasuries, slots and ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`] (a1 = 0).
    pub board: [Option<(Color, Design)>; 64],
    /// The side whose turn is next.
    pub to_move: Color,
    /// Treasuries by [`Color::index`], before the mover's credit phase.
    pub treasuries: [Zorkmids; 2],
    /// Reserve pieces by [`Color::index`]: each design with how many of it.
    pub reserves: [Vec<(Design, u32)>; 2],
    /// Design slots by [`Color::index`], in slot order (a legal position has six a side).
    pub slots: [Vec<Design>; 2],
    /// The ply of the turn about to be played (1 = White's first turn).
    pub ply: u32,
    /// A fog game's impassable squares (the position string's seventh field).
    pub terrain: Bitboard,
}

/// Treasuries stay below this many zorkmids either way: far above any game's money, and far
/// below where income, buying or plunder could overflow the decimal arithmetic.
pub const TREASURY_LIMIT: i64 = 1_000_000_000_000_000;

/// Why a text is not a position string, or why what it describes is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The text doesn't have the six space-separated fields (seven with fog terrain).
    #[error("a position string has 6 fields separated by spaces (board, side, treasuries, reserves, designs, ply), and a fog game a 7th (impassable squares); this one has {0}")]
    FieldCount(usize),
    /// The terrain field is not a list of squares.
    #[error("'{0}' is not a list of impassable squares: write squares separated by commas, such as b3,c4,f3,c6,f5,g6")]
    Terrain(String),
    /// The board field doesn't have eight ranks.
    #[error("the board needs 8 ranks separated by '/'; found {0}")]
    RankCount(usize),
    /// A rank describes more or fewer than eight squares.
    #[error("rank {rank} has {squares} squares; every rank needs exactly 8")]
    RankWidth {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many squares it describes.
        squares: usize,
    },
    /// A character on the board is no piece letter, digit or bracket.
    #[error("'{piece}' on rank {rank} is not a piece: use KQRBNP for White, kqrbnp for Black, (design) for other White pieces and [design] for other Black ones")]
    UnknownPiece {
        /// The character.
        piece: char,
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A `(` or `[` on the board is never closed.
    #[error("an unclosed '{open}' on rank {rank}: close it with {}", if *.open == '(' { ')' } else { ']' })]
    Unclosed {
        /// The opening bracket.
        open: char,
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A piece, reserve entry or slot is not a design.
    #[error("'{text}' is not a design: {error}")]
    BadDesign {
        /// The text as written.
        text: String,
        /// What is wrong with it.
        error: NotationError,
    },
    /// The side to move is not `w` or `b`.
    #[error("the side to move is w or b, not '{0}'")]
    Side(String),
    /// The treasuries field is not two amounts.
    #[error("'{0}' is not two treasuries: write WHITE/BLACK, such as 3/0.5")]
    Treasuries(String),
    /// The reserves field is not two lists.
    #[error(
        "'{0}' is not two reserves: write WHITE/BLACK, each a comma-separated list of designs or -"
    )]
    Reserves(String),
    /// The designs field is not two lists.
    #[error("'{0}' is not two design lists: write WHITE/BLACK, each exactly six comma-separated designs")]
    Designs(String),
    /// The ply is not a whole number.
    #[error("'{0}' is not a ply: write a whole number from 1")]
    Ply(String),
    /// The text is well formed, but the position breaks the rules: every problem found.
    #[error("{}", join(.0))]
    Illegal(Vec<Illegal>),
}

/// One way a [`Setup`] breaks the rules.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// A side doesn't have exactly six design slots.
    #[error("{color} has {count} designs; each side has exactly 6")]
    SlotCount {
        /// The side.
        color: Color,
        /// How many it has.
        count: usize,
    },
    /// Two of a side's slots hold equal designs.
    #[error("{color}'s design {design} appears more than once; the six slots must all differ")]
    RepeatedSlot {
        /// The side.
        color: Color,
        /// The design's name.
        design: String,
    },
    /// A slot holds a design with no price under the game's rules.
    #[error("{color}'s design {design} can't be priced: {error}")]
    UnpricedSlot {
        /// The side.
        color: Color,
        /// The design's name.
        design: String,
        /// Why it has no price.
        error: PriceError,
    },
    /// A side owns more than [`MAX_PIECES`], board and reserve together.
    #[error("{color} has {count} pieces on the board and in reserve; a side owns at most {MAX_PIECES}, royal pieces included: remove some")]
    TooManyPieces {
        /// The side.
        color: Color,
        /// How many it has.
        count: u64,
    },
    /// A side has no royal piece on the board (RULES.md section 3: it would have lost).
    #[error("{0} has no royal piece on the board: put its king there (K for White, k for Black)")]
    NoRoyal(Color),
    /// The side that just moved left its only royal piece in check.
    #[error("{color}'s {royal} is in check while it is {}'s turn: with one royal piece a turn can't end in check; change the board or the side to move", !*.color)]
    WaitingInCheck {
        /// The side not to move.
        color: Color,
        /// Its royal piece, as in "king on e1".
        royal: String,
    },
    /// A treasury is below zero without the plunder option.
    #[error("{color}'s treasury is {amount}: only the plunder option makes a treasury negative; write 0 or more")]
    NegativeTreasury {
        /// The side.
        color: Color,
        /// The treasury.
        amount: Zorkmids,
    },
    /// A treasury too large to play with.
    #[error(
        "{color}'s treasury {amount} is out of range: write less than {TREASURY_LIMIT} either way"
    )]
    TreasuryOutOfRange {
        /// The side.
        color: Color,
        /// The treasury.
        amount: Zorkmids,
    },
    /// Impassable squares in a game that is not a fog game.
    #[error("the position has impassable squares, but only fog games have them: add the fog option or drop the 7th field")]
    TerrainWithoutFog,
    /// A piece on an impassable square.
    #[error("{0} is impassable but holds a piece: no piece can stand there")]
    PieceOnTerrain(Square),
    /// Ply 0: turns count from 1.
    #[error("the ply is 0: White's first turn is ply 1")]
    PlyZero,
    /// A design with an unofficial prefix (RULES.md section 5) under rules without the
    /// unofficial option, which a game would refuse as a redesign.
    #[error("{design} has the {prefix}- prefix, which is unofficial: add the unofficial option to play it")]
    Unofficial {
        /// The design, as the position names it.
        design: String,
        /// The prefix's word, such as doublemove.
        prefix: &'static str,
    },
}

/// At most 32 pieces and 12 slots once the counts are checked: every design fits the table.
fn intern(pos: &mut Position, design: &Design) -> crate::kinds::KindId {
    pos.intern(design)
        .expect("32 pieces and 12 slots fit the kind table")
}

fn join(problems: &[Illegal]) -> String {
    problems
        .iter()
        .map(Illegal::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}

impl Setup {
    /// Each design, on the board, in a reserve or in a slot, with an unofficial prefix,
    /// once.
    fn unofficial_designs(&self) -> Vec<Illegal> {
        let board = self.board.iter().flatten().map(|(_, design)| design);
        let reserves = self.reserves.iter().flatten().map(|(design, _)| design);
        let slots = self.slots.iter().flatten();
        let mut seen: Vec<&Design> = Vec::new();
        let mut problems = Vec::new();
        for design in board.chain(reserves).chain(slots) {
            if seen.contains(&design) {
                continue;
            }
            seen.push(design);
            if let Some(prefix) = design.unofficial_prefix() {
                problems.push(Illegal::Unofficial {
                    design: design.piece_name(),
                    prefix: prefix.word(),
                });
            }
        }
        problems
    }

    /// Pieces a side owns, board and reserve together; never wraps, whatever the counts.
    pub fn piece_count(&self, color: Color) -> u64 {
        let board = self
            .board
            .iter()
            .flatten()
            .filter(|(c, _)| *c == color)
            .count() as u64;
        self.reserves[color.index()]
            .iter()
            .fold(board, |sum, (_, n)| sum.saturating_add(u64::from(*n)))
    }

    /// The problems that must be ruled out before a position can be built at all: slots to
    /// fill and pieces to fit in the kind table.
    fn shape_problems(&self) -> Vec<Illegal> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let count = self.slots[color.index()].len();
            if count != 6 {
                problems.push(Illegal::SlotCount { color, count });
            }
            let count = self.piece_count(color);
            if count > u64::from(MAX_PIECES) {
                problems.push(Illegal::TooManyPieces { color, count });
            }
        }
        problems
    }

    /// Treasuries out of range, or negative in a game without plunder.
    fn treasury_problems(&self, rules: &Rules) -> Vec<Illegal> {
        let limit = Decimal::from(TREASURY_LIMIT);
        let mut problems = Vec::new();
        for color in Color::ALL {
            let amount = self.treasuries[color.index()];
            if amount.0.abs() >= limit {
                problems.push(Illegal::TreasuryOutOfRange { color, amount });
            } else if amount.is_negative() && !rules.options.plunder {
                problems.push(Illegal::NegativeTreasury { color, amount });
            }
        }
        problems
    }
}

impl Position {
    /// Check a setup against the rules and build the position: at most [`MAX_PIECES`] a side
    /// (board and reserve), six different priced designs a side, a royal piece on the board
    /// for each side, the side not to move not left in check with its only royal, a ply from
    /// 1 and treasuries in range. Every problem found is reported at once.
    pub fn from_setup(setup: Setup, rules: Rules) -> Result<Position, PositionError> {
        let problems = setup.shape_problems();
        if !problems.is_empty() {
            return Err(PositionError::Illegal(problems));
        }
        let mut problems = setup.treasury_problems(&rules);
        if setup.ply == 0 {
            problems.push(Illegal::PlyZero);
        }
        let mut pos = Position::empty(rules);
        for (index, square) in setup.board.iter().enumerate() {
            if let Some((color, design)) = square {
                let kind = intern(&mut pos, design);
                pos.put(
                    Square::from_index(index),
                    Piece {
                        color: *color,
                        kind,
                    },
                );
            }
        }
        for color in Color::ALL {
            // An entry of none adds no piece, and no design to the kind table either.
            for (design, count) in setup.reserves[color.index()].iter().filter(|(_, n)| *n > 0) {
                let kind = intern(&mut pos, design);
                for _ in 0..*count {
                    pos.add_to_reserve(color, kind);
                }
            }
            for (i, design) in setup.slots[color.index()].iter().enumerate() {
                let kind = intern(&mut pos, design);
                let repeated = Illegal::RepeatedSlot {
                    color,
                    design: design.piece_name(),
                };
                // Said once however often it repeats (six P slots are one mistake).
                if pos.slots[color.index()][..i].contains(&kind) && !problems.contains(&repeated) {
                    problems.push(repeated);
                }
                if let Err(error) = price(
                    design,
                    pos.rules.ruleset.price_table(),
                    &pos.rules.proposals,
                ) {
                    problems.push(Illegal::UnpricedSlot {
                        color,
                        design: design.piece_name(),
                        error,
                    });
                }
                pos.slots[color.index()][i] = kind;
            }
            pos.treasuries[color.index()] = setup.treasuries[color.index()];
        }
        if !pos.rules.options.unofficial {
            problems.extend(setup.unofficial_designs());
        }
        pos.to_move = setup.to_move;
        pos.ply = setup.ply;
        if setup.terrain.nonempty() && !pos.rules.options.fog {
            problems.push(Illegal::TerrainWithoutFog);
        }
        for sq in setup.terrain & (pos.occupied[0] | pos.occupied[1]) {
            problems.push(Illegal::PieceOnTerrain(sq));
        }
        pos.terrain = setup.terrain;
        pos.refresh_general();
        // Where a last royal piece can be captured (fog, doublemove), the side to move may
        // be without one: its opponent took it, and the game is over.
        let captures_royals = pos.rules.options.fog || pos.rules.options.unofficial;
        for color in Color::ALL {
            let lost = captures_royals && color == pos.to_move;
            if pos.royals(color).is_empty() && !lost {
                problems.push(Illegal::NoRoyal(color));
            }
        }
        let waiting = !pos.to_move;
        if let [royal] = pos.royals_in_check(waiting)[..] {
            if pos.royals(waiting).count() == 1 && !pos.rules.options.fog {
                problems.push(Illegal::WaitingInCheck {
                    color: waiting,
                    royal: pos.royal_name(royal),
                });
            }
        }
        if problems.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError::Illegal(problems))
        }
    }

    /// The position as a setup, for building variations of it.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: std::array::from_fn(|i| {
                self.piece_at(Square::from_index(i))
                    .map(|(color, design)| (color, design.clone()))
            }),
            to_move: self.to_move,
            treasuries: self.treasuries,
            reserves: Color::ALL.map(|c| self.reserve(c)),
            slots: Color::ALL.map(|c| self.slots(c).into_iter().cloned().collect()),
            ply: self.ply,
            terrain: self.terrain,
        }
    }

    /// Parse a position string (RULES.md section 9) and check it under the given rules.
    pub fn parse(text: &str, rules: Rules) -> Result<Position, PositionError> {
        Position::from_setup(text.parse()?, rules)
    }
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Read a position string's six fields, checking only that each is well formed.
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let (board, side, treasuries, reserves, designs, ply, terrain) = match fields[..] {
            [b, s, t, r, d, p] => (b, s, t, r, d, p, None),
            [b, s, t, r, d, p, terrain] => (b, s, t, r, d, p, Some(terrain)),
            _ => return Err(PositionError::FieldCount(fields.len())),
        };
        let terrain = terrain.map_or(Ok(Bitboard::EMPTY), read_terrain)?;
        let to_move = match side {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(PositionError::Side(other.to_string())),
        };
        let bad_treasuries = || PositionError::Treasuries(treasuries.to_string());
        let (w, b) = treasuries.split_once('/').ok_or_else(bad_treasuries)?;
        let treasuries = [
            w.parse().map_err(|_| bad_treasuries())?,
            b.parse().map_err(|_| bad_treasuries())?,
        ];
        let (w, b) = reserves
            .split_once('/')
            .ok_or_else(|| PositionError::Reserves(reserves.to_string()))?;
        let reserves = [read_reserve(w)?, read_reserve(b)?];
        let (w, b) = designs
            .split_once('/')
            .ok_or_else(|| PositionError::Designs(designs.to_string()))?;
        let slots = [read_list(w)?, read_list(b)?];
        let ply = ply
            .parse()
            .map_err(|_| PositionError::Ply(ply.to_string()))?;
        Ok(Setup {
            board: read_board(board)?,
            to_move,
            treasuries,
            reserves,
            slots,
            ply,
            terrain,
        })
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
        write!(f, "{}", self.ply)?;
        if self.terrain.nonempty() {
            write!(f, " {}", square_list(self.terrain))?;
        }
        Ok(())
    }
}

/// Squares comma-separated, a1 first: the terrain field and the Terrain tag.
pub(crate) fn square_list(squares: Bitboard) -> String {
    squares.map(|sq| sq.name()).collect::<Vec<_>>().join(",")
}

/// A terrain list: squares separated by commas.
pub(crate) fn read_terrain(list: &str) -> Result<Bitboard, PositionError> {
    list.split(',')
        .map(|sq| sq.parse::<Square>())
        .collect::<Result<Bitboard, _>>()
        .map_err(|_| PositionError::Terrain(list.to_string()))
}

/// A piece, reserve or slot name: a FIDE letter, or any design.
fn read_design(text: &str) -> Result<Design, PositionError> {
    Design::parse_piece(text).map_err(|error| PositionError::BadDesign {
        text: text.to_string(),
        error,
    })
}

/// A comma-separated list of designs.
fn read_list(list: &str) -> Result<Vec<Design>, PositionError> {
    list.split(',').map(read_design).collect()
}

/// A reserve list, `-` for none, counted by design in the order each first appears.
fn read_reserve(list: &str) -> Result<Vec<(Design, u32)>, PositionError> {
    let mut reserve: Vec<(Design, u32)> = Vec::new();
    if list == "-" {
        return Ok(reserve);
    }
    for design in read_list(list)? {
        match reserve.iter_mut().find(|(d, _)| *d == design) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => reserve.push((design, 1)),
        }
    }
    Ok(reserve)
}

fn read_board(board: &str) -> Result<[Option<(Color, Design)>; 64], PositionError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 8 {
        return Err(PositionError::RankCount(ranks.len()));
    }
    let mut squares: [Option<(Color, Design)>; 64] = std::array::from_fn(|_| None);
    for (i, text) in ranks.iter().enumerate() {
        let rank = 8 - i as u8;
        let pieces = read_rank(text, rank)?;
        if pieces.len() != 8 {
            return Err(PositionError::RankWidth {
                rank,
                squares: pieces.len(),
            });
        }
        for (file, piece) in pieces.into_iter().enumerate() {
            squares[usize::from(rank - 1) * 8 + file] = piece;
        }
    }
    Ok(squares)
}

/// One rank's squares, a-file first.
fn read_rank(text: &str, rank: u8) -> Result<Vec<Option<(Color, Design)>>, PositionError> {
    let mut squares = Vec::new();
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
                // In brackets a design is always Betza's notation, so `(K)` is the non-royal WF.
                let design = Design::parse(&inner).map_err(|error| PositionError::BadDesign {
                    text: inner.clone(),
                    error,
                })?;
                squares.push(Some((color, design)));
            }
            c => match Fide::from_letter(c) {
                Some(fide) => {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    squares.push(Some((color, fide.design())));
                }
                None => return Err(PositionError::UnknownPiece { piece: c, rank }),
            },
        }
    }
    Ok(squares)
}
