//! Legal actions: pseudo-legal moves from the kind tables, then check handled with attack
//! maps and pins generalised to any rider or lame leaper (only those can be blocked).

use crate::action::Action;
use crate::atom::Leap;
use crate::bitboard::Bitboard;
use crate::color::Color;
use crate::kinds::{KindId, MoveTables};
use crate::money::Zorkmids;
use crate::position::{Piece, Position, MAX_PIECES};
use crate::square::Square;
use arrayvec::ArrayVec;

/// Legal moves grouped by the square they start from: a side has at most [`MAX_PIECES`].
pub(crate) type Targets = ArrayVec<(Square, Bitboard), { MAX_PIECES as usize }>;

/// What check means for the side to move, worked out once per position.
pub(crate) struct Safety {
    /// The only royal piece, when check must be obeyed (exactly one royal on the board).
    pub royal: Option<Square>,
    /// Enemy pieces giving check to that royal.
    pub checkers: Bitboard,
    /// Squares a move may end on to answer a single check (capture or block).
    pub answers: Bitboard,
    /// Squares the enemy attacks with the royal lifted off the board.
    pub attacked: Bitboard,
    /// Pinned pieces and where each may still go.
    pub pins: ArrayVec<(Square, Bitboard), { MAX_PIECES as usize }>,
    /// Check can only be judged by playing each move (the enemy has lame riders).
    pub exact: bool,
}

impl MoveTables {
    /// Squares a piece here attacks (could capture on, whoever stands there).
    pub(crate) fn attacks(&self, from: Square, occupied: Bitboard) -> Bitboard {
        let mut a = self.leap_capture[from.index()];
        for ray in &self.rays {
            if ray.mode.can_capture() {
                a |= ray.reach(from, occupied);
            }
        }
        for leap in &self.lame[from.index()] {
            if leap.mode.can_capture() && (leap.path & occupied).is_empty() {
                a.set(leap.to);
            }
        }
        for step in &self.lame_rides {
            if step.mode.can_capture() {
                let (passed, end) = lame_ride(from, step.dx, step.dy, occupied);
                a |= passed | end;
            }
        }
        a
    }

    /// Squares a piece here may go to: empty ones by its move powers, enemy ones by its
    /// capture powers.
    pub(crate) fn targets(&self, from: Square, own: Bitboard, enemy: Bitboard) -> Bitboard {
        let occupied = own | enemy;
        let empty = !occupied;
        let i = from.index();
        let mut t = (self.leap_move[i] & empty) | (self.leap_capture[i] & enemy);
        for ray in &self.rays {
            let r = ray.reach(from, occupied);
            if ray.mode.can_move() {
                t |= r & empty;
            }
            if ray.mode.can_capture() {
                t |= r & enemy;
            }
        }
        for leap in &self.lame[i] {
            if (leap.path & occupied).is_empty() {
                let to = Bitboard::from_square(leap.to);
                if leap.mode.can_move() {
                    t |= to & empty;
                }
                if leap.mode.can_capture() {
                    t |= to & enemy;
                }
            }
        }
        for step in &self.lame_rides {
            let (passed, end) = lame_ride(from, step.dx, step.dy, occupied);
            if step.mode.can_move() {
                t |= passed;
            }
            if step.mode.can_capture() {
                t |= end & enemy;
            }
        }
        t
    }
}

impl MoveTables {
    /// The squares that stop this design's lame rides from `from`.
    pub(crate) fn lame_ride_stoppers(&self, from: Square, occupied: Bitboard) -> Bitboard {
        self.lame_rides.iter().fold(Bitboard::EMPTY, |acc, step| {
            acc | lame_ride(from, step.dx, step.dy, occupied).1
        })
    }
}

/// A lame ride: the empty squares it passes and the occupied square that stops it.
fn lame_ride(from: Square, dx: i8, dy: i8, occupied: Bitboard) -> (Bitboard, Bitboard) {
    let path = Leap::lame_path(dx, dy);
    let mut passed = Bitboard::EMPTY;
    let mut at = from;
    loop {
        let clear = path
            .iter()
            .all(|&(x, y)| at.offset(x, y).is_some_and(|s| !occupied.contains(s)));
        let Some(next) = at.offset(dx, dy).filter(|_| clear) else {
            return (passed, Bitboard::EMPTY);
        };
        if occupied.contains(next) {
            return (passed, Bitboard::from_square(next));
        }
        passed.set(next);
        at = next;
    }
}

