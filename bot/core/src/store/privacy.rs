//! Members' data: everything kept about a member (their export), forgetting a member or a
//! whole server, the servers the bot has left, and how long held messages are kept.
//!
//! A forgotten member's rows that are theirs alone (settings, ratings, their own results,
//! challenges, held messages) are deleted; where they appear in other members' history
//! (games, turns, opponents' results, tournaments) their id and name are replaced by a new
//! anonymous member, "deleted member #4", so standings, ratings and records stay whole.

use super::copy::Kind;
use super::health::commit;
use super::{bind_owned, id, owned_by, Backend, Store, StoreError, Tx};
use crate::shards::Shards;
use serde_json::{Map, Value};
use sqlx::Row;

/// What forgetting does to one column that holds a member's id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Forget {
    /// The row is the member's alone: it goes.
    Delete,
    /// The row is others' history too: the id (and the name beside it) becomes the
    /// anonymous member's.
    Relabel,
}

/// A column holding a member's id, the column holding their name beside it, and what
/// forgetting does to the row.
struct Holder {
    table: &'static str,
    id: &'static str,
    name: Option<&'static str>,
    forget: Forget,
}

const fn holder(
    table: &'static str,
    id: &'static str,
    name: Option<&'static str>,
    forget: Forget,
) -> Holder {
    Holder {
        table,
        id,
        name,
        forget,
    }
}

/// Every column that holds a member's id, deletions first. `outbox` (whose targets name a
/// member inside JSON) and `quota_locks` (whose scopes do) are handled by hand besides.
/// A test scans every table and column after a forget, so a new column can't be missed.
const HOLDERS: &[Holder] = &[
    holder("member_settings", "user_id", None, Forget::Delete),
    holder("ratings", "user_id", Some("name"), Forget::Delete),
    holder("results", "user_id", None, Forget::Delete),
    holder(
        "challenges",
        "challenger_id",
        Some("challenger_name"),
        Forget::Delete,
    ),
    holder(
        "challenges",
        "opponent_id",
        Some("opponent_name"),
        Forget::Delete,
    ),
    holder("outbox", "held_for", None, Forget::Delete),
    holder("web_sessions", "member_id", Some("name"), Forget::Delete),
    holder(
        "web_signin_links",
        "member_id",
        Some("name"),
        Forget::Delete,
    ),
    holder("games", "white_id", Some("white_name"), Forget::Relabel),
    holder("games", "black_id", Some("black_name"), Forget::Relabel),
    holder("turns", "user_id", None, Forget::Relabel),
    holder(
        "results",
        "opponent_id",
        Some("opponent_name"),
        Forget::Relabel,
    ),
    holder("tournaments", "creator_id", None, Forget::Relabel),
    holder(
        "tournament_players",
        "user_id",
        Some("name"),
        Forget::Relabel,
    ),
    holder("tournament_games", "white_id", None, Forget::Relabel),
    holder("tournament_games", "black_id", None, Forget::Relabel),
    holder("tournament_byes", "user_id", None, Forget::Relabel),
];

/// The quota scopes that name a member (see `quotas::Counted`).
const MEMBER_SCOPES: &[&str] = &[
    "challenges:member:",
    "computer:member:",
    "tournaments:member:",
];

/// How many times emptying SQLite's write-ahead log after a forget is tried.
const CHECKPOINT_TRIES: usize = 20;

/// The quota scopes that name a server.
const SERVER_SCOPES: &[&str] = &["computer:server:", "tournaments:server:"];

/// The longest server name Discord allows.
const GUILD_NAME_CHARS: usize = 100;

/// A member forgotten: the anonymous member who now stands for them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forgotten {
    /// Stored in place of their id: above every Discord id (snowflakes stay below 2^63), so
    /// it is never anyone's.
    pub id: u64,
    /// "deleted member #4"
    pub label: String,
    /// Rows deleted and rows relabelled.
    pub deleted: u64,
    pub relabelled: u64,
}

/// The anonymous member numbered `number`: stored as a negative id (see `Forgotten::id`).
fn anonymous_id(number: i64) -> u64 {
    u64::MAX - number as u64
}

/// The number of the anonymous member whose id this is, if it is one.
pub fn anonymous_number(id: u64) -> Option<u64> {
    (id > i64::MAX as u64).then(|| u64::MAX - id)
}

/// A value bound to a query's numbered parameter.
pub(crate) enum Param {
    Int(i64),
    Text(String),
}

