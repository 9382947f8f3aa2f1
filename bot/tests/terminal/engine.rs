//! `csipgs replay`, `moves` and `perft` as scripts call them: the built binary, what it
//! prints and its exit status (0 fine, 1 an illegal record, 2 unusable input).

use crate::cli;

use cli::{run, Record};

const START: &str = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";

#[test]
fn replay_prints_turns_treasuries_position_and_result() {
    let record = Record::new(
        "sample",
        "[Ruleset \"classic\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n\n\
         1.Kd2; B=WD 2.Kd7 3.Kd3 4.Kd6; B=fbDbcA 5.Buy WD 6.Buy fbDbcA 7.(WD)@d4+ 8.Ke6\n",
    );
    let (code, out, err) = run(&["replay", record.path()]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    let first: Vec<&str> = lines[0].split_whitespace().collect();
    assert_eq!(first, ["1.", "Kd2;", "B=WD", "White", "1", "Black", "0"]);
    let fifth: Vec<&str> = lines[4].split_whitespace().collect();
    assert_eq!(fifth, ["5.", "Buy", "WD", "White", "0", "Black", "2"]);
    assert!(lines[6].contains("(WD)@d4+"), "{out}");
    assert_eq!(
        lines[8],
        "8/8/4k3/8/3(WD)4/3K4/8/8 w 1/2 -/fbDbcA P,N,WD,R,Q,K/P,N,fbDbcA,R,Q,K 9"
    );
    assert_eq!(lines[9], "*");
}

#[test]
fn replay_of_a_finished_game_ends_with_its_result() {
    let record = Record::new(
        "mate",
        "[Start \"7k/8/5K2/8/8/8/8/8 w 8/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1\"]\n\n\
         1.Buy Q 2.Kg8 3.Q@g7+ 1-0\n",
    );
    let (code, out, err) = run(&["replay", record.path()]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[2].contains("Q@g7#"), "{out}");
    assert_eq!(
        lines[lines.len() - 2],
        "6k1/6Q1/5K2/8/8/8/8/8 b 1/1 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 4"
    );
    assert_eq!(lines[lines.len() - 1], "1-0, White wins by checkmate");
    // The mark written as + for a mate is a warning, on standard error.
    assert!(
        err.contains("warning at turn 3: '+' marks the transfer, but it mates"),
        "{err}"
    );
}

#[test]
fn replay_stops_at_the_first_illegal_turn() {
    let record = Record::new("illegal", "1.Kd2 2.Kd7 3.Buy N 4.Kd6\n");
    let (code, out, _) = run(&["replay", record.path()]);
    assert_eq!(code, Some(1));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(
        lines[2],
        "illegal at turn 3 (line 1, column 13): an N costs 3, you have 2"
    );
}

#[test]
fn replay_of_a_missing_file_is_an_io_error() {
    let (code, _, err) = run(&["replay", "/nonexistent/csipgs/record.pgn"]);
    assert_eq!(code, Some(3));
    assert!(
        err.starts_with("can't read /nonexistent/csipgs/record.pgn"),
        "{err}"
    );
}

#[test]
fn moves_are_sorted_one_per_line() {
    let (code, out, err) = run(&["moves", START]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "Kd1\nKd2\nKe2\nKf1\nKf2\n");
    // Transfers and buys too (2 + 1 zorkmids: P, N and B are affordable).
    let pos = "4k3/8/8/8/8/8/8/4K3 w 2/0 N/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let (code, out, _) = run(&["moves", pos]);
    assert_eq!(code, Some(0));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "Buy B", "Buy N", "Buy P", "Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "N@d1", "N@d2", "N@e2",
            "N@f1", "N@f2"
        ]
    );
}

