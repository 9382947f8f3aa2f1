//! What a member can ask: a command with its options as typed, or a button press.

use super::seal::{Seal, Tag};
use super::spec::GameSpec;
use crate::family::Family;
use crate::store::{BoardResult, Channel, ColourChoice, Player, ProposalKind, TournamentFormat};
use engine::Ruleset;

/// A command with its options, as typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    Challenge(ChallengeRequest),
    Press(Pressed),
    Move {
        text: String,
        redesign: Option<String>,
    },
    Transfer {
        piece: String,
        square: String,
        redesign: Option<String>,
    },
    Buy {
        design: String,
        redesign: Option<String>,
    },
    Turn {
        text: String,
    },
    Propose {
        kind: ProposalKind,
        name: String,
        notation: String,
        estimate: String,
    },
    Estimate {
        proposal: i64,
        value: String,
    },
    Price {
        design: String,
        ruleset: Option<Ruleset>,
    },
    /// Price the design a message names (the "Price this design" menu on its text).
    PriceIn {
        text: String,
    },
    /// /design: the design builder, empty or from this design.
    Design {
        design: Option<String>,
    },
    /// A choice in a design builder's message.
    Builder(super::Pick),
    /// The board now, or after turn `ply`.
    Board {
        ply: Option<u32>,
    },
    Game,
    History,
    Resign,
    Draw,
    Abort,
    Help,
    Rules,
    /// Turn DMs on the member's turn on or off; None shows the setting.
    Notify {
        on: Option<bool>,
    },
    Settings(SettingsChange),
    /// A member's rating in this server (None: the asker's), in one game's pool (None:
    /// every pool they are rated in).
    Rating {
        member: Option<Player>,
        game: Option<Family>,
    },
    /// The server's top rated members of a game (None: csipgs).
    Leaderboard {
        game: Option<Family>,
    },
    /// A member's rating history in a game (None: csipgs), record by ruleset and last games.
    Profile {
        member: Option<Player>,
        game: Option<Family>,
    },
    /// The server's active games, a page at a time.
    Games(Listing),
    /// Challenge the last game's opponent to the same game, colours swapped.
    Rematch,
    /// The channel's game (running, or the last one) as an animated picture.
    Replay,
    /// /tournament: what any member may do with tournaments.
    Tournament(TournamentRequest),
    /// /td: what a tournament's organisers may do.
    Director(DirectorRequest),
    /// /privacy: what the bot keeps about the asker, a copy of it, or forgetting them.
    Privacy(PrivacyRequest),
}

/// /privacy's subcommands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrivacyRequest {
    /// What is kept, for how long, and how to remove it.
    Show,
    /// A JSON file of every row that names the asker.
    Export,
    /// Ask to be forgotten (a button confirms).
    Forget,
}

/// /tournament's subcommands. `tournament` names one by number; left out, it is the one of
/// the channel (or of the game played in the thread).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentRequest {
    Create(TournamentSpec),
    Join {
        tournament: Option<i64>,
    },
    /// Before the start.
    Leave {
        tournament: Option<i64>,
    },
    /// After the start: not paired again; unfinished games are resigned.
    Withdraw {
        tournament: Option<i64>,
    },
    Info {
        tournament: Option<i64>,
    },
    List(Listing),
    Standings {
        tournament: Option<i64>,
    },
    /// One round's boards (None: the last paired).
    Pairings {
        tournament: Option<i64>,
        round: Option<u16>,
    },
    /// The tournament as a FIDE TRF file.
    Export {
        tournament: Option<i64>,
    },
}

/// /tournament create's options, as typed; what is left out has a default.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TournamentSpec {
    pub name: String,
    /// None: Swiss.
    pub format: Option<TournamentFormat>,
    /// Swiss only.
    pub rounds: Option<u16>,
    /// The game every board plays.
    pub game: GameSpec,
    pub max_players: Option<u16>,
    /// When it starts by itself (`2h`, `1d`, `2026-12-01 18:00`, `<t:1764612000>`); None: an
    /// organiser starts it.
    pub start: Option<String>,
    /// Round robins: start every game at once (default: for correspondence controls).
    pub all_at_once: Option<bool>,
    /// Tie-break acronyms in order, such as `SB, DE, WIN`.
    pub tiebreaks: Option<String>,
}

