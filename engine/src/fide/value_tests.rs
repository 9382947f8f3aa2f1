//! Each variant's own value term decides a move. On a position built for it, the legal move
//! whose result the evaluation likes best for the mover is one move with the variant, and
//! another in plain chess and, where the variant also changes the pieces, with the variant
//! in force but its term left out (so the term, not only the variant's moves, decides).
//! One out all out's term is the search's `victim`, so its test looks at the capture values
//! and at a search, as do the last two tests (what a push and a capture in passing take).
//! Ties are refused: a test's move is strictly best.

use super::eval::{evaluate, Worths};
use super::moves::{Move, Special};
use super::position::Position;
use super::variant::Variants;
use super::{fatigue, legal, movegen, pieces, san, stungun, train};
use crate::search::{search, Limits, Node};
use crate::{Color, Fide};
use std::sync::atomic::AtomicBool;

/// A variant's term as `eval` sums it: its worth for a side of a position.
type Term = fn(&Position, &Worths, Color) -> i32;

fn familiarity(pos: &Position, _: &Worths, color: Color) -> i32 {
    pieces::value(pos.board(), pos.variants(), color)
}

fn trains(pos: &Position, _: &Worths, color: Color) -> i32 {
    train::value(pos, color)
}

fn position(fen: &str, variants: &str) -> Position {
    let v: Variants = variants.parse().expect("the test's variants combine");
    Position::from_fen(fen, v).unwrap_or_else(|e| panic!("{fen} under {v}: {e}"))
}

/// The evaluation of a position for its side to move, with its own variants' worths.
fn eval(pos: &Position) -> i32 {
    evaluate(pos, &Worths::new(pos.variants()))
}

/// The evaluation with one term taken out.
fn eval_without(term: Term) -> impl Fn(&Position) -> i32 {
    move |pos| {
        let w = Worths::new(pos.variants());
        let us = pos.turn();
        evaluate(pos, &w) - (term(pos, &w, us) - term(pos, &w, !us))
    }
}

/// The evaluation with FIDE's worths, whatever the variants say a piece is worth.
fn eval_with_fide_worths(pos: &Position) -> i32 {
    evaluate(pos, &Worths::new(Variants::NONE))
}

/// Each legal move in SAN with what `value` makes of its result for the side that moved,
/// best first.
fn ranked(pos: &Position, value: &dyn Fn(&Position) -> i32) -> Vec<(String, i32)> {
    let mut rows: Vec<(String, i32)> = pos
        .legal_moves()
        .iter()
        .map(|m| {
            let after = pos.play(m).expect("legal moves play");
            (san::write(pos, m), -value(&after))
        })
        .collect();
    rows.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    rows
}

/// The move `value` likes best; fails, showing the ranking, unless it is strictly best.
fn best_by(pos: &Position, value: &dyn Fn(&Position) -> i32) -> String {
    let rows = ranked(pos, value);
    assert!(
        rows.len() == 1 || rows[0].1 > rows[1].1,
        "no single best move: {:?}",
        &rows[..rows.len().min(6)]
    );
    rows[0].0.clone()
}

/// The move whose result has the best static value for the mover.
fn best_by_eval(pos: &Position) -> String {
    best_by(pos, &eval)
}

