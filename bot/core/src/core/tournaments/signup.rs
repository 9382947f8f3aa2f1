//! Creating a tournament and who plays in it: join (late, in a Swiss, until half the rounds
//! have started), leave before the start, withdraw after it.

use super::{format_name, plain, status_name, title};
use crate::core::owe::Written;
use crate::core::present::terms_text;
use crate::core::seal::Seal;
use crate::core::spec::games_allowed;
use crate::core::{
    member, Button, ButtonStyle, Core, CoreError, Place, Press, Reply, Span, Target,
    TournamentSpec, Who,
};
use crate::store::{
    ByeRow, Entrant, Owed, TournamentFormat, TournamentRow, TournamentState, TournamentStatus,
};
use crate::words;
use engine::Color;
use league::model::Bye;
use std::future::Future;

impl Core {
    /// /tournament create: announced in the channel with a Join button.
    pub(super) async fn create_tournament(
        &self,
        who: &Who,
        place: Place,
        spec: TournamentSpec,
    ) -> Result<Vec<Reply>, CoreError> {
        let channel = match place {
            Place::Channel(channel) if self.platform.has_threads() => channel,
            Place::Direct => return Err(CoreError::NotInServer),
            _ => return Err(CoreError::TournamentNeedsChannel),
        };
        let settings = self.store.guild_settings(channel.guild).await?;
        games_allowed(&settings, place)?;
        let now = self.now();
        let s = spec.settings(settings.rules, now)?;
        let row = TournamentRow {
            id: 0,
            channel,
            name: s.name,
            creator: who.id,
            format: s.format,
            rounds: s.rounds,
            rules: s.rules,
            time_control: s.time_control,
            rated: s.rated,
            max_players: s.max_players,
            all_at_once: s.all_at_once,
            tiebreaks: s.tiebreaks,
            starts_at: s.starts_at,
            status: TournamentStatus::Signup,
            round: 0,
            announced: 0,
            first_colour: Color::White,
            created_at: now,
        };
        let here = Target::Channel {
            channel: channel.channel,
        };
        let quotas = self.quotas.tournaments(who.id, channel.guild);
        let (_, replies) = self
            .write_owing(channel.guild, here, async |owing| {
                let store = &self.store;
                store
                    .create_tournament(
                        &row,
                        &quotas,
                        |id| {
                            let row = TournamentRow { id, ..row.clone() };
                            owing.owe(vec![created(&row, who.id, &self.seal)])
                        },
                        now,
                    )
                    .await
            })
            .await?;
        if row.starts_at.is_some() {
            self.wake.notify_one();
        }
        Ok(replies)
    }

    /// /tournament join (or its button).
    pub(crate) async fn join(
        &self,
        who: &Who,
        place: Place,
        tournament: Option<i64>,
    ) -> Result<Vec<Reply>, CoreError> {
        let state = self.pick(place, tournament).await?;
        let row = &state.row;
        if state.players.iter().any(|p| p.player.id == who.id) {
            return Err(CoreError::AlreadyJoined(plain(row)));
        }
        let closed = |why| CoreError::SignupClosed {
            name: plain(row),
            why,
        };
        let (number, byes) = match row.status {
            TournamentStatus::Signup => (None, Vec::new()),
            TournamentStatus::Running if row.format != TournamentFormat::Swiss => {
                return Err(closed("a round robin's schedule is fixed once it starts"))
            }
            TournamentStatus::Running if 2 * row.round >= row.rounds => {
                return Err(closed(
                    "late entries close once half the rounds have started",
                ))
            }
            TournamentStatus::Running => {
                let last = state.players.iter().filter_map(|p| p.number).max();
                let byes = (1..=row.round)
                    .map(|round| ByeRow {
                        round,
                        user: who.id,
                        kind: if round == 1 { Bye::Half } else { Bye::Zero },
                    })
                    .collect();
                (Some(last.unwrap_or(0) + 1), byes)
            }
            TournamentStatus::Finished | TournamentStatus::Cancelled => {
                return Err(closed(if row.status == TournamentStatus::Finished {
                    "it has finished"
                } else {
                    "it was cancelled"
                }))
            }
        };
        if state.players.len() >= usize::from(row.max_players) {
            return Err(CoreError::TournamentFull {
                name: plain(row),
                max: row.max_players,
            });
        }
        let rating = self.ranking_rating(row, who.id).await?;
        let entrant = Entrant {
            player: who.player(),
            number,
            rating,
            withdrawn_round: None,
            time_losses: 0,
            joined_at: self.now(),
        };
        let mut text = words![
            member(who.id),
            " joined ",
            title(row),
            format!(" ({} players).", state.players.len() + 1),
        ];
        if row.round > 0 {
            text.push(format!(
                " Joining late, they have half a point for round 1{} and play from round {}.",
                if row.round > 1 {
                    format!(" and none for rounds 2 to {}", row.round)
                } else {
                    String::new()
                },
                row.round + 1
            ));
        }
        let mut replies = vec![Reply::public(text)];
        let now = self.now();
        self.write_owed(
            row.channel.guild,
            here(&state, place),
            &mut replies,
            |owed| async move {
                self.store
                    .join_tournament(row.id, &entrant, row.round, &byes, &owed, now)
                    .await
            },
        )
        .await?;
        Ok(replies)
    }

