//! Ratings per server and the results of finished games: what /rating, /leaderboard and
//! /profile read, written in the transaction that ends the game.

use super::{id, words, Store, StoreError, Word};
use crate::family::Family;
use engine::Color;
use league::ratings::{Rating, Score};
use sqlx::any::AnyRow;
use sqlx::Row;

words!(Score, "score", Score::Win => "win", Score::Draw => "draw", Score::Loss => "loss");

/// A member's standing in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingRow {
    pub user: u64,
    pub name: String,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
    pub last_played_at: i64,
}

/// One player's side of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRow {
    pub game: i64,
    pub colour: Color,
    pub user: u64,
    pub opponent: u64,
    pub opponent_name: String,
    pub ruleset: String,
    pub score: Score,
    /// The Termination word of how it ended ("" for a recorded result).
    pub reason: String,
    pub rated: bool,
    /// The rating after the game, for rated games.
    pub rating: Option<Rating>,
    pub ended_at: i64,
}

/// The rating in a row's `rating` and `deviation` columns, and `volatility` where the table
/// has one (results keep only what they show).
fn rating_of(row: &AnyRow, volatility: bool) -> Result<Option<Rating>, StoreError> {
    let value: Option<f64> = row.try_get("rating")?;
    let deviation: Option<f64> = row.try_get("deviation")?;
    let volatility = match volatility {
        true => row.try_get("volatility")?,
        false => Rating::NEW.volatility(),
    };
    let (Some(value), Some(deviation)) = (value, deviation) else {
        return Ok(None);
    };
    Rating::from_parts(value, deviation, volatility)
        .map(Some)
        .ok_or_else(|| StoreError::Corrupt(format!("rating {value}/{deviation}/{volatility}")))
}

fn rating_row(row: AnyRow) -> Result<RatingRow, StoreError> {
    Ok(RatingRow {
        user: row.try_get::<i64, _>("user_id")? as u64,
        name: row.try_get("name")?,
        rating: rating_of(&row, true)?
            .ok_or_else(|| StoreError::Corrupt("a rating without its numbers".into()))?,
        games: row.try_get("games")?,
        wins: row.try_get("wins")?,
        draws: row.try_get("draws")?,
        losses: row.try_get("losses")?,
        last_played_at: row.try_get("last_played_at")?,
    })
}

fn result_row(row: AnyRow) -> Result<ResultRow, StoreError> {
    let colour: String = row.try_get("colour")?;
    let score: String = row.try_get("score")?;
    Ok(ResultRow {
        game: row.try_get("game_id")?,
        colour: Color::from_word(&colour)?,
        user: row.try_get::<i64, _>("user_id")? as u64,
        opponent: row.try_get::<i64, _>("opponent_id")? as u64,
        opponent_name: row.try_get("opponent_name")?,
        ruleset: row.try_get("ruleset")?,
        score: Score::from_word(&score)?,
        reason: row.try_get("reason")?,
        rated: row.try_get::<i64, _>("rated")? != 0,
        rating: rating_of(&row, false)?,
        ended_at: row.try_get("ended_at")?,
    })
}

const RESULT_COLUMNS: &str = "game_id, colour, user_id, opponent_id, opponent_name, ruleset, \
     score, reason, rated, rating, deviation, ended_at";

impl Store {
    /// A member's rating in a server's pool of a family, if they have played a rated game of
    /// it there.
    pub async fn rating(
        &self,
        guild: u64,
        user: u64,
        family: Family,
    ) -> Result<Option<RatingRow>, StoreError> {
        sqlx::query("SELECT * FROM ratings WHERE guild_id = $1 AND user_id = $2 AND family = $3")
            .bind(id(guild))
            .bind(id(user))
            .bind(family.word())
            .fetch_optional(&self.pool)
            .await?
            .map(rating_row)
            .transpose()
    }

    /// Every rated member of a server's pool of a family (the caller orders and cuts).
    pub async fn ratings(&self, guild: u64, family: Family) -> Result<Vec<RatingRow>, StoreError> {
        sqlx::query("SELECT * FROM ratings WHERE guild_id = $1 AND family = $2")
            .bind(id(guild))
            .bind(family.word())
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(rating_row)
            .collect()
    }

    /// A member's results in a server, newest first, at most `limit`.
    pub async fn results(
        &self,
        guild: u64,
        user: u64,
        limit: i64,
    ) -> Result<Vec<ResultRow>, StoreError> {
        let sql = format!(
            "SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = $1 AND user_id = $2 \
             ORDER BY ended_at DESC, game_id DESC LIMIT $3"
        );
        sqlx::query(&sql)
            .bind(id(guild))
            .bind(id(user))
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(result_row)
            .collect()
    }

    /// A member's wins, draws and losses in a server by ruleset, ruleset by name.
    pub async fn record_by_ruleset(
        &self,
        guild: u64,
        user: u64,
    ) -> Result<Vec<(String, [i64; 3])>, StoreError> {
        let rows = sqlx::query(
            "SELECT ruleset, score, COUNT(*) AS n FROM results \
             WHERE guild_id = $1 AND user_id = $2 GROUP BY ruleset, score ORDER BY ruleset",
        )
        .bind(id(guild))
        .bind(id(user))
        .fetch_all(&self.pool)
        .await?;
        let mut record: Vec<(String, [i64; 3])> = Vec::new();
        for row in rows {
            let ruleset: String = row.try_get("ruleset")?;
            let score: String = row.try_get("score")?;
            let n: i64 = row.try_get("n")?;
            let slot = match Score::from_word(&score)? {
                Score::Win => 0,
                Score::Draw => 1,
                Score::Loss => 2,
            };
            match record.iter_mut().find(|(r, _)| *r == ruleset) {
                Some((_, counts)) => counts[slot] += n,
                None => {
                    let mut counts = [0; 3];
                    counts[slot] = n;
                    record.push((ruleset, counts));
                }
            }
        }
        Ok(record)
    }

    /// A member's rating after each rated game of a family in a server, oldest first:
    /// (when, rating).
    pub async fn rating_history(
        &self,
        guild: u64,
        user: u64,
        family: Family,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        sqlx::query(
            "SELECT ended_at, rating FROM results WHERE guild_id = $1 AND user_id = $2 \
             AND family = $3 AND rated = 1 AND rating IS NOT NULL ORDER BY ended_at, game_id",
        )
        .bind(id(guild))
        .bind(id(user))
        .bind(family.word())
        .fetch_all(&self.pool)
        .await?
        .iter()
        .map(|row| Ok((row.try_get("ended_at")?, row.try_get("rating")?)))
        .collect()
    }
}
