use super::Exit;
use crate::store::{BackupError, DatabaseUrl};
use std::path::Path;
use std::process::ExitCode;

/// `csipgs backup --database URL --to FILE`: a consistent, checked copy of a SQLite database,
/// running or not (see `Store::backup_to`). Status 2 for a PostgreSQL database (pg_dump's
/// job, and the message says how) or a `--to` that exists, 3 if the copy can't be made.
pub fn run(database: &DatabaseUrl, to: &Path) -> ExitCode {
    match database {
        DatabaseUrl::Postgres(_) => {
            complain!("{}", BackupError::Postgres);
            return Exit::BadInput.into();
        }
        DatabaseUrl::Sqlite(_) => {}
    }
    if to.exists() {
        complain!("{}", BackupError::Exists(to.to_path_buf()));
        return Exit::BadInput.into();
    }
    super::block_on(async {
        let store = match super::open_existing(database).await {
            Ok(store) => store,
            Err(exit) => return exit,
        };
        let made = store.backup_to(to).await;
        store.close().await;
        match made {
            Ok(made) => {
                for (table, rows) in &made.tables {
                    say!("{table}: {rows} rows");
                }
                say!(
                    "backed up {database} to {} ({} bytes, {} rows); it opens and its counts agree",
                    made.path.display(),
                    made.bytes,
                    made.rows()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                complain!("{e}");
                match e {
                    BackupError::Exists(_) | BackupError::Postgres => Exit::BadInput.into(),
                    _ => Exit::Io.into(),
                }
            }
        }
    })
}
