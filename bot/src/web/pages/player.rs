//! A member's page in a server, and their rating charts.

use super::{no_store, opened, Failed};
use crate::core::{capitalised, page_path};
use crate::family::{Family, FamilyError};
use crate::store::LinkKind;
use crate::web::{html, Web};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use std::collections::HashMap;

/// A member's Discord id as an address writes it: digits only, without a leading zero, so
/// that one member has one address; anything else is no one's page.
fn member_of(text: &str) -> Result<u64, Failed> {
    let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
    if !digits || text.starts_with('0') {
        return Err(Failed::NotFound);
    }
    text.parse().map_err(|_| Failed::NotFound)
}

pub(in crate::web) async fn player(
    State(web): State<Web>,
    Path((token, member)): Path<(String, String)>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Server).await?;
    let member = member_of(&member)?;
    let page = web
        .core
        .player_page(link.guild, member)
        .await?
        .ok_or(Failed::NotFound)?;
    let server = page_path(LinkKind::Server, token);
    let base = format!("{server}/p/{member}");
    let body = html::player(&page, &base, &server);
    Ok((no_store(), Html(html::page(&page.name, None, body))).into_response())
}

/// `?family=csipgs`: a family by name, or the csipgs pool when none is named.
fn family_of(query: &HashMap<String, String>) -> Result<Family, Failed> {
    match query.get("family").map(|f| f.trim()) {
        None | Some("") => Ok(Family::default()),
        Some(name) => name
            .parse()
            .map_err(|e: FamilyError| Failed::Bad(capitalised(&e.to_string()).into())),
    }
}

pub(in crate::web) async fn player_chart(
    State(web): State<Web>,
    Path((token, member)): Path<(String, String)>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Server).await?;
    let member = member_of(&member)?;
    let family = family_of(&query)?;
    let png = web
        .core
        .player_chart(link.guild, member, family)
        .await?
        .ok_or(Failed::NotFound)?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "private, no-cache"),
        ],
        png,
    )
        .into_response())
}