/// What a retention pass deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Expired {
    pub held_messages: u64,
    pub closed_challenges: u64,
}

impl Store {
    /// Every row that names `user` (by id, or a direct message to them: `direct` is such a
    /// target as the outbox stores it), table by table, each row as an object of its columns.
    pub async fn export_member(&self, user: u64, direct: &str) -> Result<Value, StoreError> {
        let mut tables = Map::new();
        let mut names: Vec<&str> = HOLDERS.iter().map(|h| h.table).collect();
        // A table with several holders (results, challenges) is read once.
        names.sort_unstable();
        names.dedup();
        for table in names {
            let matches: Vec<String> = HOLDERS
                .iter()
                .filter(|h| h.table == table)
                .map(|h| format!("{} = $1", h.id))
                .collect();
            let mut condition = matches.join(" OR ");
            if table == "outbox" {
                condition.push_str(" OR target = $2");
            }
            let mut params = vec![Param::Int(id(user))];
            if table == "outbox" {
                params.push(Param::Text(direct.to_string()));
            }
            let mut rows = self.rows_where(table, &condition, &params).await?;
            if table == "outbox" {
                rows.extend(self.owed_mentioning(user, direct).await?);
            }
            if !rows.is_empty() {
                tables.insert(table.to_string(), Value::Array(rows));
            }
        }
        let scopes: Vec<Param> = MEMBER_SCOPES
            .iter()
            .map(|s| Param::Text(format!("{s}{user}")))
            .collect();
        let locks = self
            .rows_where("quota_locks", "scope IN ($1, $2, $3)", &scopes)
            .await?;
        if !locks.is_empty() {
            tables.insert("quota_locks".to_string(), Value::Array(locks));
        }
        Ok(Value::Object(tables))
    }

    /// Messages owed to others that mention `user` (as forgetting them would relabel), each
    /// without its picture and files: those are the recipient's (a fog player's private
    /// board), the mention is the member's.
    async fn owed_mentioning(&self, user: u64, direct: &str) -> Result<Vec<Value>, StoreError> {
        let names = {
            let mut tx = self.pool.begin().await?;
            member_names(&mut tx, user).await?
        };
        let nobody = Forgotten {
            id: 0,
            label: String::new(),
            deleted: 0,
            relabelled: 0,
        };
        let others = self
            .rows_where(
                "outbox",
                "COALESCE(held_for, 0) <> $1 AND target <> $2",
                &[Param::Int(id(user)), Param::Text(direct.to_string())],
            )
            .await?;
        let mut mentioning = Vec::new();
        for mut row in others {
            let mut mentions = false;
            for column in ["target", "message"] {
                let Some(mut value) = row[column]
                    .as_str()
                    .and_then(|text| serde_json::from_str::<Value>(text).ok())
                else {
                    continue;
                };
                mentions |= relabel(&mut value, user, &names, &nobody);
            }
            if !mentions {
                continue;
            }
            let message = row["message"].as_str().and_then(|text| {
                let mut message = serde_json::from_str::<Value>(text).ok()?;
                let fields = message.as_object_mut()?;
                fields.remove("picture");
                fields.remove("files");
                Some(message.to_string())
            });
            row["message"] = message.map_or(Value::Null, Value::from);
            mentioning.push(row);
        }
        Ok(mentioning)
    }

    /// The rows of `table` where `condition` holds, each as an object of all its columns.
    pub(crate) async fn rows_where(
        &self,
        table: &str,
        condition: &str,
        params: &[Param],
    ) -> Result<Vec<Value>, StoreError> {
        let columns = self.columns(table).await?;
        let names: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
        let sql = format!(
            "SELECT {} FROM {table} WHERE {condition} ORDER BY 1",
            names.join(", ")
        );
        let mut query = sqlx::query(&sql);
        for param in params {
            query = match param {
                Param::Int(n) => query.bind(*n),
                Param::Text(t) => query.bind(t.clone()),
            };
        }
        let rows = query.fetch_all(&self.pool).await?;
        rows.iter()
            .map(|row| {
                let mut object = Map::new();
                for (i, column) in columns.iter().enumerate() {
                    let value = match column.kind {
                        Kind::Integer => row.try_get::<Option<i64>, _>(i)?.map(Value::from),
                        Kind::Real => row.try_get::<Option<f64>, _>(i)?.map(Value::from),
                        Kind::Text => row.try_get::<Option<String>, _>(i)?.map(Value::from),
                    };
                    object.insert(column.name.clone(), value.unwrap_or(Value::Null));
                }
                Ok(Value::Object(object))
            })
            .collect()
    }

