//! A newcomer's first sessions of `csipgs play`, typed as the README shows them: two players
//! at one keyboard, against the computer, FIDE chess, a fog game and a clock. The board is
//! checked after each turn, and nothing a person would not be told comes back: no refusal,
//! no usage line, and none of Discord's words (channels, servers, /challenge).

use crate::cli;

use cli::typed;

/// What a newcomer following the README should never read in the terminal.
const NOT_FOR_THE_TERMINAL: &[&str] = &[
    "usage:",
    "unknown command",
    "is not a",
    "There is no",
    "is for Discord",
    "channel",
    "server",
    "/challenge",
    "only you see this",
    "faster than",
    "1 zorkmids",
];

/// Plays `lines` through `csipgs play ARGS`: exit status 0, and the whole output, checked
/// for words the terminal should not say.
fn session(args: &[&str], lines: &[&str]) -> String {
    let mut full = vec!["play", "--picture", "board.png"];
    full.extend_from_slice(args);
    let input = format!("{}\n/quit\n", lines.join("\n"));
    let (code, out, err) = typed(&full, &input);
    assert_eq!(code, Some(0), "{args:?}: {err}\n{out}");
    assert!(err.is_empty(), "{args:?}: {err}");
    for word in NOT_FOR_THE_TERMINAL {
        assert!(!out.contains(word), "{args:?} said {word:?}:\n{out}");
    }
    out
}

/// The output from the `n`th prompt on (0: before the first): what one typed line got.
fn answer(out: &str, n: usize) -> &str {
    let mut at = 0;
    for _ in 0..n {
        at += out[at..].find("> ").expect("a prompt") + 2;
    }
    let end = out[at..].find("> ").map_or(out.len(), |e| at + e);
    &out[at..end]
}

/// What the last text board in `text` shows on `square` ('.' empty, '~' out of sight),
/// read from either side: the board's own file letters and rank numbers say where it is.
fn at(text: &str, square: &str) -> char {
    let (file, rank) = (square.chars().next().unwrap(), &square[1..]);
    let lines: Vec<&str> = text.lines().collect();
    let header = lines
        .iter()
        .rposition(|l| l.trim_start().starts_with("a  b") || l.trim_start().starts_with("h  g"))
        .expect("a text board");
    // The header is printed above and below: the board is the eight rows before the last.
    let files: Vec<char> = lines[header]
        .split_whitespace()
        .map(|w| w.chars().next().unwrap())
        .collect();
    let column = files
        .iter()
        .position(|&f| f == file)
        .expect("a file letter");
    let row = lines[header - 8..header]
        .iter()
        .find(|l| l.split_whitespace().next() == Some(rank))
        .expect("the rank");
    row.split_whitespace()
        .nth(column + 1)
        .unwrap()
        .chars()
        .next()
        .unwrap()
}

#[test]
fn two_players_at_one_keyboard() {
    let out = session(
        &["--rules", "kurnia", "--white", "Alice", "--black", "Bob"],
        &[
            "Kd2",
            "Ke7",
            "/move Kd3 redesign:N=FA",
            "/buy P",
            "/board ply:1",
            "/game",
            "/abort",
            "/rematch",
            "Kd2",
        ],
    );
    assert!(
        out.contains("Alice (White) vs Bob (Black), kurnia rules"),
        "{out}"
    );
    let first = answer(&out, 1);
    assert!(first.contains("Alice (White) played Kd2"), "{first}");
    assert_eq!(at(first, "d2"), 'K', "{first}");
    assert!(first.contains("Turn 2: Black to move."), "{first}");
    let second = answer(&out, 2);
    assert_eq!(at(second, "e7"), 'k', "{second}");
    // A Discord-style named option redesigns the N slot.
    let third = answer(&out, 3);
    assert!(third.contains("Kd3"), "{third}");
    assert!(third.contains("FA"), "{third}");
    let bought = answer(&out, 4);
    assert!(bought.contains("Bob (Black) played Buy P"), "{bought}");
    let looked_back = answer(&out, 5);
    assert!(
        looked_back.contains("Turn 2: Black to move."),
        "{looked_back}"
    );
    assert!(answer(&out, 6).contains("Turn 5: White to move"), "{out}");
    assert!(
        answer(&out, 7).contains("/rematch starts a new one"),
        "{out}"
    );
    // The rematch starts at once, colours swapped: nobody has to press Accept.
    let rematch = answer(&out, 8);
    assert!(
        rematch.contains("Game on! Bob (White) vs Alice (Black)"),
        "{rematch}"
    );
    let again = answer(&out, 9);
    assert!(again.contains("Bob (White) played Kd2"), "{again}");
}

#[test]
fn against_the_computer() {
    let out = session(
        &["--computer", "black", "--level", "1"],
        &["Kd2", "Kd3", "/buy N"],
    );
    for n in 1..=3 {
        let turn = answer(&out, n);
        assert!(turn.contains("Computer (Black)"), "turn {n}: {turn}");
        assert!(turn.contains(" a  b  c  d  e  f  g  h"), "turn {n}: {turn}");
    }
    assert!(
        answer(&out, 3).contains("Player (White) played Buy N"),
        "{out}"
    );
}

#[test]
fn fide_chess_with_variants() {
    // Under warhead a pawn's double step is two captures: a newcomer's e4 is answered with
    // the pawn moves there are.
    let out = session(
        &["--game", "fide", "--variants", "warhead,stungun"],
        &["e3", "e6", "Nf3"],
    );
    assert!(out.contains("FIDE chess with warhead, stungun"), "{out}");
    assert_eq!(at(answer(&out, 1), "e3"), 'P', "{out}");
    assert_eq!(at(answer(&out, 2), "e6"), 'p', "{out}");
    assert_eq!(at(answer(&out, 3), "f3"), 'N', "{out}");
    assert_eq!(at(answer(&out, 3), "g1"), '.', "{out}");
}

#[test]
fn a_fog_game_passes_the_keyboard() {
    let out = session(&["--fog"], &["Kd2", "", "", "Ke7", "", "", "/board"]);
    // Into a pipe, the screen is "cleared" with line breaks, never control codes.
    assert!(!out.contains('\x1b'), "{out:?}");
    // Black sits down after the keyboard was passed, and sees their own board as it is
    // now, not the one from before White's turn.
    let sat_down = "then press Enter.";
    let black = out.split(sat_down).nth(1).expect("Black's screen");
    assert!(!black.contains("Turn 1: White to move."), "{black}");
    assert!(black.contains("Turn 2: Black to move."), "{black}");
    assert!(black.contains("(for Player 2 only)"), "{black}");
    assert!(black.contains(" 8  ~  ~  .  k  .  ~  ~  ~  8"), "{black}");
    let white = out.split(sat_down).nth(2).expect("White's screen");
    assert!(white.contains("Turn 3: White to move."), "{white}");
    assert!(
        !white.contains(" k "),
        "White never sees Black's king: {white}"
    );
}

#[test]
fn a_game_with_a_clock() {
    let out = session(&["--time", "15m+10s"], &["Kd2", "/game"]);
    let game = answer(&out, 2);
    assert!(game.contains("Clock (15m+10s): White 15:"), "{game}");
    assert!(game.contains("Black 1"), "{game}");
    assert!(game.contains("(running)"), "{game}");
}
