//! The core's test fixture: a core on a fake clock and a platform that records what it is
//! sent, on SQLite or on PostgreSQL (a throwaway cluster of the test process's own), with
//! the members, commands and steps the tests share. The core's own tests use it, and so do
//! the binary's tests that drive the core through an adapter (the web pages, the background
//! tasks), through the `testing` feature.

use super::*;
use crate::store::{ColourChoice, DatabaseUrl, TournamentFormat, TournamentState};
use engine::{Design, Options, Price, Ruleset};
use serde_json::Value;
use std::sync::atomic::{AtomicI64, Ordering};

pub const HERE: Place = Place::Channel(Channel {
    guild: 10,
    channel: 20,
});
pub const ELSEWHERE: Place = Place::Channel(Channel {
    guild: 10,
    channel: 21,
});
/// The first page of a listing of everything.
pub const EVERYTHING: Listing = Listing {
    page: None,
    sight: Sight::Everything,
};

/// The csipgs options given, by the engine's names (None: left out).
pub fn options(given: &[(&str, Option<bool>)]) -> OptionChoices {
    let mut choices = OptionChoices::default();
    for (name, on) in given {
        if let Some(on) = on {
            choices.set(name, *on).expect("an option's name");
        }
    }
    choices
}

pub fn member(id: u64, name: &str) -> Who {
    Who {
        id,
        name: name.to_string(),
        moderator: false,
        manager: false,
    }
}

/// The request a button of ours stands for.
pub fn press(id: &str) -> Request {
    Request::of_component(id, None).expect("a button of ours")
}

pub fn alice() -> Who {
    member(1, "alice")
}

pub fn bob() -> Who {
    member(2, "bob")
}

pub fn carol() -> Who {
    member(3, "carol")
}

pub fn moderator() -> Who {
    Who {
        moderator: true,
        ..member(4, "mod")
    }
}

pub struct Fixture {
    /// Shared, as `serve` shares it (the web pages hold it too).
    pub core: Arc<Core>,
    pub now: Arc<AtomicI64>,
    pub platform: Arc<Recorder>,
}

/// A platform that records what the outbox delivers; threads only when asked for.
#[derive(Default)]
pub struct Recorder {
    pub threads: bool,
    pub delivered: std::sync::Mutex<Vec<(Target, Reply)>>,
    /// The nonce of each delivery, in the same order.
    pub nonces: std::sync::Mutex<Vec<Nonce>>,
    pub opened: std::sync::Mutex<Vec<String>>,
    /// Members who take no direct messages.
    pub no_dms: Vec<u64>,
    /// This many deliveries panic before any is made: a fault injected into the scheduler.
    pub panics: std::sync::atomic::AtomicUsize,
}

impl Platform for Recorder {
    fn has_threads(&self) -> bool {
        self.threads
    }

    fn open_thread(&self, _: Channel, name: String) -> BoxFuture<'_, Result<Option<u64>, String>> {
        let mut opened = self.opened.lock().unwrap();
        opened.push(name);
        let thread = 900 + opened.len() as u64;
        Box::pin(async move { Ok(Some(thread)) })
    }

    fn deliver(
        &self,
        target: Target,
        reply: Reply,
        nonce: Nonce,
    ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
        let left = self.panics.load(Ordering::SeqCst);
        if left > 0 {
            self.panics.store(left - 1, Ordering::SeqCst);
            panic!("injected fault: delivery {left} before the last");
        }
        if let Target::Direct { user } = target {
            if self.no_dms.contains(&user) {
                let closed = Undelivered::NoDms("Cannot send messages to this user".into());
                return Box::pin(async move { Err(closed) });
            }
        }
        self.delivered.lock().unwrap().push((target, reply));
        self.nonces.lock().unwrap().push(nonce);
        Box::pin(async {
            Ok(Some(Posted {
                channel: 1,
                message: 2,
            }))
        })
    }
}

/// Quotas no test reaches unless it sets its own: tests start many games and challenges.
pub const ROOMY: Quotas = Quotas {
    challenges_per_member: 1000,
    computer_games_per_member: 1000,
    computer_games_per_server: 1000,
    tournaments_per_organiser: 1000,
    tournaments_per_server: 1000,
};

pub async fn fixture_with(store: Store) -> Fixture {
    fixture_on(store, Recorder::default()).await
}

