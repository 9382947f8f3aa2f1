//! The one request parser: a command's options as (name, value) pairs, from Discord, the
//! terminal or the web, become a `Request`. The catalogue says which options a command has,
//! of what kind and within which bound; an option the command lacks, one given twice, one
//! out of its bound or a required one left out is refused by name, and nothing is done.

use super::catalogue::{self, Command, Kind, Opt};
use super::request::{
    ChallengeRequest, DirectorRequest, Listing, PrivacyRequest, Request, SettingsChange, Sight,
    TournamentRequest, TournamentSpec,
};
use super::spec::{GameSpec, OptionChoices};
use super::text::neutral;
use crate::family::Family;
use crate::store::{BoardResult, ColourChoice, Player, ProposalKind, TournamentFormat, Word};
use engine::Ruleset;

/// One option's value as an adapter received it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given<'a> {
    /// As typed: every kind of option reads text (the terminal and the web give only text).
    Text(&'a str),
    Number(i64),
    Flag(bool),
    /// The place of a word among the option's choices (how Discord returns a pick).
    Choice(usize),
    /// A member the platform resolved (Discord's member picker).
    Member(Named),
    /// A channel the platform resolved, by id.
    Channel(u64),
    /// A value of a kind no option takes (an attachment, a role, a fraction).
    Other,
}

/// A member named in an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    pub player: Player,
    /// A bot's account.
    pub bot: bool,
    /// This bot itself: a challenge to it is a game against the computer.
    pub this_bot: bool,
}

/// An option's value, read, and within its bound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Text(String),
    Number(i64),
    Flag(bool),
    Word(&'static str),
    Member(Named),
    Channel(u64),
}

