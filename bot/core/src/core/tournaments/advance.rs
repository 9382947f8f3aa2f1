//! The scheduler's steps: a tournament is looked at whenever something made it due (its
//! start time, a game's end, a withdrawal, an organiser's result), and takes every step it
//! is ready for: start, resign the games of withdrawn players, open the games of paired
//! boards (a thread each), post the pairings, pair the next round, and post the final
//! standings. Each step is claimed in the database (see `store::tournaments`), so a restart
//! between any two of them repeats none and skips none.

use super::show::standings_reply;
use super::{plain, title, Field};
use crate::core::present::clock_views;
use crate::core::present::{game_over, opening, terms_text};
use crate::core::{member, Content, Core, CoreError, Reply, Target};
use crate::store::{
    BoardResult, ByeRow, Channel, End, Entrant, LinkKind, NewBoard, NewGame, Status, StoreError,
    TournamentFormat, TournamentState, TournamentStatus,
};
use crate::words;
use engine::{Clock, Color};
use league::model::Bye;
use league::round_robin::{Cycles, RoundRobin};
use league::{checker, dutch};
use std::hash::{BuildHasher, Hasher};

/// Seconds before a step that failed (Discord refused a thread, the database was busy) is
/// tried again.
const RETRY: i64 = 30;
/// Steps one look takes at the most: each makes progress, so this only guards against a
/// tournament whose steps keep losing races.
const MAX_STEPS: usize = 1000;

/// What opening a round's games came to.
enum Opened {
    Nothing,
    Some,
    /// Discord opened no thread: try again at this time.
    RetryAt(i64),
}

impl Core {
    /// Look at every tournament due by `now` in this process's servers.
    pub(in crate::core) async fn run_tournaments(&self, now: i64) -> Result<(), StoreError> {
        for (id, due) in self.store.due_tournaments(now, &self.shards).await? {
            let Some(lease) = self.store.claim_tournament(id, due, now).await? else {
                continue;
            };
            let again = match self.advance(id).await {
                Ok(again) => again,
                Err(e) => {
                    tracing::error!(tournament = id, error = %e, "a tournament step failed; trying again shortly");
                    Some(self.now() + RETRY)
                }
            };
            self.store.release_tournament(id, lease, again).await?;
        }
        Ok(())
    }

    /// Take every step the tournament is ready for. Returns when to look again without
    /// being told (a start time, a retry), if ever.
    async fn advance(&self, id: i64) -> Result<Option<i64>, CoreError> {
        for _ in 0..MAX_STEPS {
            let Some(state) = self.store.tournament(id).await? else {
                return Ok(None);
            };
            let row = &state.row;
            match row.status {
                TournamentStatus::Signup => match row.starts_at {
                    Some(at) if at <= self.now() => {
                        self.scheduled_start(&state).await?;
                        continue;
                    }
                    later => return Ok(later),
                },
                TournamentStatus::Running => {}
                TournamentStatus::Finished | TournamentStatus::Cancelled => return Ok(None),
            }
            if self.resign_withdrawn(&state).await? {
                continue;
            }
            match self.open_games(&state).await? {
                Opened::Some => continue,
                Opened::RetryAt(at) => return Ok(Some(at)),
                Opened::Nothing => {}
            }
            if row.announced < row.round {
                self.announce(&state).await?;
                continue;
            }
            if state
                .boards
                .iter()
                .any(|b| b.round <= row.round && b.result.is_none())
            {
                return Ok(None);
            }
            if row.round >= row.rounds {
                self.finish(&state, None).await?;
                return Ok(None);
            }
            self.pair_next(&state).await?;
        }
        Ok(Some(self.now() + RETRY))
    }

