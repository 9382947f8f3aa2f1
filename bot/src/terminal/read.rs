//! What the terminal reads: a typed line becomes one of the core's requests, or one of the
//! terminal's own commands (/as, /press, /quit, /help).

use crate::core::catalogue::{Opt, COMMANDS};
use crate::core::{Listing, Request, Sight};
use crate::family::Family;
use crate::store::ProposalKind;
use engine::Color;

/// A typed line.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Line {
    Command(Request),
    /// The terminal's own /help.
    Help,
    /// Press the shown button with this number (1 = the first).
    Press(usize),
    As(Color),
    Quit,
    Nothing,
}

/// Read a line: a slash command, or a turn in record notation.
pub(super) fn parse(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Line::Nothing);
    }
    let Some(command) = line.strip_prefix('/') else {
        return Ok(Line::Command(Request::Turn {
            text: line.to_string(),
        }));
    };
    let (name, rest) = command.split_once(' ').unwrap_or((command, ""));
    let name = name.to_ascii_lowercase();
    let rest = rest.trim();
    let mut words = Words::read(&name, rest)?;
    let usage = |text: &str| Err(format!("usage: {text}"));
    let request = match name.as_str() {
        "move" => {
            let (text, redesign) = words.text_and_redesign("move");
            if text.is_empty() {
                return usage("/move MOVE [SLOT=DESIGN], such as /move Kd2 B=WD");
            }
            Request::Move { text, redesign }
        }
        "transfer" => match words.fill(&["piece", "square", "redesign"]) {
            Some([Some(piece), Some(square), redesign]) => Request::Transfer {
                piece,
                square,
                redesign,
            },
            _ => return usage("/transfer PIECE SQUARE [SLOT=DESIGN], such as /transfer WD e2"),
        },
        "buy" => {
            let (design, redesign) = words.text_and_redesign("design");
            if design.is_empty() {
                return usage("/buy DESIGN [SLOT=DESIGN], such as /buy N");
            }
            Request::Buy { design, redesign }
        }
        "turn" => match words.take("text").unwrap_or_else(|| words.free.join(" ")) {
            text if text.is_empty() => return usage("/turn TURN, such as /turn Kd2; B=WD"),
            text => Request::Turn { text },
        },
        "propose" => match words.fill(&["kind", "name", "notation", "estimate"]) {
            Some([Some(kind), Some(name), Some(notation), Some(estimate)]) => Request::Propose {
                kind: match kind.as_str() {
                    "atom" => ProposalKind::Atom,
                    "modifier" => ProposalKind::Modifier,
                    _ => return usage("the kind is atom or modifier"),
                },
                name,
                notation,
                estimate,
            },
            _ => return usage(
                "/propose atom|modifier NAME NOTATION ESTIMATE, such as /propose atom zebra Z 3",
            ),
        },
        "estimate" => match words.fill(&["proposal", "value"]) {
            Some([Some(proposal), Some(value)]) => Request::Estimate {
                proposal: proposal
                    .trim_start_matches('#')
                    .parse()
                    .map_err(|_| format!("'{}' is not a proposal number", clip(&proposal)))?,
                value,
            },
            _ => return usage("/estimate PROPOSAL VALUE, such as /estimate 1 2.5"),
        },
        "price" => match words.fill(&["design", "ruleset"]) {
            Some([Some(design), ruleset]) => Request::Price {
                design,
                ruleset: match ruleset {
                    Some(ruleset) => Some(ruleset.parse().map_err(|e| clip(&format!("{e}")))?),
                    None => None,
                },
            },
            _ => return usage("/price DESIGN [RULESET], such as /price WbRbmHfB"),
        },
        "design" => match words.fill(&["design"]) {
            Some([design]) => Request::Design { design },
            _ => return usage("/design [DESIGN], such as /design or /design WbRbmHfB"),
        },
        "board" => match words.fill(&["ply"]) {
            Some([None]) => Request::Board { ply: None },
            Some([Some(ply)]) => Request::Board {
                ply: Some(ply.parse().map_err(|_| {
                    format!(
                        "'{}' is not a turn number: /board 3 (or /board ply:3) shows the board after turn 3",
                        clip(&ply)
                    )
                })?),
            },
            _ => return usage("/board [PLY], such as /board or /board 3"),
        },
        "press" => {
            return match words.free[..] {
                [n] => n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(Line::Press)
                    .ok_or_else(|| format!("'{}' is not a button number", clip(n))),
                _ => usage("/press N, with N the number shown beside a button"),
            }
        }
        "games" => match words.fill(&["page"]) {
            Some([page]) => Request::Games(Listing {
                page: match page {
                    Some(page) => Some(page.parse().map_err(|_| {
                        format!("'{}' is not a page number: /games 2 shows the second page", clip(&page))
                    })?),
                    None => None,
                },
                sight: Sight::Everything,
            }),
            _ => return usage("/games [PAGE], such as /games or /games 2"),
        },
        "profile" | "rating" | "leaderboard" => {
            if words.take("member").is_some() {
                return Err(format!(
                    "the terminal's /{name} shows the player at the keyboard: /as white or /as black first"
                ));
            }
            let game = match words.fill(&["game"]) {
                Some([None]) => None,
                Some([Some(game)]) => Some(game.parse::<Family>().map_err(|e| clip(&e.to_string()))?),
                _ => return usage(&format!("/{name} [GAME], such as /{name} or /{name} fide")),
            };
            match name.as_str() {
                "profile" => Request::Profile { member: None, game },
                "rating" => Request::Rating { member: None, game },
                _ => Request::Leaderboard { game },
            }
        }
        "game" | "rematch" | "replay" | "history" | "resign" | "draw" | "abort" | "rules"
        | "help"
            if !words.is_empty() =>
        {
            return usage(&format!("/{name} takes no options"))
        }
        "game" => Request::Game,
        "rematch" => Request::Rematch,
        "replay" => Request::Replay,
        "history" => Request::History,
        "resign" => Request::Resign,
        "draw" => Request::Draw,
        "abort" => Request::Abort,
        "help" => return Ok(Line::Help),
        "rules" => Request::Rules,
        "notify" | "settings" | "tournament" | "td" | "challenge" | "privacy" => {
            return Err(format!(
                "/{name} is for Discord; the terminal plays the one game set by csipgs play's options (/rematch plays it again)"
            ))
        }
        "as" => {
            return match rest.to_ascii_lowercase().as_str() {
                "white" | "w" => Ok(Line::As(Color::White)),
                "black" | "b" => Ok(Line::As(Color::Black)),
                _ => usage("/as white or /as black"),
            }
        }
        "quit" | "exit" => return Ok(Line::Quit),
        other => {
            return Err(format!(
                "unknown command /{}: /help lists them",
                clip(other)
            ))
        }
    };
    Ok(Line::Command(request))
}

