//! The command core: every command, rule and message of the bot, once. Discord and the
//! terminal both turn what a member typed into a `Request` and show the `Reply`s.
//!
//! Layout: `request` (what a member can ask) and `spec` (the game a challenge, rematch or
//! tournament asks for, over the server's defaults); one file per group of commands
//! (`challenge`, `play`, `clocks`, `computer`, `info`, `replay`, `ratings`, `proposals`,
//! `settings`, `tournaments/`), which import `present` (every word and picture a member
//! sees), the store and the engine, never each other; `ending` (what a game's end writes);
//! `complete` (autocomplete); `builder` (/design, the design builder); `owe` and `schedule` (announcements owed to Discord and
//! everything that happens later); `gate` and `limits` (shutdown and flood control);
//! `quotas` (what one member or server may have going at once); `reply` and `content` (what
//! a command answers, as typed spans each adapter renders); `watch` (what the web
//! pages show); `catalogue` (the command
//! table, its bounds in `bounds`) and `parse` (options into a `Request`, for every adapter),
//! `text` and `error` (words).

pub mod bounds;
pub mod builder;
pub mod catalogue;
mod challenge;
mod clocks;
mod complete;
mod computer;
mod content;
mod error;

mod games;
mod gate;
mod info;
pub mod limits;
mod owe;
mod parse;
mod play;
mod play_page;
mod player_page;
mod present;
mod privacy;
mod proposals;
mod quotas;
mod ratings;
mod replay;
pub mod reply;
mod request;
mod retention;
mod schedule;
mod seal;
mod server_page;
mod settings;
mod spec;
mod text;
mod tournaments;
mod watch;

pub use crate::picture::Picture;
pub use builder::{Pick, OPEN_BUILDER};
pub use catalogue::Field;
pub use complete::Choice;
pub use computer::default_searches as computer_searches;
pub use content::{
    block, code, member, named_channel, strong, typed, utc_time, Content, Local, Piece, Span,
};
pub use error::CoreError;
pub use gate::millis_now;
pub use limits::BURST as FLOOD_BURST;
pub use parse::{parse, parse_option, Given, Named, ParseError, Value};
pub use play_page::{ActivityGame, ActivityGames, Bid, PlayPage};
pub use player_page::{FamilyRating, PlayedGame, PlayerPage, CHART_SIZE};
pub use quotas::Quotas;
pub use reply::{Anchor, Button, ButtonStyle, File, Form, Posted, Reply, Target, LAUNCH};
pub use request::{
    ChallengeAnswer, ChallengeRequest, ComponentError, DirectorRequest, Listing, Press, Pressed,
    PrivacyRequest, Request, SettingsChange, Sight, TournamentRequest, TournamentSpec,
};
pub use retention::{Period, PeriodError, Retention};
pub use schedule::Undelivered;
pub use seal::{Seal, Tag};
pub use server_page::{FamilyBoard, GameLine, ServerPage};
pub use spec::{GameSpec, GameTerms, OptionChoices, SpecError};
pub use text::{capitalised, help_of, literal, neutral, RESTARTING};
pub use tournaments::TournamentPage;
pub use watch::{after_words, page_path, GamePage, PlyView, PricePage, PublicUrl, PublicUrlError};

use crate::measure::{self, Outcome};
use crate::picture::Painters;
use crate::shards::Shards;
use crate::store::{Channel, GameRow, Nonce, Player, Status, Store};
use engine::Color;
use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::pin::Pin;
use std::sync::Arc;

/// The span a command is carried out in: every line logged meanwhile carries the command,
/// the server and channel, and the game once it is loaded (never what the member typed).
pub fn command_span(place: Place, request: &Request) -> tracing::Span {
    let span = tracing::info_span!(
        "command",
        command = request.name(),
        guild = tracing::field::Empty,
        channel = tracing::field::Empty,
        game = tracing::field::Empty
    );
    // Ids as text: log readers that hold numbers as doubles would round a snowflake.
    if let Place::Channel(c) | Place::Thread { thread: c, .. } = place {
        span.record("guild", tracing::field::display(c.guild));
        span.record("channel", tracing::field::display(c.channel));
    }
    span
}

