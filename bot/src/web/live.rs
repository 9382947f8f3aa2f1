//! Live pages: Server-Sent Events. A watched game or tournament has one channel; when it
//! changes, its page's changing part is drawn once and the same bytes go to every watcher,
//! so a thousand watchers cost one drawing. Changes made in this process wake the hub at
//! once (the store says what it wrote, so a game's turn draws that game's page alone);
//! other processes' (shards sharing PostgreSQL) are found by polling each second, one
//! query for every watched game at once.

use super::{client_of, html, pages, WebLimits};
use crate::core::{page_path, Core, CoreError};
use crate::store::{Link, LinkKind, Token};
use axum::extract::{Path, Request, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use std::collections::{HashMap, HashSet};
use std::convert::Infallible;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{broadcast, watch};

/// How often changes made by other processes are looked for.
const POLL: Duration = Duration::from_secs(1);
/// Pages drawn at once in one refresh.
const DRAWN_AT_ONCE: usize = 4;
/// Updates a slow watcher may fall behind by before it skips to the newest (each update is
/// the whole changing part, so nothing is lost by skipping).
const BACKLOG: usize = 4;

/// What a watcher is sent.
#[derive(Clone, Debug)]
enum Live {
    /// The page's changing part: a tournament's as HTML, a game's as its parts in JSON
    /// (see `GameUpdate`).
    Update(Shown),
    /// How many watch the page now.
    Watchers(usize),
    /// The page is closed (its server turned its pages off, replaced its links or removed
    /// the bot): the script reloads it.
    Gone,
}

/// A page's changing part as drawn once for every watcher: the event's name and data.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    event: &'static str,
    data: Arc<str>,
}

/// A game's changing parts, which its page's script puts in place: who plays and the
/// clocks, the status line, the move list, and how many turns there are.
#[derive(serde::Serialize)]
struct GameUpdate {
    head: String,
    state: String,
    moves: String,
    played: u32,
    active: bool,
    /// A fog game still being played: its page shows no board until it ends.
    secret: bool,
}

/// One watched page.
struct Topic {
    link: Link,
    token: Token,
    sender: broadcast::Sender<Live>,
    /// What the watchers see now, and the game's version it was drawn at (0: a tournament).
    shown: tokio::sync::Mutex<Option<(i64, Shown)>>,
    /// How many watchers the page was last told of.
    counted: std::sync::atomic::AtomicUsize,
    /// Members forgotten when `shown` was last drawn for a new watcher: a newer link's count
    /// means a forget since, whose names a new watcher must not be sent.
    forgotten: std::sync::atomic::AtomicI64,
    /// A drawing of this page for a change here is waiting to start.
    waiting: std::sync::atomic::AtomicBool,
}

pub(super) struct Hub {
    core: Arc<Core>,
    limits: WebLimits,
    topics: Mutex<HashMap<Token, Arc<Topic>>>,
    /// Live pages open, by address, and in all.
    open: Mutex<(HashMap<u64, u32>, u32)>,
}

