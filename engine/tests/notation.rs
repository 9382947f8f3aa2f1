//! Reading designs: errors a player can act on, equality by meaning, the canonical form.

use engine::notation::MAX_DESIGN_LEN;
use engine::{Color, Design, NotationError, Prefix};

fn error(text: &str) -> NotationError {
    Design::parse(text).expect_err(text)
}

fn canonical(text: &str) -> String {
    Design::parse(text)
        .unwrap_or_else(|e| panic!("{text} should parse: {e}"))
        .canonical()
}

#[test]
fn errors_say_what_and_where() {
    for (text, starts) in [
        ("WfcX", "unknown atom 'X' at column 4"),
        ("royal-WfcX", "unknown atom 'X' at column 10"),
        ("P", "unknown atom 'P' at column 1"),
        ("Wq", "modifier 'q' is not part of the notation (column 2)"),
        (
            "fc(DqN)",
            "modifier 'q' is not part of the notation (column 5)",
        ),
        ("W()", "empty group at column 2"),
        ("fc()", "empty group at column 3"),
        ("(W", "unbalanced parenthesis at column 1"),
        ("fc(DN", "unbalanced parenthesis at column 3"),
        ("W)", "unbalanced parenthesis at column 2"),
        ("(W))", "unbalanced parenthesis at column 4"),
        (
            "fc",
            "the modifiers 'fc' at column 1 have no atom after them",
        ),
        (
            "(Wf)",
            "the modifiers 'f' at column 3 have no atom after them",
        ),
        ("RR", "'RR' at column 1: R is already a rider"),
        ("WQQ", "'QQ' at column 2: Q is already a rider"),
        ("NNN", "'NNN' at column 1: an atom can be doubled once"),
        ("W W", "' ' at column 2 is not part of the notation"),
        ("Wé", "'é' at column 2 is not part of the notation"),
        ("Ä", "'Ä' at column 1 is not part of the notation"),
        ("W+F", "'+' at column 2 is not part of the notation"),
        ("king-WF", "unknown prefix 'king'"),
        ("royal-royal-WF", "the prefix 'royal-' is written twice"),
        ("royal-", "nothing follows the prefixes"),
        ("", "the design is empty"),
        ("   ", "the design is empty"),
    ] {
        let message = error(text).to_string();
        assert!(
            message.starts_with(starts),
            "{text:?} gave {message:?}, expected it to start with {starts:?}"
        );
    }
}

#[test]
fn error_values_carry_the_column() {
    assert_eq!(
        error("WfcX"),
        NotationError::UnknownAtom {
            atom: 'X',
            column: 4
        }
    );
    assert_eq!(
        error("Wq"),
        NotationError::UnknownModifier {
            modifier: 'q',
            column: 2
        }
    );
    assert_eq!(error("W()"), NotationError::EmptyGroup { column: 2 });
    assert_eq!(
        error("(W"),
        NotationError::UnbalancedParenthesis { column: 1 }
    );
}

#[test]
fn length_limit() {
    let longest = "WF".repeat(MAX_DESIGN_LEN / 2);
    assert_eq!(
        Design::parse(&longest).unwrap(),
        Design::parse("WF").unwrap()
    );
    let too_long = format!("{longest}W");
    assert_eq!(error(&too_long), NotationError::TooLong(201));
    assert!(error(&too_long)
        .to_string()
        .contains("at most 200 characters"));
    // Characters are counted, not bytes.
    assert_eq!(error(&"é".repeat(201)), NotationError::TooLong(201));
    assert!(matches!(
        error(&"é".repeat(200)),
        NotationError::UnexpectedCharacter { column: 1, .. }
    ));
    assert_eq!(error(&"x".repeat(100_000)), NotationError::TooLong(100_000));
}

#[test]
fn equal_by_meaning() {
    for (a, b) in [
        ("WD", "DW"),
        ("Q", "BR"),
        ("Q", "RB"),
        ("fbD", "vD"),
        ("K", "WF"),
        ("C", "L"),
        ("WW", "R"),
        ("FF", "B"),
        ("mcN", "N"),
        ("fc(DN)", "fcNfcD"),
        ("fc(DN)", "f(cD)f(cN)"),
        // A group's direction letters don't pair with its members': f(sN) is f or s.
        ("f(sN)", "sfN"),
        ("f(lF)", "lfF"),
        ("sN", "fsbsN"),
        ("vN", "ffbbN"),
        ("lrW", "sW"),
        ("flfrF", "fF"),
        ("fbN", "N"),
        ("W(W)", "W"),
        ("royal-relay-WF", "relay-royal-FW"),
        (" WF ", "WF"),
    ] {
        assert_eq!(
            Design::parse(a).unwrap(),
            Design::parse(b).unwrap(),
            "{a} = {b}"
        );
    }
    for (a, b) in [
        ("WR", "R"),
        ("K", "royal-WF"),
        ("fN", "ffN"),
        ("NN", "N"),
        ("mN", "cN"),
        ("nN", "N"),
        ("ffNbbN", "vN"),
        ("lF", "rF"),
    ] {
        assert_ne!(
            Design::parse(a).unwrap(),
            Design::parse(b).unwrap(),
            "{a} != {b}"
        );
    }
}

