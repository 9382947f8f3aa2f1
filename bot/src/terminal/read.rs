//! What the terminal reads: a typed line becomes one of the core's requests, or one of the
//! terminal's own commands (/as, /press, /quit, /help). Options are read as Discord takes
//! them, `name:value`, or as plain words in the command's order; the core's parser then
//! reads them against the command table, as it does for Discord and the web.

use crate::core::catalogue::{self, Command, Kind};
use crate::core::{parse as parse_request, Given, Request, Sight};
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
        // A command's name typed without its slash ("resign") is no turn in any notation.
        let word = line.to_ascii_lowercase();
        let own = ["quit", "exit", "as", "press"].contains(&word.as_str());
        if own || catalogue::command(&word).is_some_and(|c| c.terminal) {
            return Err(format!(
                "commands start with a slash: type /{word} (/help lists them)"
            ));
        }
        return request("turn", &[("text", line.to_string())]).map(Line::Command);
    };
    let (name, rest) = command.split_once(' ').unwrap_or((command, ""));
    let name = name.to_ascii_lowercase();
    let rest = rest.trim();
    let usage = |text: &str| Err(format!("usage: {text}"));
    match name.as_str() {
        "press" => {
            return match rest.split_whitespace().collect::<Vec<_>>()[..] {
                [n] => n
                    .parse()
                    .ok()
                    .filter(|&n| n > 0)
                    .map(Line::Press)
                    .ok_or_else(|| format!("'{}' is not a button number", clip(n))),
                _ => usage("/press N, with N the number shown beside a button"),
            }
        }
        "as" => {
            return match rest.to_ascii_lowercase().as_str() {
                "white" | "w" => Ok(Line::As(Color::White)),
                "black" | "b" => Ok(Line::As(Color::Black)),
                _ => usage("/as white or /as black"),
            }
        }
        "quit" | "exit" => return Ok(Line::Quit),
        _ => {}
    }
    let Some(found) = catalogue::command(&name) else {
        return Err(format!(
            "unknown command /{}: /help lists them",
            clip(&name)
        ));
    };
    if !found.terminal {
        return Err(format!(
            "/{name} is for Discord; the terminal plays the one game set by csipgs play's options (/rematch plays it again)"
        ));
    }
    let words = Words::read(rest);
    if let Some((key, _)) = words.named.iter().find(|(key, _)| {
        found
            .option(key)
            .is_some_and(|o| matches!(o.kind, Kind::Member))
    }) {
        return Err(format!(
            "the terminal's /{name} shows the player at the keyboard, so '{}:' means nothing here: /as white or /as black first",
            clip(key)
        ));
    }
    let options = words.options(&name, found)?;
    match request(&name, &options)? {
        Request::Help => Ok(Line::Help),
        mut request => {
            // One screen shows everything.
            if let Some(listing) = request.listing_mut() {
                listing.sight = Sight::Everything;
            }
            Ok(Line::Command(request))
        }
    }
}

/// The core's request for these options, or its refusal in words.
fn request(name: &str, options: &[(&str, String)]) -> Result<Request, String> {
    let given: Vec<(&str, Given)> = options
        .iter()
        .map(|(key, value)| (*key, Given::Text(value)))
        .collect();
    parse_request(name, &given).map_err(|e| e.to_string())
}

/// The commands whose first option runs over several words (`/buy WD, N`), with a last word
/// holding `=` read as the redesign.
const RUNS: &[&str] = &["move", "buy", "turn"];

/// A command's words as Discord would take them: `name:value` options by their name (a
/// value runs to the next named option, so `/buy design:WD, N` works), and the words
/// before any named one, free, in order. The names are the parser's to check: one the
/// command lacks, or one named twice, is refused by name, never read as part of a value.
struct Words<'a> {
    free: Vec<&'a str>,
    named: Vec<(&'a str, String)>,
}