impl Hub {
    /// The hub, and its task looking for changes until `halted`.
    pub(super) fn start(
        core: Arc<Core>,
        limits: WebLimits,
        halted: watch::Receiver<bool>,
    ) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            core,
            limits,
            topics: Mutex::default(),
            open: Mutex::default(),
        });
        tokio::spawn(hub.clone().run(halted));
        hub
    }

    /// Games changed here are drawn at once, each on its own; everything else (a change
    /// to a tournament or to links, another process's change) waits for the next look at
    /// every page, made at once or within `POLL`.
    async fn run(self: Arc<Hub>, mut halted: watch::Receiver<bool>) {
        let everything = Arc::new(tokio::sync::Notify::new());
        let looking = tokio::spawn(self.clone().look_at_every_page(everything.clone()));
        loop {
            let changed = tokio::select! {
                changed = self.core.store().changes() => changed,
                _ = halted.wait_for(|&h| h) => break,
            };
            if changed.everything {
                everything.notify_one();
            }
            self.draw_games(&changed.games);
        }
        looking.abort();
        // Every stream ends, so the server's graceful stop does not wait on them.
        self.lock_topics().clear();
    }

    async fn look_at_every_page(self: Arc<Hub>, asked: Arc<tokio::sync::Notify>) {
        loop {
            tokio::select! {
                _ = asked.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
            if let Err(e) = self.refresh().await {
                tracing::warn!(error = %e, "live pages could not be refreshed");
            }
        }
    }

    /// Draw the watched pages of these games again, each in a task of its own; a page with
    /// a drawing already waiting to start is not given a second.
    fn draw_games(self: &Arc<Hub>, games: &HashSet<i64>) {
        let topics: Vec<Arc<Topic>> = self
            .lock_topics()
            .values()
            .filter(|t| t.link.kind == LinkKind::Game && games.contains(&t.link.object))
            .filter(|t| !t.waiting.swap(true, Ordering::SeqCst))
            .cloned()
            .collect();
        for topic in topics {
            let hub = self.clone();
            tokio::spawn(async move {
                if let Err(e) = hub.send_changed(topic, None).await {
                    tracing::warn!(error = %e, "a live game page could not be drawn");
                }
            });
        }
    }

    fn lock_topics(&self) -> std::sync::MutexGuard<'_, HashMap<Token, Arc<Topic>>> {
        self.topics.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Send what changed to its watchers; close the pages whose links no longer open.
    async fn refresh(&self) -> Result<(), CoreError> {
        let topics: Vec<Arc<Topic>> = {
            let mut topics = self.lock_topics();
            topics.retain(|_, t| t.sender.receiver_count() > 0);
            topics.values().cloned().collect()
        };
        if topics.is_empty() {
            return Ok(());
        }
        let tokens: Vec<Token> = topics.iter().map(|t| t.token).collect();
        let open = self.core.store().open_tokens(&tokens).await?;
        let games: Vec<i64> = topics
            .iter()
            .filter(|t| t.link.kind == LinkKind::Game)
            .map(|t| t.link.object)
            .collect();
        let versions: HashMap<i64, i64> = self
            .core
            .store()
            .game_versions(&games)
            .await?
            .into_iter()
            .collect();
        let mut changed = Vec::new();
        for topic in topics {
            if !open.contains(&topic.token) {
                let _ = topic.sender.send(Live::Gone);
                self.lock_topics().remove(&topic.token);
                continue;
            }
            let watchers = topic.sender.receiver_count();
            if topic.counted.swap(watchers, Ordering::SeqCst) != watchers {
                let _ = topic.sender.send(Live::Watchers(watchers));
            }
            let version = match topic.link.kind {
                LinkKind::Game => match versions.get(&topic.link.object) {
                    Some(&v) => v,
                    None => continue,
                },
                _ => 0,
            };
            changed.push((topic, Some(version)));
        }
        // Many games change at once under load: their pages are drawn side by side (each
        // reads its game), not one after another.
        let drawn = stream::iter(changed)
            .map(|(topic, version)| self.send_changed(topic, version))
            .buffer_unordered(DRAWN_AT_ONCE)
            .collect::<Vec<_>>()
            .await;
        drawn.into_iter().collect()
    }

    /// Draw a page whose game may have changed (any tournament page) and send it if it did;
    /// not if its game is still at `version`, when that is known.
    async fn send_changed(&self, topic: Arc<Topic>, version: Option<i64>) -> Result<(), CoreError> {
        let mut shown = topic.shown.lock().await;
        // Cleared before the game is read: a change after this is drawn by another task.
        topic.waiting.store(false, Ordering::SeqCst);
        let unchanged = |(v, _): &(i64, Shown)| Some(*v) == version;
        if topic.link.kind == LinkKind::Game && shown.as_ref().is_some_and(unchanged) {
            return Ok(());
        }
        let (version, fresh) = self.draw(&topic).await?;
        if shown.as_ref().is_some_and(|(_, drawn)| *drawn == fresh) {
            return Ok(());
        }
        let _ = topic.sender.send(Live::Update(fresh.clone()));
        *shown = Some((version, fresh));
        Ok(())
    }

    /// The page's changing part now, and the game's version it shows.
    async fn draw(&self, topic: &Topic) -> Result<(i64, Shown), CoreError> {
        let base = page_path(topic.link.kind, topic.token);
        match topic.link.kind {
            LinkKind::Game => {
                let page = self.core.game_page(topic.link).await?;
                let update = GameUpdate {
                    head: html::head(&page).into_string(),
                    state: html::state(&page),
                    // No turn is marked: each reader's script marks the one it shows.
                    moves: html::moves(&page, u32::MAX, engine::Color::White, &base).into_string(),
                    played: page.played,
                    active: page.active,
                    secret: page.secret,
                };
                // Strings, a number and a flag: written as JSON, they can't fail.
                let data = serde_json::to_string(&update).unwrap_or_default();
                Ok((
                    page.version,
                    Shown {
                        event: "game",
                        data: data.into(),
                    },
                ))
            }
            _ => {
                let page = self.core.tournament_page(topic.link).await?;
                Ok((
                    0,
                    Shown {
                        event: "update",
                        data: html::tournament(&page).into_string().into(),
                    },
                ))
            }
        }
    }

    /// Watch a page: what it shows now, then each change.
    async fn subscribe(
        &self,
        link: Link,
        token: Token,
    ) -> Result<(Shown, broadcast::Receiver<Live>), CoreError> {
        let topic = self
            .lock_topics()
            .entry(token)
            .or_insert_with(|| {
                Arc::new(Topic {
                    link,
                    token,
                    sender: broadcast::channel(BACKLOG).0,
                    shown: tokio::sync::Mutex::default(),
                    forgotten: link.forgotten.into(),
                    counted: 0.into(),
                    waiting: false.into(),
                })
            })
            .clone();
        // Subscribed before reading what is shown, so no change in between is missed.
        let receiver = topic.sender.subscribe();
        let mut shown = topic.shown.lock().await;
        let before = topic.forgotten.fetch_max(link.forgotten, Ordering::SeqCst);
        let now = match shown.as_ref() {
            Some((_, drawn)) if before >= link.forgotten => drawn.clone(),
            _ => {
                let (version, drawn) = self.draw(&topic).await?;
                *shown = Some((version, drawn.clone()));
                drawn
            }
        };
        Ok((now, receiver))
    }

    /// One more live page for `client`, unless it (or everyone) has as many as allowed.
    fn admit(self: &Arc<Hub>, client: u64) -> Option<Admitted> {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let (by_client, all) = &mut *open;
        let mine = by_client.entry(client).or_insert(0);
        if *mine >= self.limits.watchers_per_address || *all >= self.limits.watchers {
            return None;
        }
        *mine += 1;
        *all += 1;
        Some(Admitted {
            hub: self.clone(),
            client,
        })
    }
}

