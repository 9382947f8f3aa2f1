//! The first hour, round 2: what a newcomer met in the terminal and on the command line
//! (the board from the wrong side, colour words for names, Discord's words, files and codes
//! nobody asked for, exit statuses), each through the real binary.

use crate::cli::{typed, typed_in};

/// The output of `csipgs play ARGS` typed `lines`, and its exit status.
fn play(args: &[&str], lines: &[&str]) -> (Option<i32>, String) {
    let mut full = vec!["play"];
    full.extend_from_slice(args);
    let (code, out, err) = typed(&full, &format!("{}\n/quit\n", lines.join("\n")));
    (code, format!("{out}{err}"))
}

/// The header of every text board in `out`: "a  b ..." from White's side, "h  g ..." from
/// Black's.
fn sides(out: &str) -> Vec<&'static str> {
    out.lines()
        .filter_map(|l| match l.trim() {
            t if t.starts_with("a  b  c") => Some("white"),
            t if t.starts_with("h  g  f") => Some("black"),
            _ => None,
        })
        .collect()
}

#[test]
fn against_the_computer_every_board_faces_the_player() {
    let (code, out) = play(
        &["--computer", "white", "--level", "1", "--no-picture"],
        &["Ke7", "/board", "/resign", "/press 1"],
    );
    assert_eq!(code, Some(0), "{out}");
    let seen = sides(&out);
    assert!(seen.len() >= 8, "{out}");
    assert!(seen.iter().all(|&s| s == "black"), "{seen:?}\n{out}");
    // The prompt names the side first, then its player, as every status line does.
    assert!(out.contains("Black (Player)> "), "{out}");
    assert!(
        !out.contains("(written to"),
        "--no-picture writes nothing: {out}"
    );
}