/// Asserts that `mv` is legal but some other move is strictly better by `value`.
fn assert_beaten(pos: &Position, value: &dyn Fn(&Position) -> i32, mv: &str) {
    let rows = ranked(pos, value);
    let mine = rows
        .iter()
        .find(|(san, _)| san == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal here: {rows:?}"))
        .1;
    assert!(
        rows[0].1 > mine,
        "{mv} should be beaten, but the ranking is {:?}",
        &rows[..rows.len().min(6)]
    );
}

/// The search's move at a fixed depth.
fn searched(pos: &Position, depth: u32) -> String {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let report = search(pos, &limits, 1, &AtomicBool::new(false));
    san::write(pos, &report.best.expect("the position has moves"))
}

/// A move by its SAN.
fn find(pos: &Position, text: &str) -> Move {
    san::parse(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The Hoppera's double leap makes a knight worth more than a bishop: the queen takes the
/// knight on g4, where in FIDE chess it takes the bishop on a4.
#[test]
fn worth_of_a_hoppera_knight_decides_the_capture() {
    let fen = "6k1/5pp1/7p/8/b5n1/8/5PPP/3Q2K1 w - - 0 1";
    let hoppera = position(fen, "knight-at-the-hoppera");
    assert_eq!(best_by_eval(&hoppera), "Qxg4");
    assert_eq!(searched(&hoppera, 2), "Qxg4");
    assert_beaten(&hoppera, &eval_with_fide_worths, "Qxg4");
    let fide = position(fen, "none");
    assert_eq!(best_by_eval(&fide), "Qxa4");
    assert_eq!(searched(&fide, 2), "Qxa4");
}

/// Under Pawned and yeomanned a bishop (capturing as a rook) is worth far more than a knight
/// (capturing as a camel): the queen takes the bishop on g4, where in FIDE chess it takes
/// the central knight on d4.
#[test]
fn worth_under_pawned_and_yeomanned_decides_the_capture() {
    let fen = "6k1/5pp1/7p/8/3n2b1/8/5PPP/3Q2K1 w - - 0 1";
    let pawned = position(fen, "pawned-and-yeomanned");
    assert_eq!(best_by_eval(&pawned), "Qxg4");
    assert_beaten(&pawned, &eval_with_fide_worths, "Qxg4");
    assert_eq!(best_by_eval(&position(fen, "none")), "Qxd4");
}

/// Familiarity: a line piece further forward moves less far, so the queen stays on the
/// second rank (Qd2) rather than go forward as in FIDE chess (Qd6); without the term, with
/// the short lines already in the mobility count, it would still go forward.
#[test]
fn familiarity_keeps_the_queen_back() {
    let fen = "6k1/5ppp/8/8/4K3/8/8/3Q4 w - - 0 1";
    let familiar = position(fen, "familiarity");
    assert_eq!(best_by_eval(&familiar), "Qd2");
    assert_beaten(&familiar, &eval_without(familiarity), "Qd2");
    let fide = position(fen, "none");
    assert_eq!(best_by_eval(&fide), "Qd6");
    assert_beaten(&fide, &eval, "Qd2");
}

/// Stungun: the knight moves exactly halfway to the rook on a6 (c2-b4), freezing it where
/// the knight attacks it, so the rook is lost; in FIDE chess Nb4 only chases it away.
#[test]
fn stungun_freezes_the_rook_it_attacks() {
    let fen = "6k1/5pp1/r6p/8/8/8/2N2PPP/3R2K1 w - - 0 1";
    let stungun = position(fen, "stungun");
    assert_eq!(best_by_eval(&stungun), "Nb4");
    assert_eq!(searched(&stungun, 2), "Nb4");
    assert_beaten(&stungun, &eval_without(stungun::value), "Nb4");
    let fide = position(fen, "none");
    assert_beaten(&fide, &eval, "Nb4");
    assert_ne!(searched(&fide, 2), "Nb4");
}

/// Battle fatigue 2: the knight on d5 has just captured, so it may not move this turn; the
/// rook attacks it (Re5) and it cannot run. Under level 1 it may still retreat (only two
/// captures in a row are barred), and in FIDE chess it always may, so Re5 is no better
/// than other moves there. Travel fatigue 4 tires every piece that moved, captures or not.
#[test]
fn fatigue_attacks_the_piece_that_may_not_move() {
    let board = "6k1/5pp1/7p/3n4/8/8/5PPP/4R1K1 w - - 0 1";
    let captured = format!("{board} last:d5x");
    let tired = position(&captured, "battle-fatigue-2");
    assert_eq!(best_by_eval(&tired), "Re5");
    assert_eq!(searched(&tired, 2), "Re5");
    assert_beaten(&tired, &eval_without(fatigue::value), "Re5");
    assert_beaten(&position(&captured, "battle-fatigue-1"), &eval, "Re5");
    assert_beaten(&position(board, "none"), &eval, "Re5");
    let moved = format!("{board} last:d5");
    assert_eq!(best_by_eval(&position(&moved, "travel-fatigue-4")), "Re5");
    assert_beaten(&position(&moved, "travel-fatigue-3"), &eval, "Re5");
}

/// Train and Push-pull train: the queen goes just ahead of its own pawn (Qd6), to tow it up
/// the board when it advances; in FIDE chess it only blocks the pawn there (Qc3 is best).
#[test]
fn train_puts_the_queen_ahead_of_its_pawn() {
    let fen = "6k1/3p1pp1/7p/3P4/8/Q7/5PPP/6K1 w - - 0 1";
    for variants in ["train", "push-pull-train"] {
        let pos = position(fen, variants);
        assert_eq!(best_by_eval(&pos), "Qd6", "{variants}");
        assert_beaten(&pos, &eval_without(trains), "Qd6");
    }
    let fide = position(fen, "none");
    assert_eq!(best_by_eval(&fide), "Qc3");
    assert_beaten(&fide, &eval, "Qd6");
}

/// The double steps' blasts. Warhead: the b7 pawn's double step b7xc6xd5 would take the
/// knight and the rook, so the rook leaves (Rd7); in FIDE chess, or without the term, the
/// pawn only threatens the knight and White pushes its passed pawn (e6). Helmsman: d7-d6xe5
/// would take the rook on e5, which Warhead's two captures could not, so only Helmsman
/// moves the rook (Re7).
#[test]
fn double_step_blasts_are_avoided() {
    let warhead_fen = "6k1/1p4pp/2N5/3RP3/8/8/5PPP/6K1 w - - 0 1";
    let warhead = position(warhead_fen, "warhead");
    assert_eq!(best_by_eval(&warhead), "Rd7");
    assert_eq!(best_by(&warhead, &eval_without(movegen::value)), "e6");
    assert_eq!(best_by_eval(&position(warhead_fen, "none")), "e6");

    let helmsman_fen = "6k1/3p2pp/8/4R3/8/8/5PPP/6K1 w - - 0 1";
    let helmsman = position(helmsman_fen, "helmsman");
    assert_eq!(best_by_eval(&helmsman), "Re7");
    assert_beaten(&helmsman, &eval_without(movegen::value), "Re7");
    assert_beaten(&position(helmsman_fen, "warhead"), &eval, "Re7");
    assert_beaten(&position(helmsman_fen, "none"), &eval, "Re7");
}

/// Movewise extinction: Black has two knights and three bishop-movers (two bishops and
/// the queen). Taking a knight leaves Black one capture from extinction, so White takes
/// the knight on b5; in FIDE chess it takes the better-placed bishop on d5.
#[test]
fn movewise_extinction_takes_a_knight_of_the_last_two() {
    let fen = "2q2rk1/4bppp/n7/1n1b4/8/2NB1N2/PP3PPP/R1BQ2K1 w - - 0 1";
    let extinction = position(fen, "movewise-extinction");
    assert_eq!(best_by_eval(&extinction), "Bxb5");
    assert_eq!(searched(&extinction, 2), "Bxb5");
    assert_beaten(&extinction, &eval_without(legal::value), "Bxb5");
    let fide = position(fen, "none");
    assert_eq!(best_by_eval(&fide), "Nxd5");
    assert_eq!(searched(&fide, 2), "Nxd5");
}

/// One out all out: taking one of Black's two knights takes both, so the search values
/// Qxd6 at two knights (and tries it before Qxa7, the rook) and plays it; in FIDE chess it
/// takes the rook.
#[test]
fn one_out_all_out_counts_every_piece_of_the_kind() {
    let fen = "6k1/r4ppp/3n4/7n/3Q4/7P/5PP1/6K1 w - - 0 1";
    let all_out = position(fen, "one-out-all-out");
    let w = Worths::new(all_out.variants());
    let victim = |pos: &Position, text: &str| pos.victim(find(pos, text), &w);
    assert_eq!(victim(&all_out, "Qxd6"), Some(2 * w.of(Fide::Knight)));
    assert_eq!(victim(&all_out, "Qxa7"), Some(w.of(Fide::Rook)));
    assert_eq!(best_by_eval(&all_out), "Qxd6");
    assert_eq!(searched(&all_out, 2), "Qxd6");
    let fide = position(fen, "none");
    assert_eq!(victim(&fide, "Qxd6"), Some(w.of(Fide::Knight)));
    assert_eq!(best_by_eval(&fide), "Qxa7");
    assert_eq!(searched(&fide, 2), "Qxa7");
}

/// Push-pull train: a push that knocks pieces off the board captures them, so the search
/// counts it as a capture (in the ordering and in quiescence). After Qxh5 Black's rook
/// pushes the knight and the queen off the h-file edge (R>h5); a search one ply deep sees
/// that reply only in quiescence, so it must know the push takes something.
#[test]
fn a_push_that_knocks_pieces_off_the_board_is_a_capture() {
    let fen = "1k6/ppp5/8/r5Nr/8/1n5P/3P1PP1/3Q1K2 w - - 0 1";
    let push = position(fen, "push-pull-train");
    let after = push.play(&find(&push, "Qxh5")).expect("a legal move");
    let w = Worths::new(push.variants());
    let knock_off = find(&after, "R>h5");
    assert_eq!(knock_off.special, Special::Push);
    assert_eq!(
        after.victim(knock_off, &w),
        Some(w.of(Fide::Queen) + w.of(Fide::Knight))
    );
    assert_eq!(after.victim(find(&after, "Kc8"), &w), None);
    assert_ne!(searched(&push, 1), "Qxh5");
    assert_eq!(searched(&position(fen, "none"), 1), "Qxh5");
}

/// Camp-follower: a knight that went g1-f3-e5 may be taken in passing by a knight that
/// reaches f3, and what that wins is a knight.
#[test]
fn a_knight_taken_in_passing_is_worth_a_knight() {
    let pos = position("4k3/8/8/4N1n1/8/8/8/4K3 b - f3xe5 0 1", "camp-follower-3");
    let w = Worths::new(pos.variants());
    let in_passing = pos
        .legal_moves()
        .into_iter()
        .find(|m| m.special == Special::EnPassant)
        .expect("Black's knight may take in passing");
    assert_eq!(pos.victim(in_passing, &w), Some(w.of(Fide::Knight)));
}
