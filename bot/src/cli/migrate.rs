use super::Exit;
use crate::store::{copy_database, CopyError, DatabaseUrl, Store};
use std::process::ExitCode;

/// `csipgs migrate-db --from A --to B`: open both (applying migrations), copy every row of A
/// into B, which must be empty, and print what was copied; status 2 if B is not empty, 3 if a
/// database can't be opened or the copy failed; B is then left as it was.
pub fn run(from: &DatabaseUrl, to: &DatabaseUrl) -> ExitCode {
    if from == to {
        complain!("--from and --to are the same database ({from}): give the new one as --to");
        return Exit::BadInput.into();
    }
    if let DatabaseUrl::Sqlite(path) = from {
        if !path.is_file() {
            complain!("--from {from}: there is no such file to copy from");
            return Exit::Io.into();
        }
    }
    // A SQLite target made by this run is removed if the copy fails: no empty file is left
    // to be mistaken for a database.
    let made = match to {
        DatabaseUrl::Sqlite(path) if !path.exists() => Some(path.clone()),
        _ => None,
    };
    let done = copy(from, to);
    if done != ExitCode::SUCCESS {
        if let Some(path) = made {
            for suffix in ["", "-wal", "-shm"] {
                let mut name = path.clone().into_os_string();
                name.push(suffix);
                let _ = std::fs::remove_file(name);
            }
        }
    }
    done
}

fn copy(from: &DatabaseUrl, to: &DatabaseUrl) -> ExitCode {
    super::block_on(async {
        let open = |url: &DatabaseUrl| {
            let url = url.clone();
            async move {
                Store::open(&url).await.map_err(|e| {
                    complain!("can't open {url}: {e}");
                    super::database_exit(&e)
                })
            }
        };
        let source = match open(from).await {
            Ok(store) => store,
            Err(exit) => return exit.into(),
        };
        let target = match open(to).await {
            Ok(store) => store,
            Err(exit) => {
                source.close().await;
                return exit.into();
            }
        };
        let result = copy_database(&source, &target).await;
        source.close().await;
        target.close().await;
        match result {
            Ok(copied) => {
                for (table, rows) in &copied.tables {
                    say!("{table}: {rows} rows");
                }
                say!("copied {from} into {to}; the counts agree");
                ExitCode::SUCCESS
            }
            Err(e) => {
                complain!("nothing was copied: {e}");
                match e {
                    // The databases were reached: what they hold is the wrong input.
                    CopyError::NotEmpty { .. } | CopyError::UnknownTable(_) => {
                        Exit::BadInput.into()
                    }
                    CopyError::Count { .. } | CopyError::Store(_) => Exit::Io.into(),
                }
            }
        }
    })
}
