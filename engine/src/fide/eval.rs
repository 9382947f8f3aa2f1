//! The FIDE family's static evaluation, in centipawns for the side to move: material,
//! placement, mobility (counted with the moves the variants in force give each piece), pawn
//! structure and king safety, blended between middlegame and endgame by the material left.
//! What a variant changes is valued beside its rules (`worth` in `pieces`, `value` in
//! `stungun`, `fatigue`, `train`, `movegen` and `legal`) and summed here.

use super::pieces::{self, reach};
use super::position::Position;
use super::variant::Variants;
use super::{check, fatigue, legal, movegen, stungun, train};
use crate::{Bitboard, Color, Fide, Square};

/// Each role's worth under the variants of one search, worked out once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Worths {
    role: [i32; 6],
}

impl Worths {
    /// The worths under these variants.
    pub fn new(v: Variants) -> Worths {
        Worths {
            role: Fide::ALL.map(|r| pieces::worth(v, r)),
        }
    }

    /// A role's worth.
    pub fn of(&self, role: Fide) -> i32 {
        self.role[role as usize]
    }
}

/// The side to move's edge: it acts first.
const TEMPO: i32 = 10;

/// Material counted towards the middlegame: minor 1, rook 2, queen 4; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

/// Centipawns per square a piece reaches, by role.
const MOBILITY: [i32; 6] = [0, 4, 5, 3, 2, 0];

/// A passed pawn's bonus by how far it has come (0 = its first rank).
const PASSED: [i32; 8] = [0, 10, 15, 25, 45, 70, 110, 0];

/// The worth of a position to the side to move.
pub(crate) fn evaluate(pos: &Position, w: &Worths) -> i32 {
    let board = pos.board();
    let phase = Fide::ALL
        .into_iter()
        .map(|r| PHASE[r as usize] * board.by_role(r).count() as i32)
        .sum::<i32>()
        .min(FULL_PHASE);
    let us = pos.turn();
    let white = side(pos, w, Color::White, phase) - side(pos, w, Color::Black, phase);
    let score = if us == Color::White { white } else { -white };
    score + variant_terms(pos, w, us) - variant_terms(pos, w, !us) + TEMPO
}

