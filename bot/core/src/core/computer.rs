//! Games against the computer. `/challenge` naming the bot starts one at once, with no
//! challenge to accept; the computer's turns then follow the member's by themselves. Each
//! turn is searched on the computer's lane (threads below the bot's priority, see
//! `crate::lane`), a bounded number at once (so other games and commands never wait on a
//! search), in the order `queue` decides: a clock about to run out
//! first, then equal shares across members and servers. Its budget is what its clock can
//! afford when its search starts, and it is announced like a member's turn. The database
//! says which games owe a turn (`computer_at`), so a bot that stopped mid-search plays that
//! turn when it starts again; the version-checked save plays each turn once, however many
//! tasks look.

mod queue;

use super::present::{clock_views, for_player, opening, terms_text};
use super::spec::{GameTerms, Terms};
use super::{
    member, named_channel, BoxFuture, ChallengeRequest, Core, CoreError, Place, Reply, Target, Who,
};
use crate::family::GameState;
use crate::lane::Lane;
use crate::store::{
    Channel, ColourChoice, Computer, ComputerDue, GameRow, NewGame, Player, StoreError,
};
use crate::words;
use engine::computer::{choose_fide, choose_turn, Level, Think, DEFAULT_BUDGET};
use engine::fide::san;
use engine::search::time::budget;
use engine::{Clock, Color, TimeControl};
use futures_util::stream::{FuturesUnordered, StreamExt};
use queue::{Owed, Owner, Queue};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{watch, Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// How often the computer looks for owed turns when nothing wakes it: turns owed by another
/// process's change (a shard's neighbour, a restart) are found within this.
const LOOK_EVERY: Duration = Duration::from_secs(30);

/// A turn that lost its save to another change (the member resigned meanwhile) is thought
/// again at most this many times by `computer_turns`; the computer task puts it back in
/// its queue instead.
const TRIES: usize = 3;

/// Searches that run at once unless the settings say otherwise: one per core, leaving one
/// for everything else (commands, pictures, the database), and at least one.
pub fn default_searches() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |cores| cores.get() - 1)
        .max(1)
}

/// The computer's share of the cores: which games it is thinking about, how many searches
/// may run, and the flag that stops them all when the bot stops.
pub(super) struct Thinking {
    /// One slot per search that may run at once. A turn takes one when it leaves the queue
    /// and its search owns it until it ends, so a save, a wait or a search cut loose by a
    /// restarted task never holds one it isn't searching with.
    slots: Arc<Semaphore>,
    /// The threads the searches run on, below the bot's own priority.
    lane: Lane,
    /// The games this process is thinking about, and those it stopped thinking about lately.
    in_flight: Mutex<Flights>,
    /// Wakes `run_computer` when a turn is owed.
    owed: Notify,
    /// The bot is stopping: searches give up and nothing more is saved.
    stop: AtomicBool,
    /// The games claimed for a search, in the order the queue gave them: what the tests
    /// check fairness by (saves may pass one another; claims may not).
    #[cfg(test)]
    pub(super) claimed: Mutex<Vec<i64>>,
}

/// The games being thought about, and when each of the others was last let go.
#[derive(Default)]
struct Flights {
    /// Each game being thought about, with the flag that cuts its search short (the search
    /// then answers with the deepest it has finished).
    searching: HashMap<i64, Arc<AtomicBool>>,
    /// When each game was let go, for `RELEASES_KEPT`: a look at the owed turns that began
    /// before may have read the game before its turn was saved, so it must not queue it.
    released: HashMap<i64, Instant>,
}

/// How long a game's release is remembered: longer than any look at the owed turns can take
/// (each statement stops at 5 s).
const RELEASES_KEPT: Duration = Duration::from_secs(60);

impl Flights {
    /// Of the games `due` by a look begun at `began`, those that are owed: none being thought
    /// about, none let go since the look began (read maybe before its save).
    fn owed(&mut self, due: Vec<ComputerDue>, began: Instant) -> Vec<Owed> {
        self.released
            .retain(|_, at| began.duration_since(*at) < RELEASES_KEPT);
        due.into_iter()
            .filter(|d| !self.searching.contains_key(&d.game))
            .filter(|d| self.released.get(&d.game).is_none_or(|at| *at < began))
            .map(Owed::from)
            .collect()
    }
}

