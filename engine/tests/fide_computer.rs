//! The computer in the FIDE family: mates it must find (each checked first by a brute-force
//! solver over the public rules API), a handful of Win At Chess tactics, legal moves at
//! every level under mixes of variants, how stalemate, extinction and repetition are scored,
//! determinism, and short arena games. Every search is bounded by depth or nodes, so the
//! results do not depend on the machine's speed.

use engine::computer::arena::{play_match, Player, Setting};
use engine::computer::{analyse_fide, choose_fide, Level, Think};
use engine::fide::{san, FideGame, Move, Position, Variants, START};
use engine::search::{search, Limits, Score};
use engine::{Color, EndReason};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

const WAC: &str = include_str!("data/wac.epd");

/// Mixes of variants that combine, each touching a different part of the rules.
const MIXES: [&str; 9] = [
    "none",
    "warhead,stungun",
    "train,familiarity",
    "battle-fatigue-2,castle-anytime",
    "push-pull-train",
    "promoting-king,demoting-king",
    "camp-follower-3",
    "movewise-extinction,one-out-all-out",
    "shortcut,pawned-and-yeomanned,knight-at-the-hoppera",
];

fn variants(names: &str) -> Variants {
    names.parse().expect("the test's variants combine")
}

fn pos(fen: &str, names: &str) -> Position {
    Position::from_fen(fen, variants(names)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn never() -> AtomicBool {
    AtomicBool::new(false)
}

fn play(p: &Position, text: &str) -> Position {
    let m = san::parse(p, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(&m).expect("a legal move plays")
}

/// Whether the side to move can mate within `n` of its moves, trying every move and every
/// reply: slow, simple, and independent of the search.
fn forces_mate(p: &Position, n: u32) -> bool {
    n > 0
        && p.legal_moves().iter().any(|m| {
            let after = p.play(m).expect("legal moves play");
            let replies = after.legal_moves();
            if replies.is_empty() {
                return after.in_check();
            }
            n > 1
                && replies
                    .iter()
                    .all(|r| forces_mate(&after.play(r).expect("legal moves play"), n - 1))
        })
}

#[test]
fn mates_in_one_and_two() {
    // Back-rank mates: Rd8#; and Re8+ Rxe8 Rxe8#, which has no mate in one.
    let cases = [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", "none", 1, "Rd8#"),
        (
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "stungun",
            1,
            "Rd8#",
        ),
        (
            "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1",
            "none",
            2,
            "Re8+",
        ),
        (
            "2r3k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1",
            "castle-anytime",
            2,
            "Re8+",
        ),
    ];
    for (fen, names, n, first) in cases {
        let p = pos(fen, names);
        assert!(forces_mate(&p, n), "{fen} {names}: no mate in {n}");
        assert!(
            !forces_mate(&p, n - 1),
            "{fen} {names}: a mate in {}",
            n - 1
        );
        let analysis = analyse_fide(&p, &depth(2 * n), 1, &never());
        assert_eq!(
            analysis.report.score,
            Score::Mate(n as i32),
            "{fen} {names}"
        );
        assert_eq!(analysis.best.as_deref(), Some(first), "{fen} {names}");
    }
}

/// WAC positions the search solves at every depth from 2 to 5.
#[test]
fn win_at_chess_at_depth_four() {
    let ids = [
        "WAC.004", "WAC.010", "WAC.011", "WAC.020", "WAC.022", "WAC.041", "WAC.045", "WAC.056",
    ];
    for id in ids {
        let line = WAC
            .lines()
            .find(|l| l.contains(&format!("id \"{id}\"")))
            .unwrap_or_else(|| panic!("{id} is in the suite"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        let fen = format!("{} 0 1", fields[..4].join(" "));
        let p = pos(&fen, "none");
        let ops = fields[4..].join(" ");
        let best: Vec<Move> = ops
            .split(';')
            .filter_map(|op| op.trim().strip_prefix("bm "))
            .flat_map(str::split_whitespace)
            .map(|m| san::parse(&p, m).unwrap_or_else(|e| panic!("{id} {m}: {e}")))
            .collect();
        let report = search(&p, &depth(4), 1, &never());
        let found = report.best.expect("a move");
        assert!(
            best.contains(&found),
            "{id}: played {}, the suite's best is {ops}",
            san::write(&p, &found)
        );
    }
}

#[test]
fn every_level_plays_a_legal_move_under_each_mix() {
    let fens = [START];
    let stop = never();
    for names in MIXES {
        for fen in fens {
            let game = FideGame::from_position(pos(fen, names));
            for (i, level) in Level::ALL.into_iter().enumerate() {
                let think = Think {
                    level,
                    // The top levels stop on time: a short budget keeps the test quick,
                    // and the move must be legal however the search was cut short.
                    budget: Duration::from_millis(5),
                    seed: 7 + i as u64,
                };
                let (m, _) = choose_fide(&game, &think, &stop)
                    .unwrap_or_else(|| panic!("{names} {fen}: no move at level {level}"));
                let mut played = game.clone();
                played.play(m).unwrap_or_else(|e| {
                    panic!("{names} {fen}: level {level} chose {m:?}, refused: {e}")
                });
            }
        }
    }
}

#[test]
fn stalemate_scores_nothing() {
    // Black to move: the king on h8 has no square and no other piece.
    let fen = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    for names in ["none", "warhead,stungun", "train,familiarity"] {
        let p = pos(fen, names);
        let analysis = analyse_fide(&p, &depth(3), 1, &never());
        assert_eq!(analysis.report.best, None, "{names}");
        assert_eq!(analysis.report.score, Score::Cp(0), "{names}");
        let game = FideGame::from_position(p);
        assert_eq!(
            game.result().map(|o| o.reason),
            Some(EndReason::Stalemate),
            "{names}"
        );
    }
    // One move earlier White, a queen up, stalemates with Qf7 and mates with Qf8#.
    let before = pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "none");
    let stalemate = play(&before, "Qf7");
    assert_eq!(
        analyse_fide(&stalemate, &depth(1), 1, &never())
            .report
            .score,
        Score::Cp(0)
    );
    let analysis = analyse_fide(&before, &depth(2), 1, &never());
    assert_eq!(analysis.best.as_deref(), Some("Qf8#"));
    assert_eq!(analysis.report.score, Score::Mate(1));
}

#[test]
fn extinction_loses() {
    // Black's only bishop-mover is the bishop on b4: under Movewise extinction Rxb4 ends the
    // game, though in FIDE chess it gives the exchange for a bishop.
    let fen = "r5k1/5ppp/2n5/8/1b6/8/5PPP/1R1N1BK1 w - - 0 1";
    let extinction = pos(fen, "movewise-extinction");
    let analysis = analyse_fide(&extinction, &depth(2), 1, &never());
    assert_eq!(analysis.report.score, Score::Mate(1));
    assert_eq!(analysis.best.as_deref(), Some("Rxb4"));
    let fide = analyse_fide(&pos(fen, "none"), &depth(2), 1, &never());
    assert_ne!(fide.best.as_deref(), Some("Rxb4"));

    // After it Black has lost: no move, and the game says so.
    let after = play(&extinction, "Rxb4");
    let analysis = analyse_fide(&after, &depth(2), 1, &never());
    assert_eq!(analysis.report.best, None);
    assert_eq!(analysis.report.score, Score::Mate(0));
    let game = FideGame::from_position(after);
    let outcome = game.result().expect("the game is over");
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Some(Color::White), EndReason::Extinction)
    );
    let think = Think::new(Level::MIN, 1);
    assert!(choose_fide(&game, &think, &never()).is_none());
}

/// Black is a queen and two rooks up, but White checks for ever: Qd8+ Kh7 Qh4+ Kg8 and the
/// position is back (the f5 pawn takes g6 from the king).
const PERPETUAL: &str = "6k1/5pp1/8/5P2/7Q/r7/rq4PP/7K w - - 0 1";

#[test]
fn a_repetition_is_a_draw() {
    let p = pos(PERPETUAL, "none");
    let analysis = analyse_fide(&p, &depth(4), 1, &never());
    assert_eq!(analysis.best.as_deref(), Some("Qd8+"));
    assert_eq!(analysis.report.score, Score::Cp(0));

    // One ply deep the search can't see the position come back by itself...
    let shallow = analyse_fide(&p, &depth(1), 1, &never());
    assert!(
        matches!(shallow.report.score, Score::Cp(cp) if cp < -500),
        "{:?}",
        shallow.report.score
    );
    // ...but in a game where it came before, the game's history says Qd8+ repeats it.
    let mut game = FideGame::from_position(p);
    for m in ["Qd8+", "Kh7", "Qh4+", "Kg8"] {
        game.play_text(m).expect("the perpetual's moves are legal");
    }
    assert_eq!(
        (game.position().board(), game.position().turn()),
        (p.board(), p.turn())
    );
    assert!(!game.is_over());
    let think = Think::new(Level::MIN, 1);
    let (m, report) = choose_fide(&game, &think, &never()).expect("a move");
    assert_eq!(san::write(game.position(), &m), "Qd8+");
    assert_eq!(report.score, Score::Cp(0));
}

#[test]
fn the_same_seed_and_limits_give_the_same_move() {
    let fens = [
        START,
        "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/3P1N2/PPP2PPP/RNBQK2R w KQkq - 0 5",
    ];
    for names in ["none", "warhead,stungun", "camp-follower-3"] {
        for fen in fens {
            let p = pos(fen, names);
            let limits = Limits {
                depth: Some(3),
                nodes: Some(2_000),
                ..Limits::default()
            };
            let first = search(&p, &limits, 42, &never());
            let again = search(&p, &limits, 42, &never());
            assert_eq!(
                (first.best, first.score, &first.pv, first.nodes, first.depth),
                (again.best, again.score, &again.pv, again.nodes, again.depth),
                "{names} {fen}"
            );
            // The weaker levels are bounded by depth and nodes, and blur by the seed alone.
            let game = FideGame::from_position(p);
            for level in [Level::MIN, Level::new(2).expect("a level")] {
                let think = Think {
                    level,
                    budget: Duration::from_secs(600),
                    seed: 9,
                };
                let a = choose_fide(&game, &think, &never()).map(|(m, r)| (m, r.score));
                let b = choose_fide(&game, &think, &never()).map(|(m, r)| (m, r.score));
                assert_eq!(a, b, "{names} {fen} level {level}");
            }
        }
    }
}

#[test]
fn short_arena_games_finish_without_an_illegal_move() {
    // play_game panics on a move the game refuses, so finishing is the test.
    for names in ["none", "warhead,stungun,battle-fatigue-2"] {
        let setting = Setting {
            max_plies: 60,
            ..Setting::fide(variants(names))
        };
        let computer = Player::Computer(Level::MIN, Duration::from_millis(500));
        let score = play_match(computer, Player::Random, 2, &setting, 3);
        assert_eq!(score.games(), 2, "{names}");
    }
}
