//! The command table: every command's name, description, options, their kinds and bounds
//! (from `bounds`) and suggestions, once. /help, the Discord registration and the request
//! parser (`parse`, which every adapter calls) all read it, so Discord refuses what the core
//! would refuse before anything reaches us.

use super::bounds::*;

/// Who may use a command, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// In servers, in direct messages with the bot, and, for a member who installed the app
    /// to their own account, in any DM or group DM (and servers without the bot).
    Everywhere,
    /// In servers and in direct messages with the bot.
    Anywhere,
    /// In server channels and threads only.
    Server,
    /// In servers, by members with Manage Server only.
    Managers,
}

/// What an option takes, with its bound: every kind of value has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Text of at most this many characters.
    Text { max: u16 },
    /// A whole number from `min` to `max`.
    Number { min: i64, max: i64 },
    /// True or false.
    Flag,
    /// One of these words, as Discord offers them.
    Word(&'static [&'static str]),
    /// A member, as the platform names them (Discord's member picker).
    Member,
    /// One of the server's text channels.
    Channel,
}

/// The option being typed, for suggestions (see `complete`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Move,
    TransferPiece,
    TransferSquare,
    Buy,
    Redesign,
    Proposal,
    /// A tournament of the server, by number.
    Tournament,
    /// A fide game's variants, comma-separated.
    Variants,
    /// A design to price or build, in or out of a game: what was typed, and the named
    /// pieces it matches, with their prices here.
    Design,
}

/// One option of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opt {
    pub name: &'static str,
    pub description: &'static str,
    pub required: bool,
    pub kind: Kind,
    /// What is suggested while it is typed, if anything.
    pub complete: Option<Field>,
}

impl Opt {
    /// A number option taking `min` to `max`.
    const fn between(self, min: i64, max: i64) -> Opt {
        Opt {
            kind: Kind::Number { min, max },
            ..self
        }
    }

    /// An option taking one of these words.
    const fn among(self, choices: &'static [&'static str]) -> Opt {
        Opt {
            kind: Kind::Word(choices),
            ..self
        }
    }

    /// An option naming a member.
    const fn member(self) -> Opt {
        Opt {
            kind: Kind::Member,
            ..self
        }
    }

    /// An option naming a text channel.
    const fn channel(self) -> Opt {
        Opt {
            kind: Kind::Channel,
            ..self
        }
    }

    /// An option whose typing brings suggestions.
    const fn completed(self, field: Field) -> Opt {
        Opt {
            complete: Some(field),
            ..self
        }
    }

    /// The most characters it takes, if it takes text.
    pub fn max_length(&self) -> Option<u16> {
        match self.kind {
            Kind::Text { max } => Some(max),
            _ => None,
        }
    }

    /// The least and the most it takes, if it takes a number.
    pub fn range(&self) -> Option<(i64, i64)> {
        match self.kind {
            Kind::Number { min, max } => Some((min, max)),
            _ => None,
        }
    }

    /// The words it takes, if it takes one of a list.
    pub fn choices(&self) -> &'static [&'static str] {
        match self.kind {
            Kind::Word(words) => words,
            _ => &[],
        }
    }
}

/// One command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Command {
    pub name: &'static str,
    pub description: &'static str,
    pub options: &'static [Opt],
    pub scope: Scope,
    /// A group's subcommands (`/tournament join`); a group takes no options of its own.
    pub subcommands: &'static [Command],
    /// A game's own command, which the terminal reads too; the rest (a server's settings,
    /// tournaments, challenges) are Discord's, since a terminal plays the one game its
    /// options set up.
    pub terminal: bool,
}

impl Command {
    /// The option called `name`, as typed (case is forgiven).
    pub fn option(&self, name: &str) -> Option<&'static Opt> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// `/path option [optional]`: how the command at `path` is written.
    pub fn usage(&self, path: &str) -> String {
        let mut text = format!("/{path}");
        for option in self.options {
            match option.required {
                true => text.push_str(&format!(" {}", option.name)),
                false => text.push_str(&format!(" [{}]", option.name)),
            }
        }
        text
    }
}

const fn text(name: &'static str, description: &'static str, max: u16) -> Opt {
    Opt {
        name,
        description,
        required: true,
        kind: Kind::Text { max },
        complete: None,
    }
}

const fn optional_text(name: &'static str, description: &'static str, max: u16) -> Opt {
    Opt {
        required: false,
        ..text(name, description, max)
    }
}