impl Thinking {
    /// Room for `searches` at once (at least one).
    pub(super) fn new(searches: usize) -> Thinking {
        Thinking {
            slots: Arc::new(Semaphore::new(searches.max(1))),
            lane: Lane::new("search", searches),
            in_flight: Mutex::default(),
            owed: Notify::new(),
            stop: AtomicBool::new(false),
            #[cfg(test)]
            claimed: Mutex::new(Vec::new()),
        }
    }

    /// A turn is owed: wake the computer's task.
    pub(super) fn wake(&self) {
        self.owed.notify_one();
    }

    fn in_flight(&self) -> std::sync::MutexGuard<'_, Flights> {
        self.in_flight.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn claim(&self, game: i64) -> Option<Claim<'_>> {
        let cut = Arc::new(AtomicBool::new(false));
        let fresh = self
            .in_flight()
            .searching
            .insert(game, cut.clone())
            .is_none();
        #[cfg(test)]
        if fresh {
            self.claimed.lock().unwrap().push(game);
        }
        fresh.then_some(Claim {
            thinking: self,
            game,
            cut,
        })
    }

    /// Cut every search of this process short: each answers at once with the deepest it has
    /// finished (a shallow search at worst), freeing its slot.
    fn cut_all(&self) {
        for cut in self.in_flight().searching.values() {
            cut.store(true, Ordering::SeqCst);
        }
    }
}

/// A game claimed for thinking in this process, released when dropped.
struct Claim<'a> {
    thinking: &'a Thinking,
    game: i64,
    cut: Arc<AtomicBool>,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        let mut flights = self.thinking.in_flight();
        flights.searching.remove(&self.game);
        flights.released.insert(self.game, Instant::now());
    }
}

impl From<ComputerDue> for Owed {
    fn from(due: ComputerDue) -> Owed {
        Owed {
            game: due.game,
            owner: Owner {
                guild: due.guild,
                member: due.member,
            },
            deadline: due.deadline,
            since: due.since,
        }
    }
}

