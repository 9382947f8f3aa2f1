//! Perft counts checked by hand at depth 1 and 2 (RULES.md section 9): each position tests
//! one rule of sections 2, 3 and 5, and the comment beside it gives the count's reasoning.
//! The design phase is always "no change"; a transfer counts once per (design, square), a
//! buy once per affordable design (per affordable collection in `progressive`).

use engine::{perft, Position, Ruleset};

const FIDE: &str = "P,N,B,R,Q,K/P,N,B,R,Q,K";

/// A reserve of `n` pawns.
fn pawns(n: usize) -> String {
    vec!["P"; n].join(",")
}

fn counts(ruleset: Ruleset, position: &str, expected: &[u64]) {
    let pos =
        Position::parse(position, ruleset.into()).unwrap_or_else(|e| panic!("{position}: {e}"));
    for (depth, &want) in (1..).zip(expected) {
        assert_eq!(perft(&pos, depth), want, "{position} at depth {depth}");
    }
}

/// Two bare kings at the start. Depth 1: Ke1 has d1 d2 e2 f2 f1 (5); 1 zorkmid buys nothing
/// (P costs 2). Depth 2: Black the same, 25. Depth 3: the white king's second moves number
/// 5 (from d1) + 8 (d2) + 8 (e2) + 8 (f2) + 5 (f1) = 34 for each of Black's 5 replies, and
/// at ply 3 White has 2 zorkmids, so one buy (P) in each of the 25 positions: 170 + 25 = 195.
/// Depth 4: each of White's 39 third actions meets the same 34 + 5 black replies (Black's
/// funds are 2 at ply 4, so "Buy P" too, and the kings never meet): 39 x 39 = 1521.
#[test]
fn start_position() {
    let start = Position::start(Ruleset::Classic.into()).to_string();
    assert_eq!(start, format!("4k3/8/8/8/8/8/8/4K3 w 0/0 -/- {FIDE} 1"));
    counts(Ruleset::Classic, &start, &[5, 25, 195, 1521]);
}

/// Kurnia starts Black with 0.5. Every price is whole and income is whole, so the half never
/// decides a buy: the counts are classic's.
#[test]
fn kurnia_start_gives_black_half_a_zorkmid() {
    let start = Position::start(Ruleset::Kurnia.into()).to_string();
    assert_eq!(start, format!("4k3/8/8/8/8/8/8/4K3 w 0/0.5 -/- {FIDE} 1"));
    counts(Ruleset::Kurnia, &start, &[5, 25, 195, 1521]);
}

/// Reserve and buys. White: Ke1, a knight in reserve, 2 + 1 credit = 3 zorkmids.
/// Depth 1: 5 king moves + 5 transfers N@d1/d2/e2/f2/f1 + 3 buys (P 2, N 3, B 3) = 13.
/// Depth 2: Black has 1 zorkmid and no reserve: 5 king moves after each, 13 x 5 = 65.
#[test]
fn transfers_and_buys() {
    counts(
        Ruleset::Classic,
        &format!("4k3/8/8/8/8/8/8/4K3 w 2/0 N/- {FIDE} 1"),
        &[13, 65],
    );
}

/// A reserve of two equal knights still gives one transfer per square: same as one knight.
/// With a knight and a pawn, two designs: 5 moves + 10 transfers + 3 buys = 18.
#[test]
fn equal_reserve_pieces_transfer_once_per_square() {
    counts(
        Ruleset::Classic,
        &format!("4k3/8/8/8/8/8/8/4K3 w 2/0 N,N/- {FIDE} 1"),
        &[13],
    );
    counts(
        Ruleset::Classic,
        &format!("4k3/8/8/8/8/8/8/4K3 w 2/0 N,P/- {FIDE} 1"),
        &[18],
    );
}

