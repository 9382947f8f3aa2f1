//! What a game's end writes, in the transaction that saves the game: its results, the
//! ratings they move, and for a tournament game its board's result and the tournament made
//! due. Games, ratings and tournaments all write through here, so none imports another.

use super::ratings::{RatingRow, ResultRow};
use super::{id, words, StoreError, TournamentStatus, Tx, Word};
use crate::family::Family;

/// What a game's end writes beside it: both players' results and, if rated, their new
/// ratings. `games_before` is each rating row's game count when it was read (None: no row
/// yet), checked when writing so two games ending at once can't lose an update.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ended {
    pub results: Vec<ResultRow>,
    pub ratings: Vec<(RatingRow, Option<i64>)>,
    /// The board's result, for a tournament game.
    pub board: Option<BoardEnd>,
}

/// A board's result, White's side first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// White wins because Black did not play.
    WhiteByForfeit,
    BlackByForfeit,
    /// Neither played.
    DoubleForfeit,
}

words!(BoardResult, "board result", BoardResult::WhiteWins => "1-0", BoardResult::BlackWins => "0-1", BoardResult::Draw => "1/2-1/2", BoardResult::WhiteByForfeit => "+-", BoardResult::BlackByForfeit => "-+", BoardResult::DoubleForfeit => "--");

/// A tournament game's end, written with the game's results.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardEnd {
    pub tournament: i64,
    pub board: i64,
    pub result: BoardResult,
    /// The member who lost on time, if that is how it ended.
    pub lost_on_time: Option<u64>,
}

/// How many games lost on time withdraw a player.
const TIME_LOSSES_WITHDRAW: u32 = 2;

/// Write a game's results and rating changes inside its saving transaction.
pub(super) async fn write_ended(
    tx: &mut Tx<'_>,
    guild: u64,
    family: Family,
    ended: &Ended,
    now: i64,
) -> Result<(), StoreError> {
    for result in &ended.results {
        sqlx::query(
            "INSERT INTO results (game_id, colour, guild_id, user_id, opponent_id, \
             opponent_name, ruleset, score, reason, rated, rating, deviation, ended_at, \
             family) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
        )
        .bind(result.game)
        .bind(result.colour.word())
        .bind(id(guild))
        .bind(id(result.user))
        .bind(id(result.opponent))
        .bind(&result.opponent_name)
        .bind(&result.ruleset)
        .bind(result.score.word())
        .bind(&result.reason)
        .bind(i64::from(result.rated))
        .bind(result.rating.map(|r| r.rating()))
        .bind(result.rating.map(|r| r.deviation()))
        .bind(now)
        .bind(family.word())
        .execute(&mut **tx)
        .await?;
    }
    let family = family.word();
    for (rating, games_before) in &ended.ratings {
        // Both statements take the same first twelve parameters; the update also checks that
        // the member's game count is still what the rating was computed from.
        let sql = match games_before {
            None => {
                "INSERT INTO ratings (guild_id, user_id, name, rating, deviation, \
                 volatility, games, wins, draws, losses, last_played_at, family) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) \
                 ON CONFLICT (guild_id, user_id, family) DO NOTHING"
            }
            Some(_) => {
                "UPDATE ratings SET name = $3, rating = $4, deviation = $5, \
                 volatility = $6, games = $7, wins = $8, draws = $9, losses = $10, \
                 last_played_at = $11 WHERE guild_id = $1 AND user_id = $2 AND family = $12 \
                 AND games = $13"
            }
        };
        let mut query = sqlx::query(sql)
            .bind(id(guild))
            .bind(id(rating.user))
            .bind(&rating.name)
            .bind(rating.rating.rating())
            .bind(rating.rating.deviation())
            .bind(rating.rating.volatility())
            .bind(rating.games)
            .bind(rating.wins)
            .bind(rating.draws)
            .bind(rating.losses)
            .bind(rating.last_played_at)
            .bind(family);
        if let Some(before) = games_before {
            query = query.bind(*before);
        }
        let done = query.execute(&mut **tx).await?;
        // Another game of this member ended at the same moment: the caller reads again.
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
    }
    if let Some(end) = &ended.board {
        write_board_end(tx, end, now).await?;
    }
    Ok(())
}

/// A tournament game's end, in the transaction that saves the game: its board's result
/// (unless an organiser set one), a loss on time counted (the second withdraws the player),
/// and the tournament made due so the scheduler pairs on.
pub(super) async fn write_board_end(
    tx: &mut Tx<'_>,
    end: &BoardEnd,
    now: i64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE tournament_games SET result = $2 WHERE id = $1 AND result IS NULL")
        .bind(end.board)
        .bind(end.result.word())
        .execute(&mut **tx)
        .await?;
    if let Some(user) = end.lost_on_time {
        sqlx::query(
            "UPDATE tournament_players SET time_losses = time_losses + 1, \
             withdrawn_round = CASE WHEN time_losses + 1 >= $3 AND withdrawn_round IS NULL \
             THEN (SELECT round + 1 FROM tournaments WHERE id = $1) ELSE withdrawn_round END \
             WHERE tournament_id = $1 AND user_id = $2",
        )
        .bind(end.tournament)
        .bind(id(user))
        .bind(i64::from(TIME_LOSSES_WITHDRAW))
        .execute(&mut **tx)
        .await?;
    }
    mark_due(tx, end.tournament, now).await
}

/// Make a running tournament due now, so the scheduler takes its next step.
pub(super) async fn mark_due(tx: &mut Tx<'_>, tournament: i64, now: i64) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE tournaments SET due_at = $2 WHERE id = $1 AND status = $3 \
         AND (due_at IS NULL OR due_at <> $2)",
    )
    .bind(tournament)
    .bind(now)
    .bind(TournamentStatus::Running.word())
    .execute(&mut **tx)
    .await?;
    Ok(())
}
