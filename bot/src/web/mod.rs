//! The bot's web pages: read-only, live, reached by unguessable links. A game, a tournament
//! and a server's leaderboards, each at `/g|t|s/<token>` while its server shows its pages
//! (`/settings web:true`), with the page of each member who played there at
//! `/s/<token>/p/<id>`, and the price calculator at `/price` for everyone. Served with
//! axum on the bot's own runtime when `web` is set; nothing here writes to a game.
//!
//! Layout: here the settings, the router and what every response carries (a strict
//! Content-Security-Policy, no referrer, rate limits per address); `pages` (the handlers);
//! `html` (the pages' HTML, escaped by maud); `live` (Server-Sent Events: one fragment drawn
//! per change, sent to every watcher); `pictures` (board pictures kept per game, ply and
//! side);
//! `assets` (the stylesheet, the icon and the few lines of script). Their tests, in
//! `tests/` (`site.rs` over HTTP, `browser.rs` in Chromium), start games to watch through
//! the core's test fixture.

mod activity;
mod assets;
mod html;
mod live;
mod pages;
mod pictures;
mod signin;

pub use signin::Signin;

use crate::core::limits::Limiter;
use crate::core::Core;
use crate::ops::{conns, HttpAddr};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::watch;

/// Every page may load only its own stylesheet, script, pictures and event stream.
const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
     connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/// How much one address may ask of the pages (`[web_limits]`); each left out keeps its
/// default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WebLimits {
    /// Pages an address may ask for at once...
    pub burst: u32,
    /// ... and how many more each second. What a page loads (its pictures, the turns its
    /// reader steps through, its live stream) counts apart, with ten times as much: a
    /// reader stepping through a game asks for a picture a turn, not a page.
    pub requests_per_second: u32,
    /// Live pages one address may keep open at once.
    pub watchers_per_address: u32,
    /// Live pages open at once in all (at most half the connections).
    pub watchers: u32,
    /// Connections open at once in all, held below the process's descriptor limit.
    pub connections: u32,
    /// Connections one address may hold open. Behind a proxy on this machine every
    /// visitor comes from the proxy's address: raise it to the proxy's upstream limit.
    pub connections_per_address: u32,
}

