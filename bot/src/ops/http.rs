//! `GET /healthz` and `GET /metrics`, served with axum on the bot's own runtime. Neither
//! can hurt the bot: the health check's database query has a short timeout, and the gauges
//! that need the database are refreshed by one task every `REFRESH`, never by a scrape.

use super::HttpAddr;
use crate::measure;
use crate::shards::Shards;
use crate::store::{Store, StoreError, Word};
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use metrics_exporter_prometheus::PrometheusHandle;
use poise::serenity_prelude as serenity;
use serde_json::json;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::watch;

/// How long the health check waits for the database.
const PING_TIMEOUT: Duration = Duration::from_secs(1);
/// How often the gauges that need the database are read, and how long each read may take.
const REFRESH: Duration = Duration::from_secs(15);

#[derive(Debug, thiserror::Error)]
pub enum HttpError {
    #[error("can't listen on {addr} for /healthz and /metrics: {error}")]
    Listen {
        addr: HttpAddr,
        error: std::io::Error,
    },
    #[error("can't set up the metrics: {0}")]
    Metrics(#[from] metrics_exporter_prometheus::BuildError),
}

/// What the endpoints look at.
#[derive(Clone)]
struct Watched {
    store: Store,
    /// None in a process that serves only the web pages: no shards to watch.
    gateway: Option<Gateway>,
    metrics: PrometheusHandle,
}

/// This process's gateway shards: the ones it should run, and serenity's view of each.
#[derive(Clone)]
pub struct Gateway {
    manager: Arc<serenity::ShardManager>,
    /// The first shard id and how many, once known: at start for a range, after Discord's
    /// recommendation when sharding automatically. Until then nothing is healthy.
    expected: Arc<Mutex<Option<(u32, u32)>>>,
}

impl Gateway {
    pub fn new(manager: Arc<serenity::ShardManager>) -> Gateway {
        Gateway {
            manager,
            expected: Arc::default(),
        }
    }

    /// This process runs `count` shards from `first`.
    pub fn expect(&self, first: u32, count: u32) {
        *self.expected.lock().unwrap_or_else(PoisonError::into_inner) = Some((first, count));
    }

    /// Shards connected, shards expected, and the first one not connected.
    async fn states(&self) -> (usize, usize, Option<String>) {
        let expected = *self.expected.lock().unwrap_or_else(PoisonError::into_inner);
        let Some((first, count)) = expected else {
            return (
                0,
                0,
                Some("the gateway shards have not started yet".to_string()),
            );
        };
        let runners = self.manager.runners.lock().await;
        let mut connected = 0;
        let mut problem = None;
        for id in first..first.saturating_add(count) {
            let stage = runners.get(&serenity::ShardId(id)).map(|r| r.stage);
            if stage == Some(serenity::ConnectionStage::Connected) {
                connected += 1;
            } else if problem.is_none() {
                let state = match stage {
                    None => "not started",
                    Some(serenity::ConnectionStage::Disconnected) => "disconnected",
                    Some(serenity::ConnectionStage::Resuming) => "resuming",
                    Some(_) => "connecting",
                };
                problem = Some(format!("shard {id} {state}"));
            }
        }
        (connected, count as usize, problem)
    }
}

/// Listen on `addr` (so a taken port fails the start, not later), then serve the endpoints
/// and refresh the gauges until `halted` turns true.
pub async fn start(
    addr: HttpAddr,
    store: Store,
    shards: Shards,
    gateway: Option<Gateway>,
    halted: watch::Receiver<bool>,
) -> Result<(), HttpError> {
    let metrics = measure::install()?;
    let listener = tokio::net::TcpListener::bind(addr.socket())
        .await
        .map_err(|error| HttpError::Listen { addr, error })?;
    if !addr.is_loopback() {
        tracing::warn!(%addr, "/healthz and /metrics are reachable beyond this machine");
    }
    tracing::info!(
        %addr,
        connections = super::conns::OPS.total,
        per_address = super::conns::OPS.per_address,
        "serving /healthz and /metrics"
    );
    let watched = Watched {
        store,
        gateway,
        metrics,
    };
    tokio::spawn(refresh(watched.clone(), shards, halted.clone()));
    let app = Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(render))
        .with_state(watched);
    tokio::spawn(super::conns::serve(
        listener,
        app,
        super::conns::OPS,
        halted,
    ));
    Ok(())
}

/// 200 with `{"status":"ok"}` when every shard is connected and the database answers,
/// else 503 with the first reason found.
async fn healthz(State(watched): State<Watched>) -> Response {
    let reason = match gateway_problem(&watched.gateway).await {
        Some(problem) => Some(problem),
        None => match tokio::time::timeout(PING_TIMEOUT, watched.store.ping()).await {
            Ok(Ok(())) => None,
            Ok(Err(e)) => Some(match e.outage() {
                Some(outage) => format!("database: {outage} ({e})"),
                None => format!("database: {e}"),
            }),
            Err(_) => Some(format!(
                "database did not answer within {} ms",
                PING_TIMEOUT.as_millis()
            )),
        },
    };
    match reason {
        None => (StatusCode::OK, Json(json!({"status": "ok"}))).into_response(),
        Some(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({"status": "unhealthy", "reason": reason})),
        )
            .into_response(),
    }
}

/// What keeps the gateway from being healthy: a shard not connected, or none started yet.
async fn gateway_problem(gateway: &Option<Gateway>) -> Option<String> {
    let (connected, expected, problem) = shard_states(gateway).await;
    measure::shards(connected, expected);
    problem
}

/// A process without a gateway runs no shards, and none are missing.
async fn shard_states(gateway: &Option<Gateway>) -> (usize, usize, Option<String>) {
    match gateway {
        Some(gateway) => gateway.states().await,
        None => (0, 0, None),
    }
}

async fn render(State(watched): State<Watched>) -> Response {
    // Cheap to read at every scrape: no database query.
    let pool = watched.store.pool_use();
    measure::pool(pool.size, pool.idle);
    measure::resident_memory();
    let (connected, expected, _) = shard_states(&watched.gateway).await;
    measure::shards(connected, expected);
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        watched.metrics.render(),
    )
        .into_response()
}

/// Every `REFRESH`, read the gauges that need the database (each read bounded by the same
/// time), and let the recorder fold its histograms.
async fn refresh(watched: Watched, shards: Shards, mut halted: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(REFRESH);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            _ = halted.wait_for(|&h| h) => return,
        }
        watched.metrics.run_upkeep();
        match tokio::time::timeout(REFRESH, read_gauges(&watched.store, &shards)).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!(error = %e, "can't read the metrics' counts"),
            Err(_) => tracing::warn!("reading the metrics' counts took too long"),
        }
    }
}

async fn read_gauges(store: &Store, shards: &Shards) -> Result<(), StoreError> {
    let now = (crate::core::millis_now() / 1000) as i64;
    let since = |then: i64| Duration::from_secs(u64::try_from(now - then).unwrap_or(0));
    for (family, count) in store.games_in_progress(shards).await? {
        measure::games(family.word(), count);
    }
    let backlog = store.backlog(shards).await?;
    measure::outbox(backlog.owed, backlog.oldest.map(since));
    // The earliest due moment is work not done yet: past it, the scheduler is that late.
    let due = store.next_due(shards).await?;
    measure::scheduler_lag(due.map(since).unwrap_or_default());
    Ok(())
}