/// /td's subcommands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DirectorRequest {
    /// Start now; a Swiss may be given fewer rounds.
    Start {
        tournament: Option<i64>,
        rounds: Option<u16>,
    },
    /// Pair the next round now (when the current one is complete).
    Pair {
        tournament: Option<i64>,
    },
    /// Set a board's result: an adjudication, or a forfeit.
    Result {
        tournament: Option<i64>,
        round: u16,
        board: u16,
        result: BoardResult,
    },
    /// Withdraw a player (or take them off before the start).
    Remove {
        tournament: Option<i64>,
        member: Player,
    },
    Cancel {
        tournament: Option<i64>,
    },
}

/// /challenge's options; what is left out comes from the server's settings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeRequest {
    /// None: an open challenge, which anyone may accept.
    pub opponent: Option<Player>,
    pub opponent_is_bot: bool,
    /// The opponent is this bot: the game is against the computer.
    pub computer: bool,
    /// The computer's level, 1 to 6 (None: the default).
    pub level: Option<u8>,
    pub game: GameSpec,
    pub colour: Option<ColourChoice>,
}

/// /settings' options: each one left out stays as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    pub ruleset: Option<Ruleset>,
    pub power: Option<bool>,
    pub proposals: Option<bool>,
    pub unofficial: Option<bool>,
    pub threads: Option<bool>,
    pub allow: Option<u64>,
    pub disallow: Option<u64>,
    pub everywhere: Option<bool>,
    /// Show the server's games, tournaments and leaderboards on the web.
    pub web: Option<bool>,
    /// `web_links:new`: every page of the server gets a new link, and the old ones close.
    pub new_links: bool,
}

impl SettingsChange {
    pub fn is_empty(&self) -> bool {
        *self == SettingsChange::default()
    }
}

/// An answer to a challenge, by button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeAnswer {
    Accept,
    Decline,
    /// The challenger withdraws it.
    Cancel,
}

/// A button press; the button's id says which.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Challenge {
        challenge: i64,
        answer: ChallengeAnswer,
    },
    Draw {
        game: i64,
        accept: bool,
    },
    Resign {
        game: i64,
        confirm: bool,
    },
    /// A tournament announcement's Join button.
    Join {
        tournament: i64,
    },
    /// The answer to /privacy forget's question, which only `member` may give.
    Forget {
        member: u64,
        confirm: bool,
    },
}

/// A button press as it arrived: what its id says, and where the platform says it was pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pressed {
    pub press: Press,
    /// The channel its message was posted in, as the id says (None: a direct message). A
    /// press honoured anywhere else could act on another server's challenge or game.
    pub posted_in: Option<Channel>,
    /// The id's seal: honoured only if it seals the rest (see `super::seal`).
    pub tag: Tag,
}

impl Pressed {
    /// Whether the bot made this id: its tag seals what it says.
    pub fn sealed_by(&self, seal: &Seal) -> bool {
        seal.holds(&self.press.body(self.posted_in), self.tag)
    }
}

/// Why a component's id or value was refused: it is not one the bot made (forged, or from
/// an older version of the bot).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ComponentError {
    #[error("that button or menu is not one this bot made, or it is from an older message: use the buttons of the newest message, or the slash command instead (such as /draw, /resign, /design or /tournament join)")]
    Unknown,
}

/// The part of a button's id that says where its message was posted.
fn place_word(posted_in: Option<Channel>) -> String {
    match posted_in {
        Some(c) => format!("{}-{}", c.guild, c.channel),
        None => "dm".to_string(),
    }
}

fn read_place(word: &str) -> Option<Option<Channel>> {
    if word == "dm" {
        return Some(None);
    }
    let (guild, channel) = word.split_once('-')?;
    Some(Some(Channel {
        guild: guild.parse().ok()?,
        channel: channel.parse().ok()?,
    }))
}