/// One side's material, placement, mobility and pawns, blended by `phase` (24: all pieces
/// on, 0: none).
fn side(pos: &Position, w: &Worths, color: Color, phase: i32) -> i32 {
    let board = pos.board();
    let v = pos.variants();
    let ours = board.by_color(color);
    let theirs = board.by_color(!color);
    let occupied = board.occupied();
    let mut mg = 0;
    let mut eg = 0;
    for from in ours {
        let Some(role) = board.role(from) else {
            continue;
        };
        let worth = w.of(role);
        mg += worth;
        eg += worth;
        let rank = relative_rank(color, from);
        let center = center_distance(from);
        match role {
            Fide::Pawn => {
                let advance = [0, 0, 2, 6, 14, 26, 45, 0][rank as usize];
                let central = if (2..=5).contains(&from.file()) && (2..=4).contains(&rank) {
                    8
                } else {
                    0
                };
                mg += advance + central;
                eg += advance * 2;
                if passed(pos, color, from) {
                    mg += PASSED[rank as usize] / 2;
                    eg += PASSED[rank as usize];
                }
            }
            Fide::Knight => {
                let c = [18, 10, -2, -20][center as usize];
                mg += c;
                eg += c;
            }
            Fide::Bishop | Fide::Queen => {
                let c = [8, 5, 0, -8][center as usize];
                mg += c;
                eg += c;
            }
            Fide::Rook => {
                if rank == 6 {
                    mg += 15;
                    eg += 15;
                }
                let file = file_of(from.file());
                if (file & board.pieces(color, Fide::Pawn)).is_empty() {
                    let open = (file & board.pieces(!color, Fide::Pawn)).is_empty();
                    mg += if open { 20 } else { 10 };
                }
            }
            Fide::King => {
                mg += king_shelter(pos, color, from);
                eg += [20, 10, -5, -25][center as usize];
            }
        }
        if MOBILITY[role as usize] > 0 {
            let r = reach(board, v, from, color, role);
            let targets = (r.quiet & !occupied) | (r.capture & theirs);
            let m = MOBILITY[role as usize] * targets.count() as i32;
            mg += m;
            eg += m;
        }
    }
    if board.pieces(color, Fide::Bishop).count() >= 2 {
        mg += 30;
        eg += 40;
    }
    let pawns = board.pieces(color, Fide::Pawn);
    for file in 0..8 {
        let here = (pawns & file_of(file)).count() as i32;
        if here > 1 {
            mg -= 10 * (here - 1);
            eg -= 15 * (here - 1);
        }
        let beside = (file > 0 && (pawns & file_of(file - 1)).nonempty())
            || (file < 7 && (pawns & file_of(file + 1)).nonempty());
        if here > 0 && !beside {
            mg -= 8 * here;
            eg -= 12 * here;
        }
    }
    (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
}

/// What the variants in force add for `color`: each term is its variant's own.
fn variant_terms(pos: &Position, w: &Worths, color: Color) -> i32 {
    let v = pos.variants();
    if v.is_empty() {
        return 0;
    }
    pieces::value(pos.board(), v, color)
        + stungun::value(pos, w, color)
        + fatigue::value(pos, w, color)
        + train::value(pos, color)
        + movegen::value(pos, w, color)
        + legal::value(pos, w, color)
}

/// Every square of a file.
fn file_of(file: u8) -> Bitboard {
    Bitboard(0x0101_0101_0101_0101 << file)
}

/// Whether `by` attacks `s` with the moves its pieces have under the variants in force.
pub(super) fn attacked_by(pos: &Position, s: Square, by: Color) -> bool {
    let board = pos.board();
    if pieces::plain_pieces(pos.variants()) {
        return check::attacked(board, s, by);
    }
    board.by_color(by).into_iter().any(|from| {
        board.role(from).is_some_and(|role| {
            reach(board, pos.variants(), from, by, role)
                .capture
                .contains(s)
        })
    })
}

/// Pieces of the side to move that may not move this turn (frozen, tired): one the enemy
/// attacks can neither run nor be saved by moving it, so it counts as half lost.
pub(super) fn stuck(pos: &Position, w: &Worths, color: Color, stuck: Bitboard) -> i32 {
    if pos.turn() != color {
        return 0;
    }
    let board = pos.board();
    (stuck & board.by_color(color))
        .into_iter()
        .filter_map(|s| board.role(s).map(|role| (s, role)))
        .filter(|&(s, role)| role != Fide::King && attacked_by(pos, s, !color))
        .map(|(_, role)| -w.of(role) / 2)
        .sum()
}

/// The rank as seen by `color`: 0 is its first rank.
pub(super) fn relative_rank(color: Color, s: Square) -> u8 {
    match color {
        Color::White => s.rank(),
        Color::Black => 7 - s.rank(),
    }
}

/// 0 for the four centre squares, up to 3 on the edge.
fn center_distance(s: Square) -> u8 {
    let f = if s.file() < 4 {
        3 - s.file()
    } else {
        s.file() - 4
    };
    let r = if s.rank() < 4 {
        3 - s.rank()
    } else {
        s.rank() - 4
    };
    f.max(r)
}

/// Whether no enemy pawn stands ahead of this pawn on its file or the files beside.
fn passed(pos: &Position, color: Color, s: Square) -> bool {
    let enemies = pos.board().pieces(!color, Fide::Pawn);
    enemies.into_iter().all(|e| {
        e.file().abs_diff(s.file()) > 1 || relative_rank(color, e) <= relative_rank(color, s)
    })
}

/// Pawns in front of a king on its first two ranks shelter it; a king wandering in the
/// middlegame is exposed.
fn king_shelter(pos: &Position, color: Color, king: Square) -> i32 {
    let rank = relative_rank(color, king);
    if rank > 1 {
        return -30;
    }
    let pawns = pos.board().pieces(color, Fide::Pawn);
    let shield = pawns
        .into_iter()
        .filter(|p| {
            p.file().abs_diff(king.file()) <= 1
                && (1..=2).contains(&(relative_rank(color, *p) as i32 - rank as i32))
        })
        .count() as i32;
    12 * shield.min(3) + if rank == 0 { 10 } else { 0 }
}