/// The 16-piece cap counts board, reserve and royal pieces. White: Ka1 and pawns in reserve,
/// 20 + 1 = 21 zorkmids, enough for every slot (K costs 12).
/// 14 pawns (15 pieces): 3 king moves (a2 b1 b2) + 3 transfers P@a2/b1/b2 + 6 buys = 12.
/// 15 pawns (16 pieces): no buys, 3 + 3 = 6. Depth 2 (Black: Kh8 g8 g7 h7, 1 zorkmid, no
/// buys) is 12 x 3 = 36 and 6 x 3 = 18.
#[test]
fn sixteen_piece_cap() {
    counts(
        Ruleset::Classic,
        &format!("7k/8/8/8/8/8/8/K7 w 20/0 {}/- {FIDE} 1", pawns(14)),
        &[12, 36],
    );
    counts(
        Ruleset::Classic,
        &format!("7k/8/8/8/8/8/8/K7 w 20/0 {}/- {FIDE} 1", pawns(15)),
        &[6, 18],
    );
}

/// A royal in check: no buys, no transfers. White Ke1 is checked by the rook on e8 and has a
/// knight in reserve and 10 + 1 zorkmids. Depth 1: Kd1 Kd2 Kf1 Kf2 (e2 is on the rook's
/// file) and the block Re4 = 5; no N@..., no Buy.
/// Depth 2 (Black: Kh8, Re8, 1 zorkmid): after a king move the rook has d8 c8 b8 a8 f8 g8
/// and e7..e1 (13), the king g8 g7 h7 (3): 16, four times. After Re4 the rook's file stops
/// at xe4 (e7 e6 e5 xe4): 6 + 4 + 3 = 13. Total 64 + 13 = 77.
#[test]
fn royal_in_check_may_not_buy_or_transfer() {
    counts(
        Ruleset::Classic,
        &format!("4r2k/8/8/8/R7/8/8/4K3 w 10/0 N/- {FIDE} 1"),
        &[5, 77],
    );
}

/// The same position without the check (the rook on d8 instead): buys and transfers return.
/// King: d1 d2 are on the rook's file, so e2 f1 f2 (3). Rook a4: a1-a3 a5-a8 (7) and b4-h4
/// (7) = 14. Transfers N@d1/d2/e2/f1/f2: 5 (a square may be attacked; only the royal must not
/// be in check). Buys with 11: P N B R Q (K costs 12): 5. Total 3 + 14 + 5 + 5 = 27.
#[test]
fn without_the_check_buys_and_transfers_return() {
    counts(
        Ruleset::Classic,
        &format!("3r3k/8/8/8/R7/8/8/4K3 w 10/0 N/- {FIDE} 1"),
        &[27],
    );
}

/// Two royals: check may be ignored, but no buys while one is in check and no transfer next
/// to the checked one. White Ka1, Ke1 (checked by Re8), a knight in reserve, 11 zorkmids.
/// Depth 1: Ke1 d1 d2 e2 f1 f2 (5, e2 stays in check: allowed), Ka1 a2 b1 b2 (3), N@a2/b1/b2
/// next to the unchecked king (3), no buys: 11.
/// Depth 2 (Black: Kh8 g8 g7 h7, Re8 rank d8-a8 f8 g8 = 6 plus its file):
/// Kd1 Kd2 Kf1 Kf2: the file e7..e1 (7): 16 each = 64. Ke2: e7..e3 and xe2 (6): 15.
/// Ka1 moves and the 3 transfers leave Ke1 there: e7..e2 and xe1 (7): 16 each = 96.
/// Total 64 + 15 + 96 = 175.
#[test]
fn two_royals_may_ignore_check() {
    counts(
        Ruleset::Classic,
        &format!("4r2k/8/8/8/8/8/8/K3K3 w 10/0 N/- {FIDE} 1"),
        &[11, 175],
    );
}