impl Core {
    /// /challenge naming the bot: a game against the computer starts at once, unrated.
    pub(super) async fn play_computer(
        &self,
        who: &Who,
        place: Place,
        computer: Player,
        request: ChallengeRequest,
    ) -> Result<Vec<Reply>, CoreError> {
        let channel = Core::channel(place)?;
        if request.game.rated == Some(true) {
            return Err(CoreError::ComputerUnrated);
        }
        // Checked before a thread is opened for nothing; the start checks again, race-safe.
        let quotas = self.quotas.computer_games(who.id, channel.guild);
        self.store.check_quotas(&quotas, self.now()).await?;
        if request.game.options.get("proposals") == Some(true) {
            return Err(CoreError::ComputerProposals);
        }
        let level = match request.level {
            Some(n) => Level::new(n)?,
            None => Level::default(),
        };
        let Terms {
            terms: GameTerms { rules, control, .. },
            threaded,
            web,
        } = self.terms(place, &request).await?;
        // The server's default may have proposals on; the computer doesn't bid.
        let rules = rules.computer_rules();
        let member_white = match request.colour.unwrap_or(ColourChoice::Random) {
            ColourChoice::White => true,
            ColourChoice::Black => false,
            ColourChoice::Random => self.roll() & 1 == 0,
        };
        let computer_player = Player {
            id: computer.id,
            name: format!("{} (level {level})", computer.name),
        };
        let (players, color) = if member_white {
            ([who.player(), computer_player], Color::Black)
        } else {
            ([computer_player, who.player()], Color::White)
        };
        let thread = match threaded {
            true => self.open_thread(channel, &players).await,
            false => None,
        };
        let game_channel = Channel {
            guild: channel.guild,
            channel: thread.unwrap_or(channel.channel),
        };
        let now = self.now();
        let game = self.new_game(&rules);
        let clocks =
            Clock::start(control, now).map(|clock| clock_views(clock, Color::White, true, now));
        let (white, black) = (players[0].id, players[1].id);
        let terms = format!(
            "{}, {}, level {level}",
            rules.text(),
            terms_text(control, false)
        );
        let first = if color == Color::White {
            words!["The computer opens: its turn follows in a moment."]
        } else {
            words!["White to move: ", member(white), "."]
        };
        let players_terms = words![
            member(white),
            " (White) vs ",
            member(black),
            format!(" (Black), {terms}"),
        ];
        let announce = words![
            players_terms.clone(),
            ". ",
            rules.how_to_play(),
            " The computer answers each turn. ",
            first,
        ];
        let mut replies = match thread {
            Some(thread) => vec![
                Reply::public(words![
                    "Game on! ",
                    players_terms,
                    ", in ",
                    named_channel(thread),
                    "."
                ]),
                Reply::public(announce)
                    .pinging(who.id)
                    .to(Target::Channel { channel: thread }),
            ],
            None => vec![Reply::public(words!["Game on! ", announce]).pinging(who.id)],
        };
        if let Some(last) = replies.last_mut() {
            let boards = opening(last, &players, &game, game_channel.channel, clocks);
            replies.extend(boards);
        }
        let computer = Computer { color, level };
        replies.retain(|r| !for_player(computer.color, &players, r));
        let watch = self.starting_watch(web, &game, &mut replies)?;
        let here = Target::Channel {
            channel: channel.channel,
        };
        let new = NewGame {
            players,
            game,
            watch,
        };
        let row = self
            .write_owed(channel.guild, here, &mut replies, |owed| async move {
                let started = self.store.start_computer_game(
                    (game_channel, thread.map(|_| channel.channel)),
                    &quotas,
                    new,
                    control,
                    computer,
                    &owed,
                    now,
                );
                match started.await {
                    Err(StoreError::ChannelBusy) => {
                        Err(self.channel_busy(game_channel, CoreError::Conflict).await)
                    }
                    written => Ok(written?),
                }
            })
            .await?;
        self.wake_for(&row);
        Ok(replies)
    }

    /// Play every turn the computer owes in this process's servers, one after another in
    /// the queue's order, and return their announcements (already owed to their channels).
    /// The terminal calls this after each command; tests call it to play the computer's
    /// turns when they choose.
    pub async fn computer_turns(&self) -> Result<Vec<Reply>, CoreError> {
        let mut queue = Queue::default();
        queue.refresh(self.owed_turns().await?);
        let mut replies = Vec::new();
        while let Some(next) = queue.pop(self.now()) {
            let Some(claim) = self.thinking.claim(next.game) else {
                continue;
            };
            for _ in 0..TRIES {
                let Ok(slot) = self.thinking.slots.clone().acquire_owned().await else {
                    break;
                };
                if let Some(played) = self.computer_turn(&claim, slot).await? {
                    replies.extend(played);
                    break;
                }
            }
        }
        Ok(replies)
    }

