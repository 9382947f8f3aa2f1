//! The player's board inside Discord, as an Activity: `/activity` is the page Discord's
//! client frames (through its proxy, `<application id>.discordsays.com`, mapped to
//! `public_url`). Its script signs the member in through Discord's Embedded App SDK: the
//! client gives it a code, which our server exchanges (the client secret never leaves us),
//! then answers with Discord's access token, for the SDK's `authenticate`, and a session of
//! ours, which the page holds in memory and sends as `Authorization: Bearer` (a frame inside
//! Discord has no cookies it can count on). The page then opens the game played in the
//! channel it was launched from, or lists the member's games, and plays it through the same
//! `/g/<token>/play` as the browser.
//!
//! Only this page may be framed, and only by Discord's client; every other keeps
//! `frame-ancestors 'none'`.

use super::pages::Failed;
use super::signin::{new_session, session_of, signin_of};
use super::{html, Web};
use crate::store::Channel;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// An Activity's session lasts as long as a member might keep its frame open.
const ACTIVITY_SESSION_SECONDS: i64 = 12 * 3600;

/// The longest code the page may send: Discord's are some thirty characters.
const CODE_CHARS: usize = 200;

/// `/activity`: the page inside Discord's frame.
pub(super) async fn page(State(web): State<Web>) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let body = html::activity(signin.client_id(), signin.public_url());
    // Framed by Discord's client alone; the board picture arrives as a blob (it is fetched
    // with the session, which an <img> can't send).
    let csp = super::CSP
        .replace("img-src 'self'", "img-src 'self' blob:")
        .replace(
            "frame-ancestors 'none'",
            &format!("frame-ancestors {}", signin.client_origins()),
        );
    let mut response = (super::pages::no_store(), Html(body)).into_response();
    if let Ok(csp) = HeaderValue::from_str(&csp) {
        response
            .headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    Ok(response)
}

/// What the page sends to sign in: the code Discord's client gave it.
#[derive(Deserialize)]
struct Code {
    code: String,
}

/// What the page is answered.
#[derive(Serialize)]
struct Granted {
    /// Discord's, for the SDK's `authenticate`.
    access_token: String,
    /// Ours, for `Authorization: Bearer`.
    session: String,
    /// Who signed in, as the page greets them.
    name: String,
}

/// An answer the page reads: JSON, never kept by a cache.
fn json(status: StatusCode, value: &impl Serialize) -> Response {
    let body = serde_json::to_string(value).unwrap_or_else(|_| "{}".into());
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

/// Why the page's request did nothing, in words it shows.
fn refused(status: StatusCode, why: &str) -> Response {
    json(status, &serde_json::json!({ "error": why }))
}

/// `POST /activity/token` with `{"code": ...}`: exchange it, open a session.
pub(super) async fn token(State(web): State<Web>, body: Bytes) -> Result<Response, Failed> {
    let signin = signin_of(&web)?;
    let Ok(Code { code }) = serde_json::from_slice::<Code>(&body) else {
        return Ok(refused(
            StatusCode::BAD_REQUEST,
            "The board sent no sign-in code: close it and open it again from Discord.",
        ));
    };
    let well_formed = !code.is_empty()
        && code.len() <= CODE_CHARS
        && code
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b));
    if !well_formed {
        return Ok(refused(
            StatusCode::BAD_REQUEST,
            "That is not a sign-in code from Discord: close the board and open it again from Discord.",
        ));
    }
    let (member, access_token) = match signin.member(&code, None).await {
        Ok(signed) => signed,
        Err(e) => {
            tracing::warn!(error = %e, "an Activity's sign-in with Discord failed");
            return Ok(refused(
                StatusCode::BAD_GATEWAY,
                &format!("{e}. Close the board and open it again."),
            ));
        }
    };
    let session = new_session(&web, &member, ACTIVITY_SESSION_SECONDS).await?;
    Ok(json(
        StatusCode::OK,
        &Granted {
            access_token,
            session: session.to_string(),
            name: member.name,
        },
    ))
}

/// `GET /activity/games?guild=<id>&channel=<id>` (with the session): the member's games
/// still played, the one in that channel first, or that channel's game to watch.
pub(super) async fn games(
    State(web): State<Web>,
    headers: HeaderMap,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    signin_of(&web)?;
    let id = |name: &str| match query.get(name).map(|v| v.trim()) {
        None | Some("") => Ok(None),
        Some(id) => id.parse::<u64>().map(Some).map_err(|_| name.to_string()),
    };
    let (guild, channel) = match (id("guild"), id("channel")) {
        (Ok(guild), Ok(channel)) => (guild, channel),
        (Err(name), _) | (_, Err(name)) => {
            return Ok(refused(
                StatusCode::BAD_REQUEST,
                &format!("{name} is a Discord id (digits only)."),
            ))
        }
    };
    let Some((_, session)) = session_of(&web, &headers).await? else {
        return Err(Failed::SignedOut);
    };
    let place = guild
        .zip(channel)
        .map(|(guild, channel)| Channel { guild, channel });
    let games = web
        .core
        .activity_games(session.member, place)
        .await
        .map_err(Failed::Broken)?;
    Ok(json(StatusCode::OK, &games))
}
