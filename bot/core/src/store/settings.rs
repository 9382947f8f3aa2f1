//! Per-server settings (/settings) and per-member ones (/notify).

use super::health::commit;
use super::{id, json, unjson, Store, StoreError};
use engine::Rules;
use sqlx::Row;

/// A server's settings; servers that never set any get `GuildSettings::default()`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// /challenge's ruleset and options when the challenger names none.
    pub rules: Rules,
    /// Each accepted challenge opens a thread of its own for the game.
    pub threads: bool,
    /// The channels where games may start; empty means every channel.
    pub channels: Vec<u64>,
    /// Its games, tournaments and leaderboard have web pages (where the bot serves them).
    pub web: bool,
}

impl Default for GuildSettings {
    fn default() -> GuildSettings {
        GuildSettings {
            rules: Rules::default(),
            threads: true,
            channels: Vec::new(),
            web: false,
        }
    }
}

impl Store {
    pub async fn guild_settings(&self, guild: u64) -> Result<GuildSettings, StoreError> {
        let row = sqlx::query("SELECT rules, threads, web FROM guild_settings WHERE guild_id = $1")
            .bind(id(guild))
            .fetch_optional(&self.pool)
            .await?;
        let mut settings = match row {
            Some(row) => GuildSettings {
                rules: unjson(&row.try_get::<String, _>("rules")?)?,
                threads: row.try_get::<i64, _>("threads")? != 0,
                channels: Vec::new(),
                web: row.try_get::<i64, _>("web")? != 0,
            },
            None => GuildSettings::default(),
        };
        settings.channels = sqlx::query_scalar::<_, i64>(
            "SELECT channel_id FROM game_channels WHERE guild_id = $1 ORDER BY channel_id",
        )
        .bind(id(guild))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|c| c as u64)
        .collect();
        Ok(settings)
    }

    /// Replace a server's settings, channels included.
    pub async fn set_guild_settings(
        &self,
        guild: u64,
        settings: &GuildSettings,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, rules, threads, web) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (guild_id) DO UPDATE SET rules = excluded.rules, threads = excluded.threads, \
             web = excluded.web",
        )
        .bind(id(guild))
        .bind(json(&settings.rules)?)
        .bind(i64::from(settings.threads))
        .bind(i64::from(settings.web))
        .execute(&mut *tx)
        .await?;
        sqlx::query("DELETE FROM game_channels WHERE guild_id = $1")
            .bind(id(guild))
            .execute(&mut *tx)
            .await?;
        for &channel in &settings.channels {
            sqlx::query("INSERT INTO game_channels (guild_id, channel_id) VALUES ($1, $2)")
                .bind(id(guild))
                .bind(id(channel))
                .execute(&mut *tx)
                .await?;
        }
        commit(tx).await?;
        Ok(())
    }

    /// Whether a member asked for a direct message when it is their turn.
    pub async fn notify(&self, user: u64) -> Result<bool, StoreError> {
        let on: Option<i64> =
            sqlx::query_scalar("SELECT notify FROM member_settings WHERE user_id = $1")
                .bind(id(user))
                .fetch_optional(&self.pool)
                .await?;
        Ok(on.is_some_and(|n| n != 0))
    }

    pub async fn set_notify(&self, user: u64, on: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO member_settings (user_id, notify) VALUES ($1, $2) \
             ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify",
        )
        .bind(id(user))
        .bind(i64::from(on))
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