    /// Play the computer's owed turns as they arise until `stop` turns true: woken when a
    /// turn is owed, looking in the database now and then for turns owed elsewhere. A turn
    /// leaves the queue when a search slot is free; while a turn whose clock is about to run
    /// out waits for one, the running searches are cut short, so it waits milliseconds.
    /// None waits for another's save. Everything here is one `select!`: a turn in flight
    /// may hold a database connection between two polls, so the task never awaits the
    /// database while its turns stand still.
    pub async fn run_computer(&self, mut stop: watch::Receiver<bool>) {
        let mut queue = Queue::default();
        let mut turns = FuturesUnordered::new();
        let mut looking: Option<BoxFuture<'_, Result<Vec<Owed>, CoreError>>> = None;
        // A look is due: at the start, when a turn is owed, when one lost its save.
        let mut look = true;
        let mut next_look = Instant::now();
        loop {
            if *stop.borrow() {
                break;
            }
            crate::measure::computer_queue(queue.len());
            if looking.is_none() && (look || Instant::now() >= next_look) {
                looking = Some(Box::pin(self.owed_turns()));
                look = false;
                next_look = Instant::now() + LOOK_EVERY;
            }
            let now = self.now();
            if queue.urgent(now) && self.thinking.slots.available_permits() == 0 {
                self.thinking.cut_all();
            }
            // Wake when the next waiting clock turns urgent, or to look again.
            let wake = queue.turns_urgent_at(now).map_or(next_look, |at| {
                let seconds = u64::try_from(at - now).unwrap_or(0);
                next_look.min(Instant::now() + Duration::from_secs(seconds))
            });
            let slots = self.thinking.slots.clone();
            tokio::select! {
                owed = async { looking.as_mut().expect("a look").await },
                    if looking.is_some() =>
                {
                    looking = None;
                    match owed {
                        Ok(owed) => queue.refresh(owed),
                        Err(e) => tracing::error!(error = %e, "can't look for the computer's turns"),
                    }
                }
                _ = tokio::time::sleep_until(wake) => {}
                _ = self.thinking.owed.notified() => look = true,
                _ = stop.changed() => {}
                Ok(slot) = slots.acquire_owned(), if !queue.is_empty() => {
                    let claimed = queue
                        .pop(self.now())
                        .and_then(|next| self.thinking.claim(next.game));
                    if let Some(claim) = claimed {
                        turns.push(async move {
                            let played = self.computer_turn(&claim, slot).await;
                            (claim.game, played)
                        });
                    }
                }
                Some((game, played)) = turns.next(), if !turns.is_empty() => match played {
                    Ok(Some(_)) => {}
                    // Lost its save to another change: owed still, so back in the queue.
                    Ok(None) => look = true,
                    Err(e) => tracing::error!(
                        game,
                        error = %e,
                        "the computer's turn failed; trying again shortly"
                    ),
                }
            }
        }
        // Searches in flight give up; their turns are owed still and played after a restart.
        self.thinking.stop.store(true, Ordering::SeqCst);
        self.thinking.cut_all();
        // A look cut off mid-query would cost its connection: let it finish too.
        let look = async {
            if let Some(looking) = looking {
                let _ = looking.await;
            }
        };
        let drain = async { while turns.next().await.is_some() {} };
        futures_util::future::join(look, drain).await;
    }

    /// The turns the computer owes in this process's servers, less those it is thinking about.
    async fn owed_turns(&self) -> Result<Vec<Owed>, CoreError> {
        let began = Instant::now();
        let due = self.store.computer_turns_due(&self.shards).await?;
        Ok(self.thinking.in_flight().owed(due, began))
    }

    /// The computer's turn in a claimed game, if it owes one, searched in `slot`: its budget
    /// is what the clock has left as the search starts, and the slot is free again as the
    /// search ends, before the save. None if the save lost to another change (the member
    /// resigned meanwhile): the turn, if still owed, is to be thought again.
    async fn computer_turn(
        &self,
        claim: &Claim<'_>,
        slot: OwnedSemaphorePermit,
    ) -> Result<Option<Vec<Reply>>, CoreError> {
        let nothing = Ok(Some(Vec::new()));
        if self.thinking.stop.load(Ordering::SeqCst) {
            return nothing;
        }
        let Some((row, channel)) = self.store.game_with_channel(claim.game).await? else {
            return nothing;
        };
        let Some(computer) = row.computer.filter(|_| row.computer_to_move()) else {
            return nothing;
        };
        let now = self.now();
        // A clock that ran out while the bot was stopped loses the game like anyone's.
        if let Some(flagged) = self.flag_if_overdue(&row, channel, now, true).await? {
            return Ok(Some(vec![flagged]));
        }
        let think = Think {
            level: computer.level,
            budget: turn_budget(&row, computer.color, now),
            seed: row.id as u64,
        };
        let state = row.game.clone();
        let cut = claim.cut.clone();
        let turn = self
            .thinking
            .lane
            .run(move || {
                let _slot = slot;
                let began = std::time::Instant::now();
                let turn = match &state {
                    GameState::Csipgs(game) => {
                        choose_turn(game, &think, &cut).map(ComputerTurn::Csipgs)
                    }
                    GameState::Fide(game) => choose_fide(game, &think, &cut)
                        .map(|(m, _)| ComputerTurn::Fide(san::write(game.position(), &m))),
                };
                crate::measure::search(began.elapsed());
                turn
            })
            .await
            .map_err(|e| CoreError::Computer(e.to_string()))?;
        if self.thinking.stop.load(Ordering::SeqCst) {
            return nothing;
        }
        let Some(turn) = turn else {
            return nothing;
        };
        match self.play_computer_turn(row, channel, turn).await {
            Err(CoreError::Conflict) => Ok(None),
            done => done.map(Some),
        }
    }