impl Press {
    /// The button id that stands for this press on a message posted in `posted_in` (None:
    /// a direct message): `KIND:ACTION:NUMBER:GUILD-CHANNEL:TAG` (or `...:dm:TAG`), the tag
    /// sealing the rest.
    pub fn id(self, posted_in: Option<Channel>, seal: &Seal) -> String {
        let body = self.body(posted_in);
        let tag = seal.tag(&body);
        format!("{body}:{tag}")
    }

    /// An id without its seal: what the seal is made over.
    fn body(self, posted_in: Option<Channel>) -> String {
        let (kind, action, number) = match self {
            Press::Challenge { challenge, answer } => (
                "challenge",
                match answer {
                    ChallengeAnswer::Accept => "accept",
                    ChallengeAnswer::Decline => "decline",
                    ChallengeAnswer::Cancel => "cancel",
                },
                challenge.to_string(),
            ),
            Press::Draw { game, accept } => (
                "draw",
                if accept { "accept" } else { "decline" },
                game.to_string(),
            ),
            Press::Resign { game, confirm } => (
                "resign",
                if confirm { "confirm" } else { "cancel" },
                game.to_string(),
            ),
            Press::Join { tournament } => ("tournament", "join", tournament.to_string()),
            Press::Forget { member, confirm } => (
                "privacy",
                if confirm { "forget" } else { "keep" },
                member.to_string(),
            ),
        };
        let posted_in = place_word(posted_in);
        format!("{kind}:{action}:{number}:{posted_in}")
    }

    /// The press a button id stands for, where its message was posted and its seal (the id
    /// came from a `Reply` of ours, or was forged: every part is checked, the seal by the
    /// core, which holds the key).
    pub fn from_id(id: &str) -> Option<Pressed> {
        let (body, tag) = id.rsplit_once(':')?;
        let tag = tag.parse().ok()?;
        let mut parts = body.splitn(4, ':');
        let (kind, action, number, place) =
            (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
        let posted_in = read_place(place)?;
        let number: i64 = number.parse().ok()?;
        let press = match (kind, action) {
            ("challenge", answer) => Press::Challenge {
                challenge: number,
                answer: match answer {
                    "accept" => ChallengeAnswer::Accept,
                    "decline" => ChallengeAnswer::Decline,
                    "cancel" => ChallengeAnswer::Cancel,
                    _ => return None,
                },
            },
            ("draw", "accept" | "decline") => Press::Draw {
                game: number,
                accept: action == "accept",
            },
            ("resign", "confirm" | "cancel") => Press::Resign {
                game: number,
                confirm: action == "confirm",
            },
            ("tournament", "join") => Press::Join { tournament: number },
            ("privacy", "forget" | "keep") => Press::Forget {
                member: u64::try_from(number).ok()?,
                confirm: action == "forget",
            },
            _ => return None,
        };
        Some(Pressed {
            press,
            posted_in,
            tag,
        })
    }
}

impl Request {
    /// What a component of one of our messages stands for: a design builder's menu pick
    /// (with the value chosen) or button, or another button's press. Any id and value,
    /// however forged, gives a request or an error, never a panic.
    pub fn of_component(id: &str, value: Option<&str>) -> Result<Request, ComponentError> {
        if let Some(pick) = super::Pick::from_id(id, value) {
            return Ok(Request::Builder(pick));
        }
        match (Press::from_id(id), value) {
            (Some(pressed), None) => Ok(Request::Press(pressed)),
            _ => Err(ComponentError::Unknown),
        }
    }

