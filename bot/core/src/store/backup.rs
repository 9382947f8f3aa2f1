//! Backups of a running SQLite database: `VACUUM INTO` a new file (a consistent copy, never a
//! file copy under writes), checked before it is called a backup. PostgreSQL has pg_dump.

use super::{Backend, Store, StoreError};
use sqlx::{AnyConnection, Connection, Row};
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("a PostgreSQL database is backed up with its own tools: pg_dump --format=custom --file=FILE 'URL', restored with pg_restore --clean --dbname='URL' FILE (see the README's \"Backups\")")]
    Postgres,
    #[error("{0} exists already: give a new file name (a backup never overwrites a file)")]
    Exists(PathBuf),
    #[error("can't create {path}: {error}")]
    Create {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("the backup failed its check ({why}), so {path} was removed: the database itself is unchanged")]
    Check { path: PathBuf, why: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for BackupError {
    fn from(e: sqlx::Error) -> BackupError {
        BackupError::Store(StoreError::Database(e))
    }
}

/// A backup made and checked: its file, its size and the rows of each table in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackedUp {
    pub path: PathBuf,
    pub bytes: u64,
    pub tables: Vec<(String, i64)>,
}

impl BackedUp {
    /// The rows in every table together.
    pub fn rows(&self) -> i64 {
        self.tables.iter().map(|(_, n)| n).sum()
    }
}

/// Create `path` empty and readable by its owner only, failing if it exists.
pub(crate) fn create_private(path: &Path) -> std::io::Result<std::fs::File> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)
}

impl Store {
    /// Copy the database into the new file `path` (readable by its owner only) while the
    /// bot runs. Writers wait while the copy is made (milliseconds for thousands of games),
    /// so the rows counted are exactly the rows copied; the copy is then opened, checked for
    /// integrity and its counts compared. A copy that fails is removed.
    pub async fn backup_to(&self, path: &Path) -> Result<BackedUp, BackupError> {
        if self.backend == Backend::Postgres {
            return Err(BackupError::Postgres);
        }
        let target = path.to_str().ok_or_else(|| BackupError::Check {
            path: path.to_path_buf(),
            why: "the path is not valid UTF-8".to_string(),
        })?;
        match create_private(path) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                return Err(BackupError::Exists(path.to_path_buf()))
            }
            Err(error) => {
                return Err(BackupError::Create {
                    path: path.to_path_buf(),
                    error,
                })
            }
        }
        let made = self.copy_into(target).await;
        let checked = match made {
            Ok(counted) => check_copy(path, counted).await,
            Err(e) => Err(e),
        };
        if checked.is_err() {
            let _ = std::fs::remove_file(path);
        }
        checked
    }

    /// Count every table and `VACUUM INTO` the file, with writers held off between.
    async fn copy_into(&self, target: &str) -> Result<Vec<(String, i64)>, BackupError> {
        let tables = self.table_names().await?;
        let mut lock = self.pool.acquire().await?;
        // A second connection makes the copy while the first holds the write lock: reads
        // go on, and the copy sees exactly what the counts saw. A pool of one (a database
        // in memory) has nobody else to hold off.
        let alone = self.pool.options().get_max_connections() < 2;
        if !alone {
            sqlx::query("BEGIN IMMEDIATE").execute(&mut *lock).await?;
        }
        let counted = async {
            let mut counts = Vec::new();
            for table in &tables {
                let n: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
                    .fetch_one(&mut *lock)
                    .await?
                    .try_get("n")?;
                counts.push((table.clone(), n));
            }
            let vacuum = sqlx::query("VACUUM INTO $1").bind(target.to_string());
            if alone {
                vacuum.execute(&mut *lock).await?;
            } else {
                vacuum.execute(&self.pool).await?;
            }
            Ok::<_, BackupError>(counts)
        }
        .await;
        if !alone {
            sqlx::query("ROLLBACK").execute(&mut *lock).await?;
        }
        counted
    }
}

/// Open the copy read-only: it must pass SQLite's integrity check and hold the rows counted.
async fn check_copy(path: &Path, counted: Vec<(String, i64)>) -> Result<BackedUp, BackupError> {
    let failed = |why: String| BackupError::Check {
        path: path.to_path_buf(),
        why,
    };
    let url = super::DatabaseUrl::Sqlite(path.to_path_buf())
        .connect_url()
        .map_err(|e| failed(e.to_string()))?
        .replace("mode=rwc", "mode=ro");
    let mut copy = AnyConnection::connect(&url)
        .await
        .map_err(|e| failed(format!("it doesn't open: {e}")))?;
    let integrity: String = sqlx::query("PRAGMA integrity_check")
        .fetch_one(&mut copy)
        .await?
        .try_get(0)?;
    if integrity != "ok" {
        return Err(failed(format!("integrity check: {integrity}")));
    }
    for (table, expected) in &counted {
        let n: i64 = sqlx::query(&format!("SELECT COUNT(*) AS n FROM {table}"))
            .fetch_one(&mut copy)
            .await
            .map_err(|e| failed(format!("{table}: {e}")))?
            .try_get("n")?;
        if n != *expected {
            return Err(failed(format!(
                "{table} has {expected} rows in the database but {n} in the copy"
            )));
        }
    }
    let _ = copy.close().await;
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    Ok(BackedUp {
        path: path.to_path_buf(),
        bytes,
        tables: counted,
    })
}