pub async fn fixture_on(store: Store, platform: Recorder) -> Fixture {
    let now = Arc::new(AtomicI64::new(1_000_000));
    let clock_now = now.clone();
    let platform = Arc::new(platform);
    let mut core = Core::new(
        store,
        Arc::new(move || clock_now.load(Ordering::SeqCst)),
        platform.clone(),
    );
    // Tests send commands faster than any member; flood control has a test of its own.
    core.limiter = None;
    core.keystrokes = limits::Limiter::with_burst(u32::MAX);
    core.quotas = ROOMY;
    Fixture {
        core: Arc::new(core),
        now,
        platform,
    }
}

// Also the end-to-end tests' and benches' (through the harness).
pub mod postgres;

/// The database a test runs on.
#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    /// A new, empty database that can be opened again (a restart): a SQLite file in a
    /// scratch directory, or a database in the test cluster.
    pub fn fresh(self) -> DatabaseUrl {
        static NEXT: AtomicI64 = AtomicI64::new(0);
        match self {
            Backend::Sqlite => {
                let dir = std::env::temp_dir().join(format!(
                    "csipgs-core-{}-{}",
                    std::process::id(),
                    NEXT.fetch_add(1, Ordering::SeqCst)
                ));
                let _ = std::fs::remove_dir_all(&dir);
                std::fs::create_dir_all(&dir).unwrap();
                DatabaseUrl::Sqlite(dir.join("csipgs.db"))
            }
            Backend::Postgres => DatabaseUrl::Postgres(postgres::fresh_database()),
        }
    }

    /// A store on a new database (SQLite's in memory).
    pub async fn store(self) -> Store {
        match self {
            Backend::Sqlite => Store::memory().await.unwrap(),
            Backend::Postgres => Store::open(&self.fresh()).await.unwrap(),
        }
    }
}

/// Each named test, `async fn name(backend: Backend)`, run once on each database, as
/// `name::sqlite` and `name::postgres`.
#[macro_export]
macro_rules! on_both {
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                super::$name($crate::core::testing::Backend::Sqlite).await
            }

            #[tokio::test]
            async fn postgres() {
                super::$name($crate::core::testing::Backend::Postgres).await
            }
        }
    )+};
}
pub use crate::on_both;

pub async fn fixture(backend: Backend) -> Fixture {
    fixture_with(backend.store().await).await
}

impl Fixture {
    /// The core, to set it up before anything else holds it.
    pub fn core_mut(&mut self) -> &mut Core {
        Arc::get_mut(&mut self.core).expect("the core is not shared yet")
    }

    /// Links posted from now on lead to `url`, as `serve` sets it when `web` is on.
    pub fn set_public_url(&mut self, url: PublicUrl) {
        self.core_mut().public_url = Some(url);
    }

    /// The core's clock, to share with what runs beside it (upkeep).
    pub fn clock(&self) -> Clock {
        self.core.clock.clone()
    }

    /// Wake the scheduler, as a command that owes it work does.
    pub fn wake_scheduler(&self) {
        self.core.wake.notify_one();
    }

    /// A command, its answers delivered as the adapters deliver them.
    pub async fn say(&self, who: &Who, place: Place, request: Request) -> Vec<Reply> {
        let replies = self.raw(who, place, request).await;
        for reply in replies.iter().filter(|r| r.elsewhere.is_none()) {
            self.core.delivered(reply, None).await;
        }
        replies
    }

    /// A command whose answers never reach Discord.
    pub async fn raw(&self, who: &Who, place: Place, request: Request) -> Vec<Reply> {
        self.core.handle(who, place, request).await
    }

    /// The one reply to a command.
    pub async fn one(&self, who: &Who, request: Request) -> Reply {
        let mut replies = self.say(who, HERE, request).await;
        assert_eq!(replies.len(), 1, "{replies:?}");
        replies.remove(0)
    }

    /// A refusal: only the asker sees it. Returns its text.
    pub async fn refused(&self, who: &Who, place: Place, request: Request) -> String {
        let replies = self.say(who, place, request).await;
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert!(replies[0].ephemeral, "{:?}", replies[0]);
        replies[0].text.shown()
    }

    /// Alice challenges Bob in HERE; the challenge's message (a notice that it replaces an
    /// unanswered one may follow it).
    pub async fn challenge(&self, ruleset: Ruleset, flags: Options) -> Reply {
        self.say(
            &alice(),
            HERE,
            Request::Challenge(ChallengeRequest {
                game: GameSpec {
                    ruleset: Some(ruleset),
                    options: options(&[
                        ("power", Some(flags.power)),
                        ("proposals", Some(flags.proposals)),
                        ("unofficial", Some(flags.unofficial)),
                        ("plunder", Some(flags.plunder)),
                        ("fog", Some(flags.fog)),
                    ]),
                    ..GameSpec::default()
                },
                opponent: Some(bob().player()),
                colour: Some(ColourChoice::White),
                ..ChallengeRequest::default()
            }),
        )
        .await
        .remove(0)
    }