impl Position {
    pub(crate) fn tables(&self, piece: Piece) -> &MoveTables {
        &self.kind(piece.kind).tables[piece.color.index()]
    }

    fn all_occupied(&self) -> Bitboard {
        self.occupied[0] | self.occupied[1]
    }

    /// Whether a side attacks a square.
    pub fn attacked_by(&self, sq: Square, by: Color) -> bool {
        if self.is_general() {
            return self.attacked_generally(sq, by);
        }
        let occupied = self.all_occupied();
        self.occupied(by).any(|from| {
            let tables = self.tables(self.piece(from).expect("occupied"));
            tables.reach[from.index()].contains(sq) && tables.attacks(from, occupied).contains(sq)
        })
    }

    /// A side's royal pieces on the board that are in check.
    pub fn royals_in_check(&self, color: Color) -> Vec<Square> {
        self.royals(color)
            .filter(|&r| self.attacked_by(r, !color))
            .collect()
    }

    pub(crate) fn safety(&self, us: Color) -> Safety {
        let royals = self.royals(us);
        let mut s = Safety {
            royal: None,
            checkers: Bitboard::EMPTY,
            answers: Bitboard::FULL,
            attacked: Bitboard::EMPTY,
            pins: ArrayVec::new(),
            exact: false,
        };
        if royals.count() != 1 {
            return s;
        }
        let king = royals.first().expect("one royal");
        let king_bb = Bitboard::from_square(king);
        s.royal = Some(king);
        let occupied = self.all_occupied();
        let lifted = occupied ^ king_bb;
        let own = self.occupied(us);
        let mut answers = Bitboard::FULL;
        // Only squares the royal could go to matter for `attacked`.
        let royal_reach = self.tables(self.piece(king).expect("a royal")).reach[king.index()];
        let relevant = royal_reach | king_bb;
        for from in self.occupied(!us) {
            let tables = self.tables(self.piece(from).expect("occupied"));
            if (tables.reach[from.index()] & relevant).is_empty() {
                // Lame rides can still be blocked on many paths: judge moves by playing them.
                s.exact |= !tables.lame_rides.is_empty();
                continue;
            }
            let attacks = tables.attacks(from, lifted);
            s.attacked |= attacks;
            // Lame rides can be blocked on many paths: test every move by playing it.
            s.exact |= !tables.lame_rides.is_empty();
            let from_bb = Bitboard::from_square(from);
            // Squares that block every route by which this piece checks: a piece may check
            // along several lines at once (R and DD on one file), and a block must stop all.
            let mut block = Bitboard::FULL;
            for ray in tables.rays.iter().filter(|r| r.mode.can_capture()) {
                if !ray.squares[from.index()].contains(king) {
                    continue;
                }
                let between = ray.squares[from.index()] & !ray.squares[king.index()] & !king_bb;
                let blockers = between & occupied;
                if blockers.is_empty() {
                    block &= between;
                } else if blockers.count() == 1 && (blockers & own).nonempty() {
                    pin(&mut s.pins, blockers, between | from_bb);
                }
            }
            for leap in &tables.lame[from.index()] {
                if leap.to != king || !leap.mode.can_capture() {
                    continue;
                }
                let blockers = leap.path & occupied;
                if blockers.is_empty() {
                    block &= leap.path;
                } else if blockers.count() == 1 && (blockers & own).nonempty() {
                    pin(&mut s.pins, blockers, leap.path | from_bb);
                }
            }
            if attacks.contains(king) {
                // A plain leap onto the royal can't be blocked, whatever else the piece does.
                if tables.leap_capture[from.index()].contains(king) {
                    block = Bitboard::EMPTY;
                }
                s.checkers |= from_bb;
                answers &= block | from_bb;
            }
        }
        s.answers = match s.checkers.count() {
            0 => Bitboard::FULL,
            1 => answers,
            _ => Bitboard::EMPTY,
        };
        s
    }

