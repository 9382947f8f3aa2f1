//! Upkeep beside the bot: what is past its retention is deleted, the servers the bot left
//! long enough ago are forgotten, and the SQLite database is backed up on schedule.

use crate::config::Backups;
use crate::core::{Clock, Retention};
use crate::shards::Shards;
use crate::store::{BackedUp, BackupError, Store, StoreError};
use std::path::{Path, PathBuf};
use std::time::Duration;
use tokio::sync::watch;

/// How often retention and departed servers are looked at.
const TIDY_EVERY: Duration = Duration::from_secs(600);

/// Backups are named for when they were made, so names sort as times do.
const PREFIX: &str = "csipgs-";
const SUFFIX: &str = ".db";

pub struct Upkeep {
    pub store: Store,
    pub clock: Clock,
    /// This process's servers: of the departed ones, it forgets these only.
    pub shards: Shards,
    pub retention: Retention,
    pub backups: Option<Backups>,
}

/// What one tidying pass deleted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tidied {
    pub held_messages: u64,
    pub closed_challenges: u64,
    pub servers: u64,
    /// Web sign-ins, sessions and sign-in links that had ended.
    pub sessions: u64,
}

impl Upkeep {
    /// Tidy now and every `TIDY_EVERY`, and back up when one is due, until `stop`.
    pub async fn run(&self, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow() {
                return;
            }
            let now = (self.clock)();
            if let Err(e) = self.tidy(now).await {
                tracing::error!(error = %e, "upkeep failed; trying again later");
            }
            let mut wait = TIDY_EVERY;
            if let Some(backups) = &self.backups {
                let due = backup_due(backups, now);
                if due <= now {
                    match self.back_up(backups, now).await {
                        Ok(made) => tracing::info!(
                            path = %made.path.display(),
                            bytes = made.bytes,
                            rows = made.rows(),
                            "backup made"
                        ),
                        Err(e) => tracing::error!(error = %e, "backup failed"),
                    }
                } else {
                    wait = wait.min(Duration::from_secs((due - now) as u64));
                }
            }
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = stop.changed() => {}
            }
        }
    }

    /// Delete what is past its retention, and forget the servers of these shards that the
    /// bot left more than `left_servers` before `now`.
    pub async fn tidy(&self, now: i64) -> Result<Tidied, StoreError> {
        let r = &self.retention;
        let expired = self
            .store
            .expire(
                now - r.held_messages.seconds(),
                now - r.closed_challenges.seconds(),
            )
            .await?;
        let sessions = self.store.tidy_sessions(now).await?;
        let mut servers = 0;
        let cutoff = now - r.left_servers.seconds();
        for guild in self.store.departed_before(cutoff, &self.shards).await? {
            let rows = self.store.forget_guild(guild).await?;
            servers += 1;
            tracing::info!(
                guild,
                rows,
                after = %r.left_servers,
                "deleted the data of a server the bot was removed from"
            );
        }
        if expired.held_messages + expired.closed_challenges > 0 {
            tracing::info!(
                held_messages = expired.held_messages,
                closed_challenges = expired.closed_challenges,
                "deleted what was past its retention"
            );
        }
        Ok(Tidied {
            held_messages: expired.held_messages,
            closed_challenges: expired.closed_challenges,
            servers,
            sessions,
        })
    }

    /// Make a backup named for `now` in the backups' folder, then delete all but the newest
    /// `keep` (and any left half-made by an earlier stop).
    pub async fn back_up(&self, backups: &Backups, now: i64) -> Result<BackedUp, BackupError> {
        create_dir_private(&backups.dir).map_err(|error| BackupError::Create {
            path: backups.dir.clone(),
            error,
        })?;
        // Made under a name no backup has, and given its own once checked: a backup cut
        // short by a stop is never taken for one.
        let name = name_at(now);
        let partial = backups.dir.join(format!("{name}.partial"));
        let _ = std::fs::remove_file(&partial);
        let mut made = self.store.backup_to(&partial).await?;
        let path = backups.dir.join(name);
        std::fs::rename(&partial, &path).map_err(|error| BackupError::Create {
            path: path.clone(),
            error,
        })?;
        made.path = path;
        remove_partial(&backups.dir);
        let mut kept = existing(&backups.dir);
        kept.sort();
        let surplus = kept.len().saturating_sub(backups.keep as usize);
        for old in &kept[..surplus] {
            match std::fs::remove_file(old) {
                Ok(()) => tracing::info!(path = %old.display(), "old backup deleted"),
                Err(e) => {
                    tracing::warn!(path = %old.display(), error = %e, "can't delete an old backup")
                }
            }
        }
        Ok(made)
    }
}