    /// Take a player off a tournament that has not started; `by` is the organiser who did.
    pub(super) async fn leave(
        &self,
        state: &TournamentState,
        user: u64,
        by: Option<u64>,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        if !state.players.iter().any(|p| p.player.id == user) {
            return Err(CoreError::NotJoined(plain(row)));
        }
        match row.status {
            TournamentStatus::Signup => {}
            TournamentStatus::Running => return Err(CoreError::LeaveStarted { name: plain(row) }),
            status => return Err(ended(row, status)),
        }
        let text = match by {
            Some(by) => words![member(by), " took ", member(user), " off ", title(row), "."],
            None => words![member(user), " left ", title(row), "."],
        };
        let mut replies = vec![Reply::public(text)];
        self.write_announced(state, &mut replies, |owed| async move {
            self.store
                .leave_tournament(row.id, user, &owed, self.now())
                .await
        })
        .await?;
        Ok(replies)
    }

    /// A player withdraws from a running tournament: not paired again, and their games in
    /// progress are resigned by the scheduler (an organiser's /td remove forfeits them
    /// instead, unrated).
    pub(super) async fn withdraw_player(
        &self,
        state: &TournamentState,
        user: u64,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        let Some(entrant) = state.players.iter().find(|p| p.player.id == user) else {
            return Err(CoreError::NotJoined(plain(row)));
        };
        match row.status {
            TournamentStatus::Running => {}
            TournamentStatus::Signup => {
                return Err(CoreError::WithdrawBeforeStart { name: plain(row) })
            }
            status => return Err(ended(row, status)),
        }
        if entrant.withdrawn_round.is_some() {
            return Err(CoreError::Withdrawn(plain(row)));
        }
        let text = words![
            member(user),
            " withdrew from ",
            title(row),
            ": not paired again, and any game in progress counts as resigned.",
        ];
        let mut replies = vec![Reply::public(text)];
        self.write_announced(state, &mut replies, |owed| async move {
            self.store
                .withdraw(row.id, user, row.round + 1, &owed, self.now())
                .await
        })
        .await
        .map_err(|e| match e {
            CoreError::Conflict => CoreError::Withdrawn(plain(row)),
            e => e,
        })?;
        self.wake.notify_one();
        Ok(replies)
    }

    /// The rating a tournament ranks a member by: their server rating in the tournament's
    /// game, rounded (0: unrated, as TRF writes it).
    pub(super) async fn ranking_rating(
        &self,
        row: &TournamentRow,
        user: u64,
    ) -> Result<u16, CoreError> {
        Ok(self
            .store
            .rating(row.channel.guild, user, row.rules.family())
            .await?
            .map_or(0, |r| r.rating.rating().round().clamp(0.0, 9999.0) as u16))
    }

    /// The tournament's own channel, where its news goes.
    pub(super) fn channel_of(&self, state: &TournamentState) -> Target {
        Target::Channel {
            channel: state.row.channel.channel,
        }
    }

    /// Write a tournament's change with the replies that announce it in its channel (see
    /// `write_owed`).
    pub(super) async fn write_announced<W: Written, E, F>(
        &self,
        state: &TournamentState,
        replies: &mut [Reply],
        write: impl FnOnce(Vec<Owed>) -> F,
    ) -> Result<W::Rest, CoreError>
    where
        F: Future<Output = Result<W, E>>,
        CoreError: From<E>,
    {
        let guild = state.row.channel.guild;
        self.write_owed(guild, self.channel_of(state), replies, write)
            .await
    }
}

/// Where an answer about a tournament goes when the interaction can't carry it: the
/// channel it was asked in.
fn here(state: &TournamentState, place: Place) -> Target {
    match place {
        Place::Channel(c) | Place::Thread { thread: c, .. } => {
            Target::Channel { channel: c.channel }
        }
        Place::Direct => Target::Channel {
            channel: state.row.channel.channel,
        },
    }
}

/// The refusal for a tournament that has ended.
pub(super) fn ended(row: &TournamentRow, status: TournamentStatus) -> CoreError {
    CoreError::TournamentState {
        name: plain(row),
        status: status_name(status),
        what: "nothing more can change in it",
    }
}

/// The announcement of a new tournament, with a Join button.
fn created(row: &TournamentRow, creator: u64, seal: &Seal) -> Reply {
    let format = match row.format {
        TournamentFormat::Swiss => format!("a {}-round Swiss", row.rounds),
        other => format!(
            "a {}{}",
            format_name(other),
            if row.all_at_once {
                " with every game at once"
            } else {
                ""
            }
        ),
    };
    let start = match row.starts_at {
        Some(at) => words!["It starts ", Span::Relative(at), " (", Span::Date(at), ")"],
        None => words!["It starts when an organiser types /td start"],
    };
    let text = words![
        member(creator),
        " created ",
        title(row),
        format!(
            ": {format}, {}, {}, up to {} players. ",
            row.rules.text(),
            terms_text(row.time_control, row.rated),
            row.max_players,
        ),
        start,
        format!(
            ". Press Join, or type /tournament join tournament:{}.",
            row.id
        ),
    ];
    Reply::public(text).with_buttons(vec![Button::new(
        Press::Join { tournament: row.id }.id(Some(row.channel), seal),
        "Join",
        ButtonStyle::Accept,
    )])
}
