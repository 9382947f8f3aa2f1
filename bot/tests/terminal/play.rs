//! `csipgs play` as a newcomer runs it: piped input is read exactly as typed input, and
//! options that cannot make a game are refused before the prompt, with exit status 2.

use crate::cli;

use cli::typed;

/// Sixty turns piped in at once are all played: the terminal has no flood limit (one
/// person at one keyboard).
#[test]
fn sixty_piped_turns_are_all_played() {
    let turns = ["Kd2", "Kd7", "Ke1", "Ke8"].repeat(15).join("\n");
    let (code, out, err) = typed(
        &["play", "--picture", "board.png"],
        &format!("{turns}\n/quit\n"),
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(!out.contains("(only you see this)"), "{out}");
    assert!(!out.contains("faster"), "{out}");
    assert_eq!(out.matches("played Kd2").count(), 15, "{out}");
    assert_eq!(out.matches("played Ke8").count(), 15, "{out}");
}

/// Options that cannot make a game: one line on standard error naming what is wrong, exit
/// status 2, and no prompt.
#[test]
fn options_that_make_no_game_are_refused_before_the_prompt() {
    let cases: &[(&[&str], &str)] = &[
        (&["--game", "fide", "--variants", "warhead,nope"], "nope"),
        (&["--variants", "warhead"], "variants"),
        (&["--game", "fide", "--rules", "kurnia"], "fide"),
        (&["--game", "fide", "--fog"], "fog"),
    ];
    for (options, named) in cases {
        let mut args = vec!["play", "--picture", "board.png"];
        args.extend_from_slice(options);
        let (code, out, err) = typed(&args, "e4\n/quit\n");
        assert_eq!(code, Some(2), "{options:?}: {out}{err}");
        assert_eq!(err.trim().lines().count(), 1, "{options:?}: {err}");
        assert!(
            err.to_lowercase().contains(named),
            "{options:?} names {named}: {err}"
        );
        assert!(!out.contains("> "), "{options:?}: no prompt: {out}");
    }
}

/// A game kept in a database: resumed, it shows its board and whose turn it is, under the
/// names it was started with; an option that would change it is refused, changing nothing.
#[test]
fn a_resumed_game_shows_its_board_and_refuses_other_terms() {
    let dir = std::env::temp_dir().join(format!("csipgs-resume-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("game.db");
    let db = db.to_str().unwrap();
    let base = ["play", "--picture", "board.png", "--database", db];
    fn with<'a>(base: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
        [base, more].concat()
    }

    let (code, _, err) = typed(
        &with(&base, &["--white", "Ann", "--rules", "kurnia"]),
        "Kd2\n/quit\n",
    );
    assert_eq!(code, Some(0), "{err}");

    let (code, out, err) = typed(&with(&base, &[]), "/quit\n");
    assert_eq!(code, Some(0), "{err}");
    let resumed = out.split("Resuming the game").nth(1).expect("resumed");
    assert!(
        resumed.contains("Ann (White) vs Player 2 (Black)"),
        "{resumed}"
    );
    assert!(resumed.contains("kurnia rules"), "{resumed}");
    assert!(resumed.contains("Turn 2: Black to move."), "{resumed}");
    assert!(resumed.contains("Black (Player 2)> "), "{resumed}");

    for (more, named) in [
        (&["--rules", "classic"][..], "--rules classic"),
        (&["--white", "Bea"][..], "--white Bea"),
        (&["--game", "fide"][..], "--game fide"),
        (&["--time", "15m+10s"][..], "--time 15m+10s"),
        (&["--computer", "black"][..], "--computer black"),
    ] {
        let (code, out, err) = typed(&with(&base, more), "Kd7\n/quit\n");
        assert_eq!(code, Some(2), "{more:?}: {out}{err}");
        assert!(err.contains(named), "{more:?}: {err}");
        assert!(err.contains("Leave it out to resume it"), "{err}");
        assert!(!out.contains("> "), "{more:?}: no prompt: {out}");
    }
    // Nothing changed: Black is still to move.
    let (_, out, _) = typed(&with(&base, &[]), "/quit\n");
    assert!(out.contains("Turn 2: Black to move."), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Control and bidirectional characters typed as names or commands never reach the
/// terminal raw: an escape sequence can't recolour it.
#[test]
fn control_characters_are_neutralised_on_the_way_out() {
    let (code, out, err) = typed(
        &["play", "--picture", "board.png", "--black", "Eve\u{1b}[31m"],
        "Kd2\n/move \u{1b}[31mKd7\u{202e}\n/quit\n",
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(
        !out.contains('\u{1b}') && !out.contains('\u{202e}'),
        "{out:?}"
    );
    assert!(out.contains("Eve\u{fffd}[31m"), "{out}");
    let (code, _, err) = cli::run(&["price", "W\u{1b}[31mB"]);
    assert_eq!(code, Some(2));
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains('\u{fffd}'), "{err}");
}
