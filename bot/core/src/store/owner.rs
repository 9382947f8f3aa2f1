//! Whose database is this: csipgs changes only databases it made. A SQLite file csipgs made
//! carries [`APPLICATION_ID`] in its header (SQLite's `PRAGMA application_id`); one made
//! before the mark existed is known by its migration table, which records exactly our
//! migrations. Anything else (another program's database, a text file) is refused before a
//! byte of it is written.

use super::{Backend, StoreError};
use sqlx::migrate::Migrator;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection};
use sqlx::{AnyPool, Connection, Row};
use std::io::Read;
use std::path::Path;

/// "csip" in ASCII: the `application_id` of every SQLite database csipgs makes.
pub const APPLICATION_ID: i32 = i32::from_be_bytes(*b"csip");

/// The migrations of each database, as the store applies them.
pub(super) static SQLITE: Migrator = sqlx::migrate!("../../migrations/sqlite");
pub(super) static POSTGRES: Migrator = sqlx::migrate!("../../migrations/postgres");

/// The first 100 bytes of every SQLite file begin so; the application id is at offset 68,
/// big-endian, and bytes 18 and 19 are 2 in WAL mode.
const MAGIC: &[u8; 16] = b"SQLite format 3\0";
const HEADER: usize = 100;

/// Why a database is not csipgs's: said after its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foreign {
    /// Another application's id in the header.
    OtherApplication(i32),
    /// Tables, but no record of csipgs's migrations.
    OtherTables,
}

impl std::fmt::Display for Foreign {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Foreign::OtherApplication(id) => {
                write!(f, "another program's database (application id {id:#010x})")
            }
            Foreign::OtherTables => f.write_str("it holds tables csipgs didn't make"),
        }
    }
}

/// What a SQLite file turned out to be, read without writing to it.
#[derive(Debug, PartialEq, Eq)]
enum Found {
    /// Missing, empty, or a database csipgs made: opened as usual.
    Ours,
    NotSqlite,
    Foreign(Foreign),
}

/// Refuse a SQLite file csipgs didn't make. A missing file is created here, readable by its
/// owner only (SQLite gives its -wal and -shm files the same permissions); an unreadable one
/// is left for the connection to say why.
pub(super) async fn check_sqlite_file(path: &Path) -> Result<(), StoreError> {
    let name = || path.display().to_string();
    match examine(path).await? {
        Found::Ours => Ok(()),
        Found::NotSqlite => Err(StoreError::NotSqlite(name())),
        Found::Foreign(why) => Err(StoreError::Foreign {
            database: name(),
            why,
        }),
    }
}

async fn examine(path: &Path) -> Result<Found, StoreError> {
    let mut file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            let _ = super::backup::create_private(path);
            return Ok(Found::Ours);
        }
        Err(_) => return Ok(Found::Ours),
    };
    let mut header = Vec::with_capacity(HEADER);
    let _ = file.by_ref().take(HEADER as u64).read_to_end(&mut header);
    if header.is_empty() {
        return Ok(Found::Ours);
    }
    if header.len() < HEADER || !header.starts_with(MAGIC) {
        return Ok(Found::NotSqlite);
    }
    match i32::from_be_bytes([header[68], header[69], header[70], header[71]]) {
        APPLICATION_ID => return Ok(Found::Ours),
        0 => {}
        other => return Ok(Found::Foreign(Foreign::OtherApplication(other))),
    }
    // No mark: read its tables on a read-only connection, which neither journals nor
    // switches to WAL. A WAL file nobody has open (no -shm) is read as immutable, so that
    // not even a -wal or -shm file is made beside it.
    let wal = header[18] == 2 && header[19] == 2;
    let mut shm = path.as_os_str().to_owned();
    shm.push("-shm");
    let options = SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .immutable(wal && !Path::new(&shm).exists());
    let mut connection = SqliteConnection::connect_with(&options).await?;
    let found = unmarked(&mut connection).await;
    let _ = connection.close().await;
    found
}

/// A SQLite database without an application id in its file's header: csipgs's if SQLite
/// reads our id after all (a new database of ours whose marked first page is still in its
/// write-ahead log), or if its migration table records only our migrations (made before the
/// mark), or if it has no tables at all.
async fn unmarked(connection: &mut SqliteConnection) -> Result<Found, StoreError> {
    let id: i32 = sqlx::query("PRAGMA application_id")
        .fetch_one(&mut *connection)
        .await?
        .try_get(0)?;
    match id {
        APPLICATION_ID => return Ok(Found::Ours),
        0 => {}
        other => return Ok(Found::Foreign(Foreign::OtherApplication(other))),
    }
    let tables: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .fetch_all(&mut *connection)
    .await?;
    let applied: Vec<(i64, Vec<u8>)> = if tables.iter().any(|t| t == "_sqlx_migrations") {
        sqlx::query_as("SELECT version, checksum FROM _sqlx_migrations")
            .fetch_all(&mut *connection)
            .await?
    } else {
        Vec::new()
    };
    Ok(if ours(&SQLITE, &tables, &applied) {
        Found::Ours
    } else {
        Found::Foreign(Foreign::OtherTables)
    })
}

/// Whether a database with these tables and applied migrations is csipgs's: no tables yet,
/// or a migration table recording csipgs's migrations and nothing else (empty if the first
/// migration was interrupted, when it is the only table).
fn ours(migrator: &Migrator, tables: &[String], applied: &[(i64, Vec<u8>)]) -> bool {
    if applied.is_empty() {
        return tables.iter().all(|t| t == "_sqlx_migrations");
    }
    applied.iter().all(|(version, checksum)| {
        migrator
            .iter()
            .any(|m| m.version == *version && *m.checksum == **checksum)
    })
}

/// Mark a SQLite database as csipgs's: a new one before its schema is made, one made before
/// the mark the first time it is opened.
pub(super) async fn mark(pool: &AnyPool) -> Result<(), StoreError> {
    let id: i64 = sqlx::query("PRAGMA application_id")
        .fetch_one(pool)
        .await?
        .try_get(0)?;
    if id != i64::from(APPLICATION_ID) {
        sqlx::query(&format!("PRAGMA application_id = {APPLICATION_ID}"))
            .execute(pool)
            .await?;
        // Into the file's own header now, not only the write-ahead log: another program
        // reading the header (or `file`) sees the mark even if this process dies.
        sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// Refuse a PostgreSQL schema holding tables csipgs didn't make: PostgreSQL has no
/// application id, so the migration table is the mark. Read only.
pub(super) async fn check_postgres(pool: &AnyPool, database: &str) -> Result<(), StoreError> {
    let tables: Vec<String> = sqlx::query(
        "SELECT table_name::text AS name FROM information_schema.tables \
         WHERE table_schema = current_schema()",
    )
    .fetch_all(pool)
    .await?
    .iter()
    .map(|row| row.try_get("name"))
    .collect::<Result<_, _>>()?;
    let applied: Vec<(i64, Vec<u8>)> = if tables.iter().any(|t| t == "_sqlx_migrations") {
        sqlx::query("SELECT version, checksum FROM _sqlx_migrations")
            .fetch_all(pool)
            .await?
            .iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()?
    } else {
        Vec::new()
    };
    if ours(&POSTGRES, &tables, &applied) {
        Ok(())
    } else {
        Err(StoreError::Foreign {
            database: database.to_string(),
            why: Foreign::OtherTables,
        })
    }
}

/// Which migrations a backend's schema takes.
pub(super) fn migrator(backend: Backend) -> &'static Migrator {
    match backend {
        Backend::Sqlite => &SQLITE,
        Backend::Postgres => &POSTGRES,
    }
}