impl<'a> Words<'a> {
    fn read(rest: &'a str) -> Words<'a> {
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
                    Some((key, value))
                }
                _ => None,
            };
            match (option, words.named.last_mut()) {
                (Some((key, value)), _) => words.named.push((key, value.to_string())),
                (None, Some((_, value))) => {
                    if !value.is_empty() {
                        value.push(' ');
                    }
                    value.push_str(word);
                }
                (None, None) => words.free.push(word),
            }
        }
        words
    }

    fn names(&self, option: &str) -> bool {
        self.named
            .iter()
            .any(|(key, _)| key.eq_ignore_ascii_case(option))
    }

    /// Every option by name: the named ones as given, the free words given to the options
    /// not named, in the command's order (members and channels can't be typed here).
    fn options(mut self, name: &str, command: &Command) -> Result<Vec<(&'a str, String)>, String> {
        if command.options.is_empty() && !self.free.is_empty() {
            return Err(format!("/{name} takes no options"));
        }
        if RUNS.contains(&name) {
            return self.run(command);
        }
        let mut free = std::mem::take(&mut self.free).into_iter();
        let open: Vec<&'static str> = command
            .options
            .iter()
            .filter(|o| !matches!(o.kind, Kind::Member | Kind::Channel) && !self.names(o.name))
            .map(|o| o.name)
            .collect();
        for option in open {
            match free.next() {
                Some(word) => self.named.push((option, word.to_string())),
                None => break,
            }
        }
        match free.next() {
            Some(_) => Err(format!("usage: {}", command.usage(name))),
            None => Ok(self.named),
        }
    }

    /// A text option of several words and the redesign after it, each named or free; free,
    /// a last word with '=' is the redesign. Two such words are two redesigns, which no turn
    /// makes: refused by name, not read as part of the turn.
    fn run(mut self, command: &Command) -> Result<Vec<(&'a str, String)>, String> {
        let Some(text) = command.options.first().map(|o| o.name) else {
            return Ok(self.named);
        };
        let replacing: Vec<&str> = self
            .free
            .iter()
            .copied()
            .filter(|w| w.contains('=') && !w.starts_with('='))
            .collect();
        if let [first, second, ..] = replacing[..] {
            if command.option("redesign").is_some() {
                return Err(format!(
                    "a turn replaces at most one design, and '{}' and '{}' both replace one: keep one",
                    clip(first),
                    clip(second)
                ));
            }
        }
        let named = self.names(text);
        let mut free = std::mem::take(&mut self.free);
        let takes_redesign = command.option("redesign").is_some() && !self.names("redesign");
        let redesign = match free.split_last() {
            Some((last, first))
                if takes_redesign && last.contains('=') && (!first.is_empty() || named) =>
            {
                let last = last.to_string();
                free.pop();
                Some(last)
            }
            _ => None,
        };
        if !free.is_empty() {
            let free = free.join(" ");
            match self
                .named
                .iter_mut()
                .find(|(key, _)| key.eq_ignore_ascii_case(text))
            {
                Some((_, value)) => *value = format!("{value} {free}").trim().to_string(),
                None => self.named.push((text, free)),
            }
        }
        if let Some(redesign) = redesign {
            self.named.push(("redesign", redesign));
        }
        Ok(self.named)
    }
}

/// The terminal's /help: the core's commands it reads, then its own.
pub(super) fn help() -> String {
    let commands = crate::core::help_of(true);
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
    use crate::core::Listing;
    use crate::family::Family;
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
        let read = catalogue::COMMANDS.iter().filter(|c| c.terminal);
        for name in read.map(|c| c.name) {
            assert!(text.contains(&format!("/{name}")), "/{name}: {text}");
            // Each is read: what it needs at worst, never "unknown command".
            let read = parse(&format!("/{name}"));
            assert!(
                read.as_ref()
                    .err()
                    .is_none_or(|e| e.starts_with(&format!("/{name} needs"))),
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
        let two = parse("/move Kd2 B=WD Q=QN").unwrap_err();
        assert!(
            two.contains("at most one design") && two.contains("'B=WD' and 'Q=QN'"),
            "{two}"
        );
        assert!(parse("/move e8=Q").is_ok());
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
        assert_eq!(
            parse("/board ply:x").unwrap_err(),
            "ply: takes a whole number from 0 to 100000, not 'x'"
        );
        assert_eq!(parse("/board 1 2").unwrap_err(), "usage: /board [ply]");
        assert!(parse("/games two").unwrap_err().contains("not 'two'"));
        assert!(parse("/game now").unwrap_err().contains("takes no options"));
        assert!(parse("/rating member:bob")
            .unwrap_err()
            .contains("/as white"));
        assert!(parse("/leaderboard chess").unwrap_err().contains("chess"));
        assert!(parse("/challenge bob").unwrap_err().contains("/rematch"));
        assert!(parse("/move").unwrap_err().contains("such as Kd2"));
        assert!(parse("/transfer WD")
            .unwrap_err()
            .starts_with("/transfer needs square:"));
        assert!(parse("/propose atom chinese knight nN 2")
            .unwrap_err()
            .starts_with("usage: /propose kind name notation estimate"));
        assert!(parse("/price WD chess").unwrap_err().contains("classic"));
        assert!(parse("/fly").unwrap_err().contains("/help"));
        assert_eq!(
            parse("Resign").unwrap_err(),
            "commands start with a slash: type /resign (/help lists them)"
        );
        assert!(parse("quit").unwrap_err().contains("/quit"));
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