/// When the next backup falls due: `every` after the newest in the folder (so a restart
/// doesn't restart the count), or now if there is none.
fn backup_due(backups: &Backups, now: i64) -> i64 {
    let newest = existing(&backups.dir)
        .iter()
        .filter_map(|path| std::fs::metadata(path).ok()?.modified().ok())
        .filter_map(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map(|d| d.as_secs() as i64)
        .max();
    newest.map_or(now, |t| t + backups.every.seconds())
}

/// A backup's file name for `now`: `csipgs-20261128-061500.db` (UTC).
fn name_at(now: i64) -> String {
    let at =
        time::OffsetDateTime::from_unix_timestamp(now).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!(
        "{PREFIX}{:04}{:02}{:02}-{:02}{:02}{:02}{SUFFIX}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

/// The backups in `dir`: files named as `name_at` names them.
fn existing(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with(PREFIX)
                    && n.ends_with(SUFFIX)
                    && n[PREFIX.len()..n.len() - SUFFIX.len()]
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b == b'-')
            })
        })
        .collect()
}

/// Backups an earlier stop cut short.
fn remove_partial(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.filter_map(Result::ok).map(|e| e.path()) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with(PREFIX) && name.ends_with(".partial") {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Make the backups' folder, open to its owner only, if it is missing.
fn create_dir_private(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::testing::*;
    use crate::core::{Request, Retention};
    use engine::{Options, Ruleset};
    use serde_json::Value;
    use std::sync::atomic::Ordering;

    #[test]
    fn backups_are_named_for_their_time_and_found_by_name() {
        assert_eq!(name_at(1_795_847_700), "csipgs-20261128-063500.db");
        let dir = std::env::temp_dir().join(format!("csipgs-upkeep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in [
            "csipgs-20261128-063500.db",
            "csipgs.db",
            "csipgs-notes.db",
            "x.db",
        ] {
            std::fs::write(dir.join(name), b"").unwrap();
        }
        let found = existing(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(found, [dir.join("csipgs-20261128-063500.db")]);
    }

    fn upkeep(f: &Fixture) -> Upkeep {
        Upkeep {
            store: f.core.store().clone(),
            clock: f.clock(),
            shards: crate::shards::Shards::ALL,
            retention: Retention::default(),
            backups: None,
        }
    }

    async fn a_server_left_is_forgotten_after_the_grace_period_only(backend: Backend) {
        let f = fixture(backend).await;
        f.start(Ruleset::Classic, Options::default()).await;
        let now = f.now.load(Ordering::SeqCst);
        let day = 24 * 3600;
        let store = f.core.store();
        store.guild_left(10, now).await.unwrap();
        let upkeep = upkeep(&f);
        assert_eq!(
            upkeep.tidy(now + 29 * day).await.unwrap(),
            Tidied::default()
        );
        assert!(store.active_game_count().await.unwrap() == 1);
        // Added back within the grace period: kept.
        assert!(store.guild_present(10, "Chess club").await.unwrap());
        assert_eq!(upkeep.tidy(now + 31 * day).await.unwrap().servers, 0);
        assert_eq!(store.active_game_count().await.unwrap(), 1);
        // Left for good.
        store.guild_left(10, now + 40 * day).await.unwrap();
        assert_eq!(upkeep.tidy(now + 71 * day).await.unwrap().servers, 1);
        for (table, row) in f.every_row().await {
            let guild = row.get("guild_id").and_then(Value::as_i64);
            assert_ne!(guild, Some(10), "{table} still has the server's {row}");
            assert!(
                !["games", "turns", "results"].contains(&table.as_str()),
                "{table}: {row}"
            );
        }
    }

    async fn held_boards_and_closed_challenges_expire(backend: Backend) {
        let url = backend.fresh();
        let platform = Recorder {
            no_dms: vec![2],
            ..Recorder::default()
        };
        let f = fixture_on(Store::open(&url).await.unwrap(), platform).await;
        let fog = Options {
            fog: true,
            ..Options::default()
        };
        let challenge = f.challenge(Ruleset::Classic, fog).await;
        f.say(&bob(), HERE, press(&challenge.buttons[0].id)).await;
        let now = f.now.load(Ordering::SeqCst);
        f.core.run_due(now).await.unwrap();
        let held = || async {
            f.every_row()
                .await
                .iter()
                .filter(|(t, r)| t == "outbox" && !r["held_for"].is_null())
                .count()
        };
        assert!(held().await > 0);
        let day = 24 * 3600;
        let upkeep = upkeep(&f);
        // Bob still plays there: his boards wait for him however old. The challenge that
        // started the game is closed, and 40 days old.
        let tidied = upkeep.tidy(now + 40 * day).await.unwrap();
        assert_eq!(tidied.held_messages, 0);
        assert_eq!(tidied.closed_challenges, 1);
        f.say(&alice(), HERE, Request::Resign).await;
        let ask = f.say(&alice(), HERE, Request::Resign).await;
        f.say(&alice(), HERE, press(&ask[0].buttons[0].id)).await;
        let tidied = upkeep.tidy(now + 40 * day).await.unwrap();
        assert!(tidied.held_messages > 0, "{tidied:?}");
        assert_eq!(held().await, 0);
    }

    on_both!(
        a_server_left_is_forgotten_after_the_grace_period_only,
        held_boards_and_closed_challenges_expire,
    );
}