    /// Every legal move, grouped by the square it starts from.
    pub(crate) fn legal_move_targets(&self) -> Targets {
        let mut out = Targets::new();
        self.for_each_legal_target(|from, t| out.push((from, t)));
        out
    }

    /// Call `f` with each square holding a piece that can move and its legal targets: the
    /// one walk both listing and counting moves share, so counting copies no list.
    fn for_each_legal_target(&self, mut f: impl FnMut(Square, Bitboard)) {
        if self.has_lost() {
            return;
        }
        if self.is_general() {
            let mut out = Targets::new();
            for action in self.general_moves() {
                if let Action::Move { from, to } = action {
                    match out.iter_mut().find(|(f, _)| *f == from) {
                        Some((_, t)) => t.set(to),
                        None => out.push((from, Bitboard::from_square(to))),
                    }
                }
            }
            out.into_iter().for_each(|(from, t)| f(from, t));
            return;
        }
        let us = self.to_move;
        let safety = self.safety(us);
        let own = self.occupied(us);
        let enemy = self.occupied(!us);
        let pinned: Bitboard = safety.pins.iter().map(|&(sq, _)| sq).collect();
        // In double check only the royal may move.
        let movers = match (safety.royal, safety.answers.is_empty()) {
            (Some(royal), true) if !safety.exact => Bitboard::from_square(royal),
            _ => own,
        };
        for from in movers {
            let piece = self.piece(from).expect("occupied");
            let mut t = self.tables(piece).targets(from, own, enemy);
            if let Some(royal) = safety.royal {
                if safety.exact {
                    t = self.safe_targets(from, t, royal);
                } else if from == royal {
                    t &= !safety.attacked;
                } else {
                    t &= safety.answers;
                    if pinned.contains(from) {
                        let (_, allowed) = safety
                            .pins
                            .iter()
                            .find(|(p, _)| *p == from)
                            .expect("pinned");
                        t &= *allowed;
                    }
                }
            }
            if t.nonempty() {
                f(from, t);
            }
        }
    }

    /// The targets after which the royal is not attacked, found by playing each move on
    /// one copy and taking it back.
    fn safe_targets(&self, from: Square, targets: Bitboard, royal: Square) -> Bitboard {
        let us = self.to_move;
        let mut after = self.clone();
        let piece = after.remove(from).expect("a piece moves");
        let royal_at = |to| if from == royal { to } else { royal };
        targets
            .filter(|&to| {
                let captured = after.remove(to);
                after.put(to, piece);
                let safe = !after.attacked_by(royal_at(to), !us);
                after.remove(to);
                if let Some(captured) = captured {
                    after.put(to, captured);
                }
                safe
            })
            .collect()
    }

    /// Every legal two-move action of a doublemove piece as (from, first target, second
    /// target); a doublemove piece that stops after one move makes one of [`Self::legal_moves`].
    pub fn legal_double_moves(&self) -> Vec<(Square, Square, Square)> {
        if !self.kinds.any_special() {
            return Vec::new();
        }
        self.general_moves()
            .into_iter()
            .filter_map(|action| match action {
                Action::DoubleMove { from, via, to } => Some((from, via, to)),
                _ => None,
            })
            .collect()
    }

    /// Every legal one-move action as (from, to).
    pub fn legal_moves(&self) -> Vec<(Square, Square)> {
        self.legal_move_targets()
            .into_iter()
            .flat_map(|(from, t)| t.map(move |to| (from, to)))
            .collect()
    }

    /// Empty squares next to a royal piece of the side to move that is not in check.
    pub fn transfer_squares(&self) -> Bitboard {
        let us = self.to_move;
        let mut squares = Bitboard::EMPTY;
        for royal in self.royals(us) {
            if !self.attacked_by(royal, !us) {
                for sq in royal.neighbours() {
                    squares.set(sq);
                }
            }
        }
        squares & !self.blockers()
    }

    /// The treasury the mover spends from this turn: after the credit phase.
    pub fn funds(&self) -> Zorkmids {
        self.treasury(self.to_move) + self.rules.ruleset.income(self.ply)
    }