impl Default for WebLimits {
    fn default() -> WebLimits {
        WebLimits {
            burst: 60,
            requests_per_second: 4,
            watchers_per_address: 16,
            watchers: 10_000,
            connections: 10_000,
            connections_per_address: 64,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("can't listen on {addr} for the web pages: {error}")]
    Listen {
        addr: HttpAddr,
        error: std::io::Error,
    },
}

/// How much more a page's loads may ask for than pages: see `WebLimits::requests_per_second`.
const LOADS_PER_PAGE: u32 = 10;

/// What every handler shares.
#[derive(Clone)]
struct Web {
    core: Arc<Core>,
    hub: Arc<live::Hub>,
    boards: Arc<pictures::Boards>,
    /// Pages, and what pages load, each counted per address.
    pages: Arc<Limiter>,
    loads: Arc<Limiter>,
    /// Signing in with Discord, when the application's keys are given.
    signin: Option<Arc<Signin>>,
    /// Seals the forms of a signed-in browser (`signin::form_token`).
    seal: crate::core::Seal,
}

/// Listen on `addr` (so a taken port fails the start, not later), then serve the pages until
/// `halted` turns true.
pub async fn start(
    addr: HttpAddr,
    core: Arc<Core>,
    limits: WebLimits,
    signin: Option<Signin>,
    halted: watch::Receiver<bool>,
) -> Result<SocketAddr, WebError> {
    let listener = tokio::net::TcpListener::bind(addr.socket())
        .await
        .map_err(|error| WebError::Listen { addr, error })?;
    let bound = listener
        .local_addr()
        .map_err(|error| WebError::Listen { addr, error })?;
    tracing::info!(%addr, "serving the web pages");
    tokio::spawn(serve_on(listener, core, limits, signin, halted));
    Ok(bound)
}

/// Serve the pages on `listener` until `halted` turns true.
pub(crate) async fn serve_on(
    listener: tokio::net::TcpListener,
    core: Arc<Core>,
    limits: WebLimits,
    signin: Option<Signin>,
    halted: watch::Receiver<bool>,
) {
    let (limits, budget) = in_force(limits, conns::descriptor_limit());
    let app = router(core, limits, signin, halted.clone());
    conns::serve(listener, app, budget, halted).await;
}

/// The limits as they apply under the process's descriptor limit: connections below it,
/// live pages (each holds a connection) at most half of them, logged once.
fn in_force(limits: WebLimits, descriptors: Option<u64>) -> (WebLimits, conns::Budget) {
    let total = conns::web_connections(descriptors, limits.connections.max(1) as usize);
    let budget = conns::Budget {
        total,
        per_address: (limits.connections_per_address.max(1) as usize).min(total),
    };
    let watchers = limits
        .watchers
        .min(u32::try_from(total / 2).unwrap_or(u32::MAX));
    let limits = WebLimits {
        watchers,
        watchers_per_address: limits.watchers_per_address.min(watchers),
        ..limits
    };
    tracing::info!(
        descriptors = %descriptors.map_or("unlimited".to_string(), |d| d.to_string()),
        connections = budget.total,
        connections_per_address = budget.per_address,
        live_pages = limits.watchers,
        live_pages_per_address = limits.watchers_per_address,
        header_read_timeout_s = conns::HEADER_READ.as_secs(),
        idle_timeout_s = conns::IDLE.as_secs(),
        "the web pages' limits in force"
    );
    (limits, budget)
}

/// The pages, and what every response carries.
fn router(
    core: Arc<Core>,
    limits: WebLimits,
    signin: Option<Signin>,
    halted: watch::Receiver<bool>,
) -> Router {
    let hub = live::Hub::start(core.clone(), limits, halted);
    let web = Web {
        seal: crate::core::Seal::new(core.store().seal_key()),
        signin: signin.map(Arc::new),
        core,
        hub,
        boards: Arc::new(pictures::Boards::default()),
        pages: Arc::new(Limiter::new(
            limits.burst.max(1),
            limits.requests_per_second.max(1),
        )),
        loads: Arc::new(Limiter::new(
            limits.burst.max(1).saturating_mul(LOADS_PER_PAGE),
            limits
                .requests_per_second
                .max(1)
                .saturating_mul(LOADS_PER_PAGE),
        )),
    };
    let pages = Router::new()
        .route("/", get(pages::home))
        .route("/g/{token}", get(pages::game))
        .route("/g/{token}/record", get(pages::record))
        .route("/g/{token}/replay.gif", get(pages::replay))
        .route("/t/{token}", get(pages::tournament))
        .route("/t/{token}/trf", get(pages::trf))
        .route("/s/{token}", get(pages::server))
        .route("/s/{token}/p/{member}", get(pages::player))
        .route("/price", get(pages::price_form))
        .route("/price/{design}", get(pages::price))
        .route("/g/{token}/play", get(pages::play).post(pages::play_turn))
        .route("/signin", get(signin::begin))
        .route("/signin/callback", get(signin::callback))
        .route("/signout", post(signin::signout))
        .route("/in/{token}", get(signin::link))
        .route("/me", get(signin::me))
        .route("/activity", get(activity::page))
        .route("/activity/token", post(activity::token))
        .route("/activity/games", get(activity::games))
        .fallback(pages::not_found)
        .layer(axum::middleware::from_fn_with_state(
            web.clone(),
            limit_pages,
        ));
    let loads = Router::new()
        .route("/g/{token}/board/{ply}", get(pages::board))
        .route("/g/{token}/ply/{ply}", get(pages::ply))
        .route("/g/{token}/play/board.png", get(pages::play_board))
        .route("/g/{token}/events", get(live::game_events))
        .route("/t/{token}/events", get(live::tournament_events))
        .route("/price/{design}/diagram", get(pages::diagram))
        .route("/s/{token}/p/{member}/chart.png", get(pages::player_chart))
        .layer(axum::middleware::from_fn_with_state(
            web.clone(),
            limit_loads,
        ));
    let limited = pages.merge(loads).with_state(web);
    Router::new()
        .route("/static/site.css", get(assets::stylesheet))
        .route("/static/live.js", get(assets::script))
        .route("/static/activity.js", get(assets::activity_script))
        .route("/static/discord-sdk.js", get(assets::sdk))
        .route("/static/icon.svg", get(assets::icon))
        .route("/favicon.ico", get(assets::icon))
        .merge(limited)
        .layer(axum::middleware::from_fn(guard))
}

async fn limit_pages(State(web): State<Web>, request: Request, next: Next) -> Response {
    limit(&web.pages, request, next).await
}

async fn limit_loads(State(web): State<Web>, request: Request, next: Next) -> Response {
    limit(&web.loads, request, next).await
}

/// Turn away an address that asks too fast.
async fn limit(limiter: &Limiter, request: Request, next: Next) -> Response {
    let client = client_of(&request);
    let now = (crate::core::millis_now() / 1000) as i64;
    if !limiter.allow(client, now) {
        let mut response = pages::error_page(
            StatusCode::TOO_MANY_REQUESTS,
            "Too many requests",
            "This address asked for pages faster than the bot serves them to one visitor. Wait a few seconds and reload.",
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        return response;
    }
    next.run(request).await
}

/// What every response carries: a strict Content-Security-Policy, no referrer (the links
/// are the keys to the pages), no framing (but the Activity's page, which sets its own
/// policy: Discord's client may frame it), and the server time it took.
async fn guard(request: Request, next: Next) -> Response {
    let began = Instant::now();
    let mut response = next.run(request).await;
    let took = began.elapsed();
    let headers = response.headers_mut();
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    }
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    if let Ok(timing) =
        HeaderValue::from_str(&format!("app;dur={:.3}", took.as_secs_f64() * 1000.0))
    {
        headers.insert("server-timing", timing);
    }
    response
}

/// Whom a request counts against: the peer's address, or, when the peer is a proxy on this
/// machine, the address it forwards for. IPv6 addresses count by their /64, the block one
/// visitor usually has.
pub(super) fn client_of(request: &Request) -> u64 {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip());
    client(peer, request.headers())
}

