//! A position's representation: the board, reserves, treasuries, design slots, side to move
//! and ply, the kind table, and their accessors.

use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::{Design, Fide};
use crate::kinds::{Kind, KindId, Kinds};
use crate::money::Zorkmids;
use crate::price::price;
use crate::ruleset::Rules;
use crate::square::Square;
use arrayvec::ArrayVec;
use std::sync::Arc;

/// Most pieces a side may own, board and reserve together, royal pieces included.
pub const MAX_PIECES: u32 = 16;

/// A side's reserve: (kind, count) entries; never more kinds than a side may own pieces.
pub(crate) type Reserve = ArrayVec<(KindId, u32), { MAX_PIECES as usize }>;

/// A piece on the board: its side and the kind-table entry of its design.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub(crate) color: Color,
    pub(crate) kind: KindId,
}

impl Piece {
    #[inline]
    fn code(self) -> u8 {
        1 + self.kind * 2 + self.color as u8
    }

    #[inline]
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

/// A legal position (RULES.md section 1): the board, both reserves, treasuries and design
/// slots, the side to move and the ply, under a game's rules. Built only by
/// [`Position::start`] and [`Position::from_setup`], so every invariant those check holds:
/// at most [`MAX_PIECES`] a side, six different priced slots a side, a royal piece on the
/// board for each side. Copies share the kind table until one of them adds a design.
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) kinds: Arc<Kinds>,
    pub(crate) board: [u8; 64],
    pub(crate) occupied: [Bitboard; 2],
    pub(crate) royals: [Bitboard; 2],
    /// Reserve pieces by kind, in the order each kind first arrived. Inline, so copying a
    /// position (as a search does for drops and buys) allocates nothing.
    pub(crate) reserves: [Reserve; 2],
    pub(crate) treasuries: [Zorkmids; 2],
    pub(crate) slots: [[KindId; 6]; 2],
    pub(crate) to_move: Color,
    pub(crate) ply: u32,
    /// Impassable squares of a fog game (RULES.md section 8); empty otherwise.
    pub(crate) terrain: Bitboard,
    /// Whether the general move generator is needed; kept, not recomputed, because the fast
    /// generator asks at every node.
    pub(crate) general: bool,
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

    pub(super) fn empty(rules: Rules) -> Position {
        let mut pos = Position {
            rules: Arc::new(rules),
            kinds: Arc::new(Kinds::default()),
            board: [0; 64],
            occupied: [Bitboard::EMPTY; 2],
            royals: [Bitboard::EMPTY; 2],
            reserves: [Reserve::new(), Reserve::new()],
            treasuries: [Zorkmids::ZERO; 2],
            slots: [[0; 6]; 2],
            to_move: Color::White,
            ply: 1,
            terrain: Bitboard::EMPTY,
            general: false,
        };
        pos.refresh_general();
        pos
    }

    /// The rules the position is played under: ruleset, options, agreed proposals.
    #[inline]
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The impassable squares of a fog game (RULES.md section 8); empty in other games.
    #[inline]
    pub fn terrain(&self) -> Bitboard {
        self.terrain
    }

    /// Whether the general move generator is needed: some design shoots, relays or moves
    /// twice, there is terrain, or check rules are off (fog). Otherwise the fast one serves.
    #[inline]
    pub(crate) fn is_general(&self) -> bool {
        self.general
    }

    /// Work out again whether the general generator is needed, after the rules, the
    /// terrain or the kind table changed.
    pub(crate) fn refresh_general(&mut self) {
        self.general =
            self.rules.options.fog || self.terrain.nonempty() || self.kinds.any_special();
    }

    /// The side whose turn is next.
    #[inline]
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The ply of the turn about to be played (1 = White's first turn).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The treasury as it stands before the mover's credit phase.
    #[inline]
    pub fn treasury(&self, color: Color) -> Zorkmids {
        self.treasuries[color.index()]
    }

    #[inline]
    pub(crate) fn kind(&self, id: KindId) -> &Kind {
        self.kinds.get(id)
    }

    #[inline]
    pub(crate) fn piece(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// The piece on a square: its side and design.
    #[inline]
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

    /// The squares a side's pieces stand on.
    #[inline]
    pub fn occupied(&self, color: Color) -> Bitboard {
        self.occupied[color.index()]
    }

    /// Royal pieces of a side on the board.
    #[inline]
    pub fn royals(&self, color: Color) -> Bitboard {
        self.royals[color.index()]
    }

    /// Reserve pieces with their counts, in the order each design first arrived.
    pub fn reserve(&self, color: Color) -> Vec<(Design, u32)> {
        self.reserves[color.index()]
            .iter()
            .map(|&(k, n)| (self.kind(k).design.clone(), n))
            .collect()
    }

    #[inline]
    pub(crate) fn reserve_count(&self, color: Color) -> u32 {
        self.reserves[color.index()].iter().map(|&(_, n)| n).sum()
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
        let mut id = Arc::make_mut(&mut self.kinds).intern(design, &self.rules);
        if id.is_none() {
            self.compact();
            id = Arc::make_mut(&mut self.kinds).intern(design, &self.rules);
        }
        self.refresh_general();
        id
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
        self.refresh_general();
    }

    pub(crate) fn set_rules(&mut self, rules: Rules) {
        Arc::make_mut(&mut self.kinds).reprice(&rules);
        self.rules = Arc::new(rules);
        self.refresh_general();
    }

    #[inline]
    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.board[sq.index()] = piece.code();
        self.occupied[piece.color.index()].set(sq);
        if self.kind(piece.kind).royal {
            self.royals[piece.color.index()].set(sq);
        }
    }

    #[inline]
    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece(sq)?;
        self.board[sq.index()] = 0;
        self.occupied[piece.color.index()].clear(sq);
        self.royals[piece.color.index()].clear(sq);
        Some(piece)
    }

    #[inline]
    pub(crate) fn add_to_reserve(&mut self, color: Color, kind: KindId) {
        let reserve = &mut self.reserves[color.index()];
        match reserve.iter_mut().find(|(k, _)| *k == kind) {
            Some(entry) => entry.1 += 1,
            None => reserve.push((kind, 1)),
        }
    }

    #[inline]
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
}