    /// Whether the mover may buy at all now (RULES.md section 2: not in check, under 16).
    pub(crate) fn may_buy(&self) -> bool {
        let us = self.to_move;
        !self.has_lost()
            && self.piece_count(us) < MAX_PIECES
            && self.royals(us).all(|r| !self.attacked_by(r, !us))
    }

    /// Whether the side to move has no royal piece on the board: its opponent took the
    /// last one, the game is over and it has no action (RULES.md 5.1).
    pub(crate) fn has_lost(&self) -> bool {
        self.royals(self.to_move).is_empty()
    }

    /// The slot designs the mover can price, with what each costs.
    fn priced_slots(&self) -> Vec<(KindId, Zorkmids)> {
        self.slots[self.to_move.index()]
            .iter()
            .filter_map(|&k| self.kind(k).cost.map(|c| (k, c)))
            .collect()
    }

    /// How many pieces one buy may take: all the room left in `progressive`, else one.
    pub(crate) fn buy_limit(&self) -> u32 {
        let room = MAX_PIECES - self.piece_count(self.to_move);
        if self.rules.ruleset.allows_multi_buy() {
            room
        } else {
            1
        }
    }

    /// Every collection of slot designs the mover may buy this turn: single designs, or in
    /// `progressive` every affordable multiset within the piece limit.
    pub(crate) fn buyable(&self) -> Vec<Vec<KindId>> {
        if !self.may_buy() {
            return Vec::new();
        }
        self.collections_within_funds()
    }

    /// Every collection of slot designs the mover can pay for within the piece limit.
    pub(crate) fn collections_within_funds(&self) -> Vec<Vec<KindId>> {
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        collections(
            &self.priced_slots(),
            0,
            self.funds(),
            self.buy_limit(),
            &mut chosen,
            &mut out,
        );
        out
    }

    /// Every collection of slot designs the mover can pay for within the piece limit,
    /// whether or not a royal piece is attacked: what a fog player may be offered.
    pub(crate) fn affordable(&self) -> Vec<Vec<crate::design::Design>> {
        if self.piece_count(self.to_move) >= MAX_PIECES {
            return Vec::new();
        }
        self.collections_within_funds()
            .into_iter()
            .map(|kinds| kinds.iter().map(|&k| self.kind(k).design.clone()).collect())
            .collect()
    }

    /// How many collections `buyable` would list, without listing them: late in a
    /// `progressive` game there can be tens of thousands.
    fn count_buyable(&self) -> u64 {
        if !self.may_buy() {
            return 0;
        }
        count_collections(&self.priced_slots(), 0, self.funds(), self.buy_limit())
    }

    /// Every legal action of the side to move. Under `power`, buying is not an action.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut actions = self.move_actions();
        actions.extend(self.transfers_and_buys());
        actions
    }

    /// Every legal move and double move as an action, generated once.
    pub(crate) fn move_actions(&self) -> Vec<Action> {
        if self.is_general() {
            return self.general_moves();
        }
        self.legal_moves()
            .into_iter()
            .map(|(from, to)| Action::Move { from, to })
            .collect()
    }

    /// The legal actions that are not moves: transfers, and buys unless under `power`.
    pub(crate) fn transfers_and_buys(&self) -> Vec<Action> {
        let mut actions = self.transfers();
        if self.is_general() {
            actions.retain(|action| self.keeps_royal_safe(action));
        }
        if !self.rules.options.power {
            for buy in self.buyable() {
                actions.push(Action::Buy(
                    buy.iter().map(|&k| self.kind(k).design.clone()).collect(),
                ));
            }
        }
        actions
    }

    /// The royal pieces of the side to move shown as in check: none in a fog game, where
    /// nobody is told (RULES.md section 8).
    pub(crate) fn checks_shown(&self) -> Vec<Square> {
        if self.rules.options.fog {
            return Vec::new();
        }
        self.royals_in_check(self.to_move)
    }

    /// Every transfer to a square next to a royal piece not in check, each reserve design
    /// once (check after the drop not yet judged).
    pub(crate) fn transfers(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        let squares = self.transfer_squares();
        for &(kind, _) in &self.reserves[self.to_move.index()] {
            let design = &self.kind(kind).design;
            actions.extend(squares.map(|to| Action::Transfer {
                design: design.clone(),
                to,
            }));
        }
        actions
    }

    /// How many legal actions the side to move has.
    pub fn count_legal_actions(&self) -> u64 {
        let (moves, transfers) = if self.is_general() {
            let transfers = self.transfers();
            let safe = transfers.iter().filter(|a| self.keeps_royal_safe(a));
            (self.general_moves().len() as u64, safe.count() as u64)
        } else {
            let mut moves = 0;
            self.for_each_legal_target(|_, t| moves += u64::from(t.count()));
            let reserve_kinds = self.reserves[self.to_move.index()].len() as u64;
            let transfers = if reserve_kinds == 0 {
                0
            } else {
                reserve_kinds * self.transfer_squares().count() as u64
            };
            (moves, transfers)
        };
        let buys = if self.rules.options.power {
            0
        } else {
            self.count_buyable()
        };
        moves + transfers + buys
    }
}

