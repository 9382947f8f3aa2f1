//! Copying every row of one database into another, empty one: `csipgs migrate-db`, from
//! SQLite to PostgreSQL (or back). Ids are kept, so games, their turns and everything that
//! names them stay joined; counts are checked before the copy commits.

use super::health::commit;
use super::{Backend, Store, StoreError};
use futures_util::TryStreamExt;
use sqlx::any::AnyRow;
use sqlx::Row;

/// Every table, parents before the tables that refer to them. A table the schema has and this
/// list lacks stops the copy (`UnknownTable`), so a new table can't be silently left behind.
pub const TABLES: &[&str] = &[
    "games",
    "turns",
    "challenges",
    "proposals",
    "outbox",
    "guild_settings",
    "game_channels",
    "member_settings",
    "ratings",
    "results",
    "tournaments",
    "tournament_players",
    "tournament_games",
    "tournament_byes",
    "quota_locks",
    "forgotten_members",
    "departed_guilds",
    "web_links",
    "guild_names",
    "web_signins",
    "web_sessions",
    "web_signin_links",
    "seal_keys",
];

/// Tables every new database fills when its schema is made: the copy replaces the target's
/// rows with the source's (the buttons already posted stay valid).
const REPLACED: &[&str] = &["seal_keys"];

/// Tables whose `id` the database assigns: after a copy into PostgreSQL its sequence must
/// continue after the copied ids.
const IDENTITIES: &[&str] = &[
    "games",
    "challenges",
    "proposals",
    "outbox",
    "tournaments",
    "tournament_games",
    "forgotten_members",
];

/// What a copy moved: rows per table, in `TABLES` order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    pub tables: Vec<(&'static str, i64)>,
}

#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error("the target database already holds {rows} rows in {table}: migrate-db copies into an empty database only (make a new one, or drop the old tables)")]
    NotEmpty { table: &'static str, rows: i64 },
    #[error("the database has a table '{0}' that migrate-db doesn't know: update csipgs, whose migrate-db copies every table of its own schema")]
    UnknownTable(String),
    #[error("{table}: the source has {source_rows} rows but the target received {target_rows}; nothing was committed")]
    Count {
        table: &'static str,
        source_rows: i64,
        target_rows: i64,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for CopyError {
    fn from(e: sqlx::Error) -> CopyError {
        CopyError::Store(StoreError::Database(e))
    }
}

/// A column's type, as far as copying cares: a whole number, a real number (ratings) or text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Integer,
    Real,
    Text,
}

pub(crate) struct Column {
    pub name: String,
    pub(super) kind: Kind,
}

/// Copy every row of `from` into `to`, which must be empty, in one transaction on `to`.
pub async fn copy_database(from: &Store, to: &Store) -> Result<Copied, CopyError> {
    for store in [from, to] {
        for table in store.table_names().await? {
            if !TABLES.contains(&table.as_str()) {
                return Err(CopyError::UnknownTable(table));
            }
        }
    }
    for &table in TABLES.iter().filter(|t| !REPLACED.contains(t)) {
        let rows = to.count(table).await?;
        if rows != 0 {
            return Err(CopyError::NotEmpty { table, rows });
        }
    }
    let mut tx = to.pool.begin().await?;
    let mut copied = Vec::new();
    for &table in TABLES {
        if REPLACED.contains(&table) {
            sqlx::query(&format!("DELETE FROM {table}"))
                .execute(&mut *tx)
                .await?;
        }
        let columns = to.columns(table).await?;
        let names: Vec<&str> = columns.iter().map(|c| c.name.as_str()).collect();
        let marks: Vec<String> = (1..=columns.len()).map(|i| format!("${i}")).collect();
        let insert = format!(
            "INSERT INTO {table} ({}) VALUES ({})",
            names.join(", "),
            marks.join(", ")
        );
        let select = format!("SELECT {} FROM {table} ORDER BY 1", names.join(", "));
        let mut rows = sqlx::query(&select).fetch(&from.pool);
        while let Some(row) = rows.try_next().await? {
            let mut query = sqlx::query(&insert);
            for (i, column) in columns.iter().enumerate() {
                query = match column.kind {
                    Kind::Integer => query.bind(row.try_get::<Option<i64>, _>(i)?),
                    Kind::Real => query.bind(row.try_get::<Option<f64>, _>(i)?),
                    Kind::Text => query.bind(row.try_get::<Option<String>, _>(i)?),
                };
            }
            query.execute(&mut *tx).await?;
        }
        drop(rows);
        let source_rows = from.count(table).await?;
        let target_rows: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
            .fetch_one(&mut *tx)
            .await?
            .try_get("n")?;
        if source_rows != target_rows {
            return Err(CopyError::Count {
                table,
                source_rows,
                target_rows,
            });
        }
        copied.push((table, target_rows));
    }
    if to.backend == Backend::Postgres {
        for table in IDENTITIES {
            sqlx::query(&format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            ))
            .execute(&mut *tx)
            .await?;
        }
    }
    commit(tx).await?;
    Ok(Copied { tables: copied })
}

impl Store {
    /// The schema's tables, without the migrations' own bookkeeping.
    pub(crate) async fn table_names(&self) -> Result<Vec<String>, StoreError> {
        let sql = match self.backend {
            Backend::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' \
                 AND name NOT LIKE 'sqlite_%' AND name <> '_sqlx_migrations' ORDER BY name"
            }
            Backend::Postgres => {
                "SELECT table_name::text AS name FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_name <> '_sqlx_migrations' \
                 ORDER BY table_name"
            }
        };
        sqlx::query(sql)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row| Ok(row.try_get::<String, _>("name")?))
            .collect()
    }

    /// A table's columns in order, with the kind of value each holds.
    pub(crate) async fn columns(&self, table: &str) -> Result<Vec<Column>, StoreError> {
        let sql = match self.backend {
            Backend::Sqlite => "SELECT name, type FROM pragma_table_info($1) ORDER BY cid",
            Backend::Postgres => {
                "SELECT column_name::text AS name, data_type::text AS type \
                 FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 \
                 ORDER BY ordinal_position"
            }
        };
        sqlx::query(sql)
            .bind(table)
            .fetch_all(&self.pool)
            .await?
            .iter()
            .map(|row: &AnyRow| {
                let kind: String = row.try_get("type")?;
                let kind = match kind.to_ascii_lowercase().as_str() {
                    "integer" | "bigint" => Kind::Integer,
                    "real" | "double precision" => Kind::Real,
                    "text" => Kind::Text,
                    other => {
                        return Err(StoreError::Corrupt(format!(
                            "{table} has a column of type {other}, which migrate-db can't copy"
                        )))
                    }
                };
                Ok(Column {
                    name: row.try_get("name")?,
                    kind,
                })
            })
            .collect()
    }

    async fn count(&self, table: &str) -> Result<i64, StoreError> {
        Ok(sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?)
    }
}
