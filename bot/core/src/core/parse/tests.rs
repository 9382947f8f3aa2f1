use super::*;
use crate::core::catalogue::COMMANDS;

fn text(value: &str) -> Given<'_> {
    Given::Text(value)
}

/// Every command path of the table: `move`, `tournament create`, ...
fn paths() -> Vec<(String, &'static Command)> {
    let mut all = Vec::new();
    for c in COMMANDS {
        if c.subcommands.is_empty() {
            all.push((c.name.to_string(), c));
        }
        for sub in c.subcommands {
            all.push((format!("{} {}", c.name, sub.name), sub));
        }
    }
    all
}

/// A value each option takes, as Discord would send it.
fn sample(opt: &Opt) -> Given<'static> {
    match opt.kind {
        Kind::Text { .. } => Given::Text("x"),
        Kind::Number { min, .. } => Given::Number(min),
        Kind::Flag => Given::Flag(true),
        Kind::Word(_) => Given::Choice(0),
        Kind::Member => Given::Member(Named {
            player: Player {
                id: 5,
                name: "bob".into(),
            },
            bot: false,
            this_bot: false,
        }),
        Kind::Channel => Given::Channel(7),
    }
}

/// Parse, and what `build` left unread (an option the table has but no request takes).
fn parse_all(path: &str, given: &[(&str, Given)]) -> (Request, Vec<&'static str>) {
    let mut options = read(path, given).unwrap_or_else(|e| panic!("/{path}: {e}"));
    let request = build(path, &mut options).unwrap_or_else(|e| panic!("/{path}: {e}"));
    (request, options.values.iter().map(|(n, _)| *n).collect())
}

/// Every command of the table has a request, and every option of it is read into it: given
/// alone (besides the required ones) it changes the request.
#[test]
fn every_command_and_option_of_the_table_is_read() {
    for (path, command) in paths() {
        let required: Vec<(&str, Given)> = command
            .options
            .iter()
            .filter(|o| o.required)
            .map(|o| (o.name, sample(o)))
            .collect();
        let (bare, left) = parse_all(&path, &required);
        assert!(left.is_empty(), "/{path}: {left:?}");
        for opt in command.options.iter().filter(|o| !o.required) {
            let mut given = required.clone();
            given.push((opt.name, sample(opt)));
            let (with, left) = parse_all(&path, &given);
            assert!(left.is_empty(), "/{path} {}: unread", opt.name);
            assert_ne!(with, bare, "/{path} {}: not read", opt.name);
        }
    }
}

/// Each word the table offers reads as the core's value, picked or typed.
#[test]
fn every_choice_word_reads() {
    for (path, command) in paths() {
        let required: Vec<(&str, Given)> = command
            .options
            .iter()
            .filter(|o| o.required)
            .map(|o| (o.name, sample(o)))
            .collect();
        for opt in command.options {
            for (at, word) in opt.choices().iter().enumerate() {
                let mut picked = required.clone();
                picked.retain(|(n, _)| *n != opt.name);
                let mut typed = picked.clone();
                picked.push((opt.name, Given::Choice(at)));
                typed.push((opt.name, Given::Text(word)));
                let picked = parse(&path, &picked);
                assert!(picked.is_ok(), "/{path} {}:{word}: {picked:?}", opt.name);
                assert_eq!(picked, parse(&path, &typed), "/{path} {}:{word}", opt.name);
            }
        }
    }
}

#[test]
fn options_become_requests() {
    assert_eq!(
        parse("move", &[("move", text("Kd2")), ("redesign", text("B=WD"))]),
        Ok(Request::Move {
            text: "Kd2".into(),
            redesign: Some("B=WD".into())
        })
    );
    assert_eq!(
        parse(
            "td result",
            &[
                ("round", Given::Number(2)),
                ("board", text("3")),
                ("result", text("+-"))
            ]
        ),
        Ok(Request::Director(DirectorRequest::Result {
            tournament: None,
            round: 2,
            board: 3,
            result: BoardResult::WhiteByForfeit
        }))
    );
    assert_eq!(
        parse(
            "price",
            &[("Design", text("WD")), ("ruleset", Given::Choice(1))]
        ),
        Ok(Request::Price {
            design: "WD".into(),
            ruleset: Some(Ruleset::Kurnia)
        })
    );
    assert_eq!(
        parse(
            "estimate",
            &[("proposal", text("#3")), ("value", text("2.5"))]
        ),
        Ok(Request::Estimate {
            proposal: 3,
            value: "2.5".into()
        })
    );
    assert_eq!(
        parse("notify", &[("on", text("off"))]),
        Ok(Request::Notify { on: Some(false) })
    );
}

