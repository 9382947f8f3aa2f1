//! Relay (RULES.md section 5.1): a friendly piece on a square a relay piece protects may
//! also move as the relay piece's design does. Powers pass one step only: what a relay piece
//! protects and passes on is its own design, never what was relayed to it.

use super::Powers;
use crate::bitboard::Bitboard;
use crate::kinds::KindId;
use crate::position::{Position, MAX_PIECES};
use crate::square::Square;
use arrayvec::ArrayVec;

impl Position {
    /// The move tables relayed to the piece on `sq`: those of every other friendly relay
    /// piece protecting it, each design once.
    pub(crate) fn relayed_to(&self, sq: Square) -> Powers<'_> {
        let mut powers = Powers::new();
        if !self.kinds.any_relay() {
            return powers;
        }
        let color = self.piece(sq).expect("a piece stands there").color;
        let mut kinds: ArrayVec<KindId, { MAX_PIECES as usize }> = ArrayVec::new();
        for relay in self.occupied(color) {
            let kind = self.piece(relay).expect("occupied").kind;
            if relay != sq
                && self.kind(kind).relay
                && !kinds.contains(&kind)
                && self.protected_by(relay).contains(sq)
            {
                kinds.push(kind);
            }
        }
        powers.extend(
            kinds
                .into_iter()
                .map(|k| &self.kind(k).tables[color.index()]),
        );
        powers
    }

    /// Squares the relay piece on `from` protects: where its own design could capture if an
    /// enemy stood there, with either of its moves for a doublemove piece (no second move
    /// after a first that takes the opponent's last royal).
    pub(crate) fn protected_by(&self, from: Square) -> Bitboard {
        let piece = self.piece(from).expect("a piece stands there");
        let kind = self.kind(piece.kind);
        let tables = self.tables(piece);
        let blockers = self.blockers();
        let mut protected = tables.attacks(from, blockers);
        if kind.doublemove {
            let own = self.occupied(piece.color) | self.terrain;
            let enemy = self.occupied(!piece.color);
            let last_royal = self.royals(!piece.color);
            for via in tables.targets(from, own, enemy) {
                let via_bb = Bitboard::from_square(via);
                // Taking the opponent's last royal ends the action: no second move follows.
                if via_bb == last_royal {
                    continue;
                }
                // A shot removes its target and leaves the shooter; a move vacates `from`.
                let (at, occupied) = if kind.shooting && enemy.contains(via) {
                    (from, blockers ^ via_bb)
                } else {
                    (via, (blockers ^ Bitboard::from_square(from)) | via_bb)
                };
                protected |= tables.attacks(at, occupied);
            }
        }
        protected & !self.terrain
    }
}
