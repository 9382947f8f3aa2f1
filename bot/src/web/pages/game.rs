//! A game's page, its pictures and files.

use super::{download, no_store, opened, Failed};
use crate::core::{page_path, Content};
use crate::store::LinkKind;
use crate::web::{html, Web};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
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

pub(in crate::web) async fn game(
    State(web): State<Web>,
    Path(token): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Game).await?;
    let ply = ply_of(&query)?;
    let page = web.core.game_page(link, ply).await?;
    let base = page_path(LinkKind::Game, token);
    let title = format!("{} vs {}", page.players[0].name, page.players[1].name);
    let following = ply.is_none_or(|p| p == page.played);
    let events = format!("{base}/events");
    let body = html::game(&page, &base);
    let live = maud::html! { div #live { (body) } };
    Ok((
        no_store(),
        Html(html::page(&title, Some(&events), following, live)),
    )
        .into_response())
}

pub(in crate::web) async fn board(
    State(web): State<Web>,
    Path((token, ply)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Game).await?;
    let ply: u32 = ply.parse().map_err(|_| Failed::NotFound)?;
    // The version names the last ply's picture at one moment of the game; earlier plies
    // never change.
    let version = query.get("v").and_then(|v| v.parse().ok());
    let png = web
        .boards
        .board(&web.core, link, ply, version.unwrap_or(0))
        .await?;
    let cache = match version {
        Some(_) => "private, max-age=60",
        None => "private, max-age=31536000, immutable",
    };
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, cache),
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