    /// Start a tournament: pairing numbers (a Swiss ranks by rating, a round robin draws
    /// lots), its rounds and the first colour; the scheduler then pairs round 1. `by` is the
    /// organiser who started it (None: its start time came).
    pub(super) async fn start(
        &self,
        state: &TournamentState,
        rounds: Option<u16>,
        by: Option<u64>,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        match row.status {
            TournamentStatus::Signup => {}
            TournamentStatus::Running => {
                return Err(CoreError::TournamentState {
                    name: plain(row),
                    status: "started",
                    what: "it is under way",
                })
            }
            status => return Err(super::signup::ended(row, status)),
        }
        let players = state.players.len();
        let swiss = row.format == TournamentFormat::Swiss;
        let need = if swiss { 2 } else { 3 };
        if players < need {
            return Err(CoreError::TooFewPlayers {
                name: plain(row),
                players,
                format: super::format_name(row.format),
                need,
            });
        }
        let rounds = match (swiss, rounds) {
            (true, Some(r)) if !(1..=crate::core::bounds::MAX_ROUNDS).contains(&r) => {
                return Err(super::OptionError::Rounds(r).into())
            }
            (true, r) => r.unwrap_or(row.rounds),
            (false, Some(_)) => return Err(super::OptionError::RoundsInRoundRobin.into()),
            (false, None) => RoundRobin::new(players as u16, cycles(row.format))
                .map_err(|e| CoreError::Pairing(e.to_string()))?
                .rounds(),
        };
        if swiss && usize::from(rounds) >= players {
            return Err(CoreError::TooManyRounds { rounds, players });
        }
        let mut order: Vec<Entrant> = state.players.clone();
        // Ranked by the ratings they have now, not when they joined.
        for p in &mut order {
            p.rating = self.ranking_rating(row, p.player.id).await?;
        }
        let mut lots = Lots::new();
        if swiss {
            order.sort_by(|a, b| b.rating.cmp(&a.rating).then(a.joined_at.cmp(&b.joined_at)));
        } else {
            for i in (1..order.len()).rev() {
                order.swap(i, lots.below(i + 1));
            }
        }
        for (i, p) in order.iter_mut().enumerate() {
            p.number = Some(i as u16 + 1);
        }
        let first_colour = if lots.below(2) == 0 {
            Color::White
        } else {
            Color::Black
        };
        let who = by.map_or(Content::default(), |by| words![member(by), " started it: "]);
        let mut reply = Reply::public(words![
            title(row),
            " has started. ",
            who,
            format!(
                "{players} players, {rounds} round(s){}. {} pairings follow.",
                if row.all_at_once {
                    ", every game at once"
                } else {
                    ""
                },
                if row.all_at_once {
                    "All the"
                } else {
                    "Round 1's"
                }
            ),
        ]);
        if by.is_none() {
            reply = reply.to(self.channel_of(state));
        }
        let mut replies = vec![reply];
        self.write_announced(state, &mut replies, |owed| async move {
            self.store
                .start_tournament(row.id, rounds, first_colour, &order, &owed, self.now())
                .await
        })
        .await?;
        self.wake.notify_one();
        Ok(replies)
    }

    /// A start time came: start with the players there are (a Swiss short of players plays
    /// fewer rounds), or cancel if there are too few.
    async fn scheduled_start(&self, state: &TournamentState) -> Result<(), CoreError> {
        let row = &state.row;
        let players = state.players.len() as u16;
        let rounds = (row.format == TournamentFormat::Swiss)
            .then(|| row.rounds.min(players.saturating_sub(1)).max(1));
        match self.start(state, rounds, None).await {
            Ok(_) | Err(CoreError::Conflict) => Ok(()),
            Err(e @ CoreError::TooFewPlayers { .. }) => {
                let notice = Reply::public(words![
                    title(row),
                    " could not start at its time: ",
                    e.sentence().trim_end_matches(|c| c == '.'),
                    ". It is cancelled; /tournament create makes a new one.",
                ]);
                let cancelled = TournamentStatus::Cancelled;
                self.close_tournament(state, TournamentStatus::Signup, cancelled, notice)
                    .await
            }
            Err(e) => Err(e),
        }
    }

