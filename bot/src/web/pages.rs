//! The handlers: each finds what its token opens (an unknown token, and every page of a
//! server that turned its pages off, is "not found"), asks the core, and writes the page.

use super::html::{self, segment};
use super::Web;
use crate::core::{capitalised, page_path, Content, Core, CoreError, Given, Value};
use crate::store::{Link, LinkKind, Token};
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Redirect, Response};
use engine::Ruleset;
use std::collections::HashMap;

/// How a page failed, as its visitor reads it.
pub(super) enum Failed {
    NotFound,
    Bad(Content),
    Broken(CoreError),
}

impl From<CoreError> for Failed {
    fn from(error: CoreError) -> Failed {
        match error {
            CoreError::Storage(_) | CoreError::Picture(_) => Failed::Broken(error),
            CoreError::NoSuchPly { .. } => Failed::Bad(error.content()),
            _ => Failed::NotFound,
        }
    }
}

impl IntoResponse for Failed {
    fn into_response(self) -> Response {
        match self {
            Failed::NotFound => error_page(
                StatusCode::NOT_FOUND,
                "Not found",
                "There is no page here. A link to a game, tournament or server works only while its server shows its pages (/settings web:true on Discord); check that the whole link was copied.",
            ),
            Failed::Bad(why) => error_page(StatusCode::BAD_REQUEST, "Not a page", why),
            Failed::Broken(error) => {
                tracing::error!(error = %error, "a web page failed");
                error_page(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "Something went wrong",
                    "The bot could not make this page just now. Try again in a moment.",
                )
            }
        }
    }
}

/// A page saying what went wrong, with its status.
pub(super) fn error_page(status: StatusCode, title: &str, text: impl Into<Content>) -> Response {
    (status, no_store(), Html(html::error(title, &text.into()))).into_response()
}

/// Pages behind a token change, and are nobody else's: never kept by a shared cache.
fn no_store() -> [(header::HeaderName, HeaderValue); 1] {
    [(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    )]
}

/// What a token in an address opens, if it is of this kind and its server shows its pages.
pub(super) async fn opened(
    core: &Core,
    token: &str,
    kind: LinkKind,
) -> Result<(Link, Token), Failed> {
    let token: Token = token.parse().map_err(|()| Failed::NotFound)?;
    match core.open_link(token).await? {
        Some(link) if link.kind == kind => Ok((link, token)),
        _ => Err(Failed::NotFound),
    }
}

pub(super) async fn not_found() -> Failed {
    Failed::NotFound
}

pub(super) async fn home() -> Redirect {
    Redirect::to("/price")
}

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

pub(super) async fn game(
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

pub(super) async fn board(
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

pub(super) async fn record(
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

pub(super) async fn replay(
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

/// A file to save, under its name.
fn download(name: &str, kind: &'static str, bytes: Vec<u8>) -> Response {
    // The names are ours (letters, digits, dashes, dots); quotes are dropped all the same.
    let name: String = name.chars().filter(|c| *c != '"' && *c != '\\').collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or(HeaderValue::from_static("attachment"));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static(kind)),
            (header::CONTENT_DISPOSITION, disposition),
            (
                header::CACHE_CONTROL,
                HeaderValue::from_static("private, no-cache"),
            ),
        ],
        bytes,
    )
        .into_response()
}

pub(super) async fn tournament(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, token) = opened(&web.core, &token, LinkKind::Tournament).await?;
    let page = web.core.tournament_page(link).await?;
    let base = page_path(LinkKind::Tournament, token);
    let events = format!("{base}/events");
    let body = maud::html! {
        div #live { (html::tournament(&page)) }
        (html::tournament_links(&page, &base))
    };
    Ok((
        no_store(),
        Html(html::page(&page.name, Some(&events), true, body)),
    )
        .into_response())
}

