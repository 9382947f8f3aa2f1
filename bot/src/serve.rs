//! `csipgs serve`: the composition root. It starts what the configuration asks for: the
//! Discord client when a token is given, the web pages when `web` is set, /healthz and
//! /metrics when `http` is. The background work (the scheduler, the computer's turns, upkeep)
//! runs beside the Discord client and never in a process that only serves pages, so that a
//! page-serving process beside the bot cannot make a job run twice. One shutdown, within 5
//! seconds of SIGTERM or ctrl-c, finishes the commands in flight and loses nothing.

use crate::config::{Config, ConfigError};
use crate::core::{
    millis_now, system_clock, BoxFuture, Core, Platform, Posted, Reply, Target, Undelivered,
};
use crate::discord::{Courier, Discord, DiscordError};
use crate::picture::Painters;
use crate::store::{Nonce, Store, StoreError};
use crate::supervise::{supervise, Backoff};
use crate::upkeep::Upkeep;
use std::sync::Arc;
use std::time::Duration;
use tokio::task::JoinHandle;

#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("can't open the database: {0}")]
    Store(#[from] StoreError),
    #[error(transparent)]
    Discord(#[from] DiscordError),
    #[error(transparent)]
    Ops(#[from] crate::ops::http::HttpError),
    #[error(transparent)]
    Web(#[from] crate::web::WebError),
}

/// How long a stopping bot waits for the commands it is answering.
const DRAIN: Duration = Duration::from_secs(3);
/// How long it then tries to deliver what it still owes.
const FLUSH: Duration = Duration::from_millis(1000);

/// Run until SIGTERM or ctrl-c: then stop taking commands, finish those in flight, deliver
/// what is owed and close the database, all within 5 seconds.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let token = config.discord_token()?.cloned();
    let stop = stop_signal();
    let store = tokio::select! {
        store = Store::open(&config.database) => store?,
        _ = stop.clone().wait() => return Ok(()),
    };
    tracing::info!(
        database = %config.database,
        shards = %config.shards.owned(),
        active_games = store.active_game_count().await?,
        owed_messages = store.owed_count().await?,
        "database ready"
    );
    let painters = config
        .picture_workers
        .map_or_else(Painters::following_cores, Painters::new);
    let courier = token
        .is_some()
        .then(|| Arc::new(Courier::new(painters.clone())));
    let platform: Arc<dyn Platform> = match &courier {
        Some(courier) => courier.clone(),
        None => Arc::new(PagesOnly),
    };
    let core = Arc::new(
        Core::new(store.clone(), system_clock(), platform)
            .with_painters(painters)
            .with_flood_burst(config.flood_burst)
            .with_quotas(config.quotas)
            .with_retention(config.retention)
            .with_computer_searches(config.computer_searches)
            .with_shards(config.shards.owned())
            .with_public_url(config.public_url.clone())
            .with_web_play(config.signin.is_some())
            .with_launch(config.activity),
    );
    let mut discord = match (&token, &courier) {
        (Some(token), Some(courier)) => {
            Some(Discord::new(&config, token, core.clone(), courier).await?)
        }
        _ => None,
    };
    let (halt, halted) = tokio::sync::watch::channel(false);
    if let Some(addr) = config.http {
        let owned = config.shards.owned();
        let gateway = discord.as_ref().map(Discord::gateway);
        crate::ops::http::start(addr, store.clone(), owned, gateway, halted.clone()).await?;
    }
    if let Some(addr) = config.web {
        let signin = match (&config.signin, &config.public_url) {
            (Some(keys), Some(url)) => Some(crate::web::Signin::new(
                keys.clone(),
                &url.to_string(),
                config.api_base.as_deref(),
            )),
            _ => None,
        };
        crate::web::start(
            addr,
            core.clone(),
            config.web_limits,
            signin,
            halted.clone(),
        )
        .await?;
    }
    let background = match discord {
        Some(_) => background(&config, &core, &halted),
        None => {
            tracing::info!("no Discord token: serving the web pages only, with no background work");
            Vec::new()
        }
    };
    let ended = match &mut discord {
        Some(discord) => tokio::select! {
            result = discord.run(config.shards) => Some(result),
            _ = stop.clone().wait() => None,
        },
        None => {
            stop.clone().wait().await;
            None
        }
    };
    if let Some(Err(e)) = &ended {
        tracing::error!(error = %e, "the Discord connection ended");
    }
    tracing::info!("shutting down");
    // Commands sent before the stop are finished; those sent after it hear RESTARTING.
    core.close_gate(stop.at().unwrap_or_else(millis_now));
    if !core.drain(DRAIN).await {
        tracing::warn!("some commands were still running at shutdown");
    }
    let _ = halt.send(true);
    for (task, patience) in background {
        let _ = tokio::time::timeout(patience, task).await;
    }
    if let Some(discord) = &discord {
        if !core.flush(FLUSH).await {
            tracing::warn!("some messages are still owed; they are sent after the restart");
        }
        discord.shutdown().await;
    }
    let _ = tokio::time::timeout(Duration::from_millis(300), store.close()).await;
    tracing::info!("stopped");
    match ended {
        Some(Err(e)) => Err(e.into()),
        _ => Ok(()),
    }
}

/// The scheduler, the computer's turns and upkeep, each brought back after a panic (logged)
/// after a pause (see `supervise`); with how long the shutdown waits for each.
fn background(
    config: &Config,
    core: &Arc<Core>,
    halted: &tokio::sync::watch::Receiver<bool>,
) -> Vec<(JoinHandle<()>, Duration)> {
    let computer = {
        let core = core.clone();
        let halted = halted.clone();
        tokio::spawn(async move {
            let run = || core.run_computer(halted.clone());
            supervise("computer", halted.clone(), Backoff::TASKS, run).await
        })
    };
    let upkeep = {
        let upkeep = Upkeep {
            store: core.store().clone(),
            clock: system_clock(),
            shards: config.shards.owned(),
            retention: config.retention,
            backups: config.backups.clone(),
        };
        let halted = halted.clone();
        tokio::spawn(async move {
            let run = || upkeep.run(halted.clone());
            supervise("upkeep", halted.clone(), Backoff::TASKS, run).await
        })
    };
    let scheduler = {
        let core = core.clone();
        let halted = halted.clone();
        tokio::spawn(async move {
            let run = || core.run_scheduler(halted.clone());
            supervise("scheduler", halted.clone(), Backoff::TASKS, run).await
        })
    };
    vec![
        (scheduler, Duration::from_millis(200)),
        // A backup cut short leaves only a `.partial` file, which the next backup removes.
        (upkeep, Duration::from_millis(200)),
        // Searches stop within milliseconds of the flag; a turn they owe is played after the
        // restart.
        (computer, Duration::from_millis(500)),
    ]
}

/// The platform of a process that serves only the web pages: it opens no threads and
/// delivers nothing (the pages post no messages; what is owed waits for the bot).
struct PagesOnly;

impl Platform for PagesOnly {
    fn deliver(
        &self,
        _: Target,
        _: Reply,
        _: Nonce,
    ) -> BoxFuture<'_, Result<Option<Posted>, Undelivered>> {
        Box::pin(async {
            Err(Undelivered::Retry(
                "this process serves only the web pages; the bot delivers its messages".into(),
            ))
        })
    }
}

/// Set once SIGTERM or ctrl-c arrives, to when it did (milliseconds since 1970). From then
/// on the process exits within 5 seconds, whatever it is doing: if the orderly shutdown
/// has not finished by then, it is cut short.
#[derive(Clone)]
struct Stop(tokio::sync::watch::Receiver<Option<u64>>);

impl Stop {
    async fn wait(mut self) {
        let _ = self.0.wait_for(Option::is_some).await;
    }

    /// When the stop was asked for, if it was.
    fn at(&self) -> Option<u64> {
        *self.0.borrow()
    }
}

fn stop_signal() -> Stop {
    let (tx, rx) = tokio::sync::watch::channel(None);
    tokio::spawn(async move {
        signal().await;
        let _ = tx.send(Some(millis_now()));
        std::thread::spawn(|| {
            std::thread::sleep(Duration::from_millis(4800));
            eprintln!("csipgs: the shutdown took too long; exiting now");
            std::process::exit(1);
        });
    });
    Stop(rx)
}

async fn signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(e) => {
                    tracing::warn!(error = %e, "can't listen for SIGTERM");
                    let _ = ctrl_c.await;
                    return;
                }
            };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = ctrl_c.await;
}