    /// Forget `user` everywhere, in one transaction (see the module's comment); `direct` is a
    /// direct message to them as the outbox stores its target. Their games in progress must
    /// have been ended first. A member the bot never knew is forgotten all the same: the
    /// answer says nothing about whether anything was kept.
    pub async fn forget_member(
        &self,
        user: u64,
        direct: &str,
        now: i64,
    ) -> Result<Forgotten, StoreError> {
        let mut tx = self.pool.begin().await?;
        // A write first: SQLite's transaction then holds the write lock from its start, where
        // a read first could not take it later if another connection wrote in between.
        let number: i64 =
            sqlx::query("INSERT INTO forgotten_members (forgotten_at) VALUES ($1) RETURNING id")
                .bind(now)
                .fetch_one(&mut *tx)
                .await?
                .try_get("id")?;
        let names = member_names(&mut tx, user).await?;
        let mut forgotten = Forgotten {
            id: anonymous_id(number),
            label: format!("deleted member #{number}"),
            deleted: 0,
            relabelled: 0,
        };
        // An entry before the start is taken back; a player of a running tournament is not
        // paired again.
        forgotten.deleted += sqlx::query(
            "DELETE FROM tournament_players WHERE user_id = $1 AND tournament_id IN \
             (SELECT id FROM tournaments WHERE status = 'signup')",
        )
        .bind(id(user))
        .execute(&mut *tx)
        .await?
        .rows_affected();
        sqlx::query(
            "UPDATE tournament_players SET withdrawn_round = \
             (SELECT round + 1 FROM tournaments WHERE id = tournament_id) \
             WHERE user_id = $1 AND withdrawn_round IS NULL AND tournament_id IN \
             (SELECT id FROM tournaments WHERE status = 'running')",
        )
        .bind(id(user))
        .execute(&mut *tx)
        .await?;
        forgotten.deleted += sqlx::query("DELETE FROM outbox WHERE target = $1")
            .bind(direct)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        for scope in MEMBER_SCOPES {
            forgotten.deleted += sqlx::query("DELETE FROM quota_locks WHERE scope = $1")
                .bind(format!("{scope}{user}"))
                .execute(&mut *tx)
                .await?
                .rows_affected();
        }
        // Their games change (their name does): a new version, so every picture and page
        // kept of one (replays, live pages) is drawn again.
        sqlx::query(
            "UPDATE games SET version = version + 1, updated_at = $2 \
             WHERE white_id = $1 OR black_id = $1",
        )
        .bind(id(user))
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for h in HOLDERS {
            let done = match (h.forget, h.name) {
                (Forget::Delete, _) => {
                    sqlx::query(&format!("DELETE FROM {} WHERE {} = $1", h.table, h.id))
                        .bind(id(user))
                        .execute(&mut *tx)
                        .await?
                }
                (Forget::Relabel, None) => {
                    sqlx::query(&format!(
                        "UPDATE {} SET {id} = $1 WHERE {id} = $2",
                        h.table,
                        id = h.id
                    ))
                    .bind(id(forgotten.id))
                    .bind(id(user))
                    .execute(&mut *tx)
                    .await?
                }
                (Forget::Relabel, Some(name)) => {
                    sqlx::query(&format!(
                        "UPDATE {} SET {id} = $1, {name} = $2 WHERE {id} = $3",
                        h.table,
                        id = h.id
                    ))
                    .bind(id(forgotten.id))
                    .bind(forgotten.label.clone())
                    .bind(id(user))
                    .execute(&mut *tx)
                    .await?
                }
            };
            match h.forget {
                Forget::Delete => forgotten.deleted += done.rows_affected(),
                Forget::Relabel => forgotten.relabelled += done.rows_affected(),
            }
        }
        forgotten.relabelled += relabel_owed(&mut tx, user, &names, &forgotten).await?;
        if forgotten.deleted == 0 && forgotten.relabelled == 0 {
            // Nothing was stored: the anonymous number is given back, not used up.
            tx.rollback().await?;
            return Ok(forgotten);
        }
        commit(tx).await?;
        self.wrote();
        // The member is forgotten once committed; a scrub that fails leaves only bytes no
        // query reads, which the database's own upkeep overwrites later.
        if let Err(error) = self.scrub().await {
            tracing::warn!(%error, "the database files could not be scrubbed after a forget");
        }
        Ok(forgotten)
    }

