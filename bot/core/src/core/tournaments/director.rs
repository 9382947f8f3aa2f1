//! /td: what a tournament's organisers (its creator, and members with Manage Server) may do:
//! start it, pair the next round now, set a result, remove a player, cancel it.

use super::signup::ended;
use super::{plain, status_name, title};
use crate::core::present::reveal;
use crate::core::{member, Core, CoreError, DirectorRequest, Place, Reply, Target, Who};
use crate::store::{BoardResult, Forfeit, Status, TournamentState, TournamentStatus, Word};
use crate::words;

impl Core {
    pub(in crate::core) async fn director(
        &self,
        who: &Who,
        place: Place,
        request: DirectorRequest,
    ) -> Result<Vec<Reply>, CoreError> {
        let given = match &request {
            DirectorRequest::Start { tournament, .. }
            | DirectorRequest::Pair { tournament }
            | DirectorRequest::Result { tournament, .. }
            | DirectorRequest::Remove { tournament, .. }
            | DirectorRequest::Cancel { tournament } => *tournament,
        };
        let state = self.pick(place, given).await?;
        if !who.manager && who.id != state.row.creator {
            return Err(CoreError::NotDirector {
                name: plain(&state.row),
                creator: state.row.creator,
            });
        }
        match request {
            DirectorRequest::Start { rounds, .. } => self.start(&state, rounds, Some(who.id)).await,
            DirectorRequest::Pair { .. } => self.pair_now(&state).await,
            DirectorRequest::Result {
                round,
                board,
                result,
                ..
            } => self.set_result(who, &state, round, board, result).await,
            DirectorRequest::Remove { member, .. } => match state.row.status {
                TournamentStatus::Signup => self.leave(&state, member.id, Some(who.id)).await,
                _ => self.remove_player(who, &state, member.id).await,
            },
            DirectorRequest::Cancel { .. } => self.cancel(who, &state).await,
        }
    }