/// Each refusal names the option, says what to write, and gives no request at all: a
/// refused command does nothing.
#[test]
fn an_unknown_option_is_refused_by_name() {
    let error = parse("move", &[("move", text("Kd2")), ("foo", text("bar"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "/move has no option 'foo': its options are move:, redesign:"
    );
    let error = parse("game", &[("when", text("now"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "/game takes no options, so 'when:' means nothing here"
    );
    let error = parse("fly", &[]).unwrap_err();
    assert_eq!(error.to_string(), "unknown command /fly: /help lists them");
    let error = parse("tournament", &[]).unwrap_err();
    assert!(error.to_string().contains("create, join"), "{error}");
}

#[test]
fn a_repeated_option_is_refused_by_name() {
    let error = parse(
        "move",
        &[
            ("move", text("Kd2")),
            ("redesign", text("B=WD")),
            ("redesign", text("N=WN")),
        ],
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "/move: redesign: is given twice; give each option once"
    );
    // Case is forgiven, so `Design:` is `design:` again.
    let error = parse("price", &[("design", text("W")), ("Design", text("N"))]).unwrap_err();
    assert!(
        matches!(
            error,
            ParseError::Repeated {
                option: "design",
                ..
            }
        ),
        "{error}"
    );
}

/// Every bound is the table's, and the design bound is the engine's notation's.
#[test]
fn a_value_past_its_bound_is_refused_by_name() {
    let max = engine::notation::MAX_DESIGN_LEN;
    let at_bound = "W".repeat(max);
    assert!(parse("price", &[("design", text(&at_bound))]).is_ok());
    let past = "W".repeat(max + 1);
    let error = parse("price", &[("design", text(&past))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!(
            "that design is {} characters long; it can be at most {max}",
            max + 1
        )
    );
    let error = parse("board", &[("ply", Given::Number(100_001))]).unwrap_err();
    assert_eq!(error.to_string(), "ply: takes 0 to 100000, not 100001");
    let error = parse("challenge", &[("level", text("7"))]).unwrap_err();
    assert_eq!(error.to_string(), "level: takes 1 to 6, not 7");
    let error = parse("games", &[("page", text("two"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "page: takes a whole number from 1 to 1000, not 'two'"
    );
    let long = "z".repeat(2400);
    let error = parse(
        "propose",
        &[
            ("kind", text("atom")),
            ("name", text(&long)),
            ("notation", text("Z")),
            ("estimate", text("3")),
        ],
    )
    .unwrap_err();
    assert!(matches!(
        error,
        ParseError::TooLong {
            option: "name",
            length: 2400,
            max: 40
        }
    ));
}

#[test]
fn a_word_not_among_the_choices_is_refused_by_name() {
    let error = parse(
        "price",
        &[("design", text("WD")), ("ruleset", text("chess"))],
    )
    .unwrap_err();
    assert_eq!(
        error.to_string(),
        "'chess' is not a ruleset: pick classic, kurnia or progressive"
    );
    let error = parse("leaderboard", &[("game", Given::Choice(9))]).unwrap_err();
    assert!(
        matches!(error, ParseError::WrongKind { option: "game", .. }),
        "{error}"
    );
    let error = parse("settings", &[("power", text("maybe"))]).unwrap_err();
    assert_eq!(error.to_string(), "power: takes true or false, not 'maybe'");
}

#[test]
fn a_missing_required_option_is_refused_by_name() {
    let error = parse("transfer", &[("piece", text("WD"))]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "/transfer needs square: The empty square next to your royal piece, such as e2"
    );
    let error = parse("td result", &[("round", Given::Number(1))]).unwrap_err();
    assert!(
        matches!(
            error,
            ParseError::Missing {
                option: "board",
                ..
            }
        ),
        "{error}"
    );
}

/// What a member typed comes back clipped and without control characters.
#[test]
fn echoes_are_neutral() {
    let hostile = format!("{}\u{202E}", "a".repeat(5000));
    let error = parse("move", &[("move", text("Kd2")), (&hostile, text("x"))]).unwrap_err();
    let said = error.to_string();
    assert!(said.chars().count() < 200, "{said}");
    assert!(!said.contains('\u{202E}'), "{said}");
}

/// A member can only be named by the platform; a channel by its id or mention.
#[test]
fn members_and_channels() {
    let error = parse("rating", &[("member", text("bob"))]).unwrap_err();
    assert!(matches!(
        error,
        ParseError::MemberAsText { option: "member" }
    ));
    let me = Named {
        player: Player {
            id: 2,
            name: "csipgs".into(),
        },
        bot: true,
        this_bot: true,
    };
    let Ok(Request::Challenge(c)) = parse("challenge", &[("opponent", Given::Member(me))]) else {
        panic!("a challenge");
    };
    assert!(c.computer && c.opponent_is_bot);
    assert_eq!(
        parse("settings", &[("allow", text("<#42>"))]),
        Ok(Request::Settings(SettingsChange {
            allow: Some(42),
            ..SettingsChange::default()
        }))
    );
    assert_eq!(
        parse("settings", &[("allow", Given::Flag(true))]),
        Err(ParseError::WrongKind {
            command: "settings".into(),
            option: "allow"
        })
    );
}

#[test]
fn one_option_reads_alone() {
    assert_eq!(
        parse_option("price", "ruleset", text("Kurnia")),
        Ok(Value::Word("kurnia"))
    );
    assert!(parse_option("price", "ruleset", text("blitz")).is_err());
}