    /// After a forget, leave no copy of the deleted bytes in the database's files. SQLite
    /// zeroes what is deleted (`secure_delete`, set on every connection), and the old pages
    /// still in the write-ahead log are folded into the file and the log emptied. PostgreSQL
    /// keeps deleted and replaced rows as dead tuples until a vacuum: the tables a forget
    /// touches are vacuumed right after, so their space is pruned and reused (a `VACUUM FULL`, which
    /// rewrites the files, would lock out every command meanwhile; the server's own
    /// write-ahead log and backups are the operator's to expire).
    async fn scrub(&self) -> Result<(), StoreError> {
        match self.backend {
            Backend::Sqlite => {
                // Readers still on an older snapshot keep the log; they finish within
                // milliseconds, so a few tries are enough.
                for _ in 0..CHECKPOINT_TRIES {
                    let busy: i64 = sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                        .fetch_one(&self.pool)
                        .await?
                        .try_get(0)?;
                    if busy == 0 {
                        return Ok(());
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
                tracing::warn!("the write-ahead log could not be emptied after a forget: readers kept it busy; SQLite's next checkpoint empties it");
            }
            Backend::Postgres => {
                let mut tables: Vec<&str> = HOLDERS.iter().map(|h| h.table).collect();
                tables.extend(["quota_locks", "forgotten_members"]);
                tables.sort_unstable();
                tables.dedup();
                // VACUUM can't run in a transaction: sent alone, as a simple query. It reads
                // whole tables, so it runs after the answer, never delaying it. Like every
                // statement of the pool's it stops at the 5 s statement timeout: tables too
                // large for that are left to PostgreSQL's autovacuum (logged).
                let sql = format!("VACUUM {}", tables.join(", "));
                let pool = self.pool.clone();
                tokio::spawn(async move {
                    if let Err(error) = sqlx::raw_sql(&sql).execute(&pool).await {
                        tracing::warn!(%error, "the tables could not be vacuumed after a forget");
                    }
                });
            }
        }
        Ok(())
    }

    /// Delete everything kept for a server: its games (with their turns and proposals),
    /// challenges, messages, settings, ratings, results, tournaments and name. Returns the rows
    /// deleted.
    pub async fn forget_guild(&self, guild: u64) -> Result<u64, StoreError> {
        const GAMES: &str = "SELECT id FROM games WHERE guild_id = $1";
        const TOURNAMENTS: &str = "SELECT id FROM tournaments WHERE guild_id = $1";
        let statements = [
            format!("DELETE FROM turns WHERE game_id IN ({GAMES})"),
            format!("DELETE FROM proposals WHERE game_id IN ({GAMES})"),
            "DELETE FROM results WHERE guild_id = $1".to_string(),
            format!("DELETE FROM tournament_games WHERE tournament_id IN ({TOURNAMENTS})"),
            format!("DELETE FROM tournament_byes WHERE tournament_id IN ({TOURNAMENTS})"),
            format!("DELETE FROM tournament_players WHERE tournament_id IN ({TOURNAMENTS})"),
            "DELETE FROM tournaments WHERE guild_id = $1".to_string(),
            "DELETE FROM games WHERE guild_id = $1".to_string(),
            "DELETE FROM challenges WHERE guild_id = $1".to_string(),
            "DELETE FROM outbox WHERE guild_id = $1".to_string(),
            "DELETE FROM guild_settings WHERE guild_id = $1".to_string(),
            "DELETE FROM game_channels WHERE guild_id = $1".to_string(),
            "DELETE FROM ratings WHERE guild_id = $1".to_string(),
            "DELETE FROM departed_guilds WHERE guild_id = $1".to_string(),
            "DELETE FROM web_links WHERE guild_id = $1".to_string(),
            "DELETE FROM guild_names WHERE guild_id = $1".to_string(),
        ];
        let mut tx = self.pool.begin().await?;
        let mut deleted = 0;
        for sql in &statements {
            deleted += sqlx::query(sql)
                .bind(id(guild))
                .execute(&mut *tx)
                .await?
                .rows_affected();
        }
        for scope in SERVER_SCOPES {
            deleted += sqlx::query("DELETE FROM quota_locks WHERE scope = $1")
                .bind(format!("{scope}{guild}"))
                .execute(&mut *tx)
                .await?
                .rows_affected();
        }
        commit(tx).await?;
        Ok(deleted)
    }

    /// The bot was removed from `guild` at `now` (kept as the first time if already known).
    pub async fn guild_left(&self, guild: u64, now: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO departed_guilds (guild_id, left_at) VALUES ($1, $2) \
             ON CONFLICT (guild_id) DO NOTHING",
        )
        .bind(id(guild))
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The bot is in `guild` (again), whose name is `name`: nothing of it is to be deleted.
    /// True if it had left.
    pub async fn guild_present(&self, guild: u64, name: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM departed_guilds WHERE guild_id = $1")
            .bind(id(guild))
            .execute(&self.pool)
            .await?;
        self.guild_named(guild, name).await?;
        Ok(done.rows_affected() > 0)
    }

    /// `guild` is named `name` (as Discord says; kept to its 100 characters).
    pub async fn guild_named(&self, guild: u64, name: &str) -> Result<(), StoreError> {
        let name: String = name.chars().take(GUILD_NAME_CHARS).collect();
        // Every connect names every server: a name unchanged is not written again.
        sqlx::query(
            "INSERT INTO guild_names (guild_id, name) VALUES ($1, $2) \
             ON CONFLICT (guild_id) DO UPDATE SET name = excluded.name \
             WHERE guild_names.name <> excluded.name",
        )
        .bind(id(guild))
        .bind(name)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `guild`'s name, if Discord has given it.
    pub async fn guild_name(&self, guild: u64) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT name FROM guild_names WHERE guild_id = $1")
                .bind(id(guild))
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Servers of `shards` that the bot left before `cutoff`.
    pub async fn departed_before(
        &self,
        cutoff: i64,
        shards: &Shards,
    ) -> Result<Vec<u64>, StoreError> {
        let sql = format!(
            "SELECT guild_id FROM departed_guilds WHERE left_at < $1 AND {} ORDER BY guild_id",
            owned_by(2)
        );
        let query = sqlx::query(&sql).bind(cutoff);
        bind_owned(query, shards)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok(row.try_get::<i64, _>("guild_id")? as u64))
            .collect()
    }

    /// The servers with anything stored, for a bot that starts to compare with the servers
    /// it is in (one removed while it was stopped sent no event).
    pub async fn known_guilds(&self, shards: &Shards) -> Result<Vec<u64>, StoreError> {
        let owned = owned_by(1);
        let sql = format!(
            "SELECT guild_id FROM games WHERE {owned} \
             UNION SELECT guild_id FROM challenges WHERE {owned} \
             UNION SELECT guild_id FROM guild_settings WHERE {owned} \
             UNION SELECT guild_id FROM tournaments WHERE {owned} \
             UNION SELECT guild_id FROM ratings WHERE {owned}"
        );
        bind_owned(sqlx::query(&sql), shards)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok(row.try_get::<i64, _>("guild_id")? as u64))
            .collect()
    }

    /// Delete what is past its retention: messages held for a member since before
    /// `held_before` who no longer plays a game in that server (a fog game's private boards,
    /// once the game is over), and challenges answered, withdrawn or expired before
    /// `challenges_before`.
    pub async fn expire(
        &self,
        held_before: i64,
        challenges_before: i64,
    ) -> Result<Expired, StoreError> {
        let held_messages = sqlx::query(
            "DELETE FROM outbox WHERE held_for IS NOT NULL AND created_at < $1 AND NOT EXISTS \
             (SELECT 1 FROM games WHERE games.status = 'active' \
              AND games.guild_id = outbox.guild_id \
              AND (games.white_id = outbox.held_for OR games.black_id = outbox.held_for))",
        )
        .bind(held_before)
        .execute(&self.pool)
        .await?
        .rows_affected();
        let closed_challenges =
            sqlx::query("DELETE FROM challenges WHERE status <> 'open' AND created_at < $1")
                .bind(challenges_before)
                .execute(&self.pool)
                .await?
                .rows_affected();
        Ok(Expired {
            held_messages,
            closed_challenges,
        })
    }
}

/// Every name `user` is stored under.
async fn member_names(tx: &mut Tx<'_>, user: u64) -> Result<Vec<String>, StoreError> {
    let selects: Vec<String> = HOLDERS
        .iter()
        .filter_map(|h| {
            let name = h.name?;
            Some(format!(
                "SELECT {name} AS name FROM {} WHERE {} = $1",
                h.table, h.id
            ))
        })
        .collect();
    let rows = sqlx::query(&selects.join(" UNION "))
        .bind(id(user))
        .fetch_all(&mut **tx)
        .await?;
    let mut names = rows
        .iter()
        .map(|row| row.try_get::<String, _>("name"))
        .collect::<Result<Vec<_>, _>>()?;
    names.retain(|n| !n.trim().is_empty());
    // Longest first, so a name that contains another is replaced whole.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    names.dedup();
    Ok(names)
}

/// Messages still owed to others that mention the member (a board with their name, a
/// mention): the mention, the name and the id become the anonymous member's. Returns the
/// messages changed.
async fn relabel_owed(
    tx: &mut Tx<'_>,
    user: u64,
    names: &[String],
    forgotten: &Forgotten,
) -> Result<u64, StoreError> {
    let rows = sqlx::query("SELECT id, target, message FROM outbox ORDER BY id")
        .fetch_all(&mut **tx)
        .await?;
    let mut changed = 0;
    for row in rows {
        let owed: i64 = row.try_get("id")?;
        let mut parts = [row.try_get::<String, _>("target")?, row.try_get("message")?];
        let mut touched = false;
        for part in &mut parts {
            let Ok(mut value) = serde_json::from_str::<Value>(part) else {
                continue;
            };
            if relabel(&mut value, user, names, forgotten) {
                *part = value.to_string();
                touched = true;
            }
        }
        if touched {
            sqlx::query("UPDATE outbox SET target = $1, message = $2 WHERE id = $3")
                .bind(&parts[0])
                .bind(&parts[1])
                .bind(owed)
                .execute(&mut **tx)
                .await?;
            changed += 1;
        }
    }
    Ok(changed)
}

/// Replace the member in a JSON value: their id where a message names a member by number
/// (a direct message's `user`, its `pings`, a member in its content), and in the Discord
/// markdown an older bot stored, `<@id>` mentions; their names as whole words in strings.
/// True if anything changed.
fn relabel(value: &mut Value, user: u64, names: &[String], forgotten: &Forgotten) -> bool {
    match value {
        Value::String(text) => {
            let mut new = text.replace(&format!("<@{user}>"), &forgotten.label);
            new = new.replace(&format!("<@!{user}>"), &forgotten.label);
            for name in names {
                new = replace_words(&new, name, &forgotten.label);
            }
            let changed = new != *text;
            *text = new;
            changed
        }
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |c, v| relabel(v, user, names, forgotten) | c),
        // A member named in a message's content (see `core::Span::Member`): their label.
        Value::Object(fields)
            if fields.len() == 1 && fields.get("Member").and_then(Value::as_u64) == Some(user) =>
        {
            *value = serde_json::json!({ "Text": forgotten.label });
            true
        }
        Value::Object(fields) => {
            let mut changed = false;
            for (key, field) in fields.iter_mut() {
                changed |= match (key.as_str(), &mut *field) {
                    ("user", n @ Value::Number(_)) => swap_id(n, user, forgotten),
                    ("pings", Value::Array(ids)) => ids
                        .iter_mut()
                        .fold(false, |c, n| swap_id(n, user, forgotten) | c),
                    _ => relabel(field, user, names, forgotten),
                };
            }
            changed
        }
        _ => false,
    }
}

/// The member's id, as a number, becomes the anonymous member's.
fn swap_id(value: &mut Value, user: u64, forgotten: &Forgotten) -> bool {
    let is_member = value.as_u64() == Some(user);
    if is_member {
        *value = Value::from(forgotten.id);
    }
    is_member
}

/// `text` with each whole-word occurrence of `word` replaced: not inside a longer word.
fn replace_words(text: &str, word: &str, with: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(word) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + word.len()..].chars().next();
        let joined = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        out.push_str(&rest[..at]);
        if joined(before) || joined(after) {
            out.push_str(word);
        } else {
            out.push_str(with);
        }
        rest = &rest[at + word.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::replace_words;

    #[test]
    fn anonymous_ids_are_never_discord_ids() {
        assert_eq!(super::anonymous_number(super::anonymous_id(4)), Some(4));
        assert_eq!(super::anonymous_number(712_345_678_901_234_567), None);
    }

    #[test]
    fn names_are_replaced_as_whole_words() {
        assert_eq!(
            replace_words("Ann moved; Anne waits. Ann!", "Ann", "deleted member #1"),
            "deleted member #1 moved; Anne waits. deleted member #1!"
        );
        assert_eq!(replace_words("xAnn", "Ann", "-"), "xAnn");
    }
}
