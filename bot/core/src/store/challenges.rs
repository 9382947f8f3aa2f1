//! Challenges: open until answered, cancelled or expired; accepting one starts its game in
//! the same transaction.

use super::games::{control_of, control_word, insert_game, GameRow, GameThread, NewGame, Terms};
use super::health::commit;
use super::outbox::owe_in;
use super::quotas::{self, Quota};
use super::{
    bind_owned, id, owned_by, rules_of, rules_text, words, Channel, Owed, Player, Store,
    StoreError, Word,
};
use crate::family::GameRules;
use crate::shards::Shards;
use engine::{Clock, TimeControl};
use sqlx::any::AnyRow;
use sqlx::Row;

/// The challenger's colour choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourChoice {
    White,
    Black,
    Random,
}

words!(ColourChoice, "colour choice", ColourChoice::White => "white", ColourChoice::Black => "black", ColourChoice::Random => "random");

/// How a challenge stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

words!(ChallengeStatus, "challenge status", ChallengeStatus::Open => "open", ChallengeStatus::Accepted => "accepted", ChallengeStatus::Declined => "declined", ChallengeStatus::Cancelled => "cancelled", ChallengeStatus::Expired => "expired");

#[derive(Clone, Debug)]
pub struct ChallengeRow {
    pub id: i64,
    pub channel: Channel,
    pub challenger: Player,
    /// None: an open challenge, which anyone but the challenger may accept.
    pub opponent: Option<Player>,
    pub rules: GameRules,
    pub colour: ColourChoice,
    pub expires_at: i64,
    /// Where its message was posted (channel, message), once known.
    pub message: Option<(u64, u64)>,
    /// The game's time control.
    pub time_control: TimeControl,
    /// Whether the game will be rated.
    pub rated: bool,
}

fn challenge_row(row: AnyRow) -> Result<ChallengeRow, StoreError> {
    let colour: String = row.try_get("colour")?;
    let opponent = row.try_get::<i64, _>("opponent_id")? as u64;
    let message_channel: Option<i64> = row.try_get("message_channel")?;
    let message_id: Option<i64> = row.try_get("message_id")?;
    let time_control: Option<String> = row.try_get("time_control")?;
    Ok(ChallengeRow {
        id: row.try_get("id")?,
        channel: Channel {
            guild: row.try_get::<i64, _>("guild_id")? as u64,
            channel: row.try_get::<i64, _>("channel_id")? as u64,
        },
        challenger: Player {
            id: row.try_get::<i64, _>("challenger_id")? as u64,
            name: row.try_get("challenger_name")?,
        },
        opponent: match opponent {
            0 => None,
            opponent => Some(Player {
                id: opponent,
                name: row.try_get("opponent_name")?,
            }),
        },
        rules: rules_of(&row)?,
        colour: ColourChoice::from_word(&colour)?,
        expires_at: row.try_get("expires_at")?,
        message: message_channel
            .zip(message_id)
            .map(|(c, m)| (c as u64, m as u64)),
        time_control: control_of(time_control)?,
        rated: row.try_get::<i64, _>("rated")? != 0,
    })
}

impl Store {
    /// An open challenge.
    pub async fn challenge(&self, challenge: i64) -> Result<Option<ChallengeRow>, StoreError> {
        sqlx::query("SELECT * FROM challenges WHERE id = $1 AND status = $2")
            .bind(challenge)
            .bind(ChallengeStatus::Open.word())
            .fetch_optional(&self.pool)
            .await?
            .map(challenge_row)
            .transpose()
    }

    /// Open challenges whose time is up by `now`.
    /// Open challenges in the servers of `shards` whose time is up by `now`.
    pub async fn expired_challenges(
        &self,
        now: i64,
        shards: &Shards,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let sql = format!(
            "SELECT * FROM challenges WHERE status = $1 AND expires_at <= $2 AND {} ORDER BY id",
            owned_by(3)
        );
        let query = sqlx::query(&sql)
            .bind(ChallengeStatus::Open.word())
            .bind(now);
        bind_owned(query, shards)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(challenge_row)
            .collect()
    }