/// Why typed options were refused: what was wrong, by the option's name, and what to write.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("unknown command /{0}: /help lists them")]
    UnknownCommand(String),
    #[error("/{command} is a group: give one of its commands, {}", .subcommands.join(", "))]
    NoSubcommand {
        command: &'static str,
        subcommands: Vec<&'static str>,
    },
    #[error("/{command} takes no options, so '{option}:' means nothing here")]
    NoOptions { command: String, option: String },
    #[error("/{command} has no option '{option}': its options are {}", names(.known))]
    UnknownOption {
        command: String,
        option: String,
        known: Vec<&'static str>,
    },
    #[error("/{command}: {option}: is given twice; give each option once")]
    Repeated {
        command: String,
        option: &'static str,
    },
    #[error("/{command} needs {option}: {description}")]
    Missing {
        command: String,
        option: &'static str,
        description: &'static str,
    },
    #[error("that {option} is {length} characters long; it can be at most {max}")]
    TooLong {
        option: &'static str,
        length: usize,
        max: usize,
    },
    #[error("{option}: takes {min} to {max}, not {given}")]
    OutOfRange {
        option: &'static str,
        given: i64,
        min: i64,
        max: i64,
    },
    #[error("{option}: takes a whole number from {min} to {max}, not '{given}'")]
    NotANumber {
        option: &'static str,
        given: String,
        min: i64,
        max: i64,
    },
    #[error("{option}: takes true or false, not '{given}'")]
    NotAFlag { option: &'static str, given: String },
    #[error("'{given}' is not a {option}: pick {}", either(.choices))]
    NotAChoice {
        option: &'static str,
        given: String,
        choices: &'static [&'static str],
    },
    #[error("{option}: names a member, which only Discord's member picker can do")]
    MemberAsText { option: &'static str },
    #[error("{option}: takes a channel, not '{given}'")]
    NotAChannel { option: &'static str, given: String },
    #[error("/{command} {option}: arrived as another kind of value than the bot registered; Discord may still show an older version of the command: try again in a minute")]
    WrongKind {
        command: String,
        option: &'static str,
    },
}

/// `move:, redesign:`
fn names(known: &[&str]) -> String {
    known
        .iter()
        .map(|n| format!("{n}:"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `classic, kurnia or progressive`
fn either(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => one.to_string(),
        [first @ .., last] => format!("{} or {last}", first.join(", ")),
    }
}

/// The request the command at `path` (`move`, `tournament create`) stands for, with these
/// options.
pub fn parse(path: &str, given: &[(&str, Given)]) -> Result<Request, ParseError> {
    let mut options = read(path, given)?;
    build(path, &mut options)
}

/// One option of a command read alone, as `parse` reads it: for a form that shows one option
/// before the others are filled in.
pub fn parse_option(path: &str, option: &str, given: Given) -> Result<Value, ParseError> {
    let command = find(path)?;
    let opt = command
        .option(option)
        .ok_or_else(|| unknown(path, command, option))?;
    read_value(path, opt, given)
}

fn find(path: &str) -> Result<&'static Command, ParseError> {
    let command =
        catalogue::command(path).ok_or_else(|| ParseError::UnknownCommand(neutral(path)))?;
    if !command.subcommands.is_empty() {
        return Err(ParseError::NoSubcommand {
            command: command.name,
            subcommands: command.subcommands.iter().map(|c| c.name).collect(),
        });
    }
    Ok(command)
}

fn unknown(path: &str, command: &Command, option: &str) -> ParseError {
    let (command_name, option) = (path.to_string(), neutral(option));
    match command.options {
        [] => ParseError::NoOptions {
            command: command_name,
            option,
        },
        options => ParseError::UnknownOption {
            command: command_name,
            option,
            known: options.iter().map(|o| o.name).collect(),
        },
    }
}

/// Every given option read against the command's table entry, and the required ones there.
fn read(path: &str, given: &[(&str, Given)]) -> Result<Options, ParseError> {
    let command = find(path)?;
    let mut values: Vec<(&'static str, Value)> = Vec::new();
    for (name, value) in given {
        let opt = command
            .option(name)
            .ok_or_else(|| unknown(path, command, name))?;
        if values.iter().any(|(n, _)| *n == opt.name) {
            return Err(ParseError::Repeated {
                command: path.to_string(),
                option: opt.name,
            });
        }
        values.push((opt.name, read_value(path, opt, value.clone())?));
    }
    let options = Options {
        path: path.to_string(),
        command,
        values,
    };
    if let Some(missing) = command
        .options
        .iter()
        .find(|o| o.required && !options.has(o.name))
    {
        return Err(options.missing(missing));
    }
    Ok(options)
}

/// One value, read as its option's kind and checked against its bound.
fn read_value(path: &str, opt: &Opt, given: Given) -> Result<Value, ParseError> {
    let option = opt.name;
    let in_range = |n: i64, min: i64, max: i64| match (min..=max).contains(&n) {
        true => Ok(Value::Number(n)),
        false => Err(ParseError::OutOfRange {
            option,
            given: n,
            min,
            max,
        }),
    };
    match (opt.kind, given) {
        (Kind::Text { max }, Given::Text(text)) => {
            let length = text.chars().count();
            match length <= usize::from(max) {
                true => Ok(Value::Text(text.to_string())),
                false => Err(ParseError::TooLong {
                    option,
                    length,
                    max: usize::from(max),
                }),
            }
        }
        (Kind::Number { min, max }, Given::Number(n)) => in_range(n, min, max),
        (Kind::Number { min, max }, Given::Text(text)) => {
            // `#3`, as numbers are shown.
            let n = text.trim().trim_start_matches('#').parse().map_err(|_| {
                ParseError::NotANumber {
                    option,
                    given: neutral(text),
                    min,
                    max,
                }
            })?;
            in_range(n, min, max)
        }
        (Kind::Flag, Given::Flag(on)) => Ok(Value::Flag(on)),
        (Kind::Flag, Given::Text(text)) => match text.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" => Ok(Value::Flag(true)),
            "false" | "no" | "off" => Ok(Value::Flag(false)),
            _ => Err(ParseError::NotAFlag {
                option,
                given: neutral(text),
            }),
        },
        (Kind::Word(words), Given::Choice(at)) => match words.get(at) {
            Some(word) => Ok(Value::Word(word)),
            None => Err(wrong_kind(path, opt)),
        },
        (Kind::Word(words), Given::Text(text)) => {
            let typed = text.trim();
            // A word, or its first part (`+-` for `+- (White wins by forfeit)`).
            let found = words.iter().find(|w| {
                w.eq_ignore_ascii_case(typed)
                    || w.split(' ').next().is_some_and(|head| head == typed)
            });
            match found {
                Some(word) => Ok(Value::Word(word)),
                None => Err(ParseError::NotAChoice {
                    option,
                    given: neutral(typed),
                    choices: words,
                }),
            }
        }
        (Kind::Member, Given::Member(named)) => Ok(Value::Member(named)),
        (Kind::Member, Given::Text(_)) => Err(ParseError::MemberAsText { option }),
        (Kind::Channel, Given::Channel(id)) => Ok(Value::Channel(id)),
        (Kind::Channel, Given::Text(text)) => {
            let id = text.trim();
            let id = id
                .strip_prefix("<#")
                .and_then(|i| i.strip_suffix('>'))
                .unwrap_or(id);
            id.parse()
                .map(Value::Channel)
                .map_err(|_| ParseError::NotAChannel {
                    option,
                    given: neutral(text),
                })
        }
        _ => Err(wrong_kind(path, opt)),
    }
}

fn wrong_kind(path: &str, opt: &Opt) -> ParseError {
    ParseError::WrongKind {
        command: path.to_string(),
        option: opt.name,
    }
}

/// A command's options, read: `build` takes each out by name.
struct Options {
    path: String,
    command: &'static Command,
    values: Vec<(&'static str, Value)>,
}

impl Options {
    fn has(&self, name: &str) -> bool {
        self.values.iter().any(|(n, _)| *n == name)
    }

    fn take(&mut self, name: &str) -> Option<Value> {
        let at = self.values.iter().position(|(n, _)| *n == name)?;
        Some(self.values.remove(at).1)
    }

    fn missing(&self, opt: &Opt) -> ParseError {
        ParseError::Missing {
            command: self.path.clone(),
            option: opt.name,
            description: opt.description,
        }
    }

    /// A required option's value (`read` made sure it was given).
    fn need<T>(&self, value: Option<T>, name: &str) -> Result<T, ParseError> {
        match (value, self.command.option(name)) {
            (Some(value), _) => Ok(value),
            (None, Some(opt)) => Err(self.missing(opt)),
            (None, None) => Err(ParseError::UnknownCommand(self.path.clone())),
        }
    }

    fn text(&mut self, name: &str) -> Option<String> {
        match self.take(name)? {
            Value::Text(text) => Some(text),
            _ => None,
        }
    }

    fn need_text(&mut self, name: &str) -> Result<String, ParseError> {
        let text = self.text(name);
        self.need(text, name)
    }

    fn flag(&mut self, name: &str) -> Option<bool> {
        match self.take(name)? {
            Value::Flag(on) => Some(on),
            _ => None,
        }
    }

    fn member(&mut self, name: &str) -> Option<Named> {
        match self.take(name)? {
            Value::Member(named) => Some(named),
            _ => None,
        }
    }

    fn channel(&mut self, name: &str) -> Option<u64> {
        match self.take(name)? {
            Value::Channel(id) => Some(id),
            _ => None,
        }
    }

    /// A number option as the type the request holds (its bound fits the type).
    fn number<T: TryFrom<i64>>(&mut self, name: &'static str) -> Result<Option<T>, ParseError> {
        let Some(Value::Number(n)) = self.take(name) else {
            return Ok(None);
        };
        let (min, max) = self
            .command
            .option(name)
            .and_then(|o| o.range())
            .unwrap_or((n, n));
        T::try_from(n)
            .map(Some)
            .map_err(|_| ParseError::OutOfRange {
                option: name,
                given: n,
                min,
                max,
            })
    }

    /// A word option as the core's type for it.
    fn word<T>(
        &mut self,
        name: &'static str,
        read: impl Fn(&str) -> Option<T>,
    ) -> Result<Option<T>, ParseError> {
        let Some(Value::Word(word)) = self.take(name) else {
            return Ok(None);
        };
        match read(word) {
            Some(value) => Ok(Some(value)),
            None => Err(ParseError::NotAChoice {
                option: name,
                given: word.to_string(),
                choices: self.command.option(name).map_or(&[], |o| o.choices()),
            }),
        }
    }

    fn ruleset(&mut self) -> Result<Option<Ruleset>, ParseError> {
        self.word("ruleset", |w| w.parse().ok())
    }

    fn game(&mut self) -> Result<Option<Family>, ParseError> {
        self.word("game", |w| w.parse().ok())
    }

    /// The game options /challenge and /tournament create share.
    fn game_spec(&mut self) -> Result<GameSpec, ParseError> {
        let mut options = OptionChoices::default();
        for name in engine::Options::NAMES {
            if let Some(on) = self.flag(name) {
                // The names are the engine's own.
                let _ = options.set(name, on);
            }
        }
        Ok(GameSpec {
            family: self.game()?,
            variants: self.text("variants"),
            ruleset: self.ruleset()?,
            options,
            time: self.text("time"),
            rated: self.flag("rated"),
        })
    }

    /// A listing's page; the adapter says what the asker can see (`Request::listing_mut`).
    fn listing(&mut self) -> Result<Listing, ParseError> {
        Ok(Listing {
            page: self.number("page")?,
            sight: Sight::Channels(Default::default()),
        })
    }

    fn tournament(&mut self) -> Result<Option<i64>, ParseError> {
        self.number("tournament")
    }
}

/// The request of the command at `path`, from its options: each command's one place here.
fn build(path: &str, o: &mut Options) -> Result<Request, ParseError> {
    let request = match path {
        "challenge" => {
            let opponent = o.member("opponent");
            Request::Challenge(ChallengeRequest {
                opponent_is_bot: opponent.as_ref().is_some_and(|n| n.bot),
                computer: opponent.as_ref().is_some_and(|n| n.this_bot),
                level: o.number("level")?,
                opponent: opponent.map(|n| n.player),
                game: o.game_spec()?,
                colour: o.word("colour", |w| ColourChoice::from_word(w).ok())?,
            })
        }
        "move" => Request::Move {
            text: o.need_text("move")?,
            redesign: o.text("redesign"),
        },
        "transfer" => Request::Transfer {
            piece: o.need_text("piece")?,
            square: o.need_text("square")?,
            redesign: o.text("redesign"),
        },
        "buy" => Request::Buy {
            design: o.need_text("design")?,
            redesign: o.text("redesign"),
        },
        "turn" => Request::Turn {
            text: o.need_text("text")?,
        },
        "propose" => {
            let kind = o.word("kind", |w| ProposalKind::from_word(w).ok())?;
            Request::Propose {
                kind: o.need(kind, "kind")?,
                name: o.need_text("name")?,
                notation: o.need_text("notation")?,
                estimate: o.need_text("estimate")?,
            }
        }
        "estimate" => {
            let proposal = o.number("proposal")?;
            Request::Estimate {
                proposal: o.need(proposal, "proposal")?,
                value: o.need_text("value")?,
            }
        }
        "price" => Request::Price {
            design: o.need_text("design")?,
            ruleset: o.ruleset()?,
        },
        "design" => Request::Design {
            design: o.text("design"),
        },
        "board" => Request::Board {
            ply: o.number("ply")?,
        },
        "game" => Request::Game,
        "history" => Request::History,
        "resign" => Request::Resign,
        "draw" => Request::Draw,
        "abort" => Request::Abort,
        "help" => Request::Help,
        "rules" => Request::Rules,
        "notify" => Request::Notify { on: o.flag("on") },
        "settings" => Request::Settings(SettingsChange {
            ruleset: o.ruleset()?,
            power: o.flag("power"),
            proposals: o.flag("proposals"),
            unofficial: o.flag("unofficial"),
            threads: o.flag("threads"),
            allow: o.channel("allow"),
            disallow: o.channel("disallow"),
            everywhere: o.flag("everywhere"),
            web: o.flag("web"),
            new_links: o
                .word("web_links", |w| (w == "new").then_some(()))?
                .is_some(),
        }),
        "rating" => Request::Rating {
            member: o.member("member").map(|n| n.player),
            game: o.game()?,
        },
        "leaderboard" => Request::Leaderboard { game: o.game()? },
        "profile" => Request::Profile {
            member: o.member("member").map(|n| n.player),
            game: o.game()?,
        },
        "games" => Request::Games(o.listing()?),
        "rematch" => Request::Rematch,
        "replay" => Request::Replay,
        "privacy show" => Request::Privacy(PrivacyRequest::Show),
        "privacy export" => Request::Privacy(PrivacyRequest::Export),
        "privacy forget" => Request::Privacy(PrivacyRequest::Forget),
        "tournament create" => {
            let name = o.need_text("name")?;
            Request::Tournament(TournamentRequest::Create(TournamentSpec {
                name,
                format: o.word("format", |w| TournamentFormat::from_word(w).ok())?,
                rounds: o.number("rounds")?,
                game: o.game_spec()?,
                max_players: o.number("max_players")?,
                start: o.text("start"),
                all_at_once: o.flag("all_at_once"),
                tiebreaks: o.text("tiebreaks"),
            }))
        }
        "tournament join" => Request::Tournament(TournamentRequest::Join {
            tournament: o.tournament()?,
        }),
        "tournament leave" => Request::Tournament(TournamentRequest::Leave {
            tournament: o.tournament()?,
        }),
        "tournament withdraw" => Request::Tournament(TournamentRequest::Withdraw {
            tournament: o.tournament()?,
        }),
        "tournament info" => Request::Tournament(TournamentRequest::Info {
            tournament: o.tournament()?,
        }),
        "tournament list" => Request::Tournament(TournamentRequest::List(o.listing()?)),
        "tournament standings" => Request::Tournament(TournamentRequest::Standings {
            tournament: o.tournament()?,
        }),
        "tournament pairings" => Request::Tournament(TournamentRequest::Pairings {
            tournament: o.tournament()?,
            round: o.number("round")?,
        }),
        "tournament export" => Request::Tournament(TournamentRequest::Export {
            tournament: o.tournament()?,
        }),
        "td start" => Request::Director(DirectorRequest::Start {
            tournament: o.tournament()?,
            rounds: o.number("rounds")?,
        }),
        "td pair" => Request::Director(DirectorRequest::Pair {
            tournament: o.tournament()?,
        }),
        "td result" => {
            let (round, board) = (o.number("round")?, o.number("board")?);
            // A result's first word is its value (`+-`); the rest explains it.
            let result = o.word("result", |w| {
                BoardResult::from_word(w.split(' ').next().unwrap_or(w)).ok()
            })?;
            Request::Director(DirectorRequest::Result {
                tournament: o.tournament()?,
                round: o.need(round, "round")?,
                board: o.need(board, "board")?,
                result: o.need(result, "result")?,
            })
        }
        "td remove" => {
            let member = o.member("member").map(|n| n.player);
            Request::Director(DirectorRequest::Remove {
                tournament: o.tournament()?,
                member: o.need(member, "member")?,
            })
        }
        "td cancel" => Request::Director(DirectorRequest::Cancel {
            tournament: o.tournament()?,
        }),
        // A table entry without a request here: a test rules it out.
        _ => return Err(ParseError::UnknownCommand(neutral(path))),
    };
    Ok(request)
}

#[cfg(test)]
mod tests;