    /// Alice (White) and Bob (Black) start a game in HERE.
    pub async fn start(&self, ruleset: Ruleset, options: Options) {
        let challenge = self.challenge(ruleset, options).await;
        let accept = press(&challenge.buttons[0].id);
        let reply = self.one(&bob(), accept).await;
        assert!(
            reply.text.shown().starts_with("Game on!"),
            "{}",
            reply.text.shown()
        );
    }

    pub async fn play(&self, who: &Who, text: &str) -> Reply {
        let reply = self.one(who, Request::Turn { text: text.into() }).await;
        assert!(!reply.ephemeral, "{text}: {}", reply.text.shown());
        reply
    }

    /// A member's csipgs rating in the test server, if rated.
    pub async fn csipgs_rating(&self, user: u64) -> Option<crate::store::RatingRow> {
        let family = crate::family::Family::Csipgs;
        self.core.store().rating(10, user, family).await.unwrap()
    }

    pub async fn row(&self) -> crate::store::GameRow {
        self.core
            .store()
            .latest_game(Core::channel(HERE).unwrap())
            .await
            .unwrap()
            .expect("a game")
    }
}

/// The asker's own profile, in csipgs.
pub fn own_profile() -> Request {
    Request::Profile {
        member: None,
        game: None,
    }
}

/// A design as typed, and its price under `rules`, as the core prices it.
pub fn priced(text: &str, rules: &engine::Rules) -> Result<(Design, Price), CoreError> {
    info::priced(text, rules)
}

pub fn mv(text: &str) -> Request {
    Request::Move {
        text: text.into(),
        redesign: None,
    }
}

// Tournaments: the members, requests and steps a tournament's tests share.

pub fn dave() -> Who {
    member(5, "dave")
}

pub fn threads() -> Recorder {
    Recorder {
        threads: true,
        ..Recorder::default()
    }
}

pub fn spec(name: &str, format: TournamentFormat) -> TournamentSpec {
    TournamentSpec {
        name: name.to_string(),
        format: Some(format),
        ..TournamentSpec::default()
    }
}

pub fn create(spec: TournamentSpec) -> Request {
    Request::Tournament(TournamentRequest::Create(spec))
}

pub fn join() -> Request {
    Request::Tournament(TournamentRequest::Join { tournament: None })
}

pub fn td(request: DirectorRequest) -> Request {
    Request::Director(request)
}

/// How a test ends a game: the member named loses, or the players agree a draw.
#[derive(Clone, Copy, Debug)]
pub enum End {
    Loses(u64),
    Draw,
}

impl Fixture {
    /// Alice creates a tournament in HERE; its id.
    pub async fn create(&self, spec: TournamentSpec) -> i64 {
        let reply = self.one(&alice(), create(spec)).await;
        assert!(!reply.ephemeral, "{}", reply.text.shown());
        assert!(
            reply.text.shown().contains("Press Join"),
            "{}",
            reply.text.shown()
        );
        self.core
            .store()
            .channel_tournament(Core::channel(HERE).unwrap())
            .await
            .unwrap()
            .expect("a tournament")
    }

    pub async fn state(&self, id: i64) -> TournamentState {
        self.core.store().tournament(id).await.unwrap().unwrap()
    }

    pub async fn join_all(&self, members: &[Who]) {
        for m in members {
            let reply = self.one(m, join()).await;
            assert!(!reply.ephemeral, "{}", reply.text.shown());
        }
    }

    /// Alice, the director, starts the tournament in HERE, and round 1 is paired and begun.
    pub async fn begin(&self) {
        let started = self
            .one(
                &alice(),
                td(DirectorRequest::Start {
                    tournament: None,
                    rounds: None,
                }),
            )
            .await;
        assert!(!started.ephemeral, "{}", started.text.shown());
        self.tick().await;
    }

    /// Let the scheduler do everything due now.
    pub async fn tick(&self) {
        let now = self.now.load(Ordering::SeqCst);
        for _ in 0..3 {
            self.core.run_due(now).await.unwrap();
        }
    }

    /// A game as stored.
    pub async fn row_of(&self, game: i64) -> crate::store::GameRow {
        let (row, _) = self
            .core
            .store()
            .game_with_channel(game)
            .await
            .unwrap()
            .unwrap();
        row
    }