fn client(peer: Option<IpAddr>, headers: &HeaderMap) -> u64 {
    // A server listening on `[::]` sees IPv4 peers as IPv4-mapped IPv6 addresses
    // (`::ffff:127.0.0.1`), which are not loopback until made IPv4 again.
    let ip = match peer.map(|p| p.to_canonical()) {
        Some(peer) if peer.is_loopback() => forwarded(headers).unwrap_or(peer),
        Some(peer) => peer,
        None => IpAddr::from([0, 0, 0, 0]),
    };
    conns::address_key(ip)
}

/// The client a proxy on this machine forwarded for: the last address in X-Forwarded-For,
/// the one the proxy itself saw.
fn forwarded(headers: &HeaderMap) -> Option<IpAddr> {
    let value = headers.get("x-forwarded-for")?.to_str().ok()?;
    value.rsplit(',').next()?.trim().parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The pages served from a core, over HTTP.
    mod site;
    // After `site`, whose site it drives.
    mod browser;
    // The tournament, server, player and price pages, over `site`'s helpers.
    mod pages;
    // Signing in with Discord, against a fake of Discord's OAuth2, over `site`'s helpers.
    mod signin;
    // The Activity, against the fake Discord's OAuth2 and a parent frame of its client.
    mod activity;

    fn forwarded_for(client: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", HeaderValue::from_str(client).unwrap());
        headers
    }

    fn ip(text: &str) -> Option<IpAddr> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn a_proxy_on_any_loopback_address_forwards_each_visitor() {
        // 127.0.0.1 as a server on `[::]` sees it, IPv4-mapped, among the others.
        for proxy in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            let one = client(ip(proxy), &forwarded_for("203.0.113.5"));
            let other = client(ip(proxy), &forwarded_for("198.51.100.7"));
            assert_ne!(one, other, "{proxy}");
            assert_eq!(one, client(ip("203.0.113.5"), &HeaderMap::new()), "{proxy}");
        }
        // A peer elsewhere can't choose whom it counts as.
        let outsider = ip("::ffff:203.0.113.9");
        assert_eq!(
            client(outsider, &forwarded_for("198.51.100.7")),
            client(ip("203.0.113.9"), &HeaderMap::new())
        );
    }
}