/// The member who sent a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Who {
    pub id: u64,
    pub name: String,
    /// Has Manage Messages in the channel: may abort any game there.
    pub moderator: bool,
    /// Has Manage Server: may change the server's /settings.
    pub manager: bool,
}

impl Who {
    pub fn player(&self) -> Player {
        Player {
            id: self.id,
            name: self.name.clone(),
        }
    }
}

/// Where a command was sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Channel(Channel),
    /// A thread: a game started here is played here, never in a thread of its own. It
    /// follows its parent channel's /settings restriction; a thread whose parent the
    /// platform did not name is taken as outside every allowed channel.
    Thread {
        thread: Channel,
        parent: Option<u64>,
    },
    /// A direct message: only /price, /help, /rules and /notify work here.
    Direct,
}

/// The time in whole seconds since 1970; tests set their own.
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

pub fn system_clock() -> Clock {
    Arc::new(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs() as i64)
    })
}

/// A random number for each draw (colours, a fog game's terrain); tests set their own.
type Dice = Arc<dyn Fn() -> u64 + Send + Sync>;

/// Numbers from the standard library's randomly seeded hasher, fresh for each draw.
fn system_dice() -> Dice {
    Arc::new(|| {
        std::collections::hash_map::RandomState::new()
            .build_hasher()
            .finish()
    })
}

pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What the core needs from the platform it runs on, besides answering commands.
pub trait Platform: Send + Sync {
    /// Whether games can get threads of their own here (by default, they can't).
    fn has_threads(&self) -> bool {
        false
    }

    /// Open a thread under `parent` for a new game and return its id; None where the platform
    /// has no threads (the game is then played in `parent`), as by default.
    fn open_thread(
        &self,
        _parent: Channel,
        _name: String,
    ) -> BoxFuture<'_, Result<Option<u64>, String>> {
        Box::pin(async { Ok(None) })
    }

    /// Deliver an owed message; where it was posted, if the platform can say. Every try of
    /// one message carries the same `nonce`: a platform that can, posts it once however
    /// often it is tried.
    fn deliver(
        &self,
        target: Target,
        reply: Reply,
        nonce: Nonce,
    ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>>;
}

pub struct Core {
    store: Store,
    clock: Clock,
    dice: Dice,
    platform: Arc<dyn Platform>,
    /// None: no flood control (the terminal, one person at one keyboard).
    limiter: Option<limits::Limiter>,
    quotas: Quotas,
    retention: Retention,
    /// Autocomplete keystrokes: a bucket of their own, and the threads they run on.
    keystrokes: limits::Limiter,
    completing: complete::Workers,
    gate: gate::Gate,
    /// Wakes the scheduler when something falls due sooner than it planned for.
    wake: tokio::sync::Notify,
    paid: owe::Paid,
    /// The servers whose background work (expiry, retried deliveries) this process does.
    shards: Shards,
    /// The computer's searches.
    thinking: computer::Thinking,
    /// The picture pool, shared with the adapters, and the replays kept for reuse.
    painters: Painters,
    replays: replay::Replays,
    /// Seals the ids of the buttons it makes, and checks the ids of those pressed.
    seal: seal::Seal,
    /// Where the web pages are reached, when the bot posts links to them.
    public_url: Option<PublicUrl>,
    /// Members may sign in to the pages and play there: /game offers them a sign-in link.
    web_play: bool,
    /// The chat client can open a player's board inside itself (Discord's Activity): games'
    /// messages get a Play button (`Button::launch`).
    launch: bool,
}