    /// Resign the games in progress of withdrawn players; true if any ended.
    async fn resign_withdrawn(&self, state: &TournamentState) -> Result<bool, CoreError> {
        let mut ended = false;
        for p in state.players.iter().filter(|p| p.withdrawn_round.is_some()) {
            let user = p.player.id;
            let open = state
                .boards
                .iter()
                .filter(|b| b.result.is_none() && (b.white == user || b.black == user));
            for game in open.filter_map(|b| b.game) {
                let Some((mut row, thread)) = self.store.game_with_channel(game).await? else {
                    continue;
                };
                let Some(colour) = row.color_of(user).filter(|_| row.status == Status::Active)
                else {
                    continue;
                };
                let Ok(outcome) = row.end(End::Resign(colour), self.now()) else {
                    continue;
                };
                let here = Target::Channel { channel: thread };
                let mut replies = vec![Reply::public(words![
                    member(user),
                    " withdrew from ",
                    title(&state.row),
                    ", so this game counts as resigned. ",
                    game_over(&row, &outcome)
                ])
                .to(here)];
                match self.save_game(&row, None, here, &mut replies).await {
                    Ok(()) => ended = true,
                    Err(CoreError::Conflict) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(ended)
    }

    /// Open a thread and start the game of every paired board that has none.
    async fn open_games(&self, state: &TournamentState) -> Result<Opened, CoreError> {
        let row = &state.row;
        let mut opened = Opened::Nothing;
        let waiting: Vec<_> = state
            .boards
            .iter()
            .filter(|b| b.game.is_none() && b.result.is_none())
            .collect();
        if waiting.is_empty() {
            return Ok(opened);
        }
        let shown = self.public_url.is_some() && self.store.web_shown(row.channel.guild).await?;
        for board in waiting {
            let players = [player(state, board.white), player(state, board.black)];
            let name = format!(
                "R{} · {} vs {}",
                board.round, players[0].name, players[1].name
            );
            let thread = match self.platform.open_thread(row.channel, name).await {
                Ok(Some(thread)) => thread,
                Ok(None) => return Err(CoreError::TournamentNeedsChannel),
                Err(e) => {
                    tracing::warn!(tournament = row.id, error = %e, "can't open a thread for a tournament game; trying again shortly");
                    return Ok(Opened::RetryAt(self.now() + RETRY));
                }
            };
            let now = self.now();
            let game = self.new_game(&row.rules);
            let clock = Clock::start(row.time_control, now);
            let clocks = clock.map(|c| clock_views(c, Color::White, true, now));
            let here = Target::Channel { channel: thread };
            let (white, black) = (board.white, board.black);
            let mut announcement = Reply::public(words![
                title(row),
                format!(", round {}, board {}: ", board.round, board.board),
                member(white),
                " (White) vs ",
                member(black),
                format!(
                    " (Black), {}, {}. {} White to move: ",
                    row.rules.text(),
                    terms_text(row.time_control, row.rated),
                    row.rules.how_to_play(),
                ),
                member(white),
                ".",
            ])
            .pinging(white)
            .pinging(black)
            .to(here);
            let boards = opening(&mut announcement, &players, &game, thread, clocks);
            let mut replies: Vec<Reply> = std::iter::once(announcement).chain(boards).collect();
            let watch = self.starting_watch(shown, &game, &mut replies)?;
            let channel = Channel {
                guild: row.channel.guild,
                channel: thread,
            };
            let clock = (row.time_control, clock, row.rated);
            let new = NewGame {
                players,
                game,
                watch,
            };
            // Owed to the thread, so the scheduler is woken to post them (and for the clock).
            let started =
                self.write_owed(row.channel.guild, here, &mut replies, |owed| async move {
                    let parent = row.channel.channel;
                    let started = self.store.start_board(
                        board.id,
                        (channel, parent),
                        &new,
                        clock,
                        &owed,
                        now,
                    );
                    started.await
                });
            match started.await {
                Ok(()) => opened = Opened::Some,
                // Another look started it meanwhile; its thread stays empty.
                Err(CoreError::Conflict) => {}
                Err(e) => return Err(e),
            }
        }
        Ok(opened)
    }

    /// Post the pairings of the rounds paired since the last ones posted.
    async fn announce(&self, state: &TournamentState) -> Result<(), CoreError> {
        let row = &state.row;
        let mut text = Content::default();
        for round in row.announced + 1..=row.round {
            text.push(self.round_text(state, round, !row.all_at_once).await?);
            text.push("\n");
        }
        let mut announcement = Reply::public(text.trim_end()).to(self.channel_of(state));
        announcement.buttons.extend(
            self.watch_button(LinkKind::Tournament, row.id, row.channel.guild)
                .await?,
        );
        let mut replies = vec![announcement];
        let now = self.now();
        let announced = self.write_announced(state, &mut replies, |owed| async move {
            self.store
                .announce_round(row.id, row.round, &owed, now)
                .await
        });
        match announced.await {
            Ok(()) | Err(CoreError::Conflict) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Pair the next round (a round robin playing all at once: every round), or end the
    /// tournament if the rules leave no pairing.
    async fn pair_next(&self, state: &TournamentState) -> Result<(), CoreError> {
        let row = &state.row;
        let field = Field::of(state);
        let next = row.round + 1;
        let mut boards = Vec::new();
        let mut byes = Vec::new();
        let last = match row.format {
            TournamentFormat::Swiss => {
                // A large Swiss takes a while to pair: off the async workers. The independent
                // checker judges the pairing there too, before anything is stored or posted.
                let model = field.tournament.clone();
                let paired = tokio::task::spawn_blocking(move || {
                    dutch::pair(&model, next)
                        .map(|pairings| (checker::check(&model, next, &pairings), pairings))
                })
                .await
                .map_err(|e| CoreError::Pairing(e.to_string()))?;
                let pairings = match paired {
                    Ok((Ok(()), pairings)) => pairings,
                    // Nothing is stored: `run_tournaments` logs the error (tracing::error!)
                    // and looks again in RETRY seconds, or when an organiser acts.
                    Ok((Err(rejected), _)) => {
                        return Err(CoreError::PairingRejected {
                            round: next,
                            rejected,
                        })
                    }
                    Err(e) => {
                        let why = format!(
                            "Round {next} can't be paired ({e}), so it ends after round {}.",
                            row.round
                        );
                        return self.finish(state, Some(why)).await;
                    }
                };
                for (i, &(white, black)) in pairings.games.iter().enumerate() {
                    boards.push(NewBoard {
                        round: next,
                        board: i as u16 + 1,
                        white: field.user(white),
                        black: field.user(black),
                        result: None,
                    });
                }
                byes.extend(pairings.bye.map(|bye| ByeRow {
                    round: next,
                    user: field.user(bye),
                    kind: Bye::Pairing,
                }));
                next
            }
            format => {
                let schedule = RoundRobin::new(field.users.len() as u16, cycles(format))
                    .map_err(|e| CoreError::Pairing(e.to_string()))?;
                let last = if row.all_at_once { row.rounds } else { next };
                for round in next..=last {
                    let pairings = schedule
                        .round(round)
                        .map_err(|e| CoreError::Pairing(e.to_string()))?;
                    for (i, &(white, black)) in pairings.games.iter().enumerate() {
                        let (white, black) = (field.user(white), field.user(black));
                        boards.push(NewBoard {
                            round,
                            board: i as u16 + 1,
                            white,
                            black,
                            result: forfeit(state, round, white, black),
                        });
                    }
                    byes.extend(pairings.bye.map(|bye| ByeRow {
                        round,
                        user: field.user(bye),
                        kind: Bye::Zero,
                    }));
                }
                last
            }
        };
        match self
            .store
            .pair_rounds(row.id, row.round, last, &boards, &byes)
            .await
        {
            Ok(()) | Err(StoreError::Conflict) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    /// Post the final standings and end the tournament; `why` explains an early end.
    async fn finish(&self, state: &TournamentState, why: Option<String>) -> Result<(), CoreError> {
        let row = &state.row;
        let mut standings = standings_reply(state, "Final standings")?;
        let field = Field::of(state);
        let winners: Vec<u64> = super::show::winners(state)?
            .into_iter()
            .map(|n| field.user(n))
            .collect();
        let mut named = Content::default();
        for (i, &user) in winners.iter().enumerate() {
            if i > 0 {
                named.push(", ");
            }
            named.push(member(user));
        }
        let winner = match winners.len() {
            0 => Content::default(),
            1 => words![" Winner: ", named, ". Congratulations!"],
            _ => words![
                " Winners, sharing first place: ",
                named,
                ". Congratulations!"
            ],
        };
        standings.text = words![
            title(row),
            " is over.",
            why.map_or(String::new(), |w| format!(" {w}")),
            winner,
            "\n",
            standings.text,
        ];
        let finished = TournamentStatus::Finished;
        self.close_tournament(state, TournamentStatus::Running, finished, standings)
            .await
    }

    /// Move a tournament from `from` to `to` (cancelled or finished) with the notice that
    /// says so in its channel; another process that got there first leaves nothing to do.
    async fn close_tournament(
        &self,
        state: &TournamentState,
        from: TournamentStatus,
        to: TournamentStatus,
        notice: Reply,
    ) -> Result<(), CoreError> {
        let mut replies = vec![notice.to(self.channel_of(state))];
        let (id, now) = (state.row.id, self.now());
        let closed = self.write_announced(state, &mut replies, |owed| async move {
            self.store.end_tournament(id, from, to, &owed, now).await
        });
        match closed.await {
            Ok(()) | Err(CoreError::Conflict) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

fn cycles(format: TournamentFormat) -> Cycles {
    match format {
        TournamentFormat::DoubleRoundRobin => Cycles::Double,
        _ => Cycles::Single,
    }
}

/// A player of the tournament by member id, as a game names them.
fn player(state: &TournamentState, user: u64) -> crate::store::Player {
    state
        .players
        .iter()
        .find(|p| p.player.id == user)
        .map(|p| p.player.clone())
        .unwrap_or(crate::store::Player {
            id: user,
            name: user.to_string(),
        })
}

/// A round robin's scheduled game with a withdrawn player is a forfeit.
fn forfeit(state: &TournamentState, round: u16, white: u64, black: u64) -> Option<BoardResult> {
    let gone = |user: u64| {
        state
            .players
            .iter()
            .any(|p| p.player.id == user && p.withdrawn_round.is_some_and(|w| w <= round))
    };
    match (gone(white), gone(black)) {
        (false, false) => None,
        (true, false) => Some(BoardResult::BlackByForfeit),
        (false, true) => Some(BoardResult::WhiteByForfeit),
        (true, true) => Some(BoardResult::DoubleForfeit),
    }
}

/// Drawing lots: the standard library's randomly seeded hasher, stirred for each draw.
struct Lots {
    state: u64,
}

impl Lots {
    fn new() -> Lots {
        Lots {
            state: std::collections::hash_map::RandomState::new()
                .build_hasher()
                .finish(),
        }
    }

    /// A number from 0 to `n - 1` (splitmix64, reduced by widening multiplication).
    fn below(&mut self, n: usize) -> usize {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}
