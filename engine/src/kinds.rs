//! Piece kinds: the designs present in a position, each with move tables precomputed once
//! per colour so move generation is table lookups and ray scans.

use crate::atom::Leap;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::design::{Design, Mode, Prefix, Step};
use crate::money::Zorkmids;
use crate::price::price;
use crate::ruleset::Rules;
use crate::square::Square;
use std::sync::Arc;

/// Index of a design in a position's kind table.
pub type KindId = u8;

/// At most this many distinct designs at once: 32 pieces and 12 slots fit with room to spare.
pub const MAX_KINDS: usize = 64;

/// A ridden direction: every square along it, and which end is nearest the start.
#[derive(Clone, Debug)]
pub struct Ray {
    pub mode: Mode,
    /// Squares along the ray from each start square (start excluded).
    pub squares: Box<[Bitboard; 64]>,
    /// Whether square indices grow along the ray, so the nearest blocker is the lowest bit.
    pub ascending: bool,
}

/// A lame leap from one square: the target, the squares that must be empty, the mode.
#[derive(Clone, Copy, Debug)]
pub struct LameLeap {
    pub to: Square,
    pub path: Bitboard,
    pub mode: Mode,
}

/// One design's moves for one colour.
#[derive(Clone, Debug)]
pub struct MoveTables {
    /// Plain leaps that may go to an empty square.
    pub leap_move: [Bitboard; 64],
    /// Plain leaps that may capture.
    pub leap_capture: [Bitboard; 64],
    pub rays: Vec<Ray>,
    pub lame: Vec<Vec<LameLeap>>,
    /// Lame riders: every hop of the ride is lame. Rare, so walked square by square.
    pub lame_rides: Vec<Step>,
    /// Every square the design could move or capture to from each square on an empty
    /// board: a superset of its targets and attacks on any board, so most pieces are ruled
    /// out of a check or an attack on a square with one lookup.
    pub reach: [Bitboard; 64],
}

#[derive(Clone, Debug)]
pub struct Kind {
    pub design: Design,
    pub royal: bool,
    /// The unofficial prefixes (RULES.md section 5.1), looked up once.
    pub shooting: bool,
    pub relay: bool,
    pub doublemove: bool,
    /// What a piece of this design costs under the game's rules, if it has a price.
    pub cost: Option<Zorkmids>,
    pub tables: [MoveTables; 2],
}

impl Kind {
    pub fn new(design: Design, rules: &Rules) -> Kind {
        let tables = [
            MoveTables::new(&design, Color::White),
            MoveTables::new(&design, Color::Black),
        ];
        Kind {
            royal: design.is_royal(),
            shooting: design.has_prefix(Prefix::Shooting),
            relay: design.has_prefix(Prefix::Relay),
            doublemove: design.has_prefix(Prefix::DoubleMove),
            cost: cost(&design, rules),
            design,
            tables,
        }
    }

    /// Whether the piece does more than its moves say: shoots, relays or moves twice.
    pub fn is_special(&self) -> bool {
        self.shooting || self.relay || self.doublemove
    }
}

fn cost(design: &Design, rules: &Rules) -> Option<Zorkmids> {
    price(design, rules.ruleset.price_table(), &rules.proposals)
        .ok()
        .map(|p| p.cost)
}

impl MoveTables {
    fn new(design: &Design, color: Color) -> MoveTables {
        let mut t = MoveTables {
            leap_move: [Bitboard::EMPTY; 64],
            leap_capture: [Bitboard::EMPTY; 64],
            rays: Vec::new(),
            lame: vec![Vec::new(); 64],
            lame_rides: Vec::new(),
            reach: [Bitboard::EMPTY; 64],
        };
        for step in design.steps(color) {
            match (step.rider, step.lame) {
                (false, false) => {
                    for sq in Square::all() {
                        if let Some(to) = sq.offset(step.dx, step.dy) {
                            if step.mode.can_move() {
                                t.leap_move[sq.index()].set(to);
                            }
                            if step.mode.can_capture() {
                                t.leap_capture[sq.index()].set(to);
                            }
                        }
                    }
                }
                (true, false) => t.rays.push(Ray::new(step)),
                (false, true) => {
                    let path = Leap::lame_path(step.dx, step.dy);
                    for sq in Square::all() {
                        if let Some(to) = sq.offset(step.dx, step.dy) {
                            let mut mask = Bitboard::EMPTY;
                            for &(x, y) in &path {
                                mask.set(
                                    sq.offset(x, y)
                                        .expect("a leap's path lies between its ends"),
                                );
                            }
                            t.lame[sq.index()].push(LameLeap {
                                to,
                                path: mask,
                                mode: step.mode,
                            });
                        }
                    }
                }
                (true, true) => t.lame_rides.push(step),
            }
        }
        for sq in Square::all() {
            t.reach[sq.index()] =
                t.attacks(sq, Bitboard::EMPTY) | t.targets(sq, Bitboard::EMPTY, Bitboard::EMPTY);
        }
        t
    }
}

impl Ray {
    fn new(step: Step) -> Ray {
        let mut squares = Box::new([Bitboard::EMPTY; 64]);
        for sq in Square::all() {
            let mut at = sq;
            while let Some(next) = at.offset(step.dx, step.dy) {
                squares[sq.index()].set(next);
                at = next;
            }
        }
        Ray {
            mode: step.mode,
            squares,
            ascending: step.dy > 0 || (step.dy == 0 && step.dx > 0),
        }
    }

    /// The squares this ray reaches from `from` given the occupancy: every empty square up to
    /// the first occupied one, which is included.
    pub fn reach(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let ray = self.squares[from.index()];
        let blockers = ray & occupied;
        let nearest = if self.ascending {
            blockers.first()
        } else {
            blockers.last()
        };
        match nearest {
            Some(b) => ray & !self.squares[b.index()],
            None => ray,
        }
    }
}

/// The kinds of a position. Shared between copies of a position; a new design copies it.
#[derive(Clone, Debug, Default)]
pub struct Kinds {
    kinds: Vec<Arc<Kind>>,
    /// Some kind has an unofficial prefix, so the general move generator is needed.
    special: bool,
    /// Some kind relays: only then can a piece hold moves other than its own.
    relay: bool,
}

impl Kinds {
    /// How many kinds the table holds; their ids are 0..len.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn get(&self, id: KindId) -> &Kind {
        &self.kinds[id as usize]
    }

    pub fn find(&self, design: &Design) -> Option<KindId> {
        self.kinds
            .iter()
            .position(|k| k.design == *design)
            .map(|i| i as KindId)
    }

    /// The id of a design, adding it if new. None when the table is full.
    pub fn intern(&mut self, design: &Design, rules: &Rules) -> Option<KindId> {
        if let Some(id) = self.find(design) {
            return Some(id);
        }
        if self.kinds.len() >= MAX_KINDS {
            return None;
        }
        let kind = Kind::new(design.clone(), rules);
        self.special |= kind.is_special();
        self.relay |= kind.relay;
        self.kinds.push(Arc::new(kind));
        Some((self.kinds.len() - 1) as KindId)
    }

    /// Whether some kind shoots, relays or moves twice.
    pub fn any_special(&self) -> bool {
        self.special
    }

    /// Whether some kind relays.
    pub fn any_relay(&self) -> bool {
        self.relay
    }

    /// Prices again after the rules changed (a proposal was agreed).
    pub fn reprice(&mut self, rules: &Rules) {
        for k in &mut self.kinds {
            let mut kind = (**k).clone();
            kind.cost = cost(&kind.design, rules);
            *k = Arc::new(kind);
        }
    }
}
