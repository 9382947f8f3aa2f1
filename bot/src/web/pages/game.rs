//! A game's page, its pictures and files.

use super::{download, no_store, opened, Failed};
use crate::core::{page_path, Content};
use crate::store::LinkKind;
use crate::web::{html, Web};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use engine::Color;
use std::collections::HashMap;

/// `?ply=12`: a whole number, or nothing.
fn ply_of(query: &HashMap<String, String>) -> Result<Option<u32>, Failed> {
    match query.get("ply").map(|p| p.trim()) {
        None | Some("") => Ok(None),
        Some(text) => text.parse().map(Some).map_err(|_| {
            Failed::Bad(Content::from(format!(
                "'{text}' is not a turn: ?ply= takes a whole number, 0 for the start"
            )))
        }),
    }
}

/// `?side=black`: the side at the bottom of the board, White's unless asked.
fn side_of(query: &HashMap<String, String>) -> Result<Color, Failed> {
    match query
        .get("side")
        .map(|s| s.trim().to_ascii_lowercase())
        .as_deref()
    {
        None | Some("") | Some("white") => Ok(Color::White),
        Some("black") => Ok(Color::Black),
        Some(other) => Err(Failed::Bad(Content::from(format!(
            "'{other}' is not a side: ?side= takes white or black"
        )))),
    }
}

pub(in crate::web) async fn game(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Game).await?;
    let (asked, side) = (ply_of(&query)?, side_of(&query)?);
    // A fog game still played refuses a turn asked for: its board is hidden.
    let (page, ply) = web.core.game_page_at(link, asked).await?;
    let base = page_path(LinkKind::Game, token);
    let title = format!("{} vs {}", page.players[0].name, page.players[1].name);
    // A finished game changes no more: its page opens no stream.
    let events = page.active.then(|| format!("{base}/events"));
    let body = html::game(&page, ply.as_ref(), side, &base);
    Ok((
        no_store(),
        Html(html::page(&title, events.as_deref(), body)),
    )
        .into_response())
}

/// A turn as the page's script shows it when stepping to it: the picture's address and
/// words, the caption, and the panels as HTML.
#[derive(serde::Serialize)]
struct Turn {
    ply: u32,
    played: u32,
    src: String,
    alt: String,
    caption: String,
    panels: String,
}

pub(in crate::web) async fn ply(
    State(web): State<Web>,
    Path((token, ply)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Game).await?;
    let ply: u32 = ply.parse().map_err(|_| Failed::NotFound)?;
    let side = side_of(&query)?;
    let view = web.core.game_ply(link, ply).await?;
    let base = page_path(LinkKind::Game, token);
    let turn = Turn {
        ply,
        played: view.played,
        src: html::board_src(&base, ply, side),
        alt: view.summary.clone(),
        caption: html::caption(ply, view.played),
        panels: html::panels(&view, side).into_string(),
    };
    Ok((no_store(), axum::Json(turn)).into_response())
}

pub(in crate::web) async fn board(
    State(web): State<Web>,
    Path((token, ply)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Game).await?;
    let ply: u32 = ply.parse().map_err(|_| Failed::NotFound)?;
    let side = side_of(&query)?;
    let png = web.boards.board(&web.core, link, ply, side).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            // A turn's board never changes once played (it shows no clock).
            (
                header::CACHE_CONTROL,
                "private, max-age=31536000, immutable",
            ),
        ],
        png.to_vec(),
    )
        .into_response())
}

pub(in crate::web) async fn record(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Game).await?;
    let file = web.core.game_record(link).await?;
    Ok(download(
        &file.name,
        "text/plain; charset=utf-8",
        file.bytes,
    ))
}

pub(in crate::web) async fn replay(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Game).await?;
    let gif = web.core.game_replay(link).await?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/gif"),
            (header::CACHE_CONTROL, "private, no-cache"),
        ],
        gif.to_vec(),
    )
        .into_response())
}
