//! Why a command was refused, in words for the member who sent it: what was wrong and what
//! to do instead.

use super::content::{listed, Local};
use super::{member, Content, ParseError, Span};
use crate::family::{ChoiceError, Refused};
use crate::store::{Counted, Outage, Player, Quota, StoreError};
use crate::words;
use engine::proposal::ProposalError;
use engine::{Color, NotationError, PriceError, TimeControlError, TurnError};

#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    #[error(
        "games are played in server channels: use this command in a channel or thread of a server"
    )]
    NotInServer,
    #[error("{}", self.logged())]
    NoGame,
    #[error("{}", self.logged())]
    GameEnded {
        result: String,
        white: u64,
        black: u64,
    },
    #[error("{}", self.logged())]
    NotAPlayer { white: u64, black: u64 },
    #[error("{}", self.logged())]
    NotYourTurn { color: Color, player: u64 },
    #[error("{0}")]
    Turn(#[from] TurnError),
    #[error("{0}")]
    Refused(#[from] Refused),
    #[error("{0}")]
    Choice(#[from] ChoiceError),
    #[error("/{0} is a csipgs command, and this is a game of fide chess: play your move with /move (SAN such as e4, Nf3, O-O, e8=Q)")]
    CsipgsCommand(&'static str),
    #[error("another command changed this game at the same moment, so yours was not carried out: look at /board and try again")]
    Conflict,
    #[error("you can't challenge yourself: name another member of this server")]
    ChallengeSelf,
    #[error(
        "other bots don't play csipgs: challenge a person, or challenge me to play the computer"
    )]
    ChallengeBot,
    #[error("games against the computer are never rated: leave out rated, or set it to false")]
    ComputerUnrated,
    #[error("{}", self.logged())]
    ComputerProposals,
    #[error(
        "level is for games against the computer: challenge me (the bot) with it, or leave it out"
    )]
    LevelWithoutComputer,
    #[error("{0}")]
    Level(#[from] engine::computer::LevelError),
    #[error("the computer plays every game to its end: play on, or /resign")]
    ComputerDraw,
    #[error("the computer's search failed ({0}); its turn is tried again shortly")]
    Computer(String),
    #[error("{}", self.logged())]
    ChannelBusy { white: u64, black: u64 },
    #[error("this challenge was answered or replaced already: start a new one with /challenge")]
    ChallengeGone,
    #[error("that button belongs to a message in another channel or server: press it where it was posted")]
    PressedElsewhere,
    #[error("{0}")]
    Component(#[from] super::ComponentError),
    #[error("{}", self.logged())]
    NotChallenged(u64),
    #[error(
        "you can't accept your own challenge: wait for someone else, or withdraw it with Cancel"
    )]
    OwnChallenge,
    #[error("{}", self.logged())]
    NotChallenger(u64),
    #[error("{}", self.logged())]
    ChannelNotAllowed { channels: Vec<u64> },
    #[error("{}", self.logged())]
    NotYourPrivacy(u64),
    #[error("that button belongs to a game that has ended: look at /board")]
    GameGone,
    #[error("there is no draw offer to answer: offer one yourself with /draw")]
    NoDrawOffer,
    #[error("{}", self.logged())]
    NotOffered(u64),
    #[error("this game has {turns} turn(s) so far: ask for a ply from 0 (the start) to {turns}")]
    NoSuchPly { turns: usize },
    #[error("only members with Manage Server can change this server's settings: /settings with no options shows them")]
    NotManager,
    #[error("this bot serves no web pages: its operator has not set `web` and `public_url` in its config.toml, so /settings web changes nothing here")]
    NoWebPages,
    #[error("{}", self.logged())]
    DrawOffered(u64),
    #[error("players can abort only before each has moved: resign with /resign, or ask a moderator (Manage Messages) to abort")]
    AbortTooLate,
    #[error("only the two players (before each has moved) or members with Manage Messages can abort a game")]
    AbortNotAllowed,
    #[error("'{text}' is not a design: {error}")]
    BadDesign { text: String, error: NotationError },
    #[error(
        "the design builder makes pieces without prefixes, so it can't show {0}: /price prices it"
    )]
    BuilderPrefix(String),
    #[error("the design builder holds no more parts: remove one, or type the design with /price")]
    BuilderFull,
    #[error("the design has no moves yet: add a movement from the builder's first menu")]
    BuilderEmpty,
    #[error("this channel's game is FIDE chess, which has no designs to buy")]
    BuilderNotCsipgs,
    #[error("fill in both boxes: what to buy (or your move), and the design the new one replaces (such as Q)")]
    BuilderFormIncomplete,
    #[error("that message names no design: a design is written in Betza's notation, such as `WbRbmHfB` or `fc(DNFA)`")]
    NoDesignInMessage,
    #[error("{0}")]
    Unpriced(#[from] PriceError),
    #[error("{0}")]
    Proposal(#[from] ProposalError),
    #[error("'{0}' is not an estimate: write a number such as 2.5")]
    BadEstimate(String),
    #[error("there is no open proposal #{0} in this game: /game lists the open ones")]
    NoProposal(i64),
    #[error("{}", self.logged())]
    AlreadyEstimated(u64),
    #[error("{0} is being bid on already: give your estimate with /estimate proposal:{1}")]
    AlreadyOpen(String, i64),
    #[error("{0}")]
    Time(#[from] TimeControlError),
    #[error("{}", self.logged())]
    Unrated(u64),
    #[error("{}", self.logged())]
    UnratedIn(u64, crate::family::Family),
    #[error("{}", self.logged())]
    NoRematch,
    #[error("{}", self.logged())]
    NotInRematch { white: u64, black: u64 },
    #[error("{}", self.logged())]
    NothingToReplay,
    #[error("the replay could not be drawn: try again in a moment")]
    Picture(#[source] crate::picture::DrawFailed),
    #[error("{0}")]
    TournamentOption(#[from] super::tournaments::OptionError),
    #[error("there is no tournament in this channel: /tournament list shows this server's, and /tournament create makes one")]
    NoTournament,
    #[error("there is no tournament #{0} in this server: /tournament list shows them")]
    UnknownTournament(i64),
    #[error("tournaments give every game a thread of its own: create one in a text channel of a server, not in a thread")]
    TournamentNeedsChannel,
    #[error("you are signed up for {0} already: /tournament info shows who plays")]
    AlreadyJoined(String),
    #[error("you are not playing in {0}: /tournament join signs you up")]
    NotJoined(String),
    #[error("{name} is full: it takes at most {max} players")]
    TournamentFull { name: String, max: u16 },
    #[error("{name} takes no more players: {why}")]
    SignupClosed { name: String, why: &'static str },
    #[error("{name} has started: use /tournament withdraw to stop playing in it")]
    LeaveStarted { name: String },
    #[error("{name} has not started: use /tournament leave to take your name off")]
    WithdrawBeforeStart { name: String },
    #[error("you have withdrawn from {0} already")]
    Withdrawn(String),
    #[error("{name} has {players} player(s); a {format} needs at least {need} to start")]
    TooFewPlayers {
        name: String,
        players: usize,
        format: &'static str,
        need: usize,
    },
    #[error("a Swiss of {players} players can be paired for at most {} rounds (nobody meets twice), not {rounds}: wait for more players, or /td start rounds:{}", players - 1, players - 1)]
    TooManyRounds { rounds: u16, players: usize },
    #[error("{}", self.logged())]
    NotDirector { name: String, creator: u64 },
    #[error("{name} has {status}: {what}")]
    TournamentState {
        name: String,
        status: &'static str,
        what: &'static str,
    },
    #[error(
        "round {round} has no board {board}: /tournament pairings round:{round} lists its boards"
    )]
    NoSuchBoard { round: u16, board: u16 },
    #[error("{name} has no round {round} yet: rounds 1 to {paired} are paired")]
    NoSuchRound {
        name: String,
        round: u16,
        paired: u16,
    },
    #[error("round {round} is still being played on board(s) {boards}: the next round is paired when they finish, or set their results with /td result")]
    RoundUnfinished { round: u16, boards: String },
    #[error("the tournament can't be paired: {0}")]
    Pairing(String),
    #[error("round {round}'s pairing failed the FIDE checks ({rejected}), so the round was not started: an organiser can set the results with /td result and try again with /td pair")]
    PairingRejected {
        round: u16,
        rejected: league::checker::Rejected,
    },
    #[error("the standings can't be computed: {0}")]
    Standings(#[from] league::tiebreak::TieBreakError),
    #[error("this is a tournament game: it can't be aborted, but a tournament director can set its result with /td result")]
    TournamentGame,
    #[error("{}", self.logged())]
    FogBoard { white: u64, black: u64 },
    #[error("a fog game's {0} can't be seen until it ends: /board shows your own view now, /game what is public")]
    FogSecret(&'static str),
    #[error("{}", over_quota(.0))]
    OverQuota(Quota),
    #[error("page: there {} only {pages} page{} of these: ask for page 1 to {pages}", if *pages == 1 { "is" } else { "are" }, if *pages == 1 { "" } else { "s" })]
    NoSuchPage { pages: usize },
    #[error("{}", storage_failed(.0))]
    Storage(#[source] StoreError),
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// A failed change: nothing was written (every change is one transaction), and whether
/// trying again soon can help; or, with the database lost as it saved, that no one can
/// tell yet whether it was (trying again blindly could make a second turn of it).
fn storage_failed(error: &StoreError) -> String {
    if matches!(error, StoreError::Unconfirmed(_)) {
        return "the bot lost its database as it saved this, so it can't tell yet whether it \
                was saved: look with /game in a moment before trying again"
            .to_string();
    }
    match error.outage() {
        Some(Outage::Full) => format!(
            "{}, so nothing changed: try again later (the bot's operator has to make room)",
            Outage::Full
        ),
        Some(outage) => format!("{outage}, so nothing changed: try again in a moment"),
        None => "the bot's database failed, so nothing changed: try again in a moment".to_string(),
    }
}

/// A full quota: which limit, how high it is, and what to do.
fn over_quota(quota: &Quota) -> String {
    let n = quota.limit;
    if n == 0 {
        let what = match quota.counted {
            Counted::MemberChallenges(_) => "challenges",
            Counted::MemberComputerGames(_) | Counted::ServerComputerGames(_) => {
                "games against the computer"
            }
            Counted::OrganiserTournaments(_) | Counted::ServerTournaments(_) => "tournaments",
        };
        return format!("this bot takes no {what}: its quotas allow none");
    }
    match quota.counted {
        Counted::MemberChallenges(_) => format!(
            "you have as many open challenges as one member may ({n}): wait for an answer, or withdraw one with its Cancel button (a new challenge to the same member, or in the same channel, replaces the old one)"
        ),
        Counted::MemberComputerGames(_) => format!(
            "you are playing as many games against the computer as one member may at once ({n}): finish one, or /resign it, first"
        ),
        Counted::ServerComputerGames(_) => format!(
            "this server has as many games against the computer in progress as the bot plays in one server at once ({n}): wait for one to end, or challenge a member"
        ),
        Counted::OrganiserTournaments(_) => format!(
            "you organise as many unfinished tournaments as one member may ({n}): finish one, or end it with /td cancel, first"
        ),
        Counted::ServerTournaments(_) => format!(
            "this server has as many unfinished tournaments as the bot runs in one server ({n}): wait for one to finish, or ask its organiser to end it with /td cancel"
        ),
    }
}

impl From<super::spec::SpecError> for CoreError {
    fn from(e: super::spec::SpecError) -> CoreError {
        match e {
            super::spec::SpecError::Game(e) => CoreError::Choice(e),
            super::spec::SpecError::Time(e) => CoreError::Time(e),
        }
    }
}

impl From<StoreError> for CoreError {
    fn from(e: StoreError) -> CoreError {
        match e {
            StoreError::Conflict => CoreError::Conflict,
            StoreError::OverQuota(quota) => CoreError::OverQuota(quota),
            other => CoreError::Storage(other),
        }
    }
}

impl CoreError {
    /// The channel holds the game of these players.
    pub(super) fn busy(players: &[Player; 2]) -> CoreError {
        CoreError::ChannelBusy {
            white: players[0].id,
            black: players[1].id,
        }
    }

    /// The message with members and channels named by id (each adapter names them), as
    /// `Display` writes it (`sentence` makes it a sentence).
    pub fn content(&self) -> Content {
        use CoreError::*;
        let two = |white: &u64, black: &u64| words![member(*white), " and ", member(*black)];
        match self {
            NoGame => words!["there is no game", Span::Local(Local::NoGame)],
            NoRematch => words!["there is no finished game", Span::Local(Local::NoRematch)],
            NothingToReplay => words!["there is no game", Span::Local(Local::NoReplay)],
            ComputerProposals => words![
                "the computer doesn't bid on proposals: ",
                Span::Local(Local::ProposalsWithoutComputer)
            ],
            Choice(ChoiceError::VariantsWithoutFide) => words![
                "variants are for fide games: ",
                Span::Local(Local::AddFide)
            ],
            GameEnded { result, white, black } => words![
                "the game",
                Span::Local(Local::Here),
                format!(" is over ({result}) between "),
                two(white, black),
                ": ",
                Span::Local(Local::AfterEnd),
            ],
            NotAPlayer { white, black } => words![
                "only ",
                two(white, black),
                " play in this game: to play yourself, /challenge someone in another channel or thread",
            ],
            NotYourTurn { color, player } => words![
                format!("it is {color}'s turn: wait for "),
                member(*player),
                " to move",
            ],
            ChannelBusy { white, black } => words![
                "this ",
                Span::Local(Local::Place),
                " has a game in progress (",
                member(*white),
                " vs ",
                member(*black),
                "): ",
                Span::Local(Local::FinishFirst),
            ],
            NotChallenged(id) => words!["only ", member(*id), " can answer this challenge"],
            NotChallenger(id) => words![
                "only ",
                member(*id),
                ", who made this challenge, can cancel it"
            ],
            ChannelNotAllowed { channels } => words![
                "games can't start in this channel: this server's games start in ",
                listed(channels),
            ],
            NotYourPrivacy(id) => words![
                "only ",
                member(*id),
                ", who asked, can answer this question: to have your own data deleted, use /privacy forget",
            ],
            NotOffered(id) => words!["only ", member(*id), " can answer this draw offer"],
            DrawOffered(id) => words![
                "you offered a draw already: ",
                member(*id),
                " can accept it with /draw, or play on",
            ],
            AlreadyEstimated(id) => words![
                "you gave your estimate for this proposal already: wait for ",
                member(*id),
                "'s",
            ],
            Unrated(id) => words![
                member(*id),
                " has played no rated game",
                Span::Local(Local::Scope),
                " yet: ",
                Span::Local(Local::NoRating),
            ],
            UnratedIn(id, family) => words![
                member(*id),
                format!(" has played no rated {family} game"),
                Span::Local(Local::Scope),
                " yet: ",
                Span::Local(Local::NoRating),
            ],
            NotInRematch { white, black } => words![
                "only ",
                two(white, black),
                ", who played the last game here, can ask for a rematch",
            ],
            NotDirector { name, creator } => words![
                "only ",
                member(*creator),
                ", who created ",
                Content::from_markup(name),
                ", and members with Manage Server can direct it",
            ],
            FogBoard { white, black } => words![
                "this is a fog game: only ",
                two(white, black),
                " see its board, each their own view, until it ends; /game shows what is public",
            ],
            // The other messages name nobody; some mark what a member typed as code.
            other => Content::from_markup(&other.to_string()),
        }
    }

    /// The message as a log line reads it: members and channels by number, without the
    /// words that depend on where it is read.
    fn logged(&self) -> String {
        self.content().plain(&|span| match span {
            Span::Member(id) => format!("member {id}"),
            Span::Channel(id) => format!("channel {id}"),
            _ => String::new(),
        })
    }

    /// The message as a sentence: a capital first letter and a full stop. Only a plain
    /// lower-case word is capitalised: a message may start with what the member typed (a
    /// design such as `cnN`, a square such as `e4`), which is quoted as typed.
    pub fn sentence(&self) -> Content {
        let text = self.content();
        let mut spans = text.spans().to_vec();
        if let Some(Span::Text(first)) = spans.first_mut() {
            let first_word = first.split(' ').next().unwrap_or("");
            let plain = first_word
                .trim_end_matches([',', ':', ';'])
                .chars()
                .all(|c| c.is_ascii_lowercase());
            if plain {
                *first = super::text::capitalised(first);
            }
        }
        let ended = match spans.last() {
            None => return Content::default(),
            Some(Span::Text(last) | Span::Typed(last)) => last.ends_with(['.', '!', '?', ')']),
            Some(_) => false,
        };
        let mut out = Content::from_spans(spans);
        if !ended {
            out.push(".");
        }
        out
    }
}
