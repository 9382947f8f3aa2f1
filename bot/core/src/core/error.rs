//! Why a command was refused, in words for the member who sent it: what was wrong and what
//! to do instead.

use super::{ParseError, Venue};
use crate::family::{ChoiceError, Refused};
use crate::store::{Counted, Outage, Player, Quota, StoreError};
use engine::proposal::ProposalError;
use engine::{Color, NotationError, PriceError, TimeControlError, TurnError};

#[derive(Debug, thiserror::Error)]
pub enum CoreError {
    #[error(
        "games are played in server channels: use this command in a channel or thread of a server"
    )]
    NotInServer,
    #[error("there is no game in this channel: start one with /challenge")]
    NoGame,
    #[error("the game in this channel is over ({result}) between <@{white}> and <@{black}>: start a new one with /challenge (or /board and /history to look back)")]
    GameEnded {
        result: String,
        white: u64,
        black: u64,
    },
    #[error("only <@{white}> and <@{black}> play in this game: to play yourself, /challenge someone in another channel or thread")]
    NotAPlayer { white: u64, black: u64 },
    #[error("it is {color}'s turn: wait for <@{player}> to move")]
    NotYourTurn { color: Color, player: u64 },
    #[error("{0}")]
    Turn(#[from] TurnError),
    #[error("{0}")]
    Refused(#[from] Refused),
    #[error("{0}")]
    Choice(#[from] ChoiceError),
    #[error("/{0} is a csipgs command, and this is a game of fide chess: play your move with /move (SAN such as e4, Nf3, O-O, e8=Q)")]
    CsipgsCommand(&'static str),
    #[error("the computer plays csipgs only: challenge me without game:fide, or challenge a member to fide chess")]
    ComputerFide,
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
    #[error(
        "the computer doesn't bid on proposals: leave out proposals, or play them against a member"
    )]
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
    #[error("this channel has a game in progress (<@{white}> vs <@{black}>): finish it, or challenge in another channel or thread")]
    ChannelBusy { white: u64, black: u64 },
    #[error("this challenge was answered or replaced already: start a new one with /challenge")]
    ChallengeGone,
    #[error("that button belongs to a message in another channel or server: press it where it was posted")]
    PressedElsewhere,
    #[error("{0}")]
    Component(#[from] super::ComponentError),
    #[error("only <@{0}> can answer this challenge")]
    NotChallenged(u64),
    #[error(
        "you can't accept your own challenge: wait for someone else, or withdraw it with Cancel"
    )]
    OwnChallenge,
    #[error("only <@{0}>, who made this challenge, can cancel it")]
    NotChallenger(u64),
    #[error("games can't start in this channel: this server's games start in {channels}")]
    ChannelNotAllowed { channels: String },
    #[error("only <@{0}>, who asked, can answer this question: to have your own data deleted, use /privacy forget")]
    NotYourPrivacy(u64),
    #[error("that button belongs to a game that has ended: look at /board")]
    GameGone,
    #[error("there is no draw offer to answer: offer one yourself with /draw")]
    NoDrawOffer,
    #[error("only <@{0}> can answer this draw offer")]
    NotOffered(u64),
    #[error("this game has {turns} turn(s) so far: ask for a ply from 0 (the start) to {turns}")]
    NoSuchPly { turns: usize },
    #[error("only members with Manage Server can change this server's settings: /settings with no options shows them")]
    NotManager,
    #[error("this bot serves no web pages: its operator has not set `web` and `public_url` in its config.toml, so /settings web changes nothing here")]
    NoWebPages,
    #[error("you offered a draw already: <@{0}> can accept it with /draw, or play on")]
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
    #[error("you gave your estimate for this proposal already: wait for <@{0}>'s")]
    AlreadyEstimated(u64),
    #[error("{0} is being bid on already: give your estimate with /estimate proposal:{1}")]
    AlreadyOpen(String, i64),
    #[error("{0}")]
    Time(#[from] TimeControlError),
    #[error("<@{0}> has played no rated game in this server yet")]
    Unrated(u64),
    #[error("<@{0}> has played no rated {1} game in this server yet")]
    UnratedIn(u64, crate::family::Family),
    #[error("there is no finished game in this channel to rematch: start one with /challenge")]
    NoRematch,
    #[error(
        "only <@{white}> and <@{black}>, who played the last game here, can ask for a rematch"
    )]
    NotInRematch { white: u64, black: u64 },
    #[error("there is no game in this channel to replay: /games lists the server's games")]
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
    #[error("only <@{creator}>, who created {name}, and members with Manage Server can direct it")]
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
    #[error("this is a fog game: only <@{white}> and <@{black}> see its board, each their own view, until it ends; /game shows what is public")]
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
/// trying again soon can help.
fn storage_failed(error: &StoreError) -> String {
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

    /// The terminal's words for the messages that name a channel or a server, or advise
    /// /challenge: `csipgs play` has one game at one keyboard, and /rematch starts the next.
    fn in_terminal(&self) -> Option<String> {
        let text = match self {
            CoreError::NoGame => "there is no game yet: /rematch starts one after a game, or run csipgs play again".to_string(),
            CoreError::GameEnded { result, white, black } => format!(
                "the game between <@{white}> and <@{black}> is over ({result}): /rematch starts a new one, /board and /history look back, /quit stops"
            ),
            CoreError::ChannelBusy { white, black } => format!(
                "the game between <@{white}> and <@{black}> is still going: finish it (/resign, /draw or /abort) before a /rematch"
            ),
            CoreError::NoRematch => "there is no finished game to rematch yet".to_string(),
            CoreError::NothingToReplay => "there is no game to replay yet".to_string(),
            CoreError::Unrated(member) => {
                format!("<@{member}> has no rating: {}", Venue::Terminal.no_rating())
            }
            CoreError::UnratedIn(member, family) => format!(
                "<@{member}> has no {family} rating: {}",
                Venue::Terminal.no_rating()
            ),
            _ => return None,
        };
        Some(text)
    }

    /// The message as a sentence for Discord (see `sentence_in`).
    pub fn sentence(&self) -> String {
        self.sentence_in(Venue::Discord)
    }

    /// The message as a sentence where it is read: a capital first letter and a full stop.
    /// Only a plain lower-case word is capitalised: a message may start with what the member
    /// typed (a design such as `cnN`, a square such as `e4`), which is quoted as typed.
    pub fn sentence_in(&self, venue: Venue) -> String {
        let text = match venue {
            Venue::Discord => None,
            Venue::Terminal => self.in_terminal(),
        }
        .unwrap_or_else(|| self.to_string());
        let first_word = text.split(' ').next().unwrap_or("");
        let plain = first_word
            .trim_end_matches([',', ':', ';'])
            .chars()
            .all(|c| c.is_ascii_lowercase());
        if text.is_empty() {
            return text;
        }
        let mut out = match plain {
            true => super::text::capitalised(&text),
            false => text,
        };
        if !out.ends_with(['.', '!', '?', ')']) {
            out.push('.');
        }
        out
    }
}
