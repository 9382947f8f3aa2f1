//! Games against the computer. `/challenge` naming the bot starts one at once, with no
//! challenge to accept; the computer's turns then follow the member's by themselves. Each
//! turn is searched on the blocking pool (a bounded number at once, so other games and
//! commands never wait on a search), within a budget its clock can afford, and announced
//! like a member's turn. The database says which games owe a turn (`computer_at`), so a bot
//! that stopped mid-search plays that turn when it starts again; the version-checked save
//! plays each turn once, however many tasks look.

use super::present::{clock_views, for_player, opening, terms_text};
use super::spec::{GameTerms, Terms};
use super::{ChallengeRequest, Core, CoreError, Place, Reply, Target, Who};
use crate::family::{Family, GameRules};
use crate::store::{Channel, ColourChoice, Computer, GameRow, Player, StoreError};
use engine::computer::{choose_turn, Level, Think, DEFAULT_BUDGET};
use engine::search::time::budget;
use engine::{Clock, Color, TimeControl};
use futures_util::stream::{FuturesUnordered, StreamExt};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{watch, Notify, Semaphore};

/// Searches that run at once: each keeps a core busy, and these machines have two.
const THINKERS: usize = 2;

/// How often the computer looks for owed turns when nothing wakes it: turns owed by another
/// process's change (a shard's neighbour, a restart) are found within this.
const LOOK_EVERY: Duration = Duration::from_secs(30);

/// A turn that lost its save to another change (the member resigned meanwhile) is thought
/// again at most this many times.
const TRIES: usize = 3;

/// The computer's share of a core: which games it is thinking about, how many searches may
/// run, and the flag that stops them all when the bot stops.
pub(super) struct Thinking {
    permits: Semaphore,
    in_flight: Mutex<HashSet<i64>>,
    /// Wakes `run_computer` when a turn is owed.
    owed: Notify,
    stop: Arc<AtomicBool>,
}

impl Default for Thinking {
    fn default() -> Thinking {
        Thinking {
            permits: Semaphore::new(THINKERS),
            in_flight: Mutex::new(HashSet::new()),
            owed: Notify::new(),
            stop: Arc::new(AtomicBool::new(false)),
        }
    }
}

/// A game claimed for thinking in this process, released when dropped.
struct Claim<'a> {
    thinking: &'a Thinking,
    game: i64,
}

impl Drop for Claim<'_> {
    fn drop(&mut self) {
        self.thinking
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&self.game);
    }
}