    /// Store a new challenge (its `id` is ignored) with the messages it owes (made from its
    /// id and the challenges it replaces); returns its id and theirs. It replaces the
    /// challenger's unanswered ones in the same channel, and any to the same member in the
    /// same server: one pending challenge per pair. `OverQuota` if the challenger has as
    /// many open challenges as `quota` allows, besides those replaced.
    pub async fn insert_challenge(
        &self,
        challenge: &ChallengeRow,
        quota: Quota,
        owed: impl FnOnce(i64, &[ChallengeRow]) -> Result<Vec<Owed>, StoreError>,
        now: i64,
    ) -> Result<(i64, Vec<i64>), StoreError> {
        let (channel, challenger) = (challenge.channel, &challenge.challenger);
        let mut tx = self.pool.begin().await?;
        quotas::lock(&mut tx, &[quota], now).await?;
        let replaced = sqlx::query(
            "UPDATE challenges SET status = $1 \
             WHERE guild_id = $2 AND challenger_id = $4 AND status = $5 \
             AND (channel_id = $3 OR (opponent_id = $6 AND opponent_id <> 0)) RETURNING *",
        )
        .bind(ChallengeStatus::Cancelled.word())
        .bind(id(channel.guild))
        .bind(id(channel.channel))
        .bind(id(challenger.id))
        .bind(ChallengeStatus::Open.word())
        .bind(challenge.opponent.as_ref().map_or(0, |p| id(p.id)))
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(challenge_row)
        .collect::<Result<Vec<_>, _>>()?;
        quotas::check(&mut tx, &[quota], now).await?;
        let challenge_id: i64 = sqlx::query(
            "INSERT INTO challenges (guild_id, channel_id, challenger_id, challenger_name, \
             opponent_id, opponent_name, rules, colour, status, created_at, expires_at, \
             time_control, rated, family) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id",
        )
        .bind(id(channel.guild))
        .bind(id(channel.channel))
        .bind(id(challenger.id))
        .bind(&challenger.name)
        .bind(challenge.opponent.as_ref().map_or(0, |p| id(p.id)))
        .bind(challenge.opponent.as_ref().map_or("", |p| p.name.as_str()))
        .bind(rules_text(&challenge.rules)?)
        .bind(challenge.colour.word())
        .bind(ChallengeStatus::Open.word())
        .bind(now)
        .bind(challenge.expires_at)
        .bind(control_word(challenge.time_control))
        .bind(i64::from(challenge.rated))
        .bind(challenge.rules.family().word())
        .fetch_one(&mut *tx)
        .await?
        .try_get("id")?;
        let ids = owe_in(&mut tx, &owed(challenge_id, &replaced)?, now).await?;
        commit(tx).await?;
        Ok((challenge_id, ids))
    }

    /// Remember where a challenge's message was posted.
    pub async fn set_challenge_message(
        &self,
        challenge: i64,
        channel: u64,
        message: u64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET message_channel = $1, message_id = $2 WHERE id = $3")
            .bind(id(channel))
            .bind(id(message))
            .bind(challenge)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Close an open challenge (declined, cancelled or expired) with the messages that owes,
    /// in one transaction. None if it was not open any more.
    pub async fn close_challenge(
        &self,
        challenge: i64,
        status: ChallengeStatus,
        owed: &[Owed],
        now: i64,
    ) -> Result<Option<Vec<i64>>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3")
            .bind(status.word())
            .bind(challenge)
            .bind(ChallengeStatus::Open.word())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Ok(None);
        }
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        Ok(Some(ids))
    }

    /// Accept an open challenge: its game starts in `channel` in the same transaction, with
    /// the messages that owes. `Conflict` if the challenge was answered meanwhile,
    /// `ChannelBusy` if the channel has an active game.
    pub async fn accept_challenge(
        &self,
        challenge: &ChallengeRow,
        channel: Channel,
        new: NewGame,
        owed: &[Owed],
        now: i64,
    ) -> Result<(GameRow, Vec<i64>), StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("UPDATE challenges SET status = $1 WHERE id = $2 AND status = $3")
            .bind(ChallengeStatus::Accepted.word())
            .bind(challenge.id)
            .bind(ChallengeStatus::Open.word())
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let clock = Clock::start(challenge.time_control, now);
        // Nobody's rating moves by playing themself.
        let rated = challenge.rated && new.players[0].id != new.players[1].id;
        let terms = Terms {
            control: challenge.time_control,
            clock,
            rated,
            computer: None,
            // A game not played where it was challenged is played in a thread opened for it.
            thread: (channel != challenge.channel).then_some(GameThread {
                id: channel.channel,
                parent: challenge.channel.channel,
            }),
        };
        let game_id = insert_game(&mut tx, channel, &new, &terms, now).await?;
        let ids = owe_in(&mut tx, owed, now).await?;
        commit(tx).await?;
        let row = GameRow::started(game_id, channel, new.players, new.game, &terms, now);
        Ok((row, ids))
    }
}