    /// /td pair: the next round is paired as soon as the current one is complete; this says
    /// what still stands in the way, or has the scheduler pair it now.
    async fn pair_now(&self, state: &TournamentState) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        running(state, "start it with /td start")?;
        let unfinished: Vec<String> = state
            .boards
            .iter()
            .filter(|b| b.round == row.round && b.result.is_none())
            .map(|b| b.board.to_string())
            .collect();
        if !unfinished.is_empty() {
            return Err(CoreError::RoundUnfinished {
                round: row.round,
                boards: unfinished.join(", "),
            });
        }
        self.store.tournament_due(row.id, self.now()).await?;
        self.wake.notify_one();
        let next = if row.round < row.rounds {
            format!("round {} is being paired now", row.round + 1)
        } else {
            "the final standings are being posted now".to_string()
        };
        Ok(vec![Reply::private(format!(
            "Round {} of {} is complete: {next}.",
            row.round,
            plain(row)
        ))])
    }

    /// /td result: a board's result set by an organiser. A game still being played ends
    /// there, without a result of its own (nobody's rating changes).
    async fn set_result(
        &self,
        who: &Who,
        state: &TournamentState,
        round: u16,
        board: u16,
        result: BoardResult,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        running(state, "it has no games yet")?;
        let found = state
            .boards
            .iter()
            .find(|b| b.round == round && b.board == board)
            .ok_or(CoreError::NoSuchBoard { round, board })?;
        let mut game = None;
        let mut replies = Vec::new();
        if let Some(id) = found.game {
            if let Some((mut g, thread)) = self.store.game_with_channel(id).await? {
                if g.status == Status::Active {
                    g.abort(self.now());
                    let mut notice = [Reply::public(words![
                        member(who.id),
                        format!(
                            ", tournament director, set this game's result: {}. The game ends here.",
                            result.word()
                        ),
                    ])
                    .to(Target::Channel { channel: thread })];
                    reveal(&g, &mut notice, self.now());
                    replies.extend(notice);
                    game = Some(g);
                }
            }
        }
        replies.insert(
            0,
            Reply::public(words![
                title(row),
                format!(", round {round}, board {board}: "),
                member(found.white),
                " - ",
                member(found.black),
                format!(" is {} (set by ", result.word()),
                member(who.id),
                ").",
            ]),
        );
        self.write_announced(state, &mut replies, |mut owed| async move {
            if let Some(game) = &game {
                let archive = self.archive_owed(game, &owed)?;
                owed.extend(archive);
            }
            self.store
                .set_board_result(row.id, found.id, result, game.as_ref(), &owed, self.now())
                .await
        })
        .await?;
        self.wake.notify_one();
        Ok(replies)
    }

    /// /td remove in a running tournament: the player is not paired again, and each of their
    /// unfinished boards is lost by forfeit, its game (if one is being played) ended as a
    /// director's result ends it: without a result of its own, so nobody's rating changes.
    /// Resigning it instead would be a rated win an organiser who plays could hand themself.
    async fn remove_player(
        &self,
        who: &Who,
        state: &TournamentState,
        user: u64,
    ) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        let Some(entrant) = state.players.iter().find(|p| p.player.id == user) else {
            return Err(CoreError::NotJoined(plain(row)));
        };
        running(state, "take them off with /td remove before the start")?;
        if entrant.withdrawn_round.is_some() {
            return Err(CoreError::Withdrawn(plain(row)));
        }
        let now = self.now();
        let mut replies = vec![Reply::public(words![
            member(who.id),
            " removed ",
            member(user),
            " from ",
            title(row),
            ": not paired again, and each unfinished game of theirs is lost by forfeit (unrated: no rating changes).",
        ])];
        let mut forfeits = Vec::new();
        let open = state
            .boards
            .iter()
            .filter(|b| b.result.is_none() && (b.white == user || b.black == user));
        for board in open {
            let result = match board.white == user {
                true => BoardResult::BlackByForfeit,
                false => BoardResult::WhiteByForfeit,
            };
            let mut game = None;
            let found = match board.game {
                Some(id) => self.store.game_with_channel(id).await?,
                None => None,
            };
            if let Some((mut g, thread)) = found {
                if g.status == Status::Active {
                    g.abort(self.now());
                    let mut notice = [Reply::public(words![
                        member(who.id),
                        ", tournament director, removed ",
                        member(user),
                        " from ",
                        title(row),
                        format!(
                            ": this game ends here, {} by forfeit. It is unrated: no rating changes.",
                            result.word()
                        ),
                    ])
                    .to(Target::Channel { channel: thread })];
                    reveal(&g, &mut notice, now);
                    replies.extend(notice);
                    game = Some(g);
                }
            }
            forfeits.push(Forfeit {
                board: board.id,
                result,
                game,
            });
        }
        let forfeits = &forfeits;
        self.write_announced(state, &mut replies, |mut owed| async move {
            for game in forfeits.iter().filter_map(|f| f.game.as_ref()) {
                let archive = self.archive_owed(game, &owed)?;
                owed.extend(archive);
            }
            self.store
                .remove_player(row.id, user, row.round + 1, forfeits, &owed, now)
                .await
        })
        .await?;
        self.wake.notify_one();
        Ok(replies)
    }

    /// /td cancel: the tournament ends without standings; its games in progress play on as
    /// ordinary games.
    async fn cancel(&self, who: &Who, state: &TournamentState) -> Result<Vec<Reply>, CoreError> {
        let row = &state.row;
        if !matches!(
            row.status,
            TournamentStatus::Signup | TournamentStatus::Running
        ) {
            return Err(ended(row, row.status));
        }
        let mut replies = vec![Reply::public(words![
            member(who.id),
            " cancelled ",
            title(row),
            ". Games in progress play on as ordinary games.",
        ])];
        self.write_announced(state, &mut replies, |owed| async move {
            self.store
                .end_tournament(
                    row.id,
                    row.status,
                    TournamentStatus::Cancelled,
                    &owed,
                    self.now(),
                )
                .await
        })
        .await?;
        Ok(replies)
    }
}

/// Refuse unless the tournament is running; `before` says what to do before the start.
fn running(state: &TournamentState, before: &'static str) -> Result<(), CoreError> {
    let row = &state.row;
    match row.status {
        TournamentStatus::Running => Ok(()),
        TournamentStatus::Signup => Err(CoreError::TournamentState {
            name: plain(row),
            status: status_name(row.status),
            what: before,
        }),
        status => Err(ended(row, status)),
    }
}