impl Thinking {
    fn claim(&self, game: i64) -> Option<Claim<'_>> {
        let fresh = self
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(game);
        fresh.then_some(Claim {
            thinking: self,
            game,
        })
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
        if request.game.family == Some(Family::Fide) {
            return Err(CoreError::ComputerFide);
        }
        let Terms {
            terms: GameTerms { rules, control, .. },
            threaded,
        } = self.terms(place, &request).await?;
        let GameRules::Csipgs(mut rules) = rules else {
            return Err(CoreError::ComputerFide);
        };
        // The server's default may have proposals on; the computer doesn't bid.
        rules.options.proposals = false;
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
        let rules = GameRules::Csipgs(rules);
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
            "The computer opens: its turn follows in a moment.".to_string()
        } else {
            format!("White to move: <@{white}>.")
        };
        let announce = format!(
            "<@{white}> (White) vs <@{black}> (Black), {terms}. Take turns with /move, /transfer, /buy or /turn; the computer answers each. {first}"
        );
        let mut replies = match thread {
            Some(thread) => vec![
                Reply::public(format!(
                    "Game on! <@{white}> (White) vs <@{black}> (Black), {terms}, in <#{thread}>."
                )),
                Reply::public(announce)
                    .pinging(who.id)
                    .to(Target::Channel { channel: thread }),
            ],
            None => vec![Reply::public(format!("Game on! {announce}")).pinging(who.id)],
        };
        if let Some(last) = replies.last_mut() {
            let boards = opening(last, &players, &game, game_channel.channel, clocks);
            replies.extend(boards);
        }
        let computer = Computer { color, level };
        replies.retain(|r| !for_player(computer.color, &players, r));
        let here = Target::Channel {
            channel: channel.channel,
        };
        let owed = self.owed_messages(channel.guild, here, &replies)?;
        let started = self
            .store
            .start_computer_game(
                (game_channel, thread.is_some()),
                &quotas,
                players,
                game,
                control,
                computer,
                &owed,
                now,
            )
            .await;
        let (row, ids) = match started {
            Ok(done) => done,
            Err(StoreError::ChannelBusy) => {
                let active = self.store.active_game(game_channel).await?;
                return Err(active.map_or(CoreError::Conflict, |g| CoreError::busy(&g.players)));
            }
            Err(e) => return Err(e.into()),
        };
        self.tie_owed(&mut replies, ids);
        if row.deadline().is_some() {
            self.wake.notify_one();
        }
        if row.computer_to_move() {
            self.computer_owed();
        }
        Ok(replies)
    }

    /// A turn is owed: wake the computer's task.
    pub(super) fn computer_owed(&self) {
        self.thinking.owed.notify_one();
    }

    /// Play every turn the computer owes in this process's servers, one after another, and
    /// return their announcements (already owed to their channels). The terminal calls this
    /// after each command; tests call it to play the computer's turns when they choose.
    pub async fn computer_turns(&self) -> Result<Vec<Reply>, CoreError> {
        let mut replies = Vec::new();
        for game in self.store.computer_games_due(&self.shards).await? {
            replies.extend(self.computer_turn(game).await?);
        }
        Ok(replies)
    }

    /// Play the computer's owed turns as they arise until `stop` turns true: woken when a
    /// turn is owed, looking in the database now and then for turns owed elsewhere. Several
    /// games think at once (up to `THINKERS` searches); none waits for another's save.
    pub async fn run_computer(&self, mut stop: watch::Receiver<bool>) {
        let mut thinking = FuturesUnordered::new();
        loop {
            if *stop.borrow() {
                break;
            }
            match self.store.computer_games_due(&self.shards).await {
                Ok(games) => {
                    for game in games {
                        thinking.push(async move { (game, self.computer_turn(game).await) });
                    }
                }
                Err(e) => tracing::error!(error = %e, "can't look for the computer's turns"),
            }
            let look = tokio::time::sleep(LOOK_EVERY);
            tokio::pin!(look);
            loop {
                tokio::select! {
                    _ = &mut look => break,
                    _ = self.thinking.owed.notified() => break,
                    _ = stop.changed() => break,
                    Some((game, done)) = thinking.next(), if !thinking.is_empty() => {
                        if let Err(e) = done {
                            tracing::error!(game, error = %e, "the computer's turn failed; trying again shortly");
                        }
                    }
                }
            }
        }
        // Searches in flight give up; their turns are owed still and played after a restart.
        self.thinking.stop.store(true, Ordering::SeqCst);
        while thinking.next().await.is_some() {}
    }

    /// The computer's turn in one game, if it owes one and no other task of this process is
    /// thinking about it: searched within its budget, played and saved with its
    /// announcements. A turn whose save loses to another change is thought again.
    async fn computer_turn(&self, game: i64) -> Result<Vec<Reply>, CoreError> {
        let Some(_claim) = self.thinking.claim(game) else {
            return Ok(Vec::new());
        };
        let Ok(_permit) = self.thinking.permits.acquire().await else {
            return Ok(Vec::new());
        };
        for _ in 0..TRIES {
            if self.thinking.stop.load(Ordering::SeqCst) {
                break;
            }
            let Some((row, channel)) = self.store.game_with_channel(game).await? else {
                break;
            };
            let Some(computer) = row.computer.filter(|_| row.computer_to_move()) else {
                break;
            };
            let now = self.now();
            // A clock that ran out while the bot was stopped loses the game like anyone's.
            if let Some(flagged) = self.flag_if_overdue(&row, channel, now, true).await? {
                return Ok(vec![flagged]);
            }
            let think = Think {
                level: computer.level,
                budget: turn_budget(&row, computer.color, now),
                seed: row.id as u64,
            };
            // Games against the computer are csipgs games: the challenge allows no other.
            let Some(state) = row.game.csipgs().cloned() else {
                return Err(CoreError::ComputerFide);
            };
            let stop = self.thinking.stop.clone();
            let turn = tokio::task::spawn_blocking(move || choose_turn(&state, &think, &stop))
                .await
                .map_err(|e| CoreError::Computer(e.to_string()))?;
            if self.thinking.stop.load(Ordering::SeqCst) {
                break;
            }
            let Some(turn) = turn else { break };
            match self.play_computer_turn(row, channel, turn).await {
                Err(CoreError::Conflict) => continue,
                done => return done,
            }
        }
        Ok(Vec::new())
    }

    /// Play the computer's chosen turn on the loaded game and save it; every announcement
    /// is owed to its channel, since no command waits to carry it.
    async fn play_computer_turn(
        &self,
        mut row: GameRow,
        channel: u64,
        turn: engine::Turn,
    ) -> Result<Vec<Reply>, CoreError> {
        let place = Place::Channel(Channel {
            guild: row.guild,
            channel,
        });
        let mover = row.game.to_move();
        let played = row
            .game
            .csipgs_mut()
            .ok_or(CoreError::ComputerFide)?
            .play(turn)?;
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
