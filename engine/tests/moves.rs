//! Move sets: the exact squares each atom and some modified designs reach from d4 on an empty
//! board, for White (forward is up, left towards the a-file) and for Black (everything turned
//! round: forward is towards rank 1, left towards the h-file).

use engine::{targets_on_empty_board, Color, Design, Mode, Square, Target};

fn targets(design: &str, color: Color) -> Vec<Target> {
    let d = Design::parse(design).unwrap_or_else(|e| panic!("{design} should parse: {e}"));
    targets_on_empty_board(&d, "d4".parse().unwrap(), color)
}

/// Square names, sorted as the targets are (a1, b1, ..., h8).
fn squares(names: &str) -> Vec<Square> {
    let mut v: Vec<Square> = names
        .split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect();
    v.sort();
    v
}

fn check(design: &str, white: &str, black: &str) {
    for (color, want) in [(Color::White, white), (Color::Black, black)] {
        let got: Vec<Square> = targets(design, color).iter().map(|t| t.square).collect();
        let names = |v: &[Square]| v.iter().map(|s| s.name()).collect::<Vec<_>>().join(" ");
        assert_eq!(names(&got), names(&squares(want)), "{design} for {color:?}");
    }
}

/// A design that goes the same way for both sides.
fn check_same(design: &str, both: &str) {
    check(design, both, both);
}

#[test]
fn atoms() {
    check_same("W", "d5 d3 c4 e4");
    check_same("F", "c5 e5 c3 e3");
    check_same("D", "d6 d2 b4 f4");
    check_same("A", "b6 f6 b2 f2");
    check_same("H", "d7 d1 a4 g4");
    check_same("G", "a7 g7 a1 g1");
    check_same("N", "c6 e6 c2 e2 b5 f5 b3 f3");
    check_same("L", "c7 e7 c1 e1 a5 g5 a3 g3");
    check_same("C", "c7 e7 c1 e1 a5 g5 a3 g3");
    check_same("Z", "b7 f7 b1 f1 a6 g6 a2 g2");
}

#[test]
fn riders_and_shorthands() {
    let rook = "d5 d6 d7 d8 d3 d2 d1 c4 b4 a4 e4 f4 g4 h4";
    let bishop = "c5 b6 a7 e5 f6 g7 h8 c3 b2 a1 e3 f2 g1";
    check_same("R", rook);
    check_same("WW", rook);
    check_same("B", bishop);
    check_same("FF", bishop);
    // Each knightrider line until it leaves the board.
    check_same("NN", "e6 f8 c6 b8 e2 c2 f5 h6 b5 f3 h2 b3");
    check_same("Q", &format!("{rook} {bishop}"));
    check_same("K", "c3 d3 e3 c4 e4 c5 d5 e5");
    // A doubled atom rides too: the running D.
    check_same("DD", "d6 d8 d2 b4 f4 h4");
}

#[test]
fn oblique_directions_in_betzas_original_reading() {
    // f: the four forward moves, s: the four wide, v: the four narrow.
    check("fN", "c6 e6 b5 f5", "c2 e2 b3 f3");
    check("bN", "c2 e2 b3 f3", "c6 e6 b5 f5");
    check_same("sN", "b5 f5 b3 f3");
    check_same("vN", "c6 e6 c2 e2");
    // ff/fs/bb/bs: two moves each.
    check("ffN", "c6 e6", "c2 e2");
    check("fsN", "b5 f5", "b3 f3");
    check("bbN", "c2 e2", "c6 e6");
    check("bsN", "b3 f3", "b5 f5");
    // l: the four moves on the mover's left.
    check("lN", "b3 b5 c2 c6", "e2 e6 f3 f5");
    // union: the forward four and the two right backward moves.
    check("frN", "b5 c6 e2 e6 f3 f5", "b3 b5 c2 c6 e2 f3");
    check("fNN", "b5 b8 c6 e6 f5 f8 h6", "b3 c2 e2 f3 h2");
}

#[test]
fn orthogonal_and_diagonal_directions() {
    check("bR", "d3 d2 d1", "d5 d6 d7 d8");
    check("fR", "d5 d6 d7 d8", "d3 d2 d1");
    check_same("vD", "d6 d2");
    check_same("fbD", "d6 d2");
    check_same("sW", "c4 e4");
    check("lW", "c4", "e4");
    check("fmW", "d5", "d3");
    check("fcF", "c5 e5", "c3 e3");
    check("flF", "c5", "e3");
    check("lfF", "c3 c5 e5", "c3 e3 e5");
    check("fcFfmW", "c5 d5 e5", "c3 d3 e3");
}

#[test]
fn modes_and_lameness() {
    let white = targets("fcFfmW", Color::White);
    let modes: Vec<(String, Mode)> = white.iter().map(|t| (t.square.name(), t.mode)).collect();
    assert_eq!(
        modes,
        vec![
            ("c5".to_string(), Mode::CaptureOnly),
            ("d5".to_string(), Mode::MoveOnly),
            ("e5".to_string(), Mode::CaptureOnly),
        ]
    );
    // A square one part only moves to and another only captures on is both.
    for t in targets("mRcW", Color::White) {
        let near = ["d5", "d3", "c4", "e4"].contains(&t.square.name().as_str());
        let want = if near { Mode::Both } else { Mode::MoveOnly };
        assert_eq!(t.mode, want, "{}", t.square);
    }
    // The Chinese knight: every square lame, on the empty board all reached.
    let lame = targets("nN", Color::Black);
    assert_eq!(lame.len(), 8);
    assert!(lame.iter().all(|t| t.lame && t.mode == Mode::Both));
    // A square a free part also reaches is not lame.
    for t in targets("nNfN", Color::White) {
        let free = ["c6", "e6", "b5", "f5"].contains(&t.square.name().as_str());
        assert_eq!(t.lame, !free, "{}", t.square);
    }
}

#[test]
fn from_a_corner_only_squares_on_the_board() {
    let d = Design::parse("NNsW").unwrap();
    let got: Vec<String> = targets_on_empty_board(&d, "a1".parse().unwrap(), Color::White)
        .iter()
        .map(|t| t.square.name())
        .collect();
    assert_eq!(got, vec!["b1", "c2", "b3", "e3", "g4", "c5", "d7"]);
}