pub(super) async fn trf(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Tournament).await?;
    let file = web.core.tournament_trf(link).await.map_err(|e| match e {
        CoreError::TournamentState { .. } => Failed::Bad(e.content()),
        e => e.into(),
    })?;
    Ok(download(
        &file.name,
        "text/plain; charset=utf-8",
        file.bytes,
    ))
}

pub(super) async fn server(
    State(web): State<Web>,
    Path(token): Path<String>,
) -> Result<Response, Failed> {
    let (link, _) = opened(&web.core, &token, LinkKind::Server).await?;
    let page = web.core.server_page(link.guild).await?;
    let body = html::server(&page);
    Ok((
        no_store(),
        Html(html::page("This server", None, false, body)),
    )
        .into_response())
}

/// The ruleset the address names, if it names one.
fn ruleset_named(query: &HashMap<String, String>) -> Option<&str> {
    query
        .get("ruleset")
        .map(|r| r.trim())
        .filter(|r| !r.is_empty())
}

/// The ruleset asked for (classic when none is), read as /price's option.
fn ruleset_of(query: &HashMap<String, String>) -> Result<Ruleset, String> {
    let Some(name) = ruleset_named(query) else {
        return Ok(Ruleset::default());
    };
    match crate::core::parse_option("price", "ruleset", Given::Text(name)) {
        Ok(Value::Word(word)) => word.parse().map_err(|e| capitalised(&format!("{e}"))),
        Ok(_) => Ok(Ruleset::default()),
        Err(e) => Err(capitalised(&e.to_string())),
    }
}

/// The calculator; a design typed in its form goes to the design's own address.
pub(super) async fn price_form(Query(query): Query<HashMap<String, String>>) -> Response {
    let typed = query.get("design").map(|d| d.trim()).unwrap_or("");
    let ruleset = ruleset_of(&query);
    if typed.is_empty() {
        let problem = ruleset.as_ref().err().map(|e| Err(e.clone()));
        let body = html::price("", ruleset.unwrap_or_default(), problem);
        return (
            no_store(),
            Html(html::page("Price a design", None, false, body)),
        )
            .into_response();
    }
    let ruleset = ruleset.map(|r| r.name()).unwrap_or("");
    Redirect::to(&format!("/price/{}?ruleset={ruleset}", segment(typed))).into_response()
}

/// A design's price, at an address of its own.
pub(super) async fn price(
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Response {
    let chosen = ruleset_of(&query).unwrap_or_default();
    let result = priced(&design, &query);
    let (status, title) = match &result {
        Ok(page) => (StatusCode::OK, page.design.to_string()),
        Err(_) => (StatusCode::BAD_REQUEST, "Price a design".to_string()),
    };
    let body = html::price(&design, chosen, Some(result.as_ref().map_err(Clone::clone)));
    (
        status,
        no_store(),
        Html(html::page(&title, None, false, body)),
    )
        .into_response()
}

/// A design's price, or what is wrong with it: the address's design and ruleset are read as
/// /price's options, within the same bounds.
fn priced(design: &str, query: &HashMap<String, String>) -> Result<crate::core::PricePage, String> {
    let mut given = vec![("design", Given::Text(design))];
    given.extend(ruleset_named(query).map(|r| ("ruleset", Given::Text(r))));
    Core::price_page(&given).map_err(|e| capitalised(&e.to_string()))
}

/// A design's movement diagram (PNG).
pub(super) async fn diagram(
    State(web): State<Web>,
    Path(design): Path<String>,
    Query(query): Query<HashMap<String, String>>,
) -> Result<Response, Failed> {
    let page = priced(&design, &query).map_err(|why| Failed::Bad(why.into()))?;
    let png = web
        .core
        .painters()
        .encode(crate::core::Picture::Design {
            design: page.design,
            price: Box::new(page.price),
        })
        .await
        .map_err(|e| Failed::Broken(CoreError::Picture(e)))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, "public, max-age=86400"),
        ],
        png,
    )
        .into_response())
}