/// A true-or-false option, left out by default.
const fn flag(name: &'static str, description: &'static str) -> Opt {
    Opt {
        name,
        description,
        required: false,
        kind: Kind::Flag,
        complete: None,
    }
}

/// An option the command needs; its kind is given next.
const fn required(name: &'static str, description: &'static str) -> Opt {
    Opt {
        required: true,
        ..flag(name, description)
    }
}

/// An option that may be left out; its kind is given next.
const fn optional(name: &'static str, description: &'static str) -> Opt {
    flag(name, description)
}

/// A listing's page: from 1 (each shows ten entries).
const PAGE: Opt =
    optional("page", "Which page of the list (default 1; each shows ten)").between(1, PAGE_MAX);
const LEVEL: (i64, i64) = (LEVEL_MIN, LEVEL_MAX);

/// The words of each option with a fixed list of values (the parser reads each into the
/// core's type: a test checks every word reads).
const FAMILIES: &[&str] = &["csipgs", "fide"];
const RULESETS: &[&str] = &["classic", "kurnia", "progressive"];
const WEB_LINKS: &[&str] = &["new"];
const COLOURS: &[&str] = &["white", "black", "random"];
const KINDS: &[&str] = &["atom", "modifier"];
const FORMATS: &[&str] = &["swiss", "round-robin", "double-round-robin"];
/// A result's first word is its value; the rest explains it.
pub(crate) const RESULTS: &[&str] = &[
    "1-0",
    "0-1",
    "1/2-1/2",
    "+- (White wins by forfeit)",
    "-+ (Black wins by forfeit)",
    "-- (neither played)",
];

const GAME: Opt = optional(
    "game",
    "csipgs (default), or fide: FIDE chess with any of Gilman's modest variants",
)
.among(FAMILIES);
/// Which game's rating pool a ratings command reads.
const RATED_GAME: Opt =
    optional("game", "Which game's ratings: csipgs (default) or fide").among(FAMILIES);

const REDESIGN: Opt = optional_text(
    "redesign",
    "Replace a design after the action: SLOT=DESIGN, such as B=WD",
    REDESIGN_MAX,
)
.completed(Field::Redesign);

