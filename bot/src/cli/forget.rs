use super::Exit;
use crate::core::{system_clock, Core};
use crate::store::DatabaseUrl;
use crate::terminal::Local;
use std::process::ExitCode;
use std::sync::Arc;

/// Whom `csipgs forget` forgets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whom {
    /// A member, by Discord user id: as /privacy forget.
    Member(u64),
    /// A whole server, by its id: everything stored for it.
    Server(u64),
}

/// The operator's deletions, for requests that come by mail: status 0 when done, 1 when
/// nothing was stored for them, 2 for a database of another program, 3 if it isn't there or
/// can't be opened or written.
pub fn run(database: &DatabaseUrl, whom: Whom) -> ExitCode {
    super::block_on(async {
        let store = match super::open_existing(database).await {
            Ok(store) => store,
            Err(exit) => return exit,
        };
        let done = match whom {
            Whom::Member(user) => {
                // No Discord here: what the resignations announce stays owed in the database,
                // and the running bot's scheduler posts it.
                let core = Core::new(store.clone(), system_clock(), Arc::new(Local));
                core.forget(user)
                    .await
                    .map(|f| match f.deleted + f.relabelled {
                        0 => None,
                        _ => Some(format!(
                            "forgot member {user}: {} rows deleted, {} now name \"{}\"; games in \
                         progress were resigned and the running bot announces them",
                            f.deleted, f.relabelled, f.label
                        )),
                    })
                    .map_err(|e| e.to_string())
            }
            Whom::Server(guild) => store
                .forget_guild(guild)
                .await
                .map(|rows| match rows {
                    0 => None,
                    rows => Some(format!("deleted everything of server {guild}: {rows} rows")),
                })
                .map_err(|e| e.to_string()),
        };
        store.close().await;
        match done {
            Ok(Some(said)) => {
                say!("{said}");
                ExitCode::SUCCESS
            }
            Ok(None) => {
                let whom = match whom {
                    Whom::Member(user) => format!("member {user}"),
                    Whom::Server(guild) => format!("server {guild}"),
                };
                say!("nothing is stored for {whom} in {database}: nothing was deleted (check the id)");
                Exit::No.into()
            }
            Err(e) => {
                complain!("nothing was deleted: {e}");
                Exit::Io.into()
            }
        }
    })
}