#[test]
fn names_are_seats_not_colours() {
    let (code, out) = play(&[], &["Kd2", "Ke7", "/abort", "/rematch", "/history"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("White (Player 1)> "), "{out}");
    assert!(out.contains("Black (Player 2)> "), "{out}");
    // After the rematch Player 2 has White: no "White (Black)".
    assert!(out.contains("White (Player 2)> "), "{out}");
    assert!(!out.contains("White (Black)"), "{out}");
    for blank in [["--white", ""], ["--black", "  "]] {
        let (code, said) = play(&blank, &[]);
        assert_eq!(code, Some(2), "{blank:?}: {said}");
        assert!(said.contains(&format!("{} is empty", blank[0])), "{said}");
    }
}

#[test]
fn the_terminal_speaks_of_flags_and_keyboards_not_of_discord() {
    for (args, flag) in [
        (&["--variants", "warhead"][..], "add --game fide"),
        (&["--computer", "black", "--proposals"][..], "--proposals"),
    ] {
        let (code, said) = play(args, &[]);
        assert_eq!(code, Some(2), "{args:?}: {said}");
        assert!(said.contains(flag), "{args:?}: {said}");
        assert!(
            !said.contains("game:fide") && !said.contains("a member"),
            "{said}"
        );
    }
    let (_, fog) = play(&["--fog"], &["/rules"]);
    assert!(!fog.contains("by DM"), "{fog}");
    assert!(fog.contains("when the keyboard passes to you"), "{fog}");
    // A draw offered passes the keyboard to the player it is offered to, to answer it.
    let (code, drawn) = play(&[], &["/draw", "/press 1"]);
    assert_eq!(code, Some(0), "{drawn}");
    assert!(drawn.contains("Black (Player 2)> "), "{drawn}");
    assert!(drawn.contains("draw"), "{drawn}");
    assert!(drawn.contains("1/2-1/2") || drawn.contains("½"), "{drawn}");
}

#[test]
fn rules_clocks_and_two_redesigns() {
    let (_, fide) = play(
        &["--game", "fide", "--variants", "warhead,stungun"],
        &["/rules"],
    );
    assert!(fide.contains("FIDE chess in brief"), "{fide}");
    assert!(fide.contains("- warhead: pawn double step"), "{fide}");
    assert!(!fide.contains("zorkmid"), "{fide}");
    let (_, timed) = play(&["--time", "15m+10s", "--no-picture"], &["Kd2"]);
    assert!(timed.contains("Clocks: White 15:"), "{timed}");
    let (_, two) = play(&["--no-picture"], &["/move Kd2 B=WD Q=QN"]);
    assert!(two.contains("a turn replaces at most one design"), "{two}");
}

#[test]
fn a_file_that_is_not_there_is_status_3() {
    let dir = std::env::temp_dir().join(format!("csipgs-first-hour-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for args in [
        &["serve", "--config", "missing.toml"][..],
        &["backup", "--database", "missing.db", "--to", "copy.db"][..],
        &["migrate-db", "--from", "missing.db", "--to", "new.db"][..],
        &["forget", "--database", "missing.db", "5"][..],
        &["pair", "missing.trf"][..],
        &["replay", "missing.txt"][..],
    ] {
        let (code, _, err) = typed_in(&dir, args, b"");
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert!(!err.is_empty(), "{args:?}");
    }
    // Nothing was made by a command that found nothing to read.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_resumed_after_its_clock_ran_out_is_lost_on_time() {
    let dir = std::env::temp_dir().join(format!("csipgs-flag-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let args = [
        "play",
        "--database",
        "game.db",
        "--time",
        "15m+10s",
        "--no-picture",
    ];
    let (code, _, err) = typed_in(&dir, &args, b"Kd2\n/quit\n");
    assert_eq!(code, Some(0), "{err}");
    // Put the game away for an hour: its clock's turn began 3,600 s earlier.
    let url = format!("sqlite://{}", dir.join("game.db").display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        use sqlx::Connection;
        let mut db = sqlx::SqliteConnection::connect(&url).await.unwrap();
        let clock: String = sqlx::query_scalar("SELECT clock FROM games")
            .fetch_one(&mut db)
            .await
            .unwrap();
        let mut clock: serde_json::Value = serde_json::from_str(&clock).unwrap();
        clock["since"] = (clock["since"].as_i64().unwrap() - 3600).into();
        sqlx::query("UPDATE games SET clock = $1")
            .bind(clock.to_string())
            .execute(&mut db)
            .await
            .unwrap();
    });
    let (code, out, err) = typed_in(&dir, &args[..3], b"/game\nKe7\n/quit\n");
    assert_eq!(code, Some(0), "{err}");
    // Before anything is typed the game is over: no "0:00 (running)", no turn taken.
    let first = out.split("> ").nth(1).unwrap_or_default();
    assert!(out.contains("ran out of time"), "{out}");
    assert!(!out.contains("(running)"), "{out}");
    assert!(!first.contains("played Ke7"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn pictures_go_where_they_are_asked_and_as_what_they_are_named() {
    let dir = std::env::temp_dir().join(format!("csipgs-pictures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,N,B,R,Q,K/P,N,B,R,Q,K 1";
    // `-o -` is standard output: PNG bytes there, no file named "-".
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_csipgs"))
        .args(["render", start, "-o", "-"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(&out.stdout[1..4], b"PNG");
    assert!(!dir.join("-").exists());
    // A name that says another format is refused, and nothing written.
    let (code, _, err) = typed_in(&dir, &["render", start, "-o", "board.jpg"], b"");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("ends in .png"), "{err}");
    assert!(!dir.join("board.jpg").exists());
    // Six of one design: one message, said once.
    let sixes = "4k3/8/8/8/8/8/8/4K3 w 0/0 -/- P,P,P,P,P,P/P,N,B,R,Q,K 1";
    let (code, _, err) = typed_in(&dir, &["render", sixes, "-o", "b.png"], b"");
    assert_eq!(code, Some(2), "{err}");
    assert_eq!(err.matches("appears more than once").count(), 1, "{err}");
    // The computer plays both families: match and analyse offer --game and --variants.
    for sub in ["match", "analyse"] {
        let (_, help, _) = typed_in(&dir, &[sub, "--help"], b"");
        assert!(
            help.contains("--game <") && help.contains("--variants"),
            "{help}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_reads_one_text_record_and_says_what_else_it_was_given() {
    let dir = std::env::temp_dir().join(format!("csipgs-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sample = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../engine/tests/fixtures/games/sample48.txt"),
    )
    .unwrap();
    let replay = |name: &str, bytes: &[u8], more: &[&str]| {
        std::fs::write(dir.join(name), bytes).unwrap();
        let mut args = vec!["replay", name];
        args.extend_from_slice(more);
        let (code, out, err) = typed_in(&dir, &args, b"");
        (code, format!("{out}{err}"))
    };
    // Old Mac line endings replay as any other.
    let (code, said) = replay("cr.txt", sample.replace('\n', "\r").as_bytes(), &[]);
    assert_eq!(code, Some(0), "{said}");
    let mut latin = b"[Ruleset \"classic\"]\n[White \"Ren\xe9\"]\n".to_vec();
    latin.extend_from_slice(b"\n1.Kd2\n");
    let (code, said) = replay("latin.txt", &latin, &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("line 2 is not UTF-8 text"), "{said}");
    let (code, said) = replay("empty.txt", b"\n  \n", &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("the file is empty"), "{said}");
    let (code, said) = replay("two.txt", format!("{sample}\n{sample}").as_bytes(), &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("holds 2 games"), "{said}");
    let pgn = "[Event \"Casual\"]\n[Site \"?\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n";
    let (code, said) = replay("game.pgn", pgn.as_bytes(), &[]);
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("replay it with --game fide"), "{said}");
    let (code, said) = replay("game.pgn", pgn.as_bytes(), &["--game", "fide"]);
    assert_eq!(code, Some(0), "{said}");
    let two_pgn = format!("{pgn}\n{pgn}");
    let (code, said) = replay("two.pgn", two_pgn.as_bytes(), &["--game", "fide"]);
    assert_eq!(code, Some(2), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn at_a_terminal_the_up_arrow_brings_back_an_earlier_line() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let dir = std::env::temp_dir().join(format!("csipgs-editing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // `script` (util-linux) gives the game a terminal, as a person's.
    let play = format!("{} play --no-picture", env!("CARGO_BIN_EXE_csipgs"));
    let mut child = Command::new("script")
        .args(["-qfc", &play, "/dev/null"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("script, from util-linux, runs");
    let mut keys = child.stdin.take().unwrap();
    // /game, a turn, then Up twice (the turn, then /game) and Enter at Black's prompt.
    for typed in ["/game\r", "Kd2\r", "\x1b[A\x1b[A\r", "/quit\r"] {
        std::thread::sleep(std::time::Duration::from_millis(700));
        keys.write_all(typed.as_bytes()).unwrap();
        keys.flush().unwrap();
    }
    drop(keys);
    let out = child.wait_with_output().unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    // /game, brought back on Black's turn, says whose turn it is in its own words.
    assert!(said.contains("Turn 2: Black to move (Player 2)"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