    /// The slash command it came from (`button` for a press): a metric's label and a log
    /// field, so never anything the member typed.
    pub fn name(&self) -> &'static str {
        match self {
            Request::Challenge(_) => "challenge",
            Request::Press(_) => "button",
            Request::Move { .. } => "move",
            Request::Transfer { .. } => "transfer",
            Request::Buy { .. } => "buy",
            Request::Turn { .. } => "turn",
            Request::Propose { .. } => "propose",
            Request::Estimate { .. } => "estimate",
            Request::Price { .. } => "price",
            Request::PriceIn { .. } => "price_message",
            Request::Design { .. } => "design",
            Request::Builder(_) => "design_builder",
            Request::Board { .. } => "board",
            Request::Game => "game",
            Request::History => "history",
            Request::Resign => "resign",
            Request::Draw => "draw",
            Request::Abort => "abort",
            Request::Help => "help",
            Request::Rules => "rules",
            Request::Notify { .. } => "notify",
            Request::Settings(_) => "settings",
            Request::Rating { .. } => "rating",
            Request::Leaderboard { .. } => "leaderboard",
            Request::Profile { .. } => "profile",
            Request::Games(_) => "games",
            Request::Rematch => "rematch",
            Request::Replay => "replay",
            Request::Tournament(_) => "tournament",
            Request::Director(_) => "td",
            Request::Privacy(_) => "privacy",
        }
    }

    /// The press of a reply's Accept button, if it has one (a challenge).
    pub fn accept_in(reply: &super::Reply) -> Option<Request> {
        reply
            .buttons
            .iter()
            .find_map(|b| match Press::from_id(&b.id) {
                Some(
                    pressed @ Pressed {
                        press:
                            Press::Challenge {
                                answer: ChallengeAnswer::Accept,
                                ..
                            },
                        ..
                    },
                ) => Some(Request::Press(pressed)),
                _ => None,
            })
    }

    /// The listing a request asks for, whose sight the adapter fills in: the parser can't
    /// know which channels the asker may view, so it gives a listing that shows nothing.
    pub fn listing_mut(&mut self) -> Option<&mut Listing> {
        match self {
            Request::Games(listing) | Request::Tournament(TournamentRequest::List(listing)) => {
                Some(listing)
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn button_ids_round_trip() {
        let presses = [
            Press::Challenge {
                challenge: 7,
                answer: ChallengeAnswer::Cancel,
            },
            Press::Draw {
                game: 3,
                accept: false,
            },
            Press::Resign {
                game: 9,
                confirm: true,
            },
            Press::Join { tournament: 4 },
        ];
        let here = Channel {
            guild: 3,
            channel: 4,
        };
        let seal = Seal::new("key");
        for press in presses {
            for posted_in in [Some(here), None] {
                let pressed = Press::from_id(&press.id(posted_in, &seal)).unwrap();
                assert_eq!((pressed.press, pressed.posted_in), (press, posted_in));
                assert!(pressed.sealed_by(&seal));
                assert!(!pressed.sealed_by(&Seal::new("another key")));
            }
        }
        // Rewritten or guessed: it still reads, but its seal doesn't hold.
        let id = Press::Join { tournament: 4 }.id(Some(here), &seal);
        let tag = id.rsplit_once(':').unwrap().1;
        for forged in [
            format!("tournament:join:5:3-4:{tag}"),
            format!("tournament:join:4:3-5:{tag}"),
            format!("tournament:join:4:dm:{tag}"),
        ] {
            assert!(
                !Press::from_id(&forged).unwrap().sealed_by(&seal),
                "{forged}"
            );
        }
        for bad in [
            "challenge:maybe:1:3-4:0123456789abcdef",
            "resign:confirm:x:3-4:0123456789abcdef",
            "challenge:accept:1:0123456789abcdef",
            "challenge:accept:1:3:0123456789abcdef",
            "challenge:accept:1:3-4",
            "challenge:accept:1:3-4:xyz",
            "nonsense",
        ] {
            assert_eq!(Press::from_id(bad), None, "{bad}");
        }
    }
}

/// Which page of a listing a member asked for, and what they can see: a listing shows only
/// what is in channels its asker can view.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listing {
    /// From 1; none is the first.
    pub page: Option<u32>,
    pub sight: Sight,
}

/// The channels a member can view, as the platform tells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Every channel: the terminal, whose one screen shows everything.
    Everything,
    /// These channels and threads, and no others.
    Channels(std::collections::BTreeSet<u64>),
}

impl Sight {
    pub fn sees(&self, channel: u64) -> bool {
        match self {
            Sight::Everything => true,
            Sight::Channels(channels) => channels.contains(&channel),
        }
    }
}