/// A knight pinned by a rook, and lame knights (nN, the Chinese horse: the leap is blocked by
/// a piece on the orthogonal square next to its start).
/// White: Ke1, Ne2 (pinned by Re8), (nN)c3, Pc2 (blocks the horse's b1 and d1 leaps).
/// Black: Kh8, Re8, [nN]g3 (reaches f1 and h1 over g2, e2 and e4 over f3, f5 and h5 over g4).
/// Depth 1: Ke1 d1 d2 f2 (f1 is attacked by the horse) = 3; Ne2 pinned = 0; Pc2 blocked = 0;
/// (nN)c3 a2 a4 b5 d5 e4 (b1 d1 blocked by the pawn, e2 own) = 5; 1 zorkmid, no buys: 8.
/// Depth 2: Black has Kh8 g8 g7 h7 (3), Re8 d8-a8 f8 g8 (6) + e7..e3 xe2 (6), [nN]g3 f1 h1
/// xe2 e4 f5 h5 (6) = 21 after each white move except (nN)e4, which shortens the file to
/// e7 e6 e5 xe4 (4) and leaves [nN]xe4 as a capture: 19. Total 7 x 21 + 19 = 166.
#[test]
fn rider_pins_and_lame_knights() {
    counts(
        Ruleset::Classic,
        &format!("4r2k/8/8/8/8/2(nN)3[nN]1/2P1N3/4K3 w 0/0 -/- {FIDE} 1"),
        &[8, 166],
    );
}

/// A lame leaper pins the piece standing on its leg. White: Ke2, Rf3; Black: Kh8, [nN]g3,
/// whose leap to e2 passes f3. The rook may only stay on the leg or take the horse: Rxg3 (1).
/// The king: d1 d2 d3 e1 e3 f2 (f1 is attacked over g2, f3 is own) = 6. Depth 1: 7.
/// Depth 2: after a king move Black has Kg8 Kg7 Kh7 (3) and the horse f1 h1 f5 h5 (4; e2 and
/// e4 stay blocked by the rook): 7, six times. After Rxg3 the rook holds the g-file: Kh7
/// only (1). Total 42 + 1 = 43.
#[test]
fn lame_leaper_pins_its_leg() {
    counts(
        Ruleset::Classic,
        &format!("7k/8/8/8/8/5R[nN]1/4K3/8 w 0/0 -/- {FIDE} 1"),
        &[7, 43],
    );
}

/// Progressive income 1 + floor((ply-1)/7): White's ply 7 gets 1, Black's ply 8 gets 2.
/// Bodlaender prices: P 1, N 3, B 3 (2.97), R 5, Q 9, K 12.
/// Depth 1 (White 1 + 1 = 2): 5 king moves + buys {P}, {P,P} = 7.
/// Depth 2 (Black 1 + 2 = 3): 5 king moves + {P} {PP} {PPP} {N} {B} = 10 each: 70.
#[test]
fn progressive_income_rises_every_seven_plies() {
    counts(
        Ruleset::Progressive,
        &format!("4k3/8/8/8/8/8/8/4K3 w 1/1 -/- {FIDE} 7"),
        &[7, 70],
    );
}

/// Progressive multi-buys within the piece limit: one action per distinct affordable
/// collection. White: Ke1 and 13 pawns in reserve (14 pieces, room for 2), 5 + 1 = 6
/// zorkmids. Singles P N B R (4); pairs PP PN PB PR NN NB BB (7; NR and up cost 8 or more):
/// 11 buys, + 5 king moves + 5 transfers P@... = 21. With 12 pawns (room for 3) the triples
/// PPP PPN PPB (3, 5, 5) are added: 24. Depth 2 (Black: 1 zorkmid buys {P}; 5 king moves):
/// 6 replies each: 126.
#[test]
fn progressive_multi_buys() {
    counts(
        Ruleset::Progressive,
        &format!("4k3/8/8/8/8/8/8/4K3 w 5/0 {}/- {FIDE} 1", pawns(13)),
        &[21, 126],
    );
    counts(
        Ruleset::Progressive,
        &format!("4k3/8/8/8/8/8/8/4K3 w 5/0 {}/- {FIDE} 1", pawns(12)),
        &[24],
    );
}

/// No castling, no pawn double step, no promotion: Ke1 with Rh1, a pawn on e2 and one on
/// g8. King d1 d2 f1 f2 (4: no Kg1), rook g1 f1 and h2-h8 (9), pawn e3 only (1: no e4), and
/// the pawn on g8 just stands there (0). 1 zorkmid: no buys. Total 14.
#[test]
fn no_castling_double_step_or_promotion() {
    counts(
        Ruleset::Classic,
        &format!("k5P1/8/8/8/8/8/4P3/4K2R w 0/0 -/- {FIDE} 1"),
        &[14],
    );
}