impl Core {
    pub fn new(store: Store, clock: Clock, platform: Arc<dyn Platform>) -> Core {
        let seal = seal::Seal::new(store.seal_key());
        Core {
            store,
            clock,
            dice: system_dice(),
            platform,
            limiter: Some(limits::Limiter::default()),
            quotas: Quotas::default(),
            retention: Retention::default(),
            keystrokes: limits::Limiter::keystrokes(),
            completing: complete::Workers::default(),
            gate: gate::Gate::default(),
            wake: tokio::sync::Notify::new(),
            paid: owe::Paid::default(),
            shards: Shards::ALL,
            thinking: computer::Thinking::new(computer::default_searches()),
            painters: Painters::following_cores(),
            replays: replay::Replays::default(),
            seal,
            public_url: None,
            web_play: false,
            launch: false,
        }
    }

    /// Offer members a one-time link to play their games in the browser (the pages at the
    /// public address let them sign in).
    pub fn with_web_play(mut self, on: bool) -> Core {
        self.web_play = on;
        self
    }

    /// Give games' messages a Play button that opens the player's board inside the chat
    /// client (with the pages and signing in: the board is theirs).
    pub fn with_launch(mut self, on: bool) -> Core {
        self.launch = on;
        self
    }

    /// Post "Watch" links to the web pages at `url` (for the servers that show them).
    pub fn with_public_url(mut self, url: Option<PublicUrl>) -> Core {
        self.public_url = url;
        self
    }

    /// Whether this bot posts links to web pages.
    pub fn serves_pages(&self) -> bool {
        self.public_url.is_some()
    }

    /// Draw pictures on this pool (the adapters draw theirs on the same one).
    pub fn with_painters(mut self, painters: Painters) -> Core {
        self.painters = painters;
        self
    }

    /// The picture pool: every picture the bot sends is drawn there.
    pub fn painters(&self) -> &Painters {
        &self.painters
    }

    /// Do the background work of these servers only: other processes run the other shards.
    pub fn with_shards(mut self, shards: Shards) -> Core {
        self.shards = shards;
        self
    }

    /// How many commands a member may send in a burst before being asked to slow down (one
    /// more each second).
    pub fn with_flood_burst(mut self, burst: u32) -> Core {
        self.limiter = Some(limits::Limiter::with_burst(burst));
        self
    }

    /// A core for the terminal: one person types at one keyboard, so there is no flood
    /// control (a piped script is read exactly as typed lines).
    pub fn for_terminal(mut self) -> Core {
        self.limiter = None;
        self
    }

    /// How much one member, or one server, may have going at once.
    pub fn with_quotas(mut self, quotas: Quotas) -> Core {
        self.quotas = quotas;
        self
    }

    /// How long what is no longer needed is kept (what /privacy states).
    pub fn with_retention(mut self, retention: Retention) -> Core {
        self.retention = retention;
        self
    }