/// A live page open: counted until its stream ends.
struct Admitted {
    hub: Arc<Hub>,
    client: u64,
}

impl Drop for Admitted {
    fn drop(&mut self) {
        let mut open = self.hub.open.lock().unwrap_or_else(|e| e.into_inner());
        let (by_client, all) = &mut *open;
        *all = all.saturating_sub(1);
        if let Some(mine) = by_client.get_mut(&self.client) {
            *mine -= 1;
            if *mine == 0 {
                by_client.remove(&self.client);
            }
        }
    }
}

pub(super) async fn game_events(
    State(web): State<super::Web>,
    Path(token): Path<String>,
    request: Request,
) -> Result<Response, pages::Failed> {
    events(web, &token, LinkKind::Game, client_of(&request)).await
}

pub(super) async fn tournament_events(
    State(web): State<super::Web>,
    Path(token): Path<String>,
    request: Request,
) -> Result<Response, pages::Failed> {
    events(web, &token, LinkKind::Tournament, client_of(&request)).await
}

/// A page's event stream: what it shows now, then each change.
async fn events(
    web: super::Web,
    token: &str,
    kind: LinkKind,
    client: u64,
) -> Result<Response, pages::Failed> {
    let (link, token) = pages::opened(&web.core, token, kind).await?;
    let Some(admitted) = web.hub.admit(client) else {
        return Ok(pages::error_page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many live pages",
            "This address has as many live pages open as the bot allows one visitor. Close some and reload.",
        ));
    };
    let (now, receiver) = web.hub.subscribe(link, token).await?;
    Ok(Sse::new(stream_of(now, receiver, admitted))
        .keep_alive(KeepAlive::default())
        .into_response())
}

fn stream_of(
    now: Shown,
    receiver: broadcast::Receiver<Live>,
    admitted: Admitted,
) -> impl Stream<Item = Result<Event, Infallible>> {
    let first = stream::once(async move { Ok(update(&now)) });
    let rest = stream::unfold(
        (receiver, admitted),
        |(mut receiver, admitted)| async move {
            loop {
                match receiver.recv().await {
                    Ok(Live::Update(shown)) => {
                        return Some((Ok(update(&shown)), (receiver, admitted)))
                    }
                    Ok(Live::Watchers(n)) => {
                        let event = Event::default().event("watchers").data(n.to_string());
                        return Some((Ok(event), (receiver, admitted)));
                    }
                    Ok(Live::Gone) => {
                        return Some((
                            // With a data line: a browser dispatches no event without one.
                            Ok(Event::default().event("gone").data("gone")),
                            (receiver, admitted),
                        ));
                    }
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return None,
                }
            }
        },
    );
    first.chain(rest)
}

fn update(shown: &Shown) -> Event {
    Event::default().event(shown.event).data(&*shown.data)
}