impl Position {
    /// Whether the side to move has a legal action: `count_legal_actions() != 0`, but it
    /// stops at the first action found. Every check mark asks it (`+` or `#`), so writing
    /// a list of checks costs one found reply per move, not the opponent's whole list.
    pub fn has_legal_action(&self) -> bool {
        self.has_legal_move() || self.has_legal_transfer() || self.has_legal_buy()
    }

    fn has_legal_move(&self) -> bool {
        if !self.is_general() {
            let mut any = false;
            self.for_each_legal_target(|_, t| any |= t.nonempty());
            return any;
        }
        if self.has_lost() {
            return false;
        }
        let mut candidates = Vec::new();
        self.occupied(self.to_move).any(|from| {
            candidates.clear();
            candidates.extend(
                self.single_targets(from)
                    .map(|to| Action::Move { from, to }),
            );
            if self
                .kind(self.piece(from).expect("occupied").kind)
                .doublemove
            {
                self.double_moves(from, &mut candidates);
            }
            candidates.iter().any(|a| self.keeps_royal_safe(a))
        })
    }

    fn has_legal_transfer(&self) -> bool {
        if self.reserves[self.to_move.index()].is_empty() || self.transfer_squares().is_empty() {
            return false;
        }
        !self.is_general() || self.transfers().iter().any(|a| self.keeps_royal_safe(a))
    }

    /// Whether one buy is possible: a collection within funds exists exactly when one
    /// design alone is within them.
    fn has_legal_buy(&self) -> bool {
        !self.rules.options.power
            && self.may_buy()
            && self.buy_limit() > 0
            && self
                .priced_slots()
                .iter()
                .any(|&(_, cost)| cost <= self.funds())
    }
}

/// How many multisets of `slots[start..]` of size 1..=max cost at most `funds`.
fn count_collections(slots: &[(KindId, Zorkmids)], start: usize, funds: Zorkmids, max: u32) -> u64 {
    if max == 0 {
        return 0;
    }
    slots[start..]
        .iter()
        .enumerate()
        .filter(|(_, (_, cost))| *cost <= funds)
        .map(|(i, &(_, cost))| 1 + count_collections(slots, start + i, funds - cost, max - 1))
        .sum()
}

/// Multisets of `slots[start..]` of size 1..=max costing at most `funds`.
fn collections(
    slots: &[(KindId, Zorkmids)],
    start: usize,
    funds: Zorkmids,
    max: u32,
    chosen: &mut Vec<KindId>,
    out: &mut Vec<Vec<KindId>>,
) {
    if chosen.len() as u32 == max {
        return;
    }
    for i in start..slots.len() {
        let (kind, cost) = slots[i];
        if cost <= funds {
            chosen.push(kind);
            out.push(chosen.clone());
            collections(slots, i, funds - cost, max, chosen, out);
            chosen.pop();
        }
    }
}

fn pin(
    pins: &mut ArrayVec<(Square, Bitboard), { MAX_PIECES as usize }>,
    blocker: Bitboard,
    allowed: Bitboard,
) {
    let sq = blocker.first().expect("one blocker");
    match pins.iter_mut().find(|(p, _)| *p == sq) {
        Some(entry) => entry.1 &= allowed,
        None => pins.push((sq, allowed)),
    }
}