#[test]
fn moves_under_progressive_list_multi_buys() {
    // Ply 7 in progressive: 1 + 1 zorkmids; a pawn costs 1 on Bodlaender's table.
    let pos = "4k3/8/8/8/8/8/8/4K3 w 1/1 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 7";
    let (code, out, err) = run(&["moves", pos, "--rules", "progressive"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("Buy P\nBuy P, P\nKd1\n"), "{out}");
    // In classic a pawn costs 2 and one buy is one piece.
    let (_, classic, _) = run(&["moves", pos]);
    assert!(classic.starts_with("Buy P\nKd1\n"), "{classic}");
}

#[test]
fn perft_prints_the_count_last() {
    let (code, out, err) = run(&["perft", START, "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().last(), Some("195"));
    let reference = "r1bqk2r/pp1[BL]1ppp/2[NN]1pn2/2p[WD]4/3P1(WD)2/2N1P(NN)2/PP(BL)2PPP/R1BQK2R w 0/0 -/- R,NbR,Q,K,WbRbmHfB,RbcBbN/R,NbR,Q,K,WbRbmHfB,RbcBbN 1";
    let (code, out, _) = run(&["perft", reference, "2"]);
    assert_eq!(code, Some(0));
    assert_eq!(out.lines().last(), Some("1722"));
    let progressive = "4k3/8/8/8/8/8/8/4K3 w 1/1 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 7";
    let (_, out, _) = run(&["perft", progressive, "2", "--rules", "progressive"]);
    assert_eq!(out.lines().last(), Some("70"));
}

#[test]
fn bad_positions_and_rulesets_are_usage_errors() {
    for (args, message) in [
        (
            vec!["moves", "4k3/8/8/8/8/8/8/4K3 w"],
            "a position string has 6 fields separated by spaces (board, side, treasuries, reserves, designs, ply), and a fog game a 7th (impassable squares); this one has 2",
        ),
        (
            vec!["perft", "4k3/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1", "1"],
            "the board needs 8 ranks separated by '/'; found 7",
        ),
        (
            vec!["moves", "4k3/8/8/8/8/8/8/4X3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1"],
            "'X' on rank 1 is not a piece: use KQRBNP for White, kqrbnp for Black, (design) for other White pieces and [design] for other Black ones",
        ),
        (
            vec!["moves", "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q/P,N,B,R,Q,K 1"],
            "White has 5 designs; each side has exactly 6",
        ),
        (vec!["moves", START, "--rules", "chess"], "unknown ruleset 'chess': use classic, kurnia or progressive"),
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {out}{err}");
        if args.contains(&"--rules") {
            // The argument parser refuses a bad ruleset, quoting the message in its own.
            assert!(err.contains(message), "{args:?}: {err}");
        } else {
            assert_eq!(err.trim_end(), message, "{args:?}");
        }
        assert!(out.is_empty(), "{args:?}: {out}");
    }
}

#[test]
fn illegal_positions_say_what_to_fix() {
    // Black's king faces the rook while it is White's turn; White has 17 pieces.
    let pos = "4k3/8/8/8/8/8/PPPPPPPP/4RK2 w 0/0 P,P,P,P,P,P,P/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let (code, out, err) = run(&["moves", pos]);
    assert_eq!(code, Some(2), "{out}");
    assert_eq!(
        err.trim_end(),
        "White has 17 pieces on the board and in reserve; a side owns at most 16, royal pieces included: remove some"
    );
    let pos = "4k3/8/8/8/8/8/8/4RK2 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let (code, _, err) = run(&["perft", pos, "1"]);
    assert_eq!(code, Some(2));
    assert_eq!(
        err.trim_end(),
        "Black's king on e8 is in check while it is White's turn: with one royal piece a turn can't end in check; change the board or the side to move"
    );
}

#[test]
fn an_ambiguous_move_is_hinted_as_the_record_writes_it() {
    let record = Record::new(
        "ambiguous",
        "[Start \"4k3/8/8/R7/8/8/8/R3K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1\"]\n\n1.Ra3\n",
    );
    let (code, out, _) = run(&["replay", record.path()]);
    assert_eq!(code, Some(1));
    assert_eq!(
        out.trim_end(),
        "illegal at turn 1 (line 3, column 1): more than one R can reach a3: say which, as in R1a3 or R5a3"
    );
}

#[test]
fn a_finished_record_carries_its_termination() {
    let record = Record::new(
        "termination",
        "[Result \"0-1\"]\n[Termination \"time forfeit\"]\n\n1.Kd2 2.Kd7\n",
    );
    let (code, out, err) = run(&["replay", record.path()]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().last(), Some("0-1, Black wins by time"));
    assert!(err.is_empty(), "{err}");
}

/// The common mistakes get hints: a FEN without --game fide, perft without a depth.
#[test]
fn common_mistakes_are_hinted() {
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (code, _, err) = run(&["moves", fen]);
    assert_eq!(code, Some(2));
    assert!(err.contains("add --game fide"), "{err}");
    let position = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let (code, _, err) = run(&["perft", position]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("is not a depth: give the position first"),
        "{err}"
    );
}

/// The position commands apply a game's option rules: an unofficial prefix needs
/// `--options unofficial`, as `play` asks for `--unofficial`.
#[test]
fn unofficial_designs_need_the_option_everywhere() {
    let position = "4k3/8/8/8/3(doublemove-WF)4/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let out = std::env::temp_dir().join(format!("csipgs-unofficial-{}.png", std::process::id()));
    let out = out.to_str().unwrap();
    for args in [
        vec!["moves", position],
        vec!["perft", position, "1"],
        vec!["analyse", position, "--depth", "1"],
        vec!["render", position, "-o", out],
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("doublemove-WF has the doublemove- prefix, which is unofficial"),
            "{args:?}: {err}"
        );
        let mut with = args.clone();
        with.extend(["--options", "unofficial"]);
        let (code, _, err) = run(&with);
        assert_eq!(code, Some(0), "{with:?}: {err}");
    }
    let _ = std::fs::remove_file(out);
}

/// `render` draws FIDE positions; the computer's commands refuse FIDE chess and proposals
/// with what to leave out.
#[test]
fn the_game_option_where_it_makes_sense() {
    let out = std::env::temp_dir().join(format!("csipgs-fide-{}.png", std::process::id()));
    let out_text = out.to_str().unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let (code, _, err) = run(&["render", "--game", "fide", fen, "-o", out_text, "--black"]);
    assert_eq!(code, Some(0), "{err}");
    let png = std::fs::read(&out).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    let _ = std::fs::remove_file(&out);

    let position = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let a_match = |more: &[&'static str]| -> Vec<&'static str> {
        let base = [
            "match",
            "--white-level",
            "1",
            "--black-level",
            "1",
            "--games",
            "1",
        ];
        [&base[..], more].concat()
    };
    // The computer plays FIDE chess: analyse and match take --game fide.
    let (code, out, err) = run(&["analyse", "--game", "fide", fen, "--depth", "3"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("best turn: ") && out.contains("line: 1... "),
        "{out}"
    );
    let (code, out, err) = run(&a_match(&["--game", "fide", "--variants", "stungun"]));
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.lines().last().is_some_and(|l| l.starts_with("score ")),
        "{out}"
    );
    let refusals: [(Vec<&str>, &str); 2] = [
        (
            a_match(&["--options", "proposals"]),
            "leave proposals out of --options",
        ),
        (
            vec!["analyse", position, "--variants", "warhead"],
            "add --game fide",
        ),
    ];
    for (args, said) in refusals {
        let (code, outp, err) = run(&args);
        assert_eq!(code, Some(2), "{args:?}: {outp}{err}");
        assert!(err.contains(said), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