    /// Play the computer's chosen turn on the loaded game and save it; every announcement
    /// is owed to its channel, since no command waits to carry it.
    async fn play_computer_turn(
        &self,
        mut row: GameRow,
        channel: u64,
        turn: ComputerTurn,
    ) -> Result<Vec<Reply>, CoreError> {
        let place = Place::Channel(Channel {
            guild: row.guild,
            channel,
        });
        let mover = row.game.to_move();
        let played = match (&mut row.game, turn) {
            (GameState::Csipgs(game), ComputerTurn::Csipgs(turn)) => game.play(turn)?,
            (game, ComputerTurn::Fide(text)) => game.play_text(&text)?,
            (_, ComputerTurn::Csipgs(_)) => return Err(CoreError::Conflict),
        };
        let now = self.now();
        let mut replies = self.turn_played(&mut row, &played, place, now).await?;
        // The computer's own private confirmation (in fog) is for nobody.
        replies.retain(|r| !r.ephemeral);
        let mut replies: Vec<Reply> = replies
            .into_iter()
            .map(|r| match r.elsewhere {
                Some(_) => r,
                None => r.to(Target::Channel { channel }),
            })
            .collect();
        let by = row.player(mover).id;
        self.save(place, &row, Some(by), &mut replies).await?;
        Ok(replies)
    }
}

/// The computer's choice: a csipgs turn, or a FIDE move in SAN (played as a member's).
enum ComputerTurn {
    Csipgs(engine::Turn),
    Fide(String),
}

/// The time the computer may think: the default budget, or less when its clock is short.
/// Clocks count whole seconds, so a second is kept back for the one already begun.
fn turn_budget(row: &GameRow, color: Color, now: i64) -> Duration {
    let Some(clock) = row.clock else {
        return DEFAULT_BUDGET;
    };
    let left = clock.remaining(color, now)[color.index()].saturating_sub(1);
    let increment = match clock.control {
        TimeControl::Live { increment, .. } => Duration::from_secs(increment),
        _ => Duration::ZERO,
    };
    budget(Some(Duration::from_secs(left)), increment, DEFAULT_BUDGET)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn due(game: i64) -> ComputerDue {
        ComputerDue {
            game,
            guild: 10,
            member: 2,
            deadline: None,
            since: 0,
        }
    }

    /// A look that began before a game was let go may have read it before its turn was
    /// saved: it doesn't queue that game (which would be claimed a second time); the next
    /// look does, and a game being thought about is never queued.
    #[test]
    fn a_look_older_than_a_release_leaves_that_game_out() {
        let mut flights = Flights::default();
        let began = Instant::now();
        flights.searching.insert(3, Arc::default());
        flights.released.insert(1, began + Duration::from_millis(5));
        flights.released.insert(2, began - Duration::from_millis(5));
        let games = |owed: Vec<Owed>| owed.iter().map(|o| o.game).collect::<Vec<_>>();
        let owed = flights.owed(vec![due(1), due(2), due(3), due(4)], began);
        assert_eq!(games(owed), [2, 4]);
        let later = began + Duration::from_millis(10);
        assert_eq!(games(flights.owed(vec![due(1), due(3)], later)), [1]);
        // Releases older than any look are forgotten.
        flights.owed(Vec::new(), later + RELEASES_KEPT);
        assert!(flights.released.is_empty());
    }
}
