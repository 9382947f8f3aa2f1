//! `csipgs analyse` and `csipgs match` as scripts call them: the built binary, its last
//! line and its exit status (0 fine, 2 unusable input).

use crate::cli;

use cli::run;

/// White mates at once with Ra8#.
const MATE_IN_ONE: &str = "7k/8/6K1/8/8/8/8/R7 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 20";
/// Black is checkmated and can't buy: no legal turn.
const MATED: &str = "7k/6Q1/6K1/8/8/8/8/8 b 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 21";

/// The last line of standard output.
fn last_line(out: &str) -> &str {
    out.lines().last().expect("some output")
}

/// `best <turn> score <cp N | mate N> depth D nodes N time_ms T`, read back.
#[derive(Debug)]
struct Summary {
    best: String,
    score: (String, i32),
    depth: u32,
    nodes: u64,
}

fn parse_summary(line: &str) -> Summary {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.len(), 11, "{line}");
    assert_eq!(
        [words[0], words[2], words[5], words[7], words[9]],
        ["best", "score", "depth", "nodes", "time_ms"],
        "{line}"
    );
    assert!(["cp", "mate"].contains(&words[3]), "{line}");
    let _time_ms: u64 = words[10].parse().expect("time_ms is a number");
    Summary {
        best: words[1].to_string(),
        score: (words[3].to_string(), words[4].parse().expect("a score")),
        depth: words[6].parse().expect("a depth"),
        nodes: words[8].parse().expect("a node count"),
    }
}

#[test]
fn analyse_finds_mate_in_one() {
    let (code, out, err) = run(&["analyse", MATE_IN_ONE, "--depth", "3"]);
    assert_eq!(code, Some(0), "{err}");
    let last = last_line(&out);
    assert!(last.starts_with("best Ra8# score mate 1 "), "{out}");
    let summary = parse_summary(last);
    assert_eq!(summary.best, "Ra8#");
    assert_eq!(summary.score, ("mate".to_string(), 1));
    assert!((1..=3).contains(&summary.depth), "{summary:?}");
    assert!(summary.nodes > 0, "{summary:?}");
    assert!(out.contains("best turn: Ra8#"), "{out}");
    assert!(out.contains("White mates in 1"), "{out}");
    assert!(out.contains("line: 20.Ra8#"), "{out}");
}

#[test]
fn analyse_with_a_time_limit_gives_a_move_from_the_start() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    let (code, out, err) = run(&["analyse", start, "--time", "0.2", "--seed", "7"]);
    assert_eq!(code, Some(0), "{err}");
    let summary = parse_summary(last_line(&out));
    assert_ne!(summary.best, "none");
    assert_eq!(summary.score.0, "cp", "{out}");
    assert!(summary.depth >= 1);
}

#[test]
fn analyse_of_a_position_without_a_legal_turn() {
    let (code, out, err) = run(&["analyse", MATED, "--depth", "2"]);
    assert_eq!(code, Some(0), "{err}");
    assert!(last_line(&out).starts_with("best none score "), "{out}");
    parse_summary(last_line(&out));
    assert!(out.contains("Black has lost"), "{out}");
}

#[test]
fn analyse_refuses_bad_limits_and_positions() {
    for depth in ["0", "31", "deep"] {
        let (code, _, err) = run(&["analyse", MATE_IN_ONE, "--depth", depth]);
        assert_eq!(code, Some(2), "{depth}");
        assert!(err.contains("from 1 to 30"), "{err}");
    }
    for time in ["0", "-1", "601", "soon", "NaN"] {
        let (code, _, err) = run(&["analyse", MATE_IN_ONE, &format!("--time={time}")]);
        assert_eq!(code, Some(2), "{time}");
        assert!(err.contains("more than 0 and at most 600"), "{err}");
    }
    let (code, out, err) = run(&["analyse", "8/8/8 w", "--depth", "1"]);
    assert_eq!(code, Some(2));
    assert!(out.is_empty(), "{out}");
    assert!(!err.trim().is_empty());
    let (code, _, err) = run(&["analyse", MATE_IN_ONE, "--rules", "chaos"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("chaos"), "{err}");
}

#[test]
fn match_of_level_two_against_random() {
    let (code, out, err) = run(&[
        "match",
        "--white-level",
        "2",
        "--black-level",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("level 2 vs random over 2 games: "),
        "{out}"
    );
    assert!(
        lines[1].starts_with("longest turn: ")
            && lines[1].ends_with("of the 2000 ms a turn may take"),
        "{out}"
    );
    let words: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(words.len(), 9, "{out}");
    assert_eq!(
        [words[0], words[3], words[5], words[7]],
        ["score", "wins", "losses", "draws"]
    );
    let a: f64 = words[1].parse().expect("A's points");
    let b: f64 = words[2].parse().expect("B's points");
    let count = |i: usize| -> u32 { words[i].parse().expect("a count") };
    let (wins, losses, draws) = (count(4), count(6), count(8));
    assert_eq!(wins + losses + draws, 2);
    assert_eq!(a + b, 2.0);
    assert_eq!(a, f64::from(wins) + f64::from(draws) / 2.0);
    // The same seed plays the same games.
    let (_, again, _) = run(&[
        "match",
        "--white-level=2",
        "--black-level=random",
        "--games=2",
        "--seed=1",
    ]);
    // The same games and score; the longest turn is the machine's.
    let games = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| !l.starts_with("longest turn: "))
            .map(str::to_string)
            .collect()
    };
    assert_eq!(games(&again), games(&out));
}

#[test]
fn match_takes_the_yardsticks_on_either_side() {
    let (code, out, err) = run(&[
        "match",
        "--white-level",
        "random",
        "--black-level",
        "greedy",
        "--games",
        "1",
        "--seed",
        "3",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("random vs greedy over 1 game: "), "{out}");
    assert!(last_line(&out).starts_with("score "), "{out}");
}

#[test]
fn match_refuses_bad_levels_games_and_times() {
    let base = |white: &str, black: &str, games: &str, time: &str| {
        run(&[
            "match",
            "--white-level",
            white,
            "--black-level",
            black,
            "--games",
            games,
            "--time",
            time,
        ])
    };
    for level in ["0", "7", "strong"] {
        let (code, _, err) = base(level, "1", "1", "1");
        assert_eq!(code, Some(2), "{level}");
        assert!(
            err.contains("1 (easiest) to 6 (strongest), or random or greedy"),
            "{err}"
        );
        let (code, _, err) = base("1", level, "1", "1");
        assert_eq!(code, Some(2), "{level}");
        assert!(err.contains("--black-level"), "{err}");
    }
    for games in ["0", "10001", "many"] {
        let (code, _, err) = base("1", "1", games, "1");
        assert_eq!(code, Some(2), "{games}");
        assert!(err.contains("from 1 to 10000"), "{err}");
    }
    let (code, _, err) = base("1", "1", "1", "0");
    assert_eq!(code, Some(2));
    assert!(err.contains("more than 0 and at most 600"), "{err}");
    let (code, _, err) = run(&["match", "--white-level", "1", "--black-level", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--games"), "{err}");
}