pub const COMMANDS: &[Command] = &[
    Command {
        name: "challenge",
        description: "Challenge a member (or anyone, if you name nobody) to a game of csipgs chess",
        options: &[
            optional(
                "opponent",
                "The member to play against, or me to play the computer (leave out: anyone may accept)",
            ).member(),
            GAME,
            optional_text(
                "variants",
                "game:fide's variants, comma-separated, such as warhead,stungun (default: none)",
                VARIANTS_MAX,
            ).completed(Field::Variants),
            optional(
                "ruleset",
                "classic, kurnia or progressive (default: the server's)",
            ).among(RULESETS),
            optional(
                "power",
                "Buy in the design phase, so one turn can move and buy",
            ),
            optional(
                "proposals",
                "Allow proposing new atoms and modifiers (always on in kurnia)",
            ),
            optional(
                "unofficial",
                "Allow the unofficial relay-, doublemove- and shooting- prefixes",
            ),
            optional(
                "plunder",
                "A capture takes half the captured piece's price from its owner",
            ),
            optional(
                "fog",
                "Moderated game: each sees only what their pieces see, plus impassable squares",
            ),
            optional("colour", "Your colour: white, black or random (default)").among(COLOURS),
            optional_text(
                "time",
                "Time control: 15m+10s (live), 1d, 3d (default) or 7d per turn, or none",
                TIME_MAX,
            ),
            optional(
                "rated",
                "Whether the result changes ratings (default: rated; games against me never are)",
            ),
            optional(
                "level",
                "Challenge me (the bot) to play the computer: 1 (easiest) to 6 (default 4)",
            ).between(LEVEL.0, LEVEL.1),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "move",
        description: "Move a piece on the board, such as Kd2 or (WD)xe5",
        options: &[
            text(
                "move",
                "The move in record notation, such as Kd2 or (WD)xe5",
                MOVE_MAX,
            ).completed(Field::Move),
            REDESIGN,
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "transfer",
        description: "Put a reserve piece on an empty square next to your royal piece",
        options: &[
            text(
                "piece",
                "The reserve piece, such as N or WD",
                PIECE_MAX,
            ).completed(Field::TransferPiece),
            text(
                "square",
                "The empty square next to your royal piece, such as e2",
                SQUARE_MAX,
            ).completed(Field::TransferSquare),
            REDESIGN,
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "buy",
        description: "Buy a piece of one of your designs into your reserve",
        options: &[
            text(
                "design",
                "The design to buy, such as N or WD (progressive: several, as WD, N)",
                TURN_MAX,
            ).completed(Field::Buy),
            REDESIGN,
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "turn",
        description: "Take a whole turn in record notation, such as (WD)xe5+; B=WD",
        options: &[text(
            "text",
            "The turn: an action, then optionally ; and a redesign",
            TURN_MAX,
        )],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "propose",
        description:
            "Propose a new atom or modifier; both players bid sealed estimates of its price",
        options: &[
            required(
                "kind",
                "atom (a new move, such as Z or nN) or modifier (runner, lame)",
            ).among(KINDS),
            text(
                "name",
                "Its name, such as zebra or chinese knight",
                PROPOSAL_NAME_MAX,
            ),
            text(
                "notation",
                "The atom's notation (Z, nN, DD) or the modifier (runner, lame)",
                PROPOSAL_TEXT_MAX,
            ),
            text(
                "estimate",
                "Your sealed estimate of its cost or multiplier, such as 2.5",
                PROPOSAL_TEXT_MAX,
            ),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "estimate",
        description: "Give your sealed estimate for your opponent's proposal",
        options: &[
            required("proposal", "The proposal's number")
                .between(1, NUMBER_MAX)
                .completed(Field::Proposal),
            text(
                "value",
                "Your estimate of its cost or multiplier, such as 2.5",
                PROPOSAL_TEXT_MAX,
            ),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "price",
        description: "Price a design, with its breakdown and movement diagram (also in DMs)",
        options: &[
            text(
                "design",
                "The design in Betza's notation, such as WbRbmHfB",
                DESIGN_MAX,
            ).completed(Field::Design),
            optional(
                "ruleset",
                "The ruleset whose prices apply (default: this channel's game, or classic)",
            ).among(RULESETS),
        ],
        scope: Scope::Everywhere,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "design",
        description: "Build a design with menus, no notation needed: its moves, diagram and price",
        options: &[optional_text(
            "design",
            "Start from this design in Betza's notation (left out: from nothing)",
            DESIGN_MAX,
        ).completed(Field::Design)],
        scope: Scope::Everywhere,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "board",
        description:
            "Show the board of this channel's game, or of its last one (from your side if you play)",
        options: &[optional(
            "ply",
            "Show the position after this turn instead (1 = White's first)",
        ).between(0, PLY_MAX)],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "game",
        description:
            "Show the game's status: players, rules, whose turn, treasuries, reserves and designs",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "history",
        description: "Get the game's record file (this channel's game, or its last one)",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "resign",
        description: "Resign the game (you are asked to confirm)",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "draw",
        description: "Offer a draw, or accept your opponent's offer (not under kurnia or progressive rules)",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "abort",
        description:
            "Abort the game without a result (players before each has moved, or moderators)",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "notify",
        description: "Get a direct message when it is your turn (on), or stop (off)",
        options: &[optional(
            "on",
            "True to be told by DM, false to stop; leave out to see the setting",
        )],
        scope: Scope::Anywhere,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "settings",
        description: "Show or change this server's settings (Manage Server)",
        options: &[
            optional("ruleset", "The default ruleset of new challenges").among(RULESETS),
            optional(
                "power",
                "New challenges have the power option unless they say otherwise",
            ),
            optional(
                "proposals",
                "New challenges have the proposals option unless they say otherwise",
            ),
            optional(
                "unofficial",
                "New challenges have the unofficial option unless they say otherwise",
            ),
            optional(
                "threads",
                "Each new game gets a thread of its own (default on)",
            ),
            optional(
                "allow",
                "A channel where games may start (once any is listed, only those)",
            ).channel(),
            optional(
                "disallow",
                "Take a channel off the list where games may start",
            ).channel(),
            optional(
                "everywhere",
                "True: games may start in every channel again (clears the list)",
            ),
            optional(
                "web",
                "Show this server's games, tournaments and leaderboards as web pages (default off)",
            ),
            optional(
                "web_links",
                "new: give every page of this server a new link; the old links stop working",
            )
            .among(WEB_LINKS),
        ],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "rating",
        description: "A member's ratings in this server (yours if you name nobody)",
        options: &[
            optional("member", "Whose rating (default: yours)").member(),
            optional("game", "Which game's rating: csipgs or fide (default: every one)").among(FAMILIES),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "leaderboard",
        description: "This server's top 20 rated players",
        options: &[RATED_GAME],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "profile",
        description: "A member's rating history, results by ruleset and last 10 games",
        options: &[optional("member", "Whose profile (default: yours)").member(), RATED_GAME],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "games",
        description: "This server's games in progress: where, who, and whose turn",
        options: &[PAGE],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "rematch",
        description: "Challenge your last opponent here to the same game, colours swapped",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "replay",
        description: "An animated replay of this channel's game (or its last one)",
        options: &[],
        scope: Scope::Server,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "tournament",
        description: "Tournaments: create one, join, and follow its pairings and standings",
        options: &[],
        scope: Scope::Server,
        subcommands: TOURNAMENT,
        terminal: false,
    },
    Command {
        name: "td",
        description: "Direct a tournament (its creator, or Manage Server): start, pair, results",
        options: &[],
        scope: Scope::Managers,
        subcommands: DIRECTOR,
        terminal: false,
    },
    Command {
        name: "help",
        description: "List the commands",
        options: &[],
        scope: Scope::Everywhere,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "rules",
        description: "The rules of csipgs chess in brief",
        options: &[],
        scope: Scope::Everywhere,
        subcommands: &[],
        terminal: true,
    },
    Command {
        name: "privacy",
        description: "What the bot keeps about you, a copy of it, or having it deleted",
        options: &[],
        scope: Scope::Anywhere,
        subcommands: PRIVACY,
        terminal: false,
    },
];

/// /privacy's subcommands.
const PRIVACY: &[Command] = &[
    Command {
        name: "show",
        description: "What the bot keeps about you, for how long, and how to remove it",
        options: &[],
        scope: Scope::Anywhere,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "export",
        description: "A file of everything the bot keeps about you, sent to you only",
        options: &[],
        scope: Scope::Anywhere,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "forget",
        description: "Delete your data: your name in past games becomes an anonymous label",
        options: &[],
        scope: Scope::Anywhere,
        subcommands: &[],
        terminal: false,
    },
];

/// A tournament's number, for every subcommand that acts on one.
const TOURNAMENT_NO: Opt = optional(
    "tournament",
    "The tournament's number (default: this channel's)",
)
.between(1, NUMBER_MAX)
.completed(Field::Tournament);

/// /tournament's subcommands.
const TOURNAMENT: &[Command] = &[
    Command {
        name: "create",
        description: "Create a tournament in this channel; members join with /tournament join",
        options: &[
            text("name", "Its name, such as Winter Cup", TOURNAMENT_NAME_MAX),
            optional(
                "format",
                "swiss (default), round-robin or double-round-robin",
            )
            .among(FORMATS),
            optional("rounds", "Swiss: how many rounds (default 5)").between(1, MAX_ROUNDS as i64),
            GAME,
            optional_text(
                "variants",
                "game:fide's variants for every game, such as warhead,stungun",
                VARIANTS_MAX,
            )
            .completed(Field::Variants),
            optional(
                "ruleset",
                "classic, kurnia or progressive (default: the server's)",
            )
            .among(RULESETS),
            optional("power", "Every game has the power option"),
            optional("proposals", "Every game has the proposals option"),
            optional("unofficial", "Every game has the unofficial prefixes"),
            optional("plunder", "Every game has the plunder option"),
            optional("fog", "Every game is a moderated (fog) game"),
            optional_text(
                "time",
                "Every game's clock: 3d (default), 1d, 7d per turn, or live such as 15m+10s",
                TIME_MAX,
            ),
            optional("rated", "Whether the games change ratings (default: rated)"),
            optional("max_players", "The most players it takes (default 64)")
                .between(2, MAX_PLAYERS as i64),
            optional_text(
                "start",
                "When it starts by itself: 2h, 1d, 2026-12-01 18:00 (UTC) or <t:…>",
                START_MAX,
            ),
            optional(
                "all_at_once",
                "Round robin: start every game at once (default for correspondence clocks)",
            ),
            optional_text(
                "tiebreaks",
                "Tie-breaks in order, such as BH-C1, BH, SB (a word it does not know lists them all)",
                TIEBREAKS_MAX,
            ),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "join",
        description: "Sign up for a tournament (Swiss: also late, until half the rounds began)",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "leave",
        description: "Take your name off a tournament that has not started",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "withdraw",
        description: "Leave a running tournament: you are not paired again; open games resign",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "info",
        description: "A tournament's settings, players and progress",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "list",
        description: "This server's tournaments",
        options: &[PAGE],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "standings",
        description: "A tournament's standings with its tie-breaks, as a table",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "pairings",
        description: "A round's boards and results",
        options: &[
            TOURNAMENT_NO,
            optional("round", "The round (default: the last paired)").between(1, ROUND_MAX),
        ],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "export",
        description: "A tournament as a FIDE TRF file, for arbiters' pairing programs",
        options: &[TOURNAMENT_NO],
        scope: Scope::Server,
        subcommands: &[],
        terminal: false,
    },
];

/// /td's subcommands.
const DIRECTOR: &[Command] = &[
    Command {
        name: "start",
        description: "Start a tournament now",
        options: &[
            TOURNAMENT_NO,
            optional(
                "rounds",
                "Swiss: fewer rounds than announced, for a small field",
            )
            .between(1, MAX_ROUNDS as i64),
        ],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "pair",
        description: "Pair the next round now (once every game of this one has a result)",
        options: &[TOURNAMENT_NO],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "result",
        description: "Set a board's result: adjudicate a game, or a forfeit",
        options: &[
            required("round", "The round").between(1, ROUND_MAX),
            required("board", "The board, as /tournament pairings lists it").between(1, ROUND_MAX),
            required(
                "result",
                "1-0, 0-1, 1/2-1/2, or forfeits +- (White wins), -+ or --",
            )
            .among(RESULTS),
            TOURNAMENT_NO,
        ],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "remove",
        description: "Remove a player: their unfinished games are lost by forfeit, unrated",
        options: &[required("member", "The player").member(), TOURNAMENT_NO],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
    Command {
        name: "cancel",
        description: "Cancel a tournament; games in progress play on without it",
        options: &[TOURNAMENT_NO],
        scope: Scope::Managers,
        subcommands: &[],
        terminal: false,
    },
];

/// What a context menu acts on: Discord offers it on a right-click there, under Apps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MenuTarget {
    Member,
    Message,
}

/// A context menu command: no options, its name is what the menu shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Menu {
    pub name: &'static str,
    pub target: MenuTarget,
    /// What it does, for /help.
    pub description: &'static str,
    pub scope: Scope,
}

/// The context menu commands.
pub const MENUS: &[Menu] = &[
    Menu {
        name: "Challenge to csipgs",
        target: MenuTarget::Member,
        description: "challenge that member with this server's usual terms",
        scope: Scope::Server,
    },
    Menu {
        name: "Price this design",
        target: MenuTarget::Message,
        description: "price the design a message names, as /price does",
        scope: Scope::Everywhere,
    },
];

/// The context menu named `name`.
pub fn menu(name: &str) -> Option<&'static Menu> {
    MENUS.iter().find(|m| m.name == name)
}

/// A command by name, or a subcommand by its path (`tournament create`).
pub fn command(name: &str) -> Option<&'static Command> {
    let mut words = name.split(' ');
    let first = words.next()?;
    let mut found = COMMANDS.iter().find(|c| c.name == first)?;
    for word in words {
        found = found.subcommands.iter().find(|c| c.name == word)?;
    }
    Some(found)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_discord_sized() {
        check(COMMANDS);
        for group in COMMANDS.iter().filter(|c| !c.subcommands.is_empty()) {
            assert!(group.options.is_empty(), "{}", group.name);
            check(group.subcommands);
            for sub in group.subcommands {
                assert_eq!(sub.scope, group.scope, "{} {}", group.name, sub.name);
            }
        }
    }

    fn check(commands: &[Command]) {
        for (i, c) in commands.iter().enumerate() {
            assert!(commands[..i].iter().all(|o| o.name != c.name), "{}", c.name);
            assert!((1..=100).contains(&c.description.len()), "{}", c.name);
            for o in c.options {
                assert!(
                    (1..=100).contains(&o.description.len()),
                    "{}.{}",
                    c.name,
                    o.name
                );
            }
            // Discord wants the required options first.
            let first_optional = c.options.iter().position(|o| !o.required);
            if let Some(first) = first_optional {
                assert!(c.options[first..].iter().all(|o| !o.required), "{}", c.name);
            }
        }
    }
}