    /// The thread a board's game is played in.
    pub async fn thread_of(&self, game: i64) -> Place {
        let (_, thread) = self
            .core
            .store()
            .game_with_channel(game)
            .await
            .unwrap()
            .unwrap();
        Place::Thread {
            thread: Channel {
                guild: 10,
                channel: thread,
            },
            parent: None,
        }
    }

    /// End the game of `round`'s board `board` in its thread.
    pub async fn end_game(&self, id: i64, round: u16, board: u16, end: End, members: &[Who]) {
        let state = self.state(id).await;
        let b = state
            .boards
            .iter()
            .find(|b| b.round == round && b.board == board)
            .unwrap_or_else(|| panic!("round {round} board {board}: {:?}", state.boards));
        let place = self.thread_of(b.game.expect("a game")).await;
        let who = |id: u64| members.iter().find(|m| m.id == id).unwrap().clone();
        match end {
            End::Loses(loser) => {
                let ask = self.say(&who(loser), place, Request::Resign).await;
                let confirm = press(&ask[0].buttons[0].id);
                let done = self.say(&who(loser), place, confirm).await;
                assert!(
                    done[0].text.shown().contains("resigns"),
                    "{:?}",
                    done[0].text.shown()
                );
            }
            End::Draw => {
                self.say(&who(b.white), place, Request::Draw).await;
                let done = self.say(&who(b.black), place, Request::Draw).await;
                assert!(
                    done[0].text.shown().contains("accepts the draw"),
                    "{}",
                    done[0].text.shown()
                );
            }
        }
    }

    /// Messages delivered to a channel (the tournament's: HERE) containing `word`.
    pub fn posted(&self, channel: u64, word: &str) -> Vec<Reply> {
        let delivered = self.platform.delivered.lock().unwrap();
        delivered
            .iter()
            .filter(|(target, r)| {
                *target == Target::Channel { channel } && r.text.shown().contains(word)
            })
            .map(|(_, r)| r.clone())
            .collect()
    }
}

// Privacy: a member whose traces are looked for, and every row of the database.

/// A member with a Discord-sized id and a name no other text has.
pub const ZED: u64 = 712_345_678_901_234_567;

pub fn zed() -> Who {
    member(ZED, "Zanzibar")
}

impl Fixture {
    /// `a` (White) challenges `b` in `place` and `b` accepts.
    pub async fn start_between(&self, place: Place, a: &Who, b: &Who, rated: bool) {
        let replies = self
            .say(
                a,
                place,
                Request::Challenge(ChallengeRequest {
                    game: GameSpec {
                        rated: Some(rated),
                        ..GameSpec::default()
                    },
                    opponent: Some(b.player()),
                    colour: Some(ColourChoice::White),
                    ..ChallengeRequest::default()
                }),
            )
            .await;
        let accept = press(&replies[0].buttons[0].id);
        let started = self.say(b, place, accept).await;
        assert!(
            started[0].text.shown().starts_with("Game on!"),
            "{started:?}"
        );
    }

    /// Every row of every table, as objects of their columns.
    pub async fn every_row(&self) -> Vec<(String, Value)> {
        let store = self.core.store();
        let mut all = Vec::new();
        for table in store.table_names().await.unwrap() {
            for row in store.rows_where(&table, "1 = 1", &[]).await.unwrap() {
                all.push((table.clone(), row));
            }
        }
        all
    }
}

impl Content {
    /// The content as the tests read it: Discord's marks for members, channels, strong words,
    /// code and moments, what members typed as typed, the words that depend on the adapter
    /// by name (`<NoGame>`).
    pub fn shown(&self) -> String {
        let mut out = String::new();
        for span in self.spans() {
            match span {
                Span::Text(t) | Span::Typed(t) => out.push_str(t),
                Span::Member(id) => out.push_str(&format!("<@{id}>")),
                Span::Channel(id) => out.push_str(&format!("<#{id}>")),
                Span::Strong(inner) => out.push_str(&format!("**{}**", inner.shown())),
                Span::Code(code) => out.push_str(&format!("`{code}`")),
                Span::Block(lines) => out.push_str(&format!("```\n{lines}\n```")),
                Span::Relative(at) => out.push_str(&format!("<t:{at}:R>")),
                Span::Date(at) => out.push_str(&format!("<t:{at}:f>")),
                // Each adapter words these: the tests read which.
                Span::Local(words) => out.push_str(&format!("<{words:?}>")),
            }
        }
        out
    }
}
