//! Games and their turns.

use super::outbox::owe_in;
use super::{id, json, unjson, words, Channel, Owed, Player, Store, StoreError, Tx, Word};
use engine::{Color, Game};
use sqlx::any::AnyRow;
use sqlx::Row;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Active,
    Finished,
    Aborted,
}

words!(Status, "game status", Status::Active => "active", Status::Finished => "finished", Status::Aborted => "aborted");

/// A stored game as loaded, with the version it was loaded at.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    /// The server it belongs to.
    pub guild: u64,
    /// White first.
    pub players: [Player; 2],
    pub game: Game,
    pub version: i64,
    pub draw_offer: Option<Color>,
    pub status: Status,
}

impl GameRow {
    pub fn player(&self, color: Color) -> &Player {
        &self.players[color.index()]
    }

    /// The colour this member plays, if they play.
    pub fn color_of(&self, user: u64) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|&c| self.players[c.index()].id == user)
    }
}

const GAME_COLUMNS: &str = "id, guild_id, white_id, white_name, black_id, \
     black_name, state, version, draw_offer, status";

fn game_row(row: AnyRow) -> Result<GameRow, StoreError> {
    let state: String = row.try_get("state")?;
    let offer: Option<String> = row.try_get("draw_offer")?;
    let status: String = row.try_get("status")?;
    Ok(GameRow {
        id: row.try_get("id")?,
        guild: row.try_get::<i64, _>("guild_id")? as u64,
        players: [
            Player {
                id: row.try_get::<i64, _>("white_id")? as u64,
                name: row.try_get("white_name")?,
            },
            Player {
                id: row.try_get::<i64, _>("black_id")? as u64,
                name: row.try_get("black_name")?,
            },
        ],
        game: unjson(&state)?,
        version: row.try_get("version")?,
        draw_offer: offer.as_deref().map(Color::from_word).transpose()?,
        status: Status::from_word(&status)?,
    })
}

impl Store {
    /// The channel's active game (there is at most one: a unique index says so).
    pub async fn active_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .latest_game(channel)
            .await?
            .filter(|g| g.status == Status::Active))
    }

    /// The channel's active game, or else its most recent one.
    pub async fn latest_game(&self, channel: Channel) -> Result<Option<GameRow>, StoreError> {
        let sql = format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = $1 AND channel_id = $2 \
             ORDER BY status = $3 DESC, id DESC LIMIT 1"
        );
        sqlx::query(&sql)
            .bind(id(channel.guild))
            .bind(id(channel.channel))
            .bind(Status::Active.word())
            .fetch_optional(&self.pool)
            .await?
            .map(game_row)
            .transpose()
    }

    pub async fn active_game_count(&self) -> Result<i64, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = $1")
                .bind(Status::Active.word())
                .fetch_one(&self.pool)
                .await?,
        )
    }

    /// The position string after a game's turn `ply`, as stored when it was played.
    pub async fn position_after(&self, game: i64, ply: u32) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT position FROM turns WHERE game_id = $1 AND ply = $2")
                .bind(game)
                .bind(i64::from(ply))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Write a changed game, with the messages it owes, in one transaction; fails with
    /// `Conflict` if anything else changed the game since it was loaded. `turn_by` is the
    /// member whose turn was just played, stored with it. Returns the owed messages' ids.
    pub async fn save_game(
        &self,
        row: &GameRow,
        turn_by: Option<u64>,
        owed: &[Owed],
        now: i64,
    ) -> Result<Vec<i64>, StoreError> {
        let mut tx = self.pool.begin().await?;
        update_game(&mut tx, row, now).await?;
        if let (Some(user), Some(played)) = (turn_by, row.game.last_turn()) {
            sqlx::query(
                "INSERT INTO turns (game_id, ply, user_id, notation, position, played_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(row.id)
            .bind(played.ply as i64)
            .bind(id(user))
            .bind(&played.notation)
            .bind(row.game.position().to_string())
            .bind(now)
            .execute(&mut *tx)
            .await?;
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        tx.commit().await?;
        Ok(ids)
    }
}

/// Insert a new game in a transaction; `ChannelBusy` if the channel has an active one.
pub(super) async fn insert_game(
    tx: &mut Tx<'_>,
    channel: Channel,
    players: &[Player; 2],
    game: &Game,
    now: i64,
) -> Result<i64, StoreError> {
    let row = sqlx::query(
        "INSERT INTO games (guild_id, channel_id, white_id, white_name, black_id, \
         black_name, state, status, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(id(channel.guild))
    .bind(id(channel.channel))
    .bind(id(players[0].id))
    .bind(&players[0].name)
    .bind(id(players[1].id))
    .bind(&players[1].name)
    .bind(json(game)?)
    .bind(Status::Active.word())
    .bind(now)
    .bind(now)
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| match &e {
        // The unique index on active games per channel.
        sqlx::Error::Database(d) if d.is_unique_violation() => StoreError::ChannelBusy,
        _ => StoreError::Database(e),
    })?;
    Ok(row.try_get("id")?)
}

/// The version-checked write every game change goes through.
pub(super) async fn update_game(
    tx: &mut Tx<'_>,
    row: &GameRow,
    now: i64,
) -> Result<(), StoreError> {
    let result = match row.status {
        Status::Active => None,
        Status::Finished => row.game.result().map(|o| o.score().to_string()),
        Status::Aborted => Some("aborted".to_string()),
    };
    let done = sqlx::query(
        "UPDATE games SET state = $1, version = version + 1, draw_offer = $2, status = $3, \
         result = $4, updated_at = $5 WHERE id = $6 AND version = $7",
    )
    .bind(json(&row.game)?)
    .bind(row.draw_offer.map(Word::word))
    .bind(row.status.word())
    .bind(result)
    .bind(now)
    .bind(row.id)
    .bind(row.version)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    Ok(())
}