/// A command's words as Discord would take them: `name:value` options by their name (a
/// value runs to the next named option, so `/buy design:WD, N` works), and the words
/// before any named one, free, in order. An option the command doesn't have, or one named
/// twice, is refused by name (as Discord does), never read as part of a value.
struct Words<'a> {
    free: Vec<&'a str>,
    named: Vec<(&'static str, String)>,
}

impl<'a> Words<'a> {
    fn read(command: &str, rest: &'a str) -> Result<Words<'a>, String> {
        let found = COMMANDS
            .iter()
            .find(|c| c.name == command && CORE_COMMANDS.contains(&command));
        let Some(found) = found else {
            // The terminal's own commands (/as, /press, ...) take plain words, and Discord's
            // are refused whole below.
            return Ok(Words {
                free: rest.split_whitespace().collect(),
                named: Vec::new(),
            });
        };
        let options: &[Opt] = found.options;
        let mut words = Words {
            free: Vec::new(),
            named: Vec::new(),
        };
        for word in rest.split_whitespace() {
            let option = match word.split_once(':') {
                // Notation has no colon: `key:` is always meant as an option.
                Some((key, value))
                    if !key.is_empty()
                        && key.bytes().all(|b| b.is_ascii_alphabetic() || b == b'_') =>
                {
                    let Some(opt) = options.iter().find(|o| o.name.eq_ignore_ascii_case(key))
                    else {
                        return Err(unknown_option(command, key, options));
                    };
                    if words.named.iter().any(|(n, _)| *n == opt.name) {
                        return Err(format!(
                            "/{command}: {}: is given twice; give each option once",
                            opt.name
                        ));
                    }
                    Some((opt.name, value))
                }
                _ => None,
            };
            match (option, words.named.last_mut()) {
                (Some((name, value)), _) => words.named.push((name, value.to_string())),
                (None, Some((_, value))) => {
                    if !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(word);
                }
                (None, None) => words.free.push(word),
            }
        }
        Ok(words)
    }

    fn is_empty(&self) -> bool {
        self.free.is_empty() && self.named.is_empty()
    }

    /// The value of the option `name`, if it was named.
    fn take(&mut self, name: &str) -> Option<String> {
        let at = self.named.iter().position(|(n, _)| *n == name)?;
        Some(self.named.remove(at).1)
    }

    /// The options in `names`, each named or else the next free word; None if a word is
    /// left over.
    fn fill<const N: usize>(&mut self, names: &[&str; N]) -> Option<[Option<String>; N]> {
        let mut values = names.map(|name| self.take(name));
        let mut free = self.free.drain(..);
        for value in values.iter_mut().filter(|v| v.is_none()) {
            *value = free.next().map(str::to_string);
        }
        let left = free.next().is_some() || !self.named.is_empty();
        (!left).then_some(values)
    }

    /// A text option of several words and the redesign after it, each named or free; free,
    /// a last word with '=' is the redesign.
    fn text_and_redesign(&mut self, text: &str) -> (String, Option<String>) {
        let named = self.take(text);
        let redesign = self.take("redesign");
        let mut free = std::mem::take(&mut self.free);
        let redesign = redesign.or_else(|| match free.split_last() {
            Some((last, first)) if last.contains('=') && (!first.is_empty() || named.is_some()) => {
                let last = last.to_string();
                free.pop();
                Some(last)
            }
            _ => None,
        });
        let text = [named.unwrap_or_default(), free.join(" ")]
            .into_iter()
            .filter(|t| !t.is_empty())
            .collect::<Vec<_>>()
            .join(" ");
        (text, redesign)
    }
}

/// The sentence for `key:` given to a command that has no such option.
fn unknown_option(command: &str, key: &str, options: &[Opt]) -> String {
    let key = clip(key);
    match options {
        [] => format!("/{command} takes no options, so '{key}:' means nothing here"),
        _ => format!(
            "/{command} has no option '{key}': its options are {}",
            options
                .iter()
                .map(|o| format!("{}:", o.name))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// The commands the terminal reads and hands to the core; the rest are Discord's (a server's
/// settings, tournaments, challenges: the terminal's one game is set by its options).
const CORE_COMMANDS: &[&str] = &[
    "move",
    "transfer",
    "buy",
    "turn",
    "propose",
    "estimate",
    "price",
    "design",
    "board",
    "game",
    "games",
    "rematch",
    "replay",
    "profile",
    "rating",
    "leaderboard",
    "history",
    "resign",
    "draw",
    "abort",
    "help",
    "rules",
];

/// The terminal's /help: the core's commands it reads, then its own.
pub(super) fn help() -> String {
    let commands = crate::core::help_of(|name| CORE_COMMANDS.contains(&name));
    let commands = super::screen::shown(&commands, &|id| format!("member {id}"), false);
    format!(
        "{}\n\nIn the terminal also:\n/as white, /as black: type as that side (a game against the \
         computer has one side to type for)\n/press N: press the button numbered N in the last \
         answer\n/quit: stop (a game kept with --database resumes next time)\nA line without a \
         slash is a turn, as /turn reads it.",
        commands.trim_end()
    )
}

/// What was typed, made safe and short enough to echo.
fn clip(text: &str) -> String {
    crate::core::neutral(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Ruleset;
    use proptest::prelude::*;

    proptest! {
        // The terminal's command line takes anything a keyboard (or a pasted file) gives:
        // it never panics, and what it says back stays short and free of control characters.
        #![proptest_config(ProptestConfig::with_cases(3000))]
        #[test]
        fn any_line_is_read_or_refused(line in any::<String>()) {
            if let Err(usage) = parse(&line) {
                prop_assert!(usage.chars().count() < 400, "{usage}");
                prop_assert!(!usage.chars().any(|c| c.is_control() && c != '\n'), "{usage:?}");
            }
        }

        #[test]
        fn slash_lines_with_hostile_words_are_read_or_refused(
            command in prop::sample::select(vec![
                "move", "transfer", "buy", "turn", "propose", "estimate", "price", "board",
                "press", "as", "notify", "settings", "nonsense",
            ]),
            words in prop::collection::vec("[^ ]{0,300}", 0..6),
        ) {
            let line = format!("/{command} {}", words.join(" "));
            if let Err(usage) = parse(&line) {
                prop_assert!(usage.chars().count() < 400, "{usage}");
                prop_assert!(!usage.chars().any(|c| c.is_control() && c != '\n'), "{usage:?}");
            }
        }
    }

    #[test]
    fn the_terminals_help_lists_what_it_reads() {
        let text = help();
        for name in CORE_COMMANDS {
            assert!(text.contains(&format!("/{name}")), "/{name}: {text}");
            // Each is read: a usage line at worst, never "unknown command".
            let read = parse(&format!("/{name}"));
            assert!(
                read.as_ref().err().is_none_or(|e| e.starts_with("usage:")),
                "/{name}: {read:?}"
            );
        }
        for own in ["/as white", "/press N", "/quit"] {
            assert!(text.contains(own), "{own}: {text}");
        }
        for discord in ["/tournament", "/settings", "/challenge", "/notify", "**"] {
            assert!(!text.contains(discord), "{discord}: {text}");
        }
        assert_eq!(parse("/help"), Ok(Line::Help));
    }

    #[test]
    fn lines_become_requests() {
        assert_eq!(
            parse("/move Kd2 B=WD"),
            Ok(Line::Command(Request::Move {
                text: "Kd2".into(),
                redesign: Some("B=WD".into())
            }))
        );
        assert_eq!(
            parse("(WD)xe5+; B=WD"),
            Ok(Line::Command(Request::Turn {
                text: "(WD)xe5+; B=WD".into()
            }))
        );
        assert_eq!(
            parse("/buy WD, N"),
            Ok(Line::Command(Request::Buy {
                design: "WD, N".into(),
                redesign: None
            }))
        );
        assert_eq!(
            parse("/transfer WD e2"),
            Ok(Line::Command(Request::Transfer {
                piece: "WD".into(),
                square: "e2".into(),
                redesign: None
            }))
        );
        assert_eq!(
            parse("/estimate #3 2.5"),
            Ok(Line::Command(Request::Estimate {
                proposal: 3,
                value: "2.5".into()
            }))
        );
        assert_eq!(parse("/as black"), Ok(Line::As(Color::Black)));
        assert_eq!(parse("/quit"), Ok(Line::Quit));
        assert_eq!(parse("  "), Ok(Line::Nothing));
    }

    #[test]
    fn options_are_read_by_name_as_on_discord() {
        let read = |line: &str| match parse(line) {
            Ok(Line::Command(request)) => request,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(read("/board ply:1"), Request::Board { ply: Some(1) });
        assert_eq!(
            read("/move Ke7 redesign:N=FA"),
            Request::Move {
                text: "Ke7".into(),
                redesign: Some("N=FA".into())
            }
        );
        assert_eq!(
            read("/buy design:WD, N redesign:B=WD"),
            Request::Buy {
                design: "WD, N".into(),
                redesign: Some("B=WD".into())
            }
        );
        // Free words first, then named options in any order.
        assert_eq!(
            read("/transfer WD redesign:B=WD square:e2"),
            Request::Transfer {
                piece: "WD".into(),
                square: "e2".into(),
                redesign: Some("B=WD".into())
            }
        );
        assert_eq!(
            read("/price design:FfR Ruleset:kurnia"),
            Request::Price {
                design: "FfR".into(),
                ruleset: Some(Ruleset::Kurnia)
            }
        );
        assert_eq!(
            read("/estimate value:1.5 proposal:#2"),
            Request::Estimate {
                proposal: 2,
                value: "1.5".into()
            }
        );
        assert_eq!(
            read("/turn text:Kd2; B=WD"),
            Request::Turn {
                text: "Kd2; B=WD".into()
            }
        );
        assert!(matches!(
            read("/games page:2"),
            Request::Games(Listing { page: Some(2), .. })
        ));
        assert_eq!(
            read("/profile game:fide"),
            Request::Profile {
                member: None,
                game: Some(Family::Fide)
            }
        );
        assert_eq!(
            read("/leaderboard fide"),
            Request::Leaderboard {
                game: Some(Family::Fide)
            }
        );
    }

    #[test]
    fn bad_lines_say_how() {
        assert!(parse("/board ply:x").unwrap_err().contains("/board ply:3"));
        assert!(parse("/board 1 2").unwrap_err().contains("usage: /board"));
        assert!(parse("/games two")
            .unwrap_err()
            .contains("not a page number"));
        assert!(parse("/game now").unwrap_err().contains("takes no options"));
        assert!(parse("/rating member:bob")
            .unwrap_err()
            .contains("/as white"));
        assert!(parse("/leaderboard chess").unwrap_err().contains("chess"));
        assert!(parse("/challenge bob").unwrap_err().contains("/rematch"));
        assert!(parse("/move").unwrap_err().contains("/move Kd2"));
        assert!(parse("/transfer WD").unwrap_err().contains("usage"));
        assert!(parse("/price WD chess").unwrap_err().contains("classic"));
        assert!(parse("/fly").unwrap_err().contains("/help"));
        assert!(parse("/tournament join")
            .unwrap_err()
            .contains("is for Discord"));
        assert!(parse("/tournament join tournament:2")
            .unwrap_err()
            .contains("is for Discord"));
    }

    /// An option the command lacks, or one given twice, is refused by its name: never read
    /// into the move ("'ar' is not a square") nor dropped.
    #[test]
    fn unknown_and_repeated_options_are_refused_by_name() {
        let unknown = parse("/move Kd2 foo:bar").unwrap_err();
        assert_eq!(
            unknown,
            "/move has no option 'foo': its options are move:, redesign:"
        );
        let twice = parse("/move Kd2 redesign:B=WD redesign:N=WN").unwrap_err();
        assert!(twice.contains("redesign: is given twice"), "{twice}");
        let twice = parse("/price design:W Design:N").unwrap_err();
        assert!(twice.contains("design: is given twice"), "{twice}");
        let none = parse("/game when:now").unwrap_err();
        assert!(none.contains("/game takes no options"), "{none}");
        // Case is forgiven, as before.
        assert_eq!(
            parse("/price Design:WD").unwrap(),
            Line::Command(Request::Price {
                design: "WD".into(),
                ruleset: None
            })
        );
    }
}
