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
            return Exit::BadInput.into();
        }
    }
    super::block_on(async {
        let open = |url: &DatabaseUrl| {
            let url = url.clone();
            async move {
                Store::open(&url)
                    .await
                    .map_err(|e| complain!("can't open {url}: {e}"))
            }
        };
        let (Ok(source), Ok(target)) = (open(from).await, open(to).await) else {
            return Exit::Io.into();
        };
        let result = copy_database(&source, &target).await;
        source.close().await;
        target.close().await;
        match result {
            Ok(copied) => {
                for (table, rows) in &copied.tables {
                    println!("{table}: {rows} rows");
                }
                println!("copied {from} into {to}; the counts agree");
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