    /// How many of the computer's searches may run at once.
    pub fn with_computer_searches(mut self, searches: usize) -> Core {
        self.thinking = computer::Thinking::new(searches);
        self
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    fn now(&self) -> i64 {
        (self.clock)()
    }

    fn roll(&self) -> u64 {
        (self.dice)()
    }

    /// Carry out a command. Errors come back as a reply only the asker sees; every reply's
    /// text is made safe to show (see `text::neutral`).
    pub async fn handle(&self, who: &Who, place: Place, request: Request) -> Vec<Reply> {
        let command = request.name();
        let began = std::time::Instant::now();
        let now = self.now();
        if self.limiter.as_ref().is_some_and(|l| !l.allow(who.id, now)) {
            measure::command(command, Outcome::Throttled, began.elapsed());
            return vec![Reply::private(text::SLOW_DOWN)];
        }
        let mut outage = false;
        let (mut replies, outcome) = match self.dispatch(who, place, request).await {
            Ok(replies) => (replies, Outcome::Done),
            Err(e) => {
                let outcome = match &e {
                    CoreError::Storage(cause) => {
                        tracing::error!(error = %cause, "storage failed");
                        outage = cause.outage().is_some();
                        Outcome::Failed
                    }
                    // The bot's failures, not the member's mistakes.
                    CoreError::Computer(_) | CoreError::Picture(_) => Outcome::Failed,
                    _ => Outcome::Refused,
                };
                (vec![Reply::private(e.sentence())], outcome)
            }
        };
        measure::command(command, outcome, began.elapsed());
        // Another wait for a database that is out would only delay the answer.
        if !outage {
            replies.extend(self.held_messages(who).await);
        }
        replies.into_iter().map(text::clean).collect()
    }

    async fn dispatch(
        &self,
        who: &Who,
        place: Place,
        request: Request,
    ) -> Result<Vec<Reply>, CoreError> {
        match request {
            Request::Challenge(c) => self.challenge(who, place, c).await,
            Request::Press(press) => self.press(who, place, press).await,
            Request::Move { text, redesign } => {
                let verb = builder::Verb::Move;
                if let Some(then) = builder::waiting(verb, &text, redesign.as_deref()) {
                    return self.open_builder(who, place, None, Some(then)).await;
                }
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Transfer {
                piece,
                square,
                redesign,
            } => {
                self.csipgs_only(place, "transfer").await?;
                let text = format!("{}@{}", piece_name(&piece), square.trim());
                let verb = builder::Verb::Transfer;
                if let Some(then) = builder::waiting(verb, &text, redesign.as_deref()) {
                    return self.open_builder(who, place, None, Some(then)).await;
                }
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Buy { design, redesign } => {
                self.csipgs_only(place, "buy").await?;
                let verb = builder::Verb::Buy;
                if let Some(then) = builder::waiting(verb, &design, redesign.as_deref()) {
                    return self.open_builder(who, place, None, Some(then)).await;
                }
                let text = format!("Buy {}", design.trim());
                self.take_turn(who, place, with_redesign(text, redesign))
                    .await
            }
            Request::Turn { text } => self.take_turn(who, place, text).await,
            Request::Propose {
                kind,
                name,
                notation,
                estimate,
            } => {
                self.propose(who, place, kind, &name, &notation, &estimate)
                    .await
            }
            Request::Estimate { proposal, value } => {
                self.estimate(who, place, proposal, &value).await
            }
            Request::Price { design, ruleset } => self.price(place, &design, ruleset).await,
            Request::PriceIn { text } => {
                let design = info::design_in(&text).ok_or(CoreError::NoDesignInMessage)?;
                self.price(place, &design, None).await
            }
            Request::Design { design } => {
                self.open_builder(who, place, design.as_deref(), None).await
            }
            Request::Builder(pick) => self.builder_pick(who, place, pick).await,
            Request::Board { ply } => self.board(who, place, ply).await,
            Request::Game => {
                let mut replies = self.status(place).await?;
                replies.extend(self.play_offer(who, place).await?);
                Ok(replies)
            }
            Request::History => self.history(place).await,
            Request::Resign => self.ask_resign(who, place).await,
            Request::Draw => self.draw(who, place).await,
            Request::Abort => self.abort(who, place).await,
            Request::Help => Ok(vec![Reply::private(text::help())]),
            Request::Rules => Ok(vec![Reply::private(self.rules_here(place).await?)]),
            Request::Notify { on } => self.notify(who, on).await,
            Request::Settings(change) => self.settings(who, place, change).await,
            Request::Rating { member, game } => self.show_rating(who, place, member, game).await,
            Request::Leaderboard { game } => self.leaderboard(place, game).await,
            Request::Profile { member, game } => self.profile(who, place, member, game).await,
            Request::Games(listing) => self.games(place, listing).await,
            Request::Rematch => self.rematch(who, place).await,
            Request::Replay => self.replay(place).await,
            Request::Tournament(request) => self.tournament_command(who, place, request).await,
            Request::Director(request) => self.director(who, place, request).await,
            Request::Privacy(request) => self.privacy(who, place, request).await,
        }
    }

    /// A button press: the request it stands for, honoured only where its message was
    /// posted (a forged id could name another server's challenge or game).
    async fn press(
        &self,
        who: &Who,
        place: Place,
        pressed: Pressed,
    ) -> Result<Vec<Reply>, CoreError> {
        if !pressed.sealed_by(&self.seal) {
            return Err(ComponentError::Unknown.into());
        }
        if pressed.posted_in != Core::posted_in(place) {
            return Err(CoreError::PressedElsewhere);
        }
        match pressed.press {
            Press::Challenge { challenge, answer } => {
                self.answer(who, place, challenge, answer).await
            }
            Press::Draw { game, accept } => self.answer_draw(who, place, game, accept).await,
            Press::Resign { game, confirm } => self.resign(who, place, game, confirm).await,
            Press::Join { tournament } => self.join(who, place, Some(tournament)).await,
            Press::Forget { member, confirm } => self.forget_pressed(who, member, confirm).await,
        }
    }

    /// The channel a message sent from `place` is posted in (None: a direct message).
    pub(crate) fn posted_in(place: Place) -> Option<Channel> {
        Core::channel(place).ok()
    }

    /// The channel a game command was sent in.
    fn channel(place: Place) -> Result<Channel, CoreError> {
        match place {
            Place::Channel(c) | Place::Thread { thread: c, .. } => Ok(c),
            Place::Direct => Err(CoreError::NotInServer),
        }
    }

    /// The channel's active game; if there is none, the error says how its last one ended.
    async fn active(&self, place: Place) -> Result<GameRow, CoreError> {
        let channel = Core::channel(place)?;
        match self.store.latest_game(channel).await? {
            Some(row) if row.status == Status::Active => {
                tracing::Span::current().record("game", row.id);
                Ok(row)
            }
            Some(row) => Err(CoreError::GameEnded {
                result: match (row.status, row.game.result()) {
                    (Status::Aborted, _) | (_, None) => "aborted, without a result".to_string(),
                    (_, Some(outcome)) => outcome.to_string(),
                },
                white: row.player(Color::White).id,
                black: row.player(Color::Black).id,
            }),
            None => Err(CoreError::NoGame),
        }
    }

    /// The rules of the game played here: a fide game's with its variants; else (and where
    /// games aren't played) csipgs's.
    async fn rules_here(&self, place: Place) -> Result<Content, CoreError> {
        let playing = match Core::channel(place) {
            Ok(channel) => self.store.active_game(channel).await?,
            Err(_) => None,
        };
        Ok(match playing.map(|row| row.game.rules()) {
            Some(crate::family::GameRules::Fide(variants)) => text::fide_rules(variants),
            _ => text::rules(),
        })
    }

    /// Refuse a csipgs command in a channel whose active game is of another family.
    async fn csipgs_only(&self, place: Place, command: &'static str) -> Result<(), CoreError> {
        match self.store.active_game(Core::channel(place)?).await? {
            Some(row) if row.game.csipgs().is_none() => Err(CoreError::CsipgsCommand(command)),
            _ => Ok(()),
        }
    }

    /// The asker's colour in the channel's game, if they play in it.
    fn color(row: &GameRow, who: &Who) -> Result<Color, CoreError> {
        row.color_of(who.id).ok_or(CoreError::NotAPlayer {
            white: row.player(Color::White).id,
            black: row.player(Color::Black).id,
        })
    }
}

/// A turn's text with the design phase added.
fn with_redesign(action: String, redesign: Option<String>) -> String {
    match redesign.as_deref().map(str::trim) {
        Some(r) if !r.is_empty() => format!("{}; {r}", action.trim()),
        _ => action,
    }
}

/// A reserve piece as named in a transfer: a FIDE letter, or a design in parentheses.
fn piece_name(piece: &str) -> String {
    let inner = piece.trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|p| p.strip_suffix(')'))
        .unwrap_or(inner);
    if inner.chars().count() == 1 {
        inner.to_string()
    } else {
        format!("({inner})")
    }
}

#[cfg(any(test, feature = "testing"))]
pub mod testing;
#[cfg(test)]
pub(crate) mod tests;