#[test]
fn canonical_forms() {
    for (text, want) in [
        ("WbRbmHfB", "WbRbmHfB"),
        ("Wfc(DNFA)scDsHbmH", "WfcDscDbmHsHfcFfcNfcA"),
        ("RbcBbN", "RbcBbN"),
        ("fbDbcA", "vDbcA"),
        ("BR", "RB"),
        ("Q", "RB"),
        ("K", "WF"),
        ("royal-K", "royal-WF"),
        ("shooting-relay-royal-K", "royal-relay-shooting-WF"),
        ("C", "L"),
        ("cfF", "fcF"),
        ("mfW", "fmW"),
        ("nfcN", "fcnN"),
        ("lrW", "sW"),
        ("rlfW", "sfW"),
        ("flfrF", "fF"),
        ("lfF", "lfF"),
        ("blfrF", "frblF"),
        ("ffbbN", "vN"),
        ("fsbsN", "sN"),
        ("fbsN", "sfN"),
        ("W(W)", "W"),
        // A bare atom after its own letter is set off, so the text reads back the same.
        ("NfN", "fN(N)"),
        ("(N)NN", "N(NN)"),
        ("fN(NN)", "fN(NN)"),
        ("D(DD)fDD", "DfDD(DD)"),
    ] {
        assert_eq!(canonical(text), want, "{text}");
        let again = Design::parse(want).unwrap_or_else(|e| panic!("{want}: {e}"));
        assert_eq!(
            again,
            Design::parse(text).unwrap(),
            "{want} reads back as {text}"
        );
    }
}

#[test]
fn written_form_is_kept() {
    let d = Design::parse(" DW ").unwrap();
    assert_eq!(d.written(), "DW");
    assert_eq!(d.to_string(), "DW");
    assert_eq!(d.canonical(), "WD");
}

#[test]
fn pieces_named_by_a_single_letter() {
    assert_eq!(
        Design::parse_piece("K").unwrap(),
        Design::parse("royal-WF").unwrap()
    );
    assert_eq!(
        Design::parse_piece("P").unwrap(),
        Design::parse("fcFfmW").unwrap()
    );
    assert_eq!(
        Design::parse_piece("Q").unwrap(),
        Design::parse("BR").unwrap()
    );
    assert_eq!(
        Design::parse_piece("WF").unwrap(),
        Design::parse("K").unwrap()
    );
    assert!(Design::parse_piece("K").unwrap().is_royal());
    assert!(!Design::parse("K").unwrap().is_royal());
    assert_eq!(Design::parse("fcFfmW").unwrap().piece_name(), "P");
    assert_eq!(Design::parse("DW").unwrap().piece_name(), "DW");
}

#[test]
fn design_facts() {
    let d = Design::parse("royal-relay-fNbR").unwrap();
    assert_eq!(d.prefixes(), &[Prefix::Royal, Prefix::Relay]);
    assert!(d.has_prefix(Prefix::Relay) && !d.has_prefix(Prefix::Shooting));
    assert_eq!(d.reach(), 2);
    assert!(Design::parse("BLA").unwrap().is_colourbound());
    assert!(!Design::parse("WD").unwrap().is_colourbound());
    // Black's steps are White's turned round.
    for text in ["fcFfmW", "lfrN", "bRfsNN", "nZ"] {
        let d = Design::parse(text).unwrap();
        let white: Vec<_> = d.steps(Color::White).map(|s| (s.dx, s.dy)).collect();
        let black: Vec<_> = d.steps(Color::Black).map(|s| (-s.dx, -s.dy)).collect();
        assert_eq!(white, black, "{text}");
    }
}

#[test]
fn lame_paths() {
    use engine::Leap;
    // The Xiangqi horse is blocked next to it on the long side, the elephant on its diagonal.
    assert_eq!(Leap::lame_path(1, 2), vec![(0, 1)]);
    assert_eq!(Leap::lame_path(-2, 1), vec![(-1, 0)]);
    assert_eq!(Leap::lame_path(2, 2), vec![(1, 1)]);
    assert_eq!(Leap::lame_path(0, -2), vec![(0, -1)]);
    assert_eq!(Leap::lame_path(1, 3), vec![(0, 1), (0, 2)]);
    assert_eq!(Leap::lame_path(3, 2), vec![(1, 0), (2, 1)]);
    assert!(Leap::lame_path(0, 1).is_empty());
    assert!(Leap::lame_path(1, 1).is_empty());
}
